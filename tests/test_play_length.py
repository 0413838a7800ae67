"""The expert's play-out length and deals per table size (``expert.play_length``)."""

from __future__ import annotations

import pytest

from dozito.bots.expert import ExpertBudget, play_length


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
