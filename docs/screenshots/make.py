"""Screenshots of the table at every screen size the layout is built for,
into docs/screenshots/ (run by `python3 build.py screenshots`).

Each table shot is a game started from the address with a fixed seed, taken
just after the human player drew a joker: the moment the whole table must
show. Then, at a phone's and a laptop's size, how turns are told: the recap
of every turn since the player's own (opened), a bot's turn, and the round's
last turn announced to the player who has it (a saved game the rookie played
to that point); today's deal's result and its share line, copied
(`make.py --daily`: those alone); and the review of a finished game: its
turning points on top, then the table at the first one with its verdict
(`make.py --review`: those alone). Last, the setup screen in each browser engine
(setup-ENGINE.png, its menus and fields drawn by the page, not the engine),
through the smoke suite's drivers (tests/e2e/engines/drivers.py); an engine
this machine lacks is left out with its install line."""

from __future__ import annotations

import json
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect, sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(HERE.parents[1] / "tests" / "e2e" / "engines"))
sys.path.append(str(HERE.parents[1] / "tests"))  # test_play's scenario.py; after e2e's conftest
from drivers import ENGINES, PlaywrightTab, Tab, missing, open_child  # noqa: E402
from layout_sizes import SIZES, TOUCH, game_query  # noqa: E402
from test_engines import wait_for  # noqa: E402
from test_play import play  # noqa: E402

from conftest import site_build  # noqa: E402 - py/site_build, the build

BOOT_MS = 90_000
TURN_SIZES = [(390, 844), (1280, 720)]


def last_turn_save() -> str:
    """A save of a game where Robin's grid is complete and Ann has her last turn."""
    from dozito.bridge import handle

    def engine(**request: Any) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(handle(json.dumps(request)))["result"]
        return result

    view = engine(
        op="new",
        players=["Ann", "Robin"],
        seats=["human", "rookie"],
        seed=1,
        first_player=0,
        rounds=1,
    )["view"]
    while not (view["ender"] == 1 and view["current"] == 0):
        view = engine(op="bot", level="rookie")["view"]
    record = engine(op="record")["record_text"]
    allow = {"hints": False, "undo": True}
    return json.dumps({"version": 2, "record": record, "scoringSeen": True, "allow": allow})


def finished_save() -> str:
    """A save of a finished 1-round game, Ann (played by the casual bot) against Casey."""
    from dozito.bridge import handle

    def engine(**request: Any) -> dict[str, Any]:
        result: dict[str, Any] = json.loads(handle(json.dumps(request)))["result"]
        return result

    players, seats = ["Ann", "Casey"], ["human", "casual"]
    view = engine(op="new", players=players, seats=seats, seed=11, first_player=0, rounds=1)["view"]
    while view["phase"] != "game_over":
        view = engine(op="bot", level="casual")["view"]
    record = engine(op="record")["record_text"]
    allow = {"hints": True, "undo": True}
    return json.dumps({"version": 2, "record": record, "scoringSeen": True, "allow": allow})


def shoot_review(browser: Browser, url: str) -> None:
    """The review's turning points, then the table at the first one, phone and laptop."""
    save = finished_save()
    for width, height in TURN_SIZES:
        touch = width < 900
        context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        context.add_init_script(f"localStorage.setItem('dozito.save', {json.dumps(save)})")
        page = context.new_page()
        page.goto(url + "?speed=instant")
        expect(page.locator("[data-testid=game-over]")).to_be_visible(timeout=BOOT_MS)
        page.click(".game-over .panel__actions .button >> nth=2")  # its Review
        page.click(".review__judge .button--primary")
        points = page.locator("[data-testid=turning-points] li")
        expect(points.first).to_be_visible(timeout=300_000)
        shoot(page, f"review-points-{width}x{height}")
        points.first.locator("button").click()
        page.wait_for_timeout(400)
        shoot(page, f"review-step-{width}x{height}")
        context.close()


def shoot(page: Page, name: str) -> None:
    shot = HERE / f"{name}.jpg"
    page.screenshot(path=str(shot), type="jpeg", quality=82, animations="disabled", caret="hide")
    print(f"wrote {shot.relative_to(HERE.parents[1])}")


def shoot_turns(browser: Browser, url: str) -> None:
    """The recap, a bot's turn and the last-turn announcement at a phone's and a laptop's size."""
    save = last_turn_save()
    for width, height in TURN_SIZES:
        size = f"{width}x{height}"
        touch = width < 900
        options: dict[str, Any] = {
            "viewport": {"width": width, "height": height},
            "has_touch": touch,
            "is_mobile": touch,
        }
        context = browser.new_context(**options)
        page = context.new_page()
        page.goto(
            url + "?players=human,rookie,casual,sharp&rounds=1&seed=5&names=Ann&speed=instant"
        )
        page.click("[data-action=draw]", timeout=BOOT_MS)
        page.click("[data-action^='discard:']")
        page.click("[data-testid=recap-toggle]")
        expect(page.locator("[data-testid=recap-since]")).to_be_visible()
        shoot(page, f"recap-{size}")
        page.goto(url + "?players=human,rookie,casual&rounds=1&seed=5&names=Ann&speed=slow")
        page.click("[data-action=draw]", timeout=BOOT_MS)
        page.click("[data-action^='discard:']")
        expect(page.locator(".stage.is-bot")).to_be_visible(timeout=10_000)
        page.wait_for_timeout(900)
        shoot(page, f"bot-turn-{size}")
        context.close()
        context = browser.new_context(**options)
        context.add_init_script(f"localStorage.setItem('dozito.save', {json.dumps(save)})")
        page = context.new_page()
        page.goto(url)
        expect(page.locator("[data-testid=last-turn]")).to_be_visible(timeout=BOOT_MS)
        shoot(page, f"last-turn-{size}")
        context.close()


DAILY_DAY = "2026-12-03"
"""The date today's deal is shot on (deal number 2), through the page contract's dozitoToday."""


def shoot_daily(browser: Browser, url: str) -> None:
    """Today's deal played to its end by Ann: the result, then the share line once copied."""
    prefs = {"setup": {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "casual", "name": ""}]}}
    for width, height in TURN_SIZES:
        size = f"{width}x{height}"
        touch = width < 900
        context = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        context.add_init_script(
            f"globalThis.dozitoToday = {json.dumps(DAILY_DAY)};"
            f"localStorage.setItem('dozito.prefs', {json.dumps(json.dumps(prefs))});"
        )
        page = context.new_page()
        page.goto(url + "?speed=instant")
        page.click("[data-testid=daily-setup]", timeout=BOOT_MS)
        play(page, "round-end")
        page.click("[data-action=continue]")
        expect(page.locator("[data-testid=daily-result][data-you]")).to_be_visible(timeout=BOOT_MS)
        page.wait_for_timeout(400)
        shoot(page, f"daily-result-{size}")
        page.click("[data-testid=share-copy]")
        message = page.locator("[data-testid=share-message]")
        expect(message).not_to_be_empty()
        message.scroll_into_view_if_needed()
        shoot(page, f"daily-share-{size}")
        context.close()


SETUP_SIZE = (600, 860)
"""The whole setup form: seats, rounds, who starts, the player aids."""


def shoot_setup(tab: Tab, url: str) -> None:
    tab.goto(url)
    wait_for(tab, "state.phase === 'setup'", "the setup screen shows")
    tab.evaluate("() => document.activeElement.blur()")  # no focus ring on the first menu
    shot = HERE / f"setup-{tab.engine}.png"
    tab.screenshot(shot)
    print(f"wrote {shot.relative_to(HERE.parents[1])}")


def main() -> int:
    server = site_build.make_server(site_build.DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=site_build.find_chromium(), args=["--no-sandbox"]
        )
        if "--daily" in sys.argv:
            shoot_daily(browser, url)
            browser.close()
            server.shutdown()
            return 0
        if "--review" in sys.argv:
            shoot_review(browser, url)
            browser.close()
            server.shutdown()
            return 0
        for width, height in SIZES:
            seats = 5 if (width, height) in ((1366, 768), (390, 844)) else 3
            touch = (width, height) in TOUCH
            context = browser.new_context(
                viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
            )
            page = context.new_page()
            page.goto(url + game_query(seats))
            page.click("[data-action=draw]", timeout=BOOT_MS)
            expect(page.locator(".hand .card--joker")).to_be_visible()
            page.wait_for_timeout(400)
            shot = HERE / f"table-{width}x{height}.jpg"
            page.screenshot(
                path=str(shot), type="jpeg", quality=82, animations="disabled", caret="hide"
            )
            print(f"wrote {shot.relative_to(HERE.parents[1])}")
            context.close()
        shoot_turns(browser, url)
        shoot_daily(browser, url)
        shoot_review(browser, url)
        width, height = SETUP_SIZE
        context = browser.new_context(viewport={"width": width, "height": height})
        shoot_setup(PlaywrightTab(context.new_page(), []), url)
        context.close()
        browser.close()
    for engine in ENGINES[1:]:
        if reason := missing(engine):
            print(f"no setup-{engine}.png: {reason}")
            continue
        with tempfile.TemporaryDirectory() as profile:
            child = open_child(engine, width, height, Path(profile))
            try:
                shoot_setup(child, url)
            finally:
                child.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
