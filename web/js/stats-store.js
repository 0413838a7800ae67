// The statistics in localStorage, through save.js's guarded access (blocked
// or full storage never stops the page). Stored data that cannot be used is
// moved aside to BROKEN_KEY, like a bad save, and the caller tells the player.
import { readItem, removeItem, writeItem } from "./save.js";
import { checkStats, emptyStats } from "./stats.js";

const STATS_KEY = "dozito.stats";
const BROKEN_KEY = "dozito.stats.broken";

/** {stats, broken}: broken is the reason stored stats were set aside, else null. */
export function readStats() {
  const text = readItem(STATS_KEY);
  if (text === null) return { stats: emptyStats(), broken: null };
  try {
    return { stats: checkStats(JSON.parse(text)), broken: null };
  } catch (error) {
    removeItem(STATS_KEY);
    writeItem(BROKEN_KEY, text);
    return { stats: emptyStats(), broken: error.message };
  }
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
