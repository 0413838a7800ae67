"""``python -m dozito.lab.account_check``: how much of the real gap between
players the review's account (:mod:`dozito.account`) leaves unexplained.

Plays 1-round games of ``casual`` against ``sharp`` (the bridge's seeding
of bot moves), judges every decision of every seat, measures the luck of
every card, and reports the residual per seat and game: its gap to the
table's mean score, less its luck, plus its decisions' cost, both against
the table's mean. Long (several seconds a 2-player game, mostly the judging): not part of the
test suite, see ``docs/engine-contract.md`` for the tolerance it sets.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from ..account import account, round_luck
from ..bots import get_bot
from ..game import Game
from ..review import judge
from ..timeline import Timeline


def bot_game(players: int, seed: int) -> Game:
    """A 1-round game of casual and sharp seats in turn, moves seeded as the bridge seeds them."""
    bots = [get_bot("casual" if p % 2 else "sharp") for p in range(players)]
    g = Game.new([f"p{p}" for p in range(players)], rounds=1, seed=seed)
    while not g.over:
        rng = random.Random(f"{g.seed}:{g.moves}:{g.current}")
        g.apply(bots[g.current].choose(g.observation(g.current), rng))
    return g


def residuals(games: int, players: int, seed: int, echo: bool = False) -> list[dict[str, Any]]:
    """Each game's account, seat by seat (``echo``: each row printed as JSON
    as soon as its game is done, so a long run shows its progress)."""
    rows = []
    for k in range(games):
        timeline = Timeline(bot_game(players, seed + k))
        judged = [judge(timeline, s) for s in range(timeline.steps) if timeline.choices(s) > 1]
        for row in account(timeline, judged, [round_luck(timeline, 1)]):
            rows.append({"seed": seed + k, **row})
            if echo:
                print(json.dumps(rows[-1]), flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dozito.lab.account_check", description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="every seat's row as JSON lines")
    args = parser.parse_args(argv)
    rows = residuals(args.games, args.players, args.seed, echo=args.json)
    off = sorted(abs(r["residual"]) for r in rows)
    gaps = sorted(abs(r["gap"]) for r in rows)
    print(
        f"{args.games} games, {len(rows)} seats: |gap| median {gaps[len(gaps) // 2]}, "
        f"90th percentile {gaps[int(0.9 * len(gaps))]}; |residual| median {off[len(off) // 2]}, "
        f"90th percentile {off[int(0.9 * len(off))]}, max {off[-1]}; within 10 points "
        f"{sum(1 for x in off if x <= 10)}, within 12 {sum(1 for x in off if x <= 12)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
