"""One game, one writer: tabs of the same browser share one saved game, so
only one of them may play and save it. The others are covered ("This game is
open in another tab.") until the player takes the game over with "Play here".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
COVER = "[data-testid=other-tab]"
SAVE_KEY = "dozito.save"
# Counts each tab's writes of the saved game, in window.dozitoSaves.
COUNT_SAVES = """
window.dozitoSaves = 0;
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
    if (key === "dozito.save") window.dozitoSaves += 1;
    return setItem.call(this, key, value);
};
"""


@pytest.fixture
def tabs(
    browser: Browser, page_log: Any, new_page: Callable[..., Page]
) -> Iterator[Callable[[], Page]]:
    """Opens tabs in one browser context, so they share storage and locks; each is
    watched like `page` (new_page's teardown checks the log once they are closed)."""
    context = browser.new_context()
    context.on("request", page_log.on_request)
    context.add_init_script(COUNT_SAVES)

    def open_tab() -> Page:
        tab = context.new_page()
        tab.on("console", page_log.on_console)
        tab.on("pageerror", page_log.on_page_error)
        return tab

    yield open_tab
    context.close()


def table(tab: Page) -> tuple[str, str, list[str]]:
    """What the player sees: the status, the log and the legal actions."""
    tab.locator("[data-action]").first.wait_for()
    actions = tab.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")
    return tab.inner_text(STATUS), tab.inner_text("#log"), actions


def stored_actions(tab: Page) -> list[str]:
    # A save keeps the record's actions beside its head (version 3, see save.js).
    return tab.evaluate(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).actions")


def expect_covered(tab: Page) -> None:
    cover = tab.locator(COVER)
    expect(cover).to_contain_text("This game is open in another tab.", timeout=BOOT_MS)
    expect(cover.get_by_role("button", name="Play here")).to_be_enabled()
    expect(tab.locator("[data-action]")).to_have_count(0)
    expect(tab.locator("[data-testid=board]")).to_be_hidden()
    for control in ("#new-game", "#import-button", "#export-game"):
        expect(tab.locator(control)).to_be_disabled()


def test_a_second_tab_is_covered_until_it_takes_the_game_over(
    tabs: Callable[[], Page], site_url: str
) -> None:
    a = tabs()
    a.goto(site_url + "?players=human,human&seed=7&names=Ann,Bob&speed=instant")
    for action in ["draw", "discard:0"]:  # then Bob's turn (no hand-over unless asked for)
        a.click(f"[data-action='{action}']")
    # B asks for a new game of its own: it must neither start nor replace A's.
    b = tabs()
    b.goto(site_url + "?players=rookie,rookie&seed=1&speed=instant")
    expect_covered(b)
    a.click("[data-action='take:0']")
    a.click("[data-action^='place:']")
    played = table(a)
    assert b.evaluate("window.dozitoSaves") == 0
    # A's moves survive a reload of A.
    a.reload()
    expect(a.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    assert table(a) == played
    # "Play here" takes the game over from A's latest save, and A is covered.
    b.locator(COVER).get_by_role("button", name="Play here").click()
    expect(b.locator(STATUS)).to_have_attribute("data-phase", "turn")
    assert table(b) == played
    expect_covered(a)
    expect(a.locator(STATUS)).to_contain_text("Open in another tab")
    # A takes it back the same way and goes on from B's move.
    b.click("[data-action='discard:1']")  # Bob's place turned up a card
    expect(b.locator(STATUS)).to_contain_text("Your turn, Ann")
    moved = table(b)
    a.locator(COVER).get_by_role("button", name="Play here").click()
    assert table(a) == moved
    expect_covered(b)


def test_a_tab_that_lost_the_game_stops_its_bots_and_never_saves_again(
    tabs: Callable[[], Page], site_url: str
) -> None:
    a = tabs()
    a.goto(site_url + "?players=rookie,rookie&rounds=3&seed=5&speed=slow")
    expect(a.locator(STATUS)).to_contain_text("is playing", timeout=BOOT_MS)
    b = tabs()
    b.goto(site_url)
    expect_covered(b)
    b.locator(COVER).get_by_role("button", name="Play here").click()
    expect_covered(a)
    saves_a = a.evaluate("window.dozitoSaves")
    taken_over = len(stored_actions(b))
    # B's bots go on from A's save; A's, a second apart, would have played meanwhile.
    b.wait_for_function("() => window.dozitoSaves >= 4", timeout=30_000)
    assert a.evaluate("window.dozitoSaves") == saves_a
    assert len(stored_actions(b)) > taken_over  # the save in storage is B's
    expect_covered(a)


def test_without_web_locks_the_page_still_plays(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page()
    page.add_init_script("delete Navigator.prototype.locks")
    page.goto(site_url + "?players=human,human&seed=3&speed=instant")
    assert page.evaluate("navigator.locks === undefined")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    page.click("[data-action=draw]")
    expect(page.locator(STATUS)).to_contain_text("Place the")
