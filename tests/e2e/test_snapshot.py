"""The engine boots from the build's memory snapshot, and the normal way when
that snapshot cannot be restored or a first visit's link is slow (it then
never fetches it); every way plays the same games as CPython.

A corrupt snapshot (one its decoder refuses, or one Pyodide refuses to
restore) must never cost the player the game: the worker boots without it.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from test_boot import open_bare_page

from conftest import PageLog, site_build
from dozito import bridge

SNAPSHOT = site_build.DIST / "pyodide" / site_build.SNAPSHOT
FALLBACK_WARNING = "the memory snapshot did not restore"
GAME = {"op": "new", "players": ["A", "B", "C"], "rounds": 1, "seed": 11}
SEATS = ("rookie", "casual", "sharp")

# An all-bot game through the worker, to its end: its record.
PLAY_JS = """async ({ game, seats }) => {
    const { startEngine } = await import("./js/engine/client.js");
    const engine = await startEngine();
    let reply = await engine.request(game);
    while (reply.view.phase !== "game_over") {
        reply = await engine.request({ op: "bot", level: seats[reply.view.current] });
    }
    const { record_text } = await engine.request({ op: "record" });
    engine.terminate();
    return { boot: engine.boot, record: record_text };
}"""


def cpython_record() -> str:
    reply = json.loads(bridge.handle(json.dumps(GAME)))
    while reply["result"]["view"]["phase"] != "game_over":
        level = SEATS[reply["result"]["view"]["current"]]
        reply = json.loads(bridge.handle(json.dumps({"op": "bot", "level": level})))
    record: str = json.loads(bridge.handle('{"op": "record"}'))["result"]["record_text"]
    return record


def undecodable(snapshot: bytes) -> bytes:
    return snapshot[: len(snapshot) // 2]  # truncated: its gzip stream breaks off


def unframed(snapshot: bytes) -> bytes:
    # A whole gzip stream, but not of a snapshot: the worker's decoder refuses it.
    return gzip.compress(gzip.decompress(snapshot)[8:])


def unrestorable(snapshot: bytes) -> bytes:
    # Framed as the build frames it, but Pyodide's own magic number (the first
    # bytes of the decoded snapshot, in the first record) is wrong.
    framed = gzip.decompress(snapshot)
    at = 8 + 8  # "DZS1", the size, then the first record's zeros and length
    return gzip.compress(
        framed[:at] + bytes(b ^ 0xFF for b in framed[at : at + 4]) + framed[at + 4 :]
    )


def serve_corrupt(page: Page, corrupt: Callable[[bytes], bytes]) -> None:
    body = corrupt(SNAPSHOT.read_bytes())
    page.route(f"**/pyodide/{site_build.SNAPSHOT}", lambda route: route.fulfill(body=body))


def warnings(page: Page) -> list[str]:
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "warning" else None)
    return found


def test_snapshot_and_normal_boots_play_the_game_cpython_plays(
    new_page: Any, site_url: str
) -> None:
    expected = cpython_record()
    records = {}
    cases: tuple[tuple[str, str, Callable[[bytes], bytes] | None], ...]
    cases = (("snapshot", "snapshot", None), ("fallback", "normal", unrestorable))
    # A first visit chooses by the link and the CPU as it finds them: on
    # localhost the snapshot, unless a loaded machine slows the sample's
    # reading (so either, "?"); a forced normal boot (a first visit's on a
    # slow link, test_first_visit_bytes) never fetches it.
    cases += (("first visit", "?", None), ("normal", "normal", None))
    for case, how, corrupt in cases:
        page = new_page(first_visit=case in ("first visit", "normal"))
        if case == "normal":
            page.context.add_init_script("globalThis.dozitoBoot = 'normal';")
        asked: list[str] = []
        page.context.on("request", lambda request, asked=asked: asked.append(request.url))
        if corrupt:
            serve_corrupt(page, corrupt)
        open_bare_page(page, site_url)
        out = page.evaluate(PLAY_JS, {"game": GAME, "seats": list(SEATS)})
        assert out["boot"] == how or (how == "?" and out["boot"] in ("snapshot", "normal")), case
        fetched = any(url.endswith(f"/{site_build.SNAPSHOT}") for url in asked)
        # Only a boot that chose the snapshot fetches it (the fallback then finds it unusable).
        assert fetched == (case == "fallback" or out["boot"] == "snapshot"), case
        records[case] = out["record"]
    assert records == dict.fromkeys(("snapshot", "fallback", "first visit", "normal"), expected)


@pytest.mark.parametrize("corrupt", [None, undecodable, unframed])
def test_the_page_is_playable_with_or_without_the_snapshot(
    page: Page, page_log: PageLog, site_url: str, corrupt: Any
) -> None:
    seen = warnings(page)
    if corrupt:
        serve_corrupt(page, corrupt)
    page.goto(site_url + "?players=human,casual&rounds=1&seed=3&speed=instant")
    expect(page.locator("[data-action=draw]")).to_be_visible(timeout=60_000)
    page.click("[data-action=draw]")
    expect(page.locator("[data-action^=place]").first).to_be_visible()
    fell_back = [w for w in seen if FALLBACK_WARNING in w]
    assert bool(fell_back) == bool(corrupt), seen
