// The review screen as the page runs it: the game in progress, or another
// game's record (the statistics' `dozito:review` event), stepped through in
// the engine (review.js) without changing the game being played; the
// judgements of a seat's decisions, one request at a time, cancellable.
//
//   const review = new ReviewController(app); // uses app.el, games, screens, scheduler, setup, table
//   scheduler.enqueue(() => review.open());            // the game in progress
//   scheduler.enqueue(() => review.open({ text }));    // another game's record
import { t } from "../i18n.js";
import { Review } from "../review.js";
import { PACE } from "../scheduler.js";
import { Session, loadRequest } from "../session.js";
import { hideCoach } from "../ui/coach.js";
import { showNotice } from "../ui/dialogs.js";
import { fill, patch } from "../ui/dom.js";
import { eventText } from "../ui/log.js";
import { ReviewView, stepBoard } from "../ui/review.js";

/** The seat a review judges first: the first human's, else the first seat. */
const firstHuman = (seats) =>
  Math.max(
    0,
    seats.findIndex((seat) => seat.kind === "human"),
  );

export class ReviewController {
  constructor(app) {
    this.app = app;
    this.current = null; // the open review: {model, view, game, back, hadGame, timer, shown, wanted, jumping}
    this.keys = (event) => this.onKey(event);
  }

  /**
   * Open the review of the game in progress (text null) or of another game's
   * record. The engine's step op never changes its game; another record is
   * loaded in its place and the game in progress is loaded back on close.
   */
  async open({ text = null } = {}) {
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
      const seat = firstHuman(game.seats);
      const info = await model.start(seat);
      const log = game.log;
      const view = new ReviewView({
        names: game.view.names,
        steps: info.steps,
        log,
        logSteps: log.map((entry) => entry.step), // the engine's step of each entry
        seat,
        on: {
          jump: (to) => this.jumpTo(to),
          move: (by) => this.jumpTo(this.current.wanted + by),
          play: () => this.togglePlay(),
          judge: (judged) => this.judgeSeat(judged),
          cancel: () => this.current.model.cancel(),
          close: () => this.app.scheduler.enqueue(() => this.close()),
        },
      });
      this.current = { model, view, game, back, hadGame, timer: null, shown: -1, wanted: 0, jumping: false };
    } catch (error) {
      showNotice(el.notice, t("review.failed", { message: error.message }));
      if (back) await session.engine.request(loadRequest(back)).catch(() => {});
      return;
    }
    const { view, model } = this.current;
    screens.show("review", { covered: el.board.hidden });
    hideCoach(el.coach);
    fill(el.screen, view.root);
    view.setReview(model.info, model.judgements, model.summary);
    document.addEventListener("keydown", this.keys);
    await this.jumpTo(0);
    view.root.querySelector("[data-testid=step-next]").focus();
  }

  /** Show the table after `step` actions; jumps asked meanwhile collapse into the latest. */
  async jumpTo(step) {
    const review = this.current;
    if (!review) return;
    const { el, screens } = this.app;
    review.wanted = Math.max(0, Math.min(review.model.info.steps, step));
    if (review.jumping) return;
    review.jumping = true;
    try {
      while (this.current === review && review.shown !== review.wanted) {
        const { view, step: shown, events } = await review.model.at(review.wanted);
        if (this.current !== review) return;
        // The first draw replaces the game's board (and its listeners, which a
        // patch would keep); the next ones patch it, so a jump redraws what changed.
        (review.shown < 0 ? fill : patch)(el.board, stepBoard({ view, seats: review.game.seats }));
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

  onKey(event) {
    const review = this.current;
    if (!review || event.altKey || event.ctrlKey || event.metaKey || event.target.closest("select, input, textarea, dialog")) return;
    const moves = { ArrowLeft: review.wanted - 1, ArrowRight: review.wanted + 1, Home: 0, End: review.model.info.steps };
    if (!(event.key in moves)) return;
    event.preventDefault();
    this.jumpTo(moves[event.key]);
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

  /** Judge a seat's decisions in the background, one request at a time, with a progress bar and Cancel. */
  async judgeSeat(seat) {
    const { model, view } = this.current;
    try {
      if (seat !== model.info.seat) await model.start(seat);
      view.setReview(model.info, model.judgements, model.summary);
      view.setProgress(model.judgements.size, model.info.decisions.length, true);
      await model.analyse((done, total) => {
        view.setProgress(done, total, true);
        view.setReview(model.info, model.judgements, null);
      });
      view.setReview(model.info, model.judgements, model.summary);
    } catch (error) {
      showNotice(this.app.el.notice, t("review.failed", { message: error.message }));
    } finally {
      view.setProgress(model.judgements.size, model.info.decisions.length, false);
    }
  }

  /** Stop everything the review runs (playing, judging, its keys), if one is open. */
  end() {
    if (!this.current) return;
    this.stopPlay();
    this.current.model.cancel();
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
