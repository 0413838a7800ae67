// The backup as the page runs it: what this device holds, gathered into one
// backup (backup.js), and a backup restored into it by merging: the
// statistics add up without counting a game twice; a game in progress here
// stays, the backup's goes to the kept slot (offered back like an address's
// replaced game); preferences and the language chosen here win, the
// backup's fill what is unset; the daily deal's results merge as the
// statistics do (daily-results.js mergeDaily: no try twice, one counted a day).
import { BACKUP_FORMAT, checkBackup, makeBackup, mergeStats } from "./backup.js";
import { mergeDaily } from "./daily-results.js";
import { DAILY_KEY, readDaily, storeDaily } from "./daily-store.js";
import { keepGame, readItem, readPrefs, readSaveWrappers, storeGame, storePrefs, writeItem } from "./save.js";
import { readStats, storeStats } from "./stats-store.js";

const LANG_KEY = "dozito.lang"; // i18n.js's

/** The backup of this device, as the text of its file. */
export function backupText(date = new Date()) {
  const { game, kept } = readSaveWrappers();
  return JSON.stringify(
    makeBackup({
      game,
      kept,
      stats: readStats().stats,
      daily: readItem(DAILY_KEY) === null ? null : readDaily().daily,
      prefs: readPrefs(),
      lang: readItem(LANG_KEY),
      date,
    }),
  );
}

/** Whether a file's text is a backup (rather than a game record or a save). */
export function isBackupText(text) {
  try {
    return JSON.parse(text)?.format === BACKUP_FORMAT;
  } catch {
    return false;
  }
}

/**
 * Merge a backup file's text into this device: {added, unmerged, dailyAdded, problems,
 * gameRestored} (gameRestored: the backup's game in progress is now the
 * saved game, for the page to resume). Throws for text that is no backup.
 */
export function restoreBackup(text) {
  const { parts, problems } = checkBackup(JSON.parse(text));
  const { stats, added, unmerged } = mergeStats(readStats().stats, parts.stats);
  if (!storeStats(stats)) problems.push("stats: the storage is full");
  const here = readSaveWrappers();
  const same = (a, b) => a?.record === b?.record;
  let gameRestored = false;
  for (const save of [parts.game, parts.kept]) {
    if (!save || same(save, here.game) || same(save, here.kept)) continue;
    if (!here.game) gameRestored = here.game = storeGame(save) && save;
    else if (!here.kept) here.kept = keepGame(save) && save;
    else problems.push("game: a game is already kept here");
  }
  storePrefs({ ...parts.prefs, ...readPrefs() });
  if (parts.lang && readItem(LANG_KEY) === null) writeItem(LANG_KEY, parts.lang);
  let dailyAdded = 0;
  if (parts.daily) {
    const merged = mergeDaily(readDaily().daily, parts.daily);
    dailyAdded = merged.added;
    if (dailyAdded && !storeDaily(merged.daily)) problems.push("daily: the storage is full");
  }
  return { added, unmerged, dailyAdded, problems, gameRestored: Boolean(gameRestored) };
}
