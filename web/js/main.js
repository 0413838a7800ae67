// The app controller: boots the engine, chooses what to show (setup, the
// table, a round's scoring, the game's end) and runs the game. Every engine
// request is a task of the scheduler, which also lets the bots play.
import { animateEvents, measure, skipAnimations } from "./animate.js";
import { setCards } from "./cards.js";
import { startEngine } from "./engine/client.js";
import { initI18n, t } from "./i18n.js";
import { rules, setRules } from "./rules.js";
import { readGame, readPrefs, setAsideGame, storeGame, storePrefs } from "./save.js";
import { Scheduler } from "./scheduler.js";
import { Session } from "./session.js";
import { claimWriter } from "./single-writer.js";
import { downloadRecord, readGameFile } from "./transfer.js";
import { forgetGameQuery, gameFromQuery } from "./url.js";
import { confirmDialog, hideNotice, openDialog, showNotice } from "./ui/dialogs.js";
import { fill, focusAfterLayout } from "./ui/dom.js";
import { gameOver } from "./ui/game-over.js";
import { helpContent } from "./ui/help.js";
import { LogView, eventText } from "./ui/log.js";
import { otherTab } from "./ui/other-tab.js";
import { scores } from "./ui/scores.js";
import { scoringView } from "./ui/scoring-view.js";
import { initContrast, initLanguages, initSpeed, initialSpeed } from "./ui/settings.js";
import { seatNames, setup } from "./ui/setup.js";
import { renderStatus } from "./ui/status.js";
import { table } from "./ui/table.js";
import { offerUpdates } from "./ui/update-prompt.js";

const $ = (id) => document.getElementById(id);
const el = {
  status: $("status"),
  notice: $("notice"),
  board: $("board"),
  screen: $("screen"),
  side: $("side"),
  scores: $("scores"),
  log: $("log"),
  announcer: $("announcer"),
  botBar: $("bot-bar"),
  skip: $("skip-bots"),
  speed: $("speed"),
  toolbar: $("toolbar"),
  exportButton: $("export-game"),
  importFile: $("import-file"),
  helpDialog: $("help-dialog"),
  confirmDialog: $("confirm-dialog"),
};

initContrast($("contrast")); // before the first paint of the game

let session = null;
let writer = { held: true }; // this tab may save and play (single-writer.js)
let screen = "loading"; // "loading", "setup" or "game"
let busy = false; // an engine request is in flight
let unsaved = false; // the last save failed, and the player was told
const logView = new LogView(el.log);
const scheduler = new Scheduler({
  speed: initialSpeed(),
  botTurn: () => screen === "game" && writer.held && session.botToPlay,
  playBot: () => step(() => session.bot(), { bot: true }),
  onIdle: renderBotBar,
});

// --- actions -------------------------------------------------------------------

/** One engine action (a human's or a bot's): request it, redraw, announce, animate. */
async function step(request, { bot = false } = {}) {
  const rushing = scheduler.rushing(bot);
  busy = true;
  disableActions();
  const before = rushing ? null : measure(el.board);
  let events;
  try {
    events = await request();
  } catch (error) {
    engineFailed(error, { bot });
    return;
  } finally {
    busy = false;
  }
  announce(events);
  // A rushed bot move is saved with the next redraw: on resume the bots
  // replay it (their random streams are seeded by the game), so none is lost.
  if (rushing && session.botToPlay && scheduler.redrawnLately()) return;
  await saveGame();
  render({ events });
  if (before) await animateEvents(events, before, el.board, scheduler.flightMs);
}

/** A click on a legal target: one click, one action, queued behind any flight. */
function onAction(action) {
  if (busy || !session.humanToPlay) return;
  disableActions();
  skipAnimations();
  scheduler.enqueue(() => step(() => session.act(action)));
}

/** Take every action off the table at once, so a second click cannot slip in. */
function disableActions() {
  for (const target of el.board.querySelectorAll("[data-action]")) {
    target.removeAttribute("data-action");
    target.disabled = true;
  }
}

function onContinue() {
  if (!session.pending) return;
  session.continueRound();
  render({ focusMain: true });
  scheduler.enqueue(saveGame);
}

// --- saving ------------------------------------------------------------------

/**
 * Save the game as it stands. A browser that refuses (storage full or
 * blocked) never stops the game: the player is told once, and the notice
 * goes away by itself once saving works again. A tab that another tab has
 * taken the game from never saves: the other tab's save must stand.
 */
async function saveGame() {
  if (!writer.held) return;
  let saved;
  try {
    saved = storeGame(await session.toSave());
  } catch (error) {
    engineFailed(error, { bot: false });
    return;
  }
  if (!saved && !unsaved) showNotice(el.notice, t("storage.unsaved"), { kind: "warning" });
  if (saved && unsaved && el.notice.textContent.includes(t("storage.unsaved"))) hideNotice(el.notice);
  unsaved = !saved;
}

async function exportGame() {
  try {
    downloadRecord(await session.record());
  } catch (error) {
    engineFailed(error, { bot: false });
  }
}

// --- errors ------------------------------------------------------------------

function engineFailed(error, { bot }) {
  if (error.type === "EngineError") return; // the engine is gone: engineStopped has said so
  console.warn("dozito: engine error", error);
  const message = t("error.engine", { message: error.message });
  if (bot) {
    scheduler.halted = true;
    showNotice(el.notice, message, { detail: t("error.botsStopped"), action: { label: t("error.retry"), run: retryBots } });
  } else {
    showNotice(el.notice, message);
  }
  // The engine keeps its game on a refused request; redraw from its view.
  session
    .resync()
    .catch(() => {})
    .then(() => render());
}

/** The engine died (its worker is gone, or Python failed fatally): only a reload brings it back. */
function engineStopped(error) {
  console.warn("dozito: the engine stopped", error);
  scheduler.halted = true;
  disableActions();
  showNotice(el.notice, t("error.engineStopped"), { detail: error.message, action: { label: t("error.reload"), run: () => location.reload() } });
}

function retryBots() {
  scheduler.halted = false;
  hideNotice(el.notice);
  scheduler.pump();
}

// --- rendering -----------------------------------------------------------------

function announce(events) {
  const lines = events.map((event) => eventText(event, session.view.names)).filter(Boolean);
  const turnBegins = !events.length || events.some((event) => event.type === "discard");
  if (session.humanToPlay && turnBegins) lines.push(t("status.yourTurn", { who: session.view.names[session.view.current] }));
  if (lines.length) el.announcer.textContent = lines.join(" ");
}

/**
 * Redraw the game. events: those of the action just played (for the status
 * line); focusMain: move focus to the new view's main control (a phase changed).
 */
function render({ events = [], focusMain = false } = {}) {
  if (screen !== "game" || !writer.held) return;
  scheduler.redrawn();
  const { view, seats } = session;
  const phase = session.phase;
  renderStatus(el.status, { phase, view, seats, scored: session.pending, events });
  fill(el.scores, scores({ view, seats, highlight: phase === "turn" ? view.current : null, live: phase === "turn" }));
  logView.update(session.log, view.names);
  el.side.hidden = false;
  el.exportButton.disabled = false;
  el.board.hidden = phase !== "turn";
  el.screen.hidden = phase === "turn";
  if (phase === "turn") {
    keepFocus(el.board, () => fill(el.board, ...table({ view, seats, interactive: session.humanToPlay && !busy, onAction })), focusMain);
  } else {
    const panel =
      phase === "round-end"
        ? scoringView({ scored: session.pending, view, seats, onContinue })
        : gameOver({ view, seats, onPlayAgain: playAgain, onNewGame: askNewGame });
    // A keyboard user whose target just went away (the round ended) lands on the next step.
    const lost = document.activeElement === document.body || el.board.contains(document.activeElement);
    fill(el.screen, panel);
    if (focusMain || lost) focusAfterLayout(panel.querySelector(".button--primary"));
  }
  renderBotBar();
}

/** Redraw inside root without losing the keyboard user's place. */
function keepFocus(root, redraw, focusMain) {
  const had = root.contains(document.activeElement) || document.activeElement === document.body;
  const key = document.activeElement?.dataset?.focus;
  redraw();
  if (!had && !focusMain) return;
  const same = key && root.querySelector(`[data-focus="${key}"]:not(:disabled):not([aria-disabled="true"])`);
  const next = same || root.querySelector("[data-action]");
  if (next) focusAfterLayout(next, { scroll: focusMain });
}

function renderBotBar() {
  const show = screen === "game" && session.botToPlay && scheduler.speed !== "instant";
  el.botBar.hidden = !show;
  el.skip.disabled = scheduler.fastForward;
}

// --- games: new, resumed, imported ---------------------------------------------

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** Start a game: {seats, names, rounds, firstPlayer, seed}; null picks at random. */
async function startGame({ seats, names, rounds, firstPlayer, seed }) {
  try {
    await session.start({
      seats,
      names,
      rounds: rounds ?? rules().rounds.default,
      firstPlayer: firstPlayer ?? Math.floor(Math.random() * seats.length),
      seed: seed ?? randomSeed(),
    });
  } catch (error) {
    showNotice(el.notice, t("error.start", { message: error.message }));
    return showSetup();
  }
  await enterGame();
}

async function enterGame() {
  screen = "game";
  scheduler.halted = false;
  forgetGameQuery();
  await saveGame();
  render({ focusMain: true });
  announce([]);
}

/**
 * The game the address asks for, with names filled in as the setup form
 * would. Seat 0 starts unless first= says otherwise (the engine's default),
 * so that an address always gives the same game.
 */
function queryGame(query) {
  const named = query.seats.map((seat, i) => ({ kind: seat.kind === "human" ? "human" : seat.level, name: query.names[i] ?? "" }));
  return { ...query, names: seatNames(named), firstPlayer: query.firstPlayer ?? 0 };
}

/**
 * Resume the saved game, if any. The whole save is checked before anything
 * is shown (the wrapper here, the record and its seats by the engine, which
 * rebuilds the log): an unusable one is set aside and reported.
 */
async function resumeSaved() {
  try {
    const save = readGame();
    if (!save) return false;
    await session.load(save);
  } catch (error) {
    // A dead engine judged nothing: keep the save for the reload it asks for.
    if (error.type === "EngineError") return false;
    // Unreadable, from another version, or refused by the engine: never a crash.
    setAsideGame();
    showNotice(el.notice, t("error.badSave", { message: error.message }), { kind: "warning" });
    return false;
  }
  await enterGame();
  return true;
}

async function importGame(file) {
  try {
    await session.load(await readGameFile(file));
  } catch (error) {
    showNotice(el.notice, t("error.import", { name: file.name, message: error.message }));
    return;
  }
  hideNotice(el.notice);
  await enterGame();
}

function showSetup() {
  if (!writer.held) return; // a new game here would replace the other tab's
  screen = "setup";
  renderStatus(el.status, { phase: "setup" });
  el.board.hidden = true;
  el.side.hidden = true;
  el.botBar.hidden = true;
  el.exportButton.disabled = true;
  el.screen.hidden = false;
  const inGame = session.view !== null && session.phase !== "game-over";
  const form = setup({
    initial: readPrefs().setup,
    onBack: inGame ? backToGame : null,
    onStart: (choice) => {
      storePrefs({ setup: choice.setup });
      scheduler.enqueue(() => startGame(choice));
    },
  });
  fill(el.screen, form);
  form.querySelector("select").focus();
}

function backToGame() {
  screen = "game";
  render({ focusMain: true });
  scheduler.pump();
}

function playAgain() {
  const { seats, view } = session;
  scheduler.enqueue(() => startGame({ seats, names: view.names, rounds: view.rounds }));
}

async function askNewGame() {
  const playing = screen === "game" && session.phase !== "game-over";
  if (playing && !(await confirmDialog(el.confirmDialog, { message: t("dialog.abandon"), confirm: t("dialog.abandonYes") }))) return;
  showSetup();
}

// --- one writer per game ----------------------------------------------------------

/** Open what the tab was opened for: the address's game, else the saved one, else the setup. */
function openGame(query) {
  if (query) scheduler.enqueue(() => startGame(queryGame(query)));
  else scheduler.enqueue(async () => (await resumeSaved()) || showSetup());
}

/** Another tab has the game: cover the table (bots and saves stop) until the player takes it back. */
function coverTable() {
  disableActions();
  scheduler.wake();
  renderStatus(el.status, { phase: "loading", stage: "elsewhere" });
  el.board.hidden = true;
  el.side.hidden = true;
  el.botBar.hidden = true;
  el.screen.hidden = false;
  for (const button of [$("new-game"), $("import-button"), el.exportButton]) button.disabled = true;
  fill(el.screen, otherTab({ onPlayHere: playHere }));
}

/** Take the game over from the other tab and go on from its latest save (never the address's game). */
async function playHere() {
  await writer.takeOver();
  $("new-game").disabled = $("import-button").disabled = false;
  openGame(null);
}

// --- toolbar ---------------------------------------------------------------------

function initToolbar() {
  $("new-game").addEventListener("click", askNewGame);
  $("help-button").addEventListener("click", () => openDialog(el.helpDialog, { title: t("help.title"), content: helpContent() }));
  el.exportButton.addEventListener("click", () => scheduler.enqueue(exportGame));
  $("import-button").addEventListener("click", () => el.importFile.click());
  el.importFile.addEventListener("change", () => {
    const [file] = el.importFile.files;
    el.importFile.value = "";
    if (file) scheduler.enqueue(() => importGame(file));
  });
  initSpeed(el.speed, {
    speed: scheduler.speed,
    onChange: (speed) => {
      scheduler.setSpeed(speed);
      renderBotBar();
    },
  });
  el.skip.addEventListener("click", () => {
    scheduler.skip();
    skipAnimations();
    renderBotBar();
  });
  // Any click or Escape cuts the current card flights short.
  document.addEventListener("pointerdown", skipAnimations);
  document.addEventListener("keydown", (event) => event.key === "Escape" && skipAnimations());
  el.toolbar.hidden = false;
}

// --- boot --------------------------------------------------------------------------

async function boot() {
  let catalogs;
  try {
    catalogs = await initI18n();
  } catch (error) {
    // Without a catalog there are no words to show but the page's built-in fallback.
    $("boot-failed").hidden = false;
    throw error;
  }
  renderStatus(el.status, { phase: "loading", stage: "runtime" });
  try {
    const engine = await startEngine({ onStatus: (stage) => stage !== "ready" && renderStatus(el.status, { phase: "loading", stage }), onDead: engineStopped });
    setCards((await engine.request({ op: "cards" })).cards);
    setRules((await engine.request({ op: "rules" })).rules);
    session = new Session(engine);
  } catch (error) {
    renderStatus(el.status, { phase: "loading", stage: "failed" });
    showNotice(el.notice, t("error.boot", { message: error.message }), { action: { label: t("error.reload"), run: () => location.reload() } });
    return;
  }
  initToolbar();
  offerUpdates();
  initLanguages($("language"), $("language-picker"), catalogs);
  let query = null;
  try {
    query = gameFromQuery();
  } catch (error) {
    showNotice(el.notice, t("error.query", { message: error.message }), { kind: "warning" });
    forgetGameQuery();
  }
  writer = await claimWriter({ onLost: coverTable });
  if (writer.held) openGame(query);
  else coverTable();
}

boot();
