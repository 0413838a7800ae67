"""Hint latency: ``explain.hint`` + ``aid_reason`` (the bridge's hint: the
aids' search with ``AID_BUDGET`` and stream), at every real decision of seat 0 in the games
``dozito bench --bots`` plays (expert against casual, 2 to 5 players).

    .venv/bin/python tests/bench/hint_latency.py [GAMES]

Pyodide: copy it to the repository root and run
``python3 tests/pythons.py --python pyodide hint_latency.py -s`` (that
runner leaves tests/bench out); it prints the same ``HINT`` line.
"""

from __future__ import annotations

import json
import random
import sys
import time

from dozito import Game
from dozito.bots import get_bot
from dozito.explain import aid_reason, hint


def test_hint_latency(games: int = 4) -> None:
    bot, others = get_bot("expert"), get_bot("casual")
    rng = random.Random(1)
    wall, cpu = [], []
    for k in range(games):
        game = Game.new(["bot"] + ["casual"] * (1 + k % 4), seed=1 + k)
        while not game.over:
            obs = game.observation(game.current)
            if game.current == 0:
                if len(obs.legal_actions) > 1:
                    t, c = time.perf_counter(), time.process_time()
                    ev = hint(obs, game.seed, game.moves)
                    aid_reason(obs, ev, game.seed, game.moves)
                    wall.append((time.perf_counter() - t) * 1000)
                    cpu.append((time.process_time() - c) * 1000)
                action = bot.choose(obs, rng)
            else:
                action = others.choose(obs, rng)
            game.apply(action)

    def p(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    row = {"python": sys.version.split()[0], "hints": len(wall)}
    for name, values in (("wall", wall), ("cpu", cpu)):
        row |= {f"{name}_median": p(values, 0.5), f"{name}_p95": p(values, 0.95)}
    row["wall_max"] = p(wall, 1.0)
    print("\nHINT", json.dumps(row))


if __name__ == "__main__":
    test_hint_latency(int(sys.argv[1]))
