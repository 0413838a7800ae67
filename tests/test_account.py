"""The review's account (dozito.account): luck card by card, decisions'
cost, the turning points, and the bridge's ops for them."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from dozito import Game, bridge
from dozito.account import account, card_luck, figure, round_luck, turning_points
from dozito.bots.evaluation import seen_cards
from dozito.cards import CODES, DECK_SIZE
from dozito.explain import placement
from dozito.lab.account_check import bot_game, residuals
from dozito.observation import HIDDEN
from dozito.review import judge
from dozito.timeline import Timeline

TOLERANCE = 10.0
"""The |residual| (points) of 9 seats' accounts in 10, as the contract
states it (docs/engine-contract.md: the 90th percentile measured on 50
games by ``python -m dozito.lab.account_check`` was 8.3)."""


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


def test_luck_is_measured_at_every_card_from_the_unseen(reviewed: Any) -> None:
    timeline, _, (luck,) = reviewed
    expected = []
    for step, action in enumerate(timeline.actions):
        state, _ = timeline.at(step)
        grid = state.observation(state.current).grids[state.current]
        if action == "draw" or (action.startswith("place") and grid[int(action[6:]) - 1] == HIDDEN):
            after, _ = timeline.at(step + 1)
            # A STOP placed sends the card it turns up straight to a pile.
            if after.hand >= 0 and after.current == state.current:
                expected.append((step, state.current, CODES[after.hand]))
    assert [(e.step, e.seat, e.card) for e in luck.events] == expected
    assert luck.scores == tuple(timeline.game.round_scores[0])
    assert round_luck(timeline, 1) == luck
    with pytest.raises(Exception, match="round must be from 1"):
        round_luck(timeline, 2)


def test_a_cards_luck_is_nothing_on_average_over_what_could_have_come(reviewed: Any) -> None:
    timeline, _, (luck,) = reviewed
    for event in luck.events[::7]:
        state, _ = timeline.at(event.step + 1)
        assert card_luck(state) == pytest.approx(event.points)
        drawn = state.hand
        hidden = [i for i, c in enumerate(state.cells) if not state.up[i // 12] >> i % 12 & 1]
        # Every card it could have been: under a face-down spot or in the draw pile.
        places = [("cells", i) for i in hidden] + [("draw", k) for k in range(len(state.draw))]
        lucks = [card_luck(state)]
        for where, k in places:
            other = state.clone()
            spot = other.cells if where == "cells" else other.draw
            other.hand, spot[k] = spot[k], drawn
            lucks.append(card_luck(other))
        assert len(lucks) == DECK_SIZE - len(seen_cards(state)) + 1
        assert sum(lucks) / len(lucks) == pytest.approx(0, abs=1e-9)
        assert max(lucks) > 0 > min(lucks)


def test_the_account_adds_up(reviewed: Any) -> None:
    timeline, judged, lucks = reviewed
    rows = account(timeline, judged, lucks)
    scores = timeline.game.round_scores[0]
    assert [r["gap"] for r in rows] == [figure(s - sum(scores) / 2) for s in scores]
    assert rows[0]["luck"] == figure(-rows[1]["luck"])  # luck against the table's mean
    lucky = [sum(e.points for e in lucks[0].events if e.seat == p) for p in (0, 1)]
    assert rows[0]["luck"] == figure((lucky[0] - lucky[1]) / 2)
    lost = [sum(j.margin for j in judged if j.seat == p) for p in (0, 1)]
    for row in rows:
        p = row["seat"]
        assert row["judged"] == sum(1 for j in judged if j.seat == p)
        assert row["decisions"] == figure(max(0.0, lost[p]))
        # Gap = luck - decisions (both against the table: a move's cost to
        # its seat is the other's gain) + residual.
        explained = row["luck"] - (lost[p] - lost[1 - p])
        assert abs(row["gap"] - explained - row["residual"]) <= 0.11
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
    every = [abs(e.points) for e in lucks[0].events]
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
