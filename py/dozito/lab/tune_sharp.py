"""Self-play for tuning sharp's judgement: sharp with other weights against a level.

    .venv/bin/python -m dozito.lab.tune_sharp '{"last_turn_gain": 2.5, "race": 6.0}' \\
        --against sharp --deals 2000 --seed 1 --jobs 2

plays ``sharp`` with those :class:`~dozito.bots.sharp.SharpWeights` (the
entry ``tuned``) against ``--against`` in the arena: the same deals, seats
rotated, the same report. This is how ``EXPERT_WEIGHTS`` (bots/expert.py)
was chosen; ``docs/bots.md`` has the numbers. A run takes about
a minute per 1,000 deals on two cores.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys

from ..bots import Bot, get_bot
from ..bots.sharp import SharpBot, SharpWeights
from .arena import arena, format_report


def make(weights: str, name: str) -> Bot:
    """``tuned`` is sharp with the given weights (JSON); any other name is a level."""
    return SharpBot(SharpWeights(**json.loads(weights))) if name == "tuned" else get_bot(name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("weights", help="SharpWeights fields as JSON, e.g. '{\"race\": 6.0}'")
    parser.add_argument("--against", default="sharp", help="the level to play (default sharp)")
    parser.add_argument("--players", type=int, default=2, help="seats; all but one hold --against")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1, help="rounds per game (default 1: cheap)")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    entries = ["tuned"] + [args.against] * (args.players - 1)
    bots = functools.partial(make, args.weights)
    print(format_report(arena(entries, args.deals, args.seed, args.rounds, args.jobs, bots)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
