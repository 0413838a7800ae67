// The review's page logic: judgements asked one by one, cancellable, cached per record and seat across reopenings.
import assert from "node:assert/strict";
import { test } from "node:test";
import { Review } from "../../web/js/review.js";

/** An engine that answers the review ops and counts the judgements it was asked for. */
function fakeEngine() {
  const asked = [];
  return {
    asked,
    async request(req) {
      if (req.op === "review_start") return { seat: req.seat, steps: 9, decisions: [1, 4, 7], totals: [[3, 5]], round_ends: [9] };
      if (req.op === "review_judge") {
        asked.push(req.step);
        return { judgement: { step: req.step, seat: 0, played: "draw", best: "draw", mistake: false, chance: 0.5 } };
      }
      if (req.op === "review_summary") return { summary: { seat: 0, judged: asked.length } };
      throw new Error(`unexpected ${req.op}`);
    },
  };
}

test("judgements are asked one at a time, a cancel stops them, and a reopened review finds them cached", async () => {
  const items = new Map();
  globalThis.localStorage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), removeItem: (k) => items.delete(k) };
  const engine = fakeEngine();
  const first = new Review(engine, '{"format":"dozito/1","seed":1}');
  await first.start(0);
  const progress = [];
  assert.equal(
    await first.analyse((done, total) => {
      progress.push([done, total]);
      if (done === 1) first.cancel();
    }),
    false,
  );
  assert.deepEqual(engine.asked, [1]);
  assert.equal(await first.analyse((done, total) => progress.push([done, total])), true);
  assert.deepEqual(engine.asked, [1, 4, 7]);
  assert.deepEqual(progress, [
    [1, 3],
    [1, 3],
    [2, 3],
    [3, 3],
  ]);

  const again = new Review(fakeEngine(), '{"format":"dozito/1","seed":1}');
  await again.start(0);
  assert.ok(again.judged);
  assert.deepEqual(again.summary, { seat: 0, judged: 3 });
  const other = new Review(fakeEngine(), '{"format":"dozito/1","seed":2}');
  await other.start(0);
  assert.equal(other.judged, false);
});
