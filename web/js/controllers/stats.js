// Statistics as the page runs them: a finished game is added once (keyed by
// its record's hash, so reloads and resumes change nothing), the screen opens
// from the toolbar in its own dialog, and reset asks first. The "review" link
// hands the game's record to whoever listens for the `dozito:review` event
// (the review viewer), with {detail: {record}}. After the first finished
// game the page asks the browser to keep its data (storage.persist()); the
// screen says whether it does, and offers the backup file (backup-store.js).
//
//   const stats = new StatsController({ button, dialog, confirm, notice });
//   stats.recordFinishedGame({ view, seats, log, recordText });
import { backupText, restoreBackup } from "../backup-store.js";
import { emptyDaily, streaks, today } from "../daily-results.js";
import { readDaily, storeDaily } from "../daily-store.js";
import { t } from "../i18n.js";
import { rules } from "../rules.js";
import { readPrefs, storePrefs } from "../save.js";
import { readStats, resetStats, storeStats } from "../stats-store.js";
import { addGame, gameId, gameSummary } from "../stats.js";
import { downloadRecord } from "../transfer.js";
import { confirmDialog, showNotice } from "../ui/dialogs.js";
import { fill } from "../ui/dom.js";
import { statsView } from "../ui/stats-view.js";

export const REVIEW_EVENT = "dozito:review";

export class StatsController {
  /** el: {button, dialog, confirm, notice}; the button opens the dialog. */
  constructor(el) {
    this.el = el;
    this.shownName = null; // the player whose figures the screen shows (null: the first)
    this.persisted = null; // whether the browser keeps this site's data; null until it says
    this.message = ""; // what the last backup or restore did, shown in the screen
    el.button.addEventListener("click", () => this.open());
    this.restoreFile = Object.assign(document.createElement("input"), { type: "file", accept: ".json,application/json", hidden: true });
    this.restoreFile.dataset.testid = "restore-file";
    this.restoreFile.addEventListener("change", () => {
      const [file] = this.restoreFile.files;
      this.restoreFile.value = "";
      if (file) this.restore(file);
    });
    document.body.append(this.restoreFile);
  }

  /** Read the stored stats, telling the player once if they had to be set aside. */
  load() {
    const { stats, broken, partial } = readStats();
    if (broken)
      showNotice(this.el.notice, partial ? t("stats.partlyBroken", { message: broken }) : t("stats.broken", { message: broken }), { kind: "warning" });
    return stats;
  }

  /**
   * Count a finished game (view at game over, the page's seats, the engine's
   * log and record text); once only. An imported one (played elsewhere) is
   * only listed, marked, until the player counts it.
   */
  recordFinishedGame({ view, seats, log, recordText, imported = false }) {
    if (!seats.some((seat) => seat.kind === "human")) return; // an all-bot table has no player to keep figures for
    const stats = this.load();
    const id = gameId(recordText);
    if (stats.ids.includes(id) || stats.recent.some((game) => game.id === id)) return;
    const game = gameSummary({ id, date: new Date().toISOString(), view, seats, log, record: recordText });
    const stored = storeStats(imported ? { ...stats, recent: [{ ...game, imported: true }, ...stats.recent] } : addGame(stats, game));
    if (stored && !imported) this.askToPersist();
    if (this.el.dialog.open) this.render(); // a game that ends under the open screen shows at once
  }

  /** Ask the browser once to keep this site's data (no clearing under storage pressure). */
  askToPersist() {
    if (readPrefs().persistAsked || !navigator.storage?.persist) return;
    storePrefs({ persistAsked: true });
    navigator.storage.persist().then(
      (granted) => (this.persisted = granted),
      () => {},
    );
  }

  /** Count an imported game as played here, at the player's word. */
  countImported(game) {
    const stats = this.load();
    const played = { ...game };
    delete played.imported;
    storeStats(addGame({ ...stats, recent: stats.recent.filter((g) => g.id !== game.id) }, played));
    this.render();
  }

  backup() {
    downloadRecord(backupText(), "dozito-backup");
    this.message = t("stats.backedUp");
    this.render();
  }

  async restore(file) {
    try {
      const result = restoreBackup(await file.text());
      this.message = t("stats.restored", { count: result.added });
      if (result.dailyAdded) this.message += ` ${t("stats.dailyRestored", { count: result.dailyAdded })}`;
      if (result.unmerged) this.message += ` ${t("stats.unmerged", { count: result.unmerged })}`;
      if (result.problems.length) this.message += ` ${t("stats.restoreSkipped", { parts: result.problems.join(", ") })}`;
      // The backup's game in progress is now this device's save: the page resumes it.
      if (result.gameRestored) return location.reload();
    } catch (error) {
      this.message = t("stats.restoreFailed", { name: file.name, message: error.message });
    }
    this.render();
  }

  render() {
    const { el } = this;
    const stats = this.load();
    const { results } = readDaily().daily; // a broken part is told by the daily deal's own controller
    fill(
      el.dialog,
      statsView({
        stats,
        daily: { results, streak: streaks({ results }, today()) },
        levels: rules().levels,
        name: this.shownName,
        persisted: this.persisted,
        message: this.message,
        onName: (name) => ((this.shownName = name), this.render()),
        onClose: () => el.dialog.close(),
        onCount: (game) => this.countImported(game),
        onBackup: () => this.backup(),
        onRestore: () => this.restoreFile.click(),
        onExport: () => downloadRecord(JSON.stringify(stats, null, 1), "dozito-statistics"),
        onExportGame: (game) => downloadRecord(game.record),
        onReview: (game) => {
          el.dialog.close();
          document.dispatchEvent(new CustomEvent(REVIEW_EVENT, { detail: { record: game.record } }));
        },
        onReset: async () => {
          if (!(await confirmDialog(el.confirm, { message: t("stats.resetAsk"), confirm: t("stats.resetYes") }))) return;
          resetStats();
          storeDaily({ ...emptyDaily(), playing: readDaily().daily.playing }); // the daily results too; a daily game under way stays one
          this.render();
        },
      }),
    );
  }

  open() {
    this.message = "";
    this.render();
    navigator.storage?.persisted?.().then(
      (kept) => {
        this.persisted = kept;
        if (this.el.dialog.open) this.render();
      },
      () => {},
    );
    this.el.dialog.setAttribute("aria-labelledby", "stats-title");
    this.el.dialog.showModal();
  }
}
