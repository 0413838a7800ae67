// One throwaway boot of the engine, in the background, right after the first
// visit's service worker has cached the site and taken the page over.
//
// Chromium stores a module script's compiled code for the next visit after
// it has run the copy the service worker cached; the first visit ran the
// network's. Left alone, the first return visit therefore compiles Pyodide's
// JavaScript again (a tenth of a second of its boot, docs/BENCHMARKS.md) and
// only the visit after it starts from compiled code. This boot runs the
// cached copy once, so that every later visit does.
//
//   primeEngineCode();   // once the service worker controls the page

/** Once booted, the worker idles this long: the browser stores the code when it is idle. */
const LINGER_MS = 1000;
/** A boot that has not ended by then is given up: it is only a head start. */
const GIVE_UP_MS = 60_000;
/** Set when the throwaway boot has ended, for benchmarks: a return visit measured before it would miss it. */
const PRIMED_MARK = "dozito:engine-code-primed";

export function primeEngineCode() {
  // Its own address, so that the page's tools (and tests) tell it from the engine.
  // Named "prime", it boots the normal way, though the next visit restores the
  // snapshot: it runs more of Pyodide's JavaScript before it idles, and the
  // browser keeps what has run by then (after a snapshot boot here, the next
  // visit found a tenth of the code).
  const worker = new Worker(new URL("js/engine/worker.js?prime", document.baseURI), { type: "module", name: "prime" });
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    worker.terminate();
    performance.mark(PRIMED_MARK);
  };
  const giveUp = setTimeout(end, GIVE_UP_MS);
  worker.onmessage = ({ data }) => {
    if (data.type !== "ready" && data.type !== "failed") return;
    clearTimeout(giveUp);
    setTimeout(end, LINGER_MS);
  };
  worker.onerror = (event) => {
    event.preventDefault(); // the game's own engine is unaffected
    end();
  };
}
