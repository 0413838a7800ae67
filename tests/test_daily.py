"""Today's deal (dozito.daily): the same cards for a date on every Python,
the Expert's replay of it with the same bots, and the share line's data."""

from __future__ import annotations

import json
import random
from typing import Any

from dozito import bridge, daily
from dozito.cards import CODES

DAY = "2026-12-02"


def ask(op: str, **fields: Any) -> dict[str, Any]:
    return dict(json.loads(bridge.handle(json.dumps({"op": op, **fields}))))


def test_a_date_deals_fixed_cards_on_every_python() -> None:
    """A golden deal: tests/pythons.py runs this on 3.11 and in Pyodide too,
    so a change to how a date deals (a new FORMAT) cannot pass unnoticed."""
    g = daily.daily_game(DAY)
    assert daily.daily_seed(DAY) == 143131667889261 == g.seed
    assert [CODES[p[-1]] for p in g.piles] == ["G7", "RJ1"]
    assert [CODES[c] for c in g.draw[-3:]] == ["Y11", "P8", "G1"]
    assert g.names == ("You", "casual", "sharp") and g.current == 0 and g.rounds == 1
    assert daily.deal_number(DAY) == 1 and daily.deal_number("2027-01-01") == 31
    assert daily.daily_seed("2026-12-03") != g.seed


def test_bad_dates_are_refused_in_words() -> None:
    for bad, words in ((None, "needs 'date'"), ("2026-13-01", "is not a date"),
                       ("2026-11-30", "daily deals start on 2026-12-02")):  # fmt: skip
        out = ask("daily_new", date=bad)
        assert out["error"]["type"] == "MalformedError" and words in out["error"]["message"]


def test_the_page_may_name_every_seat_without_changing_the_deal() -> None:
    # The page names each kind of seat; the engine picks those its seats need.
    names = {"human": "Ann", "rookie": "Robin", "casual": "Casey", "sharp": "Sasha", "expert": "M"}
    named = ask("daily_new", date=DAY, names=names)["result"]
    plain = ask("daily_new", date=DAY)["result"]
    assert named["view"]["names"] == ["Ann", "Casey", "Sasha"]
    assert named["view"]["discard_tops"] == plain["view"]["discard_tops"]
    for bad in (["Ann", "Casey", "Sasha"], {"human": "Ann"}, {**names, "sharp": 3}):
        out = ask("daily_new", date=DAY, names=bad)
        assert out["error"]["type"] == "MalformedError", bad


def test_the_expert_plays_the_same_deal_against_the_same_bots() -> None:
    expert = daily.expert_game(DAY)
    mine = daily.daily_game(DAY, "Expert")
    # Replayed through the bridge's own seeding: every bot move is what the
    # bridge's ``bot`` op plays from that position.
    for action in expert.history():
        if mine.current:
            assert action == daily.bot_move(mine, daily.BOTS[mine.current - 1])
        mine.apply(action)
    assert mine.totals == expert.totals and expert.over
    assert daily.expert_game(DAY).history() == expert.history()  # no time cap


def test_the_daily_game_through_the_bridge_and_its_share_line() -> None:
    out = ask("daily_new", date=DAY, name="Ann")["result"]
    assert out["daily"] == {"number": 1, "date": DAY, "format": daily.FORMAT}
    assert out["seats"] == ["human", "casual", "sharp"] and out["view"]["names"][0] == "Ann"
    assert ask("daily_expert", date=DAY)["result"]["share"] is None  # not over yet
    rng = random.Random(1)
    view = out["view"]
    while view["phase"] != "game_over":
        if view["current"] == 0:
            view = ask("act", action=rng.choice(view["legal_actions"]))["result"]["view"]
        else:
            view = ask("bot", level=daily.BOTS[view["current"] - 1])["result"]["view"]
    result = ask("daily_expert", date=DAY)["result"]
    expert = daily.expert_game(DAY)
    assert result["expert"] == {"score": expert.totals[0], "actions": expert.history()}
    share = result["share"]
    assert share["you"] == view["totals"][0] and share["expert"] == expert.totals[0]
    # The grid as colour squares: a face-down card black, no card face.
    squares = "".join(share["grid"])
    for cell, square in zip(view["grids"][0], squares, strict=True):
        if cell is None:
            assert square == daily.FACE_DOWN
        else:
            assert square == daily.SQUARES[cell[0]]
    assert len(share["grid"]) == 3 and share["number"] == 1
