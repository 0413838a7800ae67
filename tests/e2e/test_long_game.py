"""Long games in the page: records of the longest legal length load, end and
replace each other, without a dead engine or a heap that grows per game.

Freeing a game of more than ~3,000 actions used to overflow the worker's
stack (its history was a chain of nested tuples): importing a long record
and then any other file killed Pyodide.
"""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import Page, expect
from test_soak import WorkerProbe

BOOT_MS = 60_000
STATUS = "[data-testid=status]"
IMPORTS = 5


def longest_record(seed: int) -> dict[str, object]:
    """10 rounds of 5 seats, every turn a draw thrown away: each round runs to
    the 500-turn safeguard, so the game ends after exactly 10,000 actions."""
    return {
        "format": "dozito/1",
        "players": ["Ann", "Bob", "Cy", "Di", "Ed"],
        "rounds": 10,
        "seed": seed,
        "actions": ["draw", "discard:0"] * 5000,
    }


def wasm_bytes(worker: WorkerProbe) -> int:
    reply = worker.send(
        "Runtime.evaluate", {"expression": "self.dozitoHeapBytes()", "returnByValue": True}
    )
    return int(reply["result"]["value"])


def test_long_games_replace_each_other_and_the_page_plays_on(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    worker = WorkerProbe(page, page.context.new_cdp_session(page))
    page.goto(site_url + "?players=human,human&seed=1&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)

    heap: list[int] = []
    for n in range(IMPORTS):
        path = tmp_path / f"long-{n}.json"
        path.write_text(json.dumps(longest_record(seed=100 + n)))
        page.set_input_files("[data-testid=import-file]", str(path))
        # The last action scored round 10: its scoring view comes first.
        expect(status).to_have_attribute("data-phase", "round-end", timeout=30_000)
        page.click("[data-action=continue]")
        expect(status).to_have_attribute("data-phase", "game-over")
        expect(page.locator("#notice")).to_be_hidden()
        heap.append(wasm_bytes(worker))  # the game before this one is freed by now

    page.get_by_role("button", name="Play again").click()
    expect(status).to_have_attribute("data-phase", "turn")
    page.click("[data-action=draw]")
    expect(page.locator(".hand")).to_contain_text("In hand:")
    # Pyodide's heap only grows, in 64 KiB pages: once warm it should not
    # need more for each new long game.
    growth = heap[-1] - heap[1]
    assert growth <= 2 * 1024 * 1024, f"the WebAssembly heap grew by {growth} bytes: {heap}"


def test_a_deeply_nested_file_is_refused_and_the_engine_lives(
    page: Page, site_url: str, tmp_path: Path
) -> None:
    page.goto(site_url + "?players=human,human&seed=1&speed=instant")
    status = page.locator(STATUS)
    expect(status).to_have_attribute("data-phase", "turn", timeout=BOOT_MS)
    path = tmp_path / "deep.json"
    record = longest_record(seed=1)
    path.write_text(json.dumps(record)[:-1] + ', "x": ' + "[" * 5000 + "]" * 5000 + "}")
    page.set_input_files("[data-testid=import-file]", str(path))
    expect(page.locator("#notice")).to_contain_text("nested more than")
    page.click("[data-action=draw]")  # the game before the import plays on
    expect(page.locator(".hand")).to_contain_text("In hand:")
