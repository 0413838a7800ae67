"""The replay viewer and review screen (issue 18), through the page contract's
hooks: step to the end and back, the board at a step is the engine's state at
that step (against `python -m dozito replay` of the record cut there), jumps
from the log, the keyboard, and closing returns to the game untouched; an
imported 3-round 5-player game reviews the same way."""

from __future__ import annotations

import contextlib
import io
import json
import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from test_play import STATUS, legal, open_page, play
from test_saves import click_some, import_file

from dozito import Game, cli
from dozito.bots import get_bot
from dozito.record import record_of

STEP = "[data-testid=review-step]"
SAVE = "localStorage.getItem('dozito.save')"
# Each spot of the board (the stage's large grid, the others' small ones): its card if face up.
BOARD = """() => Object.fromEntries(
    [...document.querySelectorAll("[data-testid=board] [data-anim^='spot:']")]
    .map(e => [e.dataset.anim, e.querySelector('[data-code]')?.dataset.code ?? null]))"""


def saved_record(page: Page) -> dict[str, Any]:
    """The saved game's record: its head, with the actions and aids kept beside it."""
    save = json.loads(page.evaluate(SAVE))
    head: dict[str, Any] = json.loads(save["record"])
    return {**head, "actions": save["actions"], **({"aids": save["aids"]} if save["aids"] else {})}


def engine_board(record: dict[str, Any], step: int, tmp_path: Path) -> dict[str, str | None]:
    """What `python -m dozito replay` says each spot shows after `step` actions
    (its own code, in this process: a new Python per step would cost seconds)."""
    path = tmp_path / f"cut-{step}.json"
    path.write_text(json.dumps({**record, "actions": record["actions"][:step]}))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["replay", str(path)]) == 0
    state = json.loads(out.getvalue())
    return {
        f"spot:{seat}:{spot}": cell["card"] if cell["up"] else None
        for seat, grid in enumerate(state["grids"])
        for spot, cell in enumerate(grid, start=1)
    }


def at_step(page: Page, step: int, steps: int) -> None:
    expect(page.locator(STEP)).to_have_attribute("data-step", str(step))
    expect(page.locator(STEP)).to_have_attribute("data-steps", str(steps))


def kept_and_current(page: Page) -> tuple[bool, list[str], int]:
    """After a jump: whether the board's node marked by mark_board is still there
    (the jump redrew what changed, not everything), the steps of the log lines
    marked current, and how many lines that step has."""
    return page.evaluate(
        """() => {
        const step = document.querySelector("[data-testid=review-step]").dataset.step;
        return [Boolean(document.querySelector("[data-testid=board] .seat__name")?.kept),
                [...document.querySelectorAll(".review__line.is-current")].map(l => l.dataset.step),
                document.querySelectorAll(`.review__line[data-step='${step}']`).length];
    }"""
    )


def mark_board(page: Page) -> None:
    page.evaluate("document.querySelector('[data-testid=board] .seat__name').kept = true")


def check_board(page: Page, record: dict[str, Any], steps: int, tmp_path: Path) -> None:
    """Step to the end and back; compare the board with the engine at a few steps."""
    at_step(page, 0, steps)
    # The board drawn by the game is replaced, its listeners with it: a click
    # on a spot of the review's board plays nothing (the caller checks the game).
    page.locator("[data-testid=board] .spot__button").first.dispatch_event("click")
    widths = set()
    page.click("[data-testid=step-end]")
    at_step(page, steps, steps)
    page.click("[data-testid=step-prev]")
    at_step(page, steps - 1, steps)
    page.click("[data-testid=step-start]")
    at_step(page, 0, steps)
    for step in sorted({1, steps // 3, steps // 2, steps - 1}):
        page.keyboard.press("End")
        at_step(page, steps, steps)
        page.keyboard.press("Home")
        for _ in range(min(step, 3)):
            page.click("[data-testid=step-next]")
        # The rest by the log: a click on a line of that step's action.
        if step > 3:
            page.locator(f".review__line[data-step='{step}']").first.click()
        at_step(page, step, steps)
        assert page.evaluate(BOARD) == engine_board(record, step, tmp_path), f"step {step}"
        # The panel keeps its width whatever the step's digits and note: a
        # width that followed them would lay the whole log out again on a jump.
        widths.add(page.eval_on_selector(".review", "e => e.getBoundingClientRect().width"))
        # A jump changes the board's nodes that differ, and only that step's log lines are current.
        mark_board(page)
        page.click("[data-testid=step-prev]")
        at_step(page, step - 1, steps)
        kept, current, lines = kept_and_current(page)
        assert kept and current == [str(step - 1)] * lines, f"step {step - 1}"
        page.click("[data-testid=step-next]")
        at_step(page, step, steps)
    assert len(widths) == 1, widths
    # The last step compared was steps - 1: the arrow keys step from there.
    page.keyboard.press("ArrowRight")
    at_step(page, steps, steps)
    page.keyboard.press("ArrowLeft")
    at_step(page, steps - 1, steps)
    note = page.locator("[data-testid=review-note]")
    assert note.inner_text().strip()


def test_review_of_a_game_in_progress_and_finished(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    open_page(page, site_url, "?players=human,casual&rounds=1&seed=11&speed=instant")
    click_some(page, 6)
    before = {
        "save": page.evaluate(SAVE),
        "actions": sorted(legal(page)),
        "status": page.locator(STATUS).get_attribute("data-current"),
    }
    record = saved_record(page)
    page.click("[data-testid=review]")
    check_board(page, record, len(record["actions"]), tmp_path)
    page.click("[data-testid=review-close]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn")
    page.locator("[data-action]").first.wait_for()
    assert sorted(legal(page)) == before["actions"]
    assert page.evaluate(SAVE) == before["save"]
    assert page.locator(STATUS).get_attribute("data-current") == before["status"]

    play(page, "game-over")
    record = saved_record(page)
    page.click(".game-over .panel__actions .button >> nth=2")  # the game-over screen's own way in
    steps = len(record["actions"])
    at_step(page, 0, steps)
    page.click("[data-testid=step-end]")
    at_step(page, steps, steps)
    assert page.evaluate(BOARD) == engine_board(record, steps, tmp_path)
    judge_and_reopen(page)
    page.click("[data-testid=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()
    assert saved_record(page) == record


def judge_and_reopen(page: Page) -> None:
    """The expert judges every player's decisions in the background (the steps
    stay usable; Cancel stops it, the button starts it again), the chart marks
    them and jumps; reopening the review finds them cached."""
    judge = page.locator(".review__judge .button--primary")
    judge.click()
    page.click(".review__judge button:text-is('Cancel')")
    judge.click()  # shown again once cancelled
    expect(page.locator(".review__progress")).to_be_visible()
    page.click("[data-testid=step-start]")  # the page answers while the worker judges
    at_step(page, 0, int(page.locator(STEP).get_attribute("data-steps") or 0))
    expect(page.locator("[data-testid=turning-points]")).to_be_visible(timeout=240_000)
    expect(page.locator(".review__progress")).to_have_count(0)
    points = page.locator(".review__chance")
    assert points.count() >= 1
    points.last.dispatch_event("click")  # SVG circles: a click jumps to that decision
    expect(page.locator(STEP)).not_to_have_attribute("data-step", "0")
    expect(page.locator("[data-testid=review-note]")).to_contain_text("expert")
    page.click("[data-testid=review-close]")
    page.click("[data-testid=review]")
    expect(page.locator("[data-testid=turning-points]")).to_be_visible(timeout=2_000)  # cached


def five_player_game() -> dict[str, Any]:
    """A finished 3-round game of five bots, with a human seat so it is the player's file."""
    game = Game.new(["Ann", "Bob", "Cy", "Di", "Ed"], rounds=3, seed=23)
    bot = get_bot("rookie")
    while not game.over:
        game.apply(
            bot.choose(game.observation(game.current), random.Random(f"{game.seed}:{game.moves}"))
        )
    return record_of(game, ["human", "rookie", "rookie", "rookie", "rookie"])


def test_review_of_an_imported_five_player_game(page: Page, site_url: str, tmp_path: Path) -> None:
    record = five_player_game()
    path = tmp_path / "five.json"
    path.write_text(json.dumps(record))
    open_page(page, site_url, "?speed=instant")
    import_file(page, path)
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "round-end")
    page.click("[data-action=continue]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over")
    page.click("[data-testid=review]")
    steps = len(record["actions"])
    check_board(page, record, steps, tmp_path)
    # Each round's scoring is in the jump list, and the board then shows the engine's state.
    rounds = page.eval_on_selector_all(
        ".review__controls select option",
        "os => os.filter(o => o.textContent.endsWith(' scored')).map(o => o.value)",
    )
    assert len(rounds) == 3
    page.select_option(".review__controls select", rounds[1])
    at_step(page, int(rounds[1]), steps)
    assert page.evaluate(BOARD) == engine_board(record, int(rounds[1]), tmp_path)
    page.click("[data-testid=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()
    assert page.locator("#new-game").is_enabled()

    # The statistics list's way in: another game's record, loaded in the engine's
    # place while it is reviewed; closing loads the game on the table back.
    other = {**record, "actions": record["actions"][:40], "seats": ["human"] * 5}
    page.evaluate(
        "record => document.dispatchEvent(new CustomEvent('dozito:review', {detail: {record}}))",
        json.dumps(other),
    )
    at_step(page, 0, 40)
    assert page.locator("#new-game").is_disabled()
    page.click("[data-testid=step-end]")
    at_step(page, 40, 40)
    assert page.evaluate(BOARD) == engine_board(other, 40, tmp_path)
    page.click("[data-testid=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()
    with page.expect_download() as download:  # the engine holds the imported game again
        page.click("#export-game")
    assert json.loads(Path(download.value.path()).read_text())["actions"] == record["actions"]
