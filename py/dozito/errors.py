"""Typed errors: malformed input versus a well-formed but illegal action.

>>> from dozito import Game
>>> try:
...     Game.new(["Ann", "Bob"]).apply("discard:0")
... except IllegalActionError as e:
...     print(e)
'discard:0' is not legal now: there is no card in hand to discard
"""

from __future__ import annotations


class DozitoError(Exception):
    """Base class of every error the engine raises on bad input."""


class MalformedError(DozitoError, ValueError):
    """Input that is not well formed: a bad record, card code or action string."""


class IllegalActionError(DozitoError):
    """A well-formed action that the rules do not allow in this state."""
