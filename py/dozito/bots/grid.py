"""Grid arithmetic for the bots: a grid's score from five colour masks.

Bots value thousands of hypothetical placements per decision. As the
engine's scoring does, they see a grid as five 12-bit masks (the face-up
spots of each colour) and take the group points of any mask from a
precomputed table (:data:`dozito.scoring.MASK_POINTS`). Placing a card
changes at most two masks, so the score change of a placement is four table
look-ups.

Spot ``s`` is index ``s - 1`` and bit ``s - 1``, as in the engine.

>>> from dozito.cards import CARD_IDS as C
>>> cells = [C[c] for c in "R1 R2 R3 B4 B5 B6 B7 B8 G9 G10 G11 G12".split()]
>>> masks = color_masks(cells, 0, ALL_UP)
>>> sum(GROUP_VALUE[m] for m in masks)  # reds 1-3, blues 4-8, greens 9-12
31
>>> place_gain(cells, 0, ALL_UP, masks, 3, C["R4"])  # reds +5, blues -6, suns +1
0
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import COLOR_OF, SUNS
from ..scoring import ALL_UP, MASK_POINTS, color_masks

INSTANT_WIN_VALUE: Final = 500
"""What a bot counts for twelve face-up cards of one colour: the whole game."""

GROUP_VALUE: Final = MASK_POINTS[:ALL_UP] + (INSTANT_WIN_VALUE,)
"""Group points of the face-up spots of one colour, by their 12-bit mask."""

NEIGHBOUR_MASK: Final = tuple(
    ((1 << i + 4) if i < 8 else 0)
    | ((1 << i - 4) if i >= 4 else 0)
    | ((1 << i + 1) if i % 4 != 3 else 0)
    | ((1 << i - 1) if i % 4 != 0 else 0)
    for i in range(12)
)
"""Per spot index, the mask of its orthogonal neighbours."""


def grid_value(cells: Sequence[int], base: int, up: int) -> int:
    """The round score of a grid, with an instant win worth :data:`INSTANT_WIN_VALUE`."""
    total = 0
    for i in range(12):
        if up >> i & 1:
            total += SUNS[cells[base + i]]
    return total + sum(GROUP_VALUE[m] for m in color_masks(cells, base, up))


def place_gain(
    cells: Sequence[int], base: int, up: int, masks: Sequence[int], i: int, card: int
) -> int:
    """How much the grid's score changes when ``card`` goes face up at index ``i``."""
    bit = 1 << i
    color = COLOR_OF[card]
    gain = SUNS[card]
    if up & bit:
        old = cells[base + i]
        gain -= SUNS[old]
        old_color = COLOR_OF[old]
        if old_color == color:
            return gain
        m = masks[old_color]
        gain += GROUP_VALUE[m & ~bit] - GROUP_VALUE[m]
    m = masks[color]
    return gain + GROUP_VALUE[m | bit] - GROUP_VALUE[m]
