#!/usr/bin/env python3
"""Pace of play at a bot speed, in headless Chromium, on a built dist/.

    .venv/bin/python tests/bench/pace_bench.py [--dist DIR] [--speed normal] [--seeds 1,2,3]

Per seed: the wall time of an all-bot, 3-seat, 1-round game (from the first
turn to the round's scoring view), and the waits of a human seat between
its turns (from its last action to its next `draw` being offered) in a
human + 2 bots game, over its first 6 turns. The human always draws and
discards when it may, else places. Not a pytest module: run it by hand.
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
site_build = importlib.import_module("site_build")


def bot_game(page, url: str) -> float:
    page.goto(url)
    page.wait_for_selector("[data-testid=status][data-phase=turn]", timeout=120_000)
    start = time.monotonic()
    page.wait_for_selector("[data-testid=status][data-phase=round-end]", timeout=600_000)
    return time.monotonic() - start


def human_waits(page, url: str, turns: int = 6) -> list[float]:
    page.goto(url)
    waits = []
    last = None
    for _ in range(turns):
        page.wait_for_selector('[data-action="draw"], [data-action="continue"]', timeout=120_000)
        if last is not None:
            waits.append(time.monotonic() - last)
        if page.locator("[data-testid=status][data-phase=round-end]").count():
            break
        page.locator('[data-action="draw"]').click()
        while True:
            page.wait_for_selector('[data-action^="discard:"], [data-action^="place:"]')
            target = page.locator('[data-action^="discard:"]')
            if target.count():
                target.first.click()
                break
            page.locator('[data-action^="place:"]').first.click()
        last = time.monotonic()
    return waits


def game_url(base: str, players: str, seed: str, speed: str) -> str:
    return f"{base}?players={players}&rounds=1&seed={seed}&speed={speed}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--dist", type=Path, default=site_build.DIST)
    parser.add_argument("--speed", default="normal")
    parser.add_argument("--seeds", default="1,2,3")
    args = parser.parse_args()
    server = site_build.make_server(args.dist, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=site_build.find_chromium())
        games, waits = [], []
        for seed in args.seeds.split(","):
            page = browser.new_page()
            games.append(
                bot_game(
                    page,
                    game_url(base, "casual,casual,casual", seed, args.speed),
                )
            )
            print(f"seed {seed}: 3-bot game {games[-1]:.1f} s", flush=True)
            page.close()
            page = browser.new_page()
            waits += human_waits(page, game_url(base, "human,casual,casual", seed, args.speed))
            print(f"seed {seed}: human waits so far {[round(w, 1) for w in waits]}", flush=True)
            page.close()
        browser.close()
    print(
        f"speed={args.speed} 3-bot 1-round game: "
        + ", ".join(f"{g:.1f}" for g in games)
        + f" s (median {statistics.median(games):.1f} s)"
    )
    print(
        f"human waits: min {min(waits):.1f} s, median {statistics.median(waits):.1f} s,"
        f" max {max(waits):.1f} s over {len(waits)} turns"
    )
    server.shutdown()


if __name__ == "__main__":
    main()
