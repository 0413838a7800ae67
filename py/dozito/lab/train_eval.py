"""Fit the learned evaluation (:mod:`dozito.bots.evaluation`) by self-play.

    nice -n 19 .venv/bin/python -m dozito.lab.train_eval --games 2400 --seed 11 --keep 3 --write

plays ``--games`` three-round games of 2 to 5 players (by turns) with the
expert's judgement for every seat (``sharp`` with
:data:`~dozito.bots.expert.EXPERT_WEIGHTS`; one real choice in twenty a
uniform legal move instead and one in ten its second-best action, so the
data also holds the poorer positions a search weighs), keeps one move in
``--keep`` if it starts a turn (where a search's short play-outs stop),
takes every seat's features there and that seat's result (its share of the
match win), and fits a logistic regression by Newton's method (a little L2
so that it always converges). Everything is plain Python with seeded
streams: the same arguments give the same weights, to the last digit.
``--write`` replaces ``py/dozito/bots/eval_weights.py``; otherwise the
weights are printed.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

from ..bots.evaluation import FEATURES, features, logistic
from ..bots.expert import EXPERT_WEIGHTS
from ..bots.sharp import sharp_values
from ..game import START, Game

EXPLORE = 0.05
"""Share of real choices in self-play that are uniform legal moves."""
SECOND = 0.10
"""Share of real choices in self-play that are the judgement's second best."""
L2 = 1.0
"""Ridge penalty on every weight but the bias (in units of one position's loss)."""
DIGITS = 6
"""Significant digits the shipped weights keep."""


def self_play_move(g: Game, rng: random.Random) -> str:
    """The self-play policy's move: the expert's judgement, with exploration."""
    legal = g.legal_actions()
    if len(legal) == 1:
        return legal[0]
    r = rng.random()
    if r < EXPLORE:
        return rng.choice(legal)
    values = sharp_values(g.observation(g.current), EXPERT_WEIGHTS)
    order = sorted(range(len(legal)), key=lambda k: (-values[k], k))
    return legal[order[1] if r < EXPLORE + SECOND else order[0]]


def positions(games: int, seed: int, keep: int) -> tuple[list[list[float]], list[float]]:
    """Features and results of positions from ``games`` self-play games."""
    rng = random.Random(seed)
    xs: list[list[float]] = []
    ys: list[float] = []
    for k in range(games):
        players = 2 + k % 4
        g = Game.new([f"p{i}" for i in range(players)], rounds=3, seed=seed * 1_000_003 + k)
        kept: list[Game] = []
        while not g.over:
            if rng.randrange(keep) == 0 and g.mode == START:
                kept.append(g.clone())
            g.apply(self_play_move(g, rng))
        for position in kept:
            for seat in range(players):
                xs.append(features(position, seat))
                ys.append(1 / len(g.winners) if seat in g.winners else 0.0)
    return xs, ys


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def fit(xs: list[list[float]], ys: list[float], iterations: int = 12) -> list[float]:
    """Logistic regression weights by Newton's method, with :data:`L2`."""
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(iterations):
        grad = [0.0 if j == 0 else L2 * w[j] for j in range(d)]
        hess = [[(L2 if i == j and i else 0.0) for j in range(d)] for i in range(d)]
        for x, y in zip(xs, ys, strict=True):
            p = logistic(sum(wj * xj for wj, xj in zip(w, x, strict=True)))
            err, s = p - y, p * (1 - p)
            for i in range(d):
                xi = x[i]
                if xi == 0:
                    continue
                grad[i] += err * xi
                row, sxi = hess[i], s * xi
                for j in range(i, d):
                    row[j] += sxi * x[j]
        for i in range(d):
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [wj - sj for wj, sj in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return [float(f"{v:.{DIGITS}g}") for v in w]


def log_loss(xs: list[list[float]], ys: list[float], w: list[float]) -> float:
    """Mean cross-entropy of the model on these positions."""
    total = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = min(1 - 1e-12, max(1e-12, logistic(sum(a * b for a, b in zip(w, x, strict=True)))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(xs)


def module_text(w: list[float], command: str) -> str:
    """The generated module that ships the weights."""
    rows = "\n".join(f"    {v!r},  # {name}" for v, name in zip(w, FEATURES, strict=True))
    return (
        f'"""Weights of the learned evaluation (dozito.bots.evaluation), generated by\n\n'
        f"    {command}\n\ndo not edit by hand: rerun it.\n"
        f'"""\n\nWEIGHTS: tuple[float, ...] = (\n{rows}\n)\n'
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2400)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--keep", type=int, default=3, help="keep one move in this many")
    parser.add_argument("--write", action="store_true", help="replace bots/eval_weights.py")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    xs, ys = positions(args.games, args.seed, args.keep)
    played = time.perf_counter() - start
    w = fit(xs, ys)
    print(f"{len(xs)} positions from {args.games} games in {played:.0f} s, "
          f"fitted in {time.perf_counter() - start - played:.0f} s; "
          f"log loss {log_loss(xs, ys, w):.4f}", file=sys.stderr)  # fmt: skip
    command = (
        f"python -m dozito.lab.train_eval --games {args.games} --seed {args.seed} "
        f"--keep {args.keep}"
    )
    text = module_text(w, command + " --write")
    if args.write:
        Path(__file__).parent.parent.joinpath("bots", "eval_weights.py").write_text(text)
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
