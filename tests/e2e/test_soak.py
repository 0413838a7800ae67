"""Soak: 30 all-bot games back to back in one page, at the fastest speed,
with no console error and no steady memory growth.

The games are chained through the page's own controls (the round's
`continue`, then the game-over screen's "Play again"), never by reloading.
After every game the test forces a garbage collection and samples, through
the Chrome DevTools Protocol:

- the page's JS heap (`Runtime.getHeapUsage` after `HeapProfiler.collectGarbage`)
  and its DOM node and event-listener counts (`Memory.getDOMCounters`);
- the engine worker's JS heap, the same way (leaked PyProxy objects and their
  JS wrappers would show there);
- the size of Pyodide's WebAssembly heap (Python objects leaked by the bridge
  would make it grow), which the worker exposes as `self.dozitoHeapBytes()`.

Growth is judged by comparing the median of games 5-10 with that of the
last six games, 25-30 (the first games warm caches up), and by the
WebAssembly memory grown from game 10 to the last game.
"""

from __future__ import annotations

import json
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import CDPSession, Page, expect

GAMES = int(os.environ.get("DOZITO_SOAK_GAMES", "30"))
"""Games to play (at least 16); the default is the issue's 30."""
QUERY = "?players=casual,rookie&rounds=1&seed=1&speed=instant"
BOOT_MS = 60_000
GAME_MS = 60_000
STATUS = "[data-testid=status]"

# Counts the page's phase changes, so that a short game is never missed
# between two polls.
PHASES_SCRIPT = """(() => {
  const soak = (window.__soak = { overs: 0, last: null });
  new MutationObserver(() => {
    const phase = document.querySelector('[data-testid="status"]')?.dataset.phase ?? null;
    if (phase !== soak.last && phase === "game-over") soak.overs += 1;
    soak.last = phase;
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-phase"] });
})();"""


class WorkerProbe:
    """The engine worker, reached through the page's CDP session (Playwright
    gives no CDP session for a worker): auto-attach, non-flat, with messages
    wrapped in Target.sendMessageToTarget."""

    def __init__(self, page: Page, cdp: CDPSession) -> None:
        self.page = page
        self.cdp = cdp
        self.session: str | None = None
        self.replies: dict[int, dict[str, Any]] = {}
        self.last_id = 0
        cdp.on("Target.attachedToTarget", self._attached)
        cdp.on("Target.receivedMessageFromTarget", self._message)
        cdp.send(
            "Target.setAutoAttach",
            {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False},
        )

    def _post(self, session: str, method: str, params: dict[str, Any] | None = None) -> int:
        self.last_id += 1
        message = {"id": self.last_id, "method": method, "params": params or {}}
        self.cdp.send(
            "Target.sendMessageToTarget", {"sessionId": session, "message": json.dumps(message)}
        )
        return self.last_id

    def _attached(self, event: dict[str, Any]) -> None:
        # Every target attached (the engine worker, a service worker) waits
        # for this before it runs.
        session = event["sessionId"]
        if event["targetInfo"]["type"] == "worker" and self.session is None:
            self.session = session
        self._post(session, "Runtime.runIfWaitingForDebugger")

    def _message(self, event: dict[str, Any]) -> None:
        message = json.loads(event["message"])
        if "id" in message:
            self.replies[message["id"]] = message

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        assert self.session, "the engine worker was never attached"
        call = self._post(self.session, method, params)
        deadline = time.monotonic() + 30
        while call not in self.replies:
            assert time.monotonic() < deadline, f"the worker did not answer {method}"
            self.page.wait_for_timeout(10)
        reply = self.replies.pop(call)
        assert "error" not in reply, reply
        return dict(reply["result"])


def sample(cdp: CDPSession, worker: WorkerProbe) -> dict[str, float]:
    """Memory after a forced garbage collection in the page and in the worker."""
    cdp.send("HeapProfiler.collectGarbage")
    worker.send("HeapProfiler.collectGarbage")
    counters = cdp.send("Memory.getDOMCounters")
    wasm = worker.send(
        "Runtime.evaluate", {"expression": "self.dozitoHeapBytes()", "returnByValue": True}
    )["result"]["value"]
    return {
        "page_heap": cdp.send("Runtime.getHeapUsage")["usedSize"],
        "nodes": counters["nodes"],
        "listeners": counters["jsEventListeners"],
        "worker_heap": worker.send("Runtime.getHeapUsage")["usedSize"],
        "wasm": wasm,
    }


def median_of(samples: list[dict[str, float]], key: str, first: int, last: int) -> float:
    """The median of key over games first..last (counted from 1)."""
    return statistics.median(s[key] for s in samples[first - 1 : last])


def test_thirty_bot_games_in_one_page_without_errors_or_memory_growth(
    page: Page, site_url: str
) -> None:
    started = time.monotonic()
    page.add_init_script(PHASES_SCRIPT)
    cdp = page.context.new_cdp_session(page)
    worker = WorkerProbe(page, cdp)
    page.goto(site_url + QUERY)
    status = page.locator(STATUS)
    expect(status).not_to_have_attribute("data-phase", "loading", timeout=BOOT_MS)

    play_again = page.get_by_role("button", name="Play again")
    samples: list[dict[str, float]] = []
    for game in range(1, GAMES + 1):
        # The game runs by itself; a round end waits for `continue` (an
        # instant win goes straight to the game's end).
        page.wait_for_function(
            """(n) => window.__soak.overs >= n
                || document.querySelector('[data-testid="status"][data-phase="round-end"]')""",
            arg=game,
            timeout=GAME_MS,
        )
        if page.get_attribute(STATUS, "data-phase") == "round-end":
            page.click("[data-action=continue]")
        page.wait_for_function("(n) => window.__soak.overs >= n", arg=game, timeout=GAME_MS)
        expect(status).to_have_attribute("data-phase", "game-over")
        samples.append(sample(cdp, worker))
        if game < GAMES:
            play_again.click()

    elapsed = time.monotonic() - started
    table = "\n".join(
        f"  game {n:2}: "
        + "  ".join(f"{k} {v / 1e6:.2f}M" if v > 1e4 else f"{k} {v:.0f}" for k, v in s.items())
        for n, s in enumerate(samples, 1)
    )
    print(f"\n{GAMES} games in {elapsed:.0f} s\n{table}")

    def check(key: str, allowed: Callable[[float], float]) -> None:
        early = median_of(samples, key, 5, 10)
        late = median_of(samples, key, GAMES - 5, GAMES)
        assert late <= allowed(early), (
            f"{key} grew from a median of {early:.0f} (games 5-10) "
            f"to {late:.0f} (games {GAMES - 5}-{GAMES}):\n{table}"
        )

    # Heaps after a forced GC: a few percent of drift is V8's own (code,
    # feedback); a leak of a game's state or DOM per game would exceed it.
    check("page_heap", lambda early: early * 1.05 + 256 * 1024)
    check("worker_heap", lambda early: early * 1.05 + 256 * 1024)
    # The DOM depends on the final screen and the log's length, not on the
    # number of games played; event listeners should not change at all.
    check("nodes", lambda early: early * 1.20 + 100)
    check("listeners", lambda early: early + 5)
    # Pyodide's heap only grows, in 64 KiB pages: after game 10 it should
    # hardly need more (a leak of the bridge's objects would keep it growing).
    wasm_growth = samples[-1]["wasm"] - samples[9]["wasm"]
    assert wasm_growth <= 2 * 1024 * 1024, (
        f"the worker's WebAssembly memory grew by {wasm_growth} bytes"
        f" from game 10 to game {GAMES}:\n{table}"
    )
