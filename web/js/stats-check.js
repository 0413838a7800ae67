// Stored statistics read back field by field (pure: no DOM, no storage). A
// player's figures or a recent game that cannot be used is left out and
// named in the problems, and everything else is kept: one odd entry never
// costs the other players their figures. Only data of another version, or
// no object at all, is refused whole (the caller sets it aside). Version 1
// (games with hints kept out of every figure but their own tally) is read
// and brought to version 2.
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
 * Version 1's players brought to version 2, where a game with hints counts
 * in every figure: its tally joins the games and wins, and each such game
 * still among the recent ones gives its levels, rounds and chain (older
 * ones are known only by that tally).
 */
function fromVersion1(players, recent, ids) {
  for (const game of recent) {
    if (!game.hinted || game.imported || !ids.includes(game.id)) continue;
    const bots = new Set(game.seats.filter((seat) => seat !== "human"));
    for (const name of new Set(game.names.filter((_, i) => game.seats[i] === "human"))) {
      const p = players[name];
      const seat = game.names.indexOf(name);
      if (!p) continue;
      for (const level of bots) {
        const won = game.winners.includes(seat) ? 1 : 0;
        p.levels[level] = { games: (p.levels[level]?.games ?? 0) + 1, wins: (p.levels[level]?.wins ?? 0) + won };
      }
      const mine = game.rounds.map((round) => round[seat]);
      p.rounds += mine.length;
      p.roundSum += mine.reduce((a, b) => a + b, 0);
      if (mine.length) p.bestRound = Math.max(p.bestRound ?? -Infinity, ...mine);
      p.bestChain = Math.max(p.bestChain, game.chains[seat] ?? 0);
    }
  }
  for (const p of Object.values(players)) Object.assign(p, { games: p.games + p.hinted.games, wins: p.wins + p.hinted.wins });
}

/**
 * Stored stats as {stats, problems}: problems names each part left out
 * (empty if none). Throws for data that is no statistics of this version.
 *
 *     const { stats, problems } = checkStats(JSON.parse(text));
 */
export function checkStats(data) {
  if (!isObject(data)) throw new Error("not an object");
  if (data.version !== STATS_VERSION && data.version !== 1) throw new Error(`version ${JSON.stringify(data.version)}`);
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
  if (data.version === 1) fromVersion1(players, recent, ids);
  return { stats: { version: STATS_VERSION, ids, players, recent }, problems };
}
