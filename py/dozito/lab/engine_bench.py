"""``python -m dozito bench``: random-play games per second and step cost.

Plays full 3-round games with uniform random legal actions, 2 to 5 players
in turn, and times the whole loop (choosing, ``legal_actions`` and
``apply``), then times ``clone()`` on mid-game states.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from ..game import Game

_NAMES = ("A", "B", "C", "D", "E")


def _play(games: int, seed: int) -> tuple[float, int, list[Game]]:
    # Random choices drawn up front, so the timed loop measures the engine,
    # not the random module (modulo bias is irrelevant for a benchmark).
    stream = random.Random(seed)
    choices = [stream.getrandbits(30) for _ in range(1 << 16)]
    steps = 0
    samples: list[Game] = []
    start = time.perf_counter()
    for k in range(games):
        g = Game.new(_NAMES[: 2 + k % 4], seed=seed + k)
        while not g.over:
            legal = g.legal_actions()
            g.apply(legal[choices[steps & 0xFFFF] % len(legal)])
            steps += 1
            if steps % 997 == 0:
                samples.append(g.clone())
    elapsed = time.perf_counter() - start
    return elapsed, steps, samples or [g]  # a short run may end before a sample


def _time_clone(states: list[Game], repeat: int = 20) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        for g in states:
            g.clone()
    return (time.perf_counter() - start) / (repeat * len(states))


def bench_engine(args: argparse.Namespace) -> int:
    games = args.games
    _play(max(1, games // 10), seed=10_000)  # warm up
    elapsed, steps, samples = _play(games, seed=1)
    result = {
        "games_per_s": round(games / elapsed, 1),
        "actions_per_game": round(steps / games, 1),
        "us_per_step": round(elapsed / steps * 1e6, 3),
        "us_per_clone": round(_time_clone(samples) * 1e6, 3),
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{games} random games, 2-5 players, 3 rounds each")
        print(f"  games per second   {result['games_per_s']}")
        print(f"  actions per game   {result['actions_per_game']}")
        print(f"  us per step        {result['us_per_step']}  (legal_actions + apply)")
        print(f"  us per clone       {result['us_per_clone']}")
    return 0
