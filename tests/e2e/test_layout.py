"""The table fits every screen (issue 15, "Fit every screen"): at eight sizes,
with 3 and 5 seats, once the player to act holds a joker (every spot lit),
the status, the three piles, the hand, all 12 spots and the other players'
grids are inside the window with nothing scrolled, nothing scrolls sideways
and, on touch screens, every control is at least 44 px square. The same in
French and German on a phone, where no seat label may spill or overlap.
A new view opens at its top; Skip ahead coming and going moves nothing.

One page per language, seat count and kind of screen; the sizes are taken by
resizing that page (a few boots, many checks)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from layout_sizes import SIZES, TOUCH, game_query
from playwright.sync_api import Page, expect
from test_play import STATUS, open_page

BOOT_MS = 60_000
HINT = {"fr": "Conseil", "de": "Tipp"}

# What the player to act must see, each box measured against the window; the
# page (and its one scroller, main) not scrolled, nor wider than the window.
GEOMETRY = """() => {
  const main = document.getElementById("main");
  const page = document.documentElement;
  const box = (el) => {
    const r = el.getBoundingClientRect();
    const { left, top, right, bottom, width, height } = el.getBoundingClientRect();
    return { left, top, right, bottom, width, height };
  };
  const all = (selector) => [...document.querySelectorAll(selector)].map(box);
  const shown = (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden";
  const targets = [...document.querySelectorAll("button, select, input, a[href], [data-action]")]
    .filter((el) => shown(el) && !el.closest(".sr-only, dialog:not([open])"))
    .filter((el) => !el.classList.contains("skip-link") && !el.closest(".layout__side"))
    .map((el) => ({ what: el.id || el.dataset.action || el.className, ...box(el) }));
  return {
    window: { width: innerWidth, height: innerHeight },
    scroll: [scrollX, scrollY, main.scrollTop, main.scrollLeft],
    wide: [page.scrollWidth, page.clientWidth, main.scrollWidth, main.clientWidth],
    spots: all(".grid--large [data-action^='place:']"),
    discards: all("[data-action^='discard:']"),
    must: {
      status: box(document.querySelector("[data-testid=status]")),
      draw: box(document.querySelector(".pile--draw .card")),
      hand: box(document.querySelector(".hand .card")),
      ...Object.fromEntries(
        all(".seat:not(.is-current) .grid--small").map((b, i) => [`grid of seat ${i}`, b]),
      ),
    },
    targets,
  };
}"""

# Seat labels that spill out of their box or run into each other.
LABELS = """() => {
  const problems = [];
  for (const seat of document.querySelectorAll(".seat")) {
    if (!seat.getClientRects().length) continue;
    const parts = [...seat.querySelectorAll(".seat__head > *")]
      .filter((el) => el.getClientRects().length);
    for (const el of parts) {
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`cut: ${el.textContent}`);
    }
    const outer = seat.getBoundingClientRect();
    for (const [i, a] of parts.entries()) {
      const ra = a.getBoundingClientRect();
      if (ra.left < outer.left - 1 || ra.right > outer.right + 1) {
        problems.push(`spills: ${a.textContent}`);
      }
      for (const b of parts.slice(i + 1)) {
        const rb = b.getBoundingClientRect();
        const apart = ra.right <= rb.left + 1 || rb.right <= ra.left + 1
          || ra.bottom <= rb.top + 1 || rb.bottom <= ra.top + 1;
        if (!apart) problems.push(`"${a.textContent}" runs into "${b.textContent}"`);
      }
    }
  }
  return problems;
}"""


def settle(page: Page) -> None:
    """Two frames: the layout after a resize, container queries included."""
    page.evaluate(
        "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def assert_fits(page: Page, where: str, touch: bool) -> None:
    g = page.evaluate(GEOMETRY)
    width, height = g["window"]["width"], g["window"]["height"]
    assert g["scroll"] == [0, 0, 0, 0], f"{where}: scrolled {g['scroll']}"
    page_w, page_cw, main_w, main_cw = g["wide"]
    assert page_w <= page_cw and main_w <= main_cw, f"{where}: scrolls sideways {g['wide']}"
    assert len(g["spots"]) == 12 and len(g["discards"]) == 2, (
        f"{where}: {len(g['spots'])} spots lit"
    )
    boxes = {f"spot {i + 1}": b for i, b in enumerate(g["spots"])}
    boxes |= {f"discard {i}": b for i, b in enumerate(g["discards"])} | g["must"]
    assert any(name.startswith("grid of seat") for name in boxes), f"{where}: no other grid shows"
    outside = {
        name: b
        for name, b in boxes.items()
        if b["width"] == 0
        or b["left"] < 0
        or b["top"] < 0
        or b["right"] > width + 0.5
        or b["bottom"] > height + 0.5
    }
    assert not outside, f"{where}: outside the {width}×{height} window: {outside}"
    assert min(b["width"] for b in g["spots"]) >= 40, f"{where}: spots narrower than 40 px"
    if touch:
        small = [
            (t["what"], round(t["width"]), round(t["height"]))
            for t in g["targets"]
            if t["width"] < 44 or t["height"] < 44
        ]
        assert not small, f"{where}: touch targets under 44 px: {small}"


def wait_until(page: Page, condition: str, seconds: float = 30) -> None:
    """Poll a condition on the page's own globals (wait_for_function cannot see them)."""
    for _ in range(int(seconds * 10)):
        if page.evaluate(f"() => {condition}"):
            return
        page.wait_for_timeout(100)
    pytest.fail(f"still not true after {seconds} s: {condition}")


def joker_in_hand(page: Page, site_url: str, seats: int, lang: str = "en") -> None:
    open_page(page, site_url, game_query(seats, lang))
    page.click("[data-action=draw]", timeout=BOOT_MS)
    expect(page.locator(".hand .card--joker")).to_be_visible()
    expect(page.locator(".grid--large [data-action^='place:']")).to_have_count(12)


@pytest.mark.parametrize("seats", [3, 5])
@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_table_fits_every_screen(
    new_page: Callable[..., Page], site_url: str, seats: int, touch: bool
) -> None:
    sizes = [size for size in SIZES if (size in TOUCH) == touch]
    first = {"width": sizes[0][0], "height": sizes[0][1]}
    page = new_page(viewport=first, has_touch=touch, is_mobile=touch)
    joker_in_hand(page, site_url, seats)
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        assert_fits(page, f"{width}×{height}, {seats} seats", touch)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_french_and_german_fit_a_phone_on_its_side(
    new_page: Callable[..., Page], site_url: str, lang: str
) -> None:
    # The longest stage titles ("Raster von Ann  Runde 0 · gesamt 0") beside the piles.
    page = new_page(viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True)
    joker_in_hand(page, site_url, 3, lang)
    settle(page)
    assert_fits(page, f"844×390 in {lang}", touch=True)


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_french_and_german_fit_a_phone(
    new_page: Callable[..., Page], site_url: str, lang: str
) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    # The default names ("Spieler 1", "Joueur 1") and the longest bot kinds.
    open_page(
        page, site_url, game_query(5, lang).replace("&names=Ann", "").replace("rookie", "casual")
    )
    page.click("[data-action=draw]", timeout=BOOT_MS)
    expect(page.locator(".grid--large [data-action^='place:']")).to_have_count(12)
    assert_fits(page, f"390×844 in {lang}", touch=True)
    assert page.evaluate(LABELS) == []
    # The hint's button says its word on a phone too (a bare "?" reads as help).
    hint = page.locator("[data-testid=hint]")
    expect(hint).to_have_text(HINT[lang])
    shown = hint.evaluate(
        "(el) => [parseFloat(getComputedStyle(el).fontSize), el.scrollWidth <= el.clientWidth]"
    )
    assert shown[0] >= 12 and shown[1], f"the hint's word at 390 px: {shown}"
    # The menu, folded on a phone, opens with every entry a full touch target.
    page.click("#menu-button")
    expect(page.locator("#new-game")).to_be_visible()
    page.click("#settings-button")
    expect(page.locator("#settings-dialog")).to_be_visible()
    controls = page.eval_on_selector_all(
        "#settings-dialog select, #settings-dialog input, #settings-dialog button",
        """els => els.filter((el) => el.getClientRects().length)
            .map((el) => [el.id, el.offsetWidth, el.offsetHeight])""",
    )
    assert len(controls) == 7 and all(w >= 44 and h >= 44 for _, w, h in controls), controls
    # The switches and menus are remembered (the sounds read `sound`).
    page.uncheck("#sound")
    page.select_option("#animation", "off")
    prefs = page.evaluate("JSON.parse(localStorage.getItem('dozito.prefs'))")
    assert prefs["sound"] is False and prefs["animation"] == "off", prefs


def test_views_open_at_the_top(new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    # Each new view, a frame and a moment later (after any focus has settled):
    # where the page and main are scrolled, and whether the view's main button
    # can be tapped there (a long view keeps it at the window's bottom); then
    # main is scrolled to its end, so the next view must bring it back. A view
    # already gone by then (an instant round can end within that moment) is
    # not measured: the newer one is, and the scroll must not land on it.
    page.add_init_script("""
      window.seen = [];
      addEventListener("DOMContentLoaded", () => {
        const status = document.querySelector("[data-testid=status]");
        const main = document.getElementById("main");
        let phase = status.dataset.phase;
        let opened = 0;
        new MutationObserver(() => {
          if (status.dataset.phase === phase) return;
          phase = status.dataset.phase;
          const view = ++opened;
          requestAnimationFrame(() => setTimeout(() => {
            if (view !== opened) return;
            const button = main.querySelector(".panel__actions .button--primary");
            const box = button?.getBoundingClientRect();
            const tappable = !!box && document.elementFromPoint(
              box.left + box.width / 2, box.top + box.height / 2) === button;
            const long = main.scrollHeight > main.clientHeight;
            seen.push([phase, scrollY, main.scrollTop, long, tappable]);
            main.scrollTop = main.scrollHeight;
          }, 100));
        }).observe(status, { attributes: true, attributeFilter: ["data-phase"] });
      });
    """)
    open_page(page, site_url, "?players=rookie,casual&rounds=2&seed=7&speed=instant")
    # Each round's scoring view goes on with Next round; the last one with the result.
    for rounds_scored in (1, 2):
        wait_until(
            page, f"seen.filter(([phase]) => phase === 'round-end').length === {rounds_scored}"
        )
        page.click("[data-action=continue]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over", timeout=30_000)
    wait_until(page, "seen.at(-1)[0] === 'game-over'")
    seen: list[Any] = page.evaluate("seen")
    phases = [phase for phase, *_ in seen]
    assert {"turn", "round-end", "game-over"} <= set(phases), phases
    assert all(y == 0 and top == 0 for _, y, top, *_ in seen), seen
    assert any(scrollable for *_, scrollable, _ in seen), "no view was long enough to test"
    ends = [(phase, tappable) for phase, *_, tappable in seen if phase != "turn"]
    assert all(tappable for _, tappable in ends), f"a view's button out of reach: {ends}"


def test_skip_ahead_moves_nothing(new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    joker_in_hand(page, site_url, 3)
    where = """() => [
        document.querySelector('.stage').getBoundingClientRect().top,
        document.querySelector('.status').offsetHeight,
    ]"""
    before = page.evaluate(where)
    page.evaluate("document.getElementById('bot-bar').hidden = false")
    assert page.evaluate(where) == before


# Each pile's count badge and its caption ("Draw", "Left"), as boxes.
PILE_BADGES = """() => [...document.querySelectorAll("[data-testid=board] .pile")].map((pile) => {
  const box = (element) => {
    const { left, top, right, bottom } = element.getBoundingClientRect();
    return { left, top, right, bottom };
  };
  const caption = pile.querySelector(".pile__caption");
  const badge = box(pile.querySelector(".pile__count"));
  return { caption: caption.textContent, badge, label: box(caption) };
})"""


def test_a_pile_badge_never_covers_its_label(new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page(viewport={"width": 1280, "height": 720})
    open_page(page, site_url, game_query(3))
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        piles = page.evaluate(PILE_BADGES)
        assert len(piles) == 3, f"{width}×{height}: {piles}"
        shown = [pile for pile in piles if pile["label"]["bottom"] > pile["label"]["top"]]
        if (width, height) not in ((360, 640), (844, 390)):  # the smallest leave them out
            assert shown == piles, f"{width}×{height}: a caption is hidden: {piles}"
        for pile in shown:
            badge, label = pile["badge"], pile["label"]
            apart = (
                badge["right"] <= label["left"]
                or label["right"] <= badge["left"]
                or badge["bottom"] <= label["top"]
                or label["bottom"] <= badge["top"]
            )
            assert apart, f"{width}×{height}: the badge covers {pile['caption']!r}: {pile}"
