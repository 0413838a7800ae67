"""Hint and undo through the page contract's hooks (issue 17, "Additions
(v2)"): a hint marks exactly one legal target and says why, and the mark goes
with the next action; undo is enabled exactly while the engine says the last
action may be taken back and a human is to play, and restores the previous
set of actions; both are noted in the log, also after a reload."""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_play import BOOT_MS, STATUS, legal, open_page

HINT = "[data-testid=hint]"
UNDO = "[data-testid=undo]"
MARKED = "[data-hint=true]"


def my_turn(page: Page) -> None:
    expect(page.locator(STATUS)).to_have_attribute("data-current", "0")
    page.locator("[data-action]").first.wait_for()


def ask_hint(page: Page) -> str:
    """Ask for a hint; the one marked element's action (checked legal), its text shown."""
    offered = legal(page)
    page.click(HINT)
    expect(page.locator(MARKED)).to_have_count(1)
    action = page.get_attribute(MARKED, "data-action") or ""
    assert action in offered, (action, offered)
    text = page.locator("[data-testid=hint-text]")
    expect(text).not_to_be_empty()
    expect(text).not_to_have_text("Thinking…")
    return action


def test_hint_and_undo(page: Page, site_url: str) -> None:
    query = "?players=human,rookie&rounds=1&seed=11&first=0&names=Ann&speed=instant"
    open_page(page, site_url, query)
    my_turn(page)
    start = sorted(legal(page))
    assert "take:0" in start
    expect(page.locator(HINT)).to_be_enabled()
    expect(page.locator(UNDO)).to_be_disabled()  # nothing played yet

    ask_hint(page)
    # Taking a visible discard-pile top reveals nothing: it may be taken back.
    page.click("[data-action='take:0']")
    expect(page.locator(MARKED)).to_have_count(0)
    expect(page.locator("[data-testid=hint-text]")).to_be_empty()
    expect(page.locator(UNDO)).to_be_enabled()
    assert all(a.startswith("place:") for a in legal(page))
    page.click(UNDO)
    my_turn(page)
    assert sorted(legal(page)) == start
    expect(page.locator(UNDO)).to_be_disabled()
    log = page.locator("#log")
    expect(log).to_contain_text("A hint was asked.")
    expect(log).to_contain_text("A move was taken back.")
    expect(log).not_to_contain_text("Ann takes")

    # A card drawn from the draw pile was hidden: no undo from here.
    page.click("[data-action=draw]")
    page.locator("[data-action^='discard:']").first.wait_for()
    expect(page.locator(UNDO)).to_be_disabled()
    marked = ask_hint(page)
    page.click(f"[data-action='{marked}']")
    expect(page.locator(MARKED)).to_have_count(0)

    # Once the bot has played, Ann's last action is out of reach.
    page.locator("[data-action^='discard:'], [data-action=draw]").first.wait_for()
    if "draw" not in legal(page):
        page.click("[data-action^='discard:']")
    page.locator("[data-action=draw]").wait_for()
    expect(log).to_contain_text("Robin discards")
    expect(page.locator(UNDO)).to_be_disabled()
    expect(page.locator(HINT)).to_be_enabled()

    # The aids are in the record: the log shows them after a reload too.
    page.reload()
    expect(page.locator(STATUS)).not_to_have_attribute("data-phase", "loading", timeout=BOOT_MS)
    my_turn(page)
    expect(log).to_contain_text("A hint was asked.")
    expect(log).to_contain_text("A move was taken back.")
    expect(page.locator(UNDO)).to_be_disabled()


def test_setup_allows_hints_for_a_lone_human_and_undo_by_default(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?speed=instant")
    hints, undo = page.locator("#setup-hints"), page.locator("#setup-undo")
    expect(hints).to_be_checked()
    expect(undo).to_be_checked()
    page.select_option("#setup-kind-1", "human")  # two humans: each would see the other's hints
    expect(hints).not_to_be_checked()
    page.uncheck("#setup-undo")
    page.click("button[type=submit]")
    page.locator("[data-action]").first.wait_for()
    expect(page.locator(HINT)).to_have_count(0)
    expect(page.locator(UNDO)).to_have_count(0)
