// Statistics of finished games, as pure data (no DOM, no storage): what one
// game adds to the record kept on this device, and the figures per human
// name. The game's facts come from the engine's final view and log; nothing
// here scores a grid, decides a winner or counts a chain. Every finished
// game counts in every figure; one where a hint was asked is also tallied as
// helped (version 2: version 1 kept those out of the other figures).

export const STATS_VERSION = 2;
export const RECENT_GAMES = 50;

/**
 * A lookup keyed by a player's or a level's text: no prototype, so a name
 * such as "constructor" or "__proto__" is a key like any other.
 */
export const dict = (entries = {}) => Object.assign(Object.create(null), entries);

export const emptyStats = () => ({ version: STATS_VERSION, ids: [], players: dict(), recent: [] });

/**
 * A stable id for a finished game: a hash of the engine's record text (seed,
 * seats and every action), the same however often the game is reloaded.
 */
export function gameId(recordText) {
  // cyrb53: 53 bits of a fast string hash; collisions between games are negligible.
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < recordText.length; i++) {
    const code = recordText.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `g${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}-${recordText.length}`;
}

/** Per seat, its longest chain of one turn: the engine's turn_end events of the game's log. */
export function longestChains(log, seats) {
  const chains = Array.from({ length: seats }, () => 0);
  for (const event of log) if (event.type === "turn_end") chains[event.seat] = Math.max(chains[event.seat], event.chain);
  return chains;
}

/**
 * The facts of one finished game the statistics keep: {id, date, names,
 * seats ("human" or a level), totals, winners, rounds (per round, per seat),
 * chains, hinted, record}.
 */
export function gameSummary({ id, date, view, seats, log, record }) {
  return {
    id,
    date,
    names: [...view.names],
    seats: seats.map((seat) => (seat.kind === "human" ? "human" : seat.level)),
    totals: [...view.totals],
    winners: [...view.winners],
    rounds: view.round_scores.map((round) => [...round]),
    chains: longestChains(log, view.names.length),
    hinted: log.some((event) => event.type === "aid" && event.kind === "hint"),
    record,
  };
}

const emptyTally = () => ({ games: 0, wins: 0 });
const emptyPlayer = () => ({
  games: 0,
  wins: 0,
  levels: dict(), // bot level -> {games, wins}: games with at least one bot of that level
  hinted: emptyTally(), // the games where a hint was asked (counted in every other figure too)
  rounds: 0,
  roundSum: 0,
  bestRound: null,
  bestChain: 0,
  streak: 0, // wins in a row, up to the last game
  bestStreak: 0,
});

/** The stats with one more finished game; a game already counted leaves them as they are. */
export function addGame(stats, game) {
  if (stats.ids.includes(game.id)) return stats;
  const players = dict(stats.players);
  const counted = new Set(); // two hot-seat humans of one name play one game under it
  game.seats.forEach((seat, i) => {
    const name = game.names[i];
    if (seat !== "human" || counted.has(name)) return;
    counted.add(name);
    const before = players[name] ?? emptyPlayer();
    const won = game.winners.includes(i);
    const tally = (t) => ({ games: t.games + 1, wins: t.wins + (won ? 1 : 0) });
    const levels = dict(before.levels);
    for (const level of new Set(game.seats.filter((s) => s !== "human"))) levels[level] = tally(levels[level] ?? emptyTally());
    const mine = game.rounds.map((round) => round[i]);
    const streak = won ? before.streak + 1 : 0;
    players[name] = {
      ...before,
      ...tally(before),
      hinted: game.hinted ? tally(before.hinted) : before.hinted,
      levels,
      rounds: before.rounds + mine.length,
      roundSum: before.roundSum + mine.reduce((a, b) => a + b, 0),
      bestRound: mine.length ? Math.max(before.bestRound ?? -Infinity, ...mine) : before.bestRound,
      bestChain: Math.max(before.bestChain, game.chains[i] ?? 0),
      streak,
      bestStreak: Math.max(before.bestStreak, streak),
    };
  });
  const recent = [game, ...stats.recent].slice(0, RECENT_GAMES);
  return { ...stats, ids: [...stats.ids, game.id], players, recent };
}

const rate = ({ games, wins }) => (games ? wins / games : null);

/** The figures shown for one name: rates and the mean worked out, levels in the engine's order. */
export function playerFigures(stats, name, levelOrder) {
  const p = (Object.hasOwn(stats.players, name) && stats.players[name]) || emptyPlayer();
  return {
    games: p.games,
    wins: p.wins,
    winRate: rate(p),
    levels: levelOrder.filter((level) => p.levels[level]).map((level) => ({ level, ...p.levels[level], winRate: rate(p.levels[level]) })),
    bestRound: p.bestRound,
    meanRound: p.rounds ? p.roundSum / p.rounds : null,
    bestChain: p.bestChain,
    streak: p.streak,
    bestStreak: p.bestStreak,
    hinted: { ...p.hinted, winRate: rate(p.hinted) },
  };
}

/** One name's final score in each recent game it played, oldest first (for the chart). */
export function scoreHistory(stats, name) {
  return stats.recent
    .filter((game) => game.seats.some((seat, i) => seat === "human" && game.names[i] === name))
    .map((game) => ({ date: game.date, total: game.totals[game.names.indexOf(name)], won: game.winners.includes(game.names.indexOf(name)) }))
    .reverse();
}

/** Human names on record, the most played first. */
export function playerNames(stats) {
  const played = (name) => stats.players[name].games;
  return Object.keys(stats.players).sort((a, b) => played(b) - played(a) || a.localeCompare(b));
}
