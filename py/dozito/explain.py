"""The expert's choice explained: its search's numbers, and why, as data.

:func:`evaluate` runs the expert's own search (:func:`.bots.expert.search`,
the code ``ExpertBot.choose`` runs) on one observation and returns the
choice with the evaluation of every legal action; :func:`reason` turns an
evaluation into a fact the page can word in one line (a ``kind`` and its
numbers, cards and spots; every kind is listed in
``docs/engine-contract.md``). Both see only the observation, never the
state: a hint is what the seat itself could work out.

>>> import random
>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=3)
>>> ev = evaluate(g.observation(0), random.Random(0))
>>> ev.choice in g.legal_actions(), ev.options[0].action == ev.choice
(True, True)
>>> reason(g.observation(0), ev)["kind"]  # the search overrode sharp's draw
'best_expected'
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from .actions import decode
from .bots.expert import DEFAULT_BUDGET, ExpertBudget, Search, search
from .bots.greedy import CASUAL_WEIGHTS, best_place
from .bots.grid import grid_value, place_gain
from .cards import CODES, IS_REPLAY, NUMBER
from .errors import MalformedError, brief
from .observation import HIDDEN, Observation
from .scoring import ALL_UP, color_masks, groups

AID_BUDGET: Final = replace(DEFAULT_BUDGET, close_call=math.inf)
"""The one search behind a hint and a review's judgement (:func:`aid_search`):
the expert's own (:data:`.bots.expert.DEFAULT_BUDGET`: its deals and its
play-outs, :func:`.bots.expert.play_length`), with sharp's four best moves
searched even when sharp sees a clear choice (so every decision gets a win
chance for the review's chart). Like the expert's, it counts deals, not
time, so the answer depends only on the game and the step, never on the
machine's load: the hint and the review of one decision name the same
move. Its cost is in ``docs/BENCHMARKS.md``."""


def aid_rng(seed: int, step: int) -> random.Random:
    """The aids' own random stream: the game's seed and the step, so a hint
    or a judgement is the same on every run, and apart from the bots'."""
    return random.Random(f"aid:{seed}:{step}")


def aid_search(obs: Observation, seed: int, step: int, include: str | None = None) -> Search:
    """The expert's search of the decision at ``step`` of the game of
    ``seed``, seen from ``obs``: the one call to the expert that hints
    (:func:`hint`) and the review (:func:`.review.judge`) make, with the same
    stream and budget. ``include`` adds a move to the candidates (the
    review's played move); it can change the search's pick, so the review
    takes its best move from a search without it.

    >>> from dozito import Game
    >>> g = Game.new(["Ann", "Bob"], seed=3)
    >>> aid_search(g.observation(0), g.seed, 0).action in g.legal_actions()
    True
    """
    return search(obs, aid_rng(seed, step), AID_BUDGET, include)


def hint(obs: Observation, seed: int, step: int) -> Evaluation:
    """The hint at ``step``: the expert's evaluation from :func:`aid_search`."""
    return evaluation_of(obs, aid_search(obs, seed, step))


def aid_reason(obs: Observation, evaluation: Evaluation, seed: int, step: int) -> dict[str, Any]:
    """:func:`reason` as the aids tell it at ``step`` of the game of ``seed``:
    a joker taken from a pile is told on the spot the next step's hint
    places it on, so the two hints never name different spots."""
    return reason(obs, evaluation, lambda after: aid_search(after, seed, step + 1).action)


def _after(obs: Observation, action: str) -> Observation:
    """The seat's observation once it plays ``action``, which reveals
    nothing hidden (a pile's top taken): the same from any deal of the
    unseen cards."""
    game = obs.sample(random.Random(0))
    game.apply(action)
    return game.observation(obs.seat)


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action as the expert judged it."""

    action: str
    now: float
    """Sharp's judgement of the action, in round points."""
    expected: float | None
    """Mean round points of the seat over the play-outs; None if not searched."""
    win: float | None
    """Estimated chance (0..1) of winning the match; None if not searched."""
    deals: int
    """How many sampled deals it was played out on (0 if not searched)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "now": round(self.now, 3),
            "expected": None if self.expected is None else round(self.expected, 3),
            "win": None if self.win is None else round(self.win, 4),
            "deals": self.deals,
        }


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The expert's choice and every legal action's evaluation, best first:
    the choice, then the other searched actions by win chance, then the rest
    by sharp's judgement."""

    choice: str
    options: tuple[Option, ...]

    def option(self, action: str) -> Option:
        """The evaluation of one legal action."""
        return next(o for o in self.options if o.action == action)

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice, "options": [o.to_json() for o in self.options]}


def evaluate(
    obs: Observation,
    rng: random.Random,
    *,
    budget: ExpertBudget = AID_BUDGET,
    include: str | None = None,
) -> Evaluation:
    """The expert's search from ``obs`` only; ``include`` (a legal action,
    such as the move a player actually made) is searched too. A forced move
    or a clear choice is not searched (its options have no ``expected``)."""
    if include is not None and include not in obs.legal_actions:
        raise MalformedError(f"{brief(include)} is not a legal action here")
    return evaluation_of(obs, search(obs, rng, budget, include))


def evaluation_of(obs: Observation, found: Search, choice: str | None = None) -> Evaluation:
    """The evaluation a finished search of ``obs`` gives: for :func:`evaluate`,
    and for the review, which also reads the search's deal-by-deal play-outs
    (and names the ``choice`` of a search without its played move)."""
    legal = obs.legal_actions
    searched = {
        c.action: Option(c.action, c.now, _mean(c.points), _mean(c.worths), len(c.worths))
        for c in found.candidates
        if c.worths
    }
    choice = choice or found.action
    rest = sorted(
        (Option(a, v, None, None, 0) for a, v in zip(legal, found.values, strict=True)),
        key=lambda o: -o.now,
    )
    first = searched.get(choice) or next(o for o in rest if o.action == choice)
    others = sorted((o for a, o in searched.items() if a != choice), key=lambda o: -(o.win or 0.0))
    tail = [o for o in rest if o.action != choice and o.action not in searched]
    return Evaluation(choice, (first, *others, *tail))


def _mean(values: list[float] | list[int]) -> float:
    return sum(values) / len(values)  # not statistics.fmean: that module is slow to import


def _lead(obs: Observation) -> int:
    """The seat's lead (negative: behind) over the best other seat: grid
    points now, plus the totals in the last round."""
    cells = [c for grid in obs.grids for c in grid]
    last = obs.round == obs.rounds
    score = [
        grid_value(cells, 12 * p, obs.up[p]) + (obs.totals[p] if last else 0)
        for p in range(obs.players)
    ]
    return score[obs.seat] - max(s for p, s in enumerate(score) if p != obs.seat)


def placement(obs: Observation, seat: int, card: int, spot: int) -> dict[str, Any]:
    """What placing ``card`` on ``spot`` of ``seat``'s grid does now: the
    points it adds and the size of the same-colour group it is part of then
    (1: none)."""
    cells = list(obs.grids[seat])
    up = obs.up[seat]
    masks = color_masks(cells, 0, up)
    points = place_gain(cells, 0, up, masks, spot - 1, card)
    cells[spot - 1] = card
    size = next((len(g.spots) for g in groups(cells, up | 1 << spot - 1) if spot in g.spots), 1)
    return {"card": CODES[card], "spot": spot, "group": size, "points": points}


def _best_spot(obs: Observation, seat: int, card: int) -> int:
    """Where ``card`` goes: its number's spot, or a joker's best by points now."""
    if NUMBER[card]:
        return NUMBER[card]
    cells = list(obs.grids[seat])
    up = obs.up[seat]
    masks = color_masks(cells, 0, up)
    return max(range(1, 13), key=lambda s: (place_gain(cells, 0, up, masks, s - 1, card), -s))


def _worth_to(obs: Observation, seat: int, card: int) -> float:
    """Casual's worth of a pile card to ``seat`` (what it would gain by taking it)."""
    cells = [c for grid in obs.grids for c in grid]
    base = 12 * seat
    masks = color_masks(cells, base, obs.up[seat])
    return best_place(cells, base, obs.up[seat], masks, card, CASUAL_WEIGHTS)[0]


def _discard_reason(obs: Observation, pile: int) -> dict[str, Any]:
    hand = obs.hand
    if IS_REPLAY[hand]:
        return {"kind": "replay", "card": CODES[hand], "pile": pile}
    covered = obs.piles[pile]
    kept = obs.piles[1 - pile]
    nxt = (obs.seat + 1) % obs.players
    if covered and (obs.ender < 0 or nxt != obs.ender):
        top = covered[-1]
        given = placement(obs, nxt, top, _best_spot(obs, nxt, top))
        other = _worth_to(obs, nxt, kept[-1]) if kept else CASUAL_WEIGHTS.draw
        if given["points"] > 0 and _worth_to(obs, nxt, top) > other:
            return {"kind": "deny_discard", "pile": pile, "card": CODES[top], "seat": nxt,
                    "group": given["group"], "points": given["points"]}  # fmt: skip
    return {"kind": "discard", "pile": pile, "card": CODES[hand]}


def reason(
    obs: Observation, evaluation: Evaluation, placing: Callable[[Observation], str] | None = None
) -> dict[str, Any]:
    """Why the expert chose ``evaluation.choice`` in ``obs``, as data:
    ``{"kind": ..., ...}`` (the kinds are listed in the engine contract).
    ``placing`` gives the expert's placement in a position: a joker taken
    from a pile is told on the spot it names once the joker is taken (else
    on its best spot by points now)."""
    choice = evaluation.choice
    if len(obs.legal_actions) == 1:
        return {"kind": "only_move", "action": choice}
    sharp_pick = max(evaluation.options, key=lambda o: o.now)
    chosen = evaluation.options[0]
    if sharp_pick.action != choice and chosen.win is not None and sharp_pick.win is not None:
        return {
            "kind": "best_expected",
            "action": choice,
            "instead": sharp_pick.action,
            "points": round((chosen.expected or 0.0) - (sharp_pick.expected or 0.0), 1),
            "win": round(chosen.win - sharp_pick.win, 3),
        }
    kind, arg = decode(choice)
    seat = obs.seat
    if kind == "discard":
        return _discard_reason(obs, arg)
    if kind == "draw":
        return {"kind": "draw"}
    if kind == "take":
        top = obs.piles[arg][-1]
        spot = _best_spot(obs, seat, top)
        if placing is not None and not NUMBER[top]:
            spot = decode(placing(_after(obs, choice)))[1]
        return {"kind": "take_pile", "pile": arg, **placement(obs, seat, top, spot)}
    placed = placement(obs, seat, obs.hand, arg)
    face_down = obs.grids[seat][arg - 1] == HIDDEN
    if face_down and obs.ender < 0 and obs.up[seat] | 1 << arg - 1 == ALL_UP:
        # The lead the completed grid leaves, the placed card's points counted.
        # (In a round already ending, completing a grid changes nothing more.)
        return {"kind": "end_round", "spot": arg, "lead": _lead(obs) + placed["points"]}
    if placed["group"] >= 2:
        return {"kind": "join_group", **placed}
    if face_down:
        return {"kind": "flip", **placed}
    return {"kind": "replace", **placed, "replaced": CODES[obs.grids[seat][arg - 1]]}
