"""``python -m dozito bench --bots``: milliseconds per decision, by level.

Each level plays seat 0 of games of 2 to 5 players in turn, against
``casual`` in the other seats (fast, so the games go by quickly), on every
round of 3-round games. Only its decisions with more than one legal action
are timed: a forced move costs nothing. Wall-clock time is what a player
waits; the CPU time of the process is reported beside it because on a busy
machine the wall clock also counts the time other processes held the CPU.
The browser benchmark runs the same measurement inside Pyodide.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from ..bots import get_bot
from ..game import Game
from .stats import percentile

BENCH_LEVELS = ("rookie", "casual", "sharp", "expert", "playout")
SEARCHING = ("expert", "playout")
SEARCH_SHARE = 30
"""The searching levels (:data:`SEARCHING`) play this many times fewer games
than the others."""


def time_decisions(level: str, games: int, seed: int = 1) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU milliseconds of each real decision of ``level``
    over ``games`` games."""
    bot = get_bot(level)
    others = get_bot("casual")
    rng = random.Random(seed)
    times: list[float] = []
    cpu: list[float] = []
    for k in range(games):
        game = Game.new(["bot"] + ["casual"] * (1 + k % 4), seed=seed + k)
        while not game.over:
            obs = game.observation(game.current)
            if game.current == 0:
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bot.choose(obs, rng)
                if len(obs.legal_actions) > 1:
                    times.append((time.perf_counter() - start) * 1000)
                    cpu.append((time.process_time() - start_cpu) * 1000)
            else:
                action = others.choose(obs, rng)
            game.apply(action)
    return times, cpu


def _ms(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values), 3) if values else 0.0,
        "p95_ms": round(percentile(values, 0.95), 3),
        "mean_ms": round(statistics.fmean(values), 3) if values else 0.0,
    }


def bench_bots(args: argparse.Namespace) -> int:
    """The ``bench --bots`` command."""
    rows = []
    for level in BENCH_LEVELS:
        games = max(1, args.games // SEARCH_SHARE if level in SEARCHING else args.games)
        times, cpu = time_decisions(level, games)
        rows.append(
            {
                "level": level,
                "games": games,
                "decisions": len(times),
                **_ms(times),
                "cpu": _ms(cpu),
            }
        )
    if args.json:
        print(json.dumps({"levels": rows}))
    else:
        print("ms per decision on this Python (forced moves not counted); CPU time in brackets")
        print(f"{'level':<8} {'games':>6} {'decisions':>10} {'median':>18} {'p95':>18}")
        for r in rows:
            c = r["cpu"]
            print(
                f"{r['level']:<8} {r['games']:>6} {r['decisions']:>10} "
                f"{r['median_ms']:>8} ({c['median_ms']:>7}) {r['p95_ms']:>8} ({c['p95_ms']:>7})"
            )
    return 0
