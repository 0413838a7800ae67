"""The ``lookahead`` level (experimental): shallow search with a learned evaluation.

Its candidates are the expert's (sharp's best few actions by
:data:`~.expert.EXPERT_WEIGHTS`, within a close call of the best). For each
of a number of fresh deals of the unseen cards (:meth:`Observation.sample`:
the chance events, the same deals for every candidate, so they are compared
on equal luck) it takes each candidate, plays a short play-out with the
greedy policy of :mod:`.rollout` (every seat's next turn, or to the round's
end), and scores the position reached with the learned evaluation
(:func:`.evaluation.evaluate`: the chance of winning the match). It keeps
sharp's choice unless another candidate does better on the same deals by
``confidence`` standard errors of the paired differences.

Unlike ``expert``, it searches every close call from the first turn (the
evaluation judges a position mid-round; a play-out to the round's end would
be long and biased there), and its play-outs are a few moves. The budget
counts deals, not time: a decision depends only on the observation and the
random stream.

>>> import random
>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=3)
>>> LookaheadBot().choose(g.observation(0), random.Random(1)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..observation import Observation
from .evaluation import evaluate
from .expert import EXPERT_WEIGHTS, Search, _z_score, shortlist
from .greedy import PLAY_OUT_WEIGHTS
from .rollout import play_out
from .sharp import sharp_values


@dataclass(frozen=True, slots=True)
class LookaheadBudget:
    """How much ``lookahead`` searches per decision, and how far it trusts it."""

    deals: int = 32
    """Sampled deals; every candidate is played out on each."""
    candidates: int = 4
    """How many of sharp's best actions are searched, at most."""
    close_call: float = 6.0
    """Only actions within this many of sharp's points of its best are candidates."""
    turns: int = 1
    """Each play-out ends after this many turns of every seat (or with the round)."""
    confidence: float = 1.0
    """Standard errors of the paired gains another candidate needs over sharp's choice."""


DEFAULT_LOOKAHEAD = LookaheadBudget()


def look_ahead(
    obs: Observation, rng: random.Random, budget: LookaheadBudget, include: str | None = None
) -> Search:
    """The decision with its numbers (``Candidate.worths``: the evaluation
    after each deal's play-out), as :func:`.expert.search` gives them."""
    values = sharp_values(obs, EXPERT_WEIGHTS)
    candidates = shortlist(obs, values, budget.candidates, budget.close_call, include)
    if len(candidates) == 1:
        return Search(candidates, 0, tuple(values))
    seat = obs.seat
    turns = budget.turns * obs.players
    for _ in range(budget.deals):
        sample = obs.sample(rng)
        for cand in candidates:
            g = sample.clone()
            g.apply(cand.action)
            play_out(g, PLAY_OUT_WEIGHTS, turns)
            cand.worths.append(evaluate(g, seat))
    base = candidates[0].worths
    best, best_z = 0, budget.confidence
    for k in range(1, len(candidates)):
        z = _z_score([w - b for w, b in zip(candidates[k].worths, base, strict=True)])
        if z > best_z:
            best, best_z = k, z
    return Search(candidates, best, tuple(values))


class LookaheadBot:
    """Shallow search over sharp's best candidates, scored by the learned evaluation."""

    name = "lookahead"

    def __init__(self, budget: LookaheadBudget = DEFAULT_LOOKAHEAD) -> None:
        self.budget = budget

    def choose(self, obs: Observation, rng: random.Random) -> str:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        return look_ahead(obs, rng, self.budget).action
