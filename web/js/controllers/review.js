// The review screen as the page runs it: the game in progress, or another
// game's record (the statistics' `dozito:review` event, a game link), stepped
// through in the engine (review.js) without changing the game being played;
// every player's decisions judged and the game's account asked in the
// background (one request at a time, cancellable, cached), at the player's
// word or, for a game link's, as it opens. Not always at once: a round's luck
// is one request of seconds, which a close or a jump would wait for.
//
//   const review = new ReviewController(app); // uses app.el, games, screens, scheduler, setup, table
//   scheduler.enqueue(() => review.open());            // the game in progress
//   scheduler.enqueue(() => review.open({ text }));    // another game's record
//   scheduler.enqueue(() => review.open({ text, judge: true })); // judged as it opens
//   review.keepForReload(); review.resumeKept();       // a language switch reloads at the same step
import { t } from "../i18n.js";
import { Review, keepForReload, takeKept } from "../review.js";
import { PACE } from "../scheduler.js";
import { Session, loadRequest } from "../session.js";
import { hideCoach } from "../ui/coach.js";
import { showNotice } from "../ui/dialogs.js";
import { fill, patch } from "../ui/dom.js";
import { eventText } from "../ui/log.js";
import { ReviewView, stepBoard } from "../ui/review.js";

/** The seat whose chance to win the chart shows first: the first human's, else the first seat. */
const firstHuman = (seats) =>
  Math.max(
    0,
    seats.findIndex((seat) => seat.kind === "human"),
  );

export class ReviewController {
  constructor(app) {
    this.app = app;
    this.current = null; // the open review: {model, view, game, text, back, hadGame, timer, shown, wanted, jumping, progress}
    this.keys = (event) => this.onKey(event);
    // The board fills what the stepper leaves of the main area: a step and its verdict are seen together.
    this.sizes = new ResizeObserver(() => this.fitBoard());
  }

  /**
   * Open the review of the game in progress (text null) or of another game's
   * record, at `step`; judge: start judging it at once. The engine's step op
   * never changes its game; another record is loaded in its place and the
   * game in progress loaded back on close.
   */
  async open({ text = null, step = 0, seat = null, judge = false } = {}) {
    const { games, screens, el } = this.app;
    if (this.current || !games.writer.held) return;
    const session = games.session;
    const hadGame = screens.name === "game";
    let game = session;
    let back = null;
    try {
      if (text !== null) {
        // The engine's game comes back on close, the setup's "Back to the game" one too.
        back = session.view !== null ? await session.toSave() : null;
        game = new Session(session.engine);
        await game.load({ text, scoringSeen: true });
      }
      const model = new Review(session.engine, await game.record());
      const info = await model.start(game.seats.length);
      const log = game.log;
      const view = new ReviewView({
        names: game.view.names,
        steps: info.steps,
        log,
        logSteps: log.map((entry) => entry.step), // the engine's step of each entry
        seat: seat ?? firstHuman(game.seats),
        on: {
          jump: (to) => this.jumpTo(to, { reveal: true }),
          move: (by) => this.jumpTo(this.current.wanted + by, { reveal: true }),
          play: () => this.togglePlay(),
          judge: () => this.judge(),
          cancel: () => this.current.model.cancel(),
          close: () => this.app.scheduler.enqueue(() => this.close()),
        },
      });
      this.current = { model, view, game, text, back, hadGame, timer: null, shown: -1, wanted: 0, jumping: false, progress: null };
    } catch (error) {
      showNotice(el.notice, t("review.failed", { message: error.message }));
      if (back) await session.engine.request(loadRequest(back)).catch(() => {});
      return;
    }
    const { view, model } = this.current;
    screens.show("review", { covered: el.board.hidden });
    hideCoach(el.coach);
    fill(el.screen, view.root);
    this.sizes.observe(view.stepper);
    this.sizes.observe(el.main);
    view.setReview(this.data());
    document.addEventListener("keydown", this.keys);
    await this.jumpTo(step);
    // The review opens at its top, the game's story; reopened after a reload, at its step as it was.
    view.root.querySelector("[data-testid=step-next]").focus({ preventScroll: true });
    if (step > 0) this.reveal();
    if (judge && !model.judged) this.judge();
  }

  /** What the view shows of the game's judging. */
  data(review = this.current) {
    const { model } = review;
    return { info: model.info, deciders: model.deciders, judgements: model.judgements, account: model.account, roundsDone: model.info.round_ends.length };
  }

  /**
   * Show the table after `step` actions; jumps asked meanwhile collapse into
   * the latest. reveal: a jump the player asked for brings the stepper and
   * the board into view.
   */
  async jumpTo(step, { reveal = false } = {}) {
    const review = this.current;
    if (!review) return;
    const { el, screens } = this.app;
    review.wanted = Math.max(0, Math.min(review.model.info.steps, step));
    if (reveal) this.reveal();
    if (review.jumping) return;
    review.jumping = true;
    try {
      while (this.current === review && review.shown !== review.wanted) {
        const { view, step: shown, events } = await review.model.at(review.wanted);
        if (this.current !== review) return;
        // The first draw replaces the game's board (and its listeners, which a
        // patch would keep); the next ones patch it, so a jump redraws what changed.
        (review.shown < 0 ? fill : patch)(el.board, stepBoard({ view, seats: review.game.seats }));
        if (review.shown < 0) requestAnimationFrame(() => this.fitBoard()); // the board shows now
        review.shown = shown;
        screens.show("review", { covered: false });
        review.view.show(shown, view);
        const words = events.map((event) => eventText(event, view.names)).filter(Boolean);
        el.announcer.textContent = [t("review.stepOf", { step: shown, steps: review.model.info.steps }), ...words].join(" ");
      }
    } catch (error) {
      showNotice(el.notice, t("review.failed", { message: error.message }));
    } finally {
      review.jumping = false;
    }
    if (this.current === review && review.shown >= review.model.info.steps) this.stopPlay();
  }

  /** The board's height: what the main area leaves under the stepper, once scrolled to it (never under 240 px). */
  fitBoard() {
    const { main, board } = this.app.el;
    const stepper = this.current?.view.stepper;
    if (!stepper || board.hidden) return;
    const above = board.getBoundingClientRect().top - stepper.getBoundingClientRect().top;
    const height = main.clientHeight - above - parseFloat(getComputedStyle(main).paddingBottom);
    board.style.setProperty("--review-board-h", `${Math.max(240, Math.floor(height))}px`);
  }

  /** Scroll the main area so that the stepper is at its top, unless it and the board are in view already. */
  reveal() {
    const { main, board } = this.app.el;
    const stepper = this.current?.view.stepper;
    if (!stepper || board.hidden) return;
    const area = main.getBoundingClientRect();
    const top = stepper.getBoundingClientRect().top;
    if (top < area.top || board.getBoundingClientRect().bottom > area.bottom + 1) main.scrollTop += top - area.top;
  }

  onKey(event) {
    const review = this.current;
    if (!review || event.altKey || event.ctrlKey || event.metaKey || event.target.closest("select, input, textarea, dialog")) return;
    const moves = { ArrowLeft: review.wanted - 1, ArrowRight: review.wanted + 1, Home: 0, End: review.model.info.steps };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.jumpTo(moves[event.key], { reveal: true });
  }

  /** Play/pause: one step per bot pause of the chosen speed (never quicker than the eye follows). */
  togglePlay() {
    const review = this.current;
    if (review.timer) return this.stopPlay();
    if (review.shown >= review.model.info.steps) this.jumpTo(0);
    review.timer = setInterval(() => this.jumpTo(review.wanted + 1), Math.max(250, PACE[this.app.scheduler.speed].decision));
    review.view.setPlaying(true);
  }

  stopPlay() {
    const review = this.current;
    if (!review?.timer) return;
    clearInterval(review.timer);
    review.timer = null;
    review.view.setPlaying(false);
  }

  /** Judge every player's decisions and measure the luck in the background, with progress and Cancel; then the account. */
  async judge() {
    const review = this.current;
    if (!review || review.progress) return;
    const { model, view, game } = review;
    const rounds = Math.min(game.view.round, game.view.rounds);
    const decisions = model.decisions.length;
    const progress = ({ done, total, round }) => {
      if (this.current !== review) return;
      review.progress = { done, total, round, decisions, rounds };
      view.setReview(this.data(review), review.progress);
    };
    progress({ done: 0, total: decisions + rounds, round: decisions === 0 && rounds > 0 ? 1 : null });
    try {
      await model.analyse(rounds, progress);
    } catch (error) {
      if (this.current === review) showNotice(this.app.el.notice, t("review.failed", { message: error.message }));
    } finally {
      review.progress = null;
      if (this.current === review) view.setReview(this.data(review));
    }
  }

  /** Before a reload (a language switch): what brings this review back at its step. */
  keepForReload() {
    const review = this.current;
    if (!review) return;
    keepForReload({ step: review.wanted, seat: Number(review.view.seatSelect.value), text: review.text });
  }

  /** After a reload: reopen the review kept by keepForReload, once the game it was over is open. */
  resumeKept() {
    const kept = takeKept();
    if (!kept) return;
    // The game in progress it was of must have come back with the reload.
    this.app.scheduler.enqueue(() => (kept.text !== null || this.app.games.session?.view) && this.open(kept));
  }

  /** Stop everything the review runs (playing, judging, its keys), if one is open. */
  end() {
    if (!this.current) return;
    this.stopPlay();
    this.current.model.cancel();
    this.current.view.close();
    this.sizes.disconnect();
    this.app.el.board.style.removeProperty("--review-board-h");
    document.removeEventListener("keydown", this.keys);
    this.current = null;
  }

  /** Close the review: the game in progress comes back exactly as it was. */
  async close() {
    if (!this.current) return;
    const { games, setup, screens, table, scheduler } = this.app;
    const { back, hadGame } = this.current;
    this.end();
    if (back) {
      try {
        await games.session.engine.request(loadRequest(back));
      } catch (error) {
        games.failed(error, { bot: false });
      }
    }
    if (!hadGame) return setup.show();
    screens.name = "game";
    table.render({ focusMain: true });
    scheduler.pump();
  }
}
