"""Speed baseline: ``dozito.Game`` against the straightforward reference engine.

Plays the benchmark of ``python -m dozito bench`` (full 3-round games, 2 to 5
players in turn, uniform random legal actions drawn up front, timing the loop
of ``legal_actions`` + ``apply``) on both engines, interleaved in one process:
several repetitions alternating which engine goes first, then the median
microseconds per step of each and their ratio. Unlike ``dozito bench``
no clones are taken inside the timed loop (the reference has no ``clone``).

    .venv/bin/python tests/reference/bench_reference.py [--games 300] [--reps 5]

Both engines play the very same games (same seeds, same random picks), which
the script checks by comparing their step counts.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "py"), str(ROOT / "tests")]

from dozito import Game  # noqa: E402
from reference.straightforward import ReferenceGame  # noqa: E402

NAMES = ("A", "B", "C", "D", "E")


def play(engine: Any, games: int, seed: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds and steps for ``games`` random games
    (as ``dozito.lab.engine_bench._play`` plays them)."""
    # random choices drawn up front, as dozito bench does, so the timed loop
    # measures the engine, not the random module
    stream = random.Random(seed)
    choices = [stream.getrandbits(30) for _ in range(1 << 16)]
    steps = 0
    gc.collect()
    start, start_cpu = time.perf_counter(), time.process_time()
    for k in range(games):
        g = engine.new(list(NAMES[: 2 + k % 4]), seed=seed + k)
        while not g.over:
            legal = g.legal_actions()
            g.apply(legal[choices[steps & 0xFFFF] % len(legal)])
            steps += 1
    return time.perf_counter() - start, time.process_time() - start_cpu, steps


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per run (default 300)")
    parser.add_argument("--reps", type=int, default=5, help="runs per engine (default 5)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()

    engines = {"dozito": Game, "reference": ReferenceGame}
    for engine in engines.values():  # warm up, as dozito bench does
        play(engine, max(1, args.games // 10), seed=10_000)

    wall: dict[str, list[float]] = {name: [] for name in engines}
    cpu: dict[str, list[float]] = {name: [] for name in engines}
    steps_seen: dict[str, set[int]] = {name: set() for name in engines}
    for rep in range(args.reps):
        order = list(engines) if rep % 2 == 0 else list(reversed(engines))
        for name in order:
            elapsed, elapsed_cpu, steps = play(engines[name], args.games, seed=1)
            wall[name].append(elapsed / steps * 1e6)
            cpu[name].append(elapsed_cpu / steps * 1e6)
            steps_seen[name].add(steps)

    if steps_seen["dozito"] != steps_seen["reference"]:
        print(f"warning: the engines played different games: {steps_seen}", file=sys.stderr)
    med = statistics.median
    # ratio within each repetition (both engines run back to back): robust to load drift
    pair_ratios = [r / d for r, d in zip(wall["reference"], wall["dozito"], strict=True)]
    result = {
        "games": args.games,
        "reps": args.reps,
        "steps_per_run": sorted(steps_seen["dozito"]),
        "us_per_step_wall": {name: round(med(v), 3) for name, v in wall.items()},
        "us_per_step_cpu": {name: round(med(v), 3) for name, v in cpu.items()},
        "runs_us_per_step_wall": {n: [round(v, 3) for v in vs] for n, vs in wall.items()},
        "ratio_of_medians_wall": round(med(wall["reference"]) / med(wall["dozito"]), 2),
        "ratio_of_medians_cpu": round(med(cpu["reference"]) / med(cpu["dozito"]), 2),
        "median_pair_ratio_wall": round(med(pair_ratios), 2),
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"{args.games} random games x {args.reps} runs per engine, 2-5 players, 3 rounds")
    print(f"  steps per run           {result['steps_per_run']}")
    for name in engines:
        runs = ", ".join(f"{v:.2f}" for v in wall[name])
        print(
            f"  {name:<10} us/step    wall {med(wall[name]):7.3f}  cpu {med(cpu[name]):7.3f}"
            f"  (wall runs: {runs})"
        )
    print(
        f"  reference / dozito      wall {result['ratio_of_medians_wall']}x"
        f"  cpu {result['ratio_of_medians_cpu']}x"
        f"  (median per-repetition ratio {result['median_pair_ratio_wall']}x)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
