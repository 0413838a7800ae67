// The statistics: what a finished game adds per human name (wins per bot
// level, rounds, chains, streaks, hinted games apart), a game counted once,
// and the store setting unusable data aside and shedding old records when full.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { checkStats } from "../../web/js/stats-check.js";
import { RECENT_GAMES, addGame, emptyStats, gameId, gameSummary, playerFigures, playerNames, scoreHistory } from "../../web/js/stats.js";
import { readStats, storeStats } from "../../web/js/stats-store.js";
import { installStorage } from "./memory-storage.mjs";

const LEVELS = ["rookie", "casual", "sharp", "expert"];

/** A finished game's summary: Ann (human) against the given bots; Ann's totals per round. */
function game(n, { bots = ["casual"], annRounds = [10], won = true, hinted = false, log = [], chains = null, name = "Ann" } = {}) {
  const names = [name, ...bots.map((_, i) => `Bot ${i + 1}`)];
  const rounds = annRounds.map((score) => [score, ...bots.map(() => 5)]);
  const totals = names.map((_, seat) => rounds.reduce((sum, round) => sum + round[seat], 0));
  const aids = hinted ? [{ type: "aid", kind: "hint" }] : [];
  // The engine's log: one turn_end per seat with that seat's longest chain.
  const turns = (chains ?? []).map((chain, seat) => ({ type: "turn_end", seat, chain }));
  return gameSummary({
    id: `game-${n}`,
    date: `2026-12-01T10:${String(n).padStart(2, "0")}:00Z`,
    view: { names, totals, winners: won ? [0] : [1], round_scores: rounds },
    seats: [{ kind: "human" }, ...bots.map((level) => ({ kind: "bot", level }))],
    log: [...log, ...turns, ...aids],
    record: `{"n":${n}}`,
  });
}

test("a game id is stable for the same record and differs for another", () => {
  const text = '{"format":"dozito/1","seed":12345678901234567890,"actions":["draw","place:3"]}';
  assert.equal(gameId(text), gameId(`${text}`));
  assert.notEqual(gameId(text), gameId(text.replace("place:3", "place:4")));
});

test("games, wins and win rate per bot level; a game against two levels counts for both", () => {
  let stats = emptyStats();
  stats = addGame(stats, game(1, { bots: ["casual"], won: true }));
  stats = addGame(stats, game(2, { bots: ["casual", "expert"], won: false }));
  stats = addGame(stats, game(3, { bots: ["expert", "expert"], won: true }));
  const ann = playerFigures(stats, "Ann", LEVELS);
  assert.equal(ann.games, 3);
  assert.equal(ann.wins, 2);
  assert.equal(ann.winRate, 2 / 3);
  assert.deepEqual(ann.levels, [
    { level: "casual", games: 2, wins: 1, winRate: 0.5 },
    { level: "expert", games: 2, wins: 1, winRate: 0.5 },
  ]);
  assert.deepEqual(playerNames(stats), ["Ann"]); // bots have no statistics
});

test("a game already counted is not counted again", () => {
  const once = addGame(emptyStats(), game(1));
  const twice = addGame(once, game(1));
  assert.equal(twice, once);
  assert.equal(playerFigures(twice, "Ann", LEVELS).games, 1);
  assert.equal(twice.ids.length, 1);
});

test("best and mean round, and streaks of wins", () => {
  let stats = emptyStats();
  for (const [n, won, annRounds] of [
    [1, true, [4, 20]],
    [2, true, [-3]],
    [3, true, [12]],
    [4, false, [7]],
    [5, true, [1]],
  ]) {
    stats = addGame(stats, game(n, { won, annRounds }));
  }
  const ann = playerFigures(stats, "Ann", LEVELS);
  assert.equal(ann.bestRound, 20);
  assert.equal(ann.meanRound, (4 + 20 - 3 + 12 + 7 + 1) / 6);
  assert.equal(ann.bestStreak, 3);
  assert.equal(ann.streak, 1);
});

test("the best chain is the engine's longest chain of one turn, the best of the player's games", () => {
  let stats = addGame(emptyStats(), game(1, { chains: [3, 5] }));
  assert.equal(playerFigures(stats, "Ann", LEVELS).bestChain, 3, "Ann's own, not the bot's");
  stats = addGame(stats, game(2, { chains: [2, 0] }));
  assert.equal(playerFigures(stats, "Ann", LEVELS).bestChain, 3);
  stats = addGame(stats, game(3, { chains: [4, 0] }));
  assert.equal(playerFigures(stats, "Ann", LEVELS).bestChain, 4);
});

test("the longest chain is read from the engine's turn_end events, every turn of the game", () => {
  const log = [
    { type: "turn_end", seat: 0, chain: 2 },
    { type: "place", seat: 0, spot: 3 },
    { type: "turn_end", seat: 1, chain: 4 },
    { type: "turn_end", seat: 0, chain: 5 },
    { type: "turn_end", seat: 0, chain: 1 },
  ];
  assert.deepEqual(game(1, { log }).chains, [5, 4]);
});

test("a game with hints counts in every figure, and is tallied as helped (issue 25)", () => {
  // The game: one hint, a chain of 5; the screen said "Games 0, longest chain 0".
  let stats = addGame(emptyStats(), game(1, { won: true, hinted: true, annRounds: [50], chains: [5, 2] }));
  let ann = playerFigures(stats, "Ann", LEVELS);
  assert.equal(ann.games, 1);
  assert.equal(ann.wins, 1);
  assert.equal(ann.bestChain, 5);
  assert.equal(ann.bestRound, 50);
  assert.deepEqual(ann.levels, [{ level: "casual", games: 1, wins: 1, winRate: 1 }]);
  assert.deepEqual(ann.hinted, { games: 1, wins: 1, winRate: 1 });
  stats = addGame(stats, game(2, { won: false, annRounds: [3] }));
  ann = playerFigures(stats, "Ann", LEVELS);
  assert.equal(ann.games, 2);
  assert.deepEqual(ann.hinted, { games: 1, wins: 1, winRate: 1 });
  assert.equal(stats.recent[1].hinted, true); // the list marks it
  assert.equal(stats.ids.length, 2);
});

test("version 1 statistics are read as version 2: games with hints join every figure", () => {
  // Version 1 kept a hinted game out of games, wins, levels, rounds and chains.
  const hinted = { ...game(2, { won: true, hinted: true, annRounds: [40], chains: [6, 1] }) };
  const plain = game(1, { won: false, annRounds: [3], chains: [2, 0] });
  const v1 = {
    version: 1,
    ids: [plain.id, hinted.id],
    players: {
      Ann: {
        games: 2, // one plain game here, one more that fell out of the recent list
        wins: 0,
        levels: { casual: { games: 2, wins: 0 } },
        hinted: { games: 2, wins: 1 }, // one still listed, one only in this tally
        rounds: 2,
        roundSum: 5,
        bestRound: 3,
        bestChain: 2,
        streak: 0,
        bestStreak: 1,
      },
    },
    recent: [hinted, plain],
  };
  const { stats, problems } = checkStats(JSON.parse(JSON.stringify(v1)));
  assert.deepEqual(problems, []);
  assert.equal(stats.version, 2);
  const ann = playerFigures(stats, "Ann", LEVELS);
  assert.equal(ann.games, 4);
  assert.equal(ann.wins, 1);
  assert.deepEqual(ann.hinted, { games: 2, wins: 1, winRate: 0.5 });
  assert.deepEqual(ann.levels, [{ level: "casual", games: 3, wins: 1, winRate: 1 / 3 }]);
  assert.equal(ann.bestChain, 6);
  assert.equal(ann.bestRound, 40);
  assert.equal(ann.meanRound, 45 / 3);
});

test("the last games are kept, newest first; the score history is oldest first", () => {
  let stats = emptyStats();
  for (let n = 1; n <= RECENT_GAMES + 5; n++) stats = addGame(stats, game(n, { annRounds: [n] }));
  assert.equal(stats.recent.length, RECENT_GAMES);
  assert.equal(stats.recent[0].id, `game-${RECENT_GAMES + 5}`);
  assert.equal(playerFigures(stats, "Ann", LEVELS).games, RECENT_GAMES + 5); // the counts keep every game
  const history = scoreHistory(stats, "Ann");
  assert.equal(history.length, RECENT_GAMES);
  assert.equal(history.at(-1).total, RECENT_GAMES + 5);
});

// --- the store ---------------------------------------------------------------

let storage;
beforeEach(() => {
  storage = installStorage();
});

test("stats stored come back the same", () => {
  const stats = addGame(emptyStats(), game(1));
  assert.equal(storeStats(stats), true);
  assert.deepEqual(readStats(), { stats, broken: null, partial: false });
});

test("unusable stored stats are set aside, and the page starts from empty ones", () => {
  for (const [n, text] of ["{not json", '{"version":99}', "[]"].entries()) {
    storage.setItem("dozito.stats", text);
    const { stats, broken } = readStats();
    assert.deepEqual(stats, emptyStats());
    assert.ok(broken);
    assert.equal(storage.getItem("dozito.stats"), null);
    assert.equal(storage.getItem(n ? `dozito.stats.broken.${n + 1}` : "dozito.stats.broken"), text);
  }
});

test("a full storage loses the oldest records first, never the counts", () => {
  let stats = emptyStats();
  for (let n = 1; n <= 3; n++) stats = addGame(stats, { ...game(n), record: "x".repeat(1000) });
  storage.limit = JSON.stringify(stats).length - 1500; // room for one record less than two
  assert.equal(storeStats(stats), true);
  const kept = checkStats(JSON.parse(storage.getItem("dozito.stats"))).stats;
  assert.deepEqual(
    kept.recent.map((g) => g.record !== null),
    [true, false, false],
  );
  assert.equal(kept.players.Ann.games, 3);
  storage.limit = 10;
  assert.equal(storeStats(stats), false); // refused, and no exception
});

// --- names that are also JavaScript's own words (issue #27) ---------------------

const ODD_NAMES = ["toString", "constructor", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"];

test("a player named like an Object property is counted like any other name, and stored", () => {
  for (const name of ODD_NAMES) {
    let stats = addGame(emptyStats(), game(1, { name, won: true }));
    stats = addGame(stats, game(2, { name, won: false, hinted: true }));
    stats = addGame(stats, game(3, { name: "Ann", won: true }));
    const odd = playerFigures(stats, name, LEVELS);
    assert.equal(odd.games, 2, name); // the game with hints counts too
    assert.equal(odd.wins, 1, name);
    assert.deepEqual(odd.hinted, { games: 1, wins: 0, winRate: 0 }, name);
    assert.deepEqual(playerNames(stats).sort(), ["Ann", name].sort(), name);
    storeStats(stats);
    const back = readStats();
    assert.equal(back.broken, null, name);
    assert.equal(playerFigures(back.stats, name, LEVELS).games, 2, name);
    assert.equal(playerFigures(back.stats, "Ann", LEVELS).games, 1, name);
  }
});

test("a name never met has empty figures, even one Object.prototype holds", () => {
  for (const name of ODD_NAMES) assert.equal(playerFigures(emptyStats(), name, LEVELS).games, 0, name);
});

test("two hot-seat humans of one name count one game under that name", () => {
  const summary = gameSummary({
    id: "hotseat",
    date: "2026-12-01T10:00:00Z",
    view: { names: ["Ann", "Ann"], totals: [10, 20], winners: [1], round_scores: [[10, 20]] },
    seats: [{ kind: "human" }, { kind: "human" }],
    log: [],
    record: "{}",
  });
  const ann = playerFigures(addGame(emptyStats(), summary), "Ann", LEVELS);
  assert.equal(ann.games, 1);
  assert.equal(ann.meanRound, 10); // the first seat of the name
});

test("stored stats are read field by field: a bad player or recent game is left out, the rest kept", () => {
  let stats = addGame(emptyStats(), game(1, { name: "Ann" }));
  stats = addGame(stats, game(2, { name: "Bob" }));
  const stored = JSON.parse(JSON.stringify(stats));
  stored.players.Bob.games = null;
  stored.recent.push({ id: "odd", names: "Ann" }, 42);
  const text = JSON.stringify(stored);
  storage.setItem("dozito.stats", text);
  const { stats: read, broken } = readStats();
  assert.match(broken, /player "Bob"/);
  assert.match(broken, /recent games/);
  assert.equal(playerFigures(read, "Ann", LEVELS).games, 1);
  assert.deepEqual(playerNames(read), ["Ann"]);
  assert.deepEqual(
    read.recent.map((g) => g.id),
    ["game-2", "game-1"],
  );
  assert.equal(storage.getItem("dozito.stats.broken"), text); // the whole text as it was
  assert.equal(readStats().broken, null); // what was kept is stored again, clean
  assert.equal(addGame(read, game(2, { name: "Bob" })), read); // a kept game is never counted twice
});

test("a copy set aside is never overwritten by a later one", () => {
  storage.setItem("dozito.stats", "{first");
  readStats();
  storage.setItem("dozito.stats", "{second");
  readStats();
  assert.equal(storage.getItem("dozito.stats.broken"), "{first");
  assert.equal(storage.getItem("dozito.stats.broken.2"), "{second");
});
