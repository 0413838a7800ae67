// The service worker: the game works offline once it has been opened.
//
// build.py writes dist/sw.js from this file, with BUILD filled in: the build's
// content hash and every file the game needs, relative to this script (which
// sits at the site's root, so the site works under any path prefix), with the
// SHA-256 of its content in hex. Any change to the build changes this file,
// and browsers install the new worker beside the running one; it waits until
// the page asks it to take over (the player clicked "reload" in the update
// prompt, js/pwa.js), then deletes the older builds' caches.
//
// Installing checks every file against its hash before it is kept: a server
// may answer with another build's copy (sw.js deployed before the rest, a
// stale proxy). A mismatch fails the install and drops its cache, so the
// running build stays in charge, whole; the browser tries again on a later
// visit.
//
// Cache first: a precached file is answered from this build's cache, with the
// response stored as the server sent it (a wasm needs its application/wasm
// type), whatever the network would say (down, or a captive portal answering
// every address with its page); anything else goes to the network untouched.
// So a build is served as one unit: its page, scripts, snapshot and runtime.
// But the runtime's wasm is left to the browser (the HTTP cache): Chromium
// reuses its compiled code for a response from there, never for one this
// worker answers. It sits in a folder named by its content (BUILD.wasm), so
// the network can only give this build's wasm or fail; when it fails or
// answers with another type, the engine's worker asks for "<wasm>?offline",
// which is answered from this cache only. navigator.onLine decides nothing:
// Firefox keeps it true in here when the page is offline.

const BUILD = "__DOZITO_BUILD__";

const PREFIX = "dozito-";
const CACHE = PREFIX + BUILD.hash;
/** Precached URLs, absolute ("./" is the page as the address names it) -> SHA-256 in hex. */
const URLS = new Map([["./", BUILD.files["index.html"]], ...Object.entries(BUILD.files)].map(([file, sha256]) => [new URL(file, self.location).href, sha256]));

/** The runtime's WebAssembly, compiled at every boot: see the fetch handler. */
const WASM = new URL(BUILD.wasm, self.location).href;
/** How the engine's worker asks for this build's wasm from the cache alone. */
const WASM_OFFLINE = `${WASM}?offline`;

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

/** The page under its two names: fetched once, as index.html, and stored as "./" too. */
const PAGE = new URL("index.html", self.location).href;
const ROOT = new URL("./", self.location).href;

async function precache() {
  const cache = await caches.open(CACHE);
  try {
    const urls = [...URLS].filter(([url]) => url !== ROOT);
    await Promise.all(urls.map(([url, sha256]) => fetchChecked(url, sha256, cache)));
    await cache.put(ROOT, await cache.match(PAGE));
  } catch (error) {
    await caches.delete(CACHE);
    throw error;
  }
}

/** Fetch url into cache if its content has the hash sha256; else throw. */
async function fetchChecked(url, sha256, cache) {
  // "no-cache": revalidated with the server, never a stale copy from the HTTP
  // cache under this build's name, but not downloaded again if unchanged
  // (the page has just loaded most of these files itself).
  const response = await fetch(new Request(url, { cache: "no-cache" }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  if (hex !== sha256) throw new Error(`${url}: not the content of build ${BUILD.hash}`);
  await cache.put(url, response);
}

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  url.hash = "";
  // The page's address may carry a query (?players=..., ?lang=...): same page.
  if (url.href === WASM_OFFLINE) return event.respondWith(fromCache(WASM));
  // A query never names another file: the page's address (?players=..., ?lang=...)
  // is the page, the throwaway boot's worker.js?prime is the worker.
  url.search = "";
  if (!URLS.has(url.href) || url.href === WASM) return;
  event.respondWith(cacheFirst(request, url.href));
});

/** This build's cached copy of url, else a network error (the browser evicted the cache). */
async function fromCache(url) {
  const cache = await caches.open(CACHE);
  return (await cache.match(url, { ignoreVary: true })) ?? Response.error();
}

async function cacheFirst(request, url) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(url, { ignoreVary: true });
  return cached ?? fetch(request); // gone only if the browser evicted the cache
}
