"""The ``expert`` level: decision-time Monte Carlo search on top of ``sharp``.

``expert`` takes the best few actions by ``sharp``'s judgement (with the
race tuned: :data:`EXPERT_WEIGHTS`) as candidates and plays the rest of the
round out many times after each. Every play-out starts from a
fresh deal of the cards it has not seen (face-down cards and the draw pile,
from :meth:`Observation.sample`), and all candidates are played out on the
same deals, so they are compared on equal luck. The play-outs use a fast
greedy policy for every seat (:mod:`.rollout`: ``casual`` that also minds
what its discards give away); a whole 2-player round costs about half a
millisecond, where ``sharp`` would cost a few milliseconds a move.

What counts is the chance of winning the match, not the points: a play-out
of the last round is worth its win (a shared win counts a share), blended
with a smooth function of the final lead that carries the same sign but far
less noise; one of an earlier round is worth a chance of winning estimated
from the lead and the rounds left.

The play-outs are a model of the rest of the round, and a biased one: the
greedy policy turns face-down cards up eagerly, so by its account putting a
flip off costs little. So ``expert`` searches only close calls (actions
``sharp`` values within a few points of its best), and keeps ``sharp``'s
choice unless another candidate does better on the same deals by a clear
margin (two standard errors of the paired differences); a candidate
already clearly behind after the first deals is dropped, so the rest get
its play-outs. A clear choice and a forced move cost no search.
The search is budgeted by play-out moves (so a long round early on gets fewer
deals than a short one near its end, and more players fewer deals than two)
and a cap on deals, so a decision depends only on
the observation and the random stream; a time cap is a safety net for slow
machines.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ..game import Game
from ..observation import Observation
from ..scoring import round_score
from .greedy import PLAY_OUT_WEIGHTS
from .rollout import play_out
from .sharp import SharpWeights, sharp_values

EXPERT_WEIGHTS = SharpWeights(last_turn_gain=2.5, race=6.0)
"""Expert's judgement before any search: sharp's, with the two weights of
the race tuned by self-play (see ``docs/bots.md``). It ends a round on a
smaller lead (it expects less from an opponent's last turn, and counts
less for finishing): on the same deals, this alone beats sharp about 51.7%
of the time and casual 58.8% (sharp: 57.3%)."""

ROUND_SPREAD = 12.0
"""Typical spread (points) of the score gap between two players over one round."""


@dataclass(frozen=True, slots=True)
class ExpertBudget:
    """How much ``expert`` searches per decision, and how far it trusts it."""

    moves: int = 5000
    """Play-out moves per decision: no new deal is started past this many."""
    deals: int = 120
    """At most this many sampled deals; every candidate is played out on each.
    Near the round's end, where play-outs are short and games are decided,
    this binds before ``moves`` does."""
    min_deals: int = 8
    """At least this many deals (unless the time cap strikes), for the statistics."""
    candidates: int = 3
    """How many of ``sharp``'s best actions are searched, at most."""
    close_call: float = 4.0
    """Only actions within this many of ``sharp``'s points of its best one
    are candidates: a clear choice is taken without search."""
    horizon: int = 12
    """Search only once some grid has at most this many face-down cards."""
    confidence: float = 2.0
    """How many standard errors another candidate must gain over ``sharp``'s
    choice to replace it. The play-outs assume greedy play from here on, so
    they are biased; without this bar noise and bias decide."""
    drop_after: int = 40
    """After this many deals, a candidate more than one standard error behind
    ``sharp``'s choice is played out no more: it would hardly ever clear
    ``confidence``, and the deals go to the others. Measured on close calls
    against a search twelve times as big: no more regret, a quarter less
    time."""
    soft: float = 0.5
    """Share of a play-out's worth taken from its final lead (a smooth chance
    of winning) rather than from the bare win or loss: far less noisy."""
    time_cap_s: float = 0.25
    """Stop sampling (with at least a few deals done) once this much time has passed."""


DEFAULT_BUDGET = ExpertBudget()


def _lead(g: Game, seat: int) -> int:
    return g.totals[seat] - max(t for p, t in enumerate(g.totals) if p != seat)


def match_chance(g: Game, seat: int, soft: float) -> float:
    """The seat's chance of winning the match at the end of a play-out.

    When the game is over it is the win (a shared win counts a share),
    blended by ``soft`` with a smooth function of the final lead; when rounds
    remain it is estimated from the lead and the number of rounds left.
    """
    lead = _lead(g, seat)
    if g.over:
        won = 1 / len(g.winners) if seat in g.winners else 0.0
        return (1 - soft) * won + soft / (1 + math.exp(-lead / ROUND_SPREAD * 2))
    rounds_left = g.rounds - g.round + 1
    return 1 / (1 + math.exp(-lead / (ROUND_SPREAD * math.sqrt(rounds_left))))


@dataclass(slots=True)
class Candidate:
    """One action the search weighed, and what its play-outs gave."""

    action: str
    now: float
    """Sharp's value of the action (points now, with :data:`EXPERT_WEIGHTS`)."""
    worths: list[float] = field(default_factory=list)
    """Per deal played out: the seat's chance of winning the match after it."""
    points: list[int] = field(default_factory=list)
    """Per deal played out: the seat's score for the round."""


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
    action) is added to the candidates if sharp's ranking left it out."""
    values = sharp_values(obs, EXPERT_WEIGHTS)
    candidates = shortlist(obs, values, budget.candidates, budget.close_call, include)
    done = Search(candidates, 0, tuple(values))
    face_down = min(12 - up.bit_count() for up in obs.up)
    if len(candidates) == 1 or (face_down > budget.horizon and obs.ender < 0):
        return done
    seat = obs.seat
    # gains[k][d]: how much better candidate k did than sharp's choice on deal d.
    gains: list[list[float]] = [[] for _ in candidates]
    rivals = list(range(1, len(candidates)))
    start = time.perf_counter()
    moves = 0
    for deal in range(budget.deals):
        if deal >= budget.min_deals and moves >= budget.moves:
            break
        if deal >= 4 and time.perf_counter() - start > budget.time_cap_s:
            break
        if deal == budget.drop_after:
            rivals = [k for k in rivals if _z_score(gains[k]) >= -1.0]
            if not rivals:
                break
        sample = obs.sample(rng)
        base = 0.0
        for k in (0, *rivals):
            g = sample.clone()
            g.apply(candidates[k].action)
            moves += play_out(g, PLAY_OUT_WEIGHTS)
            worth = match_chance(g, seat, budget.soft)
            if k == 0:
                base = worth
            gains[k].append(worth - base)
            candidates[k].worths.append(worth)
            candidates[k].points.append(_round_points(g, seat, obs.round))
    best, best_z = 0, budget.confidence
    for k in rivals:
        z = _z_score(gains[k])
        if z > best_z:
            best, best_z = k, z
    return Search(candidates, best, done.values)


def _round_points(g: Game, seat: int, round_no: int) -> int:
    """The seat's score for round ``round_no`` at the end of a play-out
    (an instant win ends the game unscored: its grid as it stands)."""
    if len(g.round_scores) >= round_no:
        return g.round_scores[round_no - 1][seat]
    return round_score(g.grid(seat), g.up[seat])


class ExpertBot:
    """Monte Carlo search over ``sharp``'s best candidates, with greedy play-outs."""

    name = "expert"

    def __init__(self, budget: ExpertBudget = DEFAULT_BUDGET) -> None:
        self.budget = budget

    def choose(self, obs: Observation, rng: random.Random) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        return search(obs, rng, self.budget).action


def _z_score(diffs: list[float]) -> float:
    """Mean over standard error of paired differences (0 when they are all 0)."""
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
    if var == 0:
        return 0.0 if mean <= 0 else math.inf
    return mean / math.sqrt(var / n)
