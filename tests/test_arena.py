"""The arena: seat rotation, deals, the report and the CLI."""

from __future__ import annotations

import json

import pytest

from dozito.bots import get_bot
from dozito.cli import main
from dozito.errors import MalformedError
from dozito.lab.arena import arena, deal_decks, play_deal, seating


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


def test_results_depend_on_seed_not_on_jobs() -> None:
    one = arena(["casual", "rookie"], deals=6, seed=4, jobs=1)
    two = arena(["casual", "rookie"], deals=6, seed=4, jobs=2)
    strip = [{k: v for k, v in r.items() if not k.startswith("decision")} for r in one["bots"]]
    assert strip == [
        {k: v for k, v in r.items() if not k.startswith("decision")} for r in two["bots"]
    ]


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
