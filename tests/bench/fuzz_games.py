#!/usr/bin/env python3
"""The long fuzz run: many random-click games against the built site.

    .venv/bin/python tests/bench/fuzz_games.py [--games N] [--seed S] [--json]

Plays games seeded S, S+1, ... (default 100 games from seed 1) exactly as
the CI test tests/e2e/test_fuzz.py does, with the same code
(tests/e2e/fuzzing.py): one headless Chromium, a fresh context per game,
the built dist/ served by build.py's server (built first if missing). A
failing game does not stop the run; it is reported with its seed, and
`--seed N --games 1` plays it again. Prints the figures: games, moves,
actions clicked, phases seen, table sizes, failures and time. Exits 1 if
any game failed. Not a pytest module (no test_ prefix): run it by hand.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

import browser_bench as bench
from playwright.sync_api import sync_playwright

fuzzing: ModuleType = bench._load("dozito_fuzzing", bench.ROOT / "tests" / "e2e" / "fuzzing.py")


def play_one(browser: Any, site_url: str, seed: int, record_dir: Path) -> dict[str, Any]:
    """One game in a fresh context: its figures, and its failure if any."""
    table = fuzzing.Table.from_seed(seed)
    log = bench.conftest.PageLog(origin=site_url.rstrip("/"))
    context = browser.new_context(viewport=table.viewport, accept_downloads=True)
    context.on("request", log.on_request)
    page = context.new_page()
    page.on("console", log.on_console)
    page.on("pageerror", log.on_page_error)
    fuzzer = fuzzing.Fuzzer(page, site_url, table, log.errors)
    started = time.monotonic()
    failure = None
    try:
        fuzzer.play(record_dir)
        if log.foreign_requests():
            failure = f"seed={seed}: requests left the site: {log.foreign_requests()}"
    except fuzzing.FuzzFailure as error:
        failure = str(error)
    except Exception as error:  # anything else is a failure of this game, not of the run
        failure = f"{fuzzer.fail(f'{type(error).__name__}: {error}')}"
    finally:
        context.close()
    outcome = fuzzer.outcome
    return {
        "seed": seed,
        "seats": list(table.seats),
        "viewport": f"{table.viewport['width']}x{table.viewport['height']}",
        "moves": len(outcome.moves),
        "kinds": dict(outcome.kinds),
        "actions": outcome.actions,
        "phases": dict(outcome.phases),
        "totals": outcome.totals,
        "winners": outcome.winners,
        "seconds": round(time.monotonic() - started, 1),
        "failure": failure,
    }


def run(games: int, first_seed: int) -> dict[str, Any]:
    site_build = bench.site_build
    if not (site_build.DIST / "build-info.json").exists():
        site_build.build()
    build = json.loads((site_build.DIST / "build-info.json").read_text())
    started = time.monotonic()
    load_at_start = bench.load_avg()
    results = []
    with (
        tempfile.TemporaryDirectory(prefix="dozito-fuzz-") as tmp,
        bench.served(site_build.DIST) as site_url,
        sync_playwright() as playwright,
    ):
        executable = bench.Chromium(playwright).executable  # or exits, saying how to get one
        chromium = playwright.chromium.launch(executable_path=executable, args=bench.CHROMIUM_ARGS)
        for seed in range(first_seed, first_seed + games):
            result = play_one(chromium, site_url, seed, Path(tmp))
            results.append(result)
            verdict = "FAILED" if result["failure"] else "ok"
            bench.note(
                f"game {len(results)}/{games} seed {seed} {','.join(result['seats'])}:"
                f" {result['moves']} moves, {result['seconds']} s, {verdict}"
            )
        chromium.close()
    return {
        "date": time.strftime("%Y-%m-%d %H:%M"),
        "build": build.get("hash"),
        "first_seed": first_seed,
        "load_at_start": load_at_start,
        "load_at_end": bench.load_avg(),
        "wall_s": round(time.monotonic() - started, 1),
        "games": results,
    }


def summary(r: dict[str, Any]) -> dict[str, Any]:
    games = r["games"]
    phases: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for game in games:
        phases.update(game["phases"])
        kinds.update(game["kinds"])
    seats = [kind for game in games for kind in game["seats"]]
    seconds = [game["seconds"] for game in games]
    return {
        "games": len(games),
        "seeds": f"{r['first_seed']}..{r['first_seed'] + len(games) - 1}",
        "moves": sum(game["moves"] for game in games),
        "moves_by_kind": dict(kinds.most_common()),
        "actions": sum(game["actions"] for game in games),
        "phases": dict(phases),
        "table_sizes": dict(sorted(Counter(len(game["seats"]) for game in games).items())),
        "seats": dict(Counter(seats).most_common()),
        "all_bot_tables": sum("human" not in game["seats"] for game in games),
        "instant_wins": sum("round-end" not in game["phases"] for game in games),
        "game_seconds_median": round(statistics.median(seconds), 1) if seconds else None,
        "game_seconds_max": max(seconds, default=None),
        "failures": [game["failure"] for game in games if game["failure"]],
    }


def report(r: dict[str, Any]) -> str:
    s = summary(r)
    lines = [
        f"Dozito fuzz run, {r['date']}, build {r['build']}, seeds {s['seeds']}",
        f"  games {s['games']}, moves {s['moves']} ({s['moves_by_kind']}),"
        f" actions clicked {s['actions']}",
        f"  phases seen after a move: {s['phases']}",
        f"  table sizes: {s['table_sizes']}; seats: {s['seats']};"
        f" all-bot tables {s['all_bot_tables']}",
        f"  games ended by an instant win (no round scored): {s['instant_wins']}",
        f"  time {r['wall_s']} s; per game median {s['game_seconds_median']} s,"
        f" max {s['game_seconds_max']} s; load {r['load_at_start']} -> {r['load_at_end']}",
        f"  failures: {len(s['failures'])}",
    ]
    lines += [f"  - {failure}" for failure in s["failures"]]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="games to play (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    parser.add_argument("--json", action="store_true", help="print every game's figures as JSON")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    result = run(args.games, args.seed)
    print(
        json.dumps({**result, "summary": summary(result)}) if args.json else report(result),
        flush=True,
    )
    return 1 if summary(result)["failures"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
