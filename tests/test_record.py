"""Records: round trips, and every kind of bad input refused with a clear error."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dozito import Game, IllegalActionError, MalformedError, load_record
from dozito.bots import LEVELS
from dozito.cards import CODES
from dozito.record import MAX_NAME_LENGTH, game_from_record, record_of, record_seats
from scenario import deck

GOOD: dict[str, Any] = {"format": "dozito/1", "players": ["Ann", "Bob"]}


def test_defaults() -> None:
    g = Game.from_record(GOOD)
    assert (g.rounds, g.first_player, g.seed) == (3, 0, 0)
    assert g == Game.new(["Ann", "Bob"])


def test_round_trip_through_json_mid_game() -> None:
    g = Game.new(["A", "B", "C"], rounds=2, first_player=1, seed=99)
    for _ in range(40):
        g.apply(g.legal_actions()[-1])
    text = json.dumps(g.to_record())
    assert load_record(text) == g


def test_round_trip_keeps_given_decks() -> None:
    d = deck(2)
    g = Game.from_record({**GOOD, "decks": [d], "actions": ["draw"]})
    rec = g.to_record()
    assert rec["decks"] == [d] and Game.from_record(rec) == g


def test_decks_beyond_the_rounds_are_allowed_but_checked() -> None:
    d = deck(2)
    assert Game.from_record({**GOOD, "rounds": 1, "decks": [d, d]}).round == 1
    with pytest.raises(MalformedError, match="deck 1"):
        Game.from_record({**GOOD, "rounds": 1, "decks": [d, d[:-1]]})


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "dozito/2"}, "format"),
        ({"format": None}, "format"),
        ({"players": ["Solo"]}, "2 to 5 players"),
        ({"players": ["A", "B", "C", "D", "E", "F"]}, "2 to 5 players"),
        ({"players": ["A", 3]}, "players"),
        ({"players": "AB"}, "players"),
        ({"rounds": "3"}, "rounds"),
        ({"rounds": True}, "rounds"),
        ({"rounds": 3.0}, "rounds"),
        ({"rounds": 0}, "rounds"),
        ({"rounds": 11}, "rounds"),
        ({"first_player": 2}, "first_player"),
        ({"first_player": -1}, "first_player"),
        ({"seed": "7"}, "seed"),
        ({"seed": False}, "seed"),
        ({"decks": "R1"}, "decks"),
        ({"decks": [["R1"]]}, "75 cards"),
        ({"decks": [["X1"] + list(CODES[1:])]}, "unknown card 'X1'"),
        ({"decks": [["R2"] + list(CODES[1:])]}, "R2 appears twice"),
        ({"actions": "draw"}, "actions"),
        ({"actions": [1]}, "action 0"),
        ({"actions": ["draw", "jump"]}, "action 1: 'jump' is not an action"),
        ({"seeds": 1}, "unknown record field 'seeds'"),
        ({"seats": ["human"]}, "one entry for each of the 2 players"),
        ({"seats": "human,human"}, "seats"),
        ({"seats": None}, "seats"),
        ({"seats": [{"kind": "human"}, "casual"]}, "seat 0: .* is not a seat's name"),
        ({"seats": ["human", ""]}, "seat 1: '' is not a seat's name"),
    ],
)
def test_malformed_records_are_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(MalformedError, match=message):
        Game.from_record({**GOOD, **change})


def test_not_an_object() -> None:
    with pytest.raises(MalformedError, match="JSON object"):
        Game.from_record([GOOD])


def test_bad_json_text() -> None:
    with pytest.raises(MalformedError, match="not valid JSON"):
        load_record("{")


def test_illegal_action_names_its_index_and_reason() -> None:
    with pytest.raises(IllegalActionError, match=r"action 3: 'draw' is not legal now: the turn"):
        Game.from_record({**GOOD, "actions": ["draw", "discard:0", "draw", "draw"]})


def test_player_names_have_a_length_limit() -> None:
    assert Game.from_record({**GOOD, "players": ["A" * MAX_NAME_LENGTH, "Bob"]}).names[0]
    with pytest.raises(MalformedError, match="player 1's name has 41 characters, more than 40"):
        Game.from_record({**GOOD, "players": ["Ann", "B" * (MAX_NAME_LENGTH + 1)]})


def test_a_huge_value_is_named_not_echoed() -> None:
    for change in ({"players": ["x" * 2_500_000, "Bob"]}, {"seed": "7" * 2_500_000}):
        with pytest.raises(MalformedError) as refused:
            Game.from_record({**GOOD, **change})
        assert len(str(refused.value)) < 120


def test_seats_are_optional_and_change_nothing_in_the_game() -> None:
    seated = {**GOOD, "seed": 3, "seats": ["human", "expert"], "actions": ["draw"]}
    g = Game.from_record(seated)
    assert g == Game.from_record({**GOOD, "seed": 3, "actions": ["draw"]})
    assert record_seats(seated, 2) == ["human", "expert"] and record_seats(GOOD, 2) is None


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["human", "godlike"], "seat 1: 'godlike' is neither a human nor a bot level"),
        (["Human", "casual"], "seat 0: 'Human'"),
    ],
)
def test_seats_name_levels_the_caller_knows(seats: list[str], message: str) -> None:
    seated = {**GOOD, "seats": seats}
    assert record_seats(seated, 2) == seats  # the engine knows no bot
    with pytest.raises(MalformedError, match=message):
        record_seats(seated, 2, LEVELS)
    with pytest.raises(MalformedError, match=message):
        game_from_record(seated, LEVELS)


def test_record_of_keeps_the_seats_it_is_given() -> None:
    g = Game.from_record({**GOOD, "actions": ["draw"]})
    rec = record_of(g, ["random", "human"])
    assert rec["seats"] == ["random", "human"] and "seats" not in g.to_record()
    assert load_record(json.dumps(rec)) == g


@pytest.mark.parametrize(
    ("arguments", "key"),
    [
        ({"rounds": True}, "rounds"),
        ({"rounds": 2.0}, "rounds"),
        ({"first_player": 0.5}, "first_player"),
        ({"first_player": False}, "first_player"),
        ({"seed": 1.0}, "seed"),
        ({"seed": "7"}, "seed"),
    ],
)
def test_new_refuses_what_its_own_record_would_refuse(arguments: dict[str, Any], key: str) -> None:
    with pytest.raises(MalformedError, match=f"{key} must be an integer"):
        Game.new(["Ann", "Bob"], **arguments)


def test_every_game_new_makes_comes_back_from_its_own_record() -> None:
    game = Game.new(["Ann", "Bob", "Cy"], rounds=3, first_player=2, seed=2**70)
    assert Game.from_record(game.to_record()) == game
