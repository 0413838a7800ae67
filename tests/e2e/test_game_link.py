"""Any game as a link (issue 25): "As a link" gives `[data-testid=game-link]`,
whose address is the site's with the engine's `#game=d1.…` fragment and
copies to the clipboard; opening it on another device, once its engine is up,
lands a finished game in its review (turning points at the top) and offers
an unfinished one to play on, a game in progress replaced only when the
player says so and then kept; a link of another format, damaged, or whose
moves do not replay is told in words and changes nothing saved. Either way
the fragment leaves the address once handled."""

from __future__ import annotations

import base64
import json
import zlib
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect
from test_play import BOOT_MS, STATUS, legal, open_page, play
from test_review_page import SAVE, saved_record
from test_saves import click_some

from dozito import Game
from dozito.link import KEY, VERSION, _unpack, link_of, record_of_link
from dozito.record import game_from_record

GAME = "?players=human,casual&names=Ann&rounds=1&seed=11&speed=instant"
OTHER = "?players=human,rookie&names=Zoé&rounds=2&seed=3&speed=instant"
LINK = "[data-testid=game-link]"
OFFER = "#confirm-dialog"


def game_link(page: Page) -> str:
    """The address "As a link" gives for the game on the table (the dialog closed again)."""
    if page.locator("#menu-button").is_visible():
        page.click("#menu-button")
    page.click("#link-button")
    link = page.locator(LINK)
    expect(link).to_be_visible()
    href = link.get_attribute("href") or ""
    page.keyboard.press("Escape")
    expect(link).to_be_hidden()
    return href


def engine_fragment(record: dict[str, Any]) -> str:
    """The engine's own link for a record (dozito.link, in this process)."""
    return link_of(game_from_record(record), record.get("seats"))


def a_game_of_their_own(page: Page, site_url: str) -> str:
    """Another device's game in progress, saved: what a link must never lose."""
    open_page(page, site_url, OTHER)
    click_some(page, 4)
    expect(page.locator("[data-action]").first).to_be_visible()
    return str(page.evaluate(SAVE))


def repacked(fragment: str, change: Callable[[dict[str, Any]], None]) -> str:
    """A link of the same format whose header was changed (its checksum made anew)."""
    header, picks = _unpack(fragment)
    change(header)
    data = json.dumps(header, separators=(",", ":")).encode() + b"\0" + picks
    body = base64.urlsafe_b64encode(zlib.compress(data, 9)).rstrip(b"=").decode()
    return f"{KEY}{VERSION}.{body}"


def a_played_link() -> str:
    """The link of a game whose decisions were not all a list's first choice."""
    game = Game.new(["Ann", "Bob"], rounds=1, seed=5)
    for _ in range(30):
        legal = game.legal_actions()
        game.apply(legal[-1])
    return link_of(game)


def test_a_finished_games_link_opens_its_review_over_the_game_in_progress(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(permissions=["clipboard-read", "clipboard-write"])
    open_page(page, site_url, GAME)
    play(page, "game-over")
    href = game_link(page)
    assert href.startswith(site_url + "#game=d1.") and "?" not in href
    assert href[len(site_url) :] == engine_fragment(saved_record(page))
    page.click("#link-button")
    page.click("[data-testid=game-link-copy]")
    expect(page.locator(".game-link__said")).to_have_text(
        "The link is copied: paste it wherever you like."
    )
    assert page.evaluate("navigator.clipboard.readText()") == href

    other = new_page(viewport={"width": 390, "height": 844}, has_touch=True)
    save = a_game_of_their_own(other, site_url)
    other.goto(href)
    expect(other.locator("[data-testid=turning-points] li").first).to_be_visible(timeout=240_000)
    expect(other.locator("[data-testid=review-step]")).to_have_attribute(
        "data-steps", str(len(saved_record(page)["actions"]))
    )
    assert other.url == site_url  # handled: a reload does not open it again
    assert other.evaluate(SAVE) == save  # reviewed, never saved over the game in progress
    other.click("[data-testid=review-close]")
    expect(other.locator(STATUS)).to_have_attribute("data-phase", "turn")
    expect(other.locator(STATUS)).to_contain_text("Zoé")
    assert other.evaluate(SAVE) == save


def test_an_unfinished_games_link_is_offered_to_play_on_and_the_game_it_replaces_is_kept(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page()
    open_page(page, site_url, GAME)
    click_some(page, 6)
    expect(page.locator("[data-action]").first).to_be_visible()
    href = game_link(page)
    record = saved_record(page)
    assert record_of_link(href)["actions"] == record["actions"]
    actions = sorted(legal(page))

    other = new_page()
    save = a_game_of_their_own(other, site_url)
    other.goto(href)
    offer = other.locator(OFFER)
    expect(offer).to_be_visible(timeout=BOOT_MS)
    expect(offer).to_contain_text("a game in progress between Ann and Casey, round 1 of 1")
    expect(offer).to_contain_text("The game you are playing now is kept")
    offer.locator("button[value=no]").click()  # not now: their own game, untouched
    expect(other.locator(STATUS)).to_have_attribute("data-phase", "turn")
    expect(other.locator(STATUS)).to_contain_text("Zoé")
    assert other.evaluate(SAVE) == save and other.url == site_url

    other.goto(href)
    expect(offer).to_be_visible(timeout=BOOT_MS)
    offer.locator("button[value=yes]").click()
    expect(other.locator(STATUS)).to_contain_text("Ann")
    other.locator("[data-action]").first.wait_for()
    assert sorted(legal(other)) == actions  # the same game, at the same move
    assert saved_record(other)["actions"] == record["actions"]
    assert other.url == site_url
    notice = other.locator("#notice")
    expect(notice).to_contain_text("The game you were playing is kept")
    notice.locator("button", has_text="Back to that game").click()
    expect(other.locator(STATUS)).to_contain_text("Zoé")
    assert json.loads(other.evaluate(SAVE))["actions"] == json.loads(save)["actions"]


def test_a_link_on_a_first_visit_waits_for_the_engine(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page()
    open_page(page, site_url, GAME)
    click_some(page, 2)
    href = game_link(page)
    first = new_page(first_visit=True)
    first.goto(href)
    expect(first.locator(STATUS)).to_have_attribute("data-phase", "loading")
    offer = first.locator(OFFER)
    expect(offer).to_be_visible(timeout=BOOT_MS)
    expect(offer).not_to_contain_text("is kept")  # nothing here to keep
    offer.locator("button[value=yes]").click()
    first.locator("[data-action]").first.wait_for()
    assert saved_record(first)["actions"] == saved_record(page)["actions"]


def test_a_bad_link_is_told_in_words_and_nothing_saved_changes(page: Page, site_url: str) -> None:
    save = a_game_of_their_own(page, site_url)
    good = engine_fragment(saved_record(page))
    flipped = "B" if good[20] != "B" else "C"  # one character of its deflate stream
    bad = {
        "#game=d9.AAAA": "format 'd9', which this version cannot read (it reads 'd1')",
        good[:20] + flipped + good[21:]: "damaged",
        repacked(a_played_link(), lambda h: h.update(moves=0)): "does not replay",
        repacked(good, lambda h: h.update(players=["Ann"])): "cannot be set up",
    }
    for fragment, words in bad.items():
        page.goto(site_url + fragment)
        notice = page.locator("#notice")
        expect(notice).to_contain_text("This game link cannot be opened", timeout=BOOT_MS)
        expect(notice).to_contain_text(words)
        expect(notice).to_contain_text("Nothing saved here has changed.")
        expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn")
        expect(page.locator(STATUS)).to_contain_text("Zoé")
        assert page.url == site_url, fragment
        assert page.evaluate(SAVE) == save, fragment
