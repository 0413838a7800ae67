// The backup file (pure: no DOM, no storage): everything the player has on
// this device in one JSON object, and the merge of one into what is here.
// Format "dozito-backup", version 1 (docs/engine-contract.md, "The backup
// file"): the game in progress and the kept one (page saves), the
// statistics (their last games hold the finished games' records), the daily
// results (a slot with a version of its own), the preferences and the
// language. Each part is checked alone on restore: an unusable part is
// named and skipped, the others are restored.
import { checkDaily } from "./daily-results.js";
import { checkPrefs } from "./prefs.js";
import { unwrapSave } from "./save.js";
import { checkStats } from "./stats-check.js";
import { RECENT_GAMES, addGame, dict, emptyStats } from "./stats.js";

export const BACKUP_FORMAT = "dozito-backup";
export const BACKUP_VERSION = 1;

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * The backup of what is here: {game, kept, stats, daily, prefs, lang}, each
 * as stored (null when absent).
 *
 *     JSON.stringify(makeBackup({ game: save, stats, prefs, date: new Date() }))
 */
export function makeBackup({ game = null, kept = null, stats, daily = null, prefs = {}, lang = null, date }) {
  return { format: BACKUP_FORMAT, version: BACKUP_VERSION, made: date.toISOString(), game, kept, stats, daily, prefs, lang };
}

/** A page save, checked as the page checks one (its record is the engine's to judge, on resume); null if unusable. */
function checkSave(save) {
  try {
    unwrapSave(save);
    return save;
  } catch {
    return null;
  }
}

/**
 * A parsed backup file, part by part: {parts, problems}. Throws for a file
 * that is no backup of a version this page reads.
 */
export function checkBackup(data) {
  if (!isObject(data) || data.format !== BACKUP_FORMAT) throw new Error("not a Dozito backup");
  if (data.version !== BACKUP_VERSION) throw new Error(`backup version ${JSON.stringify(data.version)}`);
  const problems = [];
  const part = (name, check) => {
    if (data[name] === null || data[name] === undefined) return null;
    const value = check(data[name]);
    if (value === null) problems.push(name);
    return value;
  };
  // A part read field by field (its check throws for data it cannot use at all): what it left out is named.
  const fields = (name, check, key) => (value) => {
    try {
      const checked = check(value);
      problems.push(...checked.problems.map((what) => `${name}: ${what}`));
      return checked[key];
    } catch {
      return null;
    }
  };
  const stats = part("stats", fields("stats", checkStats, "stats"));
  const prefs = part("prefs", (value) => (isObject(value) ? checkPrefs(value).prefs : null));
  const parts = {
    game: part("game", checkSave),
    kept: part("kept", checkSave),
    stats: stats ?? emptyStats(),
    daily: part("daily", fields("daily", checkDaily, "daily")),
    prefs: prefs ?? {},
    lang: part("lang", (value) => (typeof value === "string" && /^[a-z]{2,3}$/.test(value) ? value : null)),
  };
  return { parts, problems };
}

/** Two figures of one player summed (the two sides counted no game in common). */
function sumPlayers(a, b, bNewer) {
  const levels = dict(a.levels);
  for (const [level, t] of Object.entries(b.levels))
    levels[level] = { games: (levels[level]?.games ?? 0) + t.games, wins: (levels[level]?.wins ?? 0) + t.wins };
  const best = (x, y) => (x === null ? y : y === null ? x : Math.max(x, y));
  return {
    games: a.games + b.games,
    wins: a.wins + b.wins,
    levels,
    hinted: { games: a.hinted.games + b.hinted.games, wins: a.hinted.wins + b.hinted.wins },
    rounds: a.rounds + b.rounds,
    roundSum: a.roundSum + b.roundSum,
    bestRound: best(a.bestRound, b.bestRound),
    bestChain: Math.max(a.bestChain, b.bestChain),
    streak: bNewer ? b.streak : a.streak, // the streak up to the newest game of the two
    bestStreak: Math.max(a.bestStreak, b.bestStreak),
  };
}

/** Both sides' last games, each once, newest first. */
function unionRecent(a, b) {
  const byId = new Map([...b.recent, ...a.recent].map((game) => [game.id, game]));
  return [...byId.values()].sort((x, y) => y.date.localeCompare(x.date)).slice(0, RECENT_GAMES);
}

/**
 * Statistics here merged with a backup's: {stats, added, unmerged}. No game
 * is counted twice (games are known by their record's hash) and none here is
 * lost. Disjoint sides add up; a backup that holds every game here replaces
 * the figures; otherwise the backup's games missing here are added from its
 * last games, and those it has only as totals are named in unmerged.
 */
export function mergeStats(here, backup) {
  const fresh = backup.ids.filter((id) => !here.ids.includes(id));
  const recent = unionRecent(here, backup);
  if (!fresh.length) return { stats: { ...here, recent }, added: 0, unmerged: 0 };
  const newer = (backup.recent[0]?.date ?? "") > (here.recent[0]?.date ?? "");
  if (fresh.length === backup.ids.length || here.ids.every((id) => backup.ids.includes(id))) {
    const superset = fresh.length !== backup.ids.length;
    const players = dict(superset ? backup.players : here.players);
    if (!superset) for (const [name, p] of Object.entries(backup.players)) players[name] = players[name] ? sumPlayers(players[name], p, newer) : p;
    return { stats: { ...here, ids: [...new Set([...here.ids, ...backup.ids])], players, recent }, added: fresh.length, unmerged: 0 };
  }
  let stats = here;
  const summaries = new Map(backup.recent.map((game) => [game.id, game]));
  const addable = fresh.filter((id) => summaries.has(id)); // ids are kept oldest first: the streaks add up in order
  for (const id of addable) stats = addGame(stats, summaries.get(id));
  return { stats: { ...stats, recent: unionRecent(stats, backup) }, added: addable.length, unmerged: fresh.length - addable.length };
}
