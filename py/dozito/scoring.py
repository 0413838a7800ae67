"""Scoring a grid: same-colour groups of face-up cards, plus suns.

A grid is 12 card ids in spot order (spot ``s`` at index ``s - 1``) and a
bit mask of the face-up spots (bit ``s - 1`` set when spot ``s`` is up).

>>> from dozito.cards import CARD_IDS as C
>>> cells = [C[c] for c in "R1 R2 R3 B4 B5 B6 B7 B8 G9 G10 G11 G12".split()]
>>> [(g.color, g.spots, g.points) for g in groups(cells, 0b111111111111)]
[('R', (1, 2, 3), 5), ('B', (4, 5, 6, 7, 8), 16), ('G', (9, 10, 11, 12), 10)]
>>> round_score(cells, 0b111111111111)  # 31 group points + 13 suns
44
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from . import scoring_table
from .cards import COLOR_OF, COLORS, SUNS

ROWS: Final = 3
COLUMNS: Final = 4
"""A grid's shape: spot s (1..12) is on row (s - 1) // 4, column (s - 1) % 4."""
ALL_UP: Final = (1 << 12) - 1
GROUP_POINTS: Final = (0, 0, 2, 5, 10, 16, 25, 35, 45, 55, 65, 75, 0)
"""Points of a group by its size; a 12-card group wins the game instead."""

NEIGHBOURS: Final = tuple(
    tuple(
        n
        for n, ok in (
            (i - 4, i >= 4),
            (i + 4, i < 8),
            (i - 1, i % 4 != 0),
            (i + 1, i % 4 != 3),
        )
        if ok
    )
    for i in range(12)
)
"""Orthogonal neighbours of each index 0..11 (spot - 1) in the 3x4 grid."""

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


def mask_points_table() -> tuple[int, ...]:
    """Group points of the face-up spots of one colour, by their 12-bit mask:
    how :data:`MASK_POINTS` was made (dozito.scoring_table holds it, precomputed)."""
    table = [0] * (ALL_UP + 1)
    for mask in range(1, ALL_UP + 1):
        comp = _component(mask, mask & -mask)
        # The rest of the mask is a smaller number, already in the table.
        table[mask] = GROUP_POINTS[comp.bit_count()] + table[mask & ~comp]
    return tuple(table)


MASK_POINTS: Final = scoring_table.MASK_POINTS
"""mask_points_table(), precomputed: a round is scored with five look-ups
(games are played out by the thousand)."""


def color_masks(cells: Sequence[int], base: int, up: int) -> list[int]:
    """The five colour masks (face-up spots of each colour) of the grid at
    ``cells[base:base + 12]``."""
    masks = [0, 0, 0, 0, 0]
    for i in range(12):
        if up >> i & 1:
            masks[COLOR_OF[cells[base + i]]] |= 1 << i
    return masks


@dataclass(frozen=True)
class Group:
    """A maximal set of orthogonally connected face-up cards of one colour."""

    color: str
    spots: tuple[int, ...]
    points: int

    def to_json(self) -> dict[str, object]:
        return {"color": self.color, "spots": list(self.spots), "points": self.points}


def _components(cells: Sequence[int], up: int) -> list[list[int]]:
    """Face-up same-colour components as lists of indices, by lowest index."""
    seen = ~up
    comps: list[list[int]] = []
    for start in range(12):
        if seen >> start & 1:
            continue
        color = COLOR_OF[cells[start]]
        seen |= 1 << start
        comp = [start]
        for i in comp:  # the list grows while we walk it: a breadth-first search
            for n in NEIGHBOURS[i]:
                if not seen >> n & 1 and COLOR_OF[cells[n]] == color:
                    seen |= 1 << n
                    comp.append(n)
        comps.append(comp)
    return comps


def groups(cells: Sequence[int], up: int) -> list[Group]:
    """Groups of two or more cards, ordered by their lowest spot."""
    return [
        Group(COLORS[COLOR_OF[cells[c[0]]]], tuple(sorted(i + 1 for i in c)), GROUP_POINTS[len(c)])
        for c in _components(cells, up)
        if len(c) >= 2
    ]


def suns(cells: Sequence[int], up: int) -> int:
    """Suns on the face-up cards."""
    return sum(SUNS[cells[i]] for i in range(12) if up >> i & 1)


def summary(cells: Sequence[int], up: int) -> dict[str, Any]:
    """A grid's score as JSON data, for the page and the command line:
    ``{"groups": [...], "suns": n, "total": n}`` (the total is
    :func:`round_score`'s).

    >>> from dozito.cards import CARD_IDS as C
    >>> summary([C[c] for c in "R1 R2 B3 B4 G5 G6 G7 G8 G9 G10 G11 G12".split()], 0b11)
    {'groups': [{'color': 'R', 'spots': [1, 2], 'points': 2}], 'suns': 1, 'total': 3}
    """
    found = groups(cells, up)
    sun_count = suns(cells, up)
    return {
        "groups": [g.to_json() for g in found],
        "suns": sun_count,
        "total": sum(g.points for g in found) + sun_count,
    }


def round_score(cells: Sequence[int], up: int) -> int:
    """Group points plus suns: what the grid scores at the end of a round."""
    return sum(MASK_POINTS[m] for m in color_masks(cells, 0, up)) + suns(cells, up)


def is_instant_win(cells: Sequence[int], up: int) -> bool:
    """True when all 12 cards are face up and of one colour."""
    if up != ALL_UP:
        return False
    color = COLOR_OF[cells[0]]
    return all(COLOR_OF[c] == color for c in cells)
