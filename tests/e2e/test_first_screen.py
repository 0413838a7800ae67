"""A first visit's first screen: the setup shows while the engine boots.

The plain address with nothing saved needs no engine to show the setup: the
card table and the rule numbers are in the page's bundle (build.py asks the
engine for them). The engine's wasm is held back here until the test lets it
through, so every check below runs while the engine is surely not up.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, Route, expect

BOOT_MS = 60_000
STATUS = "[data-testid=status]"


def open_holding(page: Page, url: str, pattern: str) -> list[Route]:
    """Open url, holding every request for pattern until the test answers it; return once
    the setup shows and the engine has asked for it."""
    held: list[Route] = []
    page.route(pattern, lambda route: held.append(route))
    page.goto(url)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    for _ in range(BOOT_MS // 50):
        if held:
            return held
        page.wait_for_timeout(50)
    raise AssertionError(f"the engine never asked for {pattern}")


def test_the_setup_shows_and_takes_a_start_while_the_engine_boots(
    first_visit_page: Page, site_url: str
) -> None:
    page = first_visit_page
    held = open_holding(page, site_url, "**/*.asm.wasm")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-engine", "starting")
    # Words that say the game is still loading, not a bare spinner.
    expect(page.locator("[data-testid=engine-progress]")).to_contain_text("loading")
    # What a newcomer may do meanwhile: learn, read the rules, choose the players.
    expect(page.locator("[data-testid=tutorial]")).to_be_enabled()
    page.click("#help-button")
    expect(page.locator("#help-dialog")).to_be_visible()
    page.keyboard.press("Escape")
    # The bots' strengths, from the engine's rules baked into the bundle.
    expect(page.locator("[data-testid=strengths]")).to_contain_text("%")
    page.get_by_role("button", name="Start the game").click()
    # The start waits for the engine, and the status says why.
    expect(status).to_have_attribute("data-phase", "loading")
    expect(status).to_have_attribute("data-engine", "starting")
    assert page.locator("[data-action]").count() == 0
    for route in held:
        route.continue_()
    page.unroute("**/*.asm.wasm")
    expect(status).to_have_attribute("data-engine", "ready", timeout=BOOT_MS)
    expect(status).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)


def test_a_boot_that_fails_behind_the_setup_leaves_nothing_to_start(
    first_visit_page: Page, site_url: str, page_log: Any
) -> None:
    page = first_visit_page
    held = open_holding(page, site_url, "**/pyodide/pyodide.mjs")
    status = page.locator(STATUS)
    for route in held:
        route.fulfill(status=404)
    expect(status).to_have_attribute("data-engine", "failed", timeout=BOOT_MS)
    expect(status).to_contain_text("could not start")
    expect(page.locator("#notice")).to_contain_text("The game could not start")
    expect(page.get_by_role("button", name="Start the game")).to_have_count(0)
    page_log.errors.clear()  # the 404 and its report are the point
