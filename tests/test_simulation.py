"""OpenSpiel-style random simulation: random legal games, invariants at each step."""

from __future__ import annotations

import random

import pytest

from dozito import Game
from dozito.actions import ACTION_IDS, ACTIONS
from dozito.observation import HIDDEN, Observation

NAMES = ("A", "B", "C", "D", "E")


def all_cards(g: Game) -> list[int]:
    hand = [g.hand] if g.hand >= 0 else []
    return g.cells + g.piles[0] + g.piles[1] + g.draw + hand


def check_observation(g: Game, obs: Observation) -> None:
    """No face-down card, no draw order: only what a player may see."""
    face_down = {g.cells[12 * p + i] for p in range(g.players) for i in range(12)
                 if not g.up[p] >> i & 1}  # fmt: skip
    for p, grid in enumerate(obs.grids):
        for i, c in enumerate(grid):
            if g.up[p] >> i & 1:
                assert c == g.cells[12 * p + i]
            else:
                assert c == HIDDEN
    assert not face_down & set(obs.recycled)
    assert set(obs.unseen) >= face_down
    assert list(obs.unseen) == sorted(obs.unseen) and list(obs.recycled) == sorted(obs.recycled)
    assert len(obs.unseen) + len(obs.recycled) == len(face_down) + len(g.draw)
    assert obs.draw_count == len(g.draw)
    fields = set(Observation.__dataclass_fields__)
    assert "draw" not in fields and "cells" not in fields


def check_step(g: Game, rng: random.Random) -> None:
    assert sorted(all_cards(g)) == list(range(75))
    legal = g.legal_actions()
    assert len(set(legal)) == len(legal)
    assert list(legal) == sorted(legal, key=ACTIONS.index)
    if not g.over:
        assert legal
        for action in legal:  # every legal action applies, checked or not (play)
            checked, unchecked = g.clone(), g.clone()
            events = checked.apply(action)
            assert unchecked.play(ACTION_IDS[action]) == events
            assert unchecked == checked and unchecked.history() == g.history()
    check_observation(g, g.observation(rng.randrange(g.players)))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int) -> None:
    rng = random.Random(players)
    for k in range(12):
        g = Game.new(NAMES[:players], rounds=rng.choice((1, 3)), seed=1000 * players + k)
        steps = 0
        while not g.over:
            check_step(g, rng)
            if steps % 50 == 0:
                assert g.clone() == g
                assert Game.from_record(g.to_record()) == g
            g.apply(rng.choice(g.legal_actions()))
            steps += 1
        check_step(g, rng)
        assert Game.from_record(g.to_record()) == g
        assert g.winners and len(g.round_scores) <= g.rounds
        assert g.totals == [sum(r[p] for r in g.round_scores) for p in range(players)]


def test_thousands_of_random_games_end() -> None:
    rng = random.Random(0)
    for k in range(2000):
        g = Game.new(NAMES[: 2 + k % 4], rounds=1, seed=k)
        while not g.over:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        assert sorted(all_cards(g)) == list(range(75))
        instant = g.round_scores == [] and len(g.winners) == 1
        assert instant or len(g.round_scores) == 1


def test_clone_is_independent() -> None:
    g = Game.new(NAMES[:3], seed=5)
    c = g.clone()
    c.apply("draw")
    assert g.hand == -1 and c.hand >= 0 and g != c
    assert g.history() == [] and c.history() == ["draw"]


def _slots(g: Game) -> dict[str, object]:
    return {name: getattr(g, name) for name in Game.__slots__ if name != "rng"} | {
        "rng": g.rng.state
    }


def test_clone_copies_every_slot_into_its_own_place() -> None:
    rng = random.Random(8)
    g = Game.new(NAMES[:4], seed=8)
    while not g.over:
        g.apply(rng.choice(g.legal_actions()))
        if g.moves in (1, 250):
            assert _slots(g.clone()) == _slots(g)
    assert g.outcome is not None and _slots(g.clone()) == _slots(g)


def test_a_sample_fills_every_slot_and_keeps_no_history_nor_result() -> None:
    g = Game.new(NAMES[:3], seed=9)
    for action in ("draw", "discard:0", "draw"):
        g.apply(action)
    sample = g.observation(1).sample(random.Random(1))
    fields = _slots(sample)
    assert fields["_log"] == bytearray() and fields["moves"] == 0
    assert fields["winners"] == [] and fields["outcome"] is None
    assert (fields["names"], fields["hand"], fields["turns"]) == (g.names, g.hand, g.turns)
