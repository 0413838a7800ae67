"""Self-play for tuning sharp's judgement: sharp with other weights against a level.

    .venv/bin/python -m dozito.lab.tune_sharp '{"last_turn_gain": 2.5, "race": 6.0}' \\
        --against sharp --deals 2000 --seed 1 --jobs 2

plays ``sharp`` with those :class:`~dozito.bots.sharp.SharpWeights` (the
entry ``tuned``) against ``--against`` in the arena: the same deals, seats
rotated, the same report. This is how ``EXPERT_WEIGHTS`` (bots/expert.py)
was chosen; ``docs/bots.md`` has the numbers. A run takes about
a minute per 1,000 deals on two cores. :func:`tune` is the command's body,
for :mod:`.tune_expert` too.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from collections.abc import Callable

from ..bots import Bot, get_bot
from ..bots.sharp import SharpBot, SharpWeights
from .arena import arena, format_report


def make(tuned: Callable[[str], Bot], settings: str, name: str) -> Bot:
    """``tuned`` is the bot of the given settings (JSON); any other name is a level."""
    return tuned(settings) if name == "tuned" else get_bot(name)


def tune(doc: str, tuned: Callable[[str], Bot], deals: int, seed: int, rounds: int) -> int:
    """Play the bot ``tuned`` makes of the command line's settings against a
    level (defaults: ``deals``, ``seed``, ``rounds``); print the report."""
    parser = argparse.ArgumentParser(description=doc.split("\n\n")[0])
    parser.add_argument("settings", help="the bot's settings as JSON, e.g. '{\"race\": 6.0}'")
    parser.add_argument("--against", default="sharp", help="the level to play (default sharp)")
    parser.add_argument("--players", type=int, default=2, help="seats; all but one hold --against")
    parser.add_argument("--deals", type=int, default=deals)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--rounds", type=int, default=rounds, help=f"rounds per game ({rounds})")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    entries = ["tuned"] + [args.against] * (args.players - 1)
    bots = functools.partial(make, tuned, args.settings)
    report = arena(entries, args.deals, args.seed, args.rounds, args.jobs, bots)
    print(json.dumps(report) if args.json else format_report(report))
    return 0


def sharp_with(weights: str) -> Bot:
    """Sharp with the given :class:`SharpWeights` fields (JSON)."""
    return SharpBot(SharpWeights(**json.loads(weights)))


if __name__ == "__main__":
    sys.exit(tune(__doc__, sharp_with, deals=2000, seed=1, rounds=1))
