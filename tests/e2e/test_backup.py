"""The backup that moves to a new phone (issue #27): one file from the
statistics screen holds everything the player has on this device; restoring
it in another browser profile merges (no game counted twice, nothing there
lost), and the page asks the browser to keep its data after the first
finished game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect
from test_faults import GAME, finish, stored
from test_play import BOOT_MS, STATUS, open_page
from test_saves import click_some
from test_stats_page import VIEW, open_stats

# Stands in for the browser's answer: Chromium's own depends on the site's engagement.
PERSIST = """
window.persistAsked = 0;
navigator.storage.persist = async () => (window.persistAsked += 1, true);
navigator.storage.persisted = async () => window.persistAsked > 0;
"""


def stats_open(page: Page) -> None:
    """The statistics screen, opened unless it is open already."""
    if page.locator(VIEW).is_hidden():
        open_stats(page)


def back_up(page: Page, path: Path) -> dict[str, Any]:
    stats_open(page)
    with page.expect_download() as download:
        page.click("[data-testid=stats-backup]")
    download.value.save_as(path)
    expect(page.locator("[data-testid=stats-message]")).to_contain_text("Backup saved")
    page.click("[data-testid=stats-close]")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


def restore(page: Page, path: Path) -> None:
    stats_open(page)
    page.set_input_files("[data-testid=restore-file]", str(path))


def test_the_backup_round_trips_between_two_profiles(
    new_page: Callable[..., Page], site_url: str, tmp_path: Path
) -> None:
    old_phone, new_phone = new_page(), new_page()  # two contexts: two separate storages
    old_phone.add_init_script("localStorage.setItem('dozito.lang', 'fr')")
    open_page(old_phone, site_url, f"{GAME}&names=Ann&lang=en")
    finish(old_phone)
    old_phone.wait_for_function("() => localStorage.getItem('dozito.stats') !== null")
    open_page(
        old_phone,
        site_url,
        "?players=human,rookie&rounds=3&seed=21&names=Ann&speed=instant&lang=en",
    )
    click_some(old_phone, 3)  # a game in progress
    backup = back_up(old_phone, tmp_path / "old.json")
    assert (backup["format"], backup["version"]) == ("dozito-backup", 1)
    assert backup["lang"] == "fr" and backup["daily"] is None
    assert json.loads(backup["game"]["record"])["seed"] == 21
    [finished] = backup["stats"]["recent"]
    assert json.loads(finished["record"])["seed"] == 7  # the review's source travels too

    # The new phone has a finished game of its own, by another seed.
    open_page(new_phone, site_url, "?players=human,rookie&rounds=1&seed=8&speed=instant&names=Ann")
    finish(new_phone)
    new_phone.wait_for_function("() => localStorage.getItem('dozito.stats') !== null")
    own = stored(new_phone, "dozito.save")
    restore(new_phone, tmp_path / "old.json")
    view = new_phone.locator(VIEW)
    expect(new_phone.locator("[data-testid=stats-message]")).to_contain_text("1 game added")
    expect(view).to_have_attribute("data-games", "2")
    assert stored(new_phone, "dozito.stats")["players"]["Ann"]["games"] == 2
    restore(new_phone, tmp_path / "old.json")  # again: nothing counted twice
    expect(new_phone.locator("[data-testid=stats-message]")).to_contain_text("0 games added")
    expect(view).to_have_attribute("data-games", "2")
    # The game here stays; the backup's game in progress is kept, to go back to.
    assert stored(new_phone, "dozito.save") == own
    assert stored(new_phone, "dozito.save.kept") == backup["game"]
    assert new_phone.evaluate("localStorage.getItem('dozito.lang')") == "fr"

    # And back: the old phone gets the new phone's game, its own game in progress untouched.
    back_up(new_phone, tmp_path / "new.json")
    restore(old_phone, tmp_path / "new.json")
    expect(old_phone.locator(VIEW)).to_have_attribute("data-games", "2")
    assert stored(old_phone, "dozito.save") == backup["game"]
    assert stored(old_phone, "dozito.stats")["players"]["Ann"]["games"] == 2


def test_a_backup_restored_where_there_is_no_game_resumes_its_game(
    new_page: Callable[..., Page], site_url: str, tmp_path: Path
) -> None:
    old_phone, new_phone = new_page(), new_page()
    open_page(old_phone, site_url, "?players=human,rookie&rounds=3&seed=21&names=Ann&speed=instant")
    click_some(old_phone, 3)
    backup = back_up(old_phone, tmp_path / "old.json")
    open_page(new_phone, site_url)
    expect(new_phone.locator(STATUS)).to_have_attribute("data-phase", "setup")
    restore(new_phone, tmp_path / "old.json")  # the page reloads into the restored game
    expect(new_phone.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    assert stored(new_phone, "dozito.save") == backup["game"]


def test_a_file_that_is_no_backup_changes_nothing(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "dozito/1", "players": ["A", "B"]}')
    open_page(page, site_url)
    restore(page, path)
    expect(page.locator("[data-testid=stats-message]")).to_contain_text("Nothing was changed")
    assert page.evaluate("localStorage.getItem('dozito.stats')") is None


def test_the_first_finished_game_asks_the_browser_to_keep_the_data(
    page: Page, site_url: str
) -> None:
    page.add_init_script(PERSIST)
    open_page(page, site_url, GAME)
    open_stats(page)
    expect(page.locator("[data-testid=stats-persisted]")).to_contain_text("may clear")
    page.click("[data-testid=stats-close]")
    assert page.evaluate("window.persistAsked") == 0
    finish(page)
    page.wait_for_function("() => window.persistAsked === 1")
    open_stats(page)
    expect(page.locator("[data-testid=stats-persisted]")).to_contain_text("This browser keeps")
    assert stored(page, "dozito.prefs")["persistAsked"] is True
