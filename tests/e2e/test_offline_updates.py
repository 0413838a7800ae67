"""A new build and the update prompt.

A new build (served from a copy of dist/ under a path prefix, as on GitHub
Pages) is offered by the update prompt, and taking it leaves only the new
cache. A build whose files do not match the content hashes in its sw.js
(sw.js deployed before them, a proxy's stale copy) never installs: the old
build stays whole.
"""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from test_offline import (
    BOOT_MS,
    PROMPT,
    STATUS,
    build_info,
    new_build,
    open_page,
    setup_with_engine,
    wait_offline_ready,
)

from conftest import PageLog, site_build

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
    setup_with_engine(page)
    assert page.evaluate(INSTALL_OUTCOME) == "redundant"
    # No new cache, no offer: the old build runs on, whole, offline too.
    assert page.evaluate("caches.keys()") == [f"dozito-{old_hash}"]
    expect(page.locator(PROMPT)).to_have_count(0)
    page.context.set_offline(True)
    page.reload()
    setup_with_engine(page)
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
    setup_with_engine(page)
    assert page.evaluate("caches.keys()") == [f"dozito-{new_hash}"]
    wait_offline_ready(page, site)
