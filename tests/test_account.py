"""The review's account (dozito.account): luck card by card, decisions'
cost, the turning points, and the bridge's ops for them."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from dozito import Game, bridge
from dozito.account import account, figure, round_luck, turning_points
from dozito.explain import placement
from dozito.lab.account_check import bot_game, residuals
from dozito.observation import HIDDEN
from dozito.review import judge
from dozito.timeline import Timeline

TOLERANCE = 12.0
"""The |residual| (points) of 9 seats' accounts in 10: the 90th percentile
(10.7) measured on 17 games by ``python -m dozito.lab.account_check``,
rounded up (see docs/engine-contract.md)."""


@pytest.fixture(scope="module")
def reviewed() -> tuple[Timeline, list[Any], list[Any]]:
    timeline = Timeline(bot_game(2, 7))
    judged = [judge(timeline, s) for s in range(timeline.steps) if timeline.choices(s) > 1]
    return timeline, judged, [round_luck(timeline, 1)]


def no_negative_zero(data: object) -> None:
    if isinstance(data, float):
        assert data != 0 or math.copysign(1, data) > 0
    elif isinstance(data, dict):
        for value in data.values():
            no_negative_zero(value)
    elif isinstance(data, list):
        for value in data:
            no_negative_zero(value)


def test_figures_never_show_minus_zero() -> None:
    assert str(figure(-0.04)) == "0.0" and figure(-0.05) == -0.1 and figure(1.26) == 1.3


def test_luck_is_measured_at_every_draw_and_flip(reviewed: Any) -> None:
    timeline, _, (luck,) = reviewed
    expected = []
    for step, action in enumerate(timeline.actions):
        state, _ = timeline.at(step)
        grid = state.observation(state.current).grids[state.current]
        if action == "draw" or (action.startswith("place") and grid[int(action[6:]) - 1] == HIDDEN):
            expected.append(step)
    assert [e.step for e in luck.events] == expected
    assert abs(sum(luck.deal)) < 1e-9 and luck.scores == tuple(timeline.game.round_scores[0])
    # The same on every run: its own streams.
    assert round_luck(timeline, 1) == luck
    with pytest.raises(Exception, match="round must be from 1"):
        round_luck(timeline, 2)


def test_the_account_adds_up(reviewed: Any) -> None:
    timeline, judged, lucks = reviewed
    rows = account(timeline, judged, lucks)
    scores = timeline.game.round_scores[0]
    assert [r["gap"] for r in rows] == [figure(s - sum(scores) / 2) for s in scores]
    assert rows[0]["luck"] == figure(-rows[1]["luck"])  # luck against the table's mean
    for row in rows:
        mine = [j for j in judged if j.seat == row["seat"]]
        assert row["judged"] == len(mine) and row["decisions"] == figure(
            sum(j.points for j in mine)
        )
        assert abs(row["residual"]) <= TOLERANCE
    no_negative_zero(rows)


def test_turning_points_name_the_costliest_decisions(reviewed: Any) -> None:
    timeline, judged, lucks = reviewed
    points = turning_points(timeline, judged, lucks)
    costly = sorted((j.points for j in judged), reverse=True)[:3]
    assert [d["points"] for d in points["decisions"]] == [figure(c) for c in costly if figure(c)]
    for d in points["decisions"]:
        state, _ = timeline.at(d["step"])
        assert d["played"] == timeline.actions[d["step"]] and d["played"] != d["best"]
        if d["best"].startswith("place"):
            spot = int(d["best"][6:])
            assert d["best_facts"] == placement(
                state.observation(d["seat"]), d["seat"], state.hand, spot
            )
    strokes = [abs(s["points"]) for s in points["luck"]]
    assert strokes == sorted(strokes, reverse=True) and len(strokes) <= 3
    every = [abs(e.points[e.seat]) for e in lucks[0].events]
    assert strokes[0] == figure(max(every))
    no_negative_zero(points)


def test_the_bridge_tells_the_account() -> None:
    rng = random.Random(3)
    game = Game.new(["Ann", "Bob"], rounds=1, seed=11)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    text = json.dumps({"format": "dozito/1", "players": ["Ann", "Bob"], "rounds": 1,
                       "seed": 11, "actions": game.history()})  # fmt: skip
    assert json.loads(bridge.handle(json.dumps({"op": "load", "text": text})))["ok"]
    luck = json.loads(bridge.handle('{"op": "review_luck", "round": 1}'))["result"]["luck"]
    assert luck["round"] == 1 and luck["scores"] == list(game.round_scores[0])
    bad = json.loads(bridge.handle('{"op": "review_luck", "round": 3}'))
    assert bad["error"]["type"] == "MalformedError"
    step = next(
        s for s in range(len(game.history())) if len(Timeline(game).at(s)[0].legal_actions()) > 1
    )
    assert json.loads(bridge.handle(json.dumps({"op": "review_judge", "step": step})))["ok"]
    out = json.loads(bridge.handle('{"op": "review_account"}'))["result"]
    assert [r["judged"] for r in out["account"]] == [
        int(Timeline(game).to_play(step) == p) for p in (0, 1)
    ]
    assert len(out["turning_points"]["decisions"]) <= 1


def test_the_accounts_residual_holds_on_a_few_games() -> None:
    """The 50-game check of docs/engine-contract.md, on 2 games for CI."""
    rows = residuals(2, 2, 20)
    assert len(rows) == 4 and all(abs(r["residual"]) <= TOLERANCE for r in rows)
