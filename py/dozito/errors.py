"""Typed errors: malformed input, a well-formed but illegal action, and a
request the engine's state cannot answer.

>>> from dozito import Game
>>> try:
...     Game.new(["Ann", "Bob"]).apply("discard:0")
... except IllegalActionError as e:
...     print(e)
'discard:0' is not legal now: there is no card in hand to discard
"""

from __future__ import annotations


def brief(value: object) -> str:
    """``repr(value)``, cut short: a message names bad input, it does not
    echo a megabyte of it."""
    text = repr(value)
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text):,} characters)"


class DozitoError(Exception):
    """Base class of every error the engine raises on bad input."""


class MalformedError(DozitoError, ValueError):
    """Input that is not well formed: a bad record, card code or action string."""


class IllegalActionError(DozitoError):
    """A well-formed action that the rules do not allow in this state."""


class StateError(DozitoError):
    """A well-formed request that the engine's state cannot answer: no game
    has been started, or the game is over."""
