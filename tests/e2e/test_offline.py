"""Offline and installable: the service worker, the update prompt, the manifest.

A first visit precaches the whole game under `dozito-<build hash>`; after
that the page boots and a game plays with the network off. A new build
(served from a copy of dist/ under a path prefix, as on GitHub Pages) is
offered by the update prompt, and taking it leaves only the new cache. A
build whose files do not match the content hashes in its sw.js (sw.js deployed
before them, a proxy's stale copy) never installs: the old build stays whole.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Response, expect

from conftest import CHROMIUM_ARGS, PRIMED_MARK, PageLog, engine_worker, site_build, traced

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
PROMPT = "[data-testid=update-prompt]"

OFFLINE_READY = """async () => {
    // The first install takes the page over (clients.claim) once its cache is full.
    await navigator.serviceWorker.ready;
    while (!navigator.serviceWorker.controller) await new Promise((r) => setTimeout(r, 50));
    const names = await caches.keys();
    const sizes = [];
    for (const name of names) sizes.push((await (await caches.open(name)).keys()).length);
    return { names, sizes };
}"""


# The outcome of the service worker update the page's load started (or of a new
# one, if that has already ended): "installed" (waiting to take over) or "redundant".
INSTALL_OUTCOME = """async () => {
    const registration = await navigator.serviceWorker.ready;
    let worker = registration.installing ?? registration.waiting;
    if (!worker) {
        const found = new Promise((resolve) =>
            registration.addEventListener("updatefound", () => resolve(registration.installing)),
        );
        await registration.update().catch(() => {});
        worker = registration.installing ?? registration.waiting ?? (await found);
    }
    while (worker.state === "installing")
        await new Promise((done) => worker.addEventListener("statechange", done, { once: true }));
    return worker.state;
}"""


def build_info(site: Path) -> dict[str, Any]:
    info: dict[str, Any] = json.loads((site / "build-info.json").read_text())
    return info


def wait_offline_ready(page: Page, site: Path) -> None:
    """Wait until the service worker controls the page with the build's full cache."""
    info = build_info(site)
    caches = page.evaluate(OFFLINE_READY)
    assert caches["names"] == [f"dozito-{info['hash']}"]
    # Every file but those the page never loads (the wheel, its lock), and the page as "./".
    assert caches["sizes"] == [len(site_build.precached(info["files"])) + 1]


def open_page(page: Page, url: str) -> None:
    """Open url and wait for its engine (the setup may show before it is up)."""
    page.goto(url)
    expect(page.locator(STATUS)).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(page.locator(STATUS)).not_to_have_attribute("data-phase", "loading")


def play_bots_to_the_end(page: Page) -> None:
    """An all-bot game started from the address: continue at each round's end."""
    status = page.locator(STATUS)
    for _ in range(10):
        target = page.locator(f"{STATUS}[data-phase=game-over], [data-action=continue]").first
        target.wait_for(timeout=120_000)
        if status.get_attribute("data-phase") == "game-over":
            break
        page.click("[data-action=continue]")
    expect(status).to_have_attribute("data-phase", "game-over")
    assert status.get_attribute("data-winners")


def wasm_transfer(page: Page) -> tuple[int, int]:
    """(bytes over the network, body size) of the wasm the page's engine worker loaded."""
    worker = engine_worker(page)
    sizes: list[int] = worker.evaluate(
        """() => {
            const entries = performance.getEntriesByType("resource");
            const wasm = entries.find((entry) => entry.name.endsWith(".asm.wasm"));
            return [wasm.transferSize, wasm.encodedBodySize];
        }"""
    )
    return sizes[0], sizes[1]


def test_a_second_visit_boots_and_plays_offline(
    first_visit_page: Page, site_url: str, page_log: PageLog
) -> None:
    page = first_visit_page
    open_page(page, site_url)
    wait_offline_ready(page, site_build.DIST)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    # An address with a game query is the same page, from the cache too.
    served: dict[str, bool] = {}  # file name -> whether the service worker answered

    def on_response(response: Response) -> None:
        # By name: the engine's worker asked for the wasm with "?offline" once the network failed.
        served.setdefault(response.url.split("/")[-1].split("?")[0], response.from_service_worker)

    page.on("response", on_response)
    open_page(page, site_url + "?players=casual,casual&rounds=1&seed=3&speed=instant")
    play_bots_to_the_end(page)
    # Everything, the engine's worker and the Pyodide runtime included, came from the cache,
    # and the worker booted from the snapshot the first visit left to the install.
    expected = {
        "main.js",
        "worker.js",
        "pyodide.asm.wasm",
        "python_stdlib_boot.zip",
        site_build.SNAPSHOT,
    }
    assert expected <= served.keys()
    assert all(served.values()), [name for name, cached in served.items() if not cached]
    # And the network really was cut (Chromium 150 keeps navigator.onLine true here):
    # a file the service worker does not hold cannot be fetched.
    assert not page_log.errors
    assert (
        page.evaluate("fetch('no-such-file.txt').then(() => 'fetched', () => 'offline')")
        == "offline"
    )
    page_log.errors.clear()  # the probe's own failed request


# Before the page's scripts: the phase the table shows when the page registers its service worker.
REGISTERED_AT = """(() => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (...args) {
        window.dozitoRegisteredAt = document.querySelector("[data-testid=status]")?.dataset.phase;
        return register.apply(this, args);
    };
})()"""


def test_the_service_worker_waits_for_the_bots_to_stop(page: Page, site_url: str) -> None:
    # It downloads and checks the whole site: not while bots play at full speed.
    page.add_init_script(REGISTERED_AT)
    open_page(page, site_url + "?players=rookie,rookie&rounds=1&seed=6&speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "round-end", timeout=BOOT_MS)
    page.wait_for_function("() => window.dozitoRegisteredAt !== undefined", timeout=BOOT_MS)
    assert page.evaluate("window.dozitoRegisteredAt") == "round-end"
    wait_offline_ready(page, site_build.DIST)


@pytest.fixture
def kept_profile(
    playwright: Playwright, page_log: PageLog, tmp_path: Path
) -> Iterator[tuple[BrowserContext, Page]]:
    """A page in a context with a profile on disk, as a phone's browser keeps
    one (Chromium's installability checks and its code cache need one),
    failing the test on errors or requests off the site like `page`."""
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=site_build.find_chromium(), args=CHROMIUM_ARGS
    )
    try:
        context.on("request", page_log.on_request)
        page = context.new_page()
        page.on("console", page_log.on_console)
        yield context, page
    finally:
        context.close()
    assert not page_log.errors, f"the page logged errors: {page_log.errors}"
    assert not page_log.foreign_requests()


def test_the_site_is_installable(kept_profile: tuple[BrowserContext, Page], site_url: str) -> None:
    # Chromium says whether a page can be installed, but never in a fresh
    # (incognito) context: this one keeps a profile.
    context, page = kept_profile
    open_page(page, site_url)
    manifest = page.evaluate(
        """async () => {
            const link = document.querySelector("link[rel=manifest]");
            const manifest = await (await fetch(link.href)).json();
            const icons = [];
            for (const icon of manifest.icons) {
                const response = await fetch(new URL(icon.src, link.href));
                icons.push([icon.sizes, icon.purpose, response.headers.get("content-type")]);
            }
            const theme = document.querySelector("meta[name=theme-color]").content;
            return { ...manifest, icons, theme };
        }"""
    )
    assert manifest["name"] == "Dozito" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["theme_color"] == manifest["theme"]
    assert ["512x512", "maskable", "image/png"] in manifest["icons"]
    assert ["192x192", "any", "image/png"] in manifest["icons"]
    wait_offline_ready(page, site_build.DIST)
    # Online, the service worker leaves the wasm to the HTTP cache (of a
    # profile on disk, as here), where Chromium keeps its compiled code:
    # revalidated, a few hundred bytes of headers cross, not its body.
    wasm: list[Response] = []
    context.on("response", lambda r: wasm.append(r) if r.url.endswith(".asm.wasm") else None)
    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    # The setup shows before the engine is up: the wasm's timing is there once it is.
    expect(page.locator(STATUS)).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    transferred, size = wasm_transfer(page)
    assert size > 1_000_000 and transferred < 2_000, (transferred, size)
    assert wasm and not any(r.from_service_worker for r in wasm)
    cdp = context.new_cdp_session(page)
    assert cdp.send("Page.getAppManifest")["errors"] == []
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def compiled_modules(context: BrowserContext, page: Page, url: str) -> dict[str, int]:
    """Load url with V8 traced: each module script the load compiled -> the
    size of the compiled code it took from the code cache (0: none)."""
    events = traced(page, context.new_cdp_session(page), ["v8"], lambda: open_page(page, url))
    compiled: dict[str, int] = {}
    for event in events:
        data = event.get("args", {}).get("data") or {}
        if event.get("name") == "v8.compileModule" and "url" in data:
            name = data["url"].rsplit("/", 1)[-1]
            compiled[name] = max(compiled.get(name, 0), data.get("consumedCacheSize", 0))
    return compiled


def test_the_first_return_visit_boots_from_compiled_code(
    kept_profile: tuple[BrowserContext, Page], site_url: str, page_log: PageLog
) -> None:
    context, page = kept_profile
    open_page(page, site_url)
    wait_offline_ready(page, site_build.DIST)
    # Once the site is cached, the page boots a throwaway engine in the background.
    page.wait_for_function(
        "(mark) => performance.getEntriesByName(mark).length > 0", arg=PRIMED_MARK, timeout=BOOT_MS
    )
    for _ in range(100):  # and ends it: only the game's engine is left
        if [w.url for w in page.workers] == [site_url + site_build.WORKER_BUNDLE]:
            break
        page.wait_for_timeout(50)
    else:
        pytest.fail(f"the throwaway boot did not end: {[w.url for w in page.workers]}")
    assert sum(url.endswith(f"{site_build.WORKER_BUNDLE}?prime") for url in page_log.requests) == 1
    compiled = compiled_modules(context, page, site_url)
    # Pyodide's JavaScript came compiled: the code its boot ran, not just its top level.
    assert compiled["pyodide.asm.mjs"] > 500_000, compiled


# --- a new build, served under a path prefix ----------------------------------------


@pytest.fixture
def copied_site(tmp_path: Path) -> Iterator[tuple[Path, str]]:
    """A copy of dist/ served at /dozito/ (as GitHub Pages serves /REPO/): (folder, URL)."""
    site = tmp_path / "dozito"
    shutil.copytree(site_build.DIST, site)
    server = site_build.make_server(tmp_path, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield site, f"http://127.0.0.1:{server.server_address[1]}/dozito/"
    server.shutdown()
    server.server_close()


@pytest.fixture
def watched_page(browser: Browser, copied_site: tuple[Path, str]) -> Iterator[Page]:
    """A page in a fresh context, failing the test on errors or requests off the copied site."""
    log = PageLog(origin=copied_site[1].split("/dozito/")[0])
    context = browser.new_context()
    context.on("request", log.on_request)
    page = context.new_page()
    page.on("console", log.on_console)
    page.on("pageerror", log.on_page_error)
    yield page
    context.close()
    assert not log.errors, f"the page logged errors: {log.errors}"
    assert not log.foreign_requests(), f"requests left the site: {log.foreign_requests()}"
    assert all("/dozito/" in url for url in log.requests), "a request left the path prefix"


def new_build(site: Path, change: Callable[[Path], None]) -> str:
    """Change the site as a new build would, sw.js included; return the new hash."""
    change(site)
    files = build_info(site)["files"]
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name}\0{site_build.file_hash(site / name)}\n".encode())
    new_hash = digest.hexdigest()[:16]
    site_build.write_service_worker(site, new_hash, files)
    info = {**build_info(site), "hash": new_hash}
    (site / "build-info.json").write_text(json.dumps(info))
    return new_hash


def retitle(site: Path) -> None:
    page = site / "index.html"
    page.write_text(page.read_text().replace("<title>Dozito</title>", "<title>Dozito 2</title>"))


def test_a_new_build_is_offered_and_replaces_the_old_cache(
    watched_page: Page, copied_site: tuple[Path, str]
) -> None:
    page = watched_page
    site, url = copied_site
    open_page(page, url + "?players=casual,sharp&rounds=3&seed=8&speed=slow")
    wait_offline_ready(page, site)
    old_hash = build_info(site)["hash"]
    expect(page.locator(PROMPT)).to_have_count(0)

    new_hash = new_build(site, retitle)
    assert new_hash != old_hash
    # The next load still runs the cached build, and the browser finds the new one.
    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    expect(page).to_have_title("Dozito")
    prompt = page.locator(PROMPT)
    expect(prompt).to_be_visible(timeout=60_000)
    expect(prompt).to_contain_text("A new version of Dozito is available.")
    assert page.evaluate("caches.keys()") == [f"dozito-{old_hash}", f"dozito-{new_hash}"]

    page.click("[data-testid=update-reload]")
    expect(page).to_have_title("Dozito 2", timeout=30_000)
    # The saved game resumes under the new build; only its cache is left.
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    expect(prompt).to_have_count(0)
    assert page.evaluate("caches.keys()") == [f"dozito-{new_hash}"]
    wait_offline_ready(page, site)


def retitle_and_restyle(site: Path) -> None:
    retitle(site)
    style = site / "css" / "main.css"
    style.write_text(style.read_text() + "\n/* build 2 */\n")


def test_a_build_with_a_stale_file_never_installs(
    watched_page: Page, copied_site: tuple[Path, str]
) -> None:
    page = watched_page
    site, url = copied_site
    open_page(page, url)
    wait_offline_ready(page, site)
    old_hash = build_info(site)["hash"]
    style = site / "css" / "main.css"
    old_style = style.read_text()
    new_hash = new_build(site, retitle_and_restyle)
    new_style = style.read_text()
    style.write_text(old_style)  # sw.js and the page are new, the style sheet is not

    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    assert page.evaluate(INSTALL_OUTCOME) == "redundant"
    # No new cache, no offer: the old build runs on, whole, offline too.
    assert page.evaluate("caches.keys()") == [f"dozito-{old_hash}"]
    expect(page.locator(PROMPT)).to_have_count(0)
    page.context.set_offline(True)
    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    expect(page).to_have_title("Dozito")
    assert "build 2" not in page.evaluate("async () => (await fetch('css/main.css')).text()")
    page.context.set_offline(False)

    # Once the server has the whole new build, the next visit installs it.
    style.write_text(new_style)
    page.reload()
    expect(page.locator(PROMPT)).to_be_visible(timeout=60_000)
    assert page.evaluate(INSTALL_OUTCOME) == "installed"
    page.click("[data-testid=update-reload]")
    expect(page).to_have_title("Dozito 2", timeout=30_000)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    assert page.evaluate("caches.keys()") == [f"dozito-{new_hash}"]
    wait_offline_ready(page, site)
