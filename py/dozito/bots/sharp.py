"""The ``sharp`` level: greedy values made exact by counting cards, plus the
race, the hand-off to the next player and the match standing.

Where ``casual`` guesses, ``sharp`` counts. Every card it has not seen this
round is equally likely to lie under any face-down spot or in the draw pile,
so it knows what a draw is worth (the average, over the cards that can come,
of the best thing to do with each) and what turning a face-down card up is
worth (the same average over the cards that can lie there). It values a
card not only for the groups it joins now but for the face-down neighbours
that a still-unseen card of its colour could one day fill. A card it lets
go costs what it gives the next player over what that player had anyway,
and it covers the pile that player would like best. Finally it reads the
standing (this round's score, plus the totals in the last round): ahead, it
hurries to fill its grid and end the round; behind, it holds back from
ending a round it would lose.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cached_property

from ..actions import decode
from ..cards import COLOR_OF, IS_REPLAY, IS_STOP, NUMBER
from ..observation import Observation
from ..scoring import ALL_UP, color_masks
from .greedy import CASUAL_WEIGHTS, argmax, best_place
from .grid import NEIGHBOUR_MASK, grid_value, place_gain


@dataclass(frozen=True, slots=True)
class SharpWeights:
    """Sharp's judgement, in round points."""

    progress: float = 1.0
    """A face-down spot turned up, before the pace adjusts it."""
    replay: float = 4.0
    """Another turn."""
    reach: float = 0.6
    """Per face-down neighbour that a still-available card of the same colour could fill."""
    handoff: float = 0.7
    """Share of the next player's gain from a card we give them that we count as our loss."""
    race: float = 8.0
    """Most that ending the round (filling the grid) is worth when clearly ahead."""
    last_turn_gain: float = 4.0
    """What an opponent with face-down cards is expected to gain on a final turn."""
    pace: float = 0.5
    """How much being ahead (behind) raises (lowers) the value of progress."""


SHARP_WEIGHTS = SharpWeights()


class _Position:
    """One decision's facts, computed once: the grids, what can still come,
    the standing, and what a flip and a draw are worth."""

    def __init__(self, obs: Observation, w: SharpWeights) -> None:
        self.w = w
        self.obs = obs
        self.seat = seat = obs.current
        self.players = n = obs.players
        self.cells = [c for grid in obs.grids for c in grid]
        self.base = 12 * seat
        self.up = obs.up[seat]
        self.masks = color_masks(self.cells, self.base, self.up)
        self.last_turn = obs.ender >= 0
        # What may still reach us: unseen cards, reshuffled ones, the pile tops.
        tops = [p[-1] for p in obs.piles if p]
        self.available = set(obs.unseen) | set(obs.recycled) | set(tops)
        self.margin = self._margin()
        pace = math.tanh(self.margin / 10)
        self.progress = 0.0 if self.last_turn else w.progress * (1 + w.pace * pace)
        self.next_seat = nxt = (seat + 1) % n
        self.next_masks = color_masks(self.cells, 12 * nxt, obs.up[nxt])
        self.handoffs: dict[int, float] = {}
        self.statics: dict[int, float] = {}
        self.jokers: dict[tuple[int, float], float] = {}
        self.reach = self._reach_table()

    # -- standing -------------------------------------------------------

    def _margin(self) -> float:
        """Our lead over the best opponent, counting what they may still add
        on one more turn; totals count only in the last round."""
        obs = self.obs
        last_round = obs.round == obs.rounds
        scores = [
            grid_value(self.cells, 12 * p, obs.up[p]) + (obs.totals[p] if last_round else 0)
            for p in range(self.players)
        ]
        best_other = max(
            scores[p] + (self.w.last_turn_gain if obs.up[p] != ALL_UP else 0.0)
            for p in range(self.players)
            if p != self.seat
        )
        return scores[self.seat] - best_other

    # -- what a card is worth to us -------------------------------------

    def _reach_table(self) -> list[float]:
        """Per colour and spot index: the future group growth of a card of
        that colour there, counted as its face-down neighbours that the card
        of the same colour (still available) could one day fill."""
        table = [0.0] * 60
        if self.last_turn:
            return table
        for color in range(5):
            for i in range(12):
                down = NEIGHBOUR_MASK[i] & ~self.up
                count = 0
                while down:
                    j = (down & -down).bit_length() - 1
                    down &= down - 1
                    count += 15 * color + j in self.available  # that colour's card for spot j + 1
                table[12 * color + i] = self.w.reach * count
        return table

    def _static(self, i: int, card: int) -> float:
        """Worth of placing ``card`` at index ``i``, but for the card a flip
        turns up (remembered: the averages ask for the same placements)."""
        key = 12 * card + i
        value = self.statics.get(key)
        if value is not None:
            return value
        up = self.up
        value = (
            place_gain(self.cells, self.base, up, self.masks, i, card)
            + self.reach[12 * COLOR_OF[card] + i]
        )
        bit = 1 << i
        if up & bit:
            old = self.cells[self.base + i]
            value -= self.reach[12 * COLOR_OF[old] + i]
            value += self.w.replay if IS_REPLAY[old] else -self.best_handoff(old)
        else:
            value += self.progress
            if up | bit == ALL_UP:
                value += self.finish_value()
        self.statics[key] = value
        return value

    def place(self, i: int, card: int, flip: float) -> float:
        """Worth of placing ``card`` at index ``i``; ``flip`` is what the
        card turned up (if face down) is worth to play on with."""
        value = self._static(i, card)
        if not self.up >> i & 1 and not IS_STOP[card]:
            value += flip
        return value

    def finish_value(self) -> float:
        """Ending the round by filling the grid: good when ahead, bad when behind."""
        return self.w.race * math.tanh(self.margin / 5)

    def best_place(self, card: int, flip: float) -> float:
        number = NUMBER[card]
        if number:
            return self.place(number - 1, card, flip)
        # The three jokers of a colour are alike (no suns, no effect).
        key = (COLOR_OF[card], flip)
        best = self.jokers.get(key)
        if best is None:
            best = self.jokers[key] = max(self.place(i, card, flip) for i in range(12))
        return best

    def keep_or_drop(self, card: int, flip: float) -> float:
        """The best of placing ``card`` or discarding it (for an unknown card)."""
        drop = self.w.replay if IS_REPLAY[card] else 0.0
        return max(self.best_place(card, flip), drop)

    @cached_property
    def flip(self) -> float:
        """The average worth of a face-down card, once turned up: any unseen
        card may lie there. Its own flip is valued at casual's guess."""
        unseen = self.obs.unseen
        if not unseen:
            return 0.0
        return sum(self.keep_or_drop(c, CASUAL_WEIGHTS.chain) for c in unseen) / len(unseen)

    @cached_property
    def draw(self) -> float:
        """The average worth of the top of the draw pile: an unseen card not
        under a face-down spot, or a reshuffled one."""
        obs = self.obs
        recycled = obs.recycled
        if obs.draw_count <= 0:
            return 0.0
        unseen_share = (obs.draw_count - len(recycled)) / obs.draw_count
        total = 0.0
        if obs.unseen and unseen_share > 0:
            total += (
                unseen_share
                * sum(self.keep_or_drop(c, self.flip) for c in obs.unseen)
                / len(obs.unseen)
            )
        if recycled:
            total += sum(self.keep_or_drop(c, self.flip) for c in recycled) / obs.draw_count
        return total

    # -- what a card is worth to the next player ------------------------

    def _worth_to_next(self, card: int) -> float:
        """The casual worth of a pile card to the next seat (it must be placed)."""
        nxt = self.next_seat
        up = self.obs.up[nxt]
        return best_place(self.cells, 12 * nxt, up, self.next_masks, card, CASUAL_WEIGHTS)[0]

    def handoff(self, card: int, pile: int) -> float:
        """Our loss from putting ``card`` on ``pile``: what the next player
        can then take, beyond what a draw gives them. When the next turn is
        ours (a Replay), it is a gain instead."""
        obs = self.obs
        other = obs.piles[1 - pile]
        offers = [card] + ([other[-1]] if other else [])
        if IS_REPLAY[card]:
            return -self.w.handoff * max(
                0.0, max(self.best_place(c, self.flip) for c in offers) - self.draw
            )
        if self.last_turn and self.next_seat == obs.ender:
            return 0.0  # the round ends before that player moves again
        best = max(self._worth_to_next(c) for c in offers)
        return self.w.handoff * max(0.0, best - CASUAL_WEIGHTS.draw)

    def best_handoff(self, card: int) -> float:
        """The hand-off of ``card`` on the better legal pile (remembered: a
        flip or a draw asks again for the same replaced cards)."""
        cost = self.handoffs.get(card)
        if cost is None:
            piles = self.obs.piles
            choices = (0, 1) if piles[0] and piles[1] else (0 if not piles[0] else 1,)
            cost = self.handoffs[card] = min(self.handoff(card, k) for k in choices)
        return cost

    # -- the actions ------------------------------------------------------

    def value(self, action: str) -> float:
        obs = self.obs
        kind, arg = decode(action)
        if kind == "place":
            return self.place(arg - 1, obs.hand, self.flip)
        if kind == "take":
            return self.best_place(obs.piles[arg][-1], self.flip)
        if kind == "draw":
            return self.draw
        drop = self.w.replay if IS_REPLAY[obs.hand] else 0.0
        return drop - self.handoff(obs.hand, arg)


class SharpBot:
    """Counts cards, weighs the race and the hand-off to the next player."""

    name = "sharp"

    def __init__(self, weights: SharpWeights = SHARP_WEIGHTS) -> None:
        self.weights = weights

    def choose(self, obs: Observation, rng: random.Random) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        return legal[argmax(sharp_values(obs, self.weights))]


def sharp_values(obs: Observation, weights: SharpWeights = SHARP_WEIGHTS) -> list[float]:
    """Sharp's value of each legal action (for searching bots and tests)."""
    position = _Position(obs, weights)
    return [position.value(a) for a in obs.legal_actions]
