// The engine's module Web Worker: boots Pyodide from this site, loads the
// `dozito` package and answers the page through dozito.bridge.handle.
//
// Messages out: {type: "status", stage: "runtime" | "engine"} while booting,
// then {type: "ready", ms} or {type: "failed", message}; after that one
// {id, response} for every {id, request} in, where request and response are
// JSON strings (the bridge's protocol). Only strings cross, so no Python
// object ever reaches the page.

import { loadPyodide } from "../../pyodide/pyodide.mjs";

const PYODIDE_URL = new URL("../../pyodide/", import.meta.url);

/** dozito.bridge.handle, a PyProxy kept for the worker's whole life. */
let handle = null;

async function boot() {
  postMessage({ type: "status", stage: "runtime" });
  const pyodide = await loadPyodide({
    indexURL: PYODIDE_URL.href,
    // The standard library byte-compiled at build time: no compiling at boot.
    stdLibURL: new URL("python_stdlib_pyc.zip", PYODIDE_URL).href,
    // Absolute on purpose: a relative lockFileURL breaks loadPackage.
    lockFileURL: new URL("pyodide-lock.json", PYODIDE_URL).href,
  });
  // Pyodide's WebAssembly heap size, for memory checks from DevTools (the
  // soak test reads it through the worker's CDP session).
  self.dozitoHeapBytes = () => pyodide._module.HEAPU8.byteLength;
  postMessage({ type: "status", stage: "engine" });
  await pyodide.loadPackage("dozito", { messageCallback: () => {} });
  const bridge = pyodide.pyimport("dozito.bridge");
  try {
    handle = bridge.handle.copy(); // an attribute is only borrowed from its module
  } finally {
    bridge.destroy();
  }
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
    return internalError(id, String(error?.message ?? error));
  }
}

const booted = boot().then(
  () => postMessage({ type: "ready", ms: Math.round(performance.now()) }),
  (error) => postMessage({ type: "failed", message: String(error?.message ?? error) }),
);

self.onmessage = async ({ data }) => {
  await booted; // requests sent early wait for the boot, in order
  postMessage({ id: data.id, response: answer(data.id, data.request) });
};
