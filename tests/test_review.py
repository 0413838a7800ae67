"""The review through the bridge: stepping through a game, the decisions of a
seat, and the expert's judgement of them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dozito import Game, bridge, load_record
from test_bridge import call, ok

ACTION_EVENTS = {"draw", "take", "place", "discard"}


def play_bots(level: str = "random", until_round: int | None = None) -> dict[str, Any]:
    """Let bots play the current game (to the end, or until a round is
    scored); the last answer."""
    while True:
        result = ok(op="bot", level=level)
        if result["view"]["phase"] == "game_over":
            return result
        scored = [e for e in result["events"] if e["type"] == "round_scored"]
        if until_round is not None and scored and scored[0]["round"] == until_round:
            return result


def cut(record_text: str, step: int) -> Game:
    record = json.loads(record_text)
    return load_record(json.dumps({**record, "actions": record["actions"][:step]}))


@pytest.fixture(autouse=True)
def fresh_game() -> None:
    ok(op="new", players=["Ann", "Bob", "Cy"], seed=11, rounds=2)


def test_each_step_shows_the_game_as_it_was_and_the_game_stays_as_it_is() -> None:
    play_bots(until_round=1)
    ok(op="act", action="draw")
    text = ok(op="record")["record_text"]
    now = ok(op="view")["view"]
    steps = len(json.loads(text)["actions"])
    seen: list[dict[str, Any]] = []
    for step in range(steps + 1):
        result = ok(op="step", step=step)
        assert result["step"] == step and result["steps"] == steps
        assert result["view"] == bridge.view(cut(text, step))
        assert (result["events"] == []) == (step == 0)
        # The page finds a step's events in the log: each action's begin
        # with the action itself.
        assert all(e["type"] in ACTION_EVENTS for e in result["events"][:1])
        assert not any(e["type"] in ACTION_EVENTS for e in result["events"][1:])
        seen += result["events"]
    assert ok(op="load", text=text)["log"] == [
        {"type": "round_start", "round": 1, "starter": 0},
        *seen,
    ]
    for step in (steps, 0, 70, 3):
        assert ok(op="step", step=step)["view"] == bridge.view(cut(text, step))
    assert ok(op="view")["view"] == now and ok(op="record")["record_text"] == text


def test_steps_follow_the_game_as_it_goes_on_and_when_another_is_loaded() -> None:
    assert ok(op="step", step=0)["steps"] == 0
    ok(op="act", action="draw")
    assert ok(op="step", step=1)["steps"] == 1
    play_bots()
    text = ok(op="record")["record_text"]
    steps = len(json.loads(text)["actions"])
    assert ok(op="step", step=steps)["view"]["phase"] == "game_over"
    ok(op="new", players=["X", "Y"], seed=2)
    assert ok(op="step", step=0)["steps"] == 0
    ok(op="load", text=text)  # an imported file: the same game, another Game
    assert ok(op="step", step=steps)["view"] == ok(op="view")["view"]


@pytest.mark.parametrize(
    ("request_value", "words"),
    [
        ({"op": "step"}, "'step' needs 'step', a whole number, not None"),
        ({"op": "step", "step": "3"}, "not '3'"),
        ({"op": "step", "step": True}, "not True"),
        ({"op": "step", "step": 2}, "step must be from 0 to 1, not 2"),
        ({"op": "step", "step": -1}, "step must be from 0 to 1, not -1"),
        ({"op": "review_start"}, "'review_start' needs 'seat'"),
        ({"op": "review_start", "seat": 3}, "seat must be from 0 to 2, not 3"),
    ],
)
def test_bad_steps_and_seats_are_refused(request_value: dict[str, Any], words: str) -> None:
    ok(op="act", action="draw")
    response = call(**request_value)
    assert response["error"]["type"] == "MalformedError"
    assert words in response["error"]["message"]


def test_no_game_no_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge, "_game", None)
    for request_value in ({"op": "step", "step": 0}, {"op": "review_start", "seat": 0}):
        assert call(**request_value)["error"]["type"] == "StateError"


def test_review_start_lists_the_seats_real_choices_and_the_totals_round_by_round() -> None:
    play_bots()
    text = ok(op="record")["record_text"]
    actions = json.loads(text)["actions"]
    result = ok(op="review_start", seat=1)
    assert result["seat"] == 1 and result["steps"] == len(actions)
    decisions = []
    for step in range(len(actions)):
        state = cut(text, step)
        if state.current == 1 and len(state.legal_actions()) > 1:
            decisions.append(step)
    assert result["decisions"] == decisions and decisions
    ends = result["round_ends"]
    assert len(ends) == 2 and ends[-1] == len(actions)
    assert result["totals"] == [cut(text, step).totals for step in ends]
    assert cut(text, ends[0] - 1).round == 1 and cut(text, ends[0]).round == 2
    assert result["totals"][-1] == ok(op="view")["view"]["totals"]
