"""A game's account: what luck and what decisions gave each player, and the
game's turning points, as data the page words in sentences.

Both parts are counted in one measure of a seat's prospects, its *expected
round score* (:func:`.bots.evaluation.grid_terms`): its grid's score now
plus, for every face-down spot, what a card drawn at random from the
cards nobody has seen would add there. It needs no sampling, so it has no
noise, and at the round's end it is the score (a group of ten or more
counted as 60).

*Luck* is what a card coming into a hand from the unseen (a draw from the
draw pile, or the card a place turns up) is worth against any card that
could have come: the seat's expected round score after the best use of the
card it got (placed on a spot it may take, or let go), less the mean of the
same over every card it could have got. By construction a card's luck
averages 0 over what could have come; it befalls the seat that drew or
turned up the card.

*Decisions* are the review's judgements (:mod:`.review`): what each move
gave up against the expert's best in the seat's *standing*, its expected
round score (the same measure, after the search's play-outs, on the
search's sampled deals) less the mean of every seat's. Counted against
the table, as the gap is, a move that ends the round early costs what it
costs the seat less what it costs the others.

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
>>> [(e.step, e.kind, e.seat, e.card, figure(e.points)) for e in events]
[(0, 'draw', 0, 'RJ3', -0.3)]

(A joker, with no suns, onto a grid all face down: a little worse than an
average card.)
>>> figure(-0.04), figure(2.345)
(0.0, 2.3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .actions import decode
from .bots.evaluation import grid_terms, seen_cards, unseen_mix
from .cards import CODES, DECK_SIZE, NUMBER
from .errors import MalformedError
from .explain import placement
from .game import Game
from .observation import HIDDEN
from .review import Judgement
from .timeline import Timeline

TURNING_POINTS: Final = 3
"""How many costliest decisions and biggest strokes of luck are told."""


def figure(value: float, digits: int = 1) -> float:
    """``value`` rounded for a sentence, never ``-0.0``."""
    rounded = round(value, digits)
    return rounded if rounded != 0 else 0.0


@dataclass(frozen=True, slots=True)
class LuckEvent:
    """A card that came into a hand from the unseen, and what it was worth."""

    step: int
    seat: int
    """Who drew or turned it up."""
    kind: str
    """``draw`` or ``flip``."""
    card: str
    spot: int | None
    """The spot it was turned up on (a flip), or None (a draw)."""
    points: float
    """The card's worth to the seat against any card that could have come."""

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "seat": self.seat,
            "kind": self.kind,
            "card": self.card,
            "spot": self.spot,
            "points": figure(self.points, 2),
        }


@dataclass(frozen=True, slots=True)
class RoundLuck:
    """The luck of one round, card by card."""

    round: int
    events: tuple[LuckEvent, ...]
    scores: tuple[int, ...] | None
    """The round's scores (None if it is not over)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "events": [e.to_json() for e in self.events],
            "scores": None if self.scores is None else list(self.scores),
        }


def card_luck(state: Game) -> float:
    """The luck of the card in hand, just come from the unseen: its best
    use's worth to the seat to play less the mean over the cards it could
    have been (those unseen a moment ago, itself included)."""
    seat, hand = state.current, state.hand
    seen = seen_cards(state)
    seen.remove(hand)
    share, sun = unseen_mix(seen)
    cells, up, base = list(state.cells), state.up[seat], 12 * seat

    kept = sum(grid_terms(cells, base, up, share, sun)[:2])  # the card let go

    def worth(card: int) -> float:
        """The seat's expected round score after the best use of ``card``."""
        best = kept
        spots = range(12) if NUMBER[card] == 0 else (NUMBER[card] - 1,)
        for i in spots:
            old = cells[base + i]
            cells[base + i] = card
            best = max(best, sum(grid_terms(cells, base, up | 1 << i, share, sun)[:2]))
            cells[base + i] = old
        return best

    unseen = set(range(DECK_SIZE)).difference(seen)
    return worth(hand) - sum(worth(c) for c in unseen) / len(unseen)


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
    """The luck of round ``round_no`` of the timeline's game, card by card."""
    start, end = round_bounds(timeline, round_no)
    state, _ = timeline.at(start)
    events: list[LuckEvent] = []
    for step in range(start, end):
        action = timeline.actions[step]
        seen = _revealed(state, action)
        actor = state.current
        state.apply(action)
        # An instant win ends the game at once, with the card in no hand.
        if seen is not None and state.hand >= 0 and state.current == actor:
            points = card_luck(state)
            events.append(LuckEvent(step, actor, seen[0], CODES[state.hand], seen[1], points))
    scores = state.round_scores[round_no - 1] if len(state.round_scores) >= round_no else None
    return RoundLuck(round_no, tuple(events), None if scores is None else tuple(scores))


def account(
    timeline: Timeline, judgements: Sequence[Judgement], luck: Sequence[RoundLuck]
) -> list[dict[str, Any]]:
    """Per seat, over the finished rounds of ``luck``: the points of
    standing its decisions gave up against the expert (``decisions``,
    floored at 0 once summed), the points luck
    gave it against the table's mean (``luck``), its score's gap to the
    table's mean (``gap``), and what luck less decisions, both against the
    table's mean, leave unexplained of that gap (``residual``)."""
    players = timeline.game.players
    done = [r for r in luck if r.scores is not None]
    lost = [sum(j.margin for j in judgements if j.seat == p) for p in range(players)]
    judged = [sum(1 for j in judgements if j.seat == p) for p in range(players)]
    lucky = [sum(e.points for r in done for e in r.events if e.seat == p) for p in range(players)]
    totals = [sum(r.scores[p] for r in done if r.scores) for p in range(players)]

    def mean(values: list[float] | list[int]) -> float:
        return sum(values) / players

    rows = []
    for p in range(players):
        gap = totals[p] - mean(totals)
        # Standing is counted against the table, so what a move costs its
        # seat goes to the others, a share each: gap moves n / (n - 1) times
        # the seat's cost against the table's mean cost.
        explained = lucky[p] - mean(lucky) - players / (players - 1) * (lost[p] - mean(lost))
        rows.append(
            {
                "seat": p,
                "decisions": figure(max(0.0, lost[p])),
                "judged": judged[p],
                "luck": figure(lucky[p] - mean(lucky)),
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
    strokes = sorted(events, key=lambda e: -abs(e.points))[:TURNING_POINTS]
    return {
        "decisions": decisions,
        "luck": [{**e.to_json(), "points": figure(e.points)} for e in strokes if figure(e.points)],
    }
