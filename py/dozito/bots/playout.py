"""The ``playout`` level (lab only): decision-time Monte Carlo search on top of ``sharp``.

This was the ``expert`` until issue 26 (docs/bots.md), kept to measure the
expert against: :func:`dozito.bots.get_bot` and the arena know it, players
and records do not. It takes the best few actions by ``sharp``'s judgement (with the
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
flip off costs little. So it searches only close calls (actions
``sharp`` values within a few points of its best), and keeps ``sharp``'s
choice unless another candidate does better on the same deals by a clear
margin (two standard errors of the paired differences); a candidate
already clearly behind after the first deals is dropped, so the rest get
its play-outs. A clear choice and a forced move cost no search.
The search is budgeted by play-out moves (so a long round early on gets fewer
deals than a short one near its end, and more players fewer deals than two)
and a cap on deals, so a decision depends only on
the observation and the random stream. As the expert it also had a time
cap of 250 ms, a safety net for slow machines; here it has none, so that a
loaded machine cannot weaken it in a measurement.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from ..game import Game
from ..observation import Observation
from .expert import EXPERT_WEIGHTS, Search, shortlist, z_score
from .greedy import PLAY_OUT_WEIGHTS
from .rollout import play_out
from .sharp import sharp_values

ROUND_SPREAD = 12.0
"""Typical spread (points) of the score gap between two players over one round."""


@dataclass(frozen=True, slots=True)
class PlayoutBudget:
    """How much ``playout`` searches per decision, and how far it trusts it."""

    moves: int = 5000
    """Play-out moves per decision: no new deal is started past this many."""
    deals: int = 120
    """At most this many sampled deals; every candidate is played out on each.
    Near the round's end, where play-outs are short and games are decided,
    this binds before ``moves`` does."""
    min_deals: int = 8
    """At least this many deals, for the statistics."""
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


DEFAULT_PLAYOUT = PlayoutBudget()


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


def play_out_search(obs: Observation, rng: random.Random, budget: PlayoutBudget) -> Search:
    """The decision with its numbers (``Candidate.worths``: the match chance
    after each deal's play-out), as :func:`.expert.search` gives them."""
    values = sharp_values(obs, EXPERT_WEIGHTS)
    candidates = shortlist(obs, values, budget.candidates, budget.close_call, None)
    done = Search(candidates, 0, tuple(values))
    face_down = min(12 - up.bit_count() for up in obs.up)
    if len(candidates) == 1 or (face_down > budget.horizon and obs.ender < 0):
        return done
    seat = obs.seat
    # gains[k][d]: how much better candidate k did than sharp's choice on deal d.
    gains: list[list[float]] = [[] for _ in candidates]
    rivals = list(range(1, len(candidates)))
    moves = 0
    for deal in range(budget.deals):
        if deal >= budget.min_deals and moves >= budget.moves:
            break
        if deal == budget.drop_after:
            rivals = [k for k in rivals if z_score(gains[k]) >= -1.0]
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
    best, best_z = 0, budget.confidence
    for k in rivals:
        z = z_score(gains[k])
        if z > best_z:
            best, best_z = k, z
    return Search(candidates, best, done.values)


class PlayoutBot:
    """Monte Carlo search over ``sharp``'s best candidates, with greedy play-outs."""

    name = "playout"

    def __init__(self, budget: PlayoutBudget = DEFAULT_PLAYOUT) -> None:
        self.budget = budget

    def choose(self, obs: Observation, rng: random.Random) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        return play_out_search(obs, rng, self.budget).action
