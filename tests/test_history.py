"""The history of long games: flat, shared by clones, never walked recursively."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from dozito import Game, load_record
from dozito.cards import NUMBER
from dozito.game import MAX_PLAYERS, MAX_ROUNDS, TURN_LIMIT
from dozito.jsontext import MAX_CHARS, MAX_DEPTH, depth

ROOT = Path(__file__).resolve().parent.parent


def stall(g: Game) -> str:
    """An action that keeps the round going as long as it can: a pile's top
    card put back on a face-up spot (three actions a turn, nothing turned
    up), else a draw thrown away; a few cards are turned up first so that
    there are face-up spots to use."""
    legal = g.legal_actions()
    up = g.up[g.current]
    face_up = [s for s in range(1, 13) if up >> (s - 1) & 1]
    spots = [int(a[6:]) for a in legal if a.startswith("place:")]
    if "draw" in legal:
        for pile in (0, 1):
            top = g.piles[pile][-1] if g.piles[pile] else -1
            if top >= 0 and (NUMBER[top] in face_up or NUMBER[top] == 0 and face_up):
                return f"take:{pile}"
        return "draw"
    on_up = [s for s in spots if s in face_up]
    if on_up:
        return f"place:{on_up[0]}"
    if spots and len(face_up) < 9:
        return f"place:{spots[0]}"  # turns a card up: a spot to use later
    return next(a for a in legal if a.startswith("discard"))


def test_the_longest_game_ends_and_round_trips_through_its_record() -> None:
    g = Game.new(["A", "B", "C", "D", "E"], rounds=MAX_ROUNDS, seed=19)
    while not g.over:
        g.apply(stall(g))
    history = g.history()
    # Every turn ends with one discard: each round ran to the safeguard.
    discards = sum(a.startswith("discard") for a in history)
    assert len(g.round_scores) == MAX_ROUNDS and discards == MAX_ROUNDS * TURN_LIMIT
    assert g.moves == len(history) > 14_000
    assert len(g.to_record()["players"]) == MAX_PLAYERS
    # The limits on JSON input leave room for it, even indented.
    text = json.dumps(g.to_record(), indent=2)
    assert len(text) * 5 < MAX_CHARS and depth(text) + 1 < MAX_DEPTH
    again = load_record(text)
    assert again == g and again.over and again.history() == history


def test_a_long_game_is_freed_copied_and_pickled_on_a_small_stack() -> None:
    # The old history, a tuple nested once per action, overflowed Pyodide's
    # stack when freed (CPython's deallocator hides that), and made pickle
    # and deepcopy recurse per action; a small thread stack stands in for
    # the browser's.
    script = textwrap.dedent(
        """
        import copy, pickle, threading
        from dozito import Game

        def work():
            g = Game.new(["A", "B", "C", "D", "E"], rounds=10, seed=3)
            while not g.over:
                g.apply("draw" if "draw" in g.legal_actions() else "discard:0")
            assert g.moves == 10_000
            assert pickle.loads(pickle.dumps(g)).history() == g.history()
            assert copy.deepcopy(g).history() == g.history()
            del g
            print("done")

        threading.stack_size(256 * 1024)
        thread = threading.Thread(target=work)
        thread.start()
        thread.join()
        """
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert out.returncode == 0 and out.stdout == "done\n", out.stderr[-2000:]


def test_clones_share_the_history_until_they_part() -> None:
    g = Game.new(["Ann", "Bob"], seed=5)
    g.apply("draw")
    c = g.clone()
    g.apply(g.legal_actions()[-1])
    c.apply(c.legal_actions()[0])
    cc = c.clone()
    g.apply(g.legal_actions()[0])
    cc.apply(cc.legal_actions()[-1])
    assert g.history() == ["draw", "discard:1", "draw"]
    assert c.history()[:1] == ["draw"] and len(c.history()) == 2
    assert cc.history()[:2] == c.history() and len(cc.history()) == 3
    for game in (g, c, cc):
        assert game.moves == len(game.history())
        assert Game.from_record(game.to_record()) == game
