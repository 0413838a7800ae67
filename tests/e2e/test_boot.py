"""The engine boots in the browser from the site alone and answers the bridge.

The tests run in a bare page of the site's origin, not index.html, so that
they check the worker and client.js whatever state the UI is in.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from conftest import site_build

CLIENT = Path(__file__).resolve().parents[2] / "web" / "js" / "engine" / "client.js"
BARE_PAGE = "<!doctype html><meta charset=utf-8><link rel=icon href=data:,><title>boot</title>"


def open_bare_page(page: Page, site_url: str) -> None:
    """Open an empty page at the site's origin, from which client.js can be imported.

    dist/ has client.js only inside the page's bundle: the page gets web/'s
    module, which starts the site's (bundled) worker.
    """
    url = site_url + "__bare__.html"
    page.route(url, lambda route: route.fulfill(body=BARE_PAGE, content_type="text/html"))
    page.route(site_url + "js/engine/client.js", lambda route: route.fulfill(path=CLIENT))
    page.goto(url)


def test_worker_boots_and_answers_requests(page: Page, page_log: Any, site_url: str) -> None:
    open_bare_page(page, site_url)
    out: dict[str, Any] = page.evaluate(
        """async () => {
            const { startEngine } = await import("./js/engine/client.js");
            const stages = [];
            const engine = await startEngine({ onStatus: (stage) => stages.push(stage) });
            const { cards } = await engine.request({ op: "cards" });
            const game = await engine.request({ op: "new", players: ["Ann", "Bob"], seed: 4 });
            const refusals = [];
            for (const request of [{ op: "act", action: "place:3" }, { op: "no-such-op" }]) {
                try {
                    await engine.request(request);
                } catch (error) {
                    refusals.push({ type: error.type, message: error.message });
                }
            }
            engine.terminate();
            const { bootMs, boot } = engine;
            return { stages, bootMs, boot, cards: cards.length, view: game.view, refusals };
        }"""
    )
    assert out["stages"] == ["runtime", "engine", "ready"]
    assert out["boot"] == "snapshot"
    assert out["bootMs"] > 0
    assert out["cards"] > 0
    assert out["view"]["names"] == ["Ann", "Bob"]
    assert out["view"]["legal_actions"] == ["draw", "take:0", "take:1"]
    assert [r["type"] for r in out["refusals"]] == ["IllegalActionError", "MalformedError"]
    assert all(r["message"] for r in out["refusals"])
    # The runtime, the boot zip and the snapshot came from the site; no lock
    # file, wheel or other stdlib: the engine is in the zip and the snapshot.
    loaded = {url.rsplit("/", 1)[-1] for url in page_log.requests}
    assert {"pyodide.asm.wasm", "python_stdlib_boot.zip", site_build.SNAPSHOT} <= loaded
    assert not {"python_stdlib.zip", "python_stdlib_pyc.zip", "pyodide-lock.json"} & loaded
    assert not [name for name in loaded if name.endswith(".whl")]
    # The worker starts its downloads at once, before Pyodide's script (which it
    # imports beside them), and Pyodide takes them over: each file is fetched once.
    # With no service worker this is a first visit: the snapshot is asked for only
    # once the boot zip has shown the link fast enough to make it pay.
    order = [url.rsplit("/", 1)[-1] for url in page_log.requests]
    for name in (site_build.SNAPSHOT, "python_stdlib_boot.zip", "pyodide.asm.wasm"):
        assert order.count(name) == 1, name
    for name in ("python_stdlib_boot.zip", "pyodide.asm.wasm"):
        assert order.index(name) < order.index("pyodide.mjs"), order
    assert order.index("python_stdlib_boot.zip") < order.index(site_build.SNAPSHOT), order


@pytest.mark.parametrize(
    ("missing", "timeout_s", "expected"),
    [
        # Imported by the worker once it runs, beside its first downloads.
        ("pyodide.mjs", 60, "The game engine failed to start: pyodide.mjs could not be loaded"),
        # Without its zip neither the snapshot nor the normal boot can start.
        (
            "python_stdlib_boot.zip",
            60,
            "The game engine failed to start: python_stdlib_boot.zip could not be downloaded",
        ),
        # Pyodide swallows this failure; the worker reports it at once, long before 10 s.
        (
            "pyodide.asm.wasm",
            10,
            "The game engine failed to start: pyodide.asm.wasm could not be downloaded (HTTP 404)",
        ),
    ],
)
def test_boot_failure_rejects_start_engine(
    page: Page, page_log: Any, site_url: str, missing: str, timeout_s: int, expected: str
) -> None:
    open_bare_page(page, site_url)
    # The wasm is asked for again from the service worker (none here): "?offline".
    page.route(f"**/{missing}*", lambda route: route.fulfill(status=404))
    message = page.evaluate(
        """async (timeoutMs) => {
            const { startEngine } = await import("./js/engine/client.js");
            try {
                await startEngine({ timeoutMs });
                return "started";
            } catch (error) {
                return `${error.type}: ${error.message}`;
            }
        }""",
        timeout_s * 1000,
    )
    assert message.startswith(f"EngineError: {expected}")
    # The 404 and the reports of it are expected; Pyodide's own may come in
    # just after the rejection (the worker fetched the file before Pyodide asked),
    # so they are cleared once the page that made them is gone.
    page.goto("about:blank")
    page_log.errors.clear()
