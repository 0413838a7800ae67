"""``python -m dozito``: the deck, scoring a grid, replaying, reviewing and linking a
record, benchmarks.

Bad input never prints a traceback: it exits with status 2 and one line on
stderr naming the problem (argparse's usage errors included).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from .bots import LEVELS
from .cards import DECK_SIZE, NUMBER, card_id, card_info
from .errors import DozitoError, MalformedError, brief
from .game import DEFAULT_ROUNDS
from .jsontext import MAX_CHARS, parse_json
from .record import HUMAN, game_from_record, load_record, record_seats
from .scoring import is_instant_win, summary


def _print_json(data: Any) -> None:
    print(json.dumps(data))


def cmd_deck(args: argparse.Namespace) -> int:
    _print_json([card_info(c) for c in range(DECK_SIZE)])
    return 0


def parse_grid(tokens: Sequence[str]) -> tuple[list[int], int]:
    """12 tokens in spot order (a card code, or ``-`` face down) → cells, up mask.

    Face-down spots get an arbitrary card that is not on the grid: they never
    count, so which one does not matter.
    """
    if len(tokens) != 12:
        raise MalformedError(f"a grid needs 12 tokens (a code or -), not {len(tokens)}")
    cells: list[int] = []
    up = 0
    for spot, token in enumerate(tokens, start=1):
        if token == "-":
            cells.append(-1)
            continue
        cid = card_id(token)
        if cid in cells:
            raise MalformedError(f"card {token} appears twice")
        if NUMBER[cid] not in (0, spot):
            raise MalformedError(f"card {token} cannot be at spot {spot}")
        cells.append(cid)
        up |= 1 << (spot - 1)
    spare = iter(c for c in range(DECK_SIZE) if c not in cells)
    return [c if c >= 0 else next(spare) for c in cells], up


def cmd_score(args: argparse.Namespace) -> int:
    cells, up = parse_grid(args.tokens)
    _print_json({**summary(cells, up), "instant_win": is_instant_win(cells, up)})
    return 0


def _read(path: str) -> str:
    try:
        # utf-8-sig: a byte order mark is the file's encoding, not its text (as a browser reads it).
        with open(path, encoding="utf-8-sig") as f:
            return f.read(MAX_CHARS + 1)  # one too many is enough to refuse it
    except (OSError, UnicodeDecodeError) as e:
        raise MalformedError(f"cannot read {path}: {e}") from None


def cmd_replay(args: argparse.Namespace) -> int:
    _print_json(load_record(_read(args.file)).to_json())
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    from .review import Review, judge, summarize
    from .timeline import Timeline

    record = parse_json(_read(args.file), "the record")
    game = game_from_record(record, LEVELS)
    seats = record_seats(record, game.players, LEVELS) or []
    seat = args.seat if args.seat is not None else next(
        (s for s, who in enumerate(seats) if who == HUMAN), 0
    )  # fmt: skip
    review = Review(Timeline(game), seat)
    judgements = [judge(review.timeline, step) for step in review.decisions]
    summary = summarize(review, judgements)
    if args.json:
        _print_json({"judgements": [j.to_json() for j in judgements], "summary": summary})
        return 0
    print(f"{game.names[seat]} (seat {seat}): {len(judgements)} decisions judged")
    for j in judgements:
        loss = f"-{j.points:.1f} points, -{100 * j.win:.1f}% win" if j.win or j.points else ""
        mark = "  mistake" if j.mistake else ""
        print(f"step {j.step:>5}  played {j.played:<10} best {j.best:<10} {loss}{mark}".rstrip())
    mine, expert = summary["per_decision"], summary["expert"]
    print(
        f"{summary['mistakes']} mistakes, costing {summary['points_lost']:.1f} expected points"
        f" and {100 * summary['win_lost']:.1f}% win chance in all"
    )
    if summary["biggest"]:
        big = summary["biggest"]
        print(f"the biggest at step {big['step']}: {big['played']} where {big['best']} was better")
    print(
        f"lost per decision: {mine['points']:.2f} points, {100 * mine['win']:.2f}% win"
        f" (the expert itself: {expert['points']:.2f} points, {100 * expert['win']:.2f}% win)"
    )
    return 0


def cmd_link(args: argparse.Namespace) -> int:
    from .link import link_of, record_of_link

    if args.open is None:
        if args.file is None:
            raise MalformedError("'link' needs a record's file, or --open LINK")
        record = parse_json(_read(args.file), "the record")
        game = game_from_record(record)
        print(args.base + link_of(game, record_seats(record, game.players)))
        return 0
    text = json.dumps(record_of_link(args.open), indent=2) + "\n"
    if args.out is None:
        sys.stdout.write(text)
        return 0
    try:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise MalformedError(f"cannot write {args.out}: {e}") from None
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.bots:
        from .lab.bot_bench import bench_bots

        return bench_bots(args)
    from .lab.engine_bench import bench_engine

    return bench_engine(args)


def cmd_arena(args: argparse.Namespace) -> int:
    from .lab.arena import run_arena

    return run_arena(args)


class _Parser(argparse.ArgumentParser):
    """argparse, with its usage errors on one line like every other bad input."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {message} (see {self.prog} --help)\n")


def _count(text: str) -> int:
    """A count of at least 1, for ``--games``."""
    try:
        value = int(text)
    except ValueError:  # not a number, or more digits than Python converts
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number from 1 up, not {brief(text)}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="python -m dozito", description="The Dozito rules engine from the command line."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, func: Callable[[argparse.Namespace], int], help: str) -> Any:
        p = sub.add_parser(name, help=help, description=help)
        p.set_defaults(func=func)
        return p

    add("deck", cmd_deck, "Print the 75 cards as JSON, in canonical order.")
    p = add("score", cmd_score, "Score one grid given as 12 tokens in spot order.")
    p.add_argument("tokens", nargs="*", metavar="T", help="a card code (face up) or - (face down)")
    p = add("replay", cmd_replay, "Apply a dozito/1 record and print the resulting state.")
    p.add_argument("file", help="the record, a JSON file")
    p = add(
        "review",
        cmd_review,
        "Judge a seat's decisions in a dozito/1 record with the expert, and sum them up.",
    )
    p.add_argument("file", help="the record, a JSON file")
    p.add_argument(
        "--seat", type=int, help="the seat judged, from 0 (default: the first human, else 0)"
    )
    p.add_argument("--json", action="store_true", help="print the judgements and summary as JSON")
    p = add("link", cmd_link, "Print a dozito/1 record as a game link, or (--open) the reverse.")
    p.add_argument("file", nargs="?", help="the record, a JSON file")
    p.add_argument("--base", default="", help="the site's address the link starts with")
    p.add_argument("--open", metavar="LINK", help="a game link: print (or --out) its record")
    p.add_argument("--out", metavar="FILE", help="with --open: write the record there")
    p = add("bench", cmd_bench, "Measure the engine's speed (or, with --bots, the bots').")
    p.add_argument("--games", type=_count, default=300, help="games to play (default 300)")
    p.add_argument("--bots", action="store_true", help="time each bot level's decisions instead")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p = add("arena", cmd_arena, "Play bots against each other and report win rates.")
    p.add_argument("--bots", required=True, help="one bot level per seat, comma-separated")
    p.add_argument("--deals", type=int, default=100, help="deals to play (default 100)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    p.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS, help="rounds per game (default 3)")
    p.add_argument("--jobs", type=int, default=1, help="processes to play on (default 1)")
    p.add_argument(
        "--sprt", type=float, help="stop once the first bot is shown to beat chance by this, or not"
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        result: int = args.func(args)
        sys.stdout.flush()  # here, so that a closed pipe is caught below
        return result
    except DozitoError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as Python's docs
        # advise, with stdout pointed at devnull so the exit flush is silent.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
