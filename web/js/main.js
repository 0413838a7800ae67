// The app controller: boots the engine, chooses what to show (setup, the
// table, a round's scoring, the game's end) and runs the game. Every engine
// request is a task of the scheduler, which also lets the bots play.
import "./boot.js"; // first: in the bundle of dist/, the worker starts before the other modules run
import { animateEvents, measure, skipAnimations } from "./animate.js";
import { setCards } from "./cards.js";
import { startEngine } from "./engine/client.js";
import { primeEngineCode } from "./engine/prime.js";
import { initI18n, t } from "./i18n.js";
import { IdleWork } from "./idle.js";
import { rules, setRules } from "./rules.js";
import { keepGame, readGame, readKeptGame, readPrefs, setAsideGame, storeGame, storePrefs } from "./save.js";
import { PACE, Scheduler } from "./scheduler.js";
import { Review } from "./review.js";
import { Session, loadRequest } from "./session.js";
import { REVIEW_EVENT, initStats, recordFinishedGame } from "./stats-screen.js";
import { Tutorial } from "./tutorial.js";
import { claimWriter } from "./single-writer.js";
import { Sound, soundFor } from "./sound.js";
import { Turns, turnEnded } from "./turns.js";
import { downloadRecord, readGameFile } from "./transfer.js";
import { forgetGameQuery, gameFromQuery } from "./url.js";
import { aidsBar, hintText } from "./ui/aids.js";
import { hideCoach, showCoach } from "./ui/coach.js";
import { confirmDialog, hideNotice, openDialog, showNotice } from "./ui/dialogs.js";
import { afterPaint, fill, focusAfterLayout, patch } from "./ui/dom.js";
import { gameOver } from "./ui/game-over.js";
import { helpContent } from "./ui/help.js";
import { LogView, eventText } from "./ui/log.js";
import { initMenu } from "./ui/menu.js";
import { otherTab } from "./ui/other-tab.js";
import { ReviewView, stepBoard } from "./ui/review.js";
import { handOver, recapText } from "./ui/recap.js";
import { scores } from "./ui/scores.js";
import { scoringView } from "./ui/scoring-view.js";
import { animationScale, initAnimation, initContrast, initLanguages, initSound, initSpeed, initialSpeed } from "./ui/settings.js";
import { seatNames, setup } from "./ui/setup.js";
import { renderStatus } from "./ui/status.js";
import { table } from "./ui/table.js";
import { offerUpdates } from "./ui/update-prompt.js";
import { startViewsAtTop } from "./ui/view-top.js";

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
  coach: $("coach"),
  botBar: $("bot-bar"),
  aids: $("aids"),
  skip: $("skip-bots"),
  speed: $("speed"),
  toolbar: $("toolbar"),
  exportButton: $("export-game"),
  reviewButton: $("review-button"),
  importFile: $("import-file"),
  helpDialog: $("help-dialog"),
  confirmDialog: $("confirm-dialog"),
  statsDialog: $("stats-dialog"),
};

initContrast($("contrast")); // before the first paint of the game
startViewsAtTop(el.status, $("main"));

let session = null;
let writer = { held: true }; // this tab may save and play (single-writer.js)
let screen = "loading"; // "loading", "setup", "game" or "review"
let busy = false; // an engine request is in flight
let unsaved = false; // the last save failed, and the player was told
let tutorial = null; // the guided first game being played (tutorial.js), never saved
let tutorialInEngine = false; // the engine's game is the tutorial's, even once left: never one to go back to
let importedOver = false; // the game was imported already over: played elsewhere, not counted as played here
let hint = null; // the hint for the view on the table: {action, text}, "thinking" while asked, null
const logView = new LogView(el.log);
let turns = null; // what the latest turns changed, for the marks and the recap (the session's)
let holding = null; // the seat whose finished turn the stage still shows (its recap held)
let handingOver = null; // the human seat a hot-seat table waits for, behind the hand-over screen
let lastHuman = null; // the human seat that acted last: another human to play next gets a hand-over
// Until a key is pressed, no keyboard user waits on the focus: a redraw focuses
// its target once the browser has laid it out, not at once, which would lay
// out the fresh board or scores inside the redraw's task (focusAfterLayout).
let keyboardUsed = false;
document.addEventListener("keydown", () => (keyboardUsed = true), { capture: true, once: true });
const sound = new Sound({ enabled: () => readPrefs().sound !== false });
const scheduler = new Scheduler({
  speed: initialSpeed(),
  botTurn: () => screen === "game" && writer.held && session.botToPlay && handingOver === null,
  playBot: () => step(() => session.bot(), { bot: true }),
  botPause,
  painted: afterPaint,
  onIdle: () => {
    renderBotBar();
    idleWork.poke();
  },
});

// The service worker's install and the throwaway boot wait until no bot plays.
const idleWork = new IdleWork({ busy: () => scheduler.pumping });

/**
 * How long a bot thinks before its next action: a full pause only for a real
 * choice (where to place, or whether to), a short one for a forced move, a
 * chain's obvious step, or a turn's start right after a human's held recap.
 */
function botPause() {
  const { hand, legal_actions: legal, targets } = session.view;
  if (!hand) return turns.last && session.seats[turns.last.seat].kind === "human" ? "short" : "decision";
  return targets.can_place && legal.length > 1 ? "decision" : "short";
}

// --- actions -------------------------------------------------------------------

/** One engine action (a human's or a bot's): request it, redraw, announce, animate. */
async function step(request, { bot = false } = {}) {
  const rushing = scheduler.rushing(bot);
  const actor = session.view.current;
  busy = true;
  hint = null; // any action, an undo too, makes the hint stale
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
  const ended = turnEnded(events);
  if (!bot) lastHuman = actor;
  const next = session.phase === "turn" ? session.view.current : null;
  if (ended && session.humanToPlay && lastHuman !== null && next !== lastHuman) handingOver = next;
  // A human's finished turn stays on the stage a moment (a bot's stays marked on its small grid, and in the recap line).
  holding = ended && !bot && next !== null && next !== actor && handingOver === null && scheduler.holdMs ? actor : null;
  if (!rushing) sound.play(soundFor(events));
  announce(events);
  // A rushed bot move is saved with the next redraw: on resume the bots
  // replay it (their random streams are seeded by the game), so none is lost.
  if (rushing && session.botToPlay && scheduler.redrawnLately()) return;
  await saveGame();
  render({ events, focusMain: handingOver !== null });
  if (before && handingOver === null) await animateEvents(events, before, el.board, scheduler.flightMs * animationScale());
  if (holding !== null) {
    await scheduler.hold(); // the next human's click, or "skip", ends it at once
    holding = null;
    render();
  }
}

/** A click on a legal target: one click, one action, queued behind any flight. */
function onAction(action) {
  if (busy || !session.humanToPlay) return;
  tutorial?.played(action);
  disableActions();
  skipAnimations();
  scheduler.enqueue(() => step(() => session.act(action)));
}

/**
 * One listener for every target on the table, which is patched in place
 * across redraws (dom.js): a target plays what its data-action says as it
 * is clicked, and one that has none plays nothing.
 */
function onBoardClick(event) {
  const target = event.target.closest?.("[data-action]");
  if (target && el.board.contains(target) && !target.disabled) onAction(target.dataset.action);
}

/** Take every action off the table at once, so a second click cannot slip in. */
function disableActions() {
  for (const target of el.board.querySelectorAll("[data-action]")) {
    target.removeAttribute("data-action");
    target.removeAttribute("data-coach"); // the coach points only at what plays
    target.disabled = true;
  }
  for (const target of el.board.querySelectorAll("[data-hint]")) target.removeAttribute("data-hint");
  for (const button of el.aids.querySelectorAll("button")) button.disabled = true;
}

// --- player aids: hint and undo ----------------------------------------------------

const hintAllowed = () => session.allow.hints && session.humanToPlay && !busy;
const undoAllowed = () => session.allow.undo && session.view.undoable && session.humanToPlay && !busy;

/** Ask the expert for the seat to play; the suggestion is marked until any action is played. */
function onHint(event) {
  if (!hintAllowed() || hint === "thinking") return;
  event.currentTarget.disabled = true;
  hint = "thinking";
  showHint(); // in place: a whole redraw of the table would cost the main thread more than the hint
  scheduler.enqueue(async () => {
    if (hint !== "thinking") return; // an action was played first: its view needs a hint of its own
    const view = session.view;
    try {
      const { action, reason } = await session.hint();
      hint = { action, text: hintText(reason, action, view) };
    } catch (error) {
      hint = { action: null, text: t("aid.hintFailed", { message: error.message }) };
    }
    if (session.view !== view) return; // the game moved on meanwhile
    showHint();
    // The button, disabled while the expert thought, dropped the focus to <body>: the suggested move takes it.
    if (document.activeElement === document.body) (el.board.querySelector("[data-hint]") ?? el.aids.querySelector("[data-testid=hint]"))?.focus();
    await saveGame(); // the record notes the hint
  });
}

function onUndo(event) {
  if (!undoAllowed()) return;
  event.currentTarget.disabled = true;
  disableActions();
  scheduler.enqueue(() => step(() => session.undo()));
}

/**
 * The aids bar beside the status (its cell is kept, so it never moves the
 * table), and the hinted target marked (exactly one element). The bar is
 * made once per set of allowed aids and then only updated, so a keyboard
 * user's focus stays on Undo or Hint across the redraw an action causes.
 */
function renderAids() {
  const kinds = `${session.allow.hints}:${session.allow.undo}`;
  if (el.aids.dataset.kinds !== kinds) {
    el.aids.dataset.kinds = kinds;
    fill(el.aids, aidsBar({ hint: session.allow.hints || null, undo: session.allow.undo || null, onHint, onUndo }) ?? "");
  }
  const undo = el.aids.querySelector("[data-testid=undo]");
  if (undo) undo.disabled = !undoAllowed();
  showHint();
}

/** Off the table: no aids (a hand-over, a round's scoring, setup, the review, another tab's game). */
function clearAids() {
  delete el.aids.dataset.kinds;
  fill(el.aids);
}

/** The hint as it stands: its line, the button, the one target marked. */
function showHint() {
  const text = el.aids.querySelector("[data-testid=hint-text]");
  if (!text) return;
  const thinking = hint === "thinking";
  text.textContent = thinking ? t("aid.thinking") : (hint?.text ?? "");
  const button = el.aids.querySelector("[data-testid=hint]"); // none where the game allows no hints
  if (button) button.disabled = thinking || !hintAllowed();
  const target = hint?.action && el.board.querySelector(`[data-action="${hint.action}"]`);
  if (target) target.dataset.hint = "true";
}

function onContinue() {
  if (!session.pending) return;
  session.continueRound();
  lastHuman = null; // everyone saw the scores together: the next round starts without a hand-over
  render({ focusMain: true });
  scheduler.enqueue(saveGame);
}

/** The next hot-seat player is at the table: show it to them. */
function onHandedOver() {
  if (handingOver === null) return;
  handingOver = null;
  render({ focusMain: true });
}

// --- saving ------------------------------------------------------------------

/**
 * Save the game as it stands. A browser that refuses (storage full or
 * blocked) never stops the game: the player is told once, and the notice
 * goes away by itself once saving works again. A tab that another tab has
 * taken the game from never saves: the other tab's save must stand.
 */
async function saveGame() {
  if (!writer.held || tutorial) return; // the tutorial never replaces the saved game
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

/**
 * Add the game just finished to the statistics (counted once, however often
 * this runs; never the tutorial's; an imported one only listed). A failure
 * is told, never sent through engineFailed: its redraw would count again.
 */
async function countFinishedGame() {
  if (tutorial || tutorialInEngine) return;
  try {
    recordFinishedGame({ view: session.view, seats: session.seats, log: session.log, recordText: await session.record(), imported: importedOver });
  } catch (error) {
    if (error.type !== "EngineError") showNotice(el.notice, t("stats.countFailed", { message: error.message }), { kind: "warning" });
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
  const lines = shownEvents(events)
    .map((event) => eventText(event, session.view.names))
    .filter(Boolean);
  const turnBegins = !events.length || events.some((event) => event.type === "discard");
  if (session.humanToPlay && turnBegins) lines.push(t("status.yourTurn", { who: session.view.names[session.view.current] }));
  if (lines.length) el.announcer.textContent = lines.join(" ");
}

/** The events that may be told now: the winner waits until the game-over screen shows, after the last round's scores. */
function shownEvents(events) {
  if (!session.pending) return events;
  const end = events.findIndex((event) => event.type === "game_over");
  return end < 0 ? events : events.slice(0, end);
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
  patch(el.scores, scores({ view, seats, highlight: phase === "turn" ? view.current : null, live: phase === "turn" }));
  logView.update(session.log, view.names, shownEvents(session.log).length);
  el.side.hidden = false;
  el.exportButton.disabled = false;
  el.reviewButton.disabled = false;
  setupOnly(false);
  const covered = phase !== "turn" || handingOver !== null;
  el.board.hidden = covered;
  el.screen.hidden = !covered;
  const recap = turns.last ? recapText(turns.last, view.names) : null;
  if (!covered) {
    fill(el.screen); // a hand-over or scoring view left behind must not offer its "continue"
    const stage = holding ?? view.current;
    const drawn = () => {
      // In place: a bot's move changes a few cards of a table of some 500 elements.
      patch(el.board, ...table({ view, seats, stage, changed: (seat) => turns.changedBy(seat), recap, interactive: session.humanToPlay && !busy }));
      renderAids();
    };
    keepFocus(el.board, drawn, focusMain);
  } else if (phase === "turn") {
    clearAids();
    fill(el.board); // nothing under the hand-over may be played
    const panel = handOver({
      who: view.names[handingOver],
      since: turns.since(handingOver),
      seat: turns.last?.seat,
      view,
      changed: turns.last ? turns.changedBy(turns.last.seat) : null,
      onContinue: onHandedOver,
    });
    fill(el.screen, panel);
    if (focusMain) panel.querySelector(".button--primary").focus();
  } else {
    clearAids();
    if (phase === "game-over") scheduler.enqueue(countFinishedGame);
    const panel =
      phase === "round-end"
        ? scoringView({ scored: session.pending, view, seats, onContinue })
        : gameOver({ view, onPlayAgain: playAgain, onNewGame: askNewGame, onReview: () => scheduler.enqueue(() => openReview()) });
    // A keyboard user whose target just went away (the round ended) lands on the next step.
    const lost = document.activeElement === document.body || el.board.contains(document.activeElement);
    fill(el.screen, panel);
    // Focused where it is: a new view opens at its top (view-top.js), its button maybe further down.
    if (focusMain || lost) focusAfterLayout(panel.querySelector(".button--primary"), { scroll: false, later: !keyboardUsed });
  }
  if (tutorial) coachNow();
  else hideCoach(el.coach);
  renderBotBar();
}

/** The tutorial's coach over what render() drew: one target left playable, focused for the keyboard. */
function coachNow() {
  const scope = session.phase === "turn" ? el.board : el.screen;
  const hadFocus = scope.contains(document.activeElement) || document.activeElement === document.body;
  const target = showCoach(el.coach, scope, tutorial.coach(session), { onContinue: welcomed, onLeave: leaveTutorial });
  if (target && hadFocus) target.focus({ preventScroll: true });
}

function welcomed() {
  tutorial.welcoming = false;
  render({ focusMain: true });
}

async function startTutorial() {
  let text;
  try {
    ({ tutorial, text } = await Tutorial.load());
    await session.load({ text });
    tutorialInEngine = true;
  } catch (error) {
    tutorial = null;
    showNotice(el.notice, t("error.start", { message: error.message }));
    return showSetup();
  }
  screen = "game";
  scheduler.halted = false;
  render({ focusMain: true });
}

/** Leave the tutorial at any time: back to the saved game, untouched, or to the setup. */
function leaveTutorial() {
  tutorial = null;
  hideCoach(el.coach);
  scheduler.enqueue(async () => (await resumeSaved()) || showSetup());
}

/** Redraw inside root without losing the keyboard user's place. */
function keepFocus(root, redraw, focusMain) {
  const had = root.contains(document.activeElement) || document.activeElement === document.body;
  const key = document.activeElement?.dataset?.focus;
  redraw();
  if (!had && !focusMain) return;
  const same = key && root.querySelector(`[data-focus="${key}"]:not(:disabled):not([aria-disabled="true"])`);
  // After a draw, where the card can go: never a discard pile, where Enter would throw it away.
  const next = same || root.querySelector('[data-action^="place:"]') || root.querySelector("[data-action]");
  if (next) focusAfterLayout(next, { scroll: focusMain, later: !keyboardUsed });
}

function renderBotBar() {
  const show = screen === "game" && session.botToPlay && scheduler.speed !== "instant";
  el.botBar.hidden = !show;
  el.aids.hidden = show; // they share one cell
  el.skip.disabled = scheduler.fastForward;
}

// --- games: new, resumed, imported ---------------------------------------------

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/** Start a game: {seats, names, rounds, firstPlayer, seed}; null picks at random. */
async function startGame({ seats, names, rounds, firstPlayer, seed, allow = null }) {
  try {
    await session.start({
      allow,
      seats,
      names,
      rounds: rounds ?? rules().rounds.default,
      firstPlayer: firstPlayer ?? Math.floor(Math.random() * seats.length),
      seed: seed ?? randomSeed(),
    });
  } catch (error) {
    showNotice(el.notice, t("error.start", { message: error.message }));
    forgetGameQuery(); // an address's refused game must not be tried again at every reload
    return showSetup();
  }
  importedOver = false;
  await enterGame();
}

async function enterGame() {
  tutorial = null;
  tutorialInEngine = false;
  screen = "game";
  holding = handingOver = lastHuman = null;
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
  if (!(await loadSaved())) return false;
  await enterGame();
  return true;
}

/** Load the saved game into the session (not shown yet); false if there is none or it is unusable. */
async function loadSaved() {
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
  importedOver = false;
  return true;
}

/**
 * The address's game. A game in progress it replaces is kept (save.js
 * keepGame), and the notice offers it back: a bookmarked quick-game link
 * never loses a game.
 */
async function startQueryGame(query) {
  const kept = (await loadSaved()) && session.phase !== "game-over" ? await session.toSave() : null;
  await startGame(queryGame(query));
  if (kept && screen === "game" && keepGame(kept)) {
    showNotice(el.notice, t("game.kept"), { kind: "warning", action: { label: t("game.keptBack"), run: () => scheduler.enqueue(swapKeptGame) } });
  }
}

/** Back to the kept game; the one it replaced is kept in its turn. */
async function swapKeptGame() {
  const kept = readKeptGame();
  if (!kept || !writer.held) return;
  const current = tutorial ? null : await session.toSave();
  try {
    await session.load(kept);
  } catch (error) {
    showNotice(el.notice, t("error.badSave", { message: error.message }), { kind: "warning" });
    return;
  }
  if (current) keepGame(current);
  hideNotice(el.notice);
  importedOver = false;
  await enterGame();
}

async function importGame(file) {
  try {
    await session.load(await readGameFile(file));
  } catch (error) {
    showNotice(el.notice, t("error.import", { name: file.name, message: error.message }));
    return;
  }
  importedOver = session.phase === "game-over";
  hideNotice(el.notice);
  await enterGame();
}

function showSetup() {
  if (!writer.held) return; // a new game here would replace the other tab's
  screen = "setup";
  tutorial = null;
  hideCoach(el.coach);
  renderStatus(el.status, { phase: "setup" });
  el.board.hidden = true;
  el.side.hidden = true;
  el.botBar.hidden = true;
  clearAids();
  el.exportButton.disabled = true;
  el.reviewButton.disabled = true;
  setupOnly(true);
  el.screen.hidden = false;
  const inGame = !tutorialInEngine && session.view !== null && session.phase !== "game-over";
  // Offered once, on a first visit (no game ever saved here); never over a game from the address.
  const offerTutorial = !readPrefs().tutorialOffered && !inGame;
  if (offerTutorial) storePrefs({ tutorialOffered: true });
  const form = setup({
    initial: readPrefs().setup,
    offerTutorial,
    onTutorial: () => scheduler.enqueue(startTutorial),
    onBack: inGame ? backToGame : null,
    onStart: (choice) => {
      storePrefs({ setup: choice.setup });
      scheduler.enqueue(() => startGame(choice));
    },
  });
  fill(el.screen, form);
  form.querySelector("select").focus();
}

/** The setup screen shows no "New game" (it is one) and no "Export" (there is nothing to export). */
function setupOnly(onSetup) {
  $("new-game").hidden = el.exportButton.hidden = onSetup;
}

function backToGame() {
  screen = "game";
  render({ focusMain: true });
  scheduler.pump();
}

function playAgain() {
  const { seats, view } = session;
  scheduler.enqueue(() => startGame({ seats, names: view.names, rounds: view.rounds, allow: session.allow }));
}

async function askNewGame() {
  const playing = screen === "game" && session.phase !== "game-over";
  if (playing && !(await confirmDialog(el.confirmDialog, { message: t("dialog.abandon"), confirm: t("dialog.abandonYes") }))) return;
  showSetup();
}

// --- review ----------------------------------------------------------------------

let review = null; // the open review: {model, view, game, back, timer, shown}

/** The toolbar's buttons that start, replace, save or review a game. */
const gameButtons = () => [$("new-game"), $("import-button"), el.exportButton, el.reviewButton];

/** The seat a review judges first: the first human's, else the first seat. */
const firstHuman = (seats) =>
  Math.max(
    0,
    seats.findIndex((seat) => seat.kind === "human"),
  );

/**
 * Open the review of the game in progress (text null) or of another game's
 * record. The engine's step op never changes its game; another record is
 * loaded in its place and the game in progress is loaded back on close.
 */
async function openReview({ text = null } = {}) {
  if (review || !writer.held) return;
  const hadGame = screen === "game";
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
        jump: jumpTo,
        move: (by) => jumpTo(review.wanted + by),
        play: togglePlay,
        judge: judgeSeat,
        cancel: () => review.model.cancel(),
        close: () => scheduler.enqueue(closeReview),
      },
    });
    review = { model, view, game, back, hadGame, timer: null, shown: -1, wanted: 0, jumping: false };
  } catch (error) {
    showNotice(el.notice, t("review.failed", { message: error.message }));
    if (back) await session.engine.request(loadRequest(back)).catch(() => {});
    return;
  }
  screen = "review";
  // "Back to the game" is the way out: nothing may replace the game meanwhile.
  for (const button of gameButtons()) button.disabled = true;
  el.side.hidden = true;
  el.botBar.hidden = true;
  clearAids();
  el.screen.hidden = false;
  hideCoach(el.coach);
  fill(el.screen, review.view.root);
  review.view.setReview(review.model.info, review.model.judgements, review.model.summary);
  document.addEventListener("keydown", reviewKeys);
  await jumpTo(0);
  review.view.root.querySelector("[data-testid=step-next]").focus();
}

/** Show the table after `step` actions; jumps asked meanwhile collapse into the latest. */
async function jumpTo(step) {
  if (!review) return;
  review.wanted = Math.max(0, Math.min(review.model.info.steps, step));
  if (review.jumping) return;
  review.jumping = true;
  try {
    while (review && review.shown !== review.wanted) {
      const { view, step: shown, events } = await review.model.at(review.wanted);
      if (!review) return;
      // The first draw replaces the game's board (and its listeners, which a
      // patch would keep); the next ones patch it, so a jump redraws what changed.
      (review.shown < 0 ? fill : patch)(el.board, stepBoard({ view, seats: review.game.seats }));
      review.shown = shown;
      el.board.hidden = false;
      review.view.show(shown, view);
      const words = events.map((event) => eventText(event, view.names)).filter(Boolean);
      el.announcer.textContent = [t("review.stepOf", { step: shown, steps: review.model.info.steps }), ...words].join(" ");
    }
  } catch (error) {
    showNotice(el.notice, t("review.failed", { message: error.message }));
  } finally {
    if (review) review.jumping = false;
  }
  if (review && review.shown >= review.model.info.steps) stopPlay();
}

function reviewKeys(event) {
  if (!review || event.altKey || event.ctrlKey || event.metaKey || event.target.closest("select, input, textarea, dialog")) return;
  const moves = { ArrowLeft: review.wanted - 1, ArrowRight: review.wanted + 1, Home: 0, End: review.model.info.steps };
  if (!(event.key in moves)) return;
  event.preventDefault();
  jumpTo(moves[event.key]);
}

/** Play/pause: one step per bot pause of the chosen speed (never quicker than the eye follows). */
function togglePlay() {
  if (review.timer) return stopPlay();
  if (review.shown >= review.model.info.steps) jumpTo(0);
  review.timer = setInterval(() => jumpTo(review.wanted + 1), Math.max(250, PACE[scheduler.speed].decision));
  review.view.setPlaying(true);
}

function stopPlay() {
  if (!review?.timer) return;
  clearInterval(review.timer);
  review.timer = null;
  review.view.setPlaying(false);
}

/** Judge a seat's decisions in the background, one request at a time, with a progress bar and Cancel. */
async function judgeSeat(seat) {
  const { model, view } = review;
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
    showNotice(el.notice, t("review.failed", { message: error.message }));
  } finally {
    view.setProgress(model.judgements.size, model.info.decisions.length, false);
  }
}

/** Stop everything the review runs (playing, judging, its keys). */
function endReview() {
  stopPlay();
  review.model.cancel();
  document.removeEventListener("keydown", reviewKeys);
  review = null;
}

/** Close the review: the game in progress comes back exactly as it was. */
async function closeReview() {
  if (!review) return;
  const { back, hadGame } = review;
  endReview();
  if (back) {
    try {
      await session.engine.request(loadRequest(back));
    } catch (error) {
      engineFailed(error, { bot: false });
    }
  }
  $("new-game").disabled = $("import-button").disabled = false;
  if (!hadGame) return showSetup();
  screen = "game";
  render({ focusMain: true });
  scheduler.pump();
}

// --- one writer per game ----------------------------------------------------------

/** Open what the tab was opened for: the address's game, else the saved one, else the setup. */
function openGame(query) {
  if (query) scheduler.enqueue(() => startQueryGame(query));
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
  clearAids();
  el.screen.hidden = false;
  if (review) endReview();
  for (const button of gameButtons()) button.disabled = true;
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
  el.reviewButton.addEventListener("click", () => scheduler.enqueue(() => openReview()));
  // The statistics list asks for the review of a past game by its record's text.
  document.addEventListener(REVIEW_EVENT, (event) => {
    const text = event.detail?.record;
    if (typeof text === "string") scheduler.enqueue(() => openReview({ text }));
  });
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
  initAnimation($("animation"));
  initSound($("sound"));
  initMenu({ toggle: $("menu-button"), menu: $("menu"), settingsButton: $("settings-button"), settingsDialog: $("settings-dialog") });
  el.skip.addEventListener("click", () => {
    scheduler.skip();
    skipAnimations();
    renderBotBar();
  });
  // Any click or Escape cuts the current card flights short; the first gesture lets sound play (autoplay rules).
  document.addEventListener("pointerdown", () => (skipAnimations(), sound.unlock()));
  document.addEventListener("keydown", (event) => (sound.unlock(), event.key === "Escape" && skipAnimations()));
  initStats({ button: $("stats-button"), dialog: el.statsDialog, confirm: el.confirmDialog, notice: el.notice });
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
    turns = new Turns(session);
  } catch (error) {
    renderStatus(el.status, { phase: "loading", stage: "failed" });
    showNotice(el.notice, t("error.boot", { message: error.message }), { action: { label: t("error.reload"), run: () => location.reload() } });
    offerUpdates({}); // a new build waiting may be what mends the boot: offer it even now
    return;
  }
  initToolbar();
  el.board.addEventListener("click", onBoardClick);
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
  // Once the game has started: the bots' first moves before the service worker's downloads.
  idleWork.add(() => offerUpdates({ onFirstInstall: () => idleWork.add(primeEngineCode) }));
}

boot();
