"""Fault injection (issue #27): what a player has is never lost. Each test
plants one fault a probe found (odd names and languages, bad stored values,
an address over a save, a review over the setup, an imported game) and
checks what the player sees and what is kept. docs/RELIABILITY.md lists the
classes; the service worker's (a runtime upgrade, a server down or a captive
portal) are in the offline tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect
from test_play import BOOT_MS, STATUS, open_page, play
from test_saves import click_some
from test_stats_page import VIEW, close_stats, open_stats

from scenario import instant_win

GAME = "?players=human,rookie&rounds=1&seed=7&speed=instant"


def stored(page: Page, key: str) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{key}')") or "null")


def finish(page: Page) -> None:
    """Play the one round of the game on the table to the game-over screen."""
    play(page, "round-end")
    page.click("[data-action=continue]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over")


def finished_record() -> str:
    """A finished game's record (won at its 13th action), with its seats."""
    return json.dumps({**instant_win(), "players": ["Ann", "Bob"], "seats": ["human", "rookie"]})


def stats_with(players: dict[str, Any], recent: list[Any]) -> str:
    ids = [game["id"] for game in recent if isinstance(game, dict) and "id" in game]
    return json.dumps({"version": 1, "ids": ids, "players": players, "recent": recent})


def figures(games: int) -> dict[str, Any]:
    """One player's stored figures after `games` lost games against the rookie."""
    return {
        "games": games,
        "wins": 0,
        "levels": {"rookie": {"games": games, "wins": 0}},
        "hinted": {"games": 0, "wins": 0},
        "rounds": games,
        "roundSum": 5 * games,
        "bestRound": 5,
        "bestChain": 1,
        "streak": 0,
        "bestStreak": 0,
    }


def plant(page: Page, key: str, text: str) -> None:
    """Store text under key before the page's first script runs (once: not again on reload)."""
    once, value = json.dumps(f"planted:{key}"), json.dumps(text)
    page.add_init_script(
        f"if (!sessionStorage.getItem({once})) {{ sessionStorage.setItem({once}, '1');"
        f" localStorage.setItem({json.dumps(key)}, {value}); }}"
    )


# --- an address over a save ------------------------------------------------------------


def test_an_address_keeps_the_game_it_replaces_and_offers_it_back(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "?players=human,rookie&rounds=10&seed=77&speed=instant")
    click_some(page, 9)
    before = stored(page, "dozito.save")

    open_page(page, site_url, "?players=human,expert&rounds=1&seed=1&speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("The game you were playing is kept")
    assert stored(page, "dozito.save.kept") == before
    address_game = stored(page, "dozito.save")
    assert json.loads(address_game["record"])["seed"] == 1

    notice.get_by_role("button", name="Back to that game").click()
    expect(notice).to_be_hidden()
    page.wait_for_function(
        "record => JSON.parse(localStorage.getItem('dozito.save')).record === record",
        arg=before["record"],
    )
    assert (
        stored(page, "dozito.save.kept")["record"] == address_game["record"]
    )  # nothing lost either way
    query = parse_qs(urlsplit(page.url).query)
    assert "players" not in query and "seed" not in query


# --- odd names ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hint"), [("toString", True), ("constructor", False), ("__proto__", False)]
)
def test_a_name_of_javascript_s_own_is_counted_and_keeps_everyone_else(
    page: Page, site_url: str, name: str, hint: bool
) -> None:
    plant(page, "dozito.stats", stats_with({"Ann": figures(4)}, []))
    warnings: list[str] = []
    page.on("console", lambda m: m.type == "warning" and warnings.append(m.text))
    open_page(page, site_url, f"{GAME}&names={name}")
    if hint:
        page.click("[data-testid=hint]")
        expect(page.locator("[data-hint=true]")).to_have_count(1)
    finish(page)
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('dozito.stats')).ids.length === 1"
    )
    page.wait_for_timeout(1000)  # an endless count would warn again and again meanwhile
    assert not [w for w in warnings if "engine" in w], warnings
    expect(page.locator("#notice")).to_be_hidden()
    stats = stored(page, "dozito.stats")
    assert stats["players"]["Ann"] == figures(4)
    mine = stats["players"][name]
    # A game with hints counts like any other, and is tallied as helped too (issue 25).
    assert (mine["hinted"]["games"], mine["games"]) == ((1, 1) if hint else (0, 1))

    page.reload()  # at game over: nothing counted again, nothing set aside
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over", timeout=BOOT_MS)
    open_stats(page)
    expect(page.locator(VIEW)).to_have_attribute("data-games", "1")
    assert stored(page, "dozito.stats")["players"]["Ann"] == figures(4)
    assert page.evaluate("localStorage.getItem('dozito.stats.broken')") is None


# --- odd languages -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["constructor", "__proto__", "Constructor-CA"])
def test_a_language_that_names_an_object_property_boots_in_english(
    page: Page, site_url: str, lang: str
) -> None:
    open_page(page, site_url, f"?lang={lang}")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    assert page.evaluate("document.documentElement.lang") == "en"
    plant(page, "dozito.lang", lang)  # the same word stored as the player's choice
    open_page(page, site_url)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")


# --- bad stored values -------------------------------------------------------------------


@pytest.mark.parametrize("speed", ['"turbo"', "3"])
def test_an_unknown_stored_speed_plays_at_the_default_one(
    page: Page, site_url: str, speed: str
) -> None:
    plant(page, "dozito.prefs", f'{{"speed": {speed}, "sound": false}}')
    open_page(page, site_url, "?players=human,rookie&rounds=1&seed=7&first=0")
    expect(page.locator("#speed")).to_have_value("normal")
    click_some(page, 6)  # the rookie plays in between: every turn ends
    assert len(stored(page, "dozito.save")["actions"]) > 6  # saved at every turn's end
    assert stored(page, "dozito.prefs") == {
        "speed": json.loads(speed),
        "sound": False,
    }  # untouched until a choice


def test_statistics_with_an_odd_recent_entry_open_and_can_be_reset(
    page: Page, site_url: str
) -> None:
    plant(
        page,
        "dozito.stats",
        stats_with({"Ann": figures(2), "Bob": {"games": "x"}}, [{"id": "odd", "names": "Ann"}]),
    )
    open_page(page, site_url)
    open_stats(page)
    view = page.locator(VIEW)
    expect(view).to_contain_text("Ann")
    expect(page.locator("#notice")).to_contain_text("Everything else is kept")
    assert sorted(stored(page, "dozito.stats")["players"]) == ["Ann"]
    assert "Bob" in page.evaluate("localStorage.getItem('dozito.stats.broken')")
    page.click("[data-testid=stats-reset]")
    page.click("#confirm-dialog button[value=yes]")
    expect(view).to_have_attribute("data-games", "0")


# --- games that must not count, pages that must not desynchronise --------------------------


def test_the_tutorial_is_never_counted(page: Page, site_url: str) -> None:
    open_page(page, site_url)
    page.click("[data-testid=tutorial]")
    for _ in range(40):
        if page.locator("[data-testid=tutorial-done]").is_visible():
            break
        page.locator("[data-coach=true]").first.click()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over")
    page.wait_for_timeout(500)  # the count is queued behind the redraw
    assert stored(page, "dozito.stats") is None


def test_a_finished_game_imported_is_listed_apart_until_counted(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "elsewhere.json"
    path.write_text(finished_record())
    open_page(page, site_url)
    page.set_input_files("[data-testid=import-file]", str(path))
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over")
    page.wait_for_function("() => localStorage.getItem('dozito.stats') !== null")
    open_stats(page)
    view = page.locator(VIEW)
    expect(view).to_have_attribute("data-games", "0")
    expect(view.locator("[data-testid=stats-imported]")).to_have_text("imported")
    view.locator("[data-testid=stats-count]").click()
    expect(view).to_have_attribute("data-games", "1")
    close_stats(page)
    page.reload()  # the imported game resumes at its end: counted once, as chosen
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over", timeout=BOOT_MS)
    open_stats(page)
    expect(view).to_have_attribute("data-games", "1")


def test_a_review_from_the_statistics_over_the_setup_gives_back_the_game(
    page: Page, site_url: str
) -> None:
    past = {
        "id": "past",
        "date": "2026-12-01T10:00:00Z",
        "names": ["Ann", "Bob"],
        "seats": ["human", "rookie"],
        "totals": [80, 10],
        "winners": [0],
        "rounds": [[80, 10]],
        "chains": [12, 0],
        "hinted": False,
        "record": finished_record(),
    }
    plant(page, "dozito.stats", stats_with({"Ann": figures(1)}, [past]))
    open_page(
        page, site_url, "?players=human,rookie&rounds=1&seed=5&first=0&names=Me&speed=instant"
    )
    click_some(page, 2)
    page.click("#new-game")
    page.click("#confirm-dialog .button--primary")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    open_stats(page)
    page.locator(VIEW).get_by_role("button", name="Review").click()
    page.locator("[data-testid=step-next]").wait_for()
    page.get_by_role("button", name="Back to the game").first.click()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    page.get_by_role("button", name="Back to the game").click()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn")
    click_some(page, 2)  # the engine plays the same game as the page
    expect(page.locator("#notice")).to_be_hidden()
    assert json.loads(stored(page, "dozito.save")["record"])["seed"] == 5


# --- the address and the keyboard ----------------------------------------------------------


def test_a_name_too_long_in_the_address_is_cleared_after_its_error(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, f"?players=human,rookie&names={'x' * 41}&lang=en")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    expect(page.locator("#notice")).to_contain_text("40")
    query = parse_qs(urlsplit(page.url).query)
    assert "names" not in query and "players" not in query
    assert query["lang"] == ["en"]  # settings stay


def test_a_hint_asked_by_keyboard_leaves_the_focus_on_the_table(page: Page, site_url: str) -> None:
    open_page(page, site_url, f"{GAME}&first=0")
    page.locator("[data-action]").first.wait_for()
    page.focus("[data-testid=hint]")
    page.keyboard.press("Enter")
    expect(page.locator("[data-hint=true]")).to_have_count(1)
    page.wait_for_function("() => document.activeElement !== document.body")
    assert page.evaluate("document.activeElement.dataset.hint") == "true"
