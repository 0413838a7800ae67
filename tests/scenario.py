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
