// The table being played: a click or a bot's turn becomes one engine action
// (a scheduler task), then the redraw, the announcement, the sound and the
// card flights; the bots' pace, a finished turn's recap held on the stage,
// and the hot-seat hand-over. What the redraw shows is table-view.js's.
//
//   const table = new TableController(app); // uses app.el, games, screens, scheduler, aids, sound, tutorial
//   table.render({ focusMain: true });
//   scheduler.enqueue(() => table.step(() => session.act("place:5")));
import { animateEvents, measure, skipAnimations } from "../animate.js";
import { t } from "../i18n.js";
import { soundFor } from "../sound.js";
import { turnEnded } from "../turns.js";
import { LogView, eventText } from "../ui/log.js";
import { readPrefs } from "../save.js";
import { animationScale } from "./settings.js";
import { drawTable } from "./table-view.js";

export class TableController {
  constructor(app) {
    this.app = app;
    this.busy = false; // an engine request is in flight
    this.logView = new LogView(app.el.log);
    this.recapOpen = false; // the stage's list of the turns since the player's own last one is shown
    this.reset();
    app.el.board.addEventListener("click", (event) => this.onBoardClick(event));
  }

  get session() {
    return this.app.games.session;
  }

  /** What the latest turns changed, for the marks and the recap (turns.js, the session's). */
  get turns() {
    return this.app.games.turns;
  }

  /** A new, resumed or imported game: no turn seen yet. */
  reset() {
    this.holding = null; // the seat whose finished turn the stage still shows (its recap held)
    this.handingOver = null; // the human seat a hot-seat table waits for, behind the hand-over screen
    this.lastHuman = null; // the human seat that acted last: another human to play next gets a hand-over
  }

  /** A bot may play now: the game shows, this tab writes, a bot is to play and no hand-over waits. */
  botTurn() {
    return this.app.screens.name === "game" && this.app.games.writer.held && this.session.botToPlay && this.handingOver === null;
  }

  playBot() {
    return this.step(() => this.session.bot(), { bot: true });
  }

  /**
   * How long a bot thinks before its next action: a full pause only for a real
   * choice (where to place, or whether to), a short one for a forced move, a
   * chain's obvious step, or a turn's start right after a human's held recap.
   */
  botPause() {
    const { hand, legal_actions: legal, targets } = this.session.view;
    const last = this.turns.last;
    if (!hand) return last && this.session.seats[last.seat].kind === "human" ? "short" : "decision";
    return targets.can_place && legal.length > 1 ? "decision" : "short";
  }

  /** One engine action (a human's or a bot's): request it, redraw, announce, animate. */
  async step(request, { bot = false } = {}) {
    const { scheduler, games, el } = this.app;
    const session = this.session;
    const rushing = scheduler.rushing(bot);
    const actor = session.view.current;
    this.busy = true;
    this.app.aids.forget();
    this.disableActions();
    const before = rushing ? null : measure(el.board);
    let events;
    try {
      events = await request();
    } catch (error) {
      games.failed(error, { bot });
      return;
    } finally {
      this.busy = false;
    }
    const ended = turnEnded(events);
    if (!bot) this.lastHuman = actor;
    const next = session.phase === "turn" ? session.view.current : null;
    // Nothing is hidden at this table: a hot seat hands over only when the players asked for it (settings).
    const handOver = readPrefs().handOver === true;
    if (handOver && ended && session.humanToPlay && this.lastHuman !== null && next !== this.lastHuman) this.handingOver = next;
    // A human's finished turn stays on the stage a moment (a bot's stays marked on its small grid, and in the recap line).
    const hold = ended && !bot && next !== null && next !== actor && this.handingOver === null && scheduler.holdMs;
    this.holding = hold ? actor : null;
    if (!rushing) this.app.sound.play(soundFor(events));
    this.announce(events);
    // A rushed bot move is saved with the next redraw: on resume the bots
    // replay it (their random streams are seeded by the game), so none is lost.
    if (rushing && session.botToPlay && scheduler.redrawnLately()) return;
    await games.save();
    this.render({ events, focusMain: this.handingOver !== null });
    if (before && this.handingOver === null) await animateEvents(events, before, el.board, scheduler.flightMs * animationScale());
    if (this.holding !== null) {
      await scheduler.hold(); // the next human's click, or "skip", ends it at once
      this.holding = null;
      this.render();
    }
  }

  /** A click on a legal target: one click, one action, queued behind any flight. */
  onAction(action) {
    if (this.busy || !this.session.humanToPlay) return;
    this.app.tutorial.played(action);
    this.disableActions();
    skipAnimations();
    this.app.scheduler.enqueue(() => this.step(() => this.session.act(action)));
  }

  /**
   * One listener for every target on the table, which is patched in place
   * across redraws (dom.js): a target plays what its data-action says as it
   * is clicked, and one that has none plays nothing.
   */
  onBoardClick(event) {
    const toggle = event.target.closest?.("[data-toggle]");
    if (toggle?.dataset.toggle === "recap") {
      this.recapOpen = !this.recapOpen;
      return this.render();
    }
    if (toggle?.dataset.toggle === "log") return this.showLog();
    const target = event.target.closest?.("[data-action]");
    if (target && this.app.el.board.contains(target) && !target.disabled) this.onAction(target.dataset.action);
  }

  /** The game log, brought into view and focused (it scrolls by keyboard). */
  showLog() {
    const { log } = this.app.el;
    log.scrollIntoView({ block: "nearest" });
    log.focus({ preventScroll: true });
  }

  /**
   * The seat the recap tells "since your last turn" to: the human to play,
   * else the human who played last, else the first human; null at a table of bots.
   */
  tellSeat() {
    const { view, seats, humanToPlay } = this.session;
    if (humanToPlay) return view.current;
    if (this.lastHuman !== null) return this.lastHuman;
    const first = seats.findIndex((seat) => seat.kind === "human");
    return first < 0 ? null : first;
  }

  /** Take every action off the table at once, so a second click cannot slip in. */
  disableActions() {
    const { board } = this.app.el;
    for (const target of board.querySelectorAll("[data-action]")) {
      target.removeAttribute("data-action");
      target.removeAttribute("data-coach"); // the coach points only at what plays
      target.disabled = true;
    }
    for (const target of board.querySelectorAll("[data-hint]")) target.removeAttribute("data-hint");
    this.app.aids.disable();
  }

  /** The players leave a round's scores: the next round starts. */
  onContinue = () => {
    if (!this.session.pending) return;
    this.session.continueRound();
    this.lastHuman = null; // everyone saw the scores together: the next round starts without a hand-over
    this.render({ focusMain: true });
    this.app.scheduler.enqueue(() => this.app.games.save());
  };

  /** The next hot-seat player is at the table: show it to them. */
  onHandedOver = () => {
    if (this.handingOver === null) return;
    this.handingOver = null;
    this.render({ focusMain: true });
  };

  /** Tell screen readers what the events did, and whose turn begins. */
  announce(events) {
    const { view } = this.session;
    const lines = this.shownEvents(events)
      .map((event) => eventText(event, view.names))
      .filter(Boolean);
    const turnBegins = !events.length || events.some((event) => event.type === "discard");
    if (this.session.humanToPlay && turnBegins) {
      lines.push(t("status.yourTurn", { who: view.names[view.current] }));
      if (view.ender !== null) lines.push(t("status.yourLastTurn", { who: view.names[view.ender] }));
    }
    if (lines.length) this.app.el.announcer.textContent = lines.join(" ");
  }

  /** The events that may be told now: the winner waits until the game-over screen shows, after the last round's scores. */
  shownEvents(events) {
    if (!this.session.pending) return events;
    const end = events.findIndex((event) => event.type === "game_over");
    return end < 0 ? events : events.slice(0, end);
  }

  /**
   * Redraw the game. events: those of the action just played (for the status
   * line); focusMain: move focus to the new view's main control (a phase changed).
   */
  render({ events = [], focusMain = false } = {}) {
    if (this.app.screens.name !== "game" || !this.app.games.writer.held) return;
    this.app.scheduler.redrawn();
    drawTable(this, { events, focusMain });
    this.app.tutorial.coachNow();
    this.renderBotBar();
  }

  /** The bot bar shows while a bot plays at a speed that pauses. */
  renderBotBar() {
    const { screens, scheduler } = this.app;
    const show = screens.name === "game" && this.session.botToPlay && scheduler.speed !== "instant";
    screens.showBotBar(show, { skipDisabled: scheduler.fastForward });
  }
}
