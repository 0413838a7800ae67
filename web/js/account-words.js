// The review's account in plain words: per player, how their score stood
// against the table's average, what luck gave or took, and the points their
// decisions gave up against the Expert's choices. The figures are the
// engine's (review_account, py/dozito/account.py); this only words them,
// rounded to a tenth so that "-0.0" never shows.
import { t } from "./i18n.js";

/** "above", "below" or "even": a figure's side of zero once rounded to a tenth. */
export function side(value) {
  const tenths = Math.round(value * 10);
  return tenths > 0 ? "above" : tenths < 0 ? "below" : "even";
}

/**
 * Each player's lines: [{seat, name, lines}]. account: the engine's rows;
 * mistakes: per seat, its judged decisions the review calls mistakes;
 * roundsDone: rounds over (luck and the score are counted over those).
 */
export function accountLines(account, { names, mistakes, roundsDone }) {
  return account.map((row) => {
    const who = names[row.seat];
    const lines = [];
    if (roundsDone > 0) {
      const gap = side(row.gap);
      lines.push(t(`review.account.gap.${gap}`, { who, points: Math.abs(row.gap) }));
      const luck = { above: "good", below: "bad", even: "even" }[side(row.luck)];
      lines.push(t(`review.account.luck.${luck}`, { who, points: Math.abs(row.luck) }));
    }
    const judged = { who, count: row.judged, points: row.decisions };
    if (row.judged === 0) lines.push(t("review.account.unjudged", { who }));
    else if (side(row.decisions) === "even") lines.push(t("review.account.decisionsNone", judged));
    else lines.push(t("review.account.decisions", judged));
    if (mistakes[row.seat] > 0) lines.push(t("review.account.mistakes", { count: mistakes[row.seat] }));
    return { seat: row.seat, name: who, lines };
  });
}
