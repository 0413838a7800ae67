"""The expert's play-out length and deals per table size (``expert.play_length``)."""

from __future__ import annotations

import math
import random

import pytest

from dozito import Game
from dozito.bots import expert
from dozito.bots.expert import ExpertBudget, play_length
from dozito.bots.greedy import Weights
from dozito.bots.rollout import ROUND_END, play_out
from dozito.observation import HIDDEN


def test_two_players_play_two_turns_of_every_seat_on_the_budgets_deals() -> None:
    assert play_length(ExpertBudget(), 2) == (64, 4)
    assert play_length(ExpertBudget(deals=3, turns=1), 2) == (3, 2)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bigger_tables_stop_after_the_seats_next_turn_on_more_deals(players: int) -> None:
    deals, turns = play_length(ExpertBudget(), players)
    assert turns == players + 1  # the rest of this turn, each opponent's, its own next
    # As many turns played out as 64 deals of two turns of every seat, to a deal.
    assert abs(deals * turns - 64 * 2 * players) <= turns / 2
    assert deals > 64


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_one_turn_of_every_seat_is_never_cut(players: int) -> None:
    assert play_length(ExpertBudget(deals=10, turns=1), players) == (10, players)


def test_two_players_play_out_to_the_rounds_end_once_a_grid_is_nearly_up() -> None:
    budget = ExpertBudget()
    assert play_length(budget, 2, face_down=2) == (64, 4)
    assert play_length(budget, 2, face_down=1) == (64, ROUND_END)
    assert play_length(budget, 2, face_down=0) == (64, ROUND_END)
    assert play_length(ExpertBudget(endgame=-1), 2, face_down=0) == (64, 4)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bigger_tables_never_play_out_to_the_rounds_end(players: int) -> None:
    assert play_length(ExpertBudget(), players, face_down=0) == play_length(ExpertBudget(), players)


def test_the_search_plays_out_to_the_rounds_end_near_it_at_two_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lengths: list[int] = []

    def recording(g: Game, w: Weights, turns: int) -> int:
        lengths.append(turns)
        return play_out(g, w, turns)

    monkeypatch.setattr(expert, "play_out", recording)
    budget = ExpertBudget(deals=1, close_call=math.inf)
    rng = random.Random(5)
    g = Game.new(["Ann", "Bob"], rounds=1, seed=5)
    seen: set[tuple[int, int]] = set()  # (fewest face down, play-out length)
    while not g.over:
        obs = g.observation(g.current)
        face_down = min(grid.count(HIDDEN) for grid in obs.grids)
        if len(obs.legal_actions) > 1:
            lengths.clear()
            expert.search(obs, rng, budget)
            seen |= {(face_down, turns) for turns in lengths}
        g.apply(rng.choice(g.legal_actions()))
    assert {turns for face_down, turns in seen if face_down > 1} == {4}
    assert {turns for face_down, turns in seen if face_down <= 1} == {ROUND_END}
