"""What the arena counts: per bot name, and per deal.

:class:`Tally` adds up one bot name's games. The games of one deal share
their cards, so they are not independent, but the deals are:
:class:`PerDeal` keeps, per deal, the first entry's share of the wins and
its score lead over every other name (points per game played), for
intervals over deals, and :class:`SprtRun` is Wald's sequential test on
those shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from .stats import mean_interval, percentile, sprt_bounds, sprt_llr, wilson


class BotRow(TypedDict):
    """One bot name's line of the report."""

    name: str
    games: int
    wins: float
    win_rate: float
    ci95: list[float]
    mean_round_score: float
    decision_ms_mean: float
    decision_ms_p95: float


@dataclass
class Tally:
    """What one bot name gathered over the games it played."""

    games: int = 0
    wins: float = 0.0
    round_points: int = 0
    rounds: int = 0
    decision_ms: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.round_points += other.round_points
        self.rounds += other.rounds
        self.decision_ms.extend(other.decision_ms)

    def row(self, name: str) -> BotRow:
        lo, hi = wilson(self.wins, self.games)
        return {
            "name": name,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_round_score": round(self.round_points / self.rounds, 2) if self.rounds else 0.0,
            "decision_ms_mean": round(sum(self.decision_ms) / len(self.decision_ms), 3)
            if self.decision_ms
            else 0.0,
            "decision_ms_p95": round(percentile(self.decision_ms, 0.95), 3),
        }


class Versus(TypedDict):
    """The first entry's mean score lead per deal over one other name."""

    name: str
    score_diff: float
    ci95: list[float]


class Duplicate(TypedDict):
    """Per-deal figures of the first entry."""

    name: str
    win_share: float
    """Its wins per game played, averaged over the deals."""
    ci95: list[float]
    versus: list[Versus]


class Sprt(TypedDict):
    """Wald's test of "the first entry's win share per deal is chance + margin"."""

    margin: float
    llr: float
    bounds: list[float]
    decision: str
    """``"better"`` (by the margin), ``"not better"`` or ``"undecided"``."""


class PerDeal:
    """Per deal, the first entry's win share and its score lead over each other name."""

    def __init__(self, entries: Sequence[str]) -> None:
        self.first = entries[0]
        self.others = list(dict.fromkeys(e for e in entries if e != self.first))
        self.shares: list[float] = []
        self.leads: dict[str, list[float]] = {name: [] for name in self.others}

    def add(self, tallies: dict[str, Tally]) -> None:
        mine = tallies[self.first]
        self.shares.append(mine.wins / mine.games)
        for name in self.others:
            theirs = tallies[name]
            lead = mine.round_points / mine.games - theirs.round_points / theirs.games
            self.leads[name].append(lead)

    def row(self) -> Duplicate:
        share, lo, hi = mean_interval(self.shares)
        versus: list[Versus] = []
        for name in self.others:
            diff, dlo, dhi = mean_interval(self.leads[name])
            versus.append({"name": name, "score_diff": round(diff, 3),
                           "ci95": [round(dlo, 3), round(dhi, 3)]})  # fmt: skip
        return {"name": self.first, "win_share": round(share, 4),
                "ci95": [round(lo, 4), round(hi, 4)], "versus": versus}  # fmt: skip


SPRT_ERROR = 0.05
"""The sequential test's chance of either wrong answer."""
SPRT_MIN_DEALS = 10
"""Deals before the test may stop: its variance comes from the sample."""


@dataclass(frozen=True, slots=True)
class SprtRun:
    """Wald's test of a win share per deal of ``chance`` against ``chance + margin``."""

    chance: float
    margin: float

    def llr(self, shares: Sequence[float]) -> float:
        return sprt_llr(shares, self.chance, self.chance + self.margin)

    def decision(self, shares: Sequence[float]) -> str:
        low, high = sprt_bounds(SPRT_ERROR, SPRT_ERROR)
        llr = self.llr(shares)
        if len(shares) < SPRT_MIN_DEALS or low < llr < high:
            return "undecided"
        return "better" if llr >= high else "not better"

    def decided(self, shares: Sequence[float]) -> bool:
        return self.decision(shares) != "undecided"

    def row(self, shares: Sequence[float]) -> Sprt:
        return {"margin": self.margin, "llr": round(self.llr(shares), 4),
                "bounds": [round(b, 4) for b in sprt_bounds(SPRT_ERROR, SPRT_ERROR)],
                "decision": self.decision(shares)}  # fmt: skip
