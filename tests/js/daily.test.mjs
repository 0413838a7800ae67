// Today's deal's results (issue 25): the first finished try of a date counts
// and later ones are practice, the streak of days with a counted result,
// stored results read field by field and set aside when unusable, and a
// backup's results merged without counting a try twice.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";
import { checkBackup, makeBackup } from "../../web/js/backup.js";
import { backupText, restoreBackup } from "../../web/js/backup-store.js";
import { PRACTICE_KEPT, addResult, checkDaily, countedOn, emptyDaily, isDate, localDate, mergeDaily, startTry, streaks } from "../../web/js/daily-results.js";
import { readDaily, storeDaily } from "../../web/js/daily-store.js";
import { installStorage } from "./memory-storage.mjs";

const GRID = ["🟥🟦🟩🟨", "🟪⬛⬛🟥", "🟦🟦🟩⬛"];

/** A finished try of date's deal: you and expert its scores, at the hour it ended. */
const attempt = (id, date, { you = 20, expert = 25, hour = 10 } = {}) => ({
  id,
  at: `${date}T${String(hour).padStart(2, "0")}:00:00.000Z`,
  date,
  number: 1,
  you,
  expert,
  grid: GRID,
});

const played = (...tries) => tries.reduce((daily, t) => addResult(daily, t).daily, emptyDaily());

test("the first finished try of a date counts; a later one is practice and changes nothing counted", () => {
  let daily = emptyDaily();
  let result;
  ({ daily, result } = addResult(daily, attempt("a", "2026-12-03", { you: 58, expert: 61 })));
  assert.equal(result.counted, true);
  ({ daily, result } = addResult(daily, attempt("b", "2026-12-03", { you: 70, hour: 11 })));
  assert.equal(result.counted, false);
  assert.equal(countedOn(daily, "2026-12-03").you, 58);
  ({ daily, result } = addResult(daily, attempt("c", "2026-12-04")));
  assert.equal(result.counted, true, "another date's first try counts");
  assert.deepEqual(
    daily.results.map((r) => [r.id, r.counted]),
    [
      ["a", true],
      ["b", false],
      ["c", true],
    ],
  );
});

test("a try already in (a reload of its finished game) comes back as it was", () => {
  const once = addResult(emptyDaily(), attempt("a", "2026-12-03"));
  const again = addResult(once.daily, { ...attempt("a", "2026-12-03"), at: "2026-12-03T23:00:00.000Z" });
  assert.equal(again.daily, once.daily);
  assert.equal(again.result, once.result);
});

test("the streak counts consecutive days with a counted result, up to today or yesterday", () => {
  const days = ["2026-12-02", "2026-12-03", "2026-12-04", "2026-12-06", "2026-12-07"];
  const daily = played(...days.map((date, i) => attempt(`t${i}`, date)));
  assert.deepEqual(streaks(daily, "2026-12-07"), { current: 2, best: 3 });
  assert.deepEqual(streaks(daily, "2026-12-08"), { current: 2, best: 3 }, "today's deal may still be played");
  assert.deepEqual(streaks(daily, "2026-12-09"), { current: 0, best: 3 }, "a day missed ends it");
  assert.deepEqual(streaks(daily, "2026-12-04"), { current: 3, best: 3 }, "a result after today (a clock set back) is left out of the current one");
  assert.deepEqual(streaks(emptyDaily(), "2026-12-04"), { current: 0, best: 0 });
});

test("practice tries do not make a streak, and two tries of a day count one day", () => {
  const daily = played(attempt("a", "2026-12-03"), attempt("b", "2026-12-03", { hour: 12 }), attempt("c", "2026-12-05"));
  assert.deepEqual(streaks(daily, "2026-12-05"), { current: 1, best: 1 });
});

test("streaks run across month and year ends, by calendar days", () => {
  const daily = played(attempt("a", "2026-12-31"), attempt("b", "2027-01-01"), attempt("c", "2027-01-02"));
  assert.deepEqual(streaks(daily, "2027-01-02"), { current: 3, best: 3 });
  const march = played(attempt("d", "2027-02-28"), attempt("e", "2027-03-01")); // through daylight saving in most zones
  assert.deepEqual(streaks(march, "2027-03-01"), { current: 2, best: 2 });
});

test("every counted result is kept; only the newest practice tries", () => {
  let daily = addResult(emptyDaily(), attempt("first", "2026-12-03")).daily;
  for (let n = 0; n < PRACTICE_KEPT + 5; n++) daily = addResult(daily, attempt(`p${n}`, "2026-12-03", { hour: 11 })).daily;
  assert.equal(daily.results.length, PRACTICE_KEPT + 1);
  assert.equal(daily.results[0].id, "first");
  assert.equal(daily.results.at(-1).id, `p${PRACTICE_KEPT + 4}`);
});

test("the local date and calendar dates", () => {
  assert.equal(localDate(new Date(2026, 11, 3, 23, 59)), "2026-12-03");
  assert.equal(localDate(new Date(2027, 0, 1, 0, 1)), "2027-01-01");
  assert.ok(isDate("2028-02-29"));
  for (const bad of ["2027-02-29", "2026-13-01", "2026-1-01", "today", null, 20261203]) assert.equal(isDate(bad), false, String(bad));
});

// --- stored results ------------------------------------------------------------

let storage;
beforeEach(() => {
  storage = installStorage();
});

test("stored results come back the same", () => {
  const daily = { ...played(attempt("a", "2026-12-03")), playing: { date: "2026-12-03", number: 2, head: "{}" } };
  assert.equal(storeDaily(daily), true);
  assert.deepEqual(readDaily(), { daily, broken: null });
});

test("unusable stored results are set aside, never lost, and the page starts afresh", () => {
  for (const [n, text] of ["{not json", '{"version":7,"results":[]}', "[]"].entries()) {
    storage.setItem("dozito.daily", text);
    const { daily, broken } = readDaily();
    assert.deepEqual(daily, emptyDaily());
    assert.ok(broken);
    assert.equal(storage.getItem("dozito.daily"), null);
    assert.equal(storage.getItem(n ? `dozito.daily.broken.${n + 1}` : "dozito.daily.broken"), text);
  }
});

test("a result that cannot be used is left out and named, the others kept", () => {
  const good = played(attempt("a", "2026-12-03"), attempt("b", "2026-12-04"));
  const text = JSON.stringify({ ...good, results: [...good.results, { id: "odd", date: "2026-02-30" }, 5] });
  storage.setItem("dozito.daily", text);
  const { daily, broken } = readDaily();
  assert.match(broken, /daily results/);
  assert.deepEqual(
    daily.results.map((r) => r.id),
    ["a", "b"],
  );
  assert.equal(storage.getItem("dozito.daily.broken"), text);
  assert.equal(readDaily().broken, null, "what is kept is stored again");
});

test("two counted tries of one date (edited by hand) keep the earliest counted", () => {
  const tries = [
    { ...attempt("late", "2026-12-03", { hour: 15 }), counted: true },
    { ...attempt("early", "2026-12-03", { hour: 9 }), counted: true },
  ];
  const { daily } = checkDaily({ version: 1, results: tries, playing: null });
  assert.deepEqual(
    daily.results.map((r) => [r.id, r.counted]),
    [
      ["late", false],
      ["early", true],
    ],
  );
});

// --- the backup ------------------------------------------------------------------

test("a backup's results merge in: no try twice, one counted per date, the earliest", () => {
  const here = played(attempt("a", "2026-12-03", { hour: 10 }), attempt("c", "2026-12-05"));
  const there = played(attempt("a", "2026-12-03", { hour: 10 }), attempt("phone", "2026-12-03", { hour: 8 }), attempt("d", "2026-12-04"));
  assert.equal(countedOn(there, "2026-12-03").id, "a");
  const { daily, added } = mergeDaily(here, there);
  assert.equal(added, 2); // "phone" and "d"; "a" is on both sides
  assert.deepEqual(
    daily.results.map((r) => [r.id, r.counted]),
    [
      ["phone", false],
      ["a", true],
      ["d", true],
      ["c", true],
    ],
  );
  assert.deepEqual(streaks(daily, "2026-12-05"), { current: 3, best: 3 });
  assert.deepEqual(mergeDaily(daily, there).added, 0, "restoring the same backup again adds nothing");
});

test("the backup file carries the daily results and a restore merges them", () => {
  storeDaily(played(attempt("a", "2026-12-03")));
  const file = JSON.parse(backupText(new Date(0)));
  assert.deepEqual(
    file.daily.results.map((r) => r.id),
    ["a"],
  );
  storage.items.clear();
  storeDaily(played(attempt("b", "2026-12-04")));
  const restored = restoreBackup(JSON.stringify(file));
  assert.equal(restored.dailyAdded, 1);
  assert.deepEqual(
    readDaily().daily.results.map((r) => [r.id, r.counted]),
    [
      ["a", true],
      ["b", true],
    ],
  );
  assert.equal(restoreBackup(JSON.stringify(file)).dailyAdded, 0, "never counted twice");
});

test("a backup's unusable daily results are named and the rest restored", () => {
  const backup = makeBackup({ stats: undefined, daily: { version: 9 }, date: new Date(0) });
  backup.stats = null;
  const { parts, problems } = checkBackup(JSON.parse(JSON.stringify(backup)));
  assert.deepEqual(problems, ["daily"]);
  assert.equal(parts.daily, null);
});

test("a device with no daily result backs up none", () => {
  assert.equal(JSON.parse(backupText(new Date(0))).daily, null);
});

test("a try begun after another of the same date is practice, even if the first was never finished", () => {
  const head = "h";
  let daily = emptyDaily();
  daily = { ...daily, playing: startTry(daily, { date: "2026-12-03", number: 2, head }) };
  assert.equal(daily.playing.practice, undefined, "the date's first try counts");
  // Left unfinished: dealt again, the new try is practice and its result is not counted.
  daily = { ...daily, playing: startTry(daily, { date: "2026-12-03", number: 2, head }) };
  assert.equal(daily.playing.practice, true);
  const { result } = addResult(daily, { ...attempt("b", "2026-12-03", { you: 90 }), practice: daily.playing.practice });
  assert.equal(result.counted, false);
  assert.equal(startTry(daily, { date: "2026-12-04", number: 3, head }).practice, undefined, "the next day's first try counts");
  // Stored and read back, the flag stays; anything but true is refused.
  assert.equal(checkDaily(JSON.parse(JSON.stringify(daily))).daily.playing.practice, true);
  const bad = checkDaily({ ...daily, playing: { ...daily.playing, practice: "yes" } });
  assert.deepEqual([bad.daily.playing, bad.problems], [null, ["daily game"]]);
});
