// Statistics as the page runs them: a finished game is added once (keyed by
// its record's hash, so reloads and resumes change nothing), the screen opens
// from the toolbar in its own dialog, and reset asks first. The "review" link
// hands the game's record to whoever listens for the `dozito:review` event
// (the review viewer), with {detail: {record}}. After the first finished
// game the page asks the browser to keep its data (storage.persist()); the
// screen says whether it does, and offers the backup file (backup-store.js).
import { backupText, restoreBackup } from "./backup-store.js";
import { t } from "./i18n.js";
import { rules } from "./rules.js";
import { readPrefs, storePrefs } from "./save.js";
import { readStats, resetStats, storeStats } from "./stats-store.js";
import { addGame, gameId, gameSummary } from "./stats.js";
import { downloadRecord } from "./transfer.js";
import { confirmDialog, showNotice } from "./ui/dialogs.js";
import { fill } from "./ui/dom.js";
import { statsView } from "./ui/stats-view.js";

export const REVIEW_EVENT = "dozito:review";

let el = null; // {dialog, confirm, notice, restoreFile}
let shownName = null;
let persisted = null; // whether the browser keeps this site's data; null until it says
let message = ""; // what the last backup or restore did, shown in the screen

/** Read the stored stats, telling the player once if they had to be set aside. */
function load() {
  const { stats, broken, partial } = readStats();
  if (broken) showNotice(el.notice, partial ? t("stats.partlyBroken", { message: broken }) : t("stats.broken", { message: broken }), { kind: "warning" });
  return stats;
}

/** Ask the browser once to keep this site's data (no clearing under storage pressure). */
function askToPersist() {
  if (readPrefs().persistAsked || !navigator.storage?.persist) return;
  storePrefs({ persistAsked: true });
  navigator.storage.persist().then(
    (granted) => (persisted = granted),
    () => {},
  );
}

/**
 * Count a finished game (view at game over, the page's seats, the engine's
 * log and record text); once only. An imported one (played elsewhere) is
 * only listed, marked, until the player counts it.
 */
export function recordFinishedGame({ view, seats, log, recordText, imported = false }) {
  if (!seats.some((seat) => seat.kind === "human")) return; // an all-bot table has no player to keep figures for
  const stats = load();
  const id = gameId(recordText);
  if (stats.ids.includes(id) || stats.recent.some((game) => game.id === id)) return;
  const game = gameSummary({ id, date: new Date().toISOString(), view, seats, log, record: recordText });
  const stored = storeStats(imported ? { ...stats, recent: [{ ...game, imported: true }, ...stats.recent] } : addGame(stats, game));
  if (stored && !imported) askToPersist();
  if (el.dialog.open) render(); // a game that ends under the open screen shows at once
}

/** Count an imported game as played here, at the player's word. */
function countImported(game) {
  const stats = load();
  const played = { ...game };
  delete played.imported;
  storeStats(addGame({ ...stats, recent: stats.recent.filter((g) => g.id !== game.id) }, played));
  render();
}

function backup() {
  downloadRecord(backupText(), "dozito-backup");
  message = t("stats.backedUp");
  render();
}

async function restore(file) {
  try {
    const result = restoreBackup(await file.text());
    message = t("stats.restored", { count: result.added });
    if (result.unmerged) message += ` ${t("stats.unmerged", { count: result.unmerged })}`;
    if (result.problems.length) message += ` ${t("stats.restoreSkipped", { parts: result.problems.join(", ") })}`;
    // The backup's game in progress is now this device's save: the page resumes it.
    if (result.gameRestored) return location.reload();
  } catch (error) {
    message = t("stats.restoreFailed", { name: file.name, message: error.message });
  }
  render();
}

function render() {
  const stats = load();
  fill(
    el.dialog,
    statsView({
      stats,
      levels: rules().levels,
      name: shownName,
      persisted,
      message,
      onName: (name) => ((shownName = name), render()),
      onClose: () => el.dialog.close(),
      onCount: countImported,
      onBackup: backup,
      onRestore: () => el.restoreFile.click(),
      onExport: () => downloadRecord(JSON.stringify(stats, null, 1), "dozito-statistics"),
      onExportGame: (game) => downloadRecord(game.record),
      onReview: (game) => {
        el.dialog.close();
        document.dispatchEvent(new CustomEvent(REVIEW_EVENT, { detail: { record: game.record } }));
      },
      onReset: async () => {
        if (!(await confirmDialog(el.confirm, { message: t("stats.resetAsk"), confirm: t("stats.resetYes") }))) return;
        resetStats();
        render();
      },
    }),
  );
}

function open() {
  message = "";
  render();
  navigator.storage?.persisted?.().then(
    (kept) => {
      persisted = kept;
      if (el.dialog.open) render();
    },
    () => {},
  );
  el.dialog.setAttribute("aria-labelledby", "stats-title");
  el.dialog.showModal();
}

/** Wire the toolbar button and the dialog: {button, dialog, confirm, notice}. */
export function initStats(elements) {
  el = elements;
  el.button.addEventListener("click", open);
  el.restoreFile = Object.assign(document.createElement("input"), { type: "file", accept: ".json,application/json", hidden: true });
  el.restoreFile.dataset.testid = "restore-file";
  el.restoreFile.addEventListener("change", () => {
    const [file] = el.restoreFile.files;
    el.restoreFile.value = "";
    if (file) restore(file);
  });
  document.body.append(el.restoreFile);
}
