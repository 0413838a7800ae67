"""Observations hold only public knowledge; samples agree with them."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dozito import Game, MalformedError


def _random_states(count: int, seed: int) -> list[Game]:
    rng = random.Random(seed)
    states = []
    for k in range(count):
        g = Game.new(["A", "B", "C", "D", "E"][: 2 + k % 4], seed=k)
        for _ in range(rng.randrange(1, 600)):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
        states.append(g)
    return states


def test_a_sample_agrees_with_the_observation_it_came_from() -> None:
    for g in _random_states(60, seed=1):
        obs = g.observation(0)
        sample = obs.sample(random.Random(7))
        assert sample.observation(0) == obs
        assert sorted(sample.cells + sample.draw + sample.piles[0] + sample.piles[1]
                      + ([sample.hand] if sample.hand >= 0 else [])) == list(range(75))  # fmt: skip
        assert sample.legal_actions() == g.legal_actions()


def test_samples_differ_in_hidden_cards_only() -> None:
    g = _random_states(1, seed=2)[0]
    obs = g.observation(1)
    a, b = obs.sample(random.Random(1)), obs.sample(random.Random(2))
    assert a.cells != b.cells or a.draw != b.draw
    assert a.observation(1) == b.observation(1) == obs


def test_reshuffled_cards_are_known_to_be_in_the_draw_pile() -> None:
    g = Game.new(["A", "B"], seed=4)
    while not g.recycled:
        g.apply("draw")
        g.apply("discard:0")
    obs = g.observation(0)
    assert len(obs.recycled) == len(g.draw) == obs.draw_count
    assert not set(obs.unseen) & set(obs.recycled)
    assert len(obs.unseen) == 24  # exactly the face-down cards


def test_every_seat_sees_the_same_public_facts() -> None:
    g = _random_states(1, seed=3)[0]
    a, b = g.observation(0), g.observation(1)
    assert dataclasses.replace(a, seat=1) == b


def test_json_form_hides_face_down_cards() -> None:
    g = Game.new(["A", "B"], seed=6)
    data = g.observation(0).to_json()
    assert data["grids"][0] == [None] * 12 and "draw" not in data


def test_no_such_seat_is_malformed() -> None:
    with pytest.raises(MalformedError, match="no seat 2 in a game of 2"):
        Game.new(["A", "B"]).observation(2)
