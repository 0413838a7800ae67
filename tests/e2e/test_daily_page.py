"""Today's deal (issue 25), played like a person would, through the page
contract's hooks only: the day's deal from the setup or the menu, played to
its end; the result view's two scores are the engine's for that date (the
player's from the game's own record, the Expert's from its replay of the
same deal); the first finished try of a date counts and a later one is
practice; the streak counts days; the share line holds the deal's number,
both scores and the final grid as colour squares, no card face, and is
copied, sent, or said to have failed. The date is fixed with the page
contract's `dozitoToday`."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Page, expect
from test_a11y import AXE, axe_violations
from test_play import BOOT_MS, STATUS, play
from test_stats_page import VIEW, open_stats

from dozito import bridge, daily

DAY = "2026-12-03"  # deal number 2
NEXT_DAY = "2026-12-04"
RESULT = "[data-testid=daily-result]"
DONE = f"{RESULT}[data-you]"
SQUARES = set("🟥🟦🟩🟨🟪⬛")


def engine(**request: Any) -> dict[str, Any]:
    answer = json.loads(bridge.handle(json.dumps(request)))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def stored(page: Page, key: str) -> Any:
    return json.loads(page.evaluate(f"localStorage.getItem('{key}')"))


def finish_round(page: Page, *, first: str | None = None, keyboard: bool = False) -> None:
    """Play the one round to the game-over screen (first: a different opening
    move; keyboard: leave the round's scores with Enter)."""
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    if first:
        page.click(f"[data-action='{first}']")
    play(page, "round-end")
    if keyboard:
        page.focus("[data-action=continue]")
        page.keyboard.press("Enter")
    else:
        page.click("[data-action=continue]")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over")
    expect(page.locator(DONE)).to_be_visible(timeout=60_000)


def engine_says(record: str, date: str) -> dict[str, Any]:
    """The engine's share data for a finished record of a date's deal."""
    engine(op="load", text=record)
    share: dict[str, Any] = engine(op="daily_expert", date=date)["share"]
    assert share is not None, "the game is that date's deal, over"
    return share


def latest_record(page: Page) -> str:
    """The record of the game just finished, as the statistics keep it."""
    record: str = stored(page, "dozito.stats")["recent"][0]["record"]
    return record


def check_result(page: Page, date: str) -> dict[str, Any]:
    """The result view's numbers are the engine's for the game played and its date."""
    record = latest_record(page)
    assert json.loads(record)["seed"] == daily.daily_seed(date)
    share = engine_says(record, date)
    result = page.locator(RESULT)
    assert int(result.get_attribute("data-you") or "") == share["you"]
    assert int(result.get_attribute("data-expert") or "") == share["expert"]
    assert share["expert"] == daily.expert_game(date).totals[0]  # the Expert on the same deal
    words = f"You {share['you']} · Expert {share['expert']} on the same deal"
    expect(result).to_contain_text(words)
    # The normal game-over says the same of the player: its ranking's total.
    ranking = page.locator("[data-testid=ranking] li[data-seat='0']")
    expect(ranking).to_contain_text(f"{share['you']} pts")
    return share


def share_lines(page: Page) -> list[str]:
    text = page.locator("[data-testid=share-text]").text_content() or ""
    return text.split("\n")


def test_the_daily_deal_counts_once_then_practice_and_keeps_a_streak(
    page: Page, site_url: str
) -> None:
    page.add_init_script(path=str(AXE))
    page.add_init_script(f"globalThis.dozitoToday = {json.dumps(DAY)};")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=site_url)
    page.goto(site_url + "?speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    page.click("[data-testid=daily-setup]")  # works while the engine boots: it waits for it
    # No setup used yet: the player is named as the setup names a first
    # player, the bots as it names them.
    expect(page.locator("[data-testid=scores]")).to_contain_text("Player 1")
    expect(page.locator("[data-testid=scores]")).to_contain_text("Casey")
    finish_round(page)
    first = check_result(page, DAY)
    first_record = latest_record(page)
    result = page.locator(RESULT)
    expect(result).to_have_attribute("data-counted", "true")
    expect(result.locator("[data-testid=daily-streak]")).to_have_attribute("data-current", "1")
    assert page.locator("[data-testid=daily-practice]").count() == 0
    axe_violations(page, "daily result")

    # The share line: number, both scores, the grid as the engine's squares, no card face.
    lines = share_lines(page)
    assert lines[0] == f"Dozito daily #2 · You {first['you']} · Expert {first['expert']}"
    assert lines[1:] == first["grid"] and len(lines) == 4
    assert all(set(row) <= SQUARES and len(row) == 4 for row in lines[1:])
    page.click("[data-testid=share-copy]")
    expect(page.locator("[data-testid=share-message]")).to_contain_text("Copied")
    assert page.evaluate("navigator.clipboard.readText()") == "\n".join(lines)
    # A refused copy says so in words, and the text stays there to select by hand.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(Error('no')); }")
    page.click("[data-testid=share-copy]")
    expect(page.locator("[data-testid=share-message]")).to_contain_text("Could not copy")
    share_text = page.locator("[data-testid=share-text]")
    assert share_text.evaluate("e => getComputedStyle(e).userSelect") != "none"

    # A second try of the same date, played differently: practice, the stored result unchanged.
    page.click("#daily-button")
    finish_round(page, first="take:0")
    second = check_result(page, DAY)
    assert latest_record(page) != first_record
    expect(result).to_have_attribute("data-counted", "false")
    practice = page.locator("[data-testid=daily-practice]")
    expect(practice).to_contain_text("Practice: only the first try of the day counts")
    expect(practice).to_contain_text(f"You {first['you']} · Expert {first['expert']}")
    assert share_lines(page) == lines  # the share line is the day's counted result
    results = stored(page, "dozito.daily")["results"]
    assert [(r["date"], r["you"], r["counted"]) for r in results] == [
        (DAY, first["you"], True),
        (DAY, second["you"], False),
    ]

    # A reload at game over counts nothing again.
    page.reload()
    expect(page.locator(DONE)).to_be_visible(timeout=BOOT_MS)
    expect(result).to_have_attribute("data-counted", "false")
    assert len(stored(page, "dozito.daily")["results"]) == 2

    # The next day: deal number 3, counted, and a streak of two days.
    page.evaluate(f"globalThis.dozitoToday = {json.dumps(NEXT_DAY)}")
    page.click("#daily-button")
    finish_round(page)
    third = check_result(page, NEXT_DAY)
    expect(result).to_have_attribute("data-counted", "true")
    heading = f"Dozito daily #3 · You {third['you']} · Expert {third['expert']}"
    assert share_lines(page)[0] == heading
    streak = result.locator("[data-testid=daily-streak]")
    expect(streak).to_have_attribute("data-current", "2")
    expect(streak).to_have_attribute("data-best", "2")

    open_stats(page)
    daily_stats = page.locator("[data-testid=stats-daily]")
    expect(daily_stats).to_have_attribute("data-streak", "2")
    expect(daily_stats).to_have_attribute("data-days", "2")
    tries = daily_stats.locator("[data-testid=stats-daily-result]")
    expect(tries).to_have_count(3)
    expect(tries.first).to_contain_text(f"You {third['you']} · Expert {third['expert']}")
    expect(daily_stats.locator("[data-counted=false]")).to_contain_text("practice")
    expect(page.locator(VIEW)).to_have_attribute("data-games", "3")  # each try is a game played


def test_the_share_sheet_sends_the_line_or_says_it_could_not(page: Page, site_url: str) -> None:
    page.add_init_script(
        f"""globalThis.dozitoToday = {json.dumps(DAY)};
        window.sent = [];
        navigator.share = async (data) => {{
          if (window.refuse) throw new DOMException("no", "NotAllowedError");
          window.sent.push(data);
        }};"""
    )
    page.goto(site_url + "?speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "setup", timeout=BOOT_MS)
    page.click("#daily-button")
    finish_round(page, keyboard=True)
    # The result arrives after the game-over screen: a keyboard user stays on its main button.
    expect(page.locator(":focus")).to_have_text("Play it again (practice)")
    text = page.locator("[data-testid=share-text]").text_content()
    page.click("[data-testid=share-send]")
    expect(page.locator("[data-testid=share-message]")).to_have_text("Shared.")
    assert page.evaluate("window.sent") == [{"text": text}]
    page.evaluate("window.refuse = true")
    page.click("[data-testid=share-send]")
    expect(page.locator("[data-testid=share-message]")).to_contain_text("Could not share")


def test_the_daily_deal_keeps_the_game_in_progress_and_offers_it_back(
    page: Page, site_url: str
) -> None:
    setup = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "casual", "name": ""}]}
    page.add_init_script(
        f"globalThis.dozitoToday = {json.dumps(DAY)};"
        f"localStorage.setItem('dozito.prefs', {json.dumps(json.dumps({'setup': setup}))});"
    )
    page.goto(site_url + "?players=human,rookie&rounds=3&seed=1&names=Bob&speed=instant")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    page.click("[data-action=draw]")
    page.wait_for_function("() => JSON.parse(localStorage.getItem('dozito.save')).actions.length")
    before = stored(page, "dozito.save")

    page.click("#daily-button")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("The game you were playing is kept")
    # The setup's player's name is the daily deal's: Ann.
    expect(page.locator(STATUS)).to_contain_text("Your turn, Ann")
    assert stored(page, "dozito.save.kept") == before
    # The button again, while the deal is under way: the same game, not a new try.
    save = stored(page, "dozito.save")
    page.click("[data-action=draw]")
    page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('dozito.save')).actions.length > n",
        arg=len(save["actions"]),
    )
    page.click("#daily-button")
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "turn")
    assert stored(page, "dozito.save")["actions"] == [*save["actions"], "draw"]
    notice.get_by_role("button", name="Back to that game").click()
    page.wait_for_function(
        "record => JSON.parse(localStorage.getItem('dozito.save')).record === record",
        arg=before["record"],
    )
    # That deal left unfinished, dealt again: practice, for its first try of
    # the day was begun; nothing counts today, so there is nothing to share.
    page.click("#daily-button")
    expect(page.locator(STATUS)).to_contain_text("Your turn, Ann")
    finish_round(page)
    result = page.locator(RESULT)
    expect(result).to_have_attribute("data-counted", "false")
    expect(page.locator("[data-testid=daily-practice]")).to_contain_text(
        "your first try of the day was left unfinished"
    )
    expect(page.locator("[data-testid=share-text]")).to_have_count(0)
    assert [r["counted"] for r in stored(page, "dozito.daily")["results"]] == [False]
