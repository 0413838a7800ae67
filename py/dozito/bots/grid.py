"""Grid arithmetic for the bots: a grid's score from five colour masks.

The engine scores a grid with a breadth-first search; bots score thousands
of hypothetical placements per decision, so here a grid is seen as five
12-bit masks (the face-up spots of each colour) and the group points of any
mask come from a precomputed table. Placing a card changes at most two
masks, so the score change of a placement is four table look-ups.

Spot ``s`` is index ``s - 1`` and bit ``s - 1``, as in the engine.

>>> from dozito.cards import CARD_IDS as C
>>> cells = [C[c] for c in "R1 R2 R3 B4 B5 B6 B7 B8 G9 G10 G11 G12".split()]
>>> masks = colour_masks(cells, 0, ALL_UP)
>>> sum(GROUP_VALUE[m] for m in masks)  # reds 1-3, blues 4-8, greens 9-12
31
>>> place_gain(cells, 0, ALL_UP, masks, 3, C["R4"])  # reds +5, blues -6, suns +1
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import COLOR_OF, SUNS
from ..scoring import ALL_UP, GROUP_POINTS

INSTANT_WIN_VALUE: Final = 500
"""What a bot counts for twelve face-up cards of one colour: the whole game."""

_LEFT_COLUMN: Final = 0b000100010001
_RIGHT_COLUMN: Final = 0b100010001000


def _component(mask: int, seed: int) -> int:
    """The orthogonally connected part of ``mask`` that holds bit ``seed``."""
    comp = seed
    while True:
        grown = (
            comp
            | comp << 4
            | comp >> 4
            | (comp << 1 & ~_LEFT_COLUMN)
            | (comp >> 1 & ~_RIGHT_COLUMN)
        ) & mask
        if grown == comp:
            return comp
        comp = grown


def _group_value_table() -> tuple[int, ...]:
    table = [0] * (ALL_UP + 1)
    for mask in range(1, ALL_UP + 1):
        comp = _component(mask, mask & -mask)
        # The rest of the mask is a smaller number, already in the table.
        table[mask] = GROUP_POINTS[comp.bit_count()] + table[mask & ~comp]
    table[ALL_UP] = INSTANT_WIN_VALUE
    return tuple(table)


GROUP_VALUE: Final = _group_value_table()
"""Group points of the face-up spots of one colour, by their 12-bit mask."""

NEIGHBOUR_MASK: Final = tuple(
    ((1 << i + 4) if i < 8 else 0)
    | ((1 << i - 4) if i >= 4 else 0)
    | ((1 << i + 1) if i % 4 != 3 else 0)
    | ((1 << i - 1) if i % 4 != 0 else 0)
    for i in range(12)
)
"""Per spot index, the mask of its orthogonal neighbours."""


def colour_masks(cells: Sequence[int], base: int, up: int) -> list[int]:
    """The five colour masks of the grid at ``cells[base:base + 12]``."""
    masks = [0, 0, 0, 0, 0]
    for i in range(12):
        if up >> i & 1:
            masks[COLOR_OF[cells[base + i]]] |= 1 << i
    return masks


def grid_value(cells: Sequence[int], base: int, up: int) -> int:
    """The round score of a grid, with an instant win worth :data:`INSTANT_WIN_VALUE`."""
    total = 0
    for i in range(12):
        if up >> i & 1:
            total += SUNS[cells[base + i]]
    return total + sum(GROUP_VALUE[m] for m in colour_masks(cells, base, up))


def place_gain(
    cells: Sequence[int], base: int, up: int, masks: Sequence[int], i: int, card: int
) -> int:
    """How much the grid's score changes when ``card`` goes face up at index ``i``."""
    bit = 1 << i
    colour = COLOR_OF[card]
    gain = SUNS[card]
    if up & bit:
        old = cells[base + i]
        gain -= SUNS[old]
        old_colour = COLOR_OF[old]
        if old_colour == colour:
            return gain
        m = masks[old_colour]
        gain += GROUP_VALUE[m & ~bit] - GROUP_VALUE[m]
    m = masks[colour]
    return gain + GROUP_VALUE[m | bit] - GROUP_VALUE[m]
