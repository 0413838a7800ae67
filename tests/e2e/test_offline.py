"""Offline and installable: the service worker, the manifest.

A first visit precaches the whole game under `dozito-<build hash>`; after
that the page boots and a game plays with the network off. A new build and
the update prompt: test_offline_updates.py, which shares this module's
helpers, as test_offline_faults.py does.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, Response, expect

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


def setup_with_engine(page: Page) -> None:
    """Wait for the setup with its engine up (the setup may show before it is)."""
    expect(page.locator(STATUS)).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")


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


def test_a_second_visit_boots_and_plays_offline(
    first_visit_page: Page, site_url: str, page_log: PageLog
) -> None:
    page = first_visit_page
    open_page(page, site_url)
    wait_offline_ready(page, site_build.DIST)
    page.context.set_offline(True)
    page.reload()
    setup_with_engine(page)
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
    setup_with_engine(page)
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
