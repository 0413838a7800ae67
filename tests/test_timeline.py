"""Jumping through a game: every step as a replay of the record cut there."""

from __future__ import annotations

import random

import pytest

from dozito import Game
from dozito.bots import get_bot
from dozito.errors import MalformedError
from dozito.game import MAX_ROUNDS
from dozito.timeline import CHECKPOINT_EVERY, Timeline
from test_history import stall


def played(seed: int, players: int = 3, rounds: int = 2) -> Game:
    g = Game.new(["A", "B", "C", "D", "E"][:players], rounds=rounds, seed=seed)
    bot, rng = get_bot("casual"), random.Random(seed)
    while not g.over:
        g.apply(bot.choose(g.observation(g.current), rng))
    return g


def cut(game: Game, step: int) -> tuple[Game, list[tuple[object, ...]]]:
    """The game replayed from its record up to ``step``, and that action's events."""
    record = game.to_record()
    actions = record.pop("actions")
    again = Game.from_record({**record, "actions": actions[: max(step - 1, 0)]})
    events = again.apply(actions[step - 1]) if step else []
    return again, events


def test_every_step_is_the_record_replayed_to_there() -> None:
    g = played(seed=5)
    t = Timeline(g)
    assert t.steps == g.moves > 2 * CHECKPOINT_EVERY
    for step in range(t.steps + 1):
        state, events = t.at(step)
        assert (state, events) == cut(g, step), step
        assert state.moves == step and state.history() == g.history()[:step]
    assert t.at(t.steps)[0] == g


def test_the_notes_per_step_say_who_was_to_play_and_where_rounds_ended() -> None:
    g = played(seed=6)
    t = Timeline(g)
    ends = []
    for step in range(t.steps + 1):
        state, events = t.at(step)
        assert t.to_play(step) == (-1 if state.over else state.current)
        assert t.choices(step) == len(state.legal_actions())
        if any(e[0] == "round_scored" for e in events):
            ends.append(step)
    assert t.round_ends == tuple(ends) and len(ends) == 2 and ends[-1] == t.steps


def test_a_copy_from_the_timeline_is_the_callers_and_the_game_is_never_changed() -> None:
    g = played(seed=7)
    before = g.clone()
    t = Timeline(g)
    state, _ = t.at(CHECKPOINT_EVERY)
    while not state.over:
        state.apply(state.legal_actions()[-1])
    assert t.at(CHECKPOINT_EVERY) == cut(g, CHECKPOINT_EVERY)
    assert g == before and g.history() == before.history()


def test_it_follows_the_game_on_and_back() -> None:
    g = Game.new(["A", "B"], seed=8)
    t = Timeline(g)
    assert t.steps == 0 and t.at(0) == (Game.new(["A", "B"], seed=8), [])
    while g.moves < 3 * CHECKPOINT_EVERY:
        g.apply(g.legal_actions()[0])
    t.follow()
    assert t.steps == g.moves and t.at(g.moves)[0] == g
    # Another game with the same start, that left this one's path at step
    # 100: what the first one did beyond is forgotten, the rest is kept.
    other = cut(g, 100)[0]
    other.apply(next(a for a in other.legal_actions() if a != g.history()[100]))
    assert t.starts_like(other) and not t.starts_like(Game.new(["A", "B"], seed=9))
    assert t.follow(other) == 100 and t.game is other
    assert t.steps == 101 and t.actions == tuple(other.history())
    assert t.at(101) == cut(other, 101) and t.at(64) == cut(g, 64)


def test_jumps_across_the_longest_game_land_on_the_right_state() -> None:
    g = Game.new(["A", "B", "C", "D", "E"], rounds=MAX_ROUNDS, seed=19)
    while not g.over:
        g.apply(stall(g))
    t = Timeline(g)
    assert len(t.round_ends) == MAX_ROUNDS
    for step in (0, 1, 14_999, 7_777, g.moves, 63, 64, 65):
        assert t.at(step) == cut(g, step)


def test_a_step_outside_the_game_is_refused() -> None:
    t = Timeline(played(seed=9, rounds=1))
    for step in (-1, t.steps + 1):
        with pytest.raises(MalformedError, match=f"step must be from 0 to {t.steps}, not {step}"):
            t.at(step)
