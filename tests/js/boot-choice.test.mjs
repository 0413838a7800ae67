// A first visit's boot choice (engine/boot-choice.js): the snapshot only on a
// link fast enough for it to pay, measured on a response's body as it arrives.
import assert from "node:assert/strict";
import { test } from "node:test";
import { PROBE_REFERENCE_MS, SAMPLE_BYTES, SNAPSHOT_PAYS_FROM, readingRate, slowness, snapshotPays } from "../../web/js/engine/boot-choice.js";

/** A response whose chunks (sizes) arrive one per tick of a fake clock, msPerChunk apart. */
function arriving(sizes, msPerChunk) {
  let clock = 0;
  let cancelled = false;
  const body = new ReadableStream({
    pull(controller) {
      const size = sizes.shift();
      if (size === undefined) return controller.close();
      clock += msPerChunk;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { response: new Response(body), now: () => clock, cancelled: () => cancelled };
}

test("the rate counts from the first chunk, over the sample, then stops reading", async () => {
  const chunks = new Array(64).fill(16 * 1024); // 1 MB, 10 ms a chunk of 16 KiB
  const link = arriving(chunks, 10);
  const rate = await readingRate(link.response, link.now);
  // 16 chunks after the first one make the sample: 16 KiB in every 10 ms.
  assert.equal(rate, (16 * 1024) / 10);
  assert.equal(SAMPLE_BYTES, 16 * 16 * 1024);
  assert.ok(link.cancelled(), "the rest is left to the other branch of the tee");
});

test("a body that came at once is infinitely fast; no body, unknown", async () => {
  const cached = arriving([1000], 5);
  assert.equal(await readingRate(cached.response, cached.now), Infinity);
  assert.equal(await readingRate(new Response(null)), null);
});

test("the snapshot pays on a fast link only, never on an unknown one", () => {
  assert.equal(snapshotPays(Infinity), true);
  assert.equal(snapshotPays(SNAPSHOT_PAYS_FROM), true);
  // A phone's 20 Mbit/s link, half of it for the zip: 1,250 bytes per ms.
  assert.equal(snapshotPays(1250), false);
  assert.equal(snapshotPays(null), false);
});

test("on a slow CPU the snapshot pays on a slower link: what it saves grows with the CPU's slowness", () => {
  // The same 20 Mbit/s link: a desktop boots normally, a phone-class CPU (4x slower) from the snapshot.
  assert.equal(snapshotPays(1250, 1), false);
  assert.equal(snapshotPays(1250, 4), true);
  assert.equal(snapshotPays(null, 10), false, "an unknown link never pays");
});

test("slowness is the probe's time against the reference CPU's", () => {
  let clock = 0;
  const now = () => (clock += PROBE_REFERENCE_MS * 2); // the loop takes twice the reference's time
  assert.equal(slowness(now), 2);
  assert.ok(slowness() > 0, "the real loop takes time");
});
