"""Golden values: a seed must deal the same cards on every Python version."""

from __future__ import annotations

from dozito import Game
from dozito.cards import CODES
from dozito.rng import Rng

# Seed 12345, round 1 of a 2-player game: the whole deck, index 0 first.
GOLDEN_DECK_12345 = (  # noqa: SIM905  (one string reads better than 75 lines)
    "PJ1 P12 Y11 R1 B6 YJ2 G8 B5 Y7 R9 P10 BJ3 Y8 R5 B7 G11 B12 G4 PJ2 G7 RJ1 B9 B1 "
    "GJ2 R4 P5 Y12 R12 P4 Y4 YJ3 YJ1 Y1 Y10 RJ2 B10 Y5 G10 R6 Y3 P2 R8 Y2 G5 P9 R11 "
    "RJ3 BJ1 B4 G12 P6 G2 R3 PJ3 B11 G6 G1 P3 B2 GJ1 B3 R10 BJ2 B8 P11 R2 G9 P1 Y9 "
    "R7 G3 P7 Y6 P8 GJ3"
).split()


def test_splitmix64_matches_the_reference_outputs() -> None:
    rng = Rng(0)  # Vigna's reference splitmix64.c, seeded with 0
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


def test_seed_pins_the_deal() -> None:
    g = Game.new(["A", "B"], seed=12345)
    dealt = g.cells + [g.piles[0][0], g.piles[1][0]] + g.draw[::-1]
    assert [CODES[c] for c in dealt] == GOLDEN_DECK_12345


def test_below_is_in_range_and_reaches_every_value() -> None:
    rng = Rng(7)
    seen = {rng.below(5) for _ in range(200)}
    assert seen == set(range(5))


def test_negative_and_huge_seeds_are_accepted_and_distinct() -> None:
    assert Game.new(["A", "B"], seed=-1).cells != Game.new(["A", "B"], seed=1).cells
    assert Game.new(["A", "B"], seed=2**70).cells == Game.new(["A", "B"], seed=2**70).cells
