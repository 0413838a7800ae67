"""Statistics (issue 17, page contract "Additions (v2)"): a finished game is
counted once on this device, however often the page is reloaded; the screen
shows the figures and charts, passes axe, and resets only after asking."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect
from test_a11y import AXE, axe_violations
from test_play import STATUS, open_page, play

from dozito import bridge

STATS = "[data-testid=stats]"
VIEW = "[data-testid=stats-view]"
ONE_COUNTED = "() => JSON.parse(localStorage.getItem('dozito.stats'))?.ids.length === 1"
"""A predicate, not an expression: the page's CSP lets Playwright eval only its first poll."""


def open_stats(page: Page) -> None:
    page.click(STATS)
    expect(page.locator(VIEW)).to_be_visible()


def close_stats(page: Page) -> None:
    page.click("[data-testid=stats-close]")
    expect(page.locator(VIEW)).to_be_hidden()


def stored(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('dozito.stats')"))


def test_a_finished_game_is_counted_once_across_reloads(page: Page, site_url: str) -> None:
    page.add_init_script(path=str(AXE))
    open_page(page, site_url, "?players=human,rookie&rounds=1&seed=7&names=Ann&speed=instant")
    open_stats(page)
    expect(page.locator(VIEW)).to_have_attribute("data-games", "0")
    expect(page.locator(VIEW)).to_contain_text("No finished game yet")
    close_stats(page)

    play(page, "round-end")
    page.click("[data-action=continue]")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "game-over")
    won = status.get_attribute("data-winners") == "0"
    page.wait_for_function(ONE_COUNTED)

    for _ in range(2):  # the finished game resumes at its end: nothing more is counted
        page.reload()
        expect(status).to_have_attribute("data-phase", "game-over", timeout=60_000)
        open_stats(page)
        view = page.locator(VIEW)
        expect(view).to_have_attribute("data-games", "1")
        close_stats(page)
    assert len(stored(page)["ids"]) == 1

    open_stats(page)
    view = page.locator(VIEW)
    expect(view.locator("h3").first).to_have_text("Ann")
    figures = view.locator(".stats__figures")
    expect(figures).to_contain_text(f"Wins{1 if won else 0} ({100 if won else 0} %)")
    expect(figures).to_contain_text("Against the Rookie bot")
    assert view.locator("svg[role=img]").count() == 2  # score per game, win rate per level
    expect(view.locator(".stats__game")).to_have_count(1)
    expect(view.locator(".stats__game")).to_contain_text("Rookie")
    axe_violations(page, "statistics screen")

    # The review link hands the game's record to the review viewer.
    page.evaluate(
        "document.addEventListener('dozito:review', (e) => (window.reviewed = e.detail.record))"
    )
    view.get_by_role("button", name="Review").click()
    record = json.loads(page.evaluate("window.reviewed"))
    assert record["format"] == "dozito/1" and record["seats"] == ["human", "rookie"]

    # Reset asks first; "Cancel" keeps everything.
    open_stats(page)
    page.click("[data-testid=stats-reset]")
    page.click("#confirm-dialog button[value=no]")
    expect(view).to_have_attribute("data-games", "1")
    page.click("[data-testid=stats-reset]")
    page.click("#confirm-dialog button[value=yes]")
    expect(view).to_have_attribute("data-games", "0")
    close_stats(page)


def engine_longest_chain(record: str, seat: int) -> int:
    """The seat's longest chain of one turn, from the engine's own log of the record."""
    loaded = json.loads(bridge.handle(json.dumps({"op": "load", "text": record})))["result"]
    turns = [event for event in loaded["log"] if event["type"] == "turn_end"]
    return max(event["chain"] for event in turns if event["seat"] == seat)


def test_a_game_with_a_hint_counts_with_its_longest_chain(page: Page, site_url: str) -> None:
    """Issue 25: "Games 0, longest chain 0" after a real game with one hint in
    which the player chained 5 cards. Every finished game counts; one with a
    hint is marked as helped, and its chain is the engine's."""
    open_page(page, site_url, "?players=human,casual&rounds=1&seed=6&names=Ann&speed=instant")
    page.click("[data-testid=hint]")
    expect(page.locator("[data-hint=true]")).to_have_count(1)
    play(page, "round-end")
    page.click("[data-action=continue]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over")
    page.wait_for_function(ONE_COUNTED)
    [game] = stored(page)["recent"]
    longest = engine_longest_chain(game["record"], 0)
    assert longest >= 2, "the game is meant to have a chain worth counting"
    assert json.loads(game["record"])["aids"] == [{"at": 0, "kind": "hint"}]

    open_stats(page)
    view = page.locator(VIEW)
    expect(view).to_have_attribute("data-games", "1")
    figures = view.locator(".stats__figures")
    expect(figures.locator("tr").first).to_have_text("Games1")
    expect(figures.locator("tr", has_text="Longest chain")).to_have_text(f"Longest chain{longest}")
    expect(figures.locator("tr", has_text="with hints")).to_contain_text("/ 1")
    expect(view.locator(".stats__game [data-testid=stats-helped]")).to_have_count(1)
    assert view.locator("svg[role=img]").count() == 2  # the game is in the charts too


def test_unreadable_statistics_are_set_aside_with_a_notice(page: Page, site_url: str) -> None:
    page.add_init_script("localStorage.setItem('dozito.stats', '{broken')")
    open_page(page, site_url, "?speed=instant")
    open_stats(page)
    expect(page.locator(VIEW)).to_have_attribute("data-games", "0")
    expect(page.locator("#notice")).to_contain_text("set aside")
    assert page.evaluate("localStorage.getItem('dozito.stats.broken')") == "{broken"
