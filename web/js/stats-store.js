// The statistics in localStorage, through save.js's guarded access (blocked
// or full storage never stops the page). Stored data is read field by field
// (stats-check.js): a copy of the text as stored goes to BROKEN_KEY (never
// over an earlier copy) when any part of it had to be left out, the rest is
// kept and stored again, and the caller tells the player.
import { readItem, removeItem, setAside, writeItem } from "./save.js";
import { checkStats } from "./stats-check.js";
import { emptyStats } from "./stats.js";

const STATS_KEY = "dozito.stats";
const BROKEN_KEY = "dozito.stats.broken";

/** {stats, broken, partial}: broken is why stored stats (all of them, or a part if partial) were set aside, else null. */
export function readStats() {
  const text = readItem(STATS_KEY);
  if (text === null) return { stats: emptyStats(), broken: null, partial: false };
  let checked;
  try {
    checked = checkStats(JSON.parse(text));
  } catch (error) {
    removeItem(STATS_KEY); // first: in a full storage that frees the room for its copy
    setAside(BROKEN_KEY, text);
    return { stats: emptyStats(), broken: error.message, partial: false };
  }
  const { stats, problems } = checked;
  if (!problems.length) return { stats, broken: null, partial: false };
  setAside(BROKEN_KEY, text);
  storeStats(stats);
  return { stats, broken: problems.join(", "), partial: true };
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
