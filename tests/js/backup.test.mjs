// The backup file (issue #27): made from what this device holds, checked part
// by part on restore, and merged so that no game counts twice and none here
// is lost.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { BACKUP_FORMAT, BACKUP_VERSION, checkBackup, makeBackup, mergeStats } from "../../web/js/backup.js";
import { backupText, restoreBackup } from "../../web/js/backup-store.js";
import { readStats, storeStats } from "../../web/js/stats-store.js";
import { addGame, emptyStats, gameSummary, playerFigures } from "../../web/js/stats.js";
import { installStorage } from "./memory-storage.mjs";

const LEVELS = ["rookie", "casual", "sharp", "expert"];
const SAVE = { version: 2, record: '{"format":"dozito/1","seed":1}', scoringSeen: false };

function game(n, { won = true, score = 10 } = {}) {
  return gameSummary({
    id: `game-${n}`,
    date: `2026-12-01T10:${String(n).padStart(2, "0")}:00Z`,
    view: { names: ["Ann", "Bot"], totals: [score, 5], winners: won ? [0] : [1], round_scores: [[score, 5]], best_chains: [0, 0] },
    seats: [{ kind: "human" }, { kind: "bot", level: "casual" }],
    log: [],
    record: `{"n":${n}}`,
  });
}

const statsOf = (...numbers) => numbers.reduce((stats, n) => addGame(stats, game(n, { won: n % 2 === 1, score: n })), emptyStats());
const ann = (stats) => playerFigures(stats, "Ann", LEVELS);

test("a backup is versioned and its parts come back as made", () => {
  const stats = statsOf(1, 2);
  const backup = JSON.parse(JSON.stringify(makeBackup({ game: SAVE, stats, prefs: { speed: "fast" }, lang: "fr", date: new Date(0) })));
  assert.equal(backup.format, BACKUP_FORMAT);
  assert.equal(backup.version, BACKUP_VERSION);
  const { parts, problems } = checkBackup(backup);
  assert.deepEqual(problems, []);
  assert.deepEqual(parts.game, SAVE);
  assert.deepEqual(ann(parts.stats), ann(stats));
  assert.deepEqual(parts.prefs, { speed: "fast" });
  assert.equal(parts.lang, "fr");
});

test("a file that is no backup, or of another version, is refused whole", () => {
  assert.throws(() => checkBackup({ format: "dozito/1" }), /not a Dozito backup/);
  assert.throws(() => checkBackup([]), /not a Dozito backup/);
  assert.throws(() => checkBackup({ format: BACKUP_FORMAT, version: 2 }), /backup version 2/);
});

test("an unusable part is named and left out, the others kept", () => {
  const backup = makeBackup({ game: { version: 2, record: 5 }, stats: statsOf(1), prefs: { speed: "turbo", sound: true }, lang: "../x", date: new Date(0) });
  backup.daily = { results: [] }; // no version of its own
  const { parts, problems } = checkBackup(backup);
  assert.deepEqual(problems.sort(), ["daily", "game", "lang"]);
  assert.equal(parts.game, null);
  assert.deepEqual(parts.prefs, { sound: true });
  assert.equal(ann(parts.stats).games, 1);
});

test("statistics with no game in common add up", () => {
  const { stats, added } = mergeStats(statsOf(1, 3), statsOf(2, 4, 6));
  assert.equal(added, 3);
  const figures = ann(stats);
  assert.equal(figures.games, 5);
  assert.equal(figures.wins, 2);
  assert.equal(figures.bestRound, 6);
  assert.equal(stats.ids.length, 5);
  assert.deepEqual(
    stats.recent.map((g) => g.id),
    ["game-6", "game-4", "game-3", "game-2", "game-1"],
  );
});

test("no game is counted twice: the same backup again, or one this device already holds", () => {
  const here = statsOf(1, 2, 3);
  assert.equal(ann(mergeStats(here, statsOf(1, 2)).stats).games, 3);
  const once = mergeStats(statsOf(1), statsOf(2)).stats;
  assert.equal(ann(mergeStats(once, statsOf(2)).stats).games, 2);
});

test("a backup holding every game here gives its figures; partial overlaps add the games it lists", () => {
  assert.equal(ann(mergeStats(statsOf(1), statsOf(1, 2, 3)).stats).games, 3);
  const { stats, added, unmerged } = mergeStats(statsOf(1, 2), statsOf(2, 3));
  assert.equal(unmerged, 0);
  assert.equal(added, 1);
  assert.equal(ann(stats).games, 3);
  // A game the backup holds only in its totals (beyond its last games) is named, not guessed.
  const totalsOnly = { ...statsOf(2, 3), recent: statsOf(2, 3).recent.filter((g) => g.id !== "game-3") };
  assert.equal(mergeStats(statsOf(1, 2), totalsOnly).unmerged, 1);
});

// --- restoring into a device ------------------------------------------------------

let storage;
beforeEach(() => {
  storage = installStorage();
});

test("a restore keeps the game here and keeps the backup's aside; an empty device resumes it", () => {
  storage.setItem("dozito.save", JSON.stringify(SAVE));
  storeStats(statsOf(1));
  const text = backupText(new Date(0));
  const theirs = { ...SAVE, record: '{"format":"dozito/1","seed":2}' };
  storage.setItem("dozito.save", JSON.stringify(theirs));
  storage.setItem("dozito.stats", JSON.stringify(statsOf(2)));
  const result = restoreBackup(text);
  assert.deepEqual(result, { added: 1, unmerged: 0, dailyAdded: 0, problems: [], gameRestored: false });
  assert.deepEqual(JSON.parse(storage.getItem("dozito.save")), theirs);
  assert.deepEqual(JSON.parse(storage.getItem("dozito.save.kept")), SAVE);
  assert.equal(ann(readStats().stats).games, 2);
  assert.equal(restoreBackup(text).added, 0); // again: nothing new

  storage = installStorage();
  assert.equal(restoreBackup(text).gameRestored, true);
  assert.deepEqual(JSON.parse(storage.getItem("dozito.save")), SAVE);
});
