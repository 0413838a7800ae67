// The player aids as the table runs them: the hint asked of the expert for
// the seat to play (marked until any action is played) and undo. The bar
// itself is a view (ui/aids.js).
//
//   const aids = new AidsController(app); // uses app.el, games, table, scheduler
//   aids.render(); aids.forget(); aids.disable(); aids.clear();
import { t } from "../i18n.js";
import { aidsBar, hintText } from "../ui/aids.js";
import { fill } from "../ui/dom.js";
import { placeBubble } from "../ui/place-bubble.js";

// What the hint's bubble never covers: every player's name (the seats, the
// stage's title, the score table, the status, the recap and the last-turn chip).
const NAMES = ".seat__name, .stage__title, .scores__name, .status__main, [data-testid=recap], [data-testid=last-turn]";

export class AidsController {
  constructor(app) {
    this.app = app;
    this.hint = null; // the hint for the view on the table: {action, text}, "thinking" while asked, null
    // The names move with the window's size and the main area's scroll: the bubble follows.
    const place = () => requestAnimationFrame(() => this.placeHint());
    addEventListener("resize", place);
    app.el.main.addEventListener("scroll", place, { passive: true });
  }

  get session() {
    return this.app.games.session;
  }

  hintAllowed() {
    return this.session.allow.hints && this.session.humanToPlay && !this.app.table.busy;
  }

  undoAllowed() {
    return this.session.allow.undo && this.session.view.undoable && this.session.humanToPlay && !this.app.table.busy;
  }

  /** Any action, an undo too, makes the hint stale. */
  forget() {
    this.hint = null;
  }

  /** Ask the expert for the seat to play; the suggestion is marked until any action is played. */
  onHint = (event) => {
    if (!this.hintAllowed() || this.hint === "thinking") return;
    event.currentTarget.disabled = true;
    this.hint = "thinking";
    this.showHint(); // in place: a whole redraw of the table would cost the main thread more than the hint
    this.app.scheduler.enqueue(async () => {
      if (this.hint !== "thinking") return; // an action was played first: its view needs a hint of its own
      const view = this.session.view;
      try {
        const { action, reason } = await this.session.hint();
        this.hint = { action, text: hintText(reason, action, view) };
      } catch (error) {
        this.hint = { action: null, text: t("aid.hintFailed", { message: error.message }) };
      }
      if (this.session.view !== view) return; // the game moved on meanwhile
      this.showHint();
      // The button, disabled while the expert thought, dropped the focus to <body>: the suggested move takes it.
      const { board, aids } = this.app.el;
      if (document.activeElement === document.body) (board.querySelector("[data-hint]") ?? aids.querySelector("[data-testid=hint]"))?.focus();
      await this.app.games.save(); // the record notes the hint
    });
  };

  onUndo = (event) => {
    if (!this.undoAllowed()) return;
    event.currentTarget.disabled = true;
    this.app.table.disableActions();
    this.app.scheduler.enqueue(() => this.app.table.step(() => this.session.undo()));
  };

  /**
   * The aids bar beside the status (its cell is kept, so it never moves the
   * table), and the hinted target marked (exactly one element). The bar is
   * made once per set of allowed aids and then only updated, so a keyboard
   * user's focus stays on Undo or Hint across the redraw an action causes.
   */
  render() {
    const { aids } = this.app.el;
    const { allow } = this.session;
    const kinds = `${allow.hints}:${allow.undo}`;
    if (aids.dataset.kinds !== kinds) {
      aids.dataset.kinds = kinds;
      fill(aids, aidsBar({ hint: allow.hints || null, undo: allow.undo || null, onHint: this.onHint, onUndo: this.onUndo }) ?? "");
    }
    const undo = aids.querySelector("[data-testid=undo]");
    if (undo) undo.disabled = !this.undoAllowed();
    this.showHint();
  }

  /** Off the table: no aids (a hand-over, a round's scoring, setup, the review, another tab's game). */
  clear() {
    delete this.app.el.aids.dataset.kinds;
    fill(this.app.el.aids);
  }

  /** No aid may be asked while an action is on its way. */
  disable() {
    for (const button of this.app.el.aids.querySelectorAll("button")) button.disabled = true;
  }

  /** The hint as it stands: its line, the button, the one target marked. */
  showHint() {
    const { aids, board } = this.app.el;
    const text = aids.querySelector("[data-testid=hint-text]");
    if (!text) return;
    const thinking = this.hint === "thinking";
    text.textContent = thinking ? t("aid.thinking") : (this.hint?.text ?? "");
    const button = aids.querySelector("[data-testid=hint]"); // none where the game allows no hints
    if (button) button.disabled = thinking || !this.hintAllowed();
    const target = this.hint?.action && board.querySelector(`[data-action="${this.hint.action}"]`);
    if (target) target.dataset.hint = "true";
    this.placeHint();
  }

  /** Put the hint's bubble under its button, or lower, where it covers no name and not the suggested move. */
  placeHint() {
    const { aids, board } = this.app.el;
    const bubble = aids.querySelector("[data-testid=hint-text]");
    if (!bubble?.textContent) return;
    const boxes = (els) => [...els].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
    Object.assign(bubble.style, { left: "0px", top: "0px" }); // measured with the whole window's width to wrap in
    const size = bubble.getBoundingClientRect();
    const anchor = aids.getBoundingClientRect();
    const obstacles = boxes([...document.querySelectorAll(NAMES), ...board.querySelectorAll("[data-hint]")]);
    const area = { left: 8, top: 0, right: innerWidth - 8, bottom: innerHeight - 8 };
    const place = placeBubble({ anchor, size, obstacles, area }) ?? { left: Math.max(8, anchor.right - size.width), top: anchor.bottom + 8 };
    Object.assign(bubble.style, { left: `${place.left}px`, top: `${place.top}px` });
  }
}
