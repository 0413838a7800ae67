"""Safe undo: the engine says which actions can be taken back (those that
revealed nothing, with the same seat still to play), and why not."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dozito import Game
from dozito.errors import StateError
from dozito.game import NOTHING_PLAYED
from dozito.observation import Observation
from scenario import deck, instant_win, play, run_out

TURNED = "a face-down card was turned up"
DRAWN = "a card was drawn from the draw pile"
PASSED = "the turn passed to the next player"

EARLIER = "a hidden card was revealed earlier in this turn"

# A 2-player round, action by action: (action, what it is, why not undoable or "").
TABLE = [
    ("take:0", "take a pile's top (a joker)", ""),
    ("place:6", "place on a face-down spot: the card there turns up (a flip)", TURNED),
    ("discard:0", "discard the flipped card: the turn ends", PASSED),
    ("draw", "draw from the draw pile", DRAWN),
    ("place:1", "place a drawn card on a face-down spot", TURNED),
    ("discard:0", "discard, the next seat plays", PASSED),
    ("take:0", "take a pile's top (a numbered card)", ""),
    ("place:6", "place it on a face-up spot (a joker there)", ""),
    ("discard:1", "discard the replaced card: the turn ends", PASSED),
    ("draw", "draw", DRAWN),
    ("discard:0", "discard a drawn card", PASSED),
    ("draw", "draw a Replay", DRAWN),
    ("place:5", "place it on a face-down spot", TURNED),
    ("discard:0", "discard the flipped card", PASSED),
    ("draw", "draw", DRAWN),
    ("place:1", "place a drawn card on a face-up spot", EARLIER),
    ("discard:0", "discard the replaced card", PASSED),
    ("take:1", "take a joker from a pile", ""),
    ("place:5", "place it on a face-up Replay", ""),
    ("discard:0", "discard the Replay, with nothing revealed: an extra turn", ""),
    ("draw", "draw a STOP", DRAWN),
    ("place:8", "place a STOP on a face-down spot: the card under it turns up", TURNED),
    ("discard:0", "discard the card under the STOP", PASSED),
    ("draw", "draw a Replay", DRAWN),
    ("discard:1", "discard it: an extra turn, but a card was drawn in this turn", EARLIER),
]
TABLE_DECK = deck(
    2,
    grids={0: {5: "Y3", 6: "P9", 8: "Y2"}, 1: {1: "B6"}},
    piles=("PJ1", "Y7"),
    draw=["G1", "Y9", "R5", "Y1", "R8", "B10"],
)


def test_every_action_kind_undoable_or_not_and_why() -> None:
    g = play(2, [TABLE_DECK], rounds=2)
    assert not g.undoable and g.why_not_undoable == NOTHING_PLAYED
    for action, what, why in TABLE:
        before = g.clone()
        g.apply(action)
        assert g.why_not_undoable == (why or None), what
        assert g.undoable == (not why), what
        if g.undoable:
            assert g.undone() == before, what
        else:
            with pytest.raises(StateError, match=f"nothing can be undone: {why}"):
                g.undone()


def test_round_end_reshuffle_and_game_over_cannot_be_undone() -> None:
    g = Game.new(["Ann", "Bob"], rounds=2, seed=3)
    while True:  # draw and discard until the draw pile is rebuilt
        g.apply("draw")
        events = g.apply("discard:0")
        if any(e[0] == "reshuffle" for e in events):
            break
    assert g.why_not_undoable == "the draw pile was reshuffled"
    run_out(g)
    assert g.round == 2 and g.why_not_undoable == "the round was scored and every card turned up"
    run_out(g)
    assert g.over and g.why_not_undoable == "the game is over"
    won = Game.from_record(instant_win())
    assert won.over and won.why_not_undoable == "the game is over"


def test_undo_reaches_back_through_a_turn_until_a_reveal() -> None:
    """Take, then place on a face-up spot: both undo, one after the other;
    the action before them passed the turn, so there it stops."""
    g = play(2, [TABLE_DECK], [a for a, _, _ in TABLE[:6]])
    start = g.clone()
    g.apply("take:0")
    g.apply("place:6")
    g = g.undone().undone()
    assert g == start and g.history() == start.history()
    assert g.why_not_undoable == PASSED


def _revealed(before: Observation, after: Observation) -> bool:
    """What the acting seat learnt or lost since ``before``: a card it had
    not seen, a card off the draw pile, a reshuffle, a new deal, the end; or
    its turn."""
    return (
        after.unseen != before.unseen
        or after.draw_count != before.draw_count
        or after.recycled != before.recycled
        or after.round != before.round
        or after.current != before.current
    )


@settings(max_examples=40)
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    picks=st.lists(st.integers(0, 14), min_size=1, max_size=160),
)
def test_undoable_exactly_when_nothing_revealed_and_undo_redo_is_identity(
    seed: int, players: int, picks: list[int]
) -> None:
    g = Game.new([f"p{i}" for i in range(players)], rounds=1, seed=seed)
    turn_start = g.observation(g.current)
    for pick in picks:
        if g.over:
            break
        legal = g.legal_actions()
        action = legal[pick % len(legal)]
        seat = g.current
        before_state = g.clone()
        if g.legal_actions()[0] == "draw":  # a turn starts
            turn_start = g.observation(seat)
        g.apply(action)
        after = g.observation(seat)
        # Never undoable once the turn revealed anything, always undoable otherwise.
        assert g.undoable == (not _revealed(turn_start, after)), (action, g.why_not_undoable)
        if g.undoable:
            back = g.undone()
            assert back == before_state and back.history() == before_state.history()
            back.apply(action)
            assert back == g and back.undoable
