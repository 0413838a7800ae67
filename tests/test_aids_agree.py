"""Hint and review name the same best move for the same decision: both ask
the expert through :func:`dozito.explain.aid_search`, with the same stream
and budget, whatever move was played there."""

from __future__ import annotations

import json
import random
from typing import Any

from dozito import Game, bridge
from dozito.review import judge
from dozito.timeline import Timeline

POSITIONS = 200


def ask(op: str, **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(bridge.handle(json.dumps({"op": op, **fields})))
    assert out["ok"], out
    return dict(out["result"])


def hinted_games() -> list[tuple[Game, dict[int, dict[str, Any]]]]:
    """Random games of 2 to 4 players and 1 or 2 rounds played through the
    bridge, and its hint at every third decision, by step: 200 in all."""
    rng = random.Random(25)
    games: list[tuple[Game, dict[int, dict[str, Any]]]] = []
    total = 0
    for k in range(1000):
        players = [f"p{i}" for i in range(2 + k % 3)]
        view = ask("new", players=players, rounds=1 + k % 2, seed=500 + k)["view"]
        hints: dict[int, dict[str, Any]] = {}
        decisions = 0
        while view["phase"] != "game_over" and total < POSITIONS:
            legal = view["legal_actions"]
            if len(legal) > 1:
                decisions += 1
                if decisions % 3 == 0:
                    assert bridge._state.table is not None
                    hints[bridge._state.current().game.moves] = ask("hint")["hint"]
                    total += 1
            view = ask("act", action=rng.choice(legal))["view"]
        assert bridge._state.table is not None
        games.append((bridge._state.current().game.clone(), hints))
        if total == POSITIONS:
            break
    return games


def test_the_review_names_the_hints_move_at_200_decisions() -> None:
    compared = other_played = 0
    for game, hints in hinted_games():
        timeline = Timeline(game)
        for step, hint in hints.items():
            judgement = judge(timeline, step)
            assert judgement.best == hint["action"], (game.seed, step, judgement.played)
            assert judgement.reason == hint["reason"]
            compared += 1
            other_played += judgement.played != hint["action"]
    assert compared == POSITIONS
    assert other_played > POSITIONS // 2  # random play: mostly not the best move
