"""The bytes of a first visit: held to a budget, and never downloaded twice.

A first visit of a game's address over a phone's link fetches the page, the
engine's runtime and the boot zip before the board is playable, and not the
memory snapshot (the worker, measuring the link on the zip, boots the normal
way): counted as a host that compresses text sends
each file (deterministic, unlike a timing), they stay under the build's
FIRST_VISIT_BUDGET, so a change that grows them fails here. Then the service
worker's install stores the whole site, the snapshot included, without
downloading any file the boot has fetched again (it revalidates them: 304).
"""

from __future__ import annotations

import functools
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Playwright, expect
from test_offline import wait_offline_ready

from conftest import CHROMIUM_ARGS, site_build

GAME = "?players=human,casual&rounds=1&seed=1"


SLOW_LINK = 0.25e6
"""Bytes per second the boot zip is sent at: its share of a 4 Mbit/s link, the wasm
downloading beside it; the worker then boots the normal way (js/engine/boot-choice.js)
unless its CPU seems 12 times slower than the reference, as not even a heavily loaded
test machine does."""


class Recording(site_build.SiteHandler):  # type: ignore[misc]
    """build.py's handler, noting each answer's file and status (304: revalidated, no body),
    sending the boot zip as a phone's link would."""

    answers: list[tuple[str, int]]

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        name = urlsplit(self.path).path.removeprefix("/") or site_build.PAGE
        self.answers.append((name, int(code)))

    def copyfile(self, source: Any, outputfile: Any) -> None:
        if not self.path.endswith("/python_stdlib_boot.zip"):
            super().copyfile(source, outputfile)
            return
        while piece := source.read(64 * 1024):
            outputfile.write(piece)
            time.sleep(len(piece) / SLOW_LINK)


@pytest.fixture
def recorded_site() -> Iterator[tuple[str, list[tuple[str, int]]]]:
    """dist/ served on its own port: (URL, the answers so far)."""
    answers: list[tuple[str, int]] = []
    handler = type("Handler", (Recording,), {"answers": answers})
    partial = functools.partial(
        handler, directory=str(site_build.DIST), policy=site_build.served_policy(), quiet=True
    )
    server = site_build.SiteServer(("127.0.0.1", 0), partial)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", answers
    server.shutdown()
    server.server_close()


def test_a_first_visit_fetches_no_more_than_its_budget_and_nothing_twice(
    playwright: Playwright, recorded_site: tuple[str, list[tuple[str, int]]], tmp_path: Path
) -> None:
    site_url, answers = recorded_site
    # A profile on disk, as a phone's browser keeps: its HTTP cache holds the runtime.
    context = playwright.chromium.launch_persistent_context(
        tmp_path / "profile", executable_path=site_build.find_chromium(), args=CHROMIUM_ARGS
    )
    page = context.new_page()
    page.goto(site_url + GAME)
    status = page.locator("[data-testid=status]")
    expect(status).to_have_attribute("data-phase", "turn", timeout=60_000)
    expect(page.locator("[data-action]").first).to_be_visible()
    # What the boot fetched: the service worker's install, which may begin as soon as the
    # board is up, starts with sw.js.
    boot = list(answers)
    boot = boot[: next((i for i, (name, _) in enumerate(boot) if name == "sw.js"), len(boot))]
    before = sorted({name for name, code in boot if code == 200})
    assert {f"pyodide/{site_build.wasm_path()}", "pyodide/python_stdlib_boot.zip"} <= set(before)
    assert f"pyodide/{site_build.SNAPSHOT}" not in before
    sent = {name: site_build.sent_size(site_build.DIST / name) for name in before}
    total = sum(sent.values())
    stock_files = [site_build.PYODIDE_NPM / name for name in site_build.STOCK_PYODIDE]
    stock = sum(map(site_build.sent_size, stock_files))
    stock += site_build.sent_size(site_build.PYODIDE_NPM / "pyodide-lock.json")
    assert stock >= site_build.FIRST_VISIT_BUDGET, "the budget is over stock Pyodide's bytes"
    assert total <= site_build.FIRST_VISIT_BUDGET, (
        f"a first visit fetches {total} bytes before its board is playable, over the budget of"
        f" {site_build.FIRST_VISIT_BUDGET} (FIRST_VISIT_BUDGET, py/site_build/server.py): {sent}"
    )

    # The service worker's install revalidates what the boot fetched: no body twice.
    wait_offline_ready(page, site_build.DIST)
    downloads = Counter(name for name, code in answers if code == 200)
    assert downloads[f"pyodide/{site_build.SNAPSHOT}"] == 1  # by the install, for later visits
    # But the page: the boot fetched it under the game's address, another entry of the HTTP cache.
    twice = [name for name, count in downloads.items() if count > 1 and name != site_build.PAGE]
    assert twice == [], [a for a in answers if a[0] in twice]
    assert any(code == 304 for _, code in answers)
    context.close()
