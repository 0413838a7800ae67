"""Long names never widen the page (issue 14, item 10, the page's side): a
label cuts a name with an ellipsis and keeps it whole in its title and
accessible name, a sentence wraps it. Checked at a laptop's and a phone's
size, with five names at the setup form's limit (24) and the engine's (40),
on the table, a round's scoring and the game's end.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from test_play import STATUS, open_page

from dozito import Game

VIEWPORTS = [{"width": 1280, "height": 720}, {"width": 390, "height": 844}]

# Each in one piece, with no place to break: the worst case for a layout.
WIDTH = """() => {
  const scroll = [...document.querySelectorAll(".scores")].filter((box) => box.offsetParent);
  const totals = [...document.querySelectorAll(".scores__total")].filter((td) => td.offsetParent);
  return {
    page: document.documentElement.scrollWidth,
    viewport: innerWidth,
    hiddenInTable: Math.max(...scroll.map((box) => box.scrollWidth - box.clientWidth)),
    totalRight: Math.max(...totals.map((cell) => cell.getBoundingClientRect().right)),
  };
}"""


def names(length: int) -> list[str]:
    return [f"{'W' * (length - 1)}{seat}" for seat in range(5)]


def record(players: list[str], until: str) -> dict[str, Any]:
    """A five-human game of two rounds played at random: a few turns in,
    or up to the scoring of round 1 ("round-end"), or to its end ("game-over")."""
    game = Game.new(players, rounds=2, seed=7)
    rng = random.Random(3)
    for turn in range(5000):
        events = game.apply(rng.choice(game.legal_actions()))
        if game.over or (until == "round-end" and any(e[0] == "round_scored" for e in events)):
            break
        if until == "turn" and turn > 30 and game.hand < 0:
            break
    return {**game.to_record(), "seats": ["human"] * 5}


def assert_fits(page: Page) -> None:
    fits = f"""() => {{
      const w = ({WIDTH})();
      return w.page <= w.viewport && w.hiddenInTable <= 0 && w.totalRight <= w.viewport;
    }}"""
    with suppress(PlaywrightTimeoutError):  # a layout settles within a frame or two
        page.wait_for_function(fits, timeout=2000)
    width = page.evaluate(WIDTH)
    assert width["page"] <= width["viewport"], width
    assert width["hiddenInTable"] <= 0 and width["totalRight"] <= width["viewport"], width


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["laptop", "phone"])
@pytest.mark.parametrize("length", [24, 40])
def test_long_names_never_widen_the_page(
    new_page: Callable[..., Page], site_url: str, tmp_path: Path, viewport: Any, length: int
) -> None:
    page = new_page(viewport=viewport)
    open_page(page, site_url, "?speed=instant")
    players = names(length)
    status = page.locator(STATUS)
    for until in ("turn", "round-end", "game-over"):
        path = tmp_path / f"{until}.json"
        path.write_text(json.dumps(record(players, until)))
        page.set_input_files("[data-testid=import-file]", str(path))
        if until == "game-over":  # the last round's scoring comes first
            # The previous file's round 1 scoring stays up until this file is in.
            expect(status).to_contain_text("Round 2 is over")
            expect(status).to_have_attribute("data-phase", "round-end")
            assert_fits(page)
            page.click("[data-action=continue]")
        expect(status).to_have_attribute("data-phase", until)
        assert_fits(page)
        # Cut on screen, whole in the tooltip and for a screen reader.
        first = page.locator("[data-testid=scores] .scores__name").first
        expect(first).to_have_attribute("title", players[0])
        expect(page.locator("[data-testid=scores] tbody th").first).to_contain_text(players[0])


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["laptop", "phone"])
def test_the_setup_form_holds_five_long_names(
    new_page: Callable[..., Page], site_url: str, viewport: Any
) -> None:
    page = new_page(viewport=viewport)
    open_page(page, site_url, "?speed=instant")
    for _ in range(3):
        page.click("text=+ Add a player")
    for seat, name in enumerate(names(24)):
        page.select_option(f"#setup-kind-{seat}", "human")
        page.fill(f"#setup-name-{seat}", name)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.click("button[type=submit]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn")
    assert_fits(page)
