"""How strong each level offered to players is, as measured: the setup's labels.

Each level's win rate against one other level, two players, three-round
games, seats rotated, from the current table of ``docs/bots.md`` (a test
checks that every figure here is there). Measure again, then change both.

>>> STRENGTHS["sharp"]
Strength(against='casual', percent=60, deals=2000)
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Strength(NamedTuple):
    against: str
    """The level it was measured against."""
    percent: int
    """Its share of the games won, rounded to a whole percent."""
    deals: int
    """Deals of the measurement (each played with the seats both ways)."""


STRENGTHS = {
    "rookie": Strength("casual", 14, 2000),
    "casual": Strength("rookie", 86, 2000),
    "sharp": Strength("casual", 60, 2000),
    "expert": Strength("sharp", 62, 1000),
}


def strengths_json() -> dict[str, dict[str, Any]]:
    """:data:`STRENGTHS` as the ``rules`` op gives them to the page."""
    return {level: s._asdict() for level, s in STRENGTHS.items()}
