"""Bot opponents, by level: ``rookie``, ``casual``, ``sharp``, ``expert``
(and ``random``, a baseline for tests, and ``playout``, the expert until
issue 26, kept in the lab to measure the expert against).

Every bot decides on an :class:`~dozito.observation.Observation` (what its
seat may see) and its own random stream, never on a full game state; see
``docs/bots.md`` for how each level thinks and how strong it is.

>>> import random
>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=2)
>>> get_bot("random").choose(g.observation(0), random.Random(0)) in g.legal_actions()
True
"""

from __future__ import annotations

from ..errors import MalformedError, brief
from .base import Bot, RandomBot
from .expert import ExpertBot
from .greedy import CasualBot, RookieBot
from .playout import PlayoutBot
from .sharp import SharpBot

LEVELS = ("rookie", "casual", "sharp", "expert", "random")
"""The levels a game's record may name."""
EXPERIMENTAL = ("playout",)
"""Levels :func:`get_bot` also knows, for the arena and the lab only: not
offered to players, not in records (docs/bots.md)."""


def get_bot(level: str) -> Bot:
    """The bot of a level; a :class:`MalformedError` for an unknown one."""
    if level == "random":
        return RandomBot()
    if level == "rookie":
        return RookieBot()
    if level == "casual":
        return CasualBot()
    if level == "sharp":
        return SharpBot()
    if level == "expert":
        return ExpertBot()
    if level == "playout":
        return PlayoutBot()
    raise MalformedError(f"unknown bot level {brief(level)}")


__all__ = ["EXPERIMENTAL", "LEVELS", "Bot", "get_bot"]
