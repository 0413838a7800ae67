// The engine's module Web Worker: boots Pyodide from this site and answers
// the page through dozito.bridge.handle.
//
// The boot restores the build's memory snapshot (Python with the engine
// imported) over the boot zip it was made with; if that fails in any way (no
// snapshot, a corrupt one, one for another runtime), it boots the normal way
// from the same zip, which holds the engine byte-compiled: no loadPackage.
//
// Messages out: {type: "status", stage: "runtime" | "engine"} while booting,
// then {type: "ready", ms, boot: "snapshot" | "normal"} or {type: "failed",
// message}; after that, for
// every {id, request} in, {type: "working", id} as it starts on it, then
// {id, response}, where request and response are JSON strings (the bridge's
// protocol). {type: "dead", message} instead means that Python failed fatally:
// the engine cannot answer any more. Only strings cross, so no Python object
// ever reaches the page.

import { loadPyodide } from "../../pyodide/pyodide.mjs";
import { decodeSnapshot } from "./snapshot.js";

const PYODIDE_URL = new URL("../../pyodide/", import.meta.url);
/** The runtime's ABI, which Pyodide checks the lock against (build.py checks this line). */
const PYODIDE_ABI = "2026_0";
const CONFIG = {
  indexURL: PYODIDE_URL.href,
  // The standard library and the engine, byte-compiled at build time.
  stdLibURL: new URL("python_stdlib_boot.zip", PYODIDE_URL).href,
  // Inline: the worker loads no package, so no lock file download.
  lockFileContents: { info: { abi_version: PYODIDE_ABI }, packages: {} },
};

/** Downloading the snapshot starts at once, beside the runtime's own downloads. */
const snapshot = fetch(new URL("snapshot.bin", PYODIDE_URL)).then(async (response) => {
  if (!response.ok) throw new Error(`snapshot.bin could not be downloaded (HTTP ${response.status})`);
  return decodeSnapshot(await response.arrayBuffer());
});
snapshot.catch(() => {}); // reported by the boot that awaits it

/** dozito.bridge.handle, a PyProxy kept for the worker's whole life. */
let handle = null;
/** Why Python can no longer run, once a fatal error has struck; null until then. */
let fatal = null;

/**
 * Pyodide swallows some load failures (a runtime file that does not download
 * or a WebAssembly module that does not compile) and then waits forever, so
 * the boot watches the runtime's fetches and compiling itself: `failed`
 * rejects at the first failure. restore() puts the originals back.
 */
function watchLoading() {
  const { fetch } = self;
  const { instantiate, instantiateStreaming } = WebAssembly;
  let fail;
  const failed = new Promise((_, reject) => (fail = reject));
  const fileName = (resource) =>
    String(resource?.url ?? resource)
      .split("/")
      .pop();
  const notFetched = (response) => new Error(`${fileName(response)} could not be downloaded (HTTP ${response.status})`);
  self.fetch = async (resource, options) => {
    let response;
    try {
      response = await fetch(resource, options);
    } catch (error) {
      fail(new Error(`${fileName(resource)} could not be downloaded: ${error?.message ?? error}`));
      throw error;
    }
    if (!response.ok) fail(notFetched(response));
    return response;
  };
  const watched = (compile) =>
    async function (source, ...rest) {
      try {
        return await compile.call(WebAssembly, source, ...rest);
      } catch (error) {
        // A failed download reads the same whichever attempt's compile meets
        // it first (an abandoned snapshot attempt may still be compiling).
        const response = await Promise.resolve(source).catch(() => null);
        const downloadFailed = response instanceof Response && !response.ok;
        fail(downloadFailed ? notFetched(response) : new Error(`the runtime could not be compiled: ${error?.message ?? error}`));
        throw error;
      }
    };
  WebAssembly.instantiate = watched(instantiate);
  WebAssembly.instantiateStreaming = watched(instantiateStreaming);
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
  let pyodide;
  let how = "snapshot";
  try {
    pyodide = await attempt({ ...CONFIG, _loadSnapshot: snapshot });
  } catch (error) {
    console.warn(`Dozito: the memory snapshot did not restore, booting without it: ${error?.message ?? error}`);
    handle = null;
    how = "normal";
    pyodide = await attempt(CONFIG);
  }
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
