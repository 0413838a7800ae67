"""The arena: seat rotation, deals, the report and the CLI."""

from __future__ import annotations

import json
import random

import pytest

from dozito.bots import Bot, get_bot
from dozito.bots.expert import ExpertBot, ExpertBudget
from dozito.bots.greedy import CasualBot
from dozito.bots.sharp import SharpBot
from dozito.cli import main
from dozito.errors import MalformedError
from dozito.game import Game
from dozito.lab.arena import arena, deal_decks, play_deal, seating
from dozito.lab.tally import SPRT_MIN_DEALS, PerDeal, SprtRun, Tally
from dozito.lab.tune_expert import expert_with
from dozito.lab.tune_sharp import make as tune_make
from dozito.lab.tune_sharp import sharp_with


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_rotation_puts_every_entry_in_every_seat(n: int) -> None:
    entries = [f"bot{i}" for i in range(n)]
    seatings = [seating(entries, r) for r in range(n)]
    for seat in range(n):
        assert sorted(s[seat] for s in seatings) == entries
    for s in seatings:
        assert sorted(s) == entries


def test_deals_are_fixed_by_seed_and_number() -> None:
    assert deal_decks(1, 5, 3) == deal_decks(1, 5, 3)
    decks = deal_decks(1, 5, 3)
    assert len(decks) == 3 and all(sorted(d) == list(range(75)) for d in decks)
    assert len({tuple(d) for d in decks}) == 3
    assert deal_decks(1, 6, 1) != deal_decks(1, 5, 1)
    assert deal_decks(2, 5, 1) != deal_decks(1, 5, 1)


def test_a_deal_is_played_in_every_rotation() -> None:
    tallies = play_deal((("casual", "random", "rookie"), 1, 0, 1))
    assert {name: t.games for name, t in tallies.items()} == {
        "casual": 3,
        "random": 3,
        "rookie": 3,
    }
    assert sum(t.wins for t in tallies.values()) == pytest.approx(3)


def test_report_counts_games_per_bot_name() -> None:
    report = arena(["casual", "sharp", "sharp"], deals=2, seed=3)
    rows = {r["name"]: r for r in report["bots"]}
    assert report["players"] == 3 and report["deals"] == 2
    assert rows["casual"]["games"] == 6  # 2 deals x 3 rotations, one seat each
    assert rows["sharp"]["games"] == 12  # two seats each time
    assert sum(r["wins"] for r in rows.values()) == pytest.approx(6)
    for r in rows.values():
        lo, hi = r["ci95"]
        assert lo <= r["win_rate"] <= hi
        assert r["decision_ms_p95"] >= 0 and r["mean_round_score"] > 0


def test_a_tuning_script_brings_its_own_bots() -> None:
    # Two names for one bot: on these deals (no reshuffle) both rotations
    # play the same game, so the wins split exactly evenly.
    report = arena(["left", "right"], deals=3, seed=5, make=lambda name: get_bot("casual"))
    rows = {r["name"]: r for r in report["bots"]}
    assert rows["left"]["wins"] == rows["right"]["wins"] == 3
    assert rows["left"]["mean_round_score"] == rows["right"]["mean_round_score"]
    with pytest.raises(MalformedError):
        arena(["left", "right"], deals=1, seed=5)  # not levels get_bot knows


def test_the_tuning_scripts_make_the_bot_of_their_settings() -> None:
    tuned = tune_make(expert_with, '{"deals": 3, "confidence": 0.5}', "tuned")
    assert isinstance(tuned, ExpertBot) and tuned.budget == ExpertBudget(deals=3, confidence=0.5)
    sharp = tune_make(sharp_with, '{"race": 6.0}', "tuned")
    assert isinstance(sharp, SharpBot) and sharp.weights.race == 6.0
    assert isinstance(tune_make(sharp_with, "{}", "casual"), CasualBot)
    with pytest.raises(TypeError):
        expert_with('{"depth": 2}')  # not a field of the budget


def test_results_depend_on_seed_not_on_jobs() -> None:
    one = arena(["casual", "rookie"], deals=30, seed=4, jobs=1, sprt=0.1)
    two = arena(["casual", "rookie"], deals=30, seed=4, jobs=2, sprt=0.1)
    strip = [{k: v for k, v in r.items() if not k.startswith("decision")} for r in one["bots"]]
    assert strip == [
        {k: v for k, v in r.items() if not k.startswith("decision")} for r in two["bots"]
    ]
    assert one["duplicate"] == two["duplicate"] and one["sprt"] == two["sprt"]
    assert one["deals"] == two["deals"] and one["sprt"]["decision"] != "undecided"


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "casual,random", "--deals", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == 2 and data["deals"] == 3
    assert data["rounds"] == 3  # by default, the rulebook's game
    assert [r["name"] for r in data["bots"]] == ["casual", "random"]
    assert set(data["bots"][0]) >= {
        "name", "games", "wins", "win_rate", "ci95", "mean_round_score",
        "decision_ms_mean", "decision_ms_p95",
    }  # fmt: skip
    assert data["bots"][0]["win_rate"] > data["bots"][1]["win_rate"]


def test_cli_text_and_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "casual,rookie", "--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert "casual" in out and "95% CI" in out
    assert main(["arena", "--bots", "casual,wizard"]) == 2
    assert "unknown bot level" in capsys.readouterr().err
    assert main(["arena", "--bots", "casual"]) == 2
    assert main(["arena", "--bots", "casual,casual", "--deals", "0"]) == 2


def test_every_entry_plays_every_seat_of_a_deal_on_the_same_cards() -> None:
    made: list[str] = []

    def make(name: str) -> Bot:
        made.append(name)  # play_game makes the bots seat by seat
        return get_bot("casual")

    play_deal((("a", "b", "c"), 1, 0, 1), make)
    games = [made[i : i + 3] for i in range(0, 9, 3)]
    assert games == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    # The game's own seed (reshuffles) never changes the cards dealt.
    decks = deal_decks(1, 0, 2)
    starts = [Game.new(["x", "y", "z"], rounds=2, seed=s, decks=decks) for s in (8, 9, 10)]
    assert all(g.cells == starts[0].cells and g.to_json() == starts[0].to_json() for g in starts)


def test_per_deal_figures_against_a_hand_worked_case() -> None:
    # Deal 1: A won both games, 30 and 20 points vs B's 10 and 20 (lead +10).
    # Deal 2: A won one of two, 20+20 vs 30+30 (lead -10). Deal 3: A won none
    # (half a shared win), 10+10 vs 10+10 (lead 0).
    per = PerDeal(["A", "B"])
    for wins, mine, theirs in ((2, 50, 30), (1, 40, 60), (0.5, 20, 20)):
        per.add({"A": Tally(2, wins, mine, 2), "B": Tally(2, 2 - wins, theirs, 2)})
    row = per.row()
    # shares 1, 0.5, 0.25: mean 7/12, sd sqrt(0.1458333), error 0.2205
    assert row["win_share"] == pytest.approx(0.5833, abs=1e-4)
    assert row["ci95"] == pytest.approx([0.5833 - 0.4321, 0.5833 + 0.4321], abs=1e-3)
    # leads +10, -10, 0: mean 0, sd 10, error 5.7735, half-width 11.316
    assert row["versus"] == [{"name": "B", "score_diff": 0.0, "ci95": [-11.316, 11.316]}]


def test_sprt_decides_on_synthetic_streams() -> None:
    test = SprtRun(0.5, 0.1)
    rng = random.Random(1)

    def stream(p: float) -> list[float]:
        shares: list[float] = []
        while not test.decided(shares):
            shares.append(sum(rng.random() < p for _ in range(2)) / 2)
        return shares

    strong, even = stream(0.7), stream(0.5)
    assert test.decision(strong) == "better" and test.decision(even) == "not better"
    assert len(strong) < 200 and len(even) < 400
    assert test.decision([1.0] * 9) == "undecided"  # too few deals to stop
    assert test.decision([1.0] * 10) == "better"  # every deal won: no spread, still decided
    assert test.decision([0.5, 0.6] * 5) == "undecided"  # half-way: no evidence either way


def test_the_arena_stops_when_the_test_decides() -> None:
    report = arena(["casual", "random"], deals=200, seed=2, sprt=0.2)
    assert report["sprt"]["decision"] == "better"
    assert SPRT_MIN_DEALS <= report["deals"] < 200
    assert sum(r["games"] for r in report["bots"]) == 4 * report["deals"]
    with pytest.raises(MalformedError):
        arena(["casual", "random"], deals=2, seed=2, sprt=0.5)  # chance + 0.5 is not a rate
