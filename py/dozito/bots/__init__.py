"""Bot opponents, by level: ``rookie``, ``casual``, ``sharp``, ``expert``
(and ``random``, a baseline for tests).

>>> import random
>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=2)
>>> get_bot("random").choose(g.observation(0), random.Random(0)) in g.legal_actions()
True
"""

from __future__ import annotations

from ..errors import MalformedError
from .base import Bot, RandomBot

LEVELS = ("random",)
"""Every level :func:`get_bot` knows."""


def get_bot(level: str) -> Bot:
    """The bot of a level; a :class:`MalformedError` for an unknown one."""
    if level == "random":
        return RandomBot()
    raise MalformedError(f"unknown bot level {level!r}")


__all__ = ["LEVELS", "Bot", "get_bot"]
