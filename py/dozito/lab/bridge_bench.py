"""``python -m dozito.lab.bridge_bench``: what one action costs through the
bridge, early and late in a long game.

The page's worker answers each click with one :func:`dozito.bridge.handle`
call, whose answer carries what the save needs (``record_change``) without
growing with the game. This times that call (JSON in, JSON out) for an
``act``, a ``bot`` (random level) and an ``undo`` after 100, 1,000 and 10,000
actions, with each answer's size, beside the ``record`` op a second trip
would cost (what each action paid before).

The long game: two players, ten rounds, every turn a draw then a discard,
so nothing is revealed and each round runs to the 500-turn safeguard (1,000
actions a round).

>>> rows = bench(sizes=(100,), repeat=3)
>>> rows[0]["actions"], rows[0]["act_bytes"] < 10_000
(100, True)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from .. import bridge
from ..game import Game

SIZES = (100, 1_000, 10_000)


def _long_game(moves: int) -> str:
    """The record text of the long game after ``moves`` actions (then at a
    turn's start)."""
    game = Game.new(["A", "B"], rounds=10, seed=1)
    while game.moves < moves or game.hand >= 0:
        game.apply(_keep_going(game))
    return json.dumps(game.to_record())


def _keep_going(game: Game) -> str:
    """An action that never completes a grid: draw; place on a face-up spot
    (a swap, nothing revealed) when the card fits one, turn up a card while
    fewer than six are, else discard."""
    legal = game.legal_actions()
    if "draw" in legal:
        return "draw"
    up = game.up[game.current]
    places = [a for a in legal if a.startswith("place:")]
    spot = {a: 1 << (int(a[6:]) - 1) for a in places}
    swaps = [a for a in places if up & spot[a]]
    turns = [a for a in places if not up & spot[a]] if bin(up).count("1") < 6 else []
    discards = [a for a in legal if a.startswith("discard:")]
    return (swaps or turns or discards or places)[0]


def _ask(request: dict[str, Any]) -> tuple[float, int, dict[str, Any]]:
    text = json.dumps(request)
    start = time.perf_counter()
    answer = bridge.handle(text)
    ms = (time.perf_counter() - start) * 1000
    out = json.loads(answer)
    assert out["ok"], out
    return ms, len(answer), out["result"]


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3)


def bench(sizes: tuple[int, ...] = SIZES, repeat: int = 30) -> list[dict[str, Any]]:
    """Per size, the median ms of each op over ``repeat`` calls, and the answers' bytes."""
    rows = []
    for size in sizes:
        _ask({"op": "load", "text": _long_game(size)})
        acts, bots, undos, records = [], [], [], []
        sizes_of: dict[str, int] = {}
        for _ in range(repeat):
            ms, sizes_of["act"], _ = _ask({"op": "act", "action": "draw"})
            acts.append(ms)
            ms, sizes_of["bot"], result = _ask({"op": "bot", "level": "random"})
            bots.append(ms)
            view = result["view"]
            while view["hand"] is not None:  # the turn's end, for the next draw
                targets = view["targets"]
                action = (targets["discard"] or targets["spots"])[0]["action"]
                view = _ask({"op": "act", "action": action})[2]["view"]
            ms, sizes_of["record"], _ = _ask({"op": "record"})
            records.append(ms)
            # An undoable action at a turn's start: a pile's card taken back.
            _ask({"op": "act", "action": view["targets"]["take"][0]["action"]})
            ms, sizes_of["undo"], _ = _ask({"op": "undo"})
            undos.append(ms)
        rows.append(
            {
                "actions": size,
                "act_ms": _median(acts),
                "bot_ms": _median(bots),
                "undo_ms": _median(undos),
                "record_ms": _median(records),
                "act_bytes": sizes_of["act"],
                "undo_bytes": sizes_of["undo"],
                "record_bytes": sizes_of["record"],
            }
        )
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=30, help="calls per op and size")
    parser.add_argument("--json", action="store_true", help="print JSON rows")
    args = parser.parse_args(argv)
    rows = bench(repeat=args.repeat)
    if args.json:
        print(json.dumps(rows))
        return 0
    print("actions  act ms  bot ms  undo ms  record ms  act bytes  undo bytes  record bytes")
    for r in rows:
        print(
            f"{r['actions']:>7}  {r['act_ms']:>6}  {r['bot_ms']:>6}  {r['undo_ms']!s:>7}  "
            f"{r['record_ms']:>9}  {r['act_bytes']:>9}  {r['undo_bytes']!s:>10}  "
            f"{r['record_bytes']:>12}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
