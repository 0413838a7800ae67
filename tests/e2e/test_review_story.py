"""The review in plain words (issue 25): at its top the game's turning points
are the engine's (`review_account`), each a sentence with the cards' names
that jumps to its step; each player's luck and decisions in plain words (no
jargon, no "-0.0"); a chart with axes and a legend; on a phone the table at a
step and its verdict show together without a scroll; and the language switch
keeps the review open at its step."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_i18n import check_words
from test_play import BOOT_MS, STATUS, open_page, play
from test_review_page import STEP, at_step, saved_record

from dozito import bridge

FINISHED = "?players=human,casual&names=Ann&rounds=1&seed=11&speed=instant"
POINTS = "[data-testid=turning-points] li"


def in_points(value: float) -> str:
    """A figure as the page words it in English: "1 point", "2.5 points"."""
    return f"{value:g} point" + ("" if value == 1 else "s")


# Every decision of both players and the round's luck, in Pyodide on a busy machine.
JUDGED_MS = 240_000
CARD = re.compile(r"\b(red|blue|green|yellow|purple) (\d+|joker)\b")
# Everything must lie in the main area's window: the note, the step's board, the controls.
IN_VIEW = """() => {
    const area = document.querySelector("#main").getBoundingClientRect();
    const box = (s) => document.querySelector(s).getBoundingClientRect();
    const parts = {note: box("[data-testid=review-note]"), board: box("[data-testid=board]"),
                   next: box("[data-testid=step-next]")};
    const out = Object.entries(parts)
        .filter(([, r]) => r.top < area.top - 1 || r.bottom > area.bottom + 1 || !r.height)
        .map(([name, r]) => `${name} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
    const cards = [...document.querySelectorAll(
        "[data-testid=board] .grid--large .card, .review__final .card")];
    const widths = cards.map((c) => c.getBoundingClientRect().width);
    return {out, area: [area.top, area.bottom], narrowest: Math.min(...widths)};
}"""


def call(request: dict[str, Any]) -> dict[str, Any]:
    answer = json.loads(bridge.handle(json.dumps(request)))
    assert answer["ok"], answer
    result: dict[str, Any] = answer["result"]
    return result


def engine_story(record: dict[str, Any]) -> tuple[list[tuple[str, int]], list[dict[str, Any]]]:
    """What the engine itself finds in the record (in this process): the
    turning points as (kind, the step the page jumps to) and the account."""
    call({"op": "load", "text": json.dumps(record)})
    steps = sorted(
        step
        for seat in range(len(record["players"]))
        for step in call({"op": "review_start", "seat": seat})["decisions"]
    )
    for step in steps:
        call({"op": "review_judge", "step": step})
    found = call({"op": "review_account"})
    points = found["turning_points"]
    return [("decision", p["step"]) for p in points["decisions"]] + [
        ("luck", s["step"] + 1) for s in points["luck"]
    ], found["account"]


def open_review(page: Page) -> None:
    if page.locator("#menu-button").is_visible():
        page.click("#menu-button")
    page.click("[data-testid=review]")
    page.click(".review__judge .button--primary")  # the game's turning points, at the player's word
    expect(page.locator(POINTS).first).to_be_visible(timeout=JUDGED_MS)


def finish_and_review(page: Page, site_url: str) -> dict[str, Any]:
    open_page(page, site_url, FINISHED)
    play(page, "game-over")
    record = saved_record(page)
    open_review(page)
    return record


def test_the_turning_points_and_the_account_are_the_engines_in_plain_words(
    page: Page, site_url: str
) -> None:
    record = finish_and_review(page, site_url)
    steps = len(record["actions"])
    items = page.eval_on_selector_all(
        POINTS, "ls => ls.map(l => [l.dataset.kind, Number(l.dataset.step), l.innerText])"
    )
    points, account = engine_story(record)
    assert [(kind, step) for kind, step, _ in items] == points
    assert {kind for kind, _, _ in items} == {"decision", "luck"}
    for kind, _, text in items:
        assert re.search(r"about (1 point|\d+(\.\d)? points)\b", text), text
        if kind == "luck":  # the card that came to light, by its name
            assert CARD.search(text), text
    # Each sentence jumps to its step, where the note words that decision.
    for k, (kind, step, _) in enumerate(items):
        page.locator(f"{POINTS} button").nth(k).click()
        at_step(page, step, steps)
        if kind == "decision":
            expect(page.locator("[data-testid=review-note]")).to_contain_text("expert")

    # Per player, in plain words, with the engine's figures rounded to a tenth.
    lines = page.locator("[data-testid=review-account] li").all_inner_texts()
    names = ["Ann", "Casey"]
    assert len(lines) == len(names)
    for row, line, name in zip(account, lines, names, strict=True):
        side = "above" if row["gap"] > 0 else "below"
        assert f"{name} finished {in_points(abs(row['gap']))} {side} the table's average" in line
        luck = "gave" if row["luck"] > 0 else "cost"
        assert f"Luck {luck} {name} about {in_points(abs(row['luck']))}" in line
        assert f"Over {row['judged']} decisions, {name} gave up about {row['decisions']:g}" in line
    words = page.locator("[data-testid=review-panel]").inner_text()
    jargons = ("xpected points", "per decision", "-0.0", "−0.0", " 0.0 points", "search's noise")
    for jargon in jargons:
        assert jargon not in words

    # The chart: both scales, the rounds on the steps' axis, and a legend line per player.
    labels = page.eval_on_selector_all(".review__svg text", "ts => ts.map(t => t.textContent)")
    assert {"Points", "Chance to win", "Start", "Round 1", "0", "0 %", "100 %"} <= set(labels)
    legend = page.locator(".review-chart__legend li").all_inner_texts()
    assert legend[:2] == ["Ann's total", "Casey's total"]
    assert "Ann's chance to win after each decision" in legend

    # Cached: reopened, the story is there at once.
    page.click("[data-testid=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()
    page.click("[data-testid=review]")
    expect(page.locator(POINTS).first).to_be_visible(timeout=2_000)


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=["390x844", "360x640"])
def test_on_a_phone_the_table_and_its_verdict_show_together(
    new_page: Callable[..., Page], site_url: str, size: tuple[int, int]
) -> None:
    width, height = size
    page = new_page(viewport={"width": width, "height": height}, has_touch=True)
    record = finish_and_review(page, site_url)
    steps = len(record["actions"])
    # The review opens at its top: the turning points, not the board.
    assert page.locator(POINTS).first.bounding_box()["y"] < height  # type: ignore[index]
    first = page.locator(POINTS).first
    step = int(first.get_attribute("data-step") or 0)
    first.locator("button").click()
    at_step(page, step, steps)
    seen = page.evaluate(IN_VIEW)
    assert not seen["out"], seen
    assert seen["narrowest"] >= 24, seen  # the cards stay readable
    note = page.locator("[data-testid=review-note]").inner_text()
    assert note.strip()
    # Stepping on keeps both in view, the note changing with the step.
    for _ in range(3):
        page.click("[data-testid=step-next]")
        step += 1
        at_step(page, step, steps)
        seen = page.evaluate(IN_VIEW)
        assert not seen["out"], (step, seen)
    page.keyboard.press("End")
    at_step(page, steps, steps)
    assert not page.evaluate(IN_VIEW)["out"]


def test_the_language_switch_keeps_the_review_open_at_its_step(page: Page, site_url: str) -> None:
    record = finish_and_review(page, site_url)
    steps = len(record["actions"])
    luck = page.locator(f"{POINTS}[data-kind=luck]").first
    step = int(luck.get_attribute("data-step") or 0)
    luck.locator("button").click()
    at_step(page, step, steps)
    page.click("#settings-button")
    page.select_option("#language", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr", timeout=BOOT_MS)
    at_step(page, step, steps)  # reopened where it was, judged already (the cache)
    expect(page.locator("#review-title")).to_have_text("Revoir la partie")
    expect(page.locator(POINTS).first).to_be_visible(timeout=5_000)
    expect(page.locator(f"{POINTS}[data-kind=luck]").first).to_contain_text(
        re.compile(r"^(Chance|Malchance)\s?: ")
    )
    check_words(page, "fr", "review")
    # A second reload does not reopen it: the note was for one reload.
    page.click("[data-testid=review-close]")
    expect(page.locator("[data-testid=game-over]")).to_be_visible()
    page.reload()
    expect(page.locator(STATUS)).to_have_attribute("data-phase", "game-over", timeout=BOOT_MS)
    expect(page.locator(STEP)).to_have_count(0)
