"""What one player may know, and games sampled to agree with it.

An observation holds everything public: face-up cards, the hand, the discard
piles (every card in them was shown face up, so a player with a good memory
knows them all), counts, scores. It never holds a face-down card nor the
order of the draw pile. Bots decide on observations only; searching bots
play out games from :meth:`Observation.sample`, which re-deals the hidden
cards at random.

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=1)
>>> obs = g.observation(0)
>>> obs.grids[0].count(-1), len(obs.unseen), obs.draw_count
(12, 73, 49)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .cards import CODES, DECK_SIZE
from .errors import MalformedError
from .game import NOTHING_PLAYED, Game
from .rng import Rng

HIDDEN = -1
"""A face-down card in :attr:`Observation.grids`."""


@dataclass(frozen=True, slots=True)
class Observation:
    seat: int
    """Whose point of view (everything here is public, so any seat sees the same)."""
    names: tuple[str, ...]
    current: int
    """The seat to play, or -1 when the game is over."""
    mode: int
    hand: int
    """The card in hand (shown face up to all), or -1."""
    legal_actions: tuple[str, ...]
    grids: tuple[tuple[int, ...], ...]
    """Per seat, 12 card ids in spot order; :data:`HIDDEN` where face down."""
    up: tuple[int, ...]
    piles: tuple[tuple[int, ...], tuple[int, ...]]
    """Both discard piles in full, bottom first: every card there was seen."""
    draw_count: int
    unseen: tuple[int, ...]
    """Cards not seen this round (sorted): face down in a grid or in the draw pile."""
    recycled: tuple[int, ...]
    """Seen cards that a reshuffle put back in the draw pile (sorted: a set)."""
    round: int
    rounds: int
    turns: int
    ender: int
    round_scores: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.names)

    def sample(self, rng: random.Random) -> Game:
        """A full game state that agrees with this observation: the unseen
        cards dealt at random to the face-down spots and the draw pile, the
        draw pile shuffled, and a fresh random stream for later reshuffles.

        ``random.Random`` shuffles here, three times faster than the
        engine's :class:`Rng`: a search samples a hundred deals per decision,
        and a sample needs no order that holds across Python versions."""
        hidden = list(self.unseen)
        rng.shuffle(hidden)
        cells = [c for grid in self.grids for c in grid]
        for i, c in enumerate(cells):
            if c == HIDDEN:
                cells[i] = hidden.pop()
        draw = hidden  # what is left of a shuffled list is in random order
        if self.recycled:
            draw += self.recycled
            rng.shuffle(draw)
        recycled = 0
        for c in self.recycled:
            recycled |= 1 << c
        return Game._make(  # by position, in its order (see Game._make)
            self.names, self.rounds, 0, 0, (), Rng(rng.getrandbits(64)),  # no seed, no decks
            cells, list(self.up), (list(self.piles[0]), list(self.piles[1])), draw, recycled,
            self.hand, self.mode, self.current, self.round, self.turns, self.ender,
            list(self.round_scores), list(self.totals),
            [], None, bytearray(), 0, NOTHING_PLAYED,  # no winners, outcome, history
        )  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        """Plain JSON data with card codes (``null`` for a face-down card)."""

        def code(c: int) -> str | None:
            return None if c < 0 else CODES[c]

        return {
            "seat": self.seat,
            "names": list(self.names),
            "current": None if self.current < 0 else self.current,
            "hand": code(self.hand),
            "legal_actions": list(self.legal_actions),
            "grids": [[code(c) for c in grid] for grid in self.grids],
            "piles": [[CODES[c] for c in pile] for pile in self.piles],
            "draw_count": self.draw_count,
            "unseen": [CODES[c] for c in self.unseen],
            "recycled": [CODES[c] for c in self.recycled],
            "round": self.round,
            "rounds": self.rounds,
            "turns": self.turns,
            "ender": None if self.ender < 0 else self.ender,
            "round_scores": [list(r) for r in self.round_scores],
            "totals": list(self.totals),
        }


def observe(game: Game, seat: int) -> Observation:
    """Build ``seat``'s observation of ``game`` (see :meth:`Game.observation`)."""
    n = game.players
    if not 0 <= seat < n:
        raise MalformedError(f"no seat {seat} in a game of {n}")
    grids = tuple(
        tuple(game.cells[12 * p + i] if game.up[p] >> i & 1 else HIDDEN for i in range(12))
        for p in range(n)
    )
    seen = 0
    for grid in grids:
        for c in grid:
            if c >= 0:
                seen |= 1 << c
    for pile in game.piles:
        for c in pile:
            seen |= 1 << c
    if game.hand >= 0:
        seen |= 1 << game.hand
    recycled = game.recycled & ~seen  # those not drawn again since
    seen |= recycled
    over = game.over
    return Observation(
        seat=seat,
        names=game.names,
        current=-1 if over else game.current,
        mode=game.mode,
        hand=game.hand,
        legal_actions=game.legal_actions(),
        grids=grids,
        up=tuple(game.up),
        piles=(tuple(game.piles[0]), tuple(game.piles[1])),
        draw_count=len(game.draw),
        unseen=tuple(c for c in range(DECK_SIZE) if not seen >> c & 1),
        recycled=tuple(c for c in range(DECK_SIZE) if recycled >> c & 1),
        round=game.round,
        rounds=game.rounds,
        turns=game.turns,
        ender=game.ender,
        round_scores=tuple(game.round_scores),
        totals=tuple(game.totals),
    )
