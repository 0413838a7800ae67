"""Short rule scenarios in the record notation: explicit decks and actions.

``deck(players, grids={seat: {spot: code}}, piles=(c0, c1), draw=[top, ...])``
lays the named cards where the contract's deal order puts them and fills
every other place with the remaining cards in canonical order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dozito import Game
from dozito.cards import CODES


def deck(
    players: int,
    grids: Mapping[int, Mapping[int, str]] | None = None,
    piles: Sequence[str | None] = (None, None),
    draw: Sequence[str] = (),
) -> list[str]:
    slots: list[str | None] = [None] * 75
    for seat, spots in (grids or {}).items():
        for spot, code in spots.items():
            slots[12 * seat + spot - 1] = code
    for i, code in enumerate(piles):
        if code is not None:
            slots[12 * players + i] = code
    for i, code in enumerate(draw):
        slots[12 * players + 2 + i] = code
    named = [c for c in slots if c is not None]
    assert len(set(named)) == len(named), "a card is named twice"
    rest = iter(c for c in CODES if c not in named)
    return [c if c is not None else next(rest) for c in slots]


def record(
    players: int, decks: Sequence[list[str]], actions: Sequence[str] = (), **options: Any
) -> dict[str, Any]:
    return {
        "format": "dozito/1",
        "players": [f"P{i}" for i in range(players)],
        "decks": list(decks),
        "actions": list(actions),
        **options,
    }


def play(
    players: int, decks: Sequence[list[str]], actions: Sequence[str] = (), **options: Any
) -> Game:
    return Game.from_record(record(players, decks, actions, **options))


def up_codes(game: Game, seat: int) -> dict[int, str]:
    """Seat's face-up cards by spot."""
    state = game.to_json()["grids"][seat]
    return {s + 1: c["card"] for s, c in enumerate(state) if c["up"]}


ONE_CARD_EACH = ["draw", "place:4", "discard:0", "draw", "place:1", "discard:0"]
"""Seat 0 turns the card it draws up at spot 4, seat 1 at spot 1 (each
discards the card it flips in doing so)."""


def run_out(game: Game) -> list[tuple[Any, ...]]:
    """Draw and discard until the round is scored (at its 500th turn at the
    latest); return the last turn's events."""
    round_no, events = game.round, []
    while game.round == round_no and not game.over:
        events = game.apply("draw") + game.apply("discard:0")
    return events


def instant_win() -> dict[str, Any]:
    """A 2-player record whose last action wins at once: seat 0 draws R1 and
    chains through its grid, all red (RJ1 stands in for R8, a STOP, which
    would cut the chain), to R12 at spot 12."""
    grid = {s: f"R{s + 1}" for s in range(1, 12)} | {7: "RJ1", 12: "B1"}
    actions = ["draw"] + [f"place:{s}" for s in range(1, 13)]
    return record(2, [deck(2, grids={0: grid}, draw=["R1"])], actions)


def tie_broken_by_best_round() -> Game:
    """A finished 2-round game of 2, tied on 2 points; seat 0 wins with the
    better single round (2 against 1). Cards go face up on the first turns
    only (:data:`ONE_CARD_EACH`): in round 1 R4 (2 suns) for seat 0 and R1 (1
    sun) for seat 1, in round 2, which seat 1 starts, R3 (1 sun) for seat 1;
    the rounds run out to the safeguard."""
    d1 = deck(2, grids={0: {4: "Y1"}, 1: {1: "Y3"}}, draw=["R4", "R1"])
    d2 = deck(2, grids={1: {3: "Y4"}}, draw=["R3"])
    game = play(2, [d1, d2], ONE_CARD_EACH, rounds=2)
    run_out(game)
    for action in ("draw", "place:3", "discard:0"):
        game.apply(action)
    run_out(game)
    return game
