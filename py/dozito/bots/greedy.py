"""The greedy levels: ``casual`` takes whatever scores best right now;
``rookie`` plays the same way but sometimes settles for a worse move.

Each legal action gets a value: the change in the grid's score if a card is
placed (groups and suns, from :mod:`.grid`), plus fixed bonuses for turning a
face-down spot up (progress towards the end of the round, and a flipped card
to play on with), for discarding a Replay card (another turn), and a fixed
guess at what an unknown draw is worth. No card counting, no look-ahead.

The same values drive the fast rollouts of ``expert`` (:mod:`.rollout`), so
they read a grid as a flat list of cells plus a face-up mask, which both an
:class:`~dozito.observation.Observation` and a :class:`~dozito.game.Game`
provide; cells of face-down spots are never read.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import decode
from ..cards import COLOR_OF, IS_REPLAY, IS_STOP, NUMBER, SUNS
from ..observation import Observation
from ..scoring import color_masks
from .grid import GROUP_VALUE, place_gain


@dataclass(frozen=True, slots=True)
class Weights:
    """The fixed bonuses of the greedy levels (in round points)."""

    progress: float = 1.0
    """A face-down spot turned face up: one step closer to a full grid."""
    chain: float = 1.5
    """The flipped card, which the player may place in turn."""
    draw: float = 2.5
    """The guessed worth of drawing an unknown card."""
    replay: float = 3.0
    """Another turn, from discarding a Replay card."""
    hide: bool = False
    """Mind the next player: count half of what a card we let go is worth to
    them as our loss, and cover the pile top they want (play-outs only)."""


CASUAL_WEIGHTS = Weights()
PLAY_OUT_WEIGHTS = Weights(hide=True)
"""The play-outs of ``expert``: casual, plus minding what a discard gives away."""


def place_value(
    cells: Sequence[int], base: int, up: int, masks: Sequence[int], i: int, card: int, w: Weights
) -> float:
    """The greedy worth of placing ``card`` at index ``i`` of the grid at ``base``."""
    gain: float = place_gain(cells, base, up, masks, i, card)
    if not up >> i & 1:
        gain += w.progress
        if not IS_STOP[card]:
            gain += w.chain
    elif IS_REPLAY[cells[base + i]]:
        gain += w.replay  # the replaced Replay card is discarded: another turn
    return gain


def best_place(
    cells: Sequence[int], base: int, up: int, masks: Sequence[int], card: int, w: Weights
) -> tuple[float, int]:
    """The best placement of ``card``: its value and the spot index (the
    lowest spot on a tie, as the legal actions list spots in order)."""
    number = NUMBER[card]
    if number:
        return place_value(cells, base, up, masks, number - 1, card, w), number - 1
    return best_joker_place(cells, base, up, masks, COLOR_OF[card], w)


def best_joker_place(
    cells: Sequence[int], base: int, up: int, masks: Sequence[int], color: int, w: Weights
) -> tuple[float, int]:
    """:func:`best_place` of a joker of ``color``, the play-outs' hottest
    loop, unrolled: a joker has no suns and no effect, so each of its twelve
    spots costs a few table look-ups (tests check it against
    :func:`place_value`)."""
    mine = masks[color]
    here = GROUP_VALUE[mine]
    fresh = w.progress + w.chain
    best, best_i = -math.inf, 0
    for i in range(12):
        bit = 1 << i
        joined = GROUP_VALUE[mine | bit] - here
        if up & bit:
            old = cells[base + i]
            old_color = COLOR_OF[old]
            value: float = -SUNS[old]
            if old_color != color:
                theirs = masks[old_color]
                value += GROUP_VALUE[theirs & ~bit] - GROUP_VALUE[theirs] + joined
            if IS_REPLAY[old]:
                value += w.replay
        else:
            value = joined + fresh
        if value > best:
            best, best_i = value, i
    return best, best_i


def greedy_values(
    cells: Sequence[int],
    up: Sequence[int],
    piles: Sequence[Sequence[int]],
    hand: int,
    seat: int,
    legal: Sequence[str],
    w: Weights,
) -> list[float]:
    """The greedy value of each action in ``legal`` for the player at ``seat``."""
    base = 12 * seat
    mine = up[seat]
    masks = color_masks(cells, base, mine)
    values: list[float] = []
    for action in legal:
        kind, arg = decode(action)
        if kind == "place":
            values.append(place_value(cells, base, mine, masks, arg - 1, hand, w))
        elif kind == "take":
            values.append(best_place(cells, base, mine, masks, piles[arg][-1], w)[0])
        elif kind == "draw":
            values.append(w.draw)
        else:
            values.append(w.replay if IS_REPLAY[hand] else 0.0)
    return values


def observation_values(obs: Observation, w: Weights) -> list[float]:
    """:func:`greedy_values` for the player to move in ``obs``."""
    cells = [c for grid in obs.grids for c in grid]
    return greedy_values(cells, obs.up, obs.piles, obs.hand, obs.current, obs.legal_actions, w)


def argmax(values: Sequence[float]) -> int:
    """Index of the best value (the first one on a tie, so choices are stable)."""
    best = 0
    for k in range(1, len(values)):
        if values[k] > values[best]:
            best = k
    return best


class CasualBot:
    """Greedy: the action that scores best right now."""

    name = "casual"

    def choose(self, obs: Observation, rng: random.Random) -> str:
        return obs.legal_actions[argmax(observation_values(obs, CASUAL_WEIGHTS))]


class RookieBot:
    """Casual's judgement, with human-looking slips.

    On a real choice, it sometimes takes the second-best action instead of
    the best, but only when that action is not far worse: a beginner misses
    a better spot or draws when a pile card was better, and never throws a
    good card away for nothing.
    """

    name = "rookie"
    slip_chance = 0.3
    max_slip = 6.0
    """The most a slip may cost, in the greedy values' points."""

    def choose(self, obs: Observation, rng: random.Random) -> str:
        legal = obs.legal_actions
        values = observation_values(obs, CASUAL_WEIGHTS)
        order = sorted(range(len(legal)), key=lambda k: (-values[k], k))
        slip = rng.random() < self.slip_chance
        if slip and len(order) > 1 and values[order[0]] - values[order[1]] <= self.max_slip:
            return legal[order[1]]
        return legal[order[0]]
