"""A learned evaluation of positions: a seat's chance of winning the match.

:func:`features` describes a game from one seat's point of view with public
facts only (face-up cards, the discard piles, the hand, scores and counts:
the cards not yet seen enter only as how many of each colour remain), so it
gives the same numbers for a real game and for any re-deal of its hidden
cards. :func:`evaluate` is a logistic model of those features, its weights
(:mod:`.eval_weights`, a generated module of literals) fitted offline on
self-play games by :mod:`dozito.lab.train_eval`. Plain Python: it runs in
Pyodide with no packages.

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=1)
>>> [round(evaluate(g, seat), 2) for seat in (0, 1)]  # a fresh deal: near even
[0.49, 0.45]
"""

from __future__ import annotations

import math

from ..cards import COLOR_OF, DECK_SIZE, SUNS
from ..game import Game
from ..scoring import color_masks
from .eval_weights import WEIGHTS
from .grid import GROUP_VALUE

PER_COLOR = DECK_SIZE // 5
ALL_SUNS = sum(SUNS)
FEATURES = (
    "bias",
    "score lead",
    "flip lead",
    "best-colour lead",
    "face-down lead",
    "my face-down",
    "fewest face-down of an opponent",
    "match lead",
    "round ending",
    "I ended it",
    "my turn",
    "last round x lead",
    "last round x flip lead",
    "log(players - 1)",
)
"""What each weight multiplies, in order (leads: mine minus the best opponent's)."""


def _grid_terms(g: Game, seat: int, share: list[float], sun: float) -> tuple[float, float, float]:
    """One grid's score now, and the sums over its face-down spots of what a
    random unseen card would add there and of the best colour's gain."""
    cells, up = g.cells, g.up[seat]
    base = 12 * seat
    masks = color_masks(cells, base, up)
    score = sum(min(GROUP_VALUE[m], 60) for m in masks)
    flip = best = 0.0
    for i in range(12):
        bit = 1 << i
        if up & bit:
            score += SUNS[cells[base + i]]
            continue
        gains = [GROUP_VALUE[m | bit] - GROUP_VALUE[m] for m in masks]
        gains = [min(x, 30) for x in gains]
        flip += sun + sum(s * x for s, x in zip(share, gains, strict=True))
        best += max(gains)
    return float(score), flip, best


def features(g: Game, seat: int) -> list[float]:
    """The model's inputs for ``seat`` (see :data:`FEATURES`); public facts only."""
    n = len(g.up)
    seen = [0] * 5
    seen_suns = 0
    for p in range(n):
        up = g.up[p]
        for i in range(12):
            if up >> i & 1:
                c = g.cells[12 * p + i]
                seen[COLOR_OF[c]] += 1
                seen_suns += SUNS[c]
    shown = [*g.piles[0], *g.piles[1]]
    if g.hand >= 0:
        shown.append(g.hand)
    for c in shown:
        seen[COLOR_OF[c]] += 1
        seen_suns += SUNS[c]
    unseen = max(1, DECK_SIZE - sum(seen))
    share = [max(0, PER_COLOR - k) / unseen for k in seen]
    sun = (ALL_SUNS - seen_suns) / unseen
    terms = [_grid_terms(g, p, share, sun) for p in range(n)]
    down = [12 - g.up[p].bit_count() for p in range(n)]
    others = [p for p in range(n) if p != seat]
    rival = max(others, key=lambda p: (g.totals[p] + terms[p][0] + terms[p][1], -p))
    mine, theirs = terms[seat], terms[rival]
    last = 1.0 if g.round >= g.rounds else 0.0
    match_lead = (g.totals[seat] - max(g.totals[p] for p in others)) / 10
    score_lead = (mine[0] - theirs[0]) / 10
    flip_lead = (mine[1] - theirs[1]) / 10
    return [
        1.0,
        score_lead,
        flip_lead,
        (mine[2] - theirs[2]) / 10,
        (down[seat] - down[rival]) / 12,
        down[seat] / 12,
        min(down[p] for p in others) / 12,
        match_lead,
        1.0 if g.ender >= 0 else 0.0,
        1.0 if g.ender == seat else 0.0,
        1.0 if g.current == seat else 0.0,
        last * (score_lead + match_lead),
        last * flip_lead,
        math.log(n - 1),
    ]


def logistic(x: float) -> float:
    """1 / (1 + e^-x), without overflow."""
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


def evaluate(g: Game, seat: int, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The seat's chance of winning the match from here (0..1); the game's
    result once it is over (a shared win counts a share)."""
    if g.winners:
        return 1 / len(g.winners) if seat in g.winners else 0.0
    return logistic(sum(w * x for w, x in zip(weights, features(g, seat), strict=True)))
