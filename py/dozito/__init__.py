"""Dozito: the rules engine of the card game, its bots and the browser bridge.

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], rounds=1, seed=3)
>>> while not g.over:
...     _ = g.apply(g.legal_actions()[-1])
>>> len(g.round_scores), g.winners in ([0], [1], [0, 1])
(1, True)
"""

from .errors import DozitoError, IllegalActionError, MalformedError, StateError
from .game import Game
from .observation import Observation
from .record import load_record

__all__ = [
    "DozitoError",
    "Game",
    "IllegalActionError",
    "MalformedError",
    "Observation",
    "StateError",
    "load_record",
]
__version__ = "1.0.0"
