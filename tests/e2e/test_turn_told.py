"""Whose turn it is, always right, and every turn told: the stage's grid, its
label and the status name the same player while a finished turn is held; the
score beside a grid says it is this round's; the round's last turn is
announced to the player who has it; the instruction offers only the moves the
engine allows; the recap is whole, the turns since the player's own last one
are a tap away, and so is the log; a hot seat hands over only when asked to.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from layout_sizes import SIZES, TOUCH
from playwright.sync_api import Page, expect
from test_play import BOOT_MS, STATUS, open_page
from test_turns import HAND_OVER, play_turn

from dozito.bridge import handle


def engine(**request: Any) -> dict[str, Any]:
    """One request to the engine's bridge, as the page sends it."""
    answer = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def saved_game(page: Page, record_text: str) -> None:
    """Have the page find record_text as its saved game (save version 2)."""
    save = {
        "version": 2,
        "record": record_text,
        "scoringSeen": True,
        "allow": {"hints": False, "undo": True},
    }
    page.add_init_script(f"localStorage.setItem('dozito.save', {json.dumps(json.dumps(save))})")


def played_until(
    players: list[str], seats: list[str], seed: int, stop: Callable[[dict[str, Any]], bool]
) -> tuple[str, dict[str, Any]]:
    """A one-round game the rookie plays for every seat until stop(view): record text, view."""
    new = engine(op="new", players=players, seats=seats, seed=seed, first_player=0, rounds=1)
    view = new["view"]
    while not stop(view):
        assert view["phase"] != "game_over", "the game ended first: pick another seed"
        view = engine(op="bot", level="rookie")["view"]
    return engine(op="record")["record_text"], view


def test_a_held_turn_is_named_alike_by_the_grid_its_label_and_the_status(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "?players=human,rookie&rounds=1&seed=11&names=Ann&speed=slow")
    play_turn(page)
    # Robin is to play, yet the stage holds Ann's finished grid: everything says Ann has played.
    expect(page.locator(".stage__title")).to_contain_text("Ann")
    expect(page.locator(".status__main")).to_have_text("Ann has played")
    expect(page.locator(".status__detail")).to_have_text("Next: Robin")
    expect(page.locator(".seat__playing:visible")).to_have_text("Just played")
    # Then the stage moves to Robin, and so do the label and the status.
    expect(page.locator(".stage__title")).to_contain_text("Robin", timeout=10_000)
    expect(page.locator(".status__main")).to_have_text("Robin is playing…")
    expect(page.locator(".seat__playing:visible")).to_have_text("Playing now")


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", r"^this round -?\d+ · game -?\d+$"),
        ("fr", r"^cette manche -?\d+ · partie -?\d+$"),
        ("de", r"^diese Runde -?\d+ · Spiel -?\d+$"),
    ],
)
def test_the_score_beside_a_grid_reads_as_this_rounds_points(
    page: Page, site_url: str, lang: str, label: str
) -> None:
    query = f"?players=human,rookie&rounds=3&seed=11&names=Ann&speed=instant&lang={lang}"
    open_page(page, site_url, query)
    expect(page.locator(".stage__score")).to_have_text(re.compile(label))


def test_the_last_turn_of_a_round_is_announced_to_its_player(page: Page, site_url: str) -> None:
    text, _ = played_until(
        ["Ann", "Robin"], ["human", "rookie"], 1, lambda v: v["ender"] == 1 and v["current"] == 0
    )
    saved_game(page, text)
    open_page(page, site_url)
    expect(page.locator(STATUS)).to_have_attribute("data-current", "0")
    expect(page.locator("[data-testid=last-turn]")).to_have_text(
        "Your last turn: Robin's grid is complete"
    )


@pytest.mark.parametrize("kind", ["stop", "replay"])
def test_a_special_card_taken_from_a_pile_is_offered_only_its_spot(
    page: Page, site_url: str, kind: str
) -> None:
    codes = {card["code"] for card in engine(op="cards")["cards"] if card["kind"] == kind}

    def on_a_pile(view: dict[str, Any]) -> bool:
        tops = view["discard_tops"]
        return view["current"] == 0 and view["hand"] is None and any(top in codes for top in tops)

    text, view = played_until(["Ann", "Robin"], ["human", "rookie"], 2, on_a_pile)
    saved_game(page, text)
    open_page(page, site_url)
    pile = next(i for i, top in enumerate(view["discard_tops"]) if top in codes)
    page.click(f"[data-action='take:{pile}']")
    expect(page.locator(".hand")).to_contain_text("In hand:")
    assert not page.locator("[data-action^='discard:']").count()
    detail = page.inner_text(".status__detail")
    assert "discard it" not in detail, detail
    assert "must go into your grid" in detail, detail


def test_every_turn_since_the_players_own_is_a_tap_away_on_a_phone(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    query = "?players=human,rookie,casual,sharp&rounds=1&seed=5&names=Ann&speed=instant"
    open_page(page, site_url, query)
    play_turn(page)
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)
    # The last turn whole: wrapped, never cut with "…".
    last = page.locator("[data-testid=recap]")
    expect(last).to_have_text(re.compile(r"\.$"))
    cut = page.eval_on_selector(
        ".recap__line",
        """e => e.scrollWidth > e.clientWidth || getComputedStyle(e).textOverflow === 'ellipsis'
            || getComputedStyle(e).whiteSpace === 'nowrap'""",
    )
    assert not cut, "the recap is cut"
    toggle = page.locator("[data-testid=recap-toggle]")
    expect(toggle).to_have_text(re.compile(r"^Since your last turn: \d+ turns"))
    count = int(re.findall(r"\d+", toggle.inner_text())[0])
    expect(page.locator("[data-testid=recap-since]")).to_be_hidden()
    toggle.tap()
    lines = page.locator("[data-testid=recap-since] > li")
    expect(lines).to_have_count(count)
    # Every bot's turn since Ann's, oldest first (a Replay's extra turn its own line), none of hers.
    players = [line.split(" ")[0] for line in lines.all_inner_texts()]
    assert list(dict.fromkeys(players)) == ["Robin", "Casey", "Sasha"], players
    assert lines.last.inner_text() == last.inner_text()
    page.locator("[data-testid=to-log]").tap()
    expect(page.locator("#log")).to_be_focused()
    expect(page.locator("#log")).to_be_in_viewport()


def test_a_hot_seat_hands_over_only_once_the_players_ask(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=human,human&rounds=1&seed=7&names=Ann,Bob&speed=instant")
    play_turn(page)
    # Nothing is hidden at this table: Bob plays on at once.
    expect(page.locator(STATUS)).to_have_attribute("data-current", "1")
    expect(page.locator("[data-action=draw]")).to_be_visible()
    assert not page.locator(HAND_OVER).count()
    # Turned on in the settings, in plain words: the next turn is handed over.
    page.click("#settings-button")
    setting = page.get_by_label("Pause to pass the device between players")
    expect(setting).not_to_be_checked()
    setting.check()
    page.keyboard.press("Escape")
    play_turn(page)
    expect(page.locator(HAND_OVER)).to_contain_text("Ann's turn")
    expect(page.locator(HAND_OVER)).to_contain_text(
        "Pass the device to Ann. Below, the grid of the turn just played."
    )


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_start_the_game_is_on_screen_without_scrolling(
    new_page: Callable[..., Page], site_url: str, size: tuple[int, int]
) -> None:
    width, height = size
    touch = size in TOUCH
    page = new_page(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    open_page(page, site_url, "?lang=de")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    expect(page.get_by_role("button", name="Spiel starten")).to_be_in_viewport(ratio=1)
    # Every menu of the setup shows its choice whole ("Gelegenheits-Bot" the longest).
    page.select_option(".setup__seat select >> nth=1", "casual")
    assert page.evaluate(CUT_CHOICES) == [], f"{width}×{height}"


# The setup's menus whose chosen entry is wider than the room inside the menu
# (a select's text cannot be measured by scrollWidth: a canvas measures it).
CUT_CHOICES = """() => {
  const ink = document.createElement("canvas").getContext("2d");
  return [...document.querySelectorAll(".setup select")].filter((el) => el.getClientRects().length)
    .filter((el) => {
      const style = getComputedStyle(el);
      ink.font = style.font;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return ink.measureText(el.selectedOptions[0].text).width > room + 0.5;
    })
    .map((el) => el.selectedOptions[0].text);
}"""


def test_no_name_is_cut_in_the_rounds_score_sheet_at_360_px(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    open_page(
        page,
        site_url,
        "?players=rookie,casual,sharp,expert,rookie&names=Player%201,Player%202,Player%203,Player%204,Player%205&rounds=1&seed=4&speed=instant",
    )
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "round-end", timeout=BOOT_MS)
    names = ".scores__name, .scoring__player"
    cut = page.eval_on_selector_all(
        names, "els => els.filter(e => e.scrollWidth > e.clientWidth + 0.5).map(e => e.textContent)"
    )
    assert not cut, f"cut at 360 px: {cut}"


# What the stage holds that is outside its box or over a player's panel (the
# strip of the other players), as "what: where" lines.
STAGE_SPILLS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const stage = box(document.querySelector(".stage"));
  const seats = [...document.querySelectorAll(".seat")].filter((el) => el.getClientRects().length);
  const parts = [".pile", ".hand", ".stage__title", ".recap", ".grid--large .spot"]
    .flatMap((selector) => [...document.querySelectorAll(selector)]);
  const apart = (a, b) =>
    a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  const spills = [];
  for (const el of parts) {
    const r = box(el);
    const name = el.className.split(" ")[0];
    if (r.left < stage.left - 0.5 || r.top < stage.top - 0.5 || r.right > stage.right + 0.5
        || r.bottom > stage.bottom + 0.5) spills.push(`${name}: out of the stage`);
    if (seats.some((seat) => !apart(r, box(seat)))) spills.push(`${name}: over a seat`);
  }
  return spills;
}"""


@pytest.mark.parametrize("size", [(844, 390), (390, 844), (360, 640)], ids=str)
def test_a_long_recap_leaves_the_grid_whole_on_a_phone(
    new_page: Callable[..., Page], site_url: str, size: tuple[int, int]
) -> None:
    # German on a phone, upright or on its side, after two bots' turns with
    # Replays: the recap of Carla's turn, the toggle of five turns and the log
    # link, with every spot of the grid still in the window and nothing scrolled,
    # and all the stage holds inside the stage (not over the other players).
    width, height = size
    page = new_page(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    query = "?players=human,casual,casual&rounds=1&first=0&seed=3&speed=instant&lang=de"
    open_page(page, site_url, query)
    for action in ["draw", "place:12", "discard:0"]:
        page.click(f"[data-action='{action}']", timeout=BOOT_MS)
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)  # bots, a loaded CPU
    expect(page.locator("[data-testid=recap]")).to_have_text(
        "Carla zog Lila 8, legte 2 Karten in Folge, warf Gelb 2 ab."
    )
    for hook in ["recap", "recap-toggle", "to-log"]:
        expect(page.locator(f"[data-testid={hook}]")).to_be_in_viewport(ratio=1)
    spots = page.locator(".grid--large .spot")
    expect(spots).to_have_count(12)
    for i in range(12):
        expect(spots.nth(i)).to_be_in_viewport(ratio=1)
    assert page.evaluate("[scrollY, document.getElementById('main').scrollTop]") == [0, 0]
    assert page.evaluate(STAGE_SPILLS) == [], size


@pytest.mark.parametrize("size", [(390, 844), (1280, 720)], ids=str)
def test_the_grid_stays_put_as_turns_end(
    new_page: Callable[..., Page], site_url: str, size: tuple[int, int]
) -> None:
    # Above the grid the recap keeps its height from turn to turn, the first
    # one included (two lines for the turn, a line for its links), so the grid
    # it gives way to neither moves nor changes size as turns end. Where it
    # sits in the main area is what counts: Playwright's clicks may scroll the
    # main area (it holds the score sheet on a phone), never the page, which
    # is the window's height exactly (text hidden for screen readers, laid out
    # outside the main area, once made it taller, and a click scrolled it).
    width, height = size
    touch = width < 900
    page = new_page(viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch)
    open_page(page, site_url, "?players=human,rookie,rookie&rounds=1&first=0&seed=7&speed=instant")
    corners = """() => {
      const main = document.getElementById("main");
      return [...document.querySelectorAll(".grid--large .spot")]
        .filter((_, i) => i === 0 || i === 11).map((el) => el.getBoundingClientRect())
        .map((r) => [r.left, r.top + main.scrollTop, r.right, r.bottom + main.scrollTop]);
    }"""
    page_box = "[document.documentElement.scrollHeight, innerHeight, scrollY]"
    seen = []
    for _ in range(5):
        expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)
        seen.append((page.inner_text("[data-testid=recap]"), page.evaluate(corners)))
        assert page.evaluate(page_box) == [height, height, 0]
        play_turn(page)
    assert len({json.dumps(box) for _, box in seen}) == 1, seen
