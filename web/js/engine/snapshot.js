// Decodes the build's memory snapshot (dist/pyodide/snapshot.bin.gz, made by
// build.py): Pyodide's memory just after `import dozito.bridge`, with its runs
// of zero bytes cut out (two thirds of it), then gzip-compressed (12 MB ->
// 5 MB): a file whose type (application/gzip) no host compresses again.
// The format: "DZS1", the decoded size (u32, little-endian), then records of
// (zeros u32, length u32, length bytes) until the end. Anything else throws:
// the worker then boots the normal way. Plain JavaScript, so that the build's
// Node.js runs it too.

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

/**
 * A snapshot file's body, gunzipped as it streams in. A host that sends the
 * file with `Content-Encoding: gzip` (the browser has already gunzipped it)
 * gets its body as it is: only a body that starts as gzip does is gunzipped.
 *
 *   decodeSnapshot(await new Response(await gunzipped(response.body)).arrayBuffer())
 */
export async function gunzipped(body) {
  const reader = body.getReader();
  const head = []; // the chunks read to see the first two bytes
  let done = false;
  while (!done && head.reduce((n, chunk) => n + chunk.length, 0) < 2) {
    const read = await reader.read();
    if (!(done = read.done)) head.push(read.value);
  }
  const stream = new ReadableStream({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (done) controller.close();
    },
    async pull(controller) {
      const read = await reader.read();
      if (read.done) controller.close();
      else controller.enqueue(read.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const [a, b] = head.flatMap((chunk) => [...chunk.subarray(0, 2)]);
  return a === 0x1f && b === 0x8b ? stream.pipeThrough(new DecompressionStream("gzip")) : stream;
}
