"""A game reviewed decision by decision, for one seat.

A *decision* is a step at which the seat was to play and had more than one
legal action (a forced move tells nothing of how a player plays).

>>> from dozito import Game
>>> from dozito.timeline import Timeline
>>> g = Game.new(["Ann", "Bob"], seed=1, rounds=1)
>>> for a in ("draw", "discard:0", "take:1", "place:10"):
...     _ = g.apply(a)
>>> Review(Timeline(g), seat=1).decisions  # the taken G10 could only go to spot 10
(2,)
>>> Review(Timeline(g), seat=0).decisions
(0, 1)
"""

from __future__ import annotations

from typing import Any

from .errors import MalformedError
from .timeline import Timeline


class Review:
    """The decisions of ``seat`` in the game a timeline follows, and the
    running totals a chart of the game needs."""

    def __init__(self, timeline: Timeline, seat: int) -> None:
        players = timeline.game.players
        if not 0 <= seat < players:
            raise MalformedError(f"seat must be from 0 to {players - 1}, not {seat}")
        self.timeline = timeline
        self.seat = seat

    @property
    def decisions(self) -> tuple[int, ...]:
        """The steps at which the seat chose among several legal actions."""
        t = self.timeline
        return tuple(
            step for step in range(t.steps) if t.to_play(step) == self.seat and t.choices(step) > 1
        )

    def totals(self) -> list[list[int]]:
        """Each seat's total after each scored round, round by round."""
        return [list(self.timeline.at(step)[0].totals) for step in self.timeline.round_ends]

    def start_json(self) -> dict[str, Any]:
        """What the review of this seat starts from: the ``review_start`` answer."""
        return {
            "seat": self.seat,
            "steps": self.timeline.steps,
            "decisions": list(self.decisions),
            "totals": self.totals(),
            "round_ends": list(self.timeline.round_ends),
        }
