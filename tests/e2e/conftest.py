"""Fixtures for the browser tests: the built site on a local server, and Chromium.

`python3 build.py test` builds dist/ first; run alone, pytest builds it once
if it is missing. Every test gets a fresh browser context (no saved game, no
cache) and a `page` that fails the test on any console error, page error or
request to a host other than the local server; `new_page(**context_options)`
opens more such pages (say, with a phone's viewport). Tests that expect an
error take it out of `page_log.errors` before they end.
"""

from __future__ import annotations

import base64
import importlib
import json
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import (
    Browser,
    BrowserContext,
    CDPSession,
    ConsoleMessage,
    Error,
    Page,
    Playwright,
    Request,
    Worker,
    sync_playwright,
)

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def _load_build_module() -> ModuleType:
    """py/site_build, the site's build (`python3 build.py` runs it); the benches
    load this file as a script, without pytest's pythonpath, so py/ is added."""
    if str(ROOT / "py") not in sys.path:
        sys.path.insert(0, str(ROOT / "py"))
    return importlib.import_module("site_build")


site_build = _load_build_module()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder as e2e, so `-m "not e2e"` skips them."""
    here = Path(__file__).parent
    for item in items:
        if here in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    """The URL of dist/ served on 127.0.0.1, ending with '/'."""
    if not (site_build.DIST / "build-info.json").exists():
        site_build.build()
    server = site_build.make_server(site_build.DIST, 0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Chromium: Debian's, else Playwright's own."""
    executable = site_build.find_chromium()
    if executable is None:
        pytest.fail(site_build.CHROMIUM_HINT, pytrace=False)
    browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


@dataclass
class PageLog:
    """What a page did that a test may check: its console errors and every request."""

    origin: str
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def on_page_error(self, error: Error) -> None:
        self.errors.append(f"page error: {error}")

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)

    def foreign_requests(self) -> list[str]:
        """Requests that left the local server (data: and blob: URLs go nowhere)."""
        foreign = []
        for url in self.requests:
            parts = urlsplit(url)
            if (
                parts.scheme not in ("data", "blob")
                and f"{parts.scheme}://{parts.netloc}" != self.origin
            ):
                foreign.append(url)
        return foreign


def traced(
    page: Page, session: CDPSession, categories: list[str], action: Callable[[], None]
) -> list[Any]:
    """The Chrome trace events (of the categories given) of running action,
    through session, a CDP session of page."""
    done: dict[str, Any] = {}
    session.on("Tracing.tracingComplete", lambda params: done.update(params))
    session.send(
        "Tracing.start",
        {"transferMode": "ReturnAsStream", "traceConfig": {"includedCategories": categories}},
    )
    action()
    session.send("Tracing.end")
    while "stream" not in done:
        page.wait_for_timeout(50)  # lets Playwright deliver the event
    chunks = []
    while True:
        read = session.send("IO.read", {"handle": done["stream"], "size": 1 << 22})
        data = read["data"]
        chunks.append(base64.b64decode(data) if read.get("base64Encoded") else data.encode())
        if read.get("eof"):
            break
    session.send("IO.close", {"handle": done["stream"]})
    raw = json.loads(b"".join(chunks))
    events: list[Any] = raw["traceEvents"] if isinstance(raw, dict) else raw
    return events


PRIMED_MARK = "dozito:engine-code-primed"
"""The performance mark js/engine/prime.js sets once its throwaway boot has ended."""


RETURN_VISIT_BOOT = "globalThis.dozitoBoot = 'snapshot';"
"""The boot the tests' pages force (docs/page-contract.md): from the memory snapshot, as
every visit after the first does. A fresh context is a first visit, which chooses its boot
by the link's speed (js/engine/boot-choice.js): that path has tests of its own
(`first_visit=True`: test_first_visit_bytes, test_offline, test_snapshot, the engines')."""


def engine_worker(page: Page) -> Worker:
    """The page's engine worker, not the throwaway boot that follows a first
    install (js/engine/prime.js), whose address ends in "?prime"."""
    [worker] = [w for w in page.workers if not w.url.endswith("?prime")]
    return worker


@pytest.fixture
def page_log(site_url: str) -> PageLog:
    return PageLog(origin=site_url.rstrip("/"))


@pytest.fixture
def new_page(browser: Browser, page_log: PageLog) -> Iterator[Callable[..., Page]]:
    """Opens pages, each in a fresh context made with the options given (e.g. a
    phone's viewport), all watched like `page`; booting as a return visit
    does unless first_visit (see RETURN_VISIT_BOOT)."""
    contexts: list[BrowserContext] = []

    def open_page(*, first_visit: bool = False, **context_options: Any) -> Page:
        context = browser.new_context(**context_options)
        if not first_visit:
            context.add_init_script(RETURN_VISIT_BOOT)
        contexts.append(context)
        context.on("request", page_log.on_request)  # the context's: workers' requests too
        page = context.new_page()
        page.on("console", page_log.on_console)
        page.on("pageerror", page_log.on_page_error)
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert not page_log.errors, f"the page logged errors: {page_log.errors}"
    assert not page_log.foreign_requests(), f"requests left the site: {page_log.foreign_requests()}"


@pytest.fixture
def page(new_page: Callable[..., Page]) -> Page:
    """A page in a fresh context that fails the test on errors or foreign requests."""
    return new_page()


@pytest.fixture
def first_visit_page(new_page: Callable[..., Page]) -> Page:
    """`page` left to boot as a first visit does: without the memory snapshot."""
    return new_page(first_visit=True)
