// The statistics in localStorage, through save.js's guarded access (blocked
// or full storage never stops the page). Stored data is read field by field
// (stats-check.js): a copy of the text as stored goes to BROKEN_KEY (never
// over an earlier copy) when any part of it had to be left out, the rest is
// kept and stored again, and the caller tells the player.
import { readChecked, removeItem, writeItem } from "./save.js";
import { checkStats } from "./stats-check.js";
import { emptyStats } from "./stats.js";

const STATS_KEY = "dozito.stats";
const BROKEN_KEY = "dozito.stats.broken";

/** {stats, broken, partial}: broken is why stored stats (all of them, or a part if partial) were set aside, else null. */
export function readStats() {
  const { checked, broken, partial } = readChecked(STATS_KEY, BROKEN_KEY, checkStats);
  if (partial) storeStats(checked.stats);
  return { stats: checked?.stats ?? emptyStats(), broken, partial };
}

/**
 * Store the stats; false if the browser refused. A full storage first loses
 * the oldest games' records (their review and export links), never the counts.
 */
export function storeStats(stats) {
  let recent = stats.recent;
  for (;;) {
    if (writeItem(STATS_KEY, JSON.stringify({ ...stats, recent }))) return true;
    const oldest = recent.findLastIndex((game) => game.record !== null);
    if (oldest < 0) return false;
    recent = recent.map((game, i) => (i === oldest ? { ...game, record: null } : game));
  }
}

export function resetStats() {
  removeItem(STATS_KEY);
}
