"""The page in every browser engine players have: Chromium, Firefox ESR and
WebKitGTK (Safari's engine). Each test runs once per engine, named in its id
(`test_smoke[webkit]`): the setup screen, a game from the address to its
first turn, a reload that resumes the same table, the game played to its
end, no page error; then, apart, a second visit with the network off.

drivers.py says how each engine is driven, and what happens where one is
missing.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from drivers import ENGINES, ChildTab, PlaywrightTab, Tab, open_child
from playwright.sync_api import Page
from test_offline import OFFLINE_READY
from test_offline_faults import Site

from conftest import PageLog, site_build

GAME = "?players=human,random&rounds=1&seed=1&speed=instant"
SHORT_BOT_GAME = "?players=rookie,rookie&rounds=1&seed=178&speed=instant"
"""A whole game in 29 actions (the median seed takes 74): the engines are slow
to play at a loaded CI machine's pace, and one short game shows as much."""
WAIT_MS = 90_000

STATE = """() => {
    const status = document.querySelector("[data-testid=status]");
    const board = document.querySelector("[data-testid=board]");
    const notice = document.querySelector("#notice");
    return {
        phase: status.dataset.phase,
        engine: status.dataset.engine ?? null,
        current: status.dataset.current ?? null,
        cards: [...board.querySelectorAll("[data-code]")].map((card) => card.dataset.code),
        actions: [...document.querySelectorAll("[data-action]")].map((e) => e.dataset.action),
        log: document.querySelector("#log").textContent,
        bootFailed: !document.querySelector("#boot-failed").hidden,
        notice: notice.hidden ? null : notice.textContent,
    };
}"""

# Plays the first visible, enabled target whenever there is one (a human's
# turn, a "continue" button) until the game is over, bots at instant speed.
PLAY_TO_THE_END = """async () => {
    const status = document.querySelector("[data-testid=status]");
    const deadline = Date.now() + WAIT_MS;
    let clicks = 0;
    while (status.dataset.phase !== "game-over" && Date.now() < deadline) {
        const target = [...document.querySelectorAll("[data-action]")].find(
            (e) => !e.disabled && e.checkVisibility(),
        );
        if (target) (target.click(), clicks++);
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const over = document.querySelector("[data-testid=game-over]");
    return {
        phase: status.dataset.phase,
        clicks,
        reason: over?.dataset.reason ?? null,
        ranked: document.querySelectorAll("[data-testid=ranking] li").length,
    };
}""".replace("WAIT_MS", str(WAIT_MS))


def wait_for(tab: Tab, condition: str, what: str) -> dict[str, Any]:
    """Wait (in the page) until condition, a JavaScript expression over `state`
    (STATE's value), holds; return that state."""
    fn = f"""async () => {{
        const read = {STATE};
        const deadline = Date.now() + {WAIT_MS};
        let state = read();
        while (!({condition}) && Date.now() < deadline) {{
            await new Promise((resolve) => setTimeout(resolve, 50));
            state = read();
        }}
        return {{ state, held: Boolean({condition}) }};
    }}"""
    found = tab.evaluate(fn)
    assert found["held"], f"{tab.engine}: {what}; the page shows {found['state']}"
    state: dict[str, Any] = found["state"]
    return state


SETUP_READY = "state.phase === 'setup' && state.engine === 'ready'"
HUMAN_TO_PLAY = "state.phase === 'turn' && state.current === '0' && state.actions.length > 0"
BOOTS_OFFLINE = f"({HUMAN_TO_PLAY}) || state.bootFailed || state.notice"
PRIMED = "performance.getEntriesByName('dozito:engine-code-primed').length > 0"


@pytest.fixture(params=ENGINES)
def open_tab(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[int, int], Tab]]:
    """Opens a fresh tab of each engine at a viewport (one per test); the test
    fails on any page error."""
    engine: str = request.param
    children: list[ChildTab] = []

    def open_one(width: int, height: int) -> Tab:
        if engine == "chromium":  # new_page checks the errors (and that nothing left the site)
            new_page: Callable[..., Page] = request.getfixturevalue("new_page")
            page_log: PageLog = request.getfixturevalue("page_log")
            page = new_page(viewport={"width": width, "height": height})
            return PlaywrightTab(page, page_log.errors)
        children.append(open_child(engine, width, height, tmp_path / "profile"))
        return children[-1]

    yield open_one
    for child in children:
        try:
            errors = child.errors()
            assert not errors, f"{engine}: the page logged errors: {errors}"
        finally:
            child.close()


@pytest.fixture
def tab(open_tab: Callable[[int, int], Tab]) -> Tab:
    return open_tab(1280, 720)


def test_smoke(tab: Tab, site_url: str) -> None:
    tab.goto(site_url)
    # The setup shows while the engine boots (a first visit): wait for both.
    setup = wait_for(tab, SETUP_READY, "the setup screen shows, its engine up")
    assert not setup["bootFailed"]
    seats = tab.evaluate("() => document.querySelectorAll('.setup__seat select').length")
    assert seats >= 2, f"{tab.engine}: the setup lists {seats} seats"

    tab.goto(site_url + GAME)
    wait_for(tab, HUMAN_TO_PLAY, "the game from the address reaches the human's first turn")
    address = tab.evaluate("() => location.search")
    assert "players" not in address, f"{tab.engine}: the game keys stay in {address}"
    tab.evaluate("() => document.querySelector('[data-action=draw]').click()")
    before = wait_for(tab, HUMAN_TO_PLAY + " && !state.actions.includes('draw')", "a card drawn")

    tab.reload()
    after = wait_for(tab, HUMAN_TO_PLAY, "the reloaded page resumes the game")
    assert {k: after[k] for k in ("cards", "actions", "log")} == {
        k: before[k] for k in ("cards", "actions", "log")
    }, f"{tab.engine}: the reload changed the table"

    tab.goto(site_url + SHORT_BOT_GAME)
    end = tab.evaluate(PLAY_TO_THE_END)
    assert end["phase"] == "game-over", f"{tab.engine}: the game did not end: {end}"
    assert end["reason"] in ("most_points", "best_round", "shared", "instant_win"), end
    assert end["ranked"] == 2, end


def test_offline_after_a_first_visit(tab: Tab, tmp_path: Path, page_log: PageLog) -> None:
    """After a first visit, the game boots from the cache while the network
    answers wrongly (a captive portal's page for every address), then resumes
    with the network gone (the server stopped, the browser set offline),
    whatever the browser believes: Firefox keeps navigator.onLine true in the
    service worker, WebKit's network is cut by a refusing proxy (onLine true
    in the page too), so a service worker that trusts the flag fails here."""
    site = Site(tmp_path)
    page_log.origin = site.url.removesuffix("/dozito/")  # Chromium's watch on where requests go
    try:
        tab.goto(site.url)
        wait_for(tab, SETUP_READY, "the setup screen shows, its engine up")
        caches = tab.evaluate(OFFLINE_READY)
        info = json.loads((site_build.DIST / "build-info.json").read_text())
        assert caches["names"] == [f"dozito-{info['hash']}"], f"{tab.engine}: {caches}"
        assert caches["sizes"] == [len(site_build.precached(info["files"])) + 1], tab.engine
        # The first visit ends with a throwaway boot of the cached engine
        # (engine/prime.js): leaving before it ends cuts its downloads short.
        wait_for(tab, PRIMED, "the first visit's throwaway boot ends")

        site.portal = True
        tab.goto(site.url + GAME)
        state = wait_for(tab, BOOTS_OFFLINE, "boots behind a captive portal")
        assert not state["bootFailed"] and state["notice"] is None, f"{tab.engine}: {state}"

        site.stop()
        tab.set_offline(True)
        tab.goto(site.url)
        state = wait_for(tab, BOOTS_OFFLINE, "resumes with the network gone")
        assert not state["bootFailed"] and state["notice"] is None, f"{tab.engine}: {state}"
    finally:
        site.stop()


def test_a_phone_layout_keeps_its_width(open_tab: Callable[[int, int], Tab], site_url: str) -> None:
    """A classic scrollbar (Firefox's, on a desktop) took 12 of a 390 px phone
    layout's width; the main area scrolls with none beside it there."""
    tab = open_tab(390, 844)
    tab.goto(site_url + GAME)
    wait_for(tab, HUMAN_TO_PLAY, "the game reaches the human's first turn")
    main = tab.evaluate(
        """() => {
        const main = document.querySelector("#main");
        const scrolls = main.scrollHeight > main.clientHeight;
        return { width: innerWidth, client: main.clientWidth, scrolls };
    }"""
    )
    assert main == {"width": 390, "client": 390, "scrolls": True}, f"{tab.engine}: {main}"
