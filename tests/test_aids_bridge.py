"""The bridge's aids: ``hint`` and ``undo``, the views' ``undoable``, and the
record's ``aids`` through ``record`` and ``load``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dozito import Game, bridge
from scenario import instant_win, record
from test_bridge import call, ok
from test_undo import TABLE, TABLE_DECK


@pytest.fixture(autouse=True)
def table_game() -> None:
    """The undo table's game, seat 0 to play, a joker on pile 0."""
    text = json.dumps(record(2, [TABLE_DECK], rounds=2))
    ok(op="load", text=text)


def saved() -> dict[str, Any]:
    parsed: dict[str, Any] = json.loads(ok(op="record")["record_text"])
    return parsed


def test_views_say_whether_the_last_action_can_be_undone() -> None:
    assert ok(op="view")["view"]["undoable"] is False
    for action, what, why in TABLE:
        assert ok(op="act", action=action)["view"]["undoable"] == (not why), what


def test_undo_restores_the_previous_view_and_is_noted() -> None:
    before = ok(op="view")["view"]
    taken = ok(op="act", action="take:0")["view"]
    assert taken["undoable"] and taken["legal_actions"] != before["legal_actions"]
    out = ok(op="undo")
    assert out["undone"] == "take:0" and out["events"] == []
    assert out["view"] == before
    rec = saved()
    assert rec["actions"] == [] and rec["aids"] == [{"at": 0, "kind": "undo"}]


def test_undo_refused_with_the_reason_when_something_was_revealed() -> None:
    ok(op="act", action="draw")
    response = call(op="undo")
    assert not response["ok"]
    assert response["error"] == {
        "type": "StateError",
        "message": "nothing can be undone: a card was drawn from the draw pile",
    }
    assert ok(op="view")["view"]["hand"] is not None  # the game is unchanged
    assert "aids" not in saved()
    ok(op="new", players=["Ann", "Bob"])
    assert "nothing has been played yet" in call(op="undo")["error"]["message"]


def test_hint_is_a_legal_action_with_a_reason_and_options() -> None:
    view = ok(op="view")["view"]
    hint = ok(op="hint")["hint"]
    assert hint["action"] in view["legal_actions"]
    assert isinstance(hint["reason"]["kind"], str)
    assert [o["action"] for o in hint["options"]][0] == hint["action"]
    assert sorted(o["action"] for o in hint["options"]) == sorted(view["legal_actions"])
    assert ok(op="view")["view"] == view  # asking changes nothing
    ok(op="hint")  # twice in a row is one hint
    assert saved()["aids"] == [{"at": 0, "kind": "hint"}]


def test_aids_round_trip_through_record_and_load_and_show_in_the_log() -> None:
    ok(op="act", action="take:0")
    ok(op="hint")
    ok(op="undo")  # the hint was about the undone action: it moves back with it
    ok(op="act", action="draw")
    ok(op="hint")
    rec = saved()
    aids = [{"at": 0, "kind": "hint"}, {"at": 0, "kind": "undo"}, {"at": 1, "kind": "hint"}]
    assert rec["aids"] == aids and rec["actions"] == ["draw"]
    loaded = ok(op="load", text=json.dumps(rec))
    at = {"round": 1, "turn": 1}
    assert [e for e in loaded["log"] if e["type"] in ("aid", "draw")] == [
        {"type": "aid", "kind": "hint", **at, "step": 0},
        {"type": "aid", "kind": "undo", **at, "step": 0},
        {"type": "draw", "seat": 0, "card": "G1", **at, "step": 1},
        {"type": "aid", "kind": "hint", **at, "step": 1},
    ]
    assert saved()["aids"] == aids
    # The engine replays the game as played, aids or not.
    assert Game.from_record(rec) == Game.from_record({**rec, "aids": []})


def test_two_undos_in_a_row_are_both_noted_and_the_record_loads() -> None:
    for action, _, _ in TABLE[:6]:
        ok(op="act", action=action)
    ok(op="act", action="take:0")
    ok(op="act", action="place:6")  # on a face-up spot
    assert ok(op="undo")["undone"] == "place:6"
    assert ok(op="undo")["undone"] == "take:0"
    rec = saved()
    assert rec["aids"] == [{"at": 6, "kind": "undo"}, {"at": 6, "kind": "undo"}]
    assert ok(op="load", text=json.dumps(rec))["view"]["legal_actions"] == [
        "draw",
        "take:0",
        "take:1",
    ]


@pytest.mark.parametrize(
    ("aids", "message"),
    [
        ({"at": 0}, "'aids' must be a list"),
        ([{"at": 0}], "aid 0 must be an object with 'at' and 'kind'"),
        ([{"at": 0, "kind": "peek"}], "aid 0: kind must be 'hint' or 'undo'"),
        ([{"at": 2, "kind": "hint"}], "aid 0: 'at' must be an action count from 0 to 1"),
        ([{"at": 1, "kind": "hint"}, {"at": 0, "kind": "undo"}], "aid 1: 'at' must be"),
        ([{"at": True, "kind": "hint"}], "aid 0: 'at' must be"),
    ],
)
def test_bad_aids_are_refused(aids: object, message: str) -> None:
    rec = {**record(2, [TABLE_DECK], ["take:0"]), "aids": aids}
    response = call(op="load", text=json.dumps(rec))
    assert response["error"]["type"] == "MalformedError"
    assert message in response["error"]["message"]


def test_hints_do_not_change_a_seeded_all_bot_game() -> None:
    def game(hints: bool) -> dict[str, Any]:
        ok(op="new", players=["A", "B"], seed=9, rounds=1, seats=["casual", "sharp"])
        while ok(op="view")["view"]["phase"] != "game_over":
            if hints:
                ok(op="hint")
            table = bridge._state.current()
            level = table.seats[table.game.current]
            ok(op="bot", level=level)
        rec = saved()
        rec.pop("aids", None)
        return rec

    assert game(hints=True) == game(hints=False)


def test_no_hint_once_the_game_is_over() -> None:
    ok(op="load", text=json.dumps(instant_win()))
    response = call(op="hint")
    assert response["error"] == {
        "type": "StateError",
        "message": "the game is over: there is nothing to hint",
    }
