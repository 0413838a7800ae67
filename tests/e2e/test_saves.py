"""Saves, files and storage: nothing the browser or a file does may freeze the
page or lose a game quietly (issue 14, items 2, 5, 6, 7 and 8).

Saves are written into localStorage before the page loads, by an init
script; full storage is a `setItem` that throws `QuotaExceededError`, blocked
storage a `localStorage` getter that throws, as browsers do.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fuzzing import replay as replay_record
from playwright.sync_api import Page, expect
from test_play import BOOT_MS, STATUS, choose, legal, open_page, score_rows

NOTICE = "#notice"
UNSAVED = "This game is not being saved"
BIG_SEED = 1152921504606846977  # above 2^53: JSON.parse would make it ...976


def plant_save(page: Page, text: str) -> None:
    """Store `text` as the saved game before the page's scripts run."""
    page.add_init_script(f"localStorage.setItem('dozito.save', {json.dumps(text)})")


def click_some(page: Page, count: int) -> None:
    """Play `count` of the human's actions (bots play in between)."""
    for _ in range(count):
        page.locator("[data-action]").first.wait_for()
        page.click(f"[data-action='{choose(legal(page))}']")
    page.locator("[data-action]").first.wait_for()


def replay(path: Path) -> dict[str, Any]:
    """`python -m dozito replay FILE`, as a player would run it: it must succeed."""
    state = replay_record(path)
    assert "error" not in state, state["error"]
    return state


def export(page: Page, path: Path) -> str:
    with page.expect_download() as download:
        page.click("#export-game")
    download.value.save_as(path)
    return path.read_text()


def import_file(page: Page, path: Path) -> None:
    page.set_input_files("[data-testid=import-file]", str(path))


def discard_tops(page: Page) -> list[str | None]:
    return [
        page.eval_on_selector(
            f"[data-anim='pile:{i}']",
            "pile => pile.querySelector('[data-code]')?.dataset.code ?? null",
        )
        for i in (0, 1)
    ]


def table_state(page: Page) -> tuple[Any, ...]:
    """What a player sees of a game: seats and scores, the log, the status."""
    status = page.locator(STATUS)
    return (
        score_rows(page),
        page.inner_text("#log"),
        status.get_attribute("data-phase"),
        status.get_attribute("data-current"),
        page.inner_text(STATUS),
    )


# --- export and import (items 5 and 7) ---------------------------------------------


def test_an_exported_game_with_bots_comes_back_the_same(
    page: Page, new_page: Callable[..., Page], site_url: str, tmp_path: Path
) -> None:
    open_page(page, site_url, "?players=human,sharp,rookie&names=Ann&seed=21&speed=instant")
    click_some(page, 6)
    before = table_state(page)
    assert "Sharp bot" in before[0][1][0] and "Rookie bot" in before[0][2][0]
    path = tmp_path / "game.json"
    record = json.loads(export(page, path))
    assert record["seats"] == ["human", "sharp", "rookie"]

    other = new_page()
    open_page(other, site_url, "?speed=instant")
    import_file(other, path)
    expect(other.locator(STATUS)).to_have_attribute("data-phase", "turn")
    other.locator("[data-action]").first.wait_for()
    assert table_state(other) == before
    assert sorted(legal(other)) == sorted(legal(page))
    state = replay(path)
    assert state["discard_tops"] == discard_tops(other)
    assert [row[-1] for row in score_rows(other)] == [str(total) for total in state["totals"]]


def test_an_exported_scoring_view_comes_back_pending(
    page: Page, new_page: Callable[..., Page], site_url: str, tmp_path: Path
) -> None:
    open_page(page, site_url, "?players=rookie,casual&rounds=2&seed=5&speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "round-end", timeout=60_000)
    scoring, log = page.inner_text(".scoring"), page.inner_text("#log")
    path = tmp_path / "round.json"
    export(page, path)

    other = new_page()
    open_page(other, site_url, "?speed=instant")
    import_file(other, path)
    status = other.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "round-end")
    assert other.inner_text(".scoring") == scoring and other.inner_text("#log") == log
    assert replay(path)["round_scores"] and replay(path)["round"] == 2
    # The bots are still bots: after "continue" they play round 2 alone.
    other.click("[data-action=continue]")
    expect(status).to_contain_text("Round 2 is over", timeout=60_000)


def test_a_big_seed_keeps_its_every_digit(page: Page, site_url: str, tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    actions = ["draw", "discard:0"]
    text = json.dumps(
        {"format": "dozito/1", "players": ["A", "B"], "seed": BIG_SEED, "actions": actions}
    )
    path.write_text(text)
    open_page(page, site_url, "?speed=instant")
    import_file(page, path)
    expect(page.locator(STATUS)).to_contain_text("Your turn, B")
    assert discard_tops(page) == replay(path)["discard_tops"]
    rounded = tmp_path / "rounded.json"  # the seed as JSON.parse reads it: another game
    rounded.write_text(text.replace(str(BIG_SEED), str(2**60)))
    assert discard_tops(page) != replay(rounded)["discard_tops"]
    exported = export(page, tmp_path / "out.json")
    assert f'"seed": {BIG_SEED}' in exported
    saved = json.loads(page.evaluate("localStorage.getItem('dozito.save')"))
    assert saved["version"] == 3 and f'"seed": {BIG_SEED}' in saved["record"]
    assert saved["actions"] == actions  # beside the record's head, which has none


# --- saves that cannot be used (item 6) ----------------------------------------------


def _v1(seats: list[dict[str, str]], **extra: Any) -> str:
    record = {"format": "dozito/1", "players": ["Ann", "Max"], "actions": ["draw", "discard:0"]}
    return json.dumps({"version": 1, "record": record, "seats": seats, "log": [], **extra})


HUMANS = [{"kind": "human"}, {"kind": "human"}]
GODLIKE = [{"kind": "human"}, {"kind": "bot", "level": "godlike"}]


@pytest.mark.parametrize(
    "save",
    [
        _v1(GODLIKE),
        json.dumps(
            {
                "version": 2,
                "record": json.dumps(
                    {"format": "dozito/1", "players": ["A", "B"], "seats": ["human", "godlike"]}
                ),
                "scoringSeen": True,
            }
        ),
        json.dumps({"version": 2, "record": "{oops", "scoringSeen": False}),
        json.dumps({"version": 99, "record": "{}"}),
    ],
    ids=["v1-godlike", "v2-godlike", "v2-broken-record", "newer-version"],
)
def test_an_unusable_save_is_set_aside_for_the_setup_screen(
    page: Page, site_url: str, save: str
) -> None:
    plant_save(page, save)
    page.goto(site_url + "?speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    expect(page.locator(NOTICE)).to_contain_text("could not be resumed")
    assert "level." not in page.inner_text("body")
    stored = page.evaluate("localStorage.getItem('dozito.save.broken')")
    assert stored == save


@pytest.mark.parametrize(
    "save",
    [
        _v1(HUMANS, log=[{"type": "draw", "seat": 99, "card": "ZZ"}]),
        _v1(
            HUMANS,
            pending={"type": "round_scored", "round": 1, "scores": [0, 0], "grids": [{}, {}]},
        ),
    ],
    ids=["bad-log-entry", "broken-scoring-view"],
)
def test_a_version_1_save_gets_its_log_and_phase_from_the_engine(
    page: Page, site_url: str, save: str
) -> None:
    plant_save(page, save)
    page.goto(site_url + "?speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    expect(status).to_contain_text("Your turn, Max")
    expect(page.locator("#board")).to_be_visible()
    assert sorted(legal(page)) == ["draw", "take:0", "take:1"]
    lines = page.locator("#log li").all_inner_texts()
    assert len(lines) == 3 and lines[0].startswith("Round 1 begins")
    assert lines[1].startswith("Ann draws") and lines[2].startswith("Ann discards")
    # Resumed as version 3, with the seats in the record's head.
    saved = json.loads(page.evaluate("localStorage.getItem('dozito.save')"))
    assert saved["version"] == 3 and json.loads(saved["record"])["seats"] == ["human", "human"]


# --- storage full or blocked (items 2 and 8) ----------------------------------------------

FULL_STORAGE = """
(() => {
  const real = Storage.prototype.setItem;
  real.call(localStorage, "dozito.save", '{"version": 99}');
  Storage.prototype.setItem = function (key, value) {
    if (window.storageFull !== false) throw new DOMException("full", "QuotaExceededError");
    return real.call(this, key, value);
  };
})();
"""

BLOCKED_STORAGE = """
Object.defineProperty(window, "localStorage", {
  configurable: true,
  get() { throw new DOMException("blocked", "SecurityError"); },
});
"""


def test_a_full_storage_never_stops_the_page(page: Page, site_url: str) -> None:
    page.add_init_script(FULL_STORAGE)
    page.goto(site_url + "?speed=instant")
    # The save from a newer version cannot even be copied aside: set aside all the same.
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    expect(page.locator(NOTICE)).to_contain_text("could not be resumed")
    page.click("button[type=submit]")  # the setup form's default game
    expect(status).to_have_attribute("data-phase", "turn")
    notice = page.locator(NOTICE)
    expect(notice).to_contain_text(UNSAVED)
    page.click("[data-testid=notice-close]")
    click_some(page, 4)  # every save fails; the player was told once
    expect(notice).to_be_hidden()
    page.evaluate("window.storageFull = false")
    click_some(page, 1)
    saved = json.loads(page.evaluate("localStorage.getItem('dozito.save')"))
    assert saved["version"] == 3 and len(saved["actions"]) >= 5
    expect(notice).to_be_hidden()


def test_a_full_storage_is_reported_and_saving_again_clears_it(page: Page, site_url: str) -> None:
    page.add_init_script(
        FULL_STORAGE.replace('real.call(localStorage, "dozito.save", \'{"version": 99}\');', "")
    )
    open_page(page, site_url, "?players=human,rookie&seed=3&speed=instant")
    notice = page.locator(NOTICE)
    expect(notice).to_contain_text(UNSAVED)
    click_some(page, 2)
    expect(notice).to_contain_text(UNSAVED)
    page.evaluate("window.storageFull = false")
    click_some(page, 1)
    expect(notice).to_be_hidden()
    page.reload()  # the game was saved once storage worked: it resumes
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    expect(page.locator("#log li")).not_to_have_count(1)


def test_a_blocked_storage_still_plays(page: Page, site_url: str) -> None:
    page.add_init_script(BLOCKED_STORAGE)
    open_page(page, site_url, "?players=human,rookie&seed=3&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "turn")
    expect(page.locator(NOTICE)).to_contain_text(UNSAVED)
    page.click("#settings-button")
    page.select_option("#speed", "fast")  # a preference that cannot be stored either
    page.keyboard.press("Escape")
    click_some(page, 4)
    expect(status).to_have_attribute("data-phase", "turn")
    expect(page.locator("#log li")).not_to_have_count(1)
