#!/usr/bin/env python3
"""Browser benchmark of the review screen, in headless Chromium on this machine.

    .venv/bin/python tests/bench/review_bench.py [--jumps N] [--json]

On the built dist/ (run `python3 build.py build` first), served by build.py's
own server:

- jump latency: a game of 10 rounds that every round hits the 500-turn
  safeguard (two players who only draw and discard: 10,000 actions), imported
  and opened in the review; --jumps random jumps through the jump list, each
  timed inside the page from the `change` event to `[data-testid=review-step]`
  showing the new `data-step` (the engine's `step` op from cached checkpoints,
  the board redrawn, the log line found);
- full analysis: a 1-round 2-player game (human vs casual, seed 5, the human
  playing the casual bot's moves): every decision of both seats judged and
  the round's luck weighed, from the click on "Judge" to the turning points.


Not a pytest module (no test_ prefix): run it by hand.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

from browser_bench import CHROMIUM_ARGS, site_build
from playwright.sync_api import sync_playwright

from dozito import Game
from dozito.bots import get_bot
from dozito.record import record_of

TIMED_JUMP = """async (step) => {
    const select = document.querySelector(".review__controls select");
    const label = document.querySelector("[data-testid=review-step]");
    let option = [...select.options].find((o) => Number(o.value) === step);
    if (!option) { option = new Option(String(step), String(step)); select.append(option); }
    const start = performance.now();
    const done = new Promise((resolve) => {
        const seen = new MutationObserver(() => {
            if (label.dataset.step === String(step)) { seen.disconnect(); resolve(); }
        });
        seen.observe(label, { attributes: true });
    });
    select.value = String(step);
    select.dispatchEvent(new Event("change"));
    await done;
    return performance.now() - start;
}"""


def long_game() -> dict[str, object]:
    """Two players who never place a drawn card: every round runs to the safeguard."""
    game = Game.new(["Ann", "Bob"], rounds=10, seed=3)
    while not game.over:
        legal = game.legal_actions()
        discard = [a for a in legal if a.startswith("discard")]
        game.apply("draw" if "draw" in legal else (discard or list(legal))[0])
    return record_of(game, ["human", "casual"])


def short_game() -> dict[str, object]:
    game = Game.new(["Ann", "Cas"], rounds=1, seed=5)
    bot = get_bot("casual")
    while not game.over:
        rng = random.Random(f"{game.seed}:{game.moves}:{game.current}")
        game.apply(bot.choose(game.observation(game.current), rng))
    return record_of(game, ["human", "casual"])


def open_review(page, url: str, record: dict[str, object], tmp: Path) -> None:
    path = tmp / "game.json"
    path.write_text(json.dumps(record))
    page.goto(url + "?speed=instant&lang=en")
    page.wait_for_selector("[data-testid=status][data-phase=setup]", timeout=120_000)
    page.set_input_files("[data-testid=import-file]", str(path))
    page.wait_for_selector("[data-testid=status][data-phase=round-end]", timeout=120_000)
    page.click("[data-testid=review]")
    page.wait_for_selector("[data-testid=review-step][data-step='0']", timeout=120_000)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jumps", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    server = site_build.make_server(site_build.DIST, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    out: dict[str, object] = {"load": os.getloadavg()[0]}
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=site_build.find_chromium(), args=CHROMIUM_ARGS)
        page = browser.new_page()
        record = long_game()
        steps = len(record["actions"])  # type: ignore[arg-type]
        open_review(page, url, record, Path(tmp))
        rng = random.Random(1)
        times = [page.evaluate(TIMED_JUMP, rng.randrange(steps + 1)) for _ in range(args.jumps)]
        times.sort()
        out["jump"] = {
            "steps": steps,
            "jumps": len(times),
            "median_ms": round(statistics.median(times), 1),
            "p95_ms": round(times[int(0.95 * (len(times) - 1))], 1),
            "max_ms": round(times[-1], 1),
        }
        page.close()
        page = browser.new_page()
        record = short_game()
        open_review(page, url, record, Path(tmp))
        start = time.perf_counter()
        page.click(".review__judge .button--primary")
        requests = page.eval_on_selector(".review__progress", "p => Number(p.max)")
        page.wait_for_selector("[data-testid=turning-points]", timeout=300_000)
        out["analysis"] = {
            "actions": len(record["actions"]),  # type: ignore[arg-type]
            "requests": requests,  # every seat's decisions, then a round's luck each
            "seconds": round(time.perf_counter() - start, 1),
        }
        browser.close()
    server.shutdown()
    print(json.dumps(out) if args.json else json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
