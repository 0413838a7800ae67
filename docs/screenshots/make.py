"""Screenshots of the table at every screen size the layout is built for,
into docs/screenshots/ (run by `python3 build.py screenshots`).

Each shot is a game started from the address with a fixed seed, taken just
after the human player drew a joker: the moment the whole table must show.
Then the setup screen in each browser engine (setup-ENGINE.png, its menus
and fields drawn by the page, not the engine), through the smoke suite's
drivers (tests/e2e/engines/drivers.py); an engine this machine lacks is
left out with its install line."""

from __future__ import annotations

import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "e2e"))
sys.path.insert(0, str(HERE.parents[1] / "tests" / "e2e" / "engines"))
from drivers import ENGINES, PlaywrightTab, Tab, missing, open_child  # noqa: E402
from layout_sizes import SIZES, TOUCH, game_query  # noqa: E402
from test_engines import wait_for  # noqa: E402

from conftest import site_build  # noqa: E402 - build.py, loaded as a module

BOOT_MS = 90_000
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
