// Stored statistics read back field by field (pure: no DOM, no storage). A
// player's figures or a recent game that cannot be used is left out and
// named in the problems, and everything else is kept: one odd entry never
// costs the other players their figures. Only data of another version, or
// no object at all, is refused whole (the caller sets it aside).
import { STATS_VERSION, dict } from "./stats.js";

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const count = (value) => Number.isSafeInteger(value) && value >= 0;
const isTally = (t) => isObject(t) && count(t.games) && count(t.wins) && t.wins <= t.games;
const arrayOf = (value, check) => Array.isArray(value) && value.every(check);
const isString = (value) => typeof value === "string";
const isNumber = (value) => Number.isFinite(value);

/** One player's figures as stored, copied into fresh lookups; null if any field is unusable. */
function checkPlayer(p) {
  if (!isTally(p) || !isTally(p.hinted) || !isObject(p.levels) || !Object.values(p.levels).every(isTally)) return null;
  for (const key of ["rounds", "bestChain", "streak", "bestStreak"]) if (!count(p[key])) return null;
  if (!isNumber(p.roundSum) || !(p.bestRound === null || isNumber(p.bestRound))) return null;
  const { games, wins, hinted, rounds, roundSum, bestRound, bestChain, streak, bestStreak } = p;
  return { games, wins, levels: dict(p.levels), hinted: { ...hinted }, rounds, roundSum, bestRound, bestChain, streak, bestStreak };
}

/** Whether a recent game has every field the statistics screen reads. */
export function isRecentGame(g) {
  if (!isObject(g) || !isString(g.id) || !isString(g.date) || Number.isNaN(Date.parse(g.date))) return false;
  const seats = g.names?.length;
  return (
    arrayOf(g.names, isString) &&
    arrayOf(g.seats, isString) &&
    g.seats.length === seats &&
    arrayOf(g.totals, isNumber) &&
    g.totals.length === seats &&
    arrayOf(g.winners, (w) => Number.isInteger(w) && w >= 0 && w < seats) &&
    arrayOf(g.rounds, (round) => arrayOf(round, isNumber) && round.length === seats) &&
    arrayOf(g.chains, count) &&
    typeof g.hinted === "boolean" &&
    (g.record === null || isString(g.record)) &&
    (g.imported === undefined || typeof g.imported === "boolean")
  );
}

/**
 * Stored stats as {stats, problems}: problems names each part left out
 * (empty if none). Throws for data that is no statistics of this version.
 *
 *     const { stats, problems } = checkStats(JSON.parse(text));
 */
export function checkStats(data) {
  if (!isObject(data)) throw new Error("not an object");
  if (data.version !== STATS_VERSION) throw new Error(`version ${JSON.stringify(data.version)}`);
  const problems = [];
  const players = dict();
  if (isObject(data.players)) {
    for (const [name, stored] of Object.entries(data.players)) {
      const player = checkPlayer(stored);
      if (player) players[name] = player;
      else problems.push(`player ${JSON.stringify(name)}`);
    }
  } else problems.push("players");
  const recent = Array.isArray(data.recent) ? data.recent.filter(isRecentGame) : [];
  if (!Array.isArray(data.recent) || recent.length < data.recent.length) problems.push("recent games");
  const ids = Array.isArray(data.ids) ? [...new Set(data.ids.filter(isString))] : [];
  if (!Array.isArray(data.ids) || ids.length < data.ids.length) problems.push("game ids");
  // A counted game listed in recent keeps its id, so it is never counted twice.
  for (const game of recent) if (!game.imported && !ids.includes(game.id)) ids.push(game.id);
  return { stats: { version: STATS_VERSION, ids, players, recent }, problems };
}
