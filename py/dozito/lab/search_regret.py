"""How much the expert's search gives up to its own noise, by budget.

    .venv/bin/python -m dozito.lab.search_regret --players 4 --games 4 --seed 900 --jobs 2

Plays games of the expert against sharps. At every other decision the
search weighs, a reference search (sharp's six best within 10 points, on
``--reference`` budget deals) gives each candidate its worth; then
``--repeats`` searches of the same candidates on fresh deals give the play-outs
from which every setting's choice is derived (its candidates, its first
deals, its confidence: :func:`dozito.bots.expert.pick`). A setting's regret
is the reference worth its choice gives up against the best candidate's,
in win chance per decision.

It measures the search's noise against its own evaluation, not what the
evaluation misjudges (the arena measures that), but paired on the same
decisions it orders budgets that 300 arena deals cannot, in minutes
(``docs/bots-experiments.md``).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace

from .. import Game
from ..bots import get_bot
from ..bots.expert import Candidate, ExpertBudget, pick, play_length, search
from ..observation import Observation

WIDE = ExpertBudget(candidates=6, close_call=10.0, confidence=math.inf)
"""The candidates every setting chooses among (a superset of each's)."""
SETTINGS = [
    (most, close, deals, confidence)
    for most, close in ((4, 6.0), (6, 10.0))
    for deals in (32, 64, 96, 128, 256)
    for confidence in (0.0, 0.5, 1.0, 1.5)
]
"""Candidates, close call, budget deals (:class:`ExpertBudget` ``deals``,
before :func:`play_length` scales them), confidence."""


def choice(wide: tuple[Candidate, ...], setting: tuple[int, float, int, float], deals: int) -> str:
    """The action a setting picks, from the wide search's first ``deals`` play-outs."""
    most, close, _, confidence = setting
    top = wide[0].now
    mine = [replace(c, worths=c.worths[:deals]) for c in wide[:most] if c.now >= top - close]
    return mine[pick(mine, confidence)].action


def decisions(players: int, seed: int) -> Iterator[Observation]:
    """The expert's observations at every other decision with a choice, in a
    three-round game against sharps (the expert in seat ``seed % players``)."""
    seat = seed % players
    bots = [get_bot("expert" if s == seat else "sharp") for s in range(players)]
    rngs = [random.Random(seed * 8 + s) for s in range(players)]
    game = Game.new([f"p{s}" for s in range(players)], rounds=3, seed=seed)
    count = 0
    while not game.over:
        obs = game.observation(game.current)
        if game.current == seat and len(obs.legal_actions) > 1:
            count += 1
            if count % 2 == 0:
                yield obs
        game.apply(bots[game.current].choose(obs, rngs[game.current]))


def regrets(task: tuple[int, int, int, int]) -> list[dict[str, float]]:
    """Each weighed decision's regret per setting, in one game (a unit of work)."""
    players, seed, reference, repeats = task
    longest = max(play_length(replace(WIDE, deals=s[2]), players)[0] for s in SETTINGS)
    rows = []
    for k, obs in enumerate(decisions(players, seed)):
        ref = search(obs, random.Random(seed * 10_000 + k), replace(WIDE, deals=reference))
        if len(ref.candidates) == 1:
            continue
        worth = {c.action: statistics.fmean(c.worths) for c in ref.candidates}
        best = max(worth.values())
        row = {str(s): 0.0 for s in SETTINGS}
        for r in range(repeats):
            rng = random.Random((seed * 10_000 + k) * 100 + r + 1)
            wide = search(obs, rng, replace(WIDE, deals=longest)).candidates
            for s in SETTINGS:
                deals = play_length(replace(WIDE, deals=s[2]), players)[0]
                row[str(s)] += (best - worth[choice(wide, s, deals)]) / repeats
        rows.append(row)
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=900)
    parser.add_argument("--reference", type=int, default=2560, help="budget deals")
    parser.add_argument("--repeats", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    tasks = [(args.players, args.seed + g, args.reference, args.repeats) for g in range(args.games)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for game in pool.map(regrets, tasks) for row in game]
    per_game = len(rows) * 2 / args.games
    table = []
    for s in SETTINGS:
        v = [row[str(s)] for row in rows]
        mean, se = statistics.fmean(v), statistics.stdev(v) / math.sqrt(len(v))
        table.append({"setting": s, "regret": mean, "se": se, "per_game": mean * per_game})
    table.sort(key=lambda t: t["regret"])
    if args.json:
        print(json.dumps({"decisions": len(rows), "table": table}))
        return 0
    print(f"{len(rows)} decisions weighed; about {per_game:.0f} a game")
    print("candidates/close call, deals, confidence: regret per decision, and a game's")
    for t in table:
        most, close, deals, confidence = t["setting"]
        print(
            f"  {most} within {close:g}, {deals:>3} deals, confidence {confidence:g}: "
            f"{t['regret'] * 1000:.3f} ± {t['se'] * 1000:.3f} per mille, "
            f"{t['per_game'] * 100:.2f}% a game"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
