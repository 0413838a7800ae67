// The memory snapshot's format (build.py writes it, the worker decodes it):
// "DZS1", the decoded size, then (zeros, length, bytes) records. Anything
// else must throw, so that the worker boots without it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeSnapshot } from "../../web/js/engine/snapshot.js";

/** An encoded snapshot of size bytes from records [zeros, [bytes...]]. */
function encoded(size, records) {
  const parts = [..."DZS1"].map((c) => c.charCodeAt(0));
  const u32 = (n) => [n & 255, (n >> 8) & 255, (n >> 16) & 255, n >>> 24];
  parts.push(...u32(size));
  for (const [zeros, bytes] of records) parts.push(...u32(zeros), ...u32(bytes.length), ...bytes);
  return new Uint8Array(parts).buffer;
}

test("zero runs come back as zeros, the rest byte for byte", () => {
  const out = decodeSnapshot(
    encoded(10, [
      [2, [7, 8]],
      [3, [9]],
      [2, []],
    ]),
  );
  assert.deepEqual([...out], [0, 0, 7, 8, 0, 0, 0, 9, 0, 0]);
});

test("anything but a whole snapshot in the format throws", () => {
  const whole = encoded(4, [[1, [5, 6, 7]]]);
  assert.deepEqual([...decodeSnapshot(whole)], [0, 5, 6, 7]);
  assert.throws(() => decodeSnapshot(whole.slice(0, whole.byteLength - 1)), /corrupt/);
  assert.throws(() => decodeSnapshot(encoded(5, [[1, [5, 6, 7]]])), /truncated/);
  assert.throws(() => decodeSnapshot(encoded(3, [[1, [5, 6, 7]]])), /corrupt/);
  assert.throws(() => decodeSnapshot(new TextEncoder().encode("<html>").buffer), /not a Dozito snapshot/);
  assert.throws(() => decodeSnapshot(new ArrayBuffer(0)), /not a Dozito snapshot/);
});
