// The hint's bubble: under its button unless that covers a name or the
// suggested move, then slid down past them, never out of the window.
import assert from "node:assert/strict";
import { test } from "node:test";
import { overlaps, placeBubble } from "../../web/js/ui/place-bubble.js";

const box = (left, top, width, height) => ({ left, top, right: left + width, bottom: top + height });
const area = box(8, 0, 374, 836);
const anchor = box(260, 60, 120, 44); // the aids, top right
const size = { width: 366, height: 80 };

test("boxes overlap only when they share area", () => {
  assert.ok(overlaps(box(0, 0, 10, 10), box(5, 5, 10, 10)));
  assert.ok(!overlaps(box(0, 0, 10, 10), box(10, 0, 10, 10))); // touching edges
  assert.ok(!overlaps(box(0, 0, 10, 10), box(0, 20, 10, 10)));
});

test("with nothing to leave in sight, the bubble sits under its button, right-aligned", () => {
  assert.deepEqual(placeBubble({ anchor, size: { width: 200, height: 80 }, obstacles: [], area }), { left: 180, top: 112 });
});

test("it slides down past the names it would cover, and past the suggested move", () => {
  const names = [box(20, 130, 80, 20), box(200, 130, 80, 20)];
  const place = placeBubble({ anchor, size, obstacles: names, area });
  assert.deepEqual(place, { left: 14, top: 154 });
  const move = box(100, 160, 60, 80); // the suggested pile, just under the names
  const lower = placeBubble({ anchor, size, obstacles: [...names, move], area });
  assert.equal(lower.top, 244);
  for (const obstacle of [...names, move]) {
    assert.ok(!overlaps({ ...lower, right: lower.left + size.width, bottom: lower.top + size.height }, obstacle));
  }
});

test("no place in the window that covers nothing: null, for the caller's fallback", () => {
  const wall = box(0, 100, 400, 800);
  assert.equal(placeBubble({ anchor, size, obstacles: [wall], area }), null);
});
