// The game's lifecycle: which game the engine plays (new, resumed, imported,
// the address's), its save after every action, its export, its count in the
// statistics once it ends; the engine's errors; and the one writer per game
// (another tab that takes the game covers this one until "Play here").
//
//   const games = new Games(app); // uses app.el, screens, scheduler, table, setup, tutorial, review, stats, links
//   scheduler.enqueue(() => games.attach(start.engine)); // first: until the engine is up there is no session
//   games.open(query);             // the address's game, else the saved one, else the setup (at once)
import { t } from "../i18n.js";
import { rules } from "../rules.js";
import { hasSavedGame, keepGame, readGame, readKeptGame, setAsideGame, storeGame } from "../save.js";
import { Session } from "../session.js";
import { claimWriter } from "../single-writer.js";
import { Turns } from "../turns.js";
import { downloadRecord, readGameFile } from "../transfer.js";
import { forgetGameQuery, gameFromQuery, linkFromAddress } from "../url.js";
import { hideNotice, showNotice } from "../ui/dialogs.js";
import { fill } from "../ui/dom.js";
import { otherTab } from "../ui/other-tab.js";
import { seatNames } from "../ui/setup.js";
import { renderStatus } from "../ui/status.js";

const randomSeed = () => crypto.getRandomValues(new Uint32Array(1))[0];

/**
 * The game the address asks for, with names filled in as the setup form
 * would. Seat 0 starts unless first= says otherwise (the engine's default),
 * so that an address always gives the same game.
 */
function queryGame(query) {
  const named = query.seats.map((seat, i) => ({ kind: seat.kind === "human" ? "human" : seat.level, name: query.names[i] ?? "" }));
  return { ...query, names: seatNames(named), firstPlayer: query.firstPlayer ?? 0 };
}

export class Games {
  constructor(app) {
    this.app = app;
    this.session = null; // the game the engine plays (session.js), once the engine is up
    this.writer = { held: true }; // this tab may save and play (single-writer.js)
    this.unsaved = false; // the last save failed, and the player was told
    this.importedOver = false; // the game was imported already over: played elsewhere, not counted as played here
  }

  /**
   * The scheduler's first task (main.js), so that every engine request waits
   * for the engine: its session once it is up. A failed start (already
   * reported) closes the queue and clears the screen; false then.
   */
  async attach(starting) {
    const engine = await starting;
    if (!engine) {
      this.app.scheduler.close();
      this.app.screens.show("failed");
      fill(this.app.el.screen);
      return false;
    }
    this.session = new Session(engine);
    this.turns = new Turns(this.session); // what the latest turns changed, for the marks and the recap
    return true;
  }

  /**
   * Claim the game for this tab (single-writer.js) and open the one the tab
   * was opened for; a tab that another one plays in is covered instead.
   */
  async claim() {
    let query = null;
    try {
      query = gameFromQuery();
    } catch (error) {
      showNotice(this.app.el.notice, t("error.query", { message: error.message }), { kind: "warning" });
      forgetGameQuery();
    }
    this.writer = await claimWriter({ onLost: this.cover });
    if (!this.writer.held) return this.cover();
    this.open(query);
    this.app.review.resumeKept(); // a review open before a language switch reloaded the page, over its game
  }

  /** The game this tab was opened for: the address's (a game link first), else the saved one, else the setup. */
  open(query) {
    const { scheduler, setup, links } = this.app;
    const link = linkFromAddress();
    if (link) scheduler.enqueue(() => links.open(link));
    else if (query) scheduler.enqueue(() => this.startQuery(query));
    else if (!hasSavedGame())
      setup.show(); // needs no engine: a first visit chooses while it boots
    else scheduler.enqueue(async () => (await this.resumeSaved()) || setup.show());
  }

  /** Start a game: {seats, names, rounds, firstPlayer, seed}; null picks at random. */
  start({ seats, names, rounds, firstPlayer, seed, allow = null }) {
    rounds ??= rules().rounds.default;
    firstPlayer ??= Math.floor(Math.random() * seats.length);
    return this.begin(() => this.session.start({ allow, seats, names, rounds, firstPlayer, seed: seed ?? randomSeed() }));
  }

  /** Run starting (an engine request that starts a game) and show its game; if refused, say why and show the setup. */
  async begin(starting) {
    try {
      await starting();
    } catch (error) {
      showNotice(this.app.el.notice, t("error.start", { message: error.message }));
      forgetGameQuery(); // an address's refused game must not be tried again at every reload
      this.app.setup.show();
      return false;
    }
    this.importedOver = false;
    await this.enter();
    return true;
  }

  /** Show the game the engine has just started or loaded. */
  async enter() {
    const { screens, table, tutorial, scheduler } = this.app;
    tutorial.forget();
    screens.name = "game";
    table.reset();
    scheduler.halted = false;
    forgetGameQuery();
    await this.save();
    table.render({ focusMain: true });
    table.announce([]);
  }

  playAgain() {
    const { seats, view, allow } = this.session;
    this.app.scheduler.enqueue(() => this.start({ seats, names: view.names, rounds: view.rounds, allow }));
  }

  /**
   * Resume the saved game, if any. The whole save is checked before anything
   * is shown (the wrapper here, the record and its seats by the engine, which
   * rebuilds the log): an unusable one is set aside and reported.
   */
  async resumeSaved() {
    if (!(await this.loadSaved())) return false;
    await this.enter();
    return true;
  }

  /** Load the saved game into the session (not shown yet); false if there is none or it is unusable. */
  async loadSaved() {
    try {
      const save = readGame();
      if (!save) return false;
      await this.session.load(save);
    } catch (error) {
      // A dead engine judged nothing: keep the save for the reload it asks for.
      if (error.type === "EngineError") return false;
      // Unreadable, from another version, or refused by the engine: never a crash.
      setAsideGame();
      showNotice(this.app.el.notice, t("error.badSave", { message: error.message }), { kind: "warning" });
      return false;
    }
    this.importedOver = false;
    return true;
  }

  /** The address's game; a bookmarked quick-game link never loses a game (see keeping). */
  startQuery(query) {
    return this.keeping(() => this.start(queryGame(query)));
  }

  /** Start a game (start() resolves true once shown); one in progress it replaces is kept and offered back. */
  async keeping(start) {
    const { el, screens, scheduler } = this.app;
    const kept = (await this.loadSaved()) && this.session.phase !== "game-over" ? await this.session.toSave() : null;
    if ((await start()) && kept && screens.name === "game" && keepGame(kept)) {
      showNotice(el.notice, t("game.kept"), { kind: "warning", action: { label: t("game.keptBack"), run: () => scheduler.enqueue(() => this.swapKept()) } });
    }
  }

  /** Back to the kept game; the one it replaced is kept in its turn. */
  async swapKept() {
    const kept = readKeptGame();
    if (!kept || !this.writer.held) return;
    const current = this.app.tutorial.current ? null : await this.session.toSave();
    try {
      await this.session.load(kept);
    } catch (error) {
      showNotice(this.app.el.notice, t("error.badSave", { message: error.message }), { kind: "warning" });
      return;
    }
    if (current) keepGame(current);
    hideNotice(this.app.el.notice);
    this.importedOver = false;
    await this.enter();
  }

  async importFile(file) {
    try {
      await this.session.load(await readGameFile(file));
    } catch (error) {
      showNotice(this.app.el.notice, t("error.import", { name: file.name, message: error.message }));
      return;
    }
    this.importedOver = this.session.phase === "game-over";
    hideNotice(this.app.el.notice);
    await this.enter();
  }

  /**
   * Save the game as it stands. A browser that refuses (storage full or
   * blocked) never stops the game: the player is told once, and the notice
   * goes away by itself once saving works again. A tab that another tab has
   * taken the game from never saves: the other tab's save must stand.
   */
  async save() {
    if (!this.writer.held || this.app.tutorial.current) return; // the tutorial never replaces the saved game
    const { notice } = this.app.el;
    let saved;
    try {
      saved = storeGame(await this.session.toSave());
    } catch (error) {
      this.failed(error, { bot: false });
      return;
    }
    if (!saved && !this.unsaved) showNotice(notice, t("storage.unsaved"), { kind: "warning" });
    if (saved && this.unsaved && notice.textContent.includes(t("storage.unsaved"))) hideNotice(notice);
    this.unsaved = !saved;
  }

  async exportRecord() {
    try {
      downloadRecord(await this.session.record());
    } catch (error) {
      this.failed(error, { bot: false });
    }
  }

  /**
   * Add the game just finished to the statistics (counted once, however often
   * this runs; never the tutorial's; an imported one only listed). A failure
   * is told, never sent through failed(): its redraw would count again.
   */
  async countFinished() {
    const { tutorial, stats, el } = this.app;
    if (tutorial.current || tutorial.inEngine) return;
    const { view, seats, log } = this.session;
    try {
      stats.recordFinishedGame({ view, seats, log, recordText: await this.session.record(), imported: this.importedOver });
    } catch (error) {
      if (error.type !== "EngineError") showNotice(el.notice, t("stats.countFailed", { message: error.message }), { kind: "warning" });
    }
  }

  /** A request the engine refused: say so (with Retry if the bots stopped) and redraw from its view. */
  failed(error, { bot }) {
    if (error.type === "EngineError") return; // the engine is gone: stopped() has said so
    console.warn("dozito: engine error", error);
    const { notice } = this.app.el;
    const message = t("error.engine", { message: error.message });
    if (bot) {
      this.app.scheduler.halted = true;
      showNotice(notice, message, { detail: t("error.botsStopped"), action: { label: t("error.retry"), run: () => this.retryBots() } });
    } else {
      showNotice(notice, message);
    }
    // The engine keeps its game on a refused request; redraw from its view.
    this.session
      .resync()
      .catch(() => {})
      .then(() => this.app.table.render());
  }

  /** The engine died (its worker is gone, or Python failed fatally): only a reload brings it back. */
  stopped(error) {
    console.warn("dozito: the engine stopped", error);
    this.app.scheduler.halted = true;
    this.app.table.disableActions();
    const reload = { label: t("error.reload"), run: () => location.reload() };
    showNotice(this.app.el.notice, t("error.engineStopped"), { detail: error.message, action: reload });
  }

  retryBots() {
    this.app.scheduler.halted = false;
    hideNotice(this.app.el.notice);
    this.app.scheduler.pump();
  }

  /** Another tab has the game: cover the table (bots and saves stop) until the player takes it back. */
  cover = () => {
    const { el, table, scheduler, screens, review } = this.app;
    table.disableActions();
    scheduler.wake();
    renderStatus(el.status, { phase: "loading", stage: "elsewhere" });
    screens.show("elsewhere");
    review.end();
    fill(el.screen, otherTab({ onPlayHere: () => this.playHere() }));
  };

  /** Take the game over from the other tab and go on from its latest save (never the address's game). */
  async playHere() {
    await this.writer.takeOver();
    this.app.el.newGame.disabled = this.app.el.importButton.disabled = this.app.el.dailyButton.disabled = false;
    this.open(null);
  }
}
