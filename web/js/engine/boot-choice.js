// Whether a first visit boots from the memory snapshot (engine/worker.js).
// The snapshot (4.9 MB, never compressed again by a host) saves the
// interpreter's start-up and the engine's import, about a second of a desktop
// CPU and four or five times that of a phone-class one. On a fast link it
// arrives well within that; on a phone's link (20 Mbit/s) it takes two
// seconds, more than a desktop saves but less than a slow CPU does. So the
// worker times a fixed loop (the CPU) and measures the link on the boot zip,
// which both boots need and which no host compresses (its bytes read are the
// bytes carried), and fetches the snapshot only where it pays
// (`python3 build.py bench --network --snapshot-boot [--cpu-share 0.25]`
// weighs both boots). Either way the service worker's install fetches it
// afterwards, for the next visit.
//
//   const slow = slowness();                             // 1 on the reference CPU
//   const rate = await readingRate(zipResponse.clone()); // bytes per ms, or null
//   if (snapshotPays(rate, slow)) ...

/**
 * The zip's rate, in bytes per ms, from which the snapshot pays on the
 * reference CPU (slowness 1); on a CPU s times slower, from rate / s. The
 * zip shares the link with the wasm, so it gets about half of it: 3,000
 * bytes per ms is a link of about 50 Mbit/s, where the snapshot's 4.9 MB
 * take 0.8 s, about what it saves the reference CPU.
 */
export const SNAPSHOT_PAYS_FROM = 3000;

/** The probe's loop, and its time on the reference CPU (the benchmarks' machine, docs/BENCHMARKS.md), cold in a fresh worker. */
export const PROBE_STEPS = 5_000_000;
export const PROBE_REFERENCE_MS = 10;

let probeSink = 0; // the loop's result is kept, so no compiler drops the loop

/** How many times slower than the reference this CPU runs a fixed integer loop (about 10 ms there; 4 or 5 on a phone-class CPU). */
export function slowness(now = () => performance.now()) {
  const start = now();
  let x = probeSink | 1;
  for (let i = 0; i < PROBE_STEPS; i++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  probeSink = x;
  return (now() - start) / PROBE_REFERENCE_MS;
}

/** The bytes read before the rate is known: enough to ride out a chunk's jitter. */
export const SAMPLE_BYTES = 256 * 1024;

/**
 * How fast a response's body arrives, in bytes per ms, from its first chunk
 * (the wait for the first byte is the server's, not the link's) until
 * SAMPLE_BYTES more have come, or the body has ended; Infinity if it all came
 * at once (from a cache), null if it has no body. Reads a clone: cancelling
 * one branch of a tee leaves the other whole.
 */
export async function readingRate(response, now = () => performance.now()) {
  if (!response.body) return null;
  const reader = response.body.getReader();
  let start = null;
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (start === null) start = now();
      else bytes += value.byteLength;
      if (bytes >= SAMPLE_BYTES) break;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  if (start === null) return null;
  const ms = now() - start;
  return ms > 0 ? bytes / ms : Infinity;
}

/**
 * Whether the snapshot pays at that rate of the zip on a CPU that slow
 * (rate null, unknown: it does not, as on a slow link). A busy worker reads
 * late: chunks that waited come at once (the link looks faster), or a long
 * task between two reads stretches the sample (slower). Near the threshold
 * the choice is a guess either way, and both boots work.
 */
export function snapshotPays(rate, slow = 1) {
  return rate !== null && rate * slow >= SNAPSHOT_PAYS_FROM;
}
