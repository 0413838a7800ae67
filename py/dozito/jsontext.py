"""JSON text in, with limits checked before anything can recurse.

``json.loads`` recurses once per level of nesting: in Pyodide a value nested
a few thousand deep overflows the worker's stack and kills the engine, and in
CPython it is a ``RecursionError``. So every JSON text the engine reads (a
record in the CLI or :func:`~dozito.record.load_record`, a request to the
bridge) goes through :func:`parse_json`, which refuses with a
:class:`MalformedError`:

- a text longer than :data:`MAX_CHARS` characters;
- nesting deeper than :data:`MAX_DEPTH` (counted without parsing, see
  :func:`depth`);
- a number of more than 4,300 digits (Python's int-string limit), ``NaN``
  and ``Infinity`` (not JSON).

The longest legal game (10 rounds of 5 players, each round run to the
500-turn safeguard, three actions a turn) is some 15,000 actions: a record
of about 170,000 characters, 230,000 indented, nested 3 deep (4 inside a
request).

>>> parse_json('{"a": [1, 2]}', "the record")
{'a': [1, 2]}
>>> parse_json("[" * 100, "the record")
Traceback (most recent call last):
...
dozito.errors.MalformedError: the record is nested more than 32 deep
"""

from __future__ import annotations

import json
import operator
import re
import sys
from itertools import accumulate, count
from typing import Any, Final, NoReturn

from .errors import MalformedError

MAX_CHARS: Final = 2_000_000
"""Several times the longest legal game's record, and small enough that a
save and a set-aside copy of it both fit in a browser's 5 MB local storage."""
MAX_DEPTH: Final = 32
"""Far above any record or request (4), far below any stack's limit."""

# A string, unterminated ones included, matched without backtracking so the
# scan stays linear on any text.
_STRING = re.compile(r'"(?:[^"\\]++|\\.)*+(?:"|\\?\Z)', re.S)
_NOT_BRACKET = re.compile(r"[^][{}]++")
_STEPS = bytes.maketrans(b"[{]}", b"\2\2\0\0")


def _refuse_constant(name: str) -> NoReturn:
    raise MalformedError(f"{name} is not a JSON number")


def depth(text: str) -> int:
    """How deep arrays and objects nest in ``text`` (brackets inside strings
    do not count), at C speed: no Python loop over the characters.

    >>> depth('[{"a": "[[["}, []]')
    2
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii")
    # An opening bracket is 2 and a closing one 0: the running sum minus the
    # brackets seen is the depth after each bracket.
    steps = accumulate(brackets.translate(_STEPS))
    return max(map(operator.sub, steps, count(1)), default=0)


def parse_json(text: object, what: str) -> Any:
    """Parse ``text`` (called ``what`` in messages) within the limits above."""
    if not isinstance(text, str):
        raise MalformedError(f"{what} must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_CHARS:
        raise MalformedError(f"{what} is longer than {MAX_CHARS:,} characters")
    if depth(text) > MAX_DEPTH:
        raise MalformedError(f"{what} is nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except (MalformedError, json.JSONDecodeError) as e:
        why = str(e)
    except ValueError:  # the only other one: an int beyond Python's digit limit
        why = f"a number has more than {sys.get_int_max_str_digits():,} digits"
    raise MalformedError(f"{what} is not valid JSON ({why})")
