"""The lab's statistics: Wilson intervals and nearest-rank percentiles."""

from __future__ import annotations

import subprocess
import sys

import pytest

from dozito.lab.stats import percentile, wilson


@pytest.mark.parametrize(
    ("wins", "games", "lo", "hi"),
    [
        (0, 10, 0.0, 0.2775),  # the textbook cases
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
        (60, 100, 0.5020, 0.6906),
        (2293, 4000, 0.5579, 0.5885),
    ],
)
def test_wilson_interval(wins: int, games: int, lo: float, hi: float) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def test_wilson_takes_shared_wins_and_no_games() -> None:
    lo, hi = wilson(2.5, 5)
    assert lo < 0.5 < hi and hi - 0.5 == pytest.approx(0.5 - lo)
    assert wilson(0, 0) == (0.0, 1.0)


def test_percentile_nearest_rank() -> None:
    values = list(range(1, 101))
    assert percentile(values, 0.95) == 95
    assert percentile(values, 0.5) == 50
    assert percentile([], 0.95) == 0.0


def test_the_bot_benchmark_does_not_load_the_arena() -> None:
    """The bots' benchmark takes its percentiles from the statistics module,
    not from the arena (a test harness)."""
    probe = "import sys, dozito.lab.bot_bench; print('dozito.lab.arena' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
