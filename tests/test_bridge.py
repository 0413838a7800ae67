"""The page's bridge: JSON in, JSON out, errors as data, nothing lost. The
errors for every kind of bad request are test_bridge_errors.py's."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dozito import bridge
from dozito.actions import ACTIONS
from dozito.bots import get_bot
from scenario import instant_win


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


def record() -> dict[str, Any]:
    text = ok(op="record")["record_text"]
    assert isinstance(text, str)
    parsed: dict[str, Any] = json.loads(text)
    return parsed


def test_act_returns_the_action_events_and_view_only() -> None:
    result = ok(op="act", action="draw")
    card = result["events"][0]["card"]
    draw = {"type": "draw", "seat": 0, "card": card, "round": 1, "turn": 1, "step": 1}
    assert result["events"] == [draw]
    assert result["view"]["hand"] == card
    # No record: in a long game it would make every answer longer.
    assert set(result) == {"action", "events", "view", "log_change", "record_change"}
    assert record()["actions"] == ["draw"]


def test_illegal_action_is_an_error_and_changes_nothing() -> None:
    before = record()
    response = call(op="act", action="discard:0")
    assert response["ok"] is False
    assert response["error"]["type"] == "IllegalActionError"
    assert "no card in hand" in response["error"]["message"]
    assert record() == before


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "dozito/1", "players": ["A"]}', "2 to 5 players"),
        ('{"format": "dozito/1", "players": ["A", "B"], "seats": ["human", "godlike"]}', "godlike"),
        ("{oops", "not valid JSON"),
    ],
)
def test_bad_record_is_refused_and_the_game_is_kept(text: str, words: str) -> None:
    ok(op="act", action="draw")
    response = call(op="load", text=text)
    assert response["error"]["type"] == "MalformedError" and words in response["error"]["message"]
    assert record()["actions"] == ["draw"]


def test_load_needs_the_records_text() -> None:
    response = call(op="load", record={"format": "dozito/1", "players": ["A", "B"]})
    assert response["error"]["type"] == "MalformedError" and "text" in response["error"]["message"]


def test_load_resumes_a_saved_game() -> None:
    ok(op="act", action="draw")
    saved = ok(op="record")["record_text"]
    ok(op="new", players=["X", "Y", "Z"])
    result = ok(op="load", text=saved)
    assert result["view"]["names"] == ["Ann", "Bob"] and result["view"]["hand"] is not None
    assert result["record_text"] == saved


def test_seats_go_into_the_record_and_come_back_from_it() -> None:
    started = ok(
        op="new", players=["Ann", "Bob", "Cy"], seed=3, seats=["human", "expert", "random"]
    )
    assert started["seats"] == ["human", "expert", "random"]
    assert json.loads(started["record_text"])["seats"] == ["human", "expert", "random"]
    ok(op="new", players=["X", "Y"])
    assert ok(op="load", text=started["record_text"])["seats"] == ["human", "expert", "random"]


def test_a_record_without_seats_is_played_by_humans() -> None:
    result = ok(op="load", text='{"format": "dozito/1", "players": ["A", "B", "C"]}')
    assert result["seats"] == ["human"] * 3
    assert json.loads(result["record_text"])["seats"] == ["human"] * 3


def test_an_unknown_seat_is_refused_when_starting() -> None:
    response = call(op="new", players=["A", "B"], seats=["human", "godlike"])
    assert (
        response["error"]["type"] == "MalformedError" and "godlike" in response["error"]["message"]
    )


def test_a_big_seed_keeps_every_digit() -> None:
    text = '{"format": "dozito/1", "players": ["A", "B"], "seed": 1152921504606846977}'
    assert '"seed": 1152921504606846977' in ok(op="load", text=text)["record_text"]
    other = ok(op="load", text=text.replace("977", "976"))
    assert ok(op="load", text=text)["view"]["discard_tops"] != other["view"]["discard_tops"]


def test_load_rebuilds_the_log_and_the_last_actions_events() -> None:
    played: list[dict[str, Any]] = [ok(op="view")]
    log = [{"type": "round_start", "round": 1, "starter": 0, "turn": 0, "step": 0}]
    while played[-1]["view"]["phase"] != "game_over":
        played.append(ok(op="bot", level="random"))
        log += played[-1]["events"]
        if any(e["type"] == "round_scored" for e in played[-1]["events"]):
            break
    saved = ok(op="record")["record_text"]
    ok(op="new", players=["X", "Y"])
    result = ok(op="load", text=saved)
    assert result["log"] == log
    assert result["events"] == played[-1]["events"]
    assert any(e["type"] == "round_scored" for e in result["events"])


def test_a_new_game_has_only_the_first_round_start() -> None:
    result = ok(op="new", players=["Ann", "Bob"], seed=4, first_player=1)
    start = {"type": "round_start", "round": 1, "starter": 1, "turn": 0, "step": 0}
    assert result["log"] == [start]
    assert result["events"] == []


def test_bot_plays_to_the_end_with_round_scoring_events() -> None:
    kinds: list[str] = []
    view: dict[str, Any] = {}
    while view.get("phase") != "game_over":
        result = ok(op="bot", level="random")
        assert set(result) == {"action", "events", "view", "ms", "log_change", "record_change"}
        kinds += [e["type"] for e in result["events"]]
        view = result["view"]
    assert kinds[-1] == "game_over" and view["winners"]
    assert record()["actions"][-1] == result["action"]
    scored = [e for e in result["events"] if e["type"] == "round_scored"]
    grid = scored[0]["grids"][0]
    assert len(grid["cards"]) == 12 and grid["total"] == scored[0]["scores"][0]
    response = call(op="bot", level="random")
    assert response["ok"] is False


def test_the_view_and_the_game_over_event_say_why_the_game_ended() -> None:
    assert ok(op="view")["view"]["outcome"] is None
    result: dict[str, Any] = {}
    while not result or result["view"]["phase"] != "game_over":
        result = ok(op="bot", level="random")
    view, game_over = result["view"], result["events"][-1]
    assert game_over["type"] == "game_over" and game_over["winners"] == view["winners"]
    assert view["outcome"]["reason"] == game_over["reason"]
    assert view["outcome"]["winners"] == view["winners"]
    assert view["outcome"]["best_rounds"] == [
        max(r[s] for r in view["round_scores"]) for s in (0, 1)
    ]


def test_a_loaded_instant_win_says_so() -> None:
    result = ok(op="load", text=json.dumps(instant_win()))
    over = {"type": "game_over", "winners": [0], "reason": "instant_win"}
    assert result["events"][-1] == {**over, "round": 1, "turn": 1, "step": 13}
    assert [e["type"] for e in result["events"]] == [
        "place",
        "instant_win",
        "turn_end",
        "game_over",
    ]
    outcome = {"reason": "instant_win", "winners": [0], "tied": [0], "best_rounds": []}
    places = result["view"]["outcome"].pop("places")
    assert result["view"]["outcome"] == outcome
    assert places[0] == 1 and all(place > 1 for place in places[1:])  # the instant winner first


def test_rules_op_gives_the_engines_own_limits_and_levels() -> None:
    rules = ok(op="rules")["rules"]
    assert rules == {
        "players": {"min": 2, "max": 5},
        "rounds": {"min": 1, "max": 10, "default": 3},
        "max_name_length": 40,
        "levels": ["rookie", "casual", "sharp", "expert"],
        "test_levels": ["random"],
        "grid": {"rows": 3, "columns": 4},
        "actions": rules["actions"],
        "strengths": {
            "rookie": {"against": "casual", "percent": 14, "deals": 2000},
            "casual": {"against": "rookie", "percent": 86, "deals": 2000},
            "sharp": {"against": "casual", "percent": 60, "deals": 2000},
            "expert": {"against": "sharp", "percent": 62, "deals": 1000},
        },
    }
    assert rules["actions"]["discard:1"] == {"kind": "discard", "pile": 1}
    assert rules["actions"]["draw"] == {"kind": "draw"}
    assert sorted(rules["actions"]) == sorted(ACTIONS)
    # The numbers are the ones the engine enforces: each limit holds, one past it is refused.
    low, high = rules["players"]["min"], rules["players"]["max"]
    for count, good in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
        assert call(op="new", players=["P"] * count)["ok"] is good
    low, high = rules["rounds"]["min"], rules["rounds"]["max"]
    for rounds, good in ((low, True), (high, True), (low - 1, False), (high + 1, False)):
        assert call(op="new", players=["A", "B"], rounds=rounds)["ok"] is good
    assert ok(op="new", players=["A", "B"])["view"]["rounds"] == rules["rounds"]["default"]
    longest = "N" * rules["max_name_length"]
    assert call(op="new", players=[longest, "B"])["ok"]
    assert not call(op="new", players=[longest + "N", "B"])["ok"]
    for level in rules["levels"] + rules["test_levels"]:
        ok(op="new", players=["A", "B"], seats=[level, "human"])
        assert ok(op="bot", level=level)["action"]


def test_cards_op_lists_the_deck() -> None:
    cards = ok(op="cards")["cards"]
    assert len(cards) == 75 and cards[7]["kind"] == "stop"


def test_a_bot_move_is_seeded_by_the_game_and_the_move_number() -> None:
    for _ in range(7):
        ok(op="act", action=ok(op="view")["view"]["legal_actions"][0])
    game = bridge._current()
    rng = random.Random(f"4:{len(game.history())}:{game.current}")
    expected = get_bot("casual").choose(game.observation(game.current), rng)
    assert ok(op="bot", level="casual")["action"] == expected
