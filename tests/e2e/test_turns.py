"""Every turn readable: the spots a turn changed stay marked, a recap says
what it did, a hot-seat table (whose players asked for it) hands over to the
next player behind a screen that offers only `continue`, focus after a draw
lands where the card can go, the game's end ranks the players, and the setup form checks itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from hand_over import hand_over_on
from playwright.sync_api import Page, expect
from test_play import BOOT_MS, STATUS, legal, open_page

HAND_OVER = "[data-testid=hand-over]"


def marked(page: Page, grid: str) -> list[int]:
    """The spots marked as changed in the grid under the selector."""
    return page.eval_on_selector_all(
        f"{grid} .spot.is-changed",
        "els => els.map(e => Number(e.querySelector('.spot__number').textContent))",
    )


def play_turn(page: Page) -> list[int]:
    """Draw, place wherever the card may go until it must be discarded; the spots placed on."""
    page.click("[data-action=draw]")
    expect(page.locator(".hand")).to_contain_text("In hand:")
    # A pointer's draw moves the focus once the board is laid out (focusAfterLayout).
    expect(page.locator("[data-action]:focus")).to_have_count(1)
    focused = page.evaluate("document.activeElement.dataset.action")
    placed: list[int] = []
    while True:
        page.locator("[data-action^='place:'], [data-action^='discard:']").first.wait_for()
        places = [a for a in legal(page) if a.startswith("place:")]
        if not places or len(placed) >= 2:
            break
        if not placed:  # after a draw the focus is on a spot the card can go to, never a pile
            assert focused in places, f"focus after the draw on {focused!r}, not one of {places}"
        page.click(
            f"[data-action='{places[0]}']"
        )  # takes every action off until the engine answers
        placed.append(int(places[0].removeprefix("place:")))
        page.locator("[data-action]").first.wait_for()
        if not any(a.startswith(("place:", "discard:")) for a in legal(page)):
            return placed  # a STOP, or a face-up card replaced: the turn ended
    page.click("[data-action^='discard:']")
    return placed


def outlines(page: Page, grids: str) -> list[int]:
    """Per grid, how many of its spots are inside a group's outline."""
    return page.eval_on_selector_all(
        grids, "gs => gs.map(g => g.querySelectorAll('.in-group').length)"
    )


def bot_spots(log: str, bot: str) -> list[int]:
    """The spots the bot placed on in its latest turn, from the game log's words."""
    lines = log.splitlines()
    start = max(i for i, line in enumerate(lines) if re.match(rf"{bot} (draws|takes) ", line))
    return [
        int(n)
        for n in re.findall(rf"^{bot} places .* on spot (\d+)", "\n".join(lines[start:]), re.M)
    ]


def test_turns_are_recapped_marked_and_handed_over(page: Page, site_url: str) -> None:
    hand_over_on(page)
    open_page(
        page, site_url, "?players=human,human,casual&rounds=1&seed=7&names=Ann,Bob&speed=instant"
    )
    status = page.locator(STATUS)
    expect(page.locator("[data-testid=recap]")).to_have_text("")  # no turn has ended yet
    placed = play_turn(page)

    # Bob is next: a hand-over covers the table, offering only "continue".
    expect(page.locator(HAND_OVER)).to_contain_text("Bob's turn")
    assert legal(page) == ["continue"]
    assert not page.locator("[data-testid=board] [data-action]").count()
    expect(status).to_have_attribute("data-current", "1")
    recap = page.locator(f"{HAND_OVER} .hand-over__recap")
    expect(recap).to_have_text(re.compile(r"^Ann drew the .+, discarded the .+\.$"))
    assert sorted(marked(page, HAND_OVER)) == sorted(set(placed))
    expect(page.locator(f"{HAND_OVER} .button--primary")).to_be_focused()

    page.click("[data-action=continue]")
    expect(page.locator("[data-action=draw]")).to_be_visible()
    assert not page.locator(HAND_OVER).count()
    # Ann's spots stay marked on her small grid; the recap line says her turn.
    assert sorted(marked(page, ".seats > li:nth-child(1)")) == sorted(set(placed))
    expect(page.locator("[data-testid=recap]")).to_contain_text("Ann drew the")

    # Bob plays, the bot plays, and Ann gets the device back (a hand-over again),
    # told every turn since her own, oldest first: Bob's, then the bot's.
    humans = ["Ann", "Bob"]
    for turn in range(6):
        play_turn(page)
        since = page.locator(f"{HAND_OVER} .hand-over__recap > li")
        expect(since.first).to_be_visible()
        lines = since.all_inner_texts()
        played = humans[(turn + 1) % 2]
        assert lines[0].startswith(f"{played} drew the "), lines
        assert len(lines) >= 2 and all(line.startswith("Casey ") for line in lines[1:]), lines
        page.locator("[data-action=continue]").click()
        expect(page.locator("[data-action=draw]")).to_be_visible()
        log = page.inner_text("#log")
        casey = bot_spots(log, "Casey")
        assert sorted(marked(page, ".seats > li:nth-child(3)")) == sorted(set(casey))
        if casey:
            break
    else:
        raise AssertionError("the bot never placed a card in six turns")
    expect(page.locator("[data-testid=recap]")).to_contain_text("Casey ")
    # On a small phone a long recap wraps inside the stage, never running off it.
    page.set_viewport_size({"width": 360, "height": 640})
    inside = page.eval_on_selector(
        "[data-testid=recap]",
        """el => {
            const line = el.getBoundingClientRect();
            const stage = el.closest(".stage").getBoundingClientRect();
            return line.left >= stage.left - 0.5 && line.right <= stage.right + 0.5;
        }""",
    )
    assert inside, "the recap line runs off the stage at 360 px"


@pytest.mark.parametrize("size", [(844, 390), (390, 844)], ids=["landscape", "portrait"])
def test_a_hand_over_fits_a_phone_without_scrolling(
    new_page: Callable[..., Page], site_url: str, size: tuple[int, int]
) -> None:
    """In German, the longest words: the title, every line since Bob's last turn,
    the whole grid and the button are in the window at once."""
    width, height = size
    page = new_page(viewport={"width": width, "height": height}, has_touch=True, is_mobile=True)
    hand_over_on(page)
    open_page(
        page, site_url, "?players=human,casual,human&seed=5&names=Ann,,Bob&speed=instant&lang=de"
    )
    page.click("[data-action=draw]")
    page.click("[data-action^='discard:']")
    expect(page.locator(f"{HAND_OVER} .hand-over__recap > li")).to_have_count(2)  # Ann's, Casey's
    parts = f"{HAND_OVER} h2, {HAND_OVER} li, {HAND_OVER} .spot, {HAND_OVER} [data-action=continue]"
    outside = page.eval_on_selector_all(
        parts,
        """els => els.filter(e => {
            const r = e.getBoundingClientRect();
            return r.top < 0 || r.bottom > innerHeight || r.left < 0 || r.right > innerWidth;
        }).map(e => e.textContent.trim().slice(0, 30) || e.className)""",
    )
    assert not outside, f"outside the window at {width}x{height}: {outside}"
    assert len(page.eval_on_selector_all(f"{HAND_OVER} .spot", "els => els")) == 12


def test_a_finished_turn_holds_the_view_until_the_next_human_acts(
    page: Page, site_url: str
) -> None:
    open_page(page, site_url, "?players=human,rookie&rounds=1&seed=11&names=Ann&speed=slow")
    placed = play_turn(page)
    assert "plays again" not in page.inner_text("[data-testid=recap]"), (
        "a Replay: pick another seed"
    )
    # The bot is to play, yet the stage still shows Ann's finished grid, her changes marked.
    expect(page.locator(".stage__title")).to_contain_text("Ann")
    assert sorted(marked(page, ".grid--large")) == sorted(set(placed))
    expect(page.locator(".stage__title")).to_contain_text("Robin", timeout=10_000)
    # Back to Ann: a click on the pile ends any held recap at once and plays.
    page.locator("[data-action=draw]").click(timeout=30_000)
    expect(page.locator(".hand")).to_contain_text("In hand:")
    expect(page.locator(".stage__title")).to_contain_text("Ann")


def test_the_game_over_ranks_the_players_after_the_last_scores(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=rookie,casual,sharp&rounds=1&seed=4&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "round-end", timeout=BOOT_MS)
    # The log keeps the winner for the result screen; one score table per screen.
    expect(page.locator("#log")).not_to_contain_text("Game over")
    scored = outlines(page, ".scoring .grid")
    assert any(scored), "no group to outline in this deal"
    assert page.locator("table").count() == 1
    page.click("[data-action=continue]")
    expect(status).to_have_attribute("data-phase", "game-over")
    expect(page.locator("#log")).to_contain_text("Game over")
    assert page.locator("table").count() == 1

    rows = page.locator("[data-testid=ranking] > li")
    expect(rows).to_have_count(3)
    ranked = rows.evaluate_all(
        "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.place)])"
    )
    totals = page.eval_on_selector_all(
        "[data-testid=scores] tbody tr",
        "rows => rows.map(r => Number(r.lastElementChild.textContent))",
    )
    winners = [int(seat) for seat in (status.get_attribute("data-winners") or "").split(",")]
    places = [place for _, place in ranked]
    assert places == sorted(places) and places[0] == 1
    assert [seat for seat, place in ranked if place == 1] == sorted(winners)
    assert [totals[seat] for seat, _ in ranked][len(winners) :] == sorted(
        [totals[s] for s, _ in ranked][len(winners) :], reverse=True
    )
    expect(rows.first).to_have_class(re.compile("is-winner"))
    expect(rows.first.locator(".ranking__bar")).to_have_count(1)  # one bar per round
    expect(page.locator(".game-over__why")).not_to_be_empty()
    expect(page.get_by_role("button", name="Play again")).to_be_visible()
    expect(page.get_by_role("button", name="New game…")).to_be_visible()
    # The final grids keep the group outlines the round's scoring view showed.
    assert outlines(page, ".game-over .grid") == scored


def test_setup_names_bots_apart_and_refuses_an_empty_round_count(
    new_page: Callable[..., Page], site_url: str
) -> None:
    page = new_page()
    open_page(page, site_url, "?speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "setup")
    # Nothing on the setup screen that does nothing there.
    expect(page.locator("#new-game")).to_be_hidden()
    expect(page.locator("#export-game")).to_be_hidden()
    page.click("text=+ Add a player")
    page.click("text=+ Add a player")
    assert page.eval_on_selector_all(".field--name", "els => els.map(e => e.placeholder)") == [
        "Player 1",
        "Casey",
        "Carla",
        "Cyril",
    ]

    page.check("input[name=rounds][value=custom]")
    page.fill("#setup-rounds-custom", "")
    page.click("button[type=submit]")
    expect(page.locator("[data-testid=rounds-error]")).to_be_visible()
    expect(status).to_have_attribute("data-phase", "setup")
    assert page.evaluate("document.querySelector('#setup-rounds-custom').validity.valueMissing")
    page.fill("#setup-rounds-custom", "2")
    expect(page.locator("[data-testid=rounds-error]")).to_be_hidden()
    page.click("button[type=submit]")
    expect(status).to_have_attribute("data-phase", "turn")
    expect(page.locator("#new-game")).to_be_visible()
    expect(page.locator("#export-game")).to_be_enabled()
    expect(page.locator(".seat__name")).to_have_text(["Player 1", "Casey", "Carla", "Cyril"])
