"""Action strings and their ids, in the contract's canonical order.

>>> ACTIONS[0], ACTIONS[PLACE_BASE + 7], ACTION_IDS["discard:1"]
('draw', 'place:7', 16)
"""

from __future__ import annotations

from typing import Final

DRAW: Final = 0
TAKE_BASE: Final = 1  # take:0, take:1
PLACE_BASE: Final = 2  # place:S is PLACE_BASE + S
DISCARD_BASE: Final = 15  # discard:0, discard:1

ACTIONS: Final = (
    ("draw", "take:0", "take:1")
    + tuple(f"place:{s}" for s in range(1, 13))
    + ("discard:0", "discard:1")
)
ACTION_IDS: Final = {a: i for i, a in enumerate(ACTIONS)}
