"""The page's bridge: JSON in, JSON out, errors as data, nothing lost."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dozito import bridge


def call(**request: Any) -> dict[str, Any]:
    response: dict[str, Any] = json.loads(bridge.handle(json.dumps(request)))
    return response


def ok(**request: Any) -> dict[str, Any]:
    response = call(**request)
    assert response["ok"], response
    result: dict[str, Any] = response["result"]
    return result


@pytest.fixture(autouse=True)
def fresh_game() -> None:
    ok(op="new", players=["Ann", "Bob"], seed=4, rounds=1)


def test_new_game_view_hides_face_down_cards() -> None:
    view = ok(op="view")["view"]
    assert view["names"] == ["Ann", "Bob"] and view["current"] == 0
    assert view["grids"] == [[None] * 12, [None] * 12]
    assert view["legal_actions"] == ["draw", "take:0", "take:1"]
    assert view["phase"] == "turn" and view["rounds"] == 1
    assert view["draw_count"] == 49 and view["pile_sizes"] == [1, 1]


def test_act_returns_events_view_and_record() -> None:
    result = ok(op="act", action="draw")
    card = result["events"][0]["card"]
    assert result["events"] == [{"type": "draw", "seat": 0, "card": card}]
    assert result["view"]["hand"] == card
    assert result["record"]["actions"] == ["draw"]


def test_illegal_action_is_an_error_and_changes_nothing() -> None:
    before = ok(op="record")["record"]
    response = call(op="act", action="discard:0")
    assert response["ok"] is False
    assert response["error"]["type"] == "IllegalActionError"
    assert "no card in hand" in response["error"]["message"]
    assert ok(op="record")["record"] == before


def test_bad_record_is_refused_and_the_game_is_kept() -> None:
    ok(op="act", action="draw")
    response = call(op="load", record={"format": "dozito/1", "players": ["A"]})
    assert response["error"]["type"] == "MalformedError"
    assert ok(op="record")["record"]["actions"] == ["draw"]


def test_load_resumes_a_saved_game() -> None:
    ok(op="act", action="draw")
    saved = ok(op="record")["record"]
    ok(op="new", players=["X", "Y", "Z"])
    view = ok(op="load", record=saved)["view"]
    assert view["names"] == ["Ann", "Bob"] and view["hand"] is not None


@pytest.mark.parametrize("request_text", ["{", "[]", '{"op": "fly"}', '{"op": "act"}'])
def test_malformed_requests_are_errors_not_exceptions(request_text: str) -> None:
    response = json.loads(bridge.handle(request_text))
    assert response["ok"] is False and response["error"]["type"] == "MalformedError"


def test_bot_plays_to_the_end_with_round_scoring_events() -> None:
    kinds: list[str] = []
    view: dict[str, Any] = {}
    while view.get("phase") != "game_over":
        result = ok(op="bot", level="random")
        assert result["action"] in result["record"]["actions"][-1:]
        kinds += [e["type"] for e in result["events"]]
        view = result["view"]
    assert kinds[-1] == "game_over" and view["winners"]
    scored = [e for e in result["events"] if e["type"] == "round_scored"]
    grid = scored[0]["grids"][0]
    assert len(grid["cards"]) == 12 and grid["total"] == scored[0]["scores"][0]
    response = call(op="bot", level="random")
    assert response["ok"] is False


def test_unknown_bot_level() -> None:
    assert call(op="bot", level="grandmaster")["error"]["type"] == "MalformedError"


def test_cards_op_lists_the_deck() -> None:
    cards = ok(op="cards")["cards"]
    assert len(cards) == 75 and cards[7]["kind"] == "stop"


def test_internal_errors_come_back_as_data(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(req: dict[str, Any]) -> dict[str, Any]:
        raise KeyError("bug")

    monkeypatch.setitem(bridge._OPS, "view", broken)
    response = call(op="view")
    assert (
        response["error"]["type"] == "InternalError" and "KeyError" in response["error"]["message"]
    )
