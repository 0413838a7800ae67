"""A game reviewed decision by decision, for one seat, with the expert's judgement.

A *decision* is a step at which the seat was to play and had more than one
legal action (a forced move tells nothing of how a player plays).
:func:`judge` weighs the move played there against the expert's best, from
the seat's observation at that moment (never the hidden cards), with the
expert's own search (:func:`.bots.expert.search`) made deeper and wider
(:data:`.explain.AID_BUDGET`), the very search a hint makes
(:func:`.explain.aid_search`), so both name the same best move;
:func:`summarize` sums a seat's judgements up.

A move is a *mistake* when the best move's chance of winning beats the
played one's by :data:`MISTAKE_Z` standard errors of their paired
differences (both are played out on the same sampled deals) and by at least
:data:`MISTAKE_WIN`: beyond the search's noise, and worth saying.

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .bots.expert import z_score
from .errors import MalformedError
from .explain import Option, aid_reason, aid_search, evaluation_of
from .timeline import Timeline

MISTAKE_Z: Final = 3.0
"""Standard errors by which the best move must beat the played one: the
expert itself switches at 1 (``ExpertBudget.confidence``); how often its
own moves are flagged at 3 is in ``docs/BENCHMARKS.md``."""
MISTAKE_WIN: Final = 0.01
"""And by at least this much chance of winning the match: a sure but tiny
loss is no mistake worth a word."""
EXPERT_LOSS: Final = {"points": 0.087, "win": 0.0032, "mistakes": 0.0029}
"""What the expert's own moves lose per decision in this review, measured
on 15 all-expert 1-round 2-player games (689 decisions) by ``python -m
dozito.lab.review_check --games 15`` (see ``docs/BENCHMARKS.md``): the
yardstick a player's review is compared with."""


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


@dataclass(frozen=True, slots=True)
class Judgement:
    """The expert's judgement of one decision."""

    step: int
    seat: int
    played: str
    best: str
    """The expert's choice (the played move when it found none clearly better)."""
    points: float
    """Expected round points the played move lost against the best (>= 0)."""
    margin: float
    """What the played move gave up against the best in the seat's
    standing (its expected round points less the mean of every seat's),
    not floored at 0: the account sums these beside the gap, so the
    search's noise cancels, and a move that costs the others too counts
    only what it costs against them."""
    win: float
    """Chance of winning the match it lost (>= 0, from 0 to 1)."""
    z: float
    """How many standard errors the best beat the played move by (0 if the same)."""
    chance: float | None
    """The seat's estimated chance of winning after the played move."""
    reason: dict[str, Any]
    """Why the best move, in :func:`.explain.reason`'s terms (the hints' shape)."""
    options: tuple[Option, ...]

    @property
    def mistake(self) -> bool:
        return self.z >= MISTAKE_Z and self.win >= MISTAKE_WIN

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "points": round(self.points, 2),
            "win": round(self.win, 4),
            "z": round(self.z, 2),
            "mistake": self.mistake,
            "chance": None if self.chance is None else round(self.chance, 4),
            "reason": self.reason,
            "options": [o.to_json() for o in self.options],
        }


def judge(timeline: Timeline, step: int) -> Judgement:
    """The expert's judgement of the decision at ``step`` (a
    :class:`MalformedError` if no seat had a choice there): its best move is
    the hint's at that step, and the played move is weighed against it on
    the same sampled deals."""
    if not 0 <= step < timeline.steps or timeline.choices(step) < 2:
        raise MalformedError(f"step {step} is no decision: nobody had a choice there")
    state, _ = timeline.at(step)
    seat = state.current
    played = timeline.actions[step]
    obs = state.observation(seat)
    found = aid_search(obs, state.seed, step)
    best = found.action
    if all(c.action != played for c in found.candidates):
        # Searched again with the played move among the candidates, for its
        # numbers; the best move stays the one the hint names.
        found = aid_search(obs, state.seed, step, played)
    evaluation = evaluation_of(obs, found, best)
    points = margin = win = z = 0.0
    if best != played:
        by_action = {c.action: c for c in found.candidates}
        top, mine = by_action[best], by_action[played]
        # The deals both were played out on (a candidate clearly behind is
        # dropped after a while): differences paired deal by deal.
        n = min(len(top.worths), len(mine.worths))
        gains = [a - b for a, b in zip(top.worths[:n], mine.worths[:n], strict=True)]
        z = max(0.0, z_score(gains))
        win = max(0.0, sum(gains) / n)
        points = sum(a - b for a, b in zip(top.points[:n], mine.points[:n], strict=True)) / n
        margin = sum(a - b for a, b in zip(top.standings[:n], mine.standings[:n], strict=True)) / n
    return Judgement(
        step=step,
        seat=seat,
        played=played,
        best=best,
        points=max(0.0, points),
        margin=margin,
        win=win,
        z=z,
        chance=evaluation.option(played).win,
        reason=aid_reason(obs, evaluation, state.seed, step),
        options=evaluation.options,
    )


def summarize(review: Review, judgements: Sequence[Judgement]) -> dict[str, Any]:
    """The summary of a seat's judged decisions, beside the expert's own
    loss per decision (:data:`EXPERT_LOSS`)."""
    mine = [j for j in judgements if j.seat == review.seat]
    mistakes = [j for j in mine if j.mistake]
    biggest = max(mistakes, key=lambda j: (j.points, j.win), default=None)
    n = max(1, len(mine))
    return {
        "seat": review.seat,
        "decisions": len(review.decisions),
        "judged": len(mine),
        "mistakes": len(mistakes),
        "points_lost": round(sum(j.points for j in mistakes), 2),
        "win_lost": round(sum(j.win for j in mistakes), 4),
        "biggest": None if biggest is None else biggest.to_json(),
        "per_decision": {
            "points": round(sum(j.points for j in mine) / n, 3),
            "win": round(sum(j.win for j in mine) / n, 4),
            "mistakes": round(len(mistakes) / n, 4),
        },
        "expert": dict(EXPERT_LOSS),
    }
