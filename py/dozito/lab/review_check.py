"""``python -m dozito.lab.review_check``: the review judging the expert's own moves.

Plays all-expert games (the expert's budget counts deals, not time, so a
run is the same on any machine) with the bridge's seeding of bot moves, then
judges every decision of every seat with :func:`dozito.review.judge`. It
reports how often the expert's own moves are flagged as mistakes (false
alarms: the aim is under 2%), what they lose per decision against the
review's search (the yardstick :data:`dozito.review.EXPERT_LOSS`
holds), and how long a review takes: per decision, and per seat's game.
With ``--jumps`` it times the bridge's ``step`` op instead, across a
10,000-action game.

Long (a minute a 1-round 2-player game on a busy machine): not part of the
test suite, see ``docs/BENCHMARKS.md``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from .. import bridge
from ..bots.expert import ExpertBot
from ..game import Game
from ..review import judge
from ..timeline import Timeline

_NAMES = ("A", "B", "C", "D", "E")


def expert_game(players: int, rounds: int, seed: int) -> Game:
    """An all-expert game, each move seeded as the bridge seeds a bot's."""
    bot = ExpertBot()
    g = Game.new(_NAMES[:players], rounds=rounds, seed=seed)
    while not g.over:
        rng = random.Random(f"{g.seed}:{g.moves}:{g.current}")
        g.apply(bot.choose(g.observation(g.current), rng))
    return g


def check(games: int, players: int, rounds: int, seed: int) -> dict[str, Any]:
    decisions = mistakes = 0
    points = win = 0.0
    cpu: list[float] = []
    per_seat_game: list[float] = []
    flagged: list[dict[str, Any]] = []
    for k in range(games):
        timeline = Timeline(expert_game(players, rounds, seed + k))
        seat_cpu = [0.0] * players
        for step in range(timeline.steps):
            if timeline.choices(step) < 2:
                continue
            start = time.process_time()
            j = judge(timeline, step)
            spent = time.process_time() - start
            cpu.append(spent)
            seat_cpu[j.seat] += spent
            decisions += 1
            points += j.points
            win += j.win
            if j.mistake:
                mistakes += 1
                flagged.append({"game": seed + k, **j.to_json()})
        per_seat_game += seat_cpu
        print(f"game {k + 1}/{games}: {decisions} decisions, {mistakes} flagged", file=sys.stderr)
    cpu.sort()
    return {
        "games": games,
        "players": players,
        "rounds": rounds,
        "seed": seed,
        "decisions": decisions,
        "mistakes": mistakes,
        "false_alarm_rate": round(mistakes / decisions, 4),
        "per_decision": {"points": round(points / decisions, 3), "win": round(win / decisions, 4)},
        "cpu_ms_per_decision": {
            "median": round(1000 * cpu[len(cpu) // 2], 1),
            "p95": round(1000 * cpu[int(0.95 * (len(cpu) - 1))], 1),
        },
        "cpu_s_per_seat_game": {
            "median": round(sorted(per_seat_game)[len(per_seat_game) // 2], 2),
            "max": round(max(per_seat_game), 2),
        },
        "flagged": [
            {k: f[k] for k in ("game", "step", "played", "best", "z", "win")} for f in flagged
        ],
    }


def jumps(count: int, seed: int) -> dict[str, Any]:
    """Time ``step`` requests to random steps of a 10,000-action game (5
    players, 10 rounds, every turn a draw thrown away), loaded as a file is."""
    g = Game.new(_NAMES, rounds=10, seed=seed)
    while not g.over:
        g.apply("draw" if "draw" in g.legal_actions() else "discard:0")
    bridge.handle(json.dumps({"op": "load", "text": json.dumps(g.to_record())}))
    rng = random.Random(seed)

    def step(n: int) -> float:
        start = time.perf_counter()
        answer = json.loads(bridge.handle(json.dumps({"op": "step", "step": n})))
        assert answer["ok"] and answer["result"]["step"] == n, answer
        return 1000 * (time.perf_counter() - start)

    first = step(g.moves // 2)  # builds the checkpoints
    times = sorted(step(rng.randint(0, g.moves)) for _ in range(count))
    return {
        "steps": g.moves,
        "first_ms": round(first, 1),
        "jumps": count,
        "median_ms": round(times[len(times) // 2], 2),
        "p95_ms": round(times[int(0.95 * (count - 1))], 2),
        "max_ms": round(times[-1], 2),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dozito.lab.review_check", description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games to play (default 20)")
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--rounds", type=int, default=1, help="rounds per game (default 1)")
    parser.add_argument("--seed", type=int, default=1000, help="seed of the first game")
    parser.add_argument("--jumps", type=int, help="time this many step requests instead")
    args = parser.parse_args(argv)
    if args.jumps:
        print(json.dumps(jumps(args.jumps, args.seed)))
    else:
        print(json.dumps(check(args.games, args.players, args.rounds, args.seed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
