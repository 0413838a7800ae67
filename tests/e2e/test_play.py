"""The page, played like a person would: only by clicking `[data-action]`
elements, reading `[data-testid=status]` and the other parts of the page
contract (docs/page-contract.md).

Games start from the address (`?players=...&seed=...&speed=instant`), or from
a record file given to the import control, so every deal is known.

Over 300 lines: the helpers most browser tests import (`open_page`, `play`,
`legal` ...) sit here with the page's core walk-through they were written
for; they are the first to move to a module of their own if it grows.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hand_over import hand_over_on
from playwright.sync_api import Page, expect

from scenario import instant_win, tie_broken_by_best_round

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
CARD_CODES = [f"{colour}{n}" for colour in "RBGYP" for n in [*range(1, 13), "J1", "J2", "J3"]]


def open_page(page: Page, site_url: str, query: str = "") -> None:
    """Open the page and wait until the engine has booted."""
    page.goto(site_url + query)
    expect(page.locator(STATUS)).not_to_have_attribute("data-phase", "loading", timeout=BOOT_MS)


def phase(page: Page) -> str:
    return page.get_attribute(STATUS, "data-phase") or ""


def legal(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-action]", "els => els.map(e => e.dataset.action)")


def choose(actions: list[str]) -> str:
    """A policy that ends rounds quickly: place when possible (grids fill up),
    else draw, else whatever is offered first (a discard)."""
    for prefix in ("continue", "place:", "draw"):
        for action in actions:
            if action.startswith(prefix):
                return action
    return actions[0]


def play(page: Page, until: str, *, limit: int = 3000) -> list[str]:
    """Click actions chosen by `choose` until the status shows phase `until`;
    return the clicked actions. `continue` is clicked too unless it is the goal."""
    clicked: list[str] = []
    target = page.locator(f"{STATUS}[data-phase={until}], [data-action]").first
    for _ in range(limit):
        target.wait_for(timeout=30_000)
        if phase(page) == until:
            return clicked
        actions = legal(page)
        if not actions:  # between a click and the next view
            continue
        action = choose(actions)
        page.click(f"[data-action='{action}']")
        clicked.append(action)
    raise AssertionError(f"no {until} after {limit} clicks")


def spot_labels(page: Page) -> list[str]:
    """The accessible names of the large grid's spots (the player to move)."""
    return page.eval_on_selector_all(
        ".grid--large .spot__button", "els => els.map(e => e.getAttribute('aria-label'))"
    )


def score_rows(page: Page) -> list[list[str]]:
    return page.eval_on_selector_all(
        "[data-testid=scores] tbody tr",
        "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))",
    )


def grid_words(page: Page, selector: str) -> list[list[str]]:
    """What a screen reader hears for each spot of each grid under ``selector``."""
    return page.eval_on_selector_all(
        selector, "grids => grids.map(g => [...g.children].map(li => li.textContent.trim()))"
    )


# --- whole games ---------------------------------------------------------------


def test_two_humans_play_a_whole_game_by_clicks(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=human,human&rounds=1&seed=5&names=Ann,Bob&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "turn")
    expect(status).to_have_attribute("data-current", "0")
    expect(status).to_contain_text("Your turn, Ann")
    # Only the legal actions of a turn's start are offered.
    assert sorted(legal(page)) == ["draw", "take:0", "take:1"]

    clicked = play(page, "round-end")
    assert clicked, "the round ended without a click"
    assert not page.locator("[data-action]:not([data-action=continue])").count()
    expect(page.locator(".scoring")).to_contain_text("Round total")
    scored = grid_words(page, ".scoring .grid")

    page.click("[data-action=continue]")
    expect(status).to_have_attribute("data-phase", "game-over")
    winners = status.get_attribute("data-winners") or ""
    assert re.fullmatch(r"[01](,[01])?", winners)
    # The game-over view shows every grid as it was scored, winners marked.
    assert grid_words(page, ".game-over .grid") == scored
    marked = page.eval_on_selector_all(
        ".game-over__grid", "els => els.map(e => e.classList.contains('is-winner'))"
    )
    assert marked == [str(seat) in winners.split(",") for seat in range(2)]
    expect(status).to_contain_text("wins" if "," not in winners else "Shared")
    rows = score_rows(page)
    assert rows[0][0].startswith("Ann") and rows[1][0].startswith("Bob")
    assert page.locator("#log li").count() > len(clicked) // 2
    assert not page.locator("[data-action]").count()


def test_a_card_turned_up_turns_over_on_its_way_to_the_hand(page: Page, site_url: str) -> None:
    # Flying copies are removed when they land, so note each one as it appears.
    page.add_init_script(
        """window.flips = [];
        new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
          if (n.classList?.contains("card-flip")) window.flips.push({
            front: n.querySelector("[data-code]")?.dataset.code ?? null,
            back: Boolean(n.querySelector(".card--back")),
          });
        }))).observe(document, { childList: true, subtree: true });"""
    )
    open_page(page, site_url, "?players=human,human&rounds=1&seed=5&names=Ann,Bob&speed=normal")
    page.click("[data-action=draw]")
    place = next(a for a in legal(page) if a.startswith("place:"))
    page.click(f"[data-action='{place}']")  # every spot is face down at the start
    expect(page.locator("[data-action^=place]").first).to_be_visible()
    flips: list[dict[str, Any]] = []
    for _ in range(50):
        flips = page.evaluate("window.flips")
        if flips:
            break
        page.wait_for_timeout(100)
    in_hand = page.get_attribute(".hand [data-code]", "data-code")
    assert flips == [{"front": in_hand, "back": True}]


def test_a_human_against_three_bots_to_the_end(page: Page, site_url: str) -> None:
    open_page(
        page,
        site_url,
        "?players=human,rookie,sharp,expert&rounds=1&seed=17&names=Ann&speed=instant",
    )
    play(page, "round-end")
    rows = score_rows(page)
    assert [row[0] for row in rows][1:] == ["RobinRookie bot", "SashaSharp bot", "MaxExpert bot"]
    page.click("[data-action=continue]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over")
    # The bots' moves are in the log, as the page announced them.
    log = page.locator("#log").inner_text()
    assert "Robin" in log and "Sasha" in log and "Max" in log


# Marks every element of the board; then counts those still there, and those not.
MARK_BOARD = "() => { for (const e of document.querySelectorAll('#board *')) e.dozitoMark = 1; }"
KEPT_BOARD = """() => {
    const all = [...document.querySelectorAll('#board *')];
    return [all.filter((e) => e.dozitoMark).length, all.filter((e) => !e.dozitoMark).length];
}"""


def play_a_turn(page: Page) -> None:
    """Ann (seat 0) plays her turn by `choose`; return once it is hers again, to draw."""
    status = page.locator(STATUS)
    while status.get_attribute("data-current") == "0":
        actions = legal(page)
        if actions:
            page.click(f"[data-action='{choose(actions)}']")
    expect(status).to_have_attribute("data-current", "0", timeout=30_000)
    expect(page.locator("[data-action=draw]")).to_be_visible()


def test_a_bot_s_turn_redraws_the_board_in_place(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=human,casual&rounds=1&seed=3&names=Ann&speed=instant")
    play_a_turn(page)
    page.evaluate(MARK_BOARD)
    play_a_turn(page)
    # The bot's turn and Ann's next one came: most of the board is the same nodes.
    kept, new = page.evaluate(KEPT_BOARD)
    assert kept > 3 * new, (kept, new)
    # A kept target plays what it offers now: one listener reads its data-action.
    assert page.evaluate("document.querySelector('[data-action=draw]').dozitoMark") == 1
    page.click("[data-action=draw]")
    expect(page.locator("[data-action^='place:']").first).to_be_visible()


def test_an_all_bot_table_plays_rounds_and_waits_to_continue(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=casual,expert&rounds=2&seed=10&speed=instant")
    status = page.locator(STATUS)
    for round_no in (1, 2):
        expect(status).to_have_attribute("data-phase", "round-end", timeout=60_000)
        expect(status).to_contain_text(f"Round {round_no} is over")
        button = page.locator("[data-action=continue]")
        expect(button).to_have_text("Next round" if round_no == 1 else "See the final result")
        button.click()
    expect(status).to_have_attribute("data-phase", "game-over")
    assert len(score_rows(page)[0]) == 4  # name, two rounds, total


def test_the_game_over_screen_words_the_engines_reason(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    open_page(page, site_url, "?speed=instant")
    status = page.locator(STATUS)
    finished = page.locator("[data-testid=game-over]")
    cases = [
        (
            tie_broken_by_best_round().to_record(),
            "best_round",
            "P0 and P1 tied on 2 points; P0 wins with the best single round (2 against 1).",
        ),
        (
            instant_win(),
            "instant_win",
            "P0 completed a grid of 12 face-up cards of one colour: an instant win!",
        ),
    ]
    for i, (record, reason, words) in enumerate(cases):
        path = tmp_path / f"game{i}.json"
        path.write_text(json.dumps(record))
        page.set_input_files("[data-testid=import-file]", str(path))
        if reason != "instant_win":  # an instant win does not score its round
            expect(status).to_have_attribute("data-phase", "round-end")
            page.click("[data-action=continue]")
        expect(status).to_have_attribute("data-phase", "game-over")
        expect(finished).to_have_attribute("data-reason", reason)
        expect(finished.locator(".game-over__why")).to_have_text(words)
        expect(status).to_have_attribute("data-winners", "0")


# --- the rulebook's example turn -------------------------------------------------


def example_record() -> dict[str, Any]:
    """A deal where Arthur can first get a red 2 and a blue 5 face up, then
    play the rulebook's example: red 3 from a discard pile, green 11, red 5,
    blue 5 discarded."""
    head = ["Y1", "B5", "G11", "Y4", "P9", "Y6", "Y7", "B8", "B9", "Y10", "R5", "Y11"]  # Arthur
    head += ["P1", "P2", "P3", "P4", "P5", "P6", "P8", "P10", "P12", "B1", "B2", "B3"]  # Maëlle
    head += ["G1", "R3", "R2", "G4"]  # the discard piles, then the draw pile's top
    deck = head + [code for code in CARD_CODES if code not in head]
    return {"format": "dozito/1", "players": ["Arthur", "Maëlle"], "rounds": 1, "decks": [deck]}


def test_the_rulebook_example_turn(page: Page, site_url: str, tmp_path: Path) -> None:
    hand_over_on(page)  # the players asked for it (settings)
    open_page(page, site_url, "?speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    record = tmp_path / "example.json"
    record.write_text(json.dumps(example_record()))
    page.set_input_files("[data-testid=import-file]", str(record))
    status = page.locator(STATUS)
    expect(status).to_contain_text("Your turn, Arthur")

    def click(action: str) -> None:
        page.click(f"[data-action='{action}']")

    # Arthur's first turn puts the red 2 and the blue 5 face up; Maëlle passes.
    # Each hot-seat turn ends on a hand-over to the other player ("continue").
    for action in [
        "draw",
        "place:2",
        "place:5",
        "discard:0",
        "continue",
        "draw",
        "discard:0",
        "continue",
    ]:
        click(action)
    expect(status).to_contain_text("Your turn, Arthur")
    assert spot_labels(page)[1] == "spot 2, red 2, face up"
    assert spot_labels(page)[4] == "spot 5, blue 5, face up"

    # (A) the red 3 from a discard pile goes to spot 3...
    click("take:1")
    expect(page.locator(".hand")).to_contain_text("red 3")
    assert legal(page) == ["place:3"]  # a card taken from a pile must be placed
    click("place:3")
    # (B) ...turning up the green 11, placed on spot 11...
    expect(page.locator(".hand")).to_contain_text("green 11")
    click("place:11")
    # (C) ...turning up the red 5, kept instead of the blue 5...
    expect(page.locator(".hand")).to_contain_text("red 5")
    click("place:5")
    # (D) ...and the blue 5 is discarded: onto the pile the red 3 emptied.
    expect(page.locator(".hand")).to_contain_text("blue 5")
    assert legal(page) == ["discard:1"]
    click("discard:1")

    expect(status).to_contain_text("Your turn, Maëlle")
    expect(status).to_have_attribute("data-current", "1")
    # The hand-over covers the table: it offers only "continue", and words Arthur's turn.
    assert legal(page) == ["continue"]
    expect(page.locator("[data-testid=hand-over]")).to_contain_text(
        "Arthur took the red 3, chained 3 cards, discarded the blue 5."
    )
    click("continue")
    seat = page.locator(".seat").first
    for words in ["spot 2, red 2", "spot 3, red 3", "spot 5, red 5", "spot 11, green 11"]:
        expect(seat).to_contain_text(words)
    expect(page.locator("[data-anim='pile:1']")).to_have_accessible_name(
        re.compile("blue 5 on top")
    )
    log = page.locator("#log")
    expect(log).to_contain_text("Arthur takes the red 3 from the right discard pile.")
    expect(log).to_contain_text("Arthur places the red 5 on spot 5, replacing the blue 5.")
    expect(log).to_contain_text("Arthur discards the blue 5 on the right discard pile.")


# --- saving, resuming, files --------------------------------------------------------


def test_reload_resumes_the_same_game(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=human,casual&rounds=3&seed=11&names=Ann&speed=instant")
    for _ in range(7):
        actions = page.locator("[data-action]").first
        actions.wait_for()
        page.click(f"[data-action='{choose(legal(page))}']")
    page.locator("[data-action]").first.wait_for()
    assert "players=" not in page.url and "speed=instant" in page.url
    before = (page.inner_text(STATUS), spot_labels(page), legal(page), page.inner_text("#log"))
    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    page.locator("[data-action]").first.wait_for()
    after = (page.inner_text(STATUS), spot_labels(page), legal(page), page.inner_text("#log"))
    assert after == before


def test_reload_at_a_round_end_shows_the_scores_again(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=rookie,rookie&rounds=2&seed=5&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "round-end", timeout=60_000)
    totals = page.inner_text(".scoring")
    page.reload()
    expect(status).to_have_attribute("data-phase", "round-end", timeout=BOOT_MS)
    assert page.inner_text(".scoring") == totals
    page.click("[data-action=continue]")
    expect(status).to_have_attribute("data-phase", "round-end", timeout=60_000)
    expect(status).to_contain_text("Round 2 is over")


def test_a_corrupt_save_is_reported_and_set_aside(page: Page, site_url: str) -> None:
    open_page(page, site_url)
    page.evaluate("localStorage.setItem('dozito.save', '{\"version\": 1, \"record\": {oops')")
    page.reload()
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    expect(page.locator("#notice")).to_contain_text("could not be resumed")
    stored = page.evaluate(
        "[localStorage.getItem('dozito.save'), localStorage.getItem('dozito.save.broken')]"
    )
    assert stored == [None, '{"version": 1, "record": {oops']
    # A save the engine refuses (an illegal action) is set aside the same way.
    bad = {
        "version": 1,
        "record": {"format": "dozito/1", "players": ["A", "B"], "actions": ["place:3"]},
        "seats": [{"kind": "human"}] * 2,
    }
    page.evaluate("save => localStorage.setItem('dozito.save', JSON.stringify(save))", bad)
    page.reload()
    expect(status).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    expect(page.locator("#notice")).to_contain_text("could not be resumed")


def test_export_then_import_a_game_and_a_bad_file_keeps_the_game(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    open_page(page, site_url, "?players=human,human&seed=9&names=Ann,Bob&speed=instant")
    for action in ["draw", "discard:0"]:  # then Bob's turn (no hand-over unless asked for)
        page.click(f"[data-action='{action}']")
    expect(page.locator(STATUS)).to_contain_text("Your turn, Bob")
    with page.expect_download() as download:
        page.click("#export-game")
    exported = tmp_path / "game.json"
    download.value.save_as(exported)
    record = json.loads(exported.read_text())
    assert record["format"] == "dozito/1" and record["actions"] == ["draw", "discard:0"]

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "dozito/1", "players": ["A"]}')
    page.set_input_files("[data-testid=import-file]", str(bad))
    expect(page.locator("#notice")).to_contain_text("bad.json")
    expect(page.locator(STATUS)).to_contain_text("Your turn, Bob")

    page.click("[data-action=draw]")  # Bob plays on, then the export comes back
    expect(page.locator(".hand")).to_contain_text("In hand:")
    page.set_input_files("[data-testid=import-file]", str(exported))
    expect(page.locator(".hand")).to_contain_text("No card in hand")
    expect(page.locator(STATUS)).to_contain_text("Your turn, Bob")
    assert sorted(legal(page)) == ["draw", "take:0", "take:1"]


# --- the page itself -----------------------------------------------------------------


def test_setup_form_starts_a_game_and_remembers_it(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?speed=instant")
    page.fill("#setup-name-0", "Zoé")
    page.select_option("#setup-kind-1", "expert")
    page.click("text=+ Add a player")
    page.select_option("#setup-kind-2", "human")
    page.fill("#setup-name-2", "Lou")
    page.check("input[name=rounds][value='1']")
    page.select_option("#setup-first", "2")
    page.click("button[type=submit]")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-current", "2")
    expect(status).to_contain_text("Your turn, Lou")
    assert [row[0] for row in score_rows(page)] == ["ZoéHuman", "MaxExpert bot", "LouHuman"]
    page.click("#new-game")
    page.click("#confirm-dialog button[value=yes]")
    expect(status).to_have_attribute("data-phase", "setup")
    expect(page.locator("#setup-name-2")).to_have_value("Lou")
    expect(page.locator("#setup-kind-1")).to_have_value("expert")


def test_keyboard_play_and_accessible_names(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=human,human&seed=42&names=Ann,Bob&speed=instant")
    draw = page.locator("[data-action=draw]")
    expect(draw).to_have_accessible_name(re.compile(r"^draw pile, \d+ cards: draw a card$"))
    draw.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".hand")).to_contain_text("In hand:")
    # Every spot names itself; the legal one says so.
    labels = spot_labels(page)
    assert all(re.fullmatch(r"spot \d+, .+", label) for label in labels)
    placeable = page.locator(".grid--large [data-action^='place:']")
    if placeable.count():
        expect(placeable.first).to_have_accessible_name(re.compile(r"place the card here$"))
    # What happened was announced.
    expect(page.locator("#announcer")).to_contain_text("Ann draws the")


def test_works_on_a_phone_screen(new_page: Callable[..., Page], site_url: str) -> None:
    page = new_page(viewport={"width": 375, "height": 740}, is_mobile=True, has_touch=True)
    open_page(page, site_url, "?players=human,sharp,casual&rounds=1&seed=2&names=Ann&speed=instant")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    expect(page.locator("[data-testid=board]")).to_be_visible()
    for selector in ["[data-action=draw]", ".grid--large"]:
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375, selector
    page.tap("[data-action=draw]")
    expect(page.locator(".hand")).to_contain_text("In hand:")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_a_failed_boot_says_so(page: Page, site_url: str, page_log: Any) -> None:
    page.route("**/pyodide/pyodide.mjs", lambda route: route.fulfill(status=404))
    page.goto(site_url)
    expect(page.locator("#notice")).to_contain_text("The game could not start", timeout=BOOT_MS)
    expect(page.locator(STATUS)).to_contain_text("could not start")
    expect(page.locator("#notice button")).to_have_text(["Reload", "Dismiss"])
    page_log.errors.clear()  # the 404 and its report are the point


def test_a_bad_address_is_reported(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=human,wizard")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup")
    expect(page.locator("#notice")).to_contain_text("cannot be played")


def test_the_address_and_the_setup_form_keep_the_engines_limits(page: Page, site_url: str) -> None:
    status, notice = page.locator(STATUS), page.locator("#notice")
    for query in ("?players=human,human,human,human,human,human", "?players=human,human&rounds=11"):
        open_page(page, site_url, query)
        expect(status).to_have_attribute("data-phase", "setup")
        expect(notice).to_contain_text("cannot be played")
    # The setup form: 2 to 5 seats, the levels offered to players, 1 to 10 rounds.
    add, remove = page.locator("text=+ Add a player"), page.locator("#setup-kind-0 ~ button")
    expect(remove).to_be_disabled()
    for _ in range(3):
        add.click()
    expect(add).to_be_disabled()
    expect(page.locator(".setup__seat")).to_have_count(5)
    options = page.eval_on_selector_all("#setup-kind-0 option", "els => els.map(e => e.value)")
    assert options == ["human", "rookie", "casual", "sharp", "expert"]
    custom = page.locator("#setup-rounds-custom")
    assert (custom.get_attribute("min"), custom.get_attribute("max")) == ("1", "10")
    expect(page.locator("input[name=rounds][value='3']")).to_be_checked()  # the default
    # The limits themselves, and the test-only level, are accepted from the address.
    open_page(page, site_url, "?players=random,human,human,human,human&rounds=10&speed=instant")
    expect(status).to_contain_text("Round 1 of 10")


def test_clicks_during_card_flights_take_effect(page: Page, site_url: str) -> None:
    # The first card flight (the draw's) is held where it starts, so that the
    # discard click lands while that card is in the air however slow the
    # machine; the click's own pointerdown cuts it short. Whether a card was
    # flying is noted before the page sees the pointerdown.
    page.add_init_script(
        """const hold = new MutationObserver((changes) => changes.forEach((c) => c.addedNodes
          .forEach((n) => {
            if (!n.classList?.contains("card--flying")) return;
            n.getAnimations().forEach((a) => a.pause());
            hold.disconnect();
          })));
        hold.observe(document, { childList: true, subtree: true });
        addEventListener("pointerdown", () => {
          window.flyingAtClick = document.querySelectorAll(".card--flying").length;
        }, { capture: true });"""
    )
    open_page(page, site_url, "?players=human,human&seed=42&names=Ann,Bob&speed=slow")
    page.click("[data-action=draw]")
    expect(page.locator(".card--flying")).to_have_count(1)
    page.click("[data-action^='discard:']", timeout=2_000)
    assert page.evaluate("window.flyingAtClick") == 1
    expect(page.locator(STATUS)).to_contain_text("Your turn, Bob")
    expect(page.locator("#log")).to_contain_text(
        re.compile(r"Ann draws the .*Ann discards the", re.S)
    )
    expect(page.locator(".card--flying")).to_have_count(0)


def test_bots_play_at_a_visible_pace_and_can_be_skipped(page: Page, site_url: str) -> None:
    open_page(page, site_url, "?players=expert,human&rounds=1&seed=8&names=Max,Ann&speed=slow")
    status = page.locator(STATUS)
    expect(status).to_contain_text("Max is playing")
    skip = page.locator("#skip-bots")
    expect(skip).to_be_visible()
    skip.click()
    expect(skip).to_be_disabled()  # the bots now play without pauses
    expect(status).to_contain_text("Your turn, Ann", timeout=20_000)
    expect(skip).to_be_hidden()
