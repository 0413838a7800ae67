// The page's side of the engine: starts the worker and turns requests into
// promises. No game rules here: every request is JSON for dozito.bridge.
//
//   const engine = await startEngine({ onStatus: (stage) => ... });
//   const { view } = await engine.request({ op: "new", players: ["Ann", "Bob"] });
//
// onStatus gets "runtime" (loading Python), "engine" (loading the game) and
// "ready". engine.request(obj) resolves with the response's `result`, or
// rejects with an Error whose .type and .message come from the response's
// `error` (.detail holds a Python traceback for an InternalError).
// startEngine rejects with a clear Error if the worker cannot boot in time.
//
// Once started, the engine is watched: a worker that stops answering (it
// died, or a request hangs) or whose Python failed fatally is stopped, every
// waiting request rejects with an Error of type "EngineError", and
// onDead(error) is called once, so the page can offer a reload.

const BOOT_TIMEOUT_MS = 60_000;
/** An idle worker says it has started on a request at once: silence means it is gone. */
const ANSWER_MS = 5_000;
/** The longest a request may compute (a 10,000-action game loading on a slow phone). */
const WORK_MS = 60_000;

function engineError(type, message, detail) {
  const error = new Error(message);
  error.type = type;
  if (detail) error.detail = detail;
  return error;
}

/**
 * How the worker boots (engine/worker.js): "snapshot" on every visit a
 * service worker controls, from its cache; "first" on a first visit (no
 * service worker, or the site's data cleared), which fetches the memory
 * snapshot only where the link and the CPU make it pay
 * (engine/boot-choice.js), so that a desktop on a phone's link fetches
 * less than stock Pyodide. A page may force one, or "normal" (never the snapshot),
 * with the global `dozitoBoot` (tests and benchmarks: docs/page-contract.md).
 */
const bootKind = () => globalThis.dozitoBoot ?? (navigator.serviceWorker?.controller ? "snapshot" : "first");

// Relative to the page (at the site's root), not to this module: in dist/ this
// module is part of the page's bundle, js/main.js. The worker's name says how it boots.
const newWorker = () => new Worker(new URL("js/engine/worker.js", document.baseURI), { type: "module", name: bootKind() });

/**
 * The worker prestartEngine started and the events it sent before startEngine
 * took it, on a global: in dist/, js/boot.js is a bundle of its own (it loads
 * and runs before the page's bundle), each with its own copy of this module.
 * Kept once taken ({worker: null}), so that a late prestart starts no second worker.
 */
const EARLY = "dozitoEarlyEngine";

/**
 * Start the worker now, before the page's modules have loaded (js/boot.js
 * calls this from the page's <head>): the next startEngine takes it over,
 * with what it said meanwhile.
 */
export function prestartEngine() {
  if (globalThis[EARLY]) return;
  const worker = newWorker();
  const events = [];
  worker.onmessage = worker.onmessageerror = (event) => events.push(event);
  worker.onerror = (event) => {
    event.preventDefault(); // reported once startEngine takes the worker
    events.push(event);
  };
  globalThis[EARLY] = { worker, events };
}

/** The worker prestartEngine started, with its events, if no startEngine has taken it yet. */
function takeEarly() {
  const early = globalThis[EARLY];
  if (!early?.worker) return null;
  globalThis[EARLY] = { worker: null, events: [] };
  return early;
}

export function startEngine({ onStatus = () => {}, onDead = () => {}, timeoutMs = BOOT_TIMEOUT_MS } = {}) {
  const started = takeEarly();
  return new Promise((resolve, reject) => {
    const worker = started?.worker ?? newWorker();
    const pending = new Map(); // id -> {resolve, reject}
    let lastId = 0;
    let failure = null; // the Error that stopped the engine, once it has stopped
    let booted = false;
    let working = false; // the worker is computing the oldest waiting request
    let watchdog = null;

    const stop = (message, { dead = booted } = {}) => {
      if (failure) return;
      failure = engineError("EngineError", message);
      clearTimeout(timer);
      clearTimeout(watchdog);
      worker.terminate();
      for (const waiting of pending.values()) waiting.reject(failure);
      pending.clear();
      reject(failure); // no effect once booted
      if (dead) onDead(failure);
    };
    const timer = setTimeout(() => stop(`The game engine did not start within ${timeoutMs / 1000} s.`), timeoutMs);
    // While requests wait, the worker must say within ANSWER_MS that it has
    // started on the next one, then answer it within WORK_MS. A hidden page
    // may be frozen, its worker with it: the count starts again once shown.
    const watch = () => {
      clearTimeout(watchdog);
      if (!booted || !pending.size || document.hidden) return;
      const ms = working ? WORK_MS : ANSWER_MS;
      watchdog = setTimeout(() => stop(`The game engine stopped responding (no answer within ${ms / 1000} s).`), ms);
    };

    const engine = {
      bootMs: null,
      /** "snapshot" (restored from the build's memory snapshot) or "normal". */
      boot: null,
      request(obj) {
        if (failure) return Promise.reject(failure);
        const id = ++lastId;
        const request = JSON.stringify(obj);
        return new Promise((resolveRequest, rejectRequest) => {
          pending.set(id, { resolve: resolveRequest, reject: rejectRequest });
          worker.postMessage({ id, request });
          if (pending.size === 1) watch(); // else the request before it is being watched
        });
      },
      terminate() {
        stop("The game engine was stopped.", { dead: false });
      },
    };

    const settle = ({ id, response }) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      working = false;
      watch();
      let reply;
      try {
        reply = JSON.parse(response);
      } catch {
        waiting.reject(engineError("InternalError", `unreadable engine response: ${response}`));
        return;
      }
      if (reply.ok) waiting.resolve(reply.result);
      else waiting.reject(engineError(reply.error.type, reply.error.message, reply.error.detail));
    };

    document.addEventListener("visibilitychange", watch);
    worker.onmessage = ({ data }) => {
      if (data.type === "status") {
        onStatus(data.stage);
      } else if (data.type === "ready") {
        clearTimeout(timer);
        booted = true;
        watch(); // requests sent during the boot
        engine.bootMs = data.ms;
        engine.boot = data.boot;
        resolve(engine);
        onStatus("ready");
      } else if (data.type === "failed") {
        stop(`The game engine failed to start: ${data.message}`);
      } else if (data.type === "working") {
        working = true;
        watch();
      } else if (data.type === "dead") {
        stop(`The game engine failed: ${data.message}`);
      } else {
        settle(data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      stop(`The game engine stopped: ${event.message || "its worker could not be loaded"}`);
    };
    worker.onmessageerror = () => stop("The game engine sent a message that could not be read.");
    for (const event of started?.events ?? []) worker[`on${event.type}`](event);
  });
}
