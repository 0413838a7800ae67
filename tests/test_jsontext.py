"""JSON input limits: refused with a MalformedError before anything recurses."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dozito import MalformedError, load_record
from dozito.jsontext import MAX_CHARS, MAX_DEPTH, depth, parse_json

KEYS = st.text(alphabet='ab[]{}"\\', max_size=4)
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='x[]{}"\\/,:', max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
)


def nesting(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(nesting, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(nesting, value.values()), default=0)
    return 0


@given(VALUES, st.booleans())
def test_depth_counts_nesting_and_skips_brackets_in_strings(value: Any, indent: bool) -> None:
    text = json.dumps(value, indent=1 if indent else None, ensure_ascii=False)
    assert depth(text) == nesting(value)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (r'["\\", [[]]]', 3),  # an escaped backslash does not escape the quote after it
        (r'["\"[[[", []]', 2),  # an escaped quote does not end the string
        ('["[[[', 1),  # an unterminated string hides the rest
        ("[[[[", 4),  # unclosed brackets count: the parser would recurse into them
    ],
)
def test_depth_of_odd_texts(text: str, expected: int) -> None:
    assert depth(text) == expected


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 5000 + "]" * 5000, f"nested more than {MAX_DEPTH} deep"),
        ('{"players": ' + "[" * 100_000, f"nested more than {MAX_DEPTH} deep"),
        ('{"format": "dozito/1", "seed": ' + "7" * 5000 + "}", "more than 4,300 digits"),
        ('{"format": "dozito/1", "seed": NaN}', "NaN is not a JSON number"),
        ('{"format": "dozito/1", "seed": -Infinity}', "-Infinity is not a JSON number"),
        (" " * (MAX_CHARS + 1), f"longer than {MAX_CHARS:,} characters"),
        ('{"players": ["' + "x" * 2_500_000 + '"]}', "longer than"),
    ],
)
def test_records_beyond_the_limits_are_malformed(text: str, message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        load_record(text)


def test_the_deepest_allowed_nesting_parses() -> None:
    assert nesting(parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "it")) == MAX_DEPTH


def test_only_text_is_parsed() -> None:
    with pytest.raises(MalformedError, match="must be JSON text, not bytes"):
        parse_json(b"{}", "the request")
