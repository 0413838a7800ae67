"""The engine failing under the page: a worker that dies mid-game, a Python
that fails fatally, a runtime file that does not download. Each must end in a
clear message with a Reload button, soon, and never in a frozen table.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from conftest import engine_worker, site_build

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
NOTICE = "#notice"
DEAD = "The game engine has stopped"
# The client gives a silent worker 5 s to take up a request: a little more.
DEAD_MS = 8_000


def open_game(page: Page, site_url: str, query: str) -> None:
    page.goto(site_url + query)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)


def table_state(page: Page) -> tuple[str, str, list[str]]:
    page.locator("[data-action]").first.wait_for()
    actions = page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    return page.inner_text(STATUS), page.inner_text("#log"), actions


def expect_dead_engine(page: Page, page_log: Any) -> None:
    """The notice says the engine stopped and offers a reload; nothing is playable."""
    notice = page.locator(NOTICE)
    expect(notice).to_contain_text(DEAD, timeout=DEAD_MS)
    expect(notice.locator("button")).to_have_text(["Reload", "Dismiss"])
    expect(page.locator("[data-action]")).to_have_count(0)
    page_log.errors.clear()  # the runtime's own report of its failure is expected


def test_a_dead_worker_is_reported_and_a_reload_resumes_the_game(
    page: Page, page_log: Any, site_url: str
) -> None:
    open_game(page, site_url, "?players=human,human&seed=21&names=Ann,Bob&speed=instant")
    for action in ["draw", "discard:0", "take:0"]:  # Bob takes at once: no hand-over
        page.click(f"[data-action='{action}']")
    saved = table_state(page)
    worker = engine_worker(page)
    worker.evaluate("self.close()")
    page.click("[data-action^='place:']")  # the request no one will answer
    expect_dead_engine(page, page_log)
    page.locator(NOTICE).get_by_role("button", name="Reload").click()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    assert table_state(page) == saved


def test_a_fatal_python_error_is_reported_as_a_dead_engine(
    page: Page, page_log: Any, site_url: str
) -> None:
    open_game(page, site_url, "?players=human,rookie&seed=4&names=Ann&speed=instant")
    # Any JavaScript error thrown through Python's frames is fatal to Pyodide;
    # the bot's move reads the clock, so make the clock throw (once this
    # evaluation, which reads it too, is over).
    worker = engine_worker(page)
    worker.evaluate(
        "setTimeout(() => { performance.now = () => { throw new RangeError('injected fault'); }; })"
    )
    page.click("[data-action=draw]")
    page.click("[data-action^='discard:']")
    expect_dead_engine(page, page_log)
    expect(page.locator(NOTICE)).to_contain_text("injected fault")
    expect(page.locator(NOTICE)).not_to_contain_text("unreadable engine response")


def truncated_wasm(route: Route) -> None:
    """The runtime's WebAssembly cut short, as an interrupted download leaves it."""
    wasm = (site_build.DIST / "pyodide" / site_build.wasm_path()).read_bytes()
    route.fulfill(body=wasm[: len(wasm) // 10], content_type="application/wasm")


@pytest.mark.parametrize(
    ("fault", "reason"),
    [
        (lambda route: route.fulfill(status=404), "could not be downloaded (HTTP 404)"),
        (truncated_wasm, "could not be compiled"),
    ],
    ids=["missing", "truncated"],
)
def test_a_broken_runtime_download_is_reported_at_once(
    page: Page, page_log: Any, site_url: str, fault: Any, reason: str
) -> None:
    page.route("**/pyodide.asm.wasm*", fault)  # "?offline" too: no service worker here
    page.goto(site_url)
    notice = page.locator(NOTICE)
    # Within seconds, not after the 60 s boot timeout.
    expect(notice).to_contain_text("The game could not start", timeout=10_000)
    expect(notice).to_contain_text(reason)
    expect(notice.locator("button")).to_have_text(["Reload", "Dismiss"])
    page_log.errors.clear()  # the failed download and its report are the point
