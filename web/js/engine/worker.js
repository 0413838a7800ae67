// The engine's module Web Worker: boots Pyodide from this site and answers
// the page through dozito.bridge.handle.
//
// The boot restores the build's memory snapshot (Python with the engine
// imported) over the boot zip it was made with; if that fails in any way (no
// snapshot, a corrupt one, one for another runtime), it boots the normal way
// from the same zip, which holds the engine byte-compiled: no loadPackage.
// A first visit (a worker named "first", engine/client.js) fetches the
// snapshot only where the link brings it sooner than the start-up it saves
// on this CPU (engine/boot-choice.js), else boots the normal way at once: on
// a phone's network a desktop's CPU saves less than its 4.9 MB cost. The service worker's install fetches
// it anyway once the game is up, for every later visit. A worker named
// "normal" never fetches it (tests and benchmarks: docs/page-contract.md),
// nor does one named "prime" (engine/prime.js).
//
// Messages out: {type: "status", stage: "runtime" | "engine"} while booting,
// then {type: "ready", ms, boot: "snapshot" | "normal"} or {type: "failed",
// message}; after that, for
// every {id, request} in, {type: "working", id} as it starts on it, then
// {id, response}, where request and response are JSON strings (the bridge's
// protocol). {type: "dead", message} instead means that Python failed fatally:
// the engine cannot answer any more. Only strings cross, so no Python object
// ever reaches the page.

/* global DOZITO_WASM -- the wasm's path in dist/pyodide/, defined by build.py */

import { readingRate, slowness, snapshotPays } from "./boot-choice.js";
import { decodeSnapshot, gunzipped } from "./snapshot.js";

const PYODIDE_URL = new URL("../../pyodide/", import.meta.url);
const runtimeFile = (name) => new URL(name, PYODIDE_URL).href;
const STDLIB_URL = runtimeFile("python_stdlib_boot.zip");
/** Where Pyodide asks for its wasm: the worker answers with the build's (WASM_URL). */
const PYODIDE_WASM_URL = runtimeFile("pyodide.asm.wasm");
/**
 * The wasm as dist/ holds it, in a folder named by its content (build.py
 * defines DOZITO_WASM): a server that has a newer runtime never answers an
 * older build's page with it, so the service worker's copy serves that page.
 */
const WASM_URL = runtimeFile(DOZITO_WASM);
/** The runtime's ABI, which Pyodide checks the lock against (build.py checks this line). */
const PYODIDE_ABI = "2026_0";
const CONFIG = {
  indexURL: PYODIDE_URL.href,
  // The standard library and the engine, byte-compiled at build time.
  stdLibURL: STDLIB_URL,
  // Inline: the worker loads no package, so no lock file download.
  lockFileContents: { info: { abi_version: PYODIDE_ABI }, packages: {} },
};

// Every download of the boot starts at once, before Pyodide's own scripts
// have loaded: the snapshot (on a first visit, as soon as the link is known
// to be fast), the zip, the wasm (compiled as it arrives, while the snapshot
// still downloads; Pyodide would compile it only once the snapshot is in) and
// Pyodide's two scripts (the same module records that loadPyodide imports
// later). watchLoading hands the zip and the wasm to Pyodide when it asks.
const kind = ["first", "normal", "prime"].includes(self.name) ? self.name : "snapshot";
const zip = fetch(STDLIB_URL);
/** Whether this boot restores the snapshot: a first visit's measures the link on the zip. */
const slow = kind === "first" ? slowness() : 1; // while the zip's first bytes are on their way
const withSnapshot =
  kind === "first"
    ? zip
        .then((response) => (response.ok ? readingRate(response.clone()) : null))
        .then(
          (rate) => snapshotPays(rate, slow),
          () => false,
        )
    : Promise.resolve(kind === "snapshot");
const snapshot = withSnapshot.then(async (wanted) => {
  if (!wanted) return null;
  const response = await fetch(runtimeFile("snapshot.bin.gz"));
  if (!response.ok) throw new Error(`snapshot.bin.gz could not be downloaded (HTTP ${response.status})`);
  return decodeSnapshot(await new Response(await gunzipped(response.body)).arrayBuffer());
});

const isWasm = (response) => response.ok && response.headers.get("content-type")?.split(";")[0] === "application/wasm";

/**
 * The wasm from the network, that is the HTTP cache, where Chromium keeps its
 * compiled code (sw.js leaves it there); if the network fails or answers
 * with something else (a server down, a captive portal's page), the service
 * worker's copy ("?offline", answered from its cache only), whatever
 * navigator.onLine says. Neither: the network's answer, for the boot to report.
 */
async function fetchWasm() {
  let failure;
  try {
    const response = await fetch(WASM_URL);
    if (isWasm(response)) return response;
    failure = response;
  } catch (error) {
    failure = error;
  }
  const cached = await fetch(`${WASM_URL}?offline`).catch(() => null);
  if (cached && isWasm(cached)) return cached;
  if (failure instanceof Response) return failure;
  throw failure;
}

/** The wasm compiling from its response, and a copy of that response for Pyodide's fetch. */
const wasm = fetchWasm().then((response) => ({
  copy: response.clone(),
  module: response.ok ? WebAssembly.compileStreaming(response) : null,
}));
/** URL -> a response fetched ahead for Pyodide, taken by its first fetch of that URL. */
const ahead = new Map([
  [STDLIB_URL, zip],
  [PYODIDE_WASM_URL, wasm.then(({ copy }) => copy)],
]);
const runtime = import(runtimeFile("pyodide.mjs")).catch((error) => {
  throw new Error(`pyodide.mjs could not be loaded: ${error?.message ?? error}`);
});
// A priming boot (engine/prime.js) leaves Pyodide's big script to
// loadPyodide, once the rest has downloaded: the browser stores a script's
// compiled code when the worker first idles after compiling it, with only
// the code that has run by then, and a boot that waits for a download
// between the two would leave the next visit little. Its name says so, not
// its address: served by the service worker, the module's URL is the cached
// file's, without the query.
const priming = kind === "prime";
const runtimeScript = priming ? Promise.resolve() : import(runtimeFile("pyodide.asm.mjs"));
const downloads = [snapshot, runtime, runtimeScript, wasm.then(({ module }) => module), ...ahead.values()];
for (const early of downloads) early.catch(() => {}); // reported by the boot that awaits it

/** dozito.bridge.handle, a PyProxy kept for the worker's whole life. */
let handle = null;
/** Why Python can no longer run, once a fatal error has struck; null until then. */
let fatal = null;

const notDownloaded = (url, why) => new Error(`${url.split("/").pop()} could not be downloaded (${why})`);

/**
 * Pyodide swallows some load failures (a runtime file that does not download
 * or a WebAssembly module that does not compile) and then waits forever, so
 * the boot watches the runtime's fetches and compiling itself: `failed`
 * rejects at the first failure. Meanwhile Pyodide's fetch of a file fetched
 * ahead gets that response, and instantiating the wasm takes the module
 * compiled ahead. restore() puts the originals back.
 */
function watchLoading() {
  const { fetch } = self;
  const { instantiate, instantiateStreaming } = WebAssembly;
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  self.fetch = async (resource, options) => {
    const url = String(resource?.url ?? resource);
    const early = ahead.get(url);
    ahead.delete(url);
    let response;
    try {
      // A second boot attempt's wasm comes the way the first one's did.
      response = await (early ?? (url === PYODIDE_WASM_URL ? fetchWasm() : fetch(resource, options)));
    } catch (error) {
      fail(notDownloaded(url, error?.message ?? error));
      throw error;
    }
    if (!response.ok) fail(notDownloaded(url, `HTTP ${response.status}`));
    return response;
  };
  const watched = (compile) =>
    async function (...args) {
      try {
        return await compile.apply(WebAssembly, args);
      } catch (error) {
        fail(new Error(`the runtime could not be compiled: ${error?.message ?? error}`));
        throw error;
      }
    };
  WebAssembly.instantiate = watched(instantiate);
  const fromResponse = watched(async (response, imports) => {
    const early = await wasm.catch(() => ({}));
    if (response !== early.copy || !early.module) return instantiateStreaming.call(WebAssembly, response, imports);
    response.body?.cancel(); // compiled from the original already
    const module = await early.module;
    return { module, instance: await instantiate.call(WebAssembly, module, imports) };
  });
  WebAssembly.instantiateStreaming = async (source, imports) => {
    const response = await source;
    // Said here too: a failed boot's Pyodide may get here before the next boot's fetch does.
    if (!response.ok) fail(notDownloaded(response.url, `HTTP ${response.status}`));
    return fromResponse(response, imports);
  };
  const restore = () => {
    self.fetch = fetch;
    Object.assign(WebAssembly, { instantiate, instantiateStreaming });
  };
  return { failed, restore };
}

/**
 * A failed boot attempt is abandoned, not stopped: its runtime may still
 * reject promises that nothing awaits (the download that failed, say). Once an
 * attempt has failed and said why, such rejections only echo it: warnings.
 */
let anAttemptFailed = false;
self.addEventListener("unhandledrejection", (event) => {
  if (!anAttemptFailed) return;
  event.preventDefault();
  console.warn(`Dozito: left over from a failed boot attempt: ${event.reason?.message ?? event.reason}`);
});

/** Boot Pyodide with options and import the bridge, or reject at the first failure. */
async function attempt(options) {
  const loading = watchLoading();
  try {
    return await Promise.race([bootWith(options), loading.failed]);
  } catch (error) {
    anAttemptFailed = true;
    throw error;
  } finally {
    loading.restore();
  }
}

async function bootWith(options) {
  const { loadPyodide } = await runtime;
  const pyodide = await loadPyodide(options);
  postMessage({ type: "status", stage: "engine" });
  const bridge = pyodide.pyimport("dozito.bridge"); // already imported in a snapshot
  try {
    handle = bridge.handle.copy(); // an attribute is only borrowed from its module
  } finally {
    bridge.destroy();
  }
  return pyodide;
}

/** How the engine booted: "snapshot" or "normal". */
async function boot() {
  postMessage({ type: "status", stage: "runtime" });
  if (priming) await Promise.allSettled(downloads);
  let pyodide = null;
  let how = "normal";
  if (await withSnapshot) {
    try {
      pyodide = await attempt({ ...CONFIG, _loadSnapshot: snapshot });
      how = "snapshot";
    } catch (error) {
      console.warn(`Dozito: the memory snapshot did not restore, booting without it: ${error?.message ?? error}`);
      handle = null;
    }
  }
  pyodide ??= await attempt(CONFIG);
  // Pyodide's WebAssembly heap size, for memory checks from DevTools (the
  // soak test reads it through the worker's CDP session).
  self.dozitoHeapBytes = () => pyodide._module.HEAPU8.byteLength;
  return how;
}

/** A bridge-shaped error response, for when the bridge itself cannot answer. */
function internalError(id, message) {
  return JSON.stringify({ id, ok: false, error: { type: "InternalError", message } });
}

function answer(id, request) {
  if (handle === null) return internalError(id, "the engine did not start");
  if (typeof request !== "string") return internalError(id, "a request must be a JSON string");
  try {
    return handle(request); // a Python str comes back as a JS string
  } catch (error) {
    const message = String(error?.message ?? error);
    // After a fatal error (a stack overflow, say) every later call fails too.
    if (error?.pyodide_fatal_error) fatal = message;
    return internalError(id, message);
  }
}

const booted = boot().then(
  (how) => postMessage({ type: "ready", ms: Math.round(performance.now()), boot: how }),
  (error) => postMessage({ type: "failed", message: String(error?.message ?? error) }),
);

self.onmessage = async ({ data }) => {
  await booted; // requests sent early wait for the boot, in order
  if (fatal === null) {
    postMessage({ type: "working", id: data.id });
    const response = answer(data.id, data.request);
    if (fatal === null) return postMessage({ id: data.id, response });
  }
  postMessage({ type: "dead", message: fatal });
};
