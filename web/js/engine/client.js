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

const BOOT_TIMEOUT_MS = 60_000;

function engineError(type, message, detail) {
  const error = new Error(message);
  error.type = type;
  if (detail) error.detail = detail;
  return error;
}

export function startEngine({ onStatus = () => {}, timeoutMs = BOOT_TIMEOUT_MS } = {}) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const pending = new Map(); // id -> {resolve, reject}
    let lastId = 0;
    let failure = null; // the Error that stopped the engine, once it has stopped

    const stop = (message) => {
      if (failure) return;
      failure = engineError("EngineError", message);
      clearTimeout(timer);
      worker.terminate();
      for (const waiting of pending.values()) waiting.reject(failure);
      pending.clear();
      reject(failure); // no effect once booted
    };
    const timer = setTimeout(
      () => stop(`The game engine did not start within ${timeoutMs / 1000} s.`),
      timeoutMs,
    );

    const engine = {
      bootMs: null,
      request(obj) {
        if (failure) return Promise.reject(failure);
        const id = ++lastId;
        const request = JSON.stringify(obj);
        return new Promise((resolveRequest, rejectRequest) => {
          pending.set(id, { resolve: resolveRequest, reject: rejectRequest });
          worker.postMessage({ id, request });
        });
      },
      terminate() {
        stop("The game engine was stopped.");
      },
    };

    const settle = ({ id, response }) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
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

    worker.onmessage = ({ data }) => {
      if (data.type === "status") {
        onStatus(data.stage);
      } else if (data.type === "ready") {
        clearTimeout(timer);
        engine.bootMs = data.ms;
        resolve(engine);
        onStatus("ready");
      } else if (data.type === "failed") {
        stop(`The game engine failed to start: ${data.message}`);
      } else {
        settle(data);
      }
    };
    worker.onerror = (event) => {
      event.preventDefault();
      stop(`The game engine stopped: ${event.message || "its worker could not be loaded"}`);
    };
    worker.onmessageerror = () => stop("The game engine sent a message that could not be read.");
  });
}
