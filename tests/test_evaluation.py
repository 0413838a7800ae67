"""The learned evaluation: shipped weights, the same numbers on every Python,
public facts only, and a trainer that reproduces itself from its seed."""

from __future__ import annotations

import math
import random

import pytest

from dozito import Game
from dozito.bots import get_bot
from dozito.bots.eval_weights import WEIGHTS
from dozito.bots.evaluation import (
    FEATURES,
    assess,
    evaluate,
    features,
    grid_terms,
    logistic,
    seen_cards,
    unseen_mix,
)
from dozito.bots.grid import GROUP_VALUE
from dozito.cards import SUNS
from dozito.game import START
from dozito.lab.train_eval import fit, module_text, positions, solve
from dozito.scoring import color_masks
from test_bots import random_states, redeal


def fixed_position() -> Game:
    """Forty casual moves into a seeded 3-player game."""
    g = Game.new(["a", "b", "c"], seed=5)
    bot, rng = get_bot("casual"), random.Random(5)
    for _ in range(40):
        g.apply(bot.choose(g.observation(g.current), rng))
    return g


def test_the_shipped_weights_give_the_same_value_on_every_python() -> None:
    # tests/pythons.py runs this on 3.11 and in Pyodide: the position, the
    # features and the weights must agree to the last few bits everywhere.
    g = fixed_position()
    assert len(WEIGHTS) == len(FEATURES)
    x = features(g, 0)
    assert x[:5] == pytest.approx([1.0, 0.3, 0.2229166666666666, 1.3, 1 / 3])
    assert x[13:16] == pytest.approx([math.log(2), 0.2878561510903298, 0.49658053156220217])
    assert evaluate(g, 0) == pytest.approx(0.42740091366922306, rel=1e-12)
    assert evaluate(g, 1) == pytest.approx(0.30643571896759436, rel=1e-12)
    assert evaluate(g, 2) == pytest.approx(0.23893763540275897, rel=1e-12)


def test_the_evaluation_reads_only_public_facts() -> None:
    rng = random.Random(4)
    for g in random_states(60, seed=6):
        for seat in range(g.players):
            assert features(redeal(g, rng), seat) == features(g, seat)


def plain_grid_terms(
    cells: list[int], base: int, up: int, share: list[float], sun: float
) -> tuple[float, float, float]:
    """:func:`grid_terms` as its docstring defines it: every colour at every spot."""
    masks = color_masks(cells, base, up)
    score = sum(min(GROUP_VALUE[m], 60) for m in masks)
    flip = best = 0.0
    for i in range(12):
        bit = 1 << i
        if up & bit:
            score += SUNS[cells[base + i]]
            continue
        gains = [min(GROUP_VALUE[m | bit] - GROUP_VALUE[m], 30) for m in masks]
        flip += sun + sum(s * x for s, x in zip(share, gains, strict=True))
        best += max(gains)
    return float(score), flip, best


def test_grid_terms_skip_only_colours_that_cannot_gain() -> None:
    # grid_terms leaves out the colours with no neighbour at a spot: the
    # result must be the plain definition's to the last bit.
    for g in random_states(80, seed=8):
        share, sun = unseen_mix(seen_cards(g))
        for p, up in enumerate(g.up):
            assert grid_terms(g.cells, 12 * p, up, share, sun) == plain_grid_terms(
                g.cells, 12 * p, up, share, sun
            )


def test_the_evaluation_means_what_it_says() -> None:
    g = fixed_position()
    before = evaluate(g, 0)
    g.totals[0] += 30  # a match lead makes winning likelier
    assert evaluate(g, 0) > before
    over = Game.new(["a", "b"], seed=1)
    over.winners = [1]
    assert evaluate(over, 1) == 1.0 and evaluate(over, 0) == 0.0
    assert logistic(-800) == 0.0 and logistic(800) == 1.0  # no overflow


def test_the_pile_top_counts_for_the_seat_to_move_and_against_the_others() -> None:
    pile = FEATURES.index("pile top for the seat to move")
    seen = 0
    for g in random_states(80, seed=7):
        if g.mode != START:
            assert all(features(g, seat)[pile] == 0.0 for seat in range(g.players))
            continue
        mover = features(g, g.current)[pile]
        assert mover >= 0.0
        others = [features(g, seat)[pile] for seat in range(g.players) if seat != g.current]
        assert others == [-mover] * (g.players - 1)
        seen += mover > 0
    assert seen >= 3


def test_assess_gives_the_chance_and_the_rounds_expected_points() -> None:
    g = fixed_position()
    chance, points, standing = assess(g, 0, 1)
    assert chance == evaluate(g, 0)
    assert points > features(g, 0)[FEATURES.index("my flip")] * 10  # plus the grid's score
    others = [assess(g, p, 1)[1] for p in range(1, g.players)]
    assert standing == pytest.approx(points - (points + sum(others)) / g.players)
    bot, rng = get_bot("casual"), random.Random(1)
    while g.round == 1 and not g.over:
        g.apply(bot.choose(g.observation(g.current), rng))
    scores = g.round_scores[0]
    assert assess(g, 0, 1) == (evaluate(g, 0), scores[0], scores[0] - sum(scores) / len(scores))


def test_the_trainer_recovers_a_known_model() -> None:
    rng = random.Random(2)
    truth = [0.5, -1.0, 2.0]
    xs = [[1.0, rng.uniform(-2, 2), rng.uniform(-1, 1)] for _ in range(3000)]
    ys = [logistic(sum(w * x for w, x in zip(truth, row, strict=True))) for row in xs]
    assert fit(xs, ys) == pytest.approx(truth, abs=0.03)
    assert solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0]) == pytest.approx([0.8, 1.4])


def test_a_tiny_training_run_is_reproducible_from_its_seed() -> None:
    xs, ys = positions(6, seed=3, keep=4)
    again = positions(6, seed=3, keep=4)
    assert (xs, ys) == again and len(xs) > 50
    assert xs != positions(6, seed=4, keep=4)[0]
    w = fit(xs, ys)
    assert w == fit(*again) and len(w) == len(FEATURES)
    text = module_text(w, "python -m dozito.lab.train_eval --games 6 --seed 3")
    shipped: dict[str, object] = {}
    exec(compile(text, "eval_weights.py", "exec"), shipped)
    assert shipped["WEIGHTS"] == tuple(w) and all(math.isfinite(v) for v in w)
