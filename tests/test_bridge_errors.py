"""The bridge's answers to bad requests: whatever the page sends (malformed,
nested too deep, of the wrong type, at the wrong time, or random), it gets a
typed error that names the problem, never an exception or an InternalError."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dozito import bridge
from test_bridge import call, ok


@pytest.fixture(autouse=True)
def fresh_game() -> None:
    ok(op="new", players=["Ann", "Bob"], seed=4, rounds=1)


@pytest.mark.parametrize("request_text", ["{", "[]", '{"op": "fly"}', '{"op": "act"}'])
def test_malformed_requests_are_errors_not_exceptions(request_text: str) -> None:
    response = json.loads(bridge.handle(request_text))
    assert response["ok"] is False and response["error"]["type"] == "MalformedError"


def test_unknown_bot_level() -> None:
    assert call(op="bot", level="grandmaster")["error"]["type"] == "MalformedError"


def test_internal_errors_come_back_as_data(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(req: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("bug")

    monkeypatch.setitem(bridge._OPS, "view", broken)
    response = call(op="view")
    assert (
        response["error"]["type"] == "InternalError" and "KeyError" in response["error"]["message"]
    )


def answer(request: object) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(bridge.handle(request))  # type: ignore[arg-type]
    assert set(response) <= {"ok", "result", "error"}
    return response


def refused(request: object, kind: str, words: str) -> None:
    error = answer(request)["error"]
    assert error["type"] == kind and words in error["message"], error


NEW = '{"op": "new", "players": ["Ann", "Bob"], '
TWO = {"format": "dozito/1", "players": ["A", "B"]}


@pytest.mark.parametrize(
    ("request_text", "words"),
    [
        ("[" * 5000 + "]" * 5000, "nested more than"),
        ('{"op": "load", "text": "' + "[" * 5000 + '"}', "the record is nested more than"),
        (NEW + '"seed": ' + "1" * 5000 + "}", "more than 4,300 digits"),
        (NEW + '"rounds": NaN}', "NaN"),
        ('{"op": ' + "[" * 30 + "]" * 30 + "}", "unknown request op"),
        ('{"op": {}}', "unknown request op {}"),
        ('{"op": 7}', "unknown request op 7"),
        ("[]", "a request must be a JSON object"),
        ("12", "a request must be a JSON object"),
        ('"new"', "a request must be a JSON object"),
        ('{"op": "new", "players": "Ann, Bob"}', "'players' must be a list"),
        ('{"op": "new", "players": [["Ann"], "Bob"]}', "'players' must be a list"),
        (NEW + '"rounds": "3"}', "'rounds' must be an integer"),
        (NEW + '"rounds": ' + "9" * 4000 + "}", "rounds must be 1 to 10"),
        (NEW + '"seed": 1.5}', "'seed' must be an integer"),
        (NEW + '"first_player": [0]}', "'first_player' must be an integer"),
        ('{"op": "load", "text": "\\"dozito/1\\""}', "a record must be a JSON object"),
        ('{"op": "load", "text": "[{}]"}', "a record must be a JSON object"),
        ('{"op": "load", "text": {"format": "dozito/1"}}', "'load' needs the record's JSON text"),
        ('{"op": "load"}', "'load' needs the record's JSON text"),
        (
            json.dumps({"op": "load", "text": json.dumps({**TWO, "seats": ["human", "godlike"]})}),
            "'godlike' is neither",
        ),
        ('{"op": "act", "action": ["draw"]}', "needs an action string"),
        ('{"op": "act", "action": "fly"}', "'fly' is not an action"),
        ('{"op": "bot", "level": "godlike"}', "unknown bot level 'godlike'"),
        ('{"op": "bot", "level": {"name": "expert"}}', "needs a level"),
        ('{"op": "bot"}', "needs a level"),
    ],
)
def test_bad_requests_get_a_typed_error_naming_the_problem(request_text: str, words: str) -> None:
    refused(request_text, "MalformedError", words)


@pytest.mark.parametrize("request_value", [None, 12, b'{"op": "view"}', ["op"]])
def test_a_request_that_is_not_text_is_malformed(request_value: object) -> None:
    refused(request_value, "MalformedError", "must be JSON text")


def test_no_game_and_game_over_are_state_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    while ok(op="bot", level="random")["view"]["phase"] != "game_over":
        pass
    refused('{"op": "bot", "level": "random"}', "StateError", "the game is over")
    refused('{"op": "act", "action": "draw"}', "IllegalActionError", "the game is over")
    monkeypatch.setattr(bridge._state, "table", None)
    for op in ("view", "record", "act", "bot"):
        refused(json.dumps({"op": op}), "StateError", "no game has been started")


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8)
    | st.sampled_from(["dozito/1", "Ann", "draw", "take:1", "place:3", "discard:0", "R1"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)
FIELDS = (
    "players", "rounds", "first_player", "seed", "seats", "text", "action", "level", "step", "seat",
)  # fmt: skip
REQUESTS = JSON_VALUES | st.fixed_dictionaries(
    {"op": st.sampled_from([*bridge._OPS, "fly"]) | JSON_VALUES},
    optional={name: JSON_VALUES for name in FIELDS},
)
RECORDS = st.fixed_dictionaries(
    {"format": st.just("dozito/1"), "players": st.lists(st.text(max_size=3), max_size=6)},
    optional={
        name: JSON_VALUES
        for name in ("rounds", "first_player", "seed", "decks", "actions", "seats")
    },
)


@settings(max_examples=400, deadline=None)
@given(st.one_of(REQUESTS, RECORDS.map(lambda record: {"op": "load", "text": json.dumps(record)})))
def test_no_request_is_an_internal_error(request_value: Any) -> None:
    response = answer(json.dumps(request_value))
    assert response["ok"] or response["error"]["type"] != "InternalError", response
