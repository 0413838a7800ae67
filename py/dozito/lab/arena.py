"""``python -m dozito arena``: bots play each other on the same deals, seats rotated.

A *deal* is one game of ``--rounds`` rounds (default 3, the rulebook's game:
bots are measured on the game players play) whose deck order for
every round is fixed by ``--seed`` and the deal's number. Each deal is
played once per rotation of the seats: with entries ``a,b,c`` the deal is
played as ``a,b,c``, ``b,c,a`` and ``c,a,b``, so every entry sits in every
seat (seat 0 starts) on exactly the same cards. Luck of the deal and of the
seat therefore cancels out between entries.

Per distinct bot name the arena reports the games it played (one per seat it
held in a game), its wins (a victory shared by ``k`` players counts ``1/k``
to each), the win rate with its 95% Wilson interval, its mean round score,
and the mean and 95th percentile of its decision times (only decisions with
more than one legal action are timed: forced moves cost nothing).

Because the games of one deal share their cards, the deal (not the game) is
the independent unit: the report also gives, per deal, the first entry's
share of the wins and its score lead over each other name (points per game
it played), with 95% intervals over the deals (``duplicate``). With
``--sprt X`` the run stops as soon as Wald's sequential test decides between
"the first entry's win share per deal is chance (1 / players)" and "it is
chance + X" (5% error each way), or at ``--deals``.

Results depend only on ``--seed`` and the entries (not on ``--jobs``: every
deal has its own seeds, and deals are counted in order): no bot's search
is cut short by time.
"""

from __future__ import annotations

import argparse
import functools
import json
import multiprocessing
import random
import time
from collections.abc import Callable, Sequence
from typing import TypedDict

from ..bots import Bot, get_bot
from ..cards import DECK_SIZE
from ..errors import MalformedError
from ..game import DEFAULT_ROUNDS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, Game
from ..rng import Rng
from .tally import BotRow, Duplicate, PerDeal, Sprt, SprtRun, Tally

Make = Callable[[str], Bot]
"""Makes the bot of an entry's name: :func:`get_bot`, unless a tuning script
brings bots of its own (it must be picklable for ``jobs`` > 1)."""


class Report(TypedDict, total=False):
    """What :func:`arena` returns and ``--json`` prints (``sprt`` only with a margin)."""

    players: int
    deals: int
    rounds: int
    seed: int
    bots: list[BotRow]
    duplicate: Duplicate
    sprt: Sprt


def deal_decks(seed: int, deal: int, rounds: int) -> list[list[int]]:
    """The deck order of each round of one deal."""
    rng = Rng(seed * 1_000_003 + deal)
    decks = []
    for _ in range(rounds):
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        decks.append(deck)
    return decks


def seating(entries: Sequence[str], rotation: int) -> list[str]:
    """Who sits where in a rotation: seat ``s`` holds entry ``(s + rotation) % n``.

    >>> [seating("abc", r) for r in range(3)]
    [['a', 'b', 'c'], ['b', 'c', 'a'], ['c', 'a', 'b']]
    """
    n = len(entries)
    return [entries[(s + rotation) % n] for s in range(n)]


def play_game(
    seats: Sequence[str],
    decks: Sequence[Sequence[int]],
    game_seed: int,
    tallies: dict[str, Tally],
    make: Make = get_bot,
) -> Game:
    """Play one game between the bots of ``seats``, adding to ``tallies``."""
    bots = [make(level) for level in seats]
    rngs = [random.Random(game_seed * 8 + s) for s in range(len(seats))]
    game = Game.new([f"{level}@{s}" for s, level in enumerate(seats)], rounds=len(decks),
                    seed=game_seed, decks=decks)  # fmt: skip
    while not game.over:
        seat = game.current
        obs = game.observation(seat)
        start = time.perf_counter()
        action = bots[seat].choose(obs, rngs[seat])
        elapsed = (time.perf_counter() - start) * 1000
        if len(obs.legal_actions) > 1:
            tallies[seats[seat]].decision_ms.append(elapsed)
        game.apply(action)
    for s, level in enumerate(seats):
        tally = tallies[level]
        tally.games += 1
        if s in game.winners:
            tally.wins += 1 / len(game.winners)
        tally.round_points += sum(r[s] for r in game.round_scores)
        tally.rounds += len(game.round_scores)
    return game


def play_deal(
    task: tuple[tuple[str, ...], int, int, int], make: Make = get_bot
) -> dict[str, Tally]:
    """Play one deal in every rotation of the seats (a unit of work for a process)."""
    entries, seed, deal, rounds = task
    decks = deal_decks(seed, deal, rounds)
    tallies = {name: Tally() for name in entries}
    for rotation in range(len(entries)):
        game_seed = (seed * 1_000_003 + deal) * 8 + rotation
        play_game(seating(entries, rotation), decks, game_seed, tallies, make)
    return tallies


def arena(
    entries: Sequence[str],
    deals: int,
    seed: int,
    rounds: int = DEFAULT_ROUNDS,
    jobs: int = 1,
    make: Make = get_bot,
    sprt: float | None = None,
) -> Report:
    """Play ``deals`` deals (fewer if the test of margin ``sprt`` decides
    first) and return the report as data (see the module doc)."""
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise MalformedError(f"an arena needs 2 to 5 bots, not {len(entries)}")
    for level in entries:
        make(level)  # an unknown level fails here, before any game
    if deals < 1:
        raise MalformedError("--deals must be at least 1")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise MalformedError(f"--rounds must be 1 to {MAX_ROUNDS}")
    if sprt is not None and not 0 < sprt < 1 - 1 / len(entries):
        raise MalformedError("--sprt must be a margin above 0, with chance + margin below 1")
    tasks = [(tuple(entries), seed, d, rounds) for d in range(deals)]
    totals = {name: Tally() for name in entries}
    per_deal = PerDeal(entries)
    test = SprtRun(1 / len(entries), sprt) if sprt is not None else None

    def take(tallies: dict[str, Tally]) -> bool:
        """Count one deal's games; True once the sequential test has decided."""
        for name, tally in tallies.items():
            totals[name].add(tally)
        per_deal.add(tallies)
        return test is not None and test.decided(per_deal.shares)

    if jobs > 1:
        # spawn, not fork: the caller may be multi-threaded (a test server, say).
        # imap yields in deal order, so a stop falls on the same deal for any jobs.
        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            play = functools.partial(play_deal, make=make)
            chunk = 1 if sprt is not None else max(1, deals // (jobs * 8))
            for tallies in pool.imap(play, tasks, chunksize=chunk):
                if take(tallies):
                    break
    else:
        for task in tasks:
            if take(play_deal(task, make)):
                break
    report: Report = {
        "players": len(entries),
        "deals": len(per_deal.shares),
        "rounds": rounds,
        "seed": seed,
        "bots": [tally.row(name) for name, tally in totals.items()],
        "duplicate": per_deal.row(),
    }
    if test is not None:
        report["sprt"] = test.row(per_deal.shares)
    return report


def format_report(report: Report) -> str:
    """The report as a text table."""
    lines = [
        f"{report['players']} players, {report['deals']} deals x {report['players']} seatings, "
        f"{report['rounds']} round(s) per game, seed {report['seed']}",
        f"{'bot':<8} {'games':>6} {'wins':>9} {'win rate':>8}  {'95% CI':<16} "
        f"{'round score':>11} {'ms mean':>8} {'ms p95':>8}",
    ]
    for row in report["bots"]:
        lo, hi = row["ci95"]
        ci = f"[{lo:.1%}, {hi:.1%}]"
        lines.append(
            f"{row['name']:<8} {row['games']:>6} {row['wins']:>9} {row['win_rate']:>8.1%}  "
            f"{ci:<16} {row['mean_round_score']:>11} {row['decision_ms_mean']:>8} "
            f"{row['decision_ms_p95']:>8}"
        )
    dup = report["duplicate"]
    lo, hi = dup["ci95"]
    lines.append(f"by deal: {dup['name']} wins {dup['win_share']:.1%} [{lo:.1%}, {hi:.1%}]")
    for v in dup["versus"]:
        lo, hi = v["ci95"]
        lines.append(f"  score per game minus {v['name']}'s: {v['score_diff']:+} [{lo:+}, {hi:+}]")
    if "sprt" in report:
        t = report["sprt"]
        lines.append(f"SPRT (chance + {t['margin']}): {t['decision']}, LLR {t['llr']} "
                     f"in {t['bounds']}")  # fmt: skip
    return "\n".join(lines)


def run_arena(args: argparse.Namespace) -> int:
    """The ``arena`` command."""
    entries = [e.strip() for e in args.bots.split(",") if e.strip()]
    report = arena(entries, args.deals, args.seed, args.rounds, args.jobs, sprt=args.sprt)
    print(json.dumps(report) if args.json else format_report(report))
    return 0
