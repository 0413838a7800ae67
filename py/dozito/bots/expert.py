"""The ``expert`` level: a shallow search judged by a learned evaluation.

``expert`` takes the best few actions by ``sharp``'s judgement (with the
race tuned: :data:`EXPERT_WEIGHTS`) as candidates, within a close call of
the best. For each of a number of fresh deals of the cards it has not seen
(face-down cards and the draw pile, from :meth:`Observation.sample`: the
chance events, the same deals for every candidate, so they are compared on
equal luck) it takes each candidate, plays every seat's next two turns with
the fast greedy policy of :mod:`.rollout` (at bigger tables only through its
own next turn; at two players, once a grid has at most one card face down,
to the round's end; never past the round's end), and scores the position
reached with the learned evaluation (:func:`.evaluation.assess`: the chance
of winning the match, fitted on self-play games). It keeps sharp's choice
unless another candidate does better on the same deals by ``confidence``
standard errors of the paired differences. A forced move and a clear
choice cost no search.

The evaluation judges a position mid-round, where a play-out to the round's
end would be long, noisy and biased by the greedy policy (the level
before this one, :mod:`.playout`, did that), so every close call is
searched from the first turn; only near the end at two players, where
the play-out is short and the round turns on who ends it and when, is it
played to the end. The budget counts deals, not time: a decision depends
only on the observation and the random stream.

>>> import random
>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=3)
>>> ExpertBot().choose(g.observation(0), random.Random(1)) in g.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..observation import HIDDEN, Observation
from .evaluation import assess
from .greedy import PLAY_OUT_WEIGHTS
from .rollout import ROUND_END, play_out
from .sharp import SharpWeights, sharp_values

EXPERT_WEIGHTS = SharpWeights(last_turn_gain=2.5, race=6.0)
"""Expert's judgement before any search: sharp's, with the two weights of
the race tuned by self-play (see ``docs/bots.md``). It ends a round on a
smaller lead (it expects less from an opponent's last turn, and counts
less for finishing): on the same deals, this alone beats sharp about 51.7%
of the time and casual 58.8% (sharp: 57.3%)."""


@dataclass(frozen=True, slots=True)
class ExpertBudget:
    """How much ``expert`` searches per decision, and how far it trusts it."""

    deals: int = 64
    """Sampled deals for play-outs of ``turns`` turns of every seat; every
    candidate is played out on each. Shorter play-outs (:func:`play_length`)
    get proportionally more, so a decision plays out as many turns."""
    candidates: int = 4
    """How many of sharp's best actions are searched, at most."""
    close_call: float = 6.0
    """Only actions within this many of sharp's points of its best are
    candidates: a clear choice is taken without search."""
    turns: int = 2
    """Each play-out ends after this many turns of every seat (or with the round):
    two let the evaluation judge what a move hands the next player and what
    it leaves for the seat's own next turn, played out rather than guessed.
    At three or more players it stops sooner, once that next turn is played
    (:func:`play_length`)."""
    endgame: int = 1
    """At two players, once some grid has at most this many face-down cards,
    play-outs run to the round's end: the standoff that decides the round
    there is played rather than guessed by the evaluation, at little cost
    (the round is short by then). At bigger tables it cost twice the time
    for nothing measurable (``docs/bots-experiments.md``). -1: never."""
    confidence: float = 1.0
    """Standard errors of the paired gains another candidate needs over
    sharp's choice to replace it."""


DEFAULT_BUDGET = ExpertBudget()


@dataclass(slots=True)
class Candidate:
    """One action the search weighed, and what its play-outs gave."""

    action: str
    now: float
    """Sharp's value of the action (points now, with :data:`EXPERT_WEIGHTS`)."""
    worths: list[float] = field(default_factory=list)
    """Per deal played out: the seat's chance of winning the match after it."""
    points: list[float] = field(default_factory=list)
    """Per deal played out: the seat's points for the round, as expected
    where the play-out stopped (:func:`.evaluation.assess`)."""
    standings: list[float] = field(default_factory=list)
    """Per deal played out: those points less the mean of every seat's."""


@dataclass(frozen=True, slots=True)
class Search:
    """A decision's search: the candidates (sharp's choice first) and the one picked."""

    candidates: tuple[Candidate, ...]
    choice: int
    """Index of the chosen candidate."""
    values: tuple[float, ...]
    """Sharp's value of every legal action, in ``obs.legal_actions`` order."""

    @property
    def action(self) -> str:
        return self.candidates[self.choice].action


def shortlist(
    obs: Observation, values: list[float], most: int, close_call: float, include: str | None
) -> tuple[Candidate, ...]:
    """The ``most`` best actions by ``values`` within ``close_call`` of the
    best (the best first), plus ``include`` (a legal action) if left out."""
    legal = obs.legal_actions
    ranked = sorted(range(len(legal)), key=lambda k: (-values[k], k))
    top = values[ranked[0]]
    picked = [k for k in ranked[:most] if values[k] >= top - close_call]
    if include is not None and legal.index(include) not in picked:
        picked.append(legal.index(include))
    return tuple(Candidate(legal[k], values[k]) for k in picked)


def search(
    obs: Observation, rng: random.Random, budget: ExpertBudget, include: str | None = None
) -> Search:
    """The expert's decision with what led to it: ``ExpertBot.choose`` and
    :func:`dozito.explain.evaluate` both come here. ``include`` (a legal
    action) is added to the candidates if sharp's ranking left it out; the
    other candidates' numbers are the same with it or without it (each deal
    is drawn once, before any candidate is played on it)."""
    values = sharp_values(obs, EXPERT_WEIGHTS)
    candidates = shortlist(obs, values, budget.candidates, budget.close_call, include)
    if len(candidates) == 1:
        return Search(candidates, 0, tuple(values))
    seat = obs.seat
    face_down = min(grid.count(HIDDEN) for grid in obs.grids)
    deals, turns = play_length(budget, obs.players, face_down)
    for _ in range(deals):
        sample = obs.sample(rng)
        for cand in candidates:
            g = sample.clone()
            g.apply(cand.action)
            play_out(g, PLAY_OUT_WEIGHTS, turns)
            worth, points, standing = assess(g, seat, obs.round)
            cand.worths.append(worth)
            cand.points.append(points)
            cand.standings.append(standing)
    return Search(candidates, pick(candidates, budget.confidence), tuple(values))


def pick(candidates: Sequence[Candidate], confidence: float) -> int:
    """Index of the candidate to play: sharp's choice (the first) unless
    another does better on the same deals by ``confidence`` standard errors
    of the paired differences (the most standard errors wins)."""
    base = candidates[0].worths
    best, best_z = 0, confidence
    for k in range(1, len(candidates)):
        z = z_score([w - b for w, b in zip(candidates[k].worths, base, strict=True)])
        if z > best_z:
            best, best_z = k, z
    return best


def play_length(budget: ExpertBudget, players: int, face_down: int = 12) -> tuple[int, int]:
    """The deals and the turns a play-out runs at a table of ``players``
    where the grid with the fewest face-down cards has ``face_down``.

    ``budget.turns`` turns of every seat, but no longer than through the
    seat's own next turn (``players + 1`` turns, the rest of this one counting
    as one) nor shorter than ``2 * budget.turns``: at four players, two turns
    of every seat are eight turns, mostly of three opponents played greedily,
    whose diverging draws drown what the move did. The deals grow so as to
    play out as many turns as ``budget.deals`` deals of the full length.

    At two players, from ``budget.endgame`` face-down cards on, the
    play-outs run to the round's end (:data:`.rollout.ROUND_END`), on as
    many deals.

    >>> play_length(ExpertBudget(), 2), play_length(ExpertBudget(), 4)
    ((64, 4), (102, 5))
    >>> play_length(ExpertBudget(), 2, face_down=1) == (64, ROUND_END)
    True
    """
    if players == 2 and face_down <= budget.endgame:
        return budget.deals, ROUND_END
    full = budget.turns * players
    turns = max(min(full, players + 1), 2 * budget.turns)
    return round(budget.deals * full / turns), turns


class ExpertBot:
    """Shallow search over sharp's best candidates, scored by the learned evaluation."""

    name = "expert"

    def __init__(self, budget: ExpertBudget = DEFAULT_BUDGET) -> None:
        self.budget = budget

    def choose(self, obs: Observation, rng: random.Random) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        return search(obs, rng, self.budget).action


def z_score(diffs: list[float]) -> float:
    """Mean over standard error of paired differences (0 when they are all 0)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    if var == 0:
        return 0.0 if mean <= 0 else math.inf
    return mean / math.sqrt(var / n)
