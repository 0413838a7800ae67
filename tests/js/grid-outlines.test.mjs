// Group outlines (ui/grid.js): every group its own frame, in its colour. A
// cell's side is drawn where the group ends, so two groups that touch side
// by side, or one colour's two groups corner to corner, stay two frames.
import assert from "node:assert/strict";
import { test } from "node:test";
import { outlines } from "../../web/js/ui/grid.js";
import "./engine-rules.mjs";

const edges = (cells, spot) => cells.get(spot).classes.filter((c) => c.startsWith("edge-"));

test("two groups of one colour that touch corner to corner are two closed frames", () => {
  // 1 2 . .     red: {1, 2} and {7, 8}; spot 2 and spot 7 touch at a corner
  // . . 7 8
  const cells = outlines([
    { color: "R", spots: [1, 2], points: 2 },
    { color: "R", spots: [7, 8], points: 2 },
  ]);
  assert.notEqual(cells.get(2).index, cells.get(7).index);
  assert.deepEqual(edges(cells, 1), ["edge-top", "edge-bottom", "edge-left"]);
  assert.deepEqual(edges(cells, 2), ["edge-top", "edge-bottom", "edge-right"]);
  assert.deepEqual(edges(cells, 7), ["edge-top", "edge-bottom", "edge-left"]);
  assert.deepEqual(edges(cells, 8), ["edge-top", "edge-bottom", "edge-right"]);
  assert.ok(cells.get(1).classes.includes("group--red"));
});

test("touching groups of two colours each close their own side, in their own colour", () => {
  // 1 2 3 .     red {1, 2, 3} over blue {5, 6}
  // 5 6 . .
  const cells = outlines([
    { color: "R", spots: [1, 2, 3], points: 5 },
    { color: "B", spots: [5, 6], points: 2 },
  ]);
  assert.ok(edges(cells, 1).includes("edge-bottom") && edges(cells, 5).includes("edge-top"));
  assert.ok(!edges(cells, 1).includes("edge-right"), "inside a group no side is drawn");
  assert.ok(cells.get(5).classes.includes("group--blue") && cells.get(2).classes.includes("group--red"));
  assert.equal(cells.has(4), false);
});
