"""The one interface every bot has: an observation in, a legal action out."""

from __future__ import annotations

import random
from typing import Protocol

from ..observation import Observation


class Bot(Protocol):
    """A player that decides on what a player may see, never on hidden cards.

    ``choose`` returns one of ``obs.legal_actions``; given the same
    observation and a random stream in the same state, it returns the same
    action.
    """

    name: str

    def choose(self, obs: Observation, rng: random.Random) -> str: ...


class RandomBot:
    """Uniform over the legal actions: a baseline for tests, never shown to players."""

    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> str:
        return rng.choice(obs.legal_actions)
