"""Every rule of the engine contract, as short scenarios with explicit decks.

Over 300 lines: this is the rules' one home (CONTRIBUTING and
docs/engine-contract.md send every rule here), one short scenario a rule."""

from __future__ import annotations

import pytest

from dozito import Game, IllegalActionError, MalformedError
from dozito.game import Outcome
from scenario import ONE_CARD_EACH, deck, play, run_out, tie_broken_by_best_round, up_codes

# -- deal ------------------------------------------------------------------


def test_deal_order_follows_the_contract() -> None:
    d = deck(3)
    g = play(3, [d])
    state = g.to_json()
    for p in range(3):
        assert [c["card"] for c in state["grids"][p]] == d[12 * p : 12 * p + 12]
        assert not any(c["up"] for c in state["grids"][p])
    assert state["discard_tops"] == [d[36], d[37]]
    assert state["draw_count"] == 75 - 38
    g.apply("draw")
    assert g.to_json()["hand"] == d[38]


def test_turn_start_offers_draw_and_both_piles() -> None:
    g = play(2, [deck(2)])
    assert g.legal_actions() == ("draw", "take:0", "take:1")
    assert g.current == 0 and g.to_json()["hand"] is None


# -- placing, chains, forced discards -------------------------------------


def test_numbered_card_goes_only_to_its_spot() -> None:
    g = play(2, [deck(2, draw=["R5"])], ["draw"])
    assert g.legal_actions() == ("place:5", "discard:0", "discard:1")
    with pytest.raises(IllegalActionError, match="only go to spot 5"):
        g.apply("place:6")


def test_unknown_action_string_is_malformed() -> None:
    g = play(2, [deck(2)])
    with pytest.raises(MalformedError):
        g.apply("place:13")


def test_joker_goes_anywhere() -> None:
    g = play(2, [deck(2, draw=["YJ2"])], ["draw"])
    assert g.legal_actions() == tuple(f"place:{s}" for s in range(1, 13)) + (
        "discard:0",
        "discard:1",
    )


def test_placing_on_a_face_down_card_flips_it_and_the_chain_goes_on() -> None:
    g = play(2, [deck(2, grids={0: {5: "G11"}}, draw=["R5"])], ["draw", "place:5"])
    assert up_codes(g, 0) == {5: "R5"}
    assert g.to_json()["hand"] == "G11"
    assert g.legal_actions() == ("place:11", "discard:0", "discard:1")
    assert g.current == 0


def test_placing_on_a_face_up_card_forces_its_discard_and_ends_the_turn() -> None:
    d = deck(2, grids={0: {7: "G11"}}, draw=["R7", "Y1", "Y7"])
    g = play(2, [d], ["draw", "place:7", "discard:0", "draw", "discard:0", "draw", "place:7"])
    assert g.to_json()["hand"] == "R7"
    assert g.legal_actions() == ("discard:0", "discard:1")
    g.apply("discard:1")
    assert g.current == 1 and up_codes(g, 0) == {7: "Y7"}
    assert g.to_json()["discard_tops"][1] == "R7"


def test_discarding_ends_the_turn() -> None:
    g = play(3, [deck(3, draw=["R6"])], ["draw", "discard:1"])
    assert g.current == 1
    assert g.to_json()["discard_tops"][1] == "R6"
    assert g.legal_actions() == ("draw", "take:0", "take:1")


def test_card_taken_from_a_pile_must_be_placed() -> None:
    g = play(2, [deck(2, piles=("R5", "B7"))], ["take:0"])
    assert g.legal_actions() == ("place:5",)
    with pytest.raises(IllegalActionError, match="must be placed"):
        g.apply("discard:1")


def test_emptied_pile_must_receive_the_turns_discard() -> None:
    g = play(2, [deck(2, piles=("R5", "B7"))], ["take:0", "place:5"])
    assert g.legal_actions()[-1:] == ("discard:0",)
    assert "discard:1" not in g.legal_actions()
    with pytest.raises(IllegalActionError, match="pile 0 is empty"):
        g.apply("discard:1")


def test_take_from_an_empty_pile_is_illegal_within_the_turn() -> None:
    g = play(2, [deck(2, piles=("R5", "B7"))], ["take:0"])
    with pytest.raises(IllegalActionError):
        g.apply("take:1")


# -- STOP -----------------------------------------------------------------


def test_placed_stop_forces_discard_of_a_face_down_card_unflipped_chain() -> None:
    # R8 is a STOP; the face-down card under it goes to the hand face up.
    g = play(2, [deck(2, grids={0: {8: "G3"}}, draw=["R8"])], ["draw", "place:8"])
    assert g.to_json()["hand"] == "G3"
    assert g.legal_actions() == ("discard:0", "discard:1")
    g.apply("discard:0")
    assert g.current == 1 and up_codes(g, 0) == {8: "R8"}


def test_stop_may_be_discarded_and_the_turn_ends() -> None:
    g = play(2, [deck(2, draw=["B6"])], ["draw"])
    assert "discard:0" in g.legal_actions()
    g.apply("discard:0")
    assert g.current == 1


def test_flipped_stop_ends_the_chain_after_it() -> None:
    # Placing R1 flips B6 (STOP); placing B6 forces the card under it out.
    d = deck(2, grids={0: {1: "B6", 6: "G2"}}, draw=["R1"])
    g = play(2, [d], ["draw", "place:1", "place:6"])
    assert g.to_json()["hand"] == "G2"
    assert g.legal_actions() == ("discard:0", "discard:1")


def test_stop_taken_from_a_pile_must_be_placed() -> None:
    g = play(2, [deck(2, piles=("Y12", "B7"))], ["take:0"])
    assert g.legal_actions() == ("place:12",)


# -- Replay -----------------------------------------------------------------


def test_discarding_a_replay_gives_another_turn() -> None:
    g = play(3, [deck(3, draw=["R5"])], ["draw", "discard:0"])  # R5 is a Replay
    assert g.current == 0
    assert g.legal_actions() == ("draw", "take:0", "take:1")


def test_replay_discarded_from_the_grid_gives_another_turn() -> None:
    d = deck(2, grids={0: {1: "B10"}}, draw=["R1"])
    g = play(2, [d], ["draw", "place:1", "discard:1"])
    assert g.current == 0


def test_replay_under_a_stop_gives_another_turn() -> None:
    # Y8 (Replay) goes up at spot 8; later the STOP R8 replaces it.
    d = deck(2, grids={0: {8: "Y3"}}, draw=["Y8", "P1", "R8"])
    g = play(2, [d], ["draw", "place:8", "discard:0", "draw", "discard:0", "draw", "place:8"])
    assert g.current == 0 and g.to_json()["hand"] == "Y8"
    events = g.apply("discard:1")
    assert ("extra_turn", 0) in events
    assert g.current == 0 and g.legal_actions() == ("draw", "take:0", "take:1")


def test_replay_taken_and_placed_is_not_a_discard() -> None:
    g = play(2, [deck(2, piles=("G2", "B7"))], ["take:0", "place:2", "discard:0"])
    assert g.current == 1


# -- reshuffle ----------------------------------------------------------------


def _draw_and_discard(g: Game, turns: int) -> list[tuple[object, ...]]:
    events: list[tuple[object, ...]] = []
    for _ in range(turns):
        events = g.apply("draw") + g.apply("discard:0")
    return events


def test_reshuffle_keeps_both_tops_and_rebuilds_the_draw_pile() -> None:
    d = deck(2)
    g = play(2, [d])
    events = _draw_and_discard(g, 48)
    assert ("reshuffle", 49) not in events and len(g.draw) == 1
    last = g.draw[-1]
    events = _draw_and_discard(g, 1)
    assert ("reshuffle", 49) in events
    state = g.to_json()
    assert state["draw_count"] == 49
    assert state["discard_tops"] == [d[-1], d[25]]
    assert g.piles == ([last], [g.piles[1][0]])
    assert sorted(g.draw + g.cells + g.piles[0] + g.piles[1]) == list(range(75))


def test_reshuffle_order_comes_from_the_seed() -> None:
    d = deck(2)
    a, b, c = (play(2, [d], seed=s) for s in (3, 3, 4))
    for g in (a, b, c):
        _draw_and_discard(g, 49)
    assert a.draw == b.draw
    assert a.draw != c.draw and sorted(a.draw) == sorted(c.draw)


# -- end of round -------------------------------------------------------------

# Seat 0's face-down cards chain into each other once R1 is drawn: placing
# the card numbered s flips the card numbered s + 1 (B8 stands in for R8, a
# STOP, which would cut the chain). The last flip is the card under spot 12.
_CHAIN = {s: f"R{s + 1}" for s in range(1, 12)} | {7: "B8"}
_CHAIN_ACTIONS = ["draw"] + [f"place:{s}" for s in range(1, 13)]


def test_completing_the_grid_gives_every_other_player_one_final_turn() -> None:
    d = deck(3, grids={0: _CHAIN | {12: "Y1"}}, draw=["R1", "Y2", "Y3", "Y4"])
    g = play(3, [d], _CHAIN_ACTIONS)
    assert g.to_json()["hand"] == "Y1" and g.up[0] == (1 << 12) - 1
    assert ("round_end_triggered", 0) in g.apply("discard:0")
    assert g.current == 1
    _draw_and_discard(g, 1)
    assert g.current == 2 and g.round == 1
    events = _draw_and_discard(g, 1)
    assert [e[0] for e in events][-2:] == ["round_scored", "round_start"]
    # Red spots 1-7 and 9-12 are one group of 11 (75) plus 10 suns.
    assert g.round_scores == [(85, 0, 0)]
    assert g.round == 2
    assert g.current == 1  # the lowest total starts; ties go to the lowest seat


def test_triggering_again_during_final_turns_does_nothing() -> None:
    # Seat 1 also completes its grid on its final turn: seat 2 still plays
    # once, then the round ends when play would come back to seat 0.
    grid1 = {s: f"P{s + 1}" for s in range(1, 12)} | {6: "G7"}
    d = deck(
        3,
        grids={0: _CHAIN | {12: "Y1"}, 1: grid1 | {12: "Y5"}},
        draw=["R1", "P1", "Y2"],
    )
    actions = _CHAIN_ACTIONS + ["discard:0", "draw"] + [f"place:{s}" for s in range(1, 13)]
    g = play(3, [d], actions)
    assert g.up[1] == (1 << 12) - 1
    events = g.apply("discard:0")
    assert not any(e[0] == "round_end_triggered" for e in events)
    assert g.current == 2 and g.ender == 0
    events = _draw_and_discard(g, 1)
    assert any(e[0] == "round_scored" for e in events)


def test_end_of_round_after_an_extra_turn_on_the_completing_turn() -> None:
    # The last flipped card is G2, a Replay: discarding it gives an extra
    # turn, and the end of the round is triggered only after that turn.
    d = deck(2, grids={0: _CHAIN | {12: "G2"}}, draw=["R1", "Y2"])
    g = play(2, [d], _CHAIN_ACTIONS)
    events = g.apply("discard:0")
    assert ("extra_turn", 0) in events and g.ender == -1 and g.current == 0
    events = _draw_and_discard(g, 1)
    assert ("round_end_triggered", 0) in events and g.current == 1


def test_final_turns_get_extra_turns_too() -> None:
    d = deck(2, grids={0: _CHAIN | {12: "Y1"}}, draw=["R1", "G2", "Y2"])
    g = play(2, [d], _CHAIN_ACTIONS + ["discard:0"])
    assert g.current == 1
    events = _draw_and_discard(g, 1)  # seat 1 discards G2, a Replay
    assert ("extra_turn", 1) in events and g.current == 1 and g.round == 1
    events = _draw_and_discard(g, 1)
    assert any(e[0] == "round_scored" for e in events)


# -- safeguard -----------------------------------------------------------------


def test_round_is_scored_as_it_stands_when_its_500th_turn_ends() -> None:
    g = Game.new(["A", "B"], rounds=1, seed=9)
    while not g.over:
        _draw_and_discard(g, 1)
    assert g.history().count("draw") == 500
    assert g.round_scores == [(0, 0)]
    assert g.winners == [0, 1]  # tied on total and on best round: shared


def test_replay_on_the_500th_turn_gives_no_extra_turn() -> None:
    g = Game.new(["A", "B"], rounds=2, seed=9)
    while g.turns < 499:
        _draw_and_discard(g, 1)
    g.draw[-1] = 4  # R5, a Replay, is drawn on the 500th turn
    events = _draw_and_discard(g, 1)
    assert "extra_turn" not in [e[0] for e in events]
    assert g.round == 2 and g.turns == 0


# -- instant win ---------------------------------------------------------------


def test_twelve_face_up_cards_of_one_colour_win_the_game_at_once() -> None:
    # All red: RJ1 stands in for the STOP R8 and goes to spot 8.
    grid = {s: f"R{s + 1}" for s in range(1, 12)} | {7: "RJ1", 12: "B1"}
    d = deck(2, grids={0: grid}, draw=["R1"])
    g = play(2, [d], _CHAIN_ACTIONS[:-1])
    assert not g.over and g.to_json()["hand"] == "R12"
    events = g.apply("place:12")
    assert [e[0] for e in events] == ["place", "instant_win", "game_over"]
    state = g.to_json()
    assert state["phase"] == "game_over" and state["winners"] == [0]
    assert state["hand"] is None and state["current_player"] is None
    assert state["legal_actions"] == [] and state["round_scores"] == []
    with pytest.raises(IllegalActionError, match="game is over"):
        g.apply("discard:0")
    assert events[-1] == ("game_over", (0,), "instant_win")
    assert g.outcome == Outcome("instant_win", (0,), (0,), ())


# -- rounds, starters, winners ---------------------------------------------------


def test_first_player_option() -> None:
    g = play(3, [deck(3)], first_player=2)
    assert g.current == 2


def test_rounds_without_a_deck_are_shuffled_from_the_seed() -> None:
    a = Game.new(["A", "B"], seed=11)
    b = Game.new(["A", "B"], seed=11)
    c = Game.new(["A", "B"], seed=12)
    assert a == b and a.cells != c.cells


def test_decks_fix_the_deal_of_each_round() -> None:
    d1, d2 = deck(2), deck(2, piles=("R1", "R2"))
    g = play(2, [d1, d2], rounds=2)
    g.turns = 499
    _draw_and_discard(g, 1)
    assert g.round == 2 and g.to_json()["discard_tops"] == ["R1", "R2"]


@pytest.mark.parametrize(
    ("totals", "rounds", "winners", "reason"),
    [
        ([30, 20], [(15, 10), (15, 10)], [0], "most_points"),
        ([20, 20], [(5, 9), (15, 11)], [0], "best_round"),  # tie: best single round 15 > 11
        ([20, 20, 3], [(10, 10, 3), (10, 10, 0)], [0, 1], "shared"),  # still tied: shared
    ],
)
def test_winner_and_tie_breaks(
    totals: list[int], rounds: list[tuple[int, ...]], winners: list[int], reason: str
) -> None:
    g = Game.new([f"P{i}" for i in range(len(totals))])
    g.totals, g.round_scores = totals, rounds
    outcome = g._by_points()
    assert list(outcome.winners) == winners
    assert outcome.reason == reason


@pytest.mark.parametrize(
    ("outcome", "totals", "places"),
    [
        (Outcome("most_points", (2,), (2,), (5, 9, 20, 9)), [10, 30, 40, 30], [4, 2, 1, 2]),
        (Outcome("best_round", (1,), (0, 1), (8, 9, 3)), [20, 20, 7], [2, 1, 3]),
        (Outcome("shared", (0, 1), (0, 1), (9, 9, 9)), [20, 20, 20], [1, 1, 3]),
        (Outcome("most_points", (0,), (0,), (9, 5, 6)), [20, 12, 12], [1, 3, 2]),
        (Outcome("instant_win", (2,), (2,), ()), [0, 40, 0], [3, 2, 1]),
    ],
)
def test_places_rank_winners_first_then_totals_then_best_round(
    outcome: Outcome, totals: list[int], places: list[int]
) -> None:
    assert outcome.places(totals) == places


def test_the_most_points_win() -> None:
    d = deck(2, grids={0: _CHAIN | {12: "Y1"}}, draw=["R1", "Y2"])
    g = play(2, [d], _CHAIN_ACTIONS + ["discard:0", "draw"], rounds=1)
    events = g.apply("discard:0")  # seat 1's final turn ends the round, and the game
    assert g.round_scores == [(85, 0)]
    assert events[-1] == ("game_over", (0,), "most_points")
    assert g.outcome == Outcome("most_points", (0,), (0,), (85, 0))


def test_a_tie_on_points_goes_to_the_best_single_round() -> None:
    g = tie_broken_by_best_round()
    assert g.round_scores == [(2, 1), (0, 1)] and g.totals == [2, 2]
    assert g.winners == [0]
    assert g.outcome == Outcome("best_round", (0,), (0, 1), (2, 1))
    record = g.to_record()
    last = record["actions"].pop()
    assert Game.from_record(record).apply(last)[-1] == ("game_over", (0,), "best_round")


def test_a_tie_on_points_and_best_round_is_shared() -> None:
    # R4 and B1, two suns each, in the only round.
    d = deck(2, grids={0: {4: "Y1"}, 1: {1: "Y3"}}, draw=["R4", "B1"])
    g = play(2, [d], ONE_CARD_EACH, rounds=1)
    events = run_out(g)
    assert g.round_scores == [(2, 2)]
    assert events[-1] == ("game_over", (0, 1), "shared")
    assert g.outcome == Outcome("shared", (0, 1), (0, 1), (2, 2))


def test_scoring_the_last_round_ends_the_game() -> None:
    g = Game.new(["A", "B", "C"], rounds=2, seed=1)
    while not g.over:
        _draw_and_discard(g, 1)
    assert len(g.round_scores) == 2 and g.to_json()["phase"] == "game_over"
