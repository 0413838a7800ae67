// Offline play and updates: registers the service worker (sw.js at the site's
// root) and tells the page when a new build is ready to take over.
//
//   registerServiceWorker({ onUpdate: (apply) => ..., onFirstInstall: () => ... });
//
// onUpdate is called once a new build has been installed beside the running
// one (found when the page loads, or while it is open); apply() lets the new
// build take over, and the page then reloads under it. onFirstInstall is
// called when the first install has taken the page over: the site is cached.
// Without service workers (an old browser, a private window) the game simply
// needs the network.

const SW_URL = new URL("../sw.js", import.meta.url);
const SCOPE = new URL("../", import.meta.url);

export function registerServiceWorker({ onUpdate, onFirstInstall = () => {} }) {
  const container = navigator.serviceWorker;
  if (!container) return;

  // A new controller after an old one means a new build took over: reload to
  // run it. (The first install also takes the page over, with nothing to reload.)
  let controller = container.controller;
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    const had = controller;
    controller = container.controller;
    if (!had) onFirstInstall();
    else if (!reloading) {
      reloading = true;
      location.reload();
    }
  });

  container
    .register(SW_URL, { scope: SCOPE.href })
    .then((registration) => {
      let offered = null;
      const offer = (worker) => {
        // Only an update waits beside an active worker; the first install does not.
        if (!registration.active || worker === offered) return;
        offered = worker;
        onUpdate(() => worker.postMessage({ type: "skip-waiting" }));
      };
      if (registration.waiting) offer(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const worker = registration.installing;
        worker?.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
      });
      // A page left open (a game at a café table) looks for a new build when shown again.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") registration.update().catch(() => {});
      });
    })
    .catch((error) => console.warn("dozito: no offline play:", error?.message ?? error));
}
