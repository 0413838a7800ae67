// Statistics as the page runs them: a finished game is added once (keyed by
// its record's hash, so reloads and resumes change nothing), the screen opens
// from the toolbar in its own dialog, and reset asks first. The "review" link
// hands the game's record to whoever listens for the `dozito:review` event
// (the review viewer), with {detail: {record}}.
//
//   const stats = new StatsController({ button, dialog, confirm, notice });
//   stats.recordFinishedGame({ view, seats, log, recordText });
import { t } from "../i18n.js";
import { rules } from "../rules.js";
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
    el.button.addEventListener("click", () => this.open());
  }

  /** Read the stored stats, telling the player once if they had to be set aside. */
  load() {
    const { stats, broken } = readStats();
    if (broken) showNotice(this.el.notice, t("stats.broken", { message: broken }), { kind: "warning" });
    return stats;
  }

  /** Count a finished game (view at game over, the page's seats, the engine's log and record text); once only. */
  recordFinishedGame({ view, seats, log, recordText }) {
    if (!seats.some((seat) => seat.kind === "human")) return; // an all-bot table has no player to keep figures for
    const stats = this.load();
    const id = gameId(recordText);
    if (stats.ids.includes(id)) return;
    const game = gameSummary({ id, date: new Date().toISOString(), view, seats, log, record: recordText });
    storeStats(addGame(stats, game));
    if (this.el.dialog.open) this.render(); // a game that ends under the open screen shows at once
  }

  render() {
    const { el } = this;
    const stats = this.load();
    fill(
      el.dialog,
      statsView({
        stats,
        levels: rules().levels,
        name: this.shownName,
        onName: (name) => ((this.shownName = name), this.render()),
        onClose: () => el.dialog.close(),
        onExport: () => downloadRecord(JSON.stringify(stats, null, 1), "dozito-statistics"),
        onExportGame: (game) => downloadRecord(game.record),
        onReview: (game) => {
          el.dialog.close();
          document.dispatchEvent(new CustomEvent(REVIEW_EVENT, { detail: { record: game.record } }));
        },
        onReset: async () => {
          if (!(await confirmDialog(el.confirm, { message: t("stats.resetAsk"), confirm: t("stats.resetYes") }))) return;
          resetStats();
          this.render();
        },
      }),
    );
  }

  open() {
    this.render();
    this.el.dialog.setAttribute("aria-labelledby", "stats-title");
    this.el.dialog.showModal();
  }
}
