// Whether a first visit boots from the memory snapshot (engine/worker.js).
// The snapshot (4.9 MB, never compressed again by a host) saves the
// interpreter's start-up and the engine's import, about a second of a desktop
// CPU: on a fast link it arrives well within that, on a phone's link (20
// Mbit/s) it takes two seconds more than it saves and makes a first visit
// fetch more than stock Pyodide. So the worker measures the link on the boot
// zip, which both boots need and which no host compresses (its bytes read
// are the bytes carried), and fetches the snapshot only where it pays
// (`python3 build.py bench --network --snapshot-boot` weighs both boots).
//
//   const rate = await readingRate(zipResponse.clone()); // bytes per ms, or null
//   if (snapshotPays(rate)) ...

/**
 * The zip's rate, in bytes per ms, from which the snapshot pays. The zip
 * shares the link with the wasm, so it gets about half of it: 3,000 bytes per
 * ms is a link of about 50 Mbit/s, where the snapshot's 4.9 MB take 0.8 s.
 */
export const SNAPSHOT_PAYS_FROM = 3000;

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

/** Whether the snapshot pays at that rate (null, unknown: it does not, as on a slow link). */
export function snapshotPays(rate) {
  return rate !== null && rate >= SNAPSHOT_PAYS_FROM;
}
