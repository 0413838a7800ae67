// Decodes the build's memory snapshot (dist/pyodide/snapshot.bin, made by
// build.py): Pyodide's memory just after `import dozito.bridge`, with its runs
// of zero bytes cut out (two thirds of it). The format: "DZS1", the decoded
// size (u32, little-endian), then records of (zeros u32, length u32, length
// bytes) until the end. Anything else throws: the worker then boots the
// normal way. Plain JavaScript, so that the build's Node.js runs it too.

const MAGIC = "DZS1";

export function decodeSnapshot(buffer) {
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (bytes.length < 8 || magic !== MAGIC) throw new Error("not a Dozito snapshot");
  const out = new Uint8Array(view.getUint32(4, true)); // zero-filled
  let at = 8;
  let filled = 0;
  while (at < bytes.length) {
    if (at + 8 > bytes.length) throw new Error("the snapshot is truncated");
    filled += view.getUint32(at, true);
    const length = view.getUint32(at + 4, true);
    at += 8;
    if (at + length > bytes.length || filled + length > out.length) throw new Error("the snapshot is corrupt");
    out.set(bytes.subarray(at, at + length), filled);
    at += length;
    filled += length;
  }
  if (filled !== out.length) throw new Error("the snapshot is truncated");
  return out;
}
