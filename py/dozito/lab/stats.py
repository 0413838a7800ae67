"""The statistics of the lab: win-rate intervals and percentiles.

Shared by the arena and the bot benchmark, so that neither tool depends on
the other.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a success rate (``wins`` may be fractional).

    >>> lo, hi = wilson(60, 100)
    >>> round(lo, 4), round(hi, 4)
    (0.502, 0.6906)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method; 0 for no values.

    >>> percentile([5, 1, 4, 2, 3], 0.95)
    5
    """
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]
