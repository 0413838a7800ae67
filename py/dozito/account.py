"""A game's account: what luck and what decisions gave each player, and the
game's turning points, as data the page words in sentences.

*Luck* is what a card coming to light (a draw from the draw pile, a
face-down card turned up by a place) changed against what was to be
expected: for every seat, its expected round score just after the card was
seen, less its expected score after the same action over every card that
could have come (the luck of a round's deal: each seat's expected score
at the start, less the seats' mean). An expected score is the mean round
score of the greedy play-outs the expert's search uses
(:func:`.bots.rollout.play_out`) over :data:`SAMPLES` deals of the cards
that seat has not seen; so luck is judged from each seat's own
observation, like the review's decisions.

*Decisions* are the review's judgements (:mod:`.review`): the expected
round points each move gave up against the expert's best.

:func:`account` sums both per seat and measures how much of the real gap
between players they leave unexplained (``residual``; the tolerance
measured on 50 games is in ``docs/engine-contract.md``);
:func:`turning_points` picks the three costliest decisions and the biggest
strokes of luck, with the cards and spots their sentences name.

>>> from dozito import Game
>>> from dozito.timeline import Timeline
>>> g = Game.new(["Ann", "Bob"], seed=1, rounds=1)
>>> for a in ("draw", "discard:0"):
...     _ = g.apply(a)
>>> events = round_luck(Timeline(g), 1).events
>>> [(e.step, e.kind, e.seat) for e in events]
[(0, 'draw', 0)]
>>> figure(-0.04), figure(2.345)
(0.0, 2.3)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .actions import decode
from .bots.greedy import PLAY_OUT_WEIGHTS
from .bots.rollout import play_out
from .cards import CODES
from .errors import MalformedError
from .explain import placement
from .game import Game
from .observation import HIDDEN
from .review import EXPERT_LOSS, Judgement
from .scoring import round_score
from .timeline import Timeline

SAMPLES: Final = 24
"""Sampled deals per expected score: enough that a stroke of luck of a
point or more stands out of the estimate's noise (about 0.6 points)."""
TURNING_POINTS: Final = 3
"""How many costliest decisions and biggest strokes of luck are told."""


def figure(value: float, digits: int = 1) -> float:
    """``value`` rounded for a sentence, never ``-0.0``."""
    rounded = round(value, digits)
    return rounded if rounded != 0 else 0.0


@dataclass(frozen=True, slots=True)
class LuckEvent:
    """A card that came to light, and what it changed for every seat."""

    step: int
    seat: int
    """Who drew or turned it up."""
    kind: str
    """``draw`` or ``flip``."""
    card: str
    spot: int | None
    """The spot it was turned up on (a flip), or None (a draw)."""
    points: tuple[float, ...]
    """Per seat: its expected round score after it, less what was expected."""

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "kind": self.kind,
            "card": self.card,
            "spot": self.spot,
            "points": [figure(p, 2) for p in self.points],
        }


@dataclass(frozen=True, slots=True)
class RoundLuck:
    """The luck of one round: its deal's, then card by card."""

    round: int
    deal: tuple[float, ...]
    """Per seat: expected round score at the start, less the seats' mean."""
    events: tuple[LuckEvent, ...]
    scores: tuple[int, ...] | None
    """The round's scores (None if it is not over)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "deal": [figure(d, 2) for d in self.deal],
            "events": [e.to_json() for e in self.events],
            "scores": None if self.scores is None else list(self.scores),
        }


def _points(g: Game, seat: int, round_no: int) -> int:
    """The seat's score for round ``round_no`` at the end of a play-out
    (an instant win ends the game unscored: its grid as it stands)."""
    if len(g.round_scores) >= round_no:
        return g.round_scores[round_no - 1][seat]
    return round_score(g.grid(seat), g.up[seat])


def expected(state: Game, seat: int, rng: random.Random, action: str | None = None) -> float:
    """The seat's expected score for the round from its observation of
    ``state`` (after ``action``, if given), over :data:`SAMPLES` play-outs."""
    obs = state.observation(seat)
    total = 0
    for _ in range(SAMPLES):
        g = obs.sample(rng)
        if action is not None:
            g.apply(action)
        play_out(g, PLAY_OUT_WEIGHTS)
        total += _points(g, seat, state.round)
    return total / SAMPLES


def _revealed(state: Game, action: str) -> tuple[str, int | None] | None:
    """What ``action`` brings to light in ``state``: a draw, or a flip of a spot."""
    kind, arg = decode(action)
    if kind == "draw":
        return "draw", None
    if kind == "place" and state.observation(state.current).grids[state.current][arg - 1] == HIDDEN:
        return "flip", arg
    return None


def round_bounds(timeline: Timeline, round_no: int) -> tuple[int, int]:
    """The steps round ``round_no`` starts at and ends at (exclusive)."""
    ends = timeline.round_ends
    if not 1 <= round_no <= len(ends) + 1 or round_no > timeline.game.rounds:
        raise MalformedError(f"round must be from 1 to {len(ends) + 1}, not {round_no}")
    start = 0 if round_no == 1 else ends[round_no - 2]
    return start, ends[round_no - 1] if round_no <= len(ends) else timeline.steps


def round_luck(timeline: Timeline, round_no: int) -> RoundLuck:
    """The luck of round ``round_no`` of the timeline's game: the same on
    every run (its own random streams, by seed, step and seat)."""
    start, end = round_bounds(timeline, round_no)
    state, _ = timeline.at(start)
    seats = range(state.players)
    seed = state.seed

    def rng(step: int, seat: int) -> random.Random:
        return random.Random(f"luck:{seed}:{step}:{seat}")

    at_start = [expected(state, p, rng(start, p)) for p in seats]
    mean = sum(at_start) / len(at_start)
    events: list[LuckEvent] = []
    for step in range(start, end):
        action = timeline.actions[step]
        seen = _revealed(state, action)
        if seen is None:
            state.apply(action)
            continue
        before = [expected(state, p, rng(step, p), action) for p in seats]
        actor = state.current
        state.apply(action)
        card = state.cells[12 * actor + seen[1] - 1] if seen[1] else state.hand
        scored = len(state.round_scores) >= round_no or state.over
        after = [
            _points(state, p, round_no) if scored else expected(state, p, rng(step + 1, p))
            for p in seats
        ]
        points = tuple(a - b for a, b in zip(after, before, strict=True))
        events.append(LuckEvent(step, actor, seen[0], CODES[card], seen[1], points))
    scores = state.round_scores[round_no - 1] if len(state.round_scores) >= round_no else None
    return RoundLuck(
        round_no,
        tuple(e - mean for e in at_start),
        tuple(events),
        None if scores is None else tuple(scores),
    )


def account(
    timeline: Timeline, judgements: Sequence[Judgement], luck: Sequence[RoundLuck]
) -> list[dict[str, Any]]:
    """Per seat, over the finished rounds of ``luck``: the points its
    decisions gave up against the expert (``decisions``; the gap's account
    takes it net of the search's own noise, :data:`.review.EXPERT_LOSS` a
    decision), the points luck
    gave it against the table's mean (``luck``: its deals', ``deal_luck``,
    and its cards', ``card_luck``), its score's gap to the table's mean
    (``gap``), and what luck less decisions, both against the table's mean,
    leave unexplained of that gap (``residual``)."""
    players = timeline.game.players
    done = [r for r in luck if r.scores is not None]
    lost = [sum(j.points for j in judgements if j.seat == p) for p in range(players)]
    judged = [sum(1 for j in judgements if j.seat == p) for p in range(players)]
    # A judgement's points are never below 0, so the search's noise adds up:
    # the expert's own moves lose EXPERT_LOSS a decision. Net of it, the cost.
    net = [lost[p] - EXPERT_LOSS["points"] * judged[p] for p in range(players)]
    dealt = [sum(r.deal[p] for r in done) for p in range(players)]
    cards = [sum(e.points[p] for r in done for e in r.events) for p in range(players)]
    totals = [sum(r.scores[p] for r in done if r.scores) for p in range(players)]

    def mean(values: list[float] | list[int]) -> float:
        return sum(values) / players

    rows = []
    for p in range(players):
        card_luck = cards[p] - mean(cards)
        gap = totals[p] - mean(totals)
        explained = dealt[p] + card_luck - (net[p] - mean(net))
        rows.append(
            {
                "seat": p,
                "decisions": figure(lost[p]),
                "judged": judged[p],
                "luck": figure(dealt[p] + card_luck),
                "deal_luck": figure(dealt[p]),
                "card_luck": figure(card_luck),
                "gap": figure(gap),
                "residual": figure(gap - explained),
            }
        )
    return rows


def move(action: str) -> dict[str, Any]:
    """An action as data for a sentence: ``{"kind", "spot"}`` of a place,
    ``{"kind", "pile"}`` of a take or a discard, ``{"kind": "draw"}``."""
    kind, arg = decode(action)
    if kind == "draw":
        return {"kind": kind}
    return {"kind": kind, "spot" if kind == "place" else "pile": arg}


def _choice_facts(state: Game, seat: int, action: str) -> dict[str, Any] | None:
    """What a place would do with the card in hand: its spot and group."""
    kind, spot = decode(action)
    if kind != "place" or state.hand < 0:
        return None
    return placement(state.observation(seat), seat, state.hand, spot)


def turning_points(
    timeline: Timeline, judgements: Sequence[Judgement], luck: Sequence[RoundLuck]
) -> dict[str, list[dict[str, Any]]]:
    """The :data:`TURNING_POINTS` decisions that cost their player the most
    (with what the played and the best move would do with the card in hand)
    and the biggest strokes of luck, good or bad, for the player it befell."""
    costly = sorted((j for j in judgements if figure(j.points) > 0), key=lambda j: -j.points)
    decisions = []
    for j in costly[:TURNING_POINTS]:
        state, _ = timeline.at(j.step)
        decisions.append(
            {
                "step": j.step,
                "seat": j.seat,
                "played": j.played,
                "best": j.best,
                "points": figure(j.points),
                "card": CODES[state.hand] if state.hand >= 0 else None,
                "played_move": move(j.played),
                "best_move": move(j.best),
                "played_facts": _choice_facts(state, j.seat, j.played),
                "best_facts": _choice_facts(state, j.seat, j.best),
            }
        )
    events = [e for r in luck for e in r.events]
    strokes = sorted(events, key=lambda e: -abs(e.points[e.seat]))[:TURNING_POINTS]
    return {
        "decisions": decisions,
        "luck": [
            {**e.to_json(), "points": figure(e.points[e.seat])}
            for e in strokes
            if figure(e.points[e.seat]) != 0
        ],
    }
