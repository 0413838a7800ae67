"""Accessibility: axe-core finds nothing on the setup screen, the how-to-play
dialog, the table, the scoring view, the game's end and the statistics; every action has a
name; reduced motion stops the animations; text at 200% keeps the table whole.

axe-core comes from node_modules (package.json pins it), never from a CDN. The
page's CSP blocks script tags, so it is injected as an init script, which the
browser runs outside the page's policy; the page keeps its CSP."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hand_over import hand_over_on
from playwright.sync_api import Locator, Page, expect

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

AXE_RUN = """async () => {
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
    }));
}"""


def axe_violations(page: Page, where: str) -> None:
    """Assert that axe-core finds no violation at all, listing them if it does."""
    violations = page.evaluate(AXE_RUN)
    report = "\n".join(
        f"- {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"][:8])
        for v in violations
    )
    assert not violations, f"axe-core, {where}:\n{report}"


@pytest.fixture
def axe_page(page: Page) -> Page:
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci`", pytrace=False)
    page.add_init_script(path=str(AXE))
    return page


def test_axe_finds_nothing_on_any_view(axe_page: Page, site_url: str) -> None:
    page = axe_page
    page.goto(site_url + "?speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    assert page.evaluate("typeof axe.run") == "function"
    axe_violations(page, "setup screen")

    page.click("#help-button")
    expect(page.locator("#help-dialog")).to_be_visible()
    axe_violations(page, "how-to-play dialog")
    page.keyboard.press("Escape")

    page.click("#settings-button")
    expect(page.locator("#settings-dialog")).to_be_visible()
    axe_violations(page, "settings panel")
    page.keyboard.press("Escape")

    # The table, mid-game: a human holds a card, legal targets are highlighted.
    page.fill("#setup-name-0", "Ann")
    page.select_option("#setup-kind-1", "rookie")
    page.check("input[name=rounds][value='1']")
    page.select_option("#setup-first", "0")
    page.click("button[type=submit]")
    page.click("[data-action=draw]", timeout=30_000)
    expect(page.locator("[data-action^='discard:']").first).to_be_visible()
    axe_violations(page, "table")

    # A round's scoring view, then the game's end, from a new all-bot game.
    page.click("#new-game")
    page.click("#confirm-dialog button[value=yes]")
    expect(status).to_have_attribute("data-phase", "setup")
    page.select_option("#setup-kind-0", "rookie")
    page.select_option("#setup-kind-1", "casual")
    page.click("button[type=submit]")
    expect(status).to_have_attribute("data-phase", "round-end", timeout=BOOT_MS)
    axe_violations(page, "scoring view")
    page.click("[data-action=continue]")
    expect(status).to_have_attribute("data-phase", "game-over")
    axe_violations(page, "game over")

    # The statistics screen (an all-bot game adds nothing: no human to count).
    page.click("[data-testid=stats]")
    expect(page.locator("[data-testid=stats-view]")).to_have_attribute("data-games", "0")
    axe_violations(page, "statistics screen")
    page.click("[data-testid=stats-close]")
    # A hot-seat game's hand-over, after the first player's turn: a seeded deal,
    # since a random one may hand Ann a Replay, which keeps the turn hers.
    hand_over_on(page)  # the players asked for it (settings)
    page.goto(site_url + "?players=human,human&seed=42&names=Ann,Bob&speed=instant")
    page.click("[data-action=draw]", timeout=BOOT_MS)
    page.click("[data-action^='discard:']")
    expect(page.locator("[data-testid=hand-over]")).to_be_visible()
    axe_violations(page, "hot-seat hand-over")


def test_names_motion_and_large_text(new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    page.goto(site_url + "?players=human,human&rounds=1&seed=42&names=Ann,Bob&speed=slow")
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)

    # Every action names itself for assistive technology.
    actions = page.locator("[data-action]")
    for i in range(actions.count()):
        expect(actions.nth(i)).to_have_accessible_name(re.compile(r"\w"))

    # Reduced motion: nothing moves, no card flies, no transition to wait for.
    assert page.evaluate("document.getAnimations().length") == 0
    page.keyboard.press("Tab")  # a focus change must not animate either
    page.click("[data-action=draw]")
    assert page.evaluate("document.getAnimations().length") == 0
    assert not page.locator(".card--flying").count()
    expect(page.locator(".hand")).to_contain_text("In hand:")
    for i in range(page.locator("[data-action]").count()):
        expect(page.locator("[data-action]").nth(i)).to_have_accessible_name(re.compile(r"\w"))
    durations = page.eval_on_selector_all(
        "button, .card, .spot, .pile__button",
        """els => els.flatMap(el => {
            const s = getComputedStyle(el);
            return [s.transitionDuration, s.animationDuration]
                .flatMap(d => d.split(","))
                .map(d => parseFloat(d) * (d.trim().endsWith("ms") ? 1 : 1000))
                .filter(ms => ms > 10);
        })""",
    )
    assert not durations, f"transitions or animations despite reduced motion: {durations[:10]}"

    # Text at 200%: the table still fits a 1280 px window, nothing spills sideways.
    page.evaluate("document.documentElement.style.fontSize = '200%'")
    expect(page.locator("[data-testid=board]")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    spilled = page.eval_on_selector_all(
        "[data-testid=board] *, #status *, #toolbar > *",
        """els => els.filter(el => {
            const r = el.getBoundingClientRect();
            return r.width && (r.left < -1 || r.right > innerWidth + 1);
        }).map(el => el.className || el.tagName)""",
    )
    assert not spilled, f"sticking out of the window at 200% text: {spilled[:10]}"
    grown = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('.status__main')).fontSize)"
    )
    assert grown >= 24, f"the text did not grow: {grown}px"


def test_high_contrast_toggle(new_page: Callable[..., Page], site_url: str) -> None:
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci`", pytrace=False)
    page = new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script(path=str(AXE))
    page.goto(site_url + "?players=human,rookie&rounds=1&seed=42&names=Ann&speed=instant")
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)
    html = page.locator("html")
    toggle = page.locator("#contrast")
    expect(toggle).not_to_be_checked()
    expect(html).not_to_have_class(re.compile(r"\bhigh-contrast\b"))

    page.click("#settings-button")  # the switch is in the settings panel
    expect(toggle).to_have_accessible_name("High contrast")
    toggle.check()
    expect(html).to_have_class(re.compile(r"\bhigh-contrast\b"))
    axe_violations(page, "settings panel in high contrast")
    page.keyboard.press("Escape")

    # Remembered: the reload resumes the game with high contrast still on.
    page.reload()
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)
    expect(html).to_have_class(re.compile(r"\bhigh-contrast\b"))
    expect(page.locator("#contrast")).to_be_checked()

    # The table with a card in hand and its targets highlighted, in high contrast.
    page.click("[data-action=draw]")
    expect(page.locator("[data-action^='discard:']").first).to_be_visible()
    axe_violations(page, "table in high contrast")

    # Turned off, it stays off even though the system asks for more contrast.
    page.click("#settings-button")
    page.locator("#contrast").uncheck()
    expect(html).not_to_have_class(re.compile(r"\bhigh-contrast\b"))
    page.emulate_media(contrast="more")
    page.reload()
    expect(page.locator("[data-testid=board]")).to_be_visible(timeout=BOOT_MS)
    expect(html).not_to_have_class(re.compile(r"\bhigh-contrast\b"))


def test_high_contrast_follows_the_system(new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page(contrast="more")
    page.goto(site_url + "?speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    expect(page.locator("html")).to_have_class(re.compile(r"\bhigh-contrast\b"))
    expect(page.locator("#contrast")).to_be_checked()


def test_arrow_keys_move_between_grid_spots(page: Page, site_url: str) -> None:
    page.goto(site_url + "?players=human,human&rounds=1&seed=42&names=Ann,Bob&speed=instant")
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=BOOT_MS)

    def spot(n: int) -> Locator:
        return page.locator(f".grid--large [data-focus='spot:{n}']")

    # No spot is playable before the draw, yet the arrows still reach them all.
    spot(1).focus()
    page.keyboard.press("ArrowRight")
    expect(spot(2)).to_be_focused()
    page.keyboard.press("ArrowDown")
    expect(spot(6)).to_be_focused()
    page.keyboard.press("ArrowLeft")
    expect(spot(5)).to_be_focused()
    page.keyboard.press("ArrowLeft")  # the row's edge: the focus stays
    expect(spot(5)).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(spot(1)).to_be_focused()
    page.keyboard.press("End")
    expect(spot(4)).to_be_focused()

    # A spot that cannot be played is no Tab stop and plays nothing.
    assert spot(4).get_attribute("tabindex") == "-1"
    assert spot(4).get_attribute("aria-disabled") == "true"
    assert spot(4).get_attribute("data-action") is None

    # Once the card is in hand, its legal spot is a Tab stop, and arrows leave it.
    page.click("[data-action=draw]")
    legal = page.locator(".grid--large [data-action^='place:']").first
    expect(legal).to_be_visible()
    start = int((legal.get_attribute("data-focus") or "").removeprefix("spot:"))
    legal.focus()
    page.keyboard.press("ArrowUp" if start > 8 else "ArrowDown")
    expect(spot(start - 4 if start > 8 else start + 4)).to_be_focused()


def test_axe_finds_nothing_on_a_phone(new_page: Callable[..., Page], site_url: str) -> None:
    """The phone layout (the players' strip, the folded menu), in high contrast."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run `npm ci`", pytrace=False)
    phone = {"width": 390, "height": 844}
    page = new_page(viewport=phone, has_touch=True, is_mobile=True, contrast="more")
    page.add_init_script(path=str(AXE))
    page.goto(site_url + "?players=human,rookie,casual&rounds=1&seed=42&names=Ann&speed=instant")
    page.click("[data-action=draw]", timeout=BOOT_MS)
    expect(page.locator("[data-action^='discard:']").first).to_be_visible()
    axe_violations(page, "table on a phone")
    page.click("#menu-button")
    expect(page.locator("#menu")).to_be_visible()
    axe_violations(page, "menu on a phone")
