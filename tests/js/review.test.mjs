// The review's page logic: every player's decisions judged one by one,
// cancellable, then each round's luck and the account; all cached per record
// across reopenings; and what a reload (a language switch) reopens.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Review, keepForReload, takeKept } from "../../web/js/review.js";

const DECISIONS = { 0: [1, 4, 7], 1: [2, 5] };

/** An engine that answers the review ops and notes every request it was asked. */
function fakeEngine() {
  const asked = [];
  return {
    asked,
    async request(req) {
      asked.push(req.op === "review_judge" ? req.step : req.op === "review_luck" ? `luck ${req.round}` : req.op);
      if (req.op === "review_start") return { seat: req.seat, steps: 9, decisions: DECISIONS[req.seat], totals: [[3, 5]], round_ends: [9] };
      if (req.op === "review_judge") {
        const seat = DECISIONS[0].includes(req.step) ? 0 : 1;
        return { judgement: { step: req.step, seat, played: "draw", best: "draw", mistake: false, chance: 0.5 } };
      }
      if (req.op === "review_luck") return { luck: { round: req.round } };
      if (req.op === "review_account") return { account: [{ seat: 0 }, { seat: 1 }], turning_points: { decisions: [], luck: [] } };
      throw new Error(`unexpected ${req.op}`);
    },
  };
}

const memoryStorage = () => {
  const items = new Map();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), removeItem: (k) => items.delete(k) };
};

test("every player's decisions are judged in order, a cancel stops them, then the luck and the account; a reopened review finds them cached", async () => {
  globalThis.localStorage = memoryStorage();
  const engine = fakeEngine();
  const first = new Review(engine, '{"format":"dozito/1","seed":1}');
  await first.start(2);
  assert.deepEqual(first.decisions, [1, 2, 4, 5, 7]);
  assert.equal(first.deciders.get(5), 1);
  const progress = [];
  const cancelAfterTwo = (p) => {
    progress.push(p);
    if (p.done === 2) first.cancel();
  };
  assert.equal(await first.analyse(1, cancelAfterTwo), false);
  assert.deepEqual(engine.asked.slice(2), [1, 2]);
  assert.equal(first.judged, false);
  assert.equal(await first.analyse(1, (p) => progress.push(p)), true);
  // Asked again from the start: the engine's account counts only what it judged itself.
  assert.deepEqual(engine.asked.slice(4), [1, 2, 4, 5, 7, "luck 1", "review_account"]);
  assert.deepEqual(
    progress.map((p) => [p.done, p.total, p.round]),
    [
      [1, 6, null],
      [2, 6, null],
      [1, 6, null],
      [2, 6, null],
      [3, 6, null],
      [4, 6, null],
      [5, 6, 1], // the decisions done: the luck of round 1 comes next
      [6, 6, null],
    ],
  );
  assert.equal(first.judgements.size, 5);
  assert.ok(first.judged);

  const again = new Review(fakeEngine(), '{"format":"dozito/1","seed":1}');
  await again.start(2);
  assert.ok(again.judged);
  assert.deepEqual(again.account.account, [{ seat: 0 }, { seat: 1 }]);
  assert.equal(again.judgements.get(5).seat, 1);
  const other = new Review(fakeEngine(), '{"format":"dozito/1","seed":2}');
  await other.start(2);
  assert.equal(other.judged, false);
});

test("a cached review without its account (an older page's) is judged again", async () => {
  globalThis.localStorage = memoryStorage();
  localStorage.setItem("dozito.reviews", JSON.stringify([{ key: "x", result: { judgements: [], summary: {} } }]));
  const review = new Review(fakeEngine(), "{}");
  await review.start(2);
  assert.equal(review.judged, false);
});

test("a reload reopens the review kept for it, once, and nothing from an unreadable note", () => {
  globalThis.sessionStorage = memoryStorage();
  assert.equal(takeKept(), null);
  keepForReload({ step: 12, seat: 1, text: null });
  assert.deepEqual(takeKept(), { step: 12, seat: 1, text: null });
  assert.equal(takeKept(), null);
  sessionStorage.setItem("dozito.review.reopen", '{"step": "12"}');
  assert.equal(takeKept(), null);
});
