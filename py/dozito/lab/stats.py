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


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval (from the sample's
    standard deviation): for per-deal figures, where the deals are the
    independent units and the games of one deal are not.

    >>> [round(v, 4) for v in mean_interval([1, 0, 1, 1])]  # sd 0.5, error 0.25
    [0.75, 0.26, 1.24]
    """
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def sprt_llr(values: Sequence[float], mu0: float, mu1: float) -> float:
    """The log-likelihood ratio of "the mean is ``mu1``" over "it is ``mu0``"
    for per-deal values, in the normal approximation with the sample's own
    variance (as chess engines' testers do with game pairs): ``n (mu1 - mu0)
    (mean - (mu0 + mu1) / 2) / var``. 0 below two values; a stream with no
    spread at all (every deal won) gets a tiny variance, so it decides.

    >>> round(sprt_llr([1, 0, 1, 1], 0.5, 0.6), 6)  # 4 * 0.1 * 0.2 / 0.25
    0.32
    """
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    var = max(1e-9, sum((v - mean) ** 2 for v in values) / (n - 1))
    return n * (mu1 - mu0) * (mean - (mu0 + mu1) / 2) / var


def sprt_bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's stopping bounds on the log-likelihood ratio: accept the null
    hypothesis at or below the first, the alternative at or above the second.

    >>> [round(b, 4) for b in sprt_bounds(0.05, 0.05)]
    [-2.9444, 2.9444]
    """
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)
