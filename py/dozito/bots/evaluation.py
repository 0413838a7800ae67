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
[0.47, 0.4]
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..cards import COLOR_OF, DECK_SIZE, SUNS
from ..game import START, Game
from ..scoring import color_masks
from .eval_weights import WEIGHTS
from .greedy import CASUAL_WEIGHTS, best_place
from .grid import GROUP_VALUE, NEIGHBOUR_MASK

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
    "projected lead / spread",
    "lead on the second rival / spread",
    "rounds after this one",
    "pile top for the seat to move",
    "score lead x lateness",
    "an opponent ended x lead",
    "rival's face-down",
    "my flip",
    "rival's flip",
)
"""What each weight multiplies, in order. Leads are mine minus the rival's:
the opponent ahead on totals plus grid plus expected flips (the projection);
the spread is how far the match lead may still move (cards left to the two
of us, rounds after this one)."""


def grid_terms(
    cells: Sequence[int], base: int, up: int, share: Sequence[float], sun: float
) -> tuple[float, float, float]:
    """The grid at ``cells[base:base + 12]`` with face-up spots ``up``: its
    score now, and the sums over its face-down spots of what a random unseen
    card would add there (``share``: each colour's part of the unseen cards,
    ``sun``: their mean suns) and of the best colour's gain."""
    masks = color_masks(cells, base, up)
    score = sum(min(GROUP_VALUE[m], 60) for m in masks)
    flip = best = 0.0
    colours = tuple(zip(share, masks, strict=True))
    for i in range(12):
        bit = 1 << i
        if up & bit:
            score += SUNS[cells[base + i]]
            continue
        # A card with no neighbour of its colour adds a group of one, worth
        # nothing: only the colours beside the spot can gain (a gain is never
        # negative, so the best is at least 0). Leaving the zeros out of the
        # sums changes no bit of them, and takes a third off the evaluation's cost.
        near = NEIGHBOUR_MASK[i]
        gains = [
            (s, min(GROUP_VALUE[m | bit] - GROUP_VALUE[m], 30)) for s, m in colours if m & near
        ]
        if gains:
            flip += sun + sum(s * x for s, x in gains)
            best += max(x for _, x in gains)
        else:
            flip += sun
    return float(score), flip, best


def seen_cards(g: Game) -> list[int]:
    """Every card in sight: face up on a grid, in a discard pile or in the hand."""
    seen = [g.cells[12 * p + i] for p, up in enumerate(g.up) for i in range(12) if up >> i & 1]
    seen += [*g.piles[0], *g.piles[1]]
    if g.hand >= 0:
        seen.append(g.hand)
    return seen


def unseen_mix(seen: Sequence[int]) -> tuple[list[float], float]:
    """Each colour's share of the cards not in ``seen``, and their mean suns."""
    counts = [0] * 5
    for c in seen:
        counts[COLOR_OF[c]] += 1
    unseen = max(1, DECK_SIZE - len(seen))
    share = [max(0, PER_COLOR - k) / unseen for k in counts]
    return share, (ALL_SUNS - sum(SUNS[c] for c in seen)) / unseen


def _grids(g: Game) -> list[tuple[float, float, float]]:
    """:func:`grid_terms` of every seat, from the colours still unseen."""
    share, sun = unseen_mix(seen_cards(g))
    return [grid_terms(g.cells, 12 * p, up, share, sun) for p, up in enumerate(g.up)]


def _pile_top(g: Game, seat: int) -> float:
    """At the start of a turn: what the better pile top is worth to the seat
    to move beyond a draw (casual's values, in tens), against ``seat`` when
    that is another seat; 0 within a turn."""
    cur = g.current
    if g.mode != START or cur < 0:
        return 0.0
    base, up, cells = 12 * cur, g.up[cur], g.cells
    masks = color_masks(cells, base, up)
    best = CASUAL_WEIGHTS.draw
    for pile in g.piles:
        if pile:
            best = max(best, best_place(cells, base, up, masks, pile[-1], CASUAL_WEIGHTS)[0])
    gain = (best - CASUAL_WEIGHTS.draw) / 10
    return gain if cur == seat else -gain


def features(g: Game, seat: int) -> list[float]:
    """The model's inputs for ``seat`` (see :data:`FEATURES`); public facts only."""
    return _features(g, seat, _grids(g))


def _features(g: Game, seat: int, terms: list[tuple[float, float, float]]) -> list[float]:
    n = len(g.up)
    down = [12 - g.up[p].bit_count() for p in range(n)]
    others = [p for p in range(n) if p != seat]
    proj = [g.totals[p] + terms[p][0] + terms[p][1] for p in range(n)]
    ranked = sorted(others, key=lambda p: (-proj[p], p))
    rival = ranked[0]
    mine, theirs = terms[seat], terms[rival]
    last = 1.0 if g.round >= g.rounds else 0.0
    after = g.rounds - g.round
    match_lead = (g.totals[seat] - max(g.totals[p] for p in others)) / 10
    score_lead = (mine[0] - theirs[0]) / 10
    flip_lead = (mine[1] - theirs[1]) / 10
    spread = math.sqrt(0.5 + 0.04 * (down[seat] + down[rival]) + 1.2 * after)
    second = (proj[seat] - proj[ranked[1]]) / 10 if n > 2 else 0.0
    race = min(down)
    other_ended = 1.0 if g.ender >= 0 and g.ender != seat else 0.0
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
        (proj[seat] - proj[rival]) / 10 / spread,
        second / spread,
        after / 2,
        _pile_top(g, seat),
        score_lead * (1 - race / 12),
        other_ended * (score_lead + last * match_lead),
        down[rival] / 12,
        mine[1] / 10,
        theirs[1] / 10,
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
    return _chance(features(g, seat), weights)


def assess(g: Game, seat: int, round_no: int) -> tuple[float, float, float]:
    """:func:`evaluate`; the seat's points for round ``round_no`` as
    expected from here: its score once that round is scored, until then its
    grid's score plus what its face-down spots are expected to add (an
    instant win ends the game unscored: the grid as it stands); and its
    *standing*, those points less the mean of every seat's."""
    if len(g.round_scores) >= round_no:
        points = [float(x) for x in g.round_scores[round_no - 1]]
        chance = evaluate(g, seat)
    else:
        terms = _grids(g)
        if g.winners:
            points = [t[0] for t in terms]
            chance = evaluate(g, seat)
        else:
            points = [t[0] + t[1] for t in terms]
            chance = _chance(_features(g, seat, terms), WEIGHTS)
    return chance, points[seat], points[seat] - sum(points) / len(points)


def _chance(xs: list[float], weights: tuple[float, ...]) -> float:
    return logistic(sum(w * x for w, x in zip(weights, xs, strict=True)))
