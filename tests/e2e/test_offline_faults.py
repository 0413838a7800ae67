"""Offline whatever the network does, and a build served as one unit.

With the whole site cached by a first visit, the game boots from the cache
when the server is down or answers every address with a captive portal's
page, though the browser still believes it is online; and a deploy whose
Pyodide runtime is new never reaches a page of the build before it (whose
scripts the service worker serves): that page boots on its own runtime and
offers the new version.
"""

from __future__ import annotations

import functools
import hashlib
import json
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from test_offline import (
    BOOT_MS,
    PROMPT,
    STATUS,
    build_info,
    new_build,
    open_page,
    wait_offline_ready,
)

from conftest import site_build

PORTAL = b"<!doctype html><title>Sign in to the Wi-Fi</title><p>Accept the terms to go on."

# A WebAssembly module importing env.dozito_new, which no Pyodide provides: a
# runtime that does not fit the page's scripts fails to link, as a new one does.
FOREIGN_WASM = bytes.fromhex("0061736d01000000010401600000020f0103656e760a646f7a69746f5f6e65770000")


class PortalHandler(site_build.SiteHandler):
    """build.py's handler, or a captive portal's page for every address while site.portal."""

    def __init__(self, *args: Any, site: Site, **kwargs: Any) -> None:
        self.site = site
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        if not self.site.portal:
            return super().do_GET()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PORTAL)))
        self.end_headers()
        self.wfile.write(PORTAL)


class Site:
    """dist/ copied and served at /dozito/; it can be stopped or turned into a captive portal."""

    def __init__(self, tmp_path: Path) -> None:
        self.folder = tmp_path / "dozito"
        shutil.copytree(site_build.DIST, self.folder)
        self.portal = False
        handler = functools.partial(
            PortalHandler,
            directory=str(tmp_path),
            policy=site_build.served_policy(),
            quiet=True,
            site=self,
        )
        self.server = site_build.SiteServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/dozito/"
        self.stopped = False

    def stop(self) -> None:
        if not self.stopped:
            self.stopped = True
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[Site]:
    served = Site(tmp_path)
    yield served
    served.stop()


@pytest.fixture
def cached_page(browser: Browser, site: Site) -> Iterator[Page]:
    """A page whose first visit has cached the whole site (the service worker controls it)."""
    context = browser.new_context()
    page = context.new_page()
    open_page(page, site.url)
    wait_offline_ready(page, site.folder)
    yield page
    context.close()


def boots_to_the_setup(page: Page) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    expect(page.locator("#notice")).not_to_contain_text("could not start")
    assert page.evaluate("navigator.onLine") is True  # the browser still believes it is online
    assert not errors


def test_a_server_that_is_down_leaves_the_game_playable(cached_page: Page, site: Site) -> None:
    site.stop()
    boots_to_the_setup(cached_page)


def test_a_captive_portal_leaves_the_game_playable(cached_page: Page, site: Site) -> None:
    site.portal = True
    boots_to_the_setup(cached_page)


def deploy_new_runtime(folder: Path) -> None:
    """The site's runtime replaced as a deploy would: where the new build names
    its wasm (a folder named by its content, else the same file)."""
    info = build_info(folder)
    (old,) = [name for name in info["files"] if name.endswith(f"/{site_build.WASM}")]
    parent = Path(old).parent
    if parent.name != "pyodide":  # named by its content
        parent = parent.parent / hashlib.sha256(FOREIGN_WASM).hexdigest()[:12]
    new = str(parent / site_build.WASM)
    (folder / old).unlink()
    (folder / new).parent.mkdir(parents=True, exist_ok=True)
    (folder / new).write_bytes(FOREIGN_WASM)
    info["files"] = sorted(set(info["files"]) - {old} | {new})
    (folder / "build-info.json").write_text(json.dumps(info))


def test_a_new_runtime_on_the_server_never_reaches_the_old_build(
    cached_page: Page, site: Site
) -> None:
    page = cached_page
    old_hash = build_info(site.folder)["hash"]
    new_hash = new_build(site.folder, deploy_new_runtime)
    page.reload()
    # The old build boots on its own runtime, a game plays, and the new one is offered.
    expect(page.locator(STATUS)).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    expect(page.locator("#notice")).not_to_contain_text("could not start")
    expect(page.locator(PROMPT)).to_be_visible(timeout=60_000)
    assert page.evaluate("caches.keys()") == [f"dozito-{old_hash}", f"dozito-{new_hash}"]
    page.reload()  # while the new build waits, every load still runs the old one, whole
    expect(page.locator(STATUS)).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    expect(page.locator(PROMPT)).to_be_visible(timeout=60_000)
