"""The hint covers nobody's name (issue 25): at every size the layout is built
for (tests/e2e/layout_sizes.py), with 3 and 5 seats, in English and, on the
touch screens, in German (the longest words), the hint's bubble is measured
against every name on the screen (the seats' names, the stage's title, the
score table's names, the status) and against the move it suggests; it stays
inside the window, and its button says its word. One page per language and
seat count; the sizes are taken by resizing it, the bubble following."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from layout_sizes import SIZES, TOUCH, game_query
from playwright.sync_api import Page, expect
from test_layout import settle
from test_play import BOOT_MS, open_page

WORD = {"en": "Hint", "de": "Tipp"}
BOXES = """() => {
  const box = (el) => {
    const { left, top, right, bottom } = el.getBoundingClientRect();
    const what = `${el.className}: ${el.textContent.trim().slice(0, 40)}`;
    return { what, left, top, right, bottom };
  };
  const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
  const names = ".seat__name, .stage__title, .scores__name, .status__main";
  return {
    bubble: box(document.querySelector("[data-testid=hint-text]")),
    names: [...document.querySelectorAll(names)].filter(shown).map(box),
    target: box(document.querySelector("[data-hint=true]")),
    window: [innerWidth, innerHeight],
  };
}"""


def overlaps(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return bool(
        a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    )


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("seats", [3, 5])
def test_the_hint_covers_no_name_at_any_size(
    new_page: Callable[..., Page], site_url: str, seats: int, lang: str
) -> None:
    sizes = SIZES if lang == "en" else TOUCH
    page = new_page(viewport={"width": sizes[0][0], "height": sizes[0][1]})
    open_page(page, site_url, game_query(seats, lang))
    hint = page.locator("[data-testid=hint]")
    expect(hint).to_be_enabled(timeout=BOOT_MS)
    hint.click()
    expect(page.locator("[data-testid=hint-text]")).not_to_be_empty()
    expect(page.locator("[data-hint=true]")).to_have_count(1)
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        settle(page)  # the bubble is placed a frame after the resize
        where = f"{width}×{height}, {seats} seats, {lang}"
        expect(hint).to_have_text(WORD[lang])
        found = page.evaluate(BOXES)
        bubble = found["bubble"]
        assert found["names"], where
        covered = [name["what"] for name in found["names"] if overlaps(bubble, name)]
        assert not covered, f"{where}: the hint covers {covered}"
        assert not overlaps(bubble, found["target"]), f"{where}: the hint covers its own move"
        inside = bubble["left"] >= 0 and bubble["top"] >= 0
        inside = inside and bubble["right"] <= width and bubble["bottom"] <= height
        assert inside, f"{where}: the hint leaves the window: {bubble}"
