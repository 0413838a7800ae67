// The daily deal's share line: the engine's share data (the daily_expert
// op, py/dozito/daily.py) in words, then the player's final grid as the
// colour squares the engine made. No card face, nothing of the rules.
import { t } from "./i18n.js";

/** "Dozito daily #12 · You 58 · Expert 61" and three rows of squares. */
export function shareText(share) {
  return [t("daily.share", { number: share.number, you: share.you, expert: share.expert }), ...share.grid].join("\n");
}
