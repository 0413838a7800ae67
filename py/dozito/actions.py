"""Action strings and their ids, in the contract's canonical order.

>>> ACTIONS[0], ACTIONS[PLACE_BASE + 7], ACTION_IDS["discard:1"]
('draw', 'place:7', 16)
"""

from __future__ import annotations

from typing import Final, Literal, NamedTuple, cast

from .errors import MalformedError

DRAW: Final = 0
TAKE_BASE: Final = 1  # take:0, take:1
PLACE_BASE: Final = 2  # place:S is PLACE_BASE + S
DISCARD_BASE: Final = 15  # discard:0, discard:1

ACTIONS: Final = (
    ("draw", "take:0", "take:1")
    + tuple(f"place:{s}" for s in range(1, 13))
    + ("discard:0", "discard:1")
)
ACTION_IDS: Final = {a: i for i, a in enumerate(ACTIONS)}

Kind = Literal["draw", "take", "place", "discard"]


class Action(NamedTuple):
    """An action string taken apart."""

    kind: Kind
    arg: int
    """The pile (0 or 1) of a take or a discard, the spot (1..12) of a place, 0 for draw."""


def _parse(action: str) -> Action:
    kind, _, arg = action.partition(":")
    return Action(cast(Kind, kind), int(arg or 0))


_DECODED: Final = {a: _parse(a) for a in ACTIONS}


def decode(action: str) -> Action:
    """The kind and argument of an action string (a lookup: the bots decode
    every legal action of every decision).

    >>> decode("place:7"), decode("draw")
    (Action(kind='place', arg=7), Action(kind='draw', arg=0))
    >>> kind, pile = decode("take:1")
    >>> kind, pile
    ('take', 1)
    >>> decode("place:13")
    Traceback (most recent call last):
    ...
    dozito.errors.MalformedError: 'place:13' is not an action
    """
    try:
        return _DECODED[action]
    except KeyError:
        raise MalformedError(f"{action!r} is not an action") from None
