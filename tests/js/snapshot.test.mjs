// The memory snapshot's format (build.py writes it, the worker decodes it):
// "DZS1", the decoded size, then (zeros, length, bytes) records. Anything
// else must throw, so that the worker boots without it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { decodeSnapshot, gunzipped } from "../../web/js/engine/snapshot.js";

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

/** The bytes a stream gives, as one array. */
async function bytesOf(stream) {
  return [...new Uint8Array(await new Response(stream).arrayBuffer())];
}

/** A stream giving chunks (arrays of bytes) one by one. */
function chunked(...chunks) {
  return new ReadableStream({
    pull(controller) {
      if (chunks.length) controller.enqueue(new Uint8Array(chunks.shift()));
      else controller.close();
    },
  });
}

test("a gzip body is gunzipped as it streams in, however it is cut", async () => {
  const { gzipSync } = await import("node:zlib");
  const raw = new Uint8Array(
    encoded(9, [
      [2, [7, 8, 9]],
      [4, []],
    ]),
  );
  const packed = [...gzipSync(raw)];
  const cut = chunked([packed[0]], packed.slice(1, 5), packed.slice(5));
  assert.deepEqual(await bytesOf(await gunzipped(cut)), [...raw]);
});

test("a body already gunzipped by the browser comes as it is; a broken gzip fails", async () => {
  const raw = [...new Uint8Array(encoded(2, [[1, [3]]]))];
  assert.deepEqual(await bytesOf(await gunzipped(chunked(raw.slice(0, 3), raw.slice(3)))), raw);
  assert.deepEqual(await bytesOf(await gunzipped(chunked())), []);
  const { gzipSync } = await import("node:zlib");
  const packed = [...gzipSync(new Uint8Array(raw))];
  await assert.rejects(bytesOf(await gunzipped(chunked(packed.slice(0, packed.length - 4)))));
});
