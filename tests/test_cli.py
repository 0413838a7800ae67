"""The command line, run as a player or a test harness would: a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dozito import Game
from dozito.record import record_of
from dozito.review import Review, judge
from dozito.timeline import Timeline
from scenario import deck

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    return subprocess.run(
        [sys.executable, "-m", "dozito", *args], capture_output=True, text=True, env=env
    )


def ok_json(*args: str) -> Any:
    out = run(*args)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def assert_bad_input(out: subprocess.CompletedProcess[str], words: str) -> None:
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], out.stderr
    assert "Traceback" not in out.stderr


def test_deck_lists_75_cards_in_canonical_order() -> None:
    cards = ok_json("deck")
    assert len(cards) == 75
    assert cards[0] == {"code": "R1", "color": "R", "number": 1, "suns": 1, "kind": "normal"}
    assert cards[7] == {"code": "R8", "color": "R", "number": 8, "suns": 3, "kind": "stop"}
    assert cards[12] == {"code": "RJ1", "color": "R", "number": None, "suns": 0, "kind": "joker"}
    assert [c["code"] for c in cards[15:17]] == ["B1", "B2"]
    assert sum(c["suns"] for c in cards) == 58
    kinds = [c["kind"] for c in cards]
    assert (kinds.count("stop"), kinds.count("replay"), kinds.count("joker")) == (5, 5, 15)
    stops = {c["code"] for c in cards if c["kind"] == "stop"}
    assert stops == {"R8", "B6", "G9", "Y12", "P7"}
    assert all(c["suns"] == 3 for c in cards if c["kind"] == "stop")
    replays = {c["code"] for c in cards if c["kind"] == "replay"}
    assert replays == {"R5", "B10", "G2", "Y8", "P11"}


def test_score_arthurs_grid() -> None:
    result = ok_json(
        "score", *["B1", "B2", "B3", "B4", "R5", "G6", "R7", "-", "R9", "R10", "G11", "G12"]
    )
    assert result == {
        "groups": [
            {"color": "B", "spots": [1, 2, 3, 4], "points": 10},
            {"color": "R", "spots": [5, 9, 10], "points": 5},
            {"color": "G", "spots": [11, 12], "points": 2},
        ],
        "suns": 10,
        "total": 27,
        "instant_win": False,
    }


def test_score_jokers_count_as_their_colour_and_face_down_never_counts() -> None:
    result = ok_json("score", "RJ1", "R2", "-", "-", "RJ2", *["-"] * 7)
    assert result["groups"] == [{"color": "R", "spots": [1, 2, 5], "points": 5}]
    assert result["suns"] == 0 and result["total"] == 5


def test_score_twelve_of_one_colour_is_an_instant_win() -> None:
    tokens = [f"Y{s}" for s in range(1, 12)] + ["YJ1"]
    result = ok_json("score", *tokens)
    assert result["instant_win"] is True
    assert result["groups"] == [{"color": "Y", "spots": list(range(1, 13)), "points": 0}]
    assert result["total"] == result["suns"] == 8  # group points: none, the game is won


@pytest.mark.parametrize(
    ("tokens", "words"),
    [
        (["R1"] * 3, "12 tokens"),
        (["-"] * 13, "12 tokens"),
        (["X1"] + ["-"] * 11, "unknown card 'X1'"),
        (["RJ1", "RJ1"] + ["-"] * 10, "twice"),
        (["R2"] + ["-"] * 11, "R2 cannot be at spot 1"),
    ],
)
def test_score_bad_input(tokens: list[str], words: str) -> None:
    assert_bad_input(run("score", *tokens), words)


def write(tmp_path: Path, data: Any) -> str:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_replay_prints_the_state(tmp_path: Path) -> None:
    d = deck(2, grids={0: {5: "G11"}}, piles=("B3", "Y9"), draw=["R5"])
    rec = {"format": "dozito/1", "players": ["Ann", "Bob"], "decks": [d]}
    state = ok_json("replay", write(tmp_path, {**rec, "actions": ["draw", "place:5"]}))
    assert state["phase"] == "turn" and state["round"] == 1
    assert state["current_player"] == 0 and state["hand"] == "G11"
    assert state["legal_actions"] == ["place:11", "discard:0", "discard:1"]
    assert state["grids"][0][4] == {"card": "R5", "up": True}
    assert state["grids"][0][0] == {"card": d[0], "up": False}
    assert state["discard_tops"] == ["B3", "Y9"]
    assert state["draw_count"] == 75 - 26 - 1
    assert state["round_scores"] == [] and state["totals"] == [0, 0]
    assert state["winners"] == []


def test_replay_to_game_over(tmp_path: Path) -> None:
    rec = {"format": "dozito/1", "players": ["A", "B"], "rounds": 1, "seed": 9}
    rec["actions"] = ["draw", "discard:0"] * 500
    state = ok_json("replay", write(tmp_path, rec))
    assert state["phase"] == "game_over" and state["current_player"] is None
    assert state["legal_actions"] == [] and state["winners"] == [0, 1]
    assert state["round_scores"] == [[0, 0]]


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("{not json", "not valid JSON"),
        ({"format": "dozito/1", "players": ["A", "B"], "decks": [["R1"] * 75]}, "twice"),
        ({"format": "dozito/1", "players": ["A", "B"], "actions": ["fly"]}, "action 0"),
        (
            {"format": "dozito/1", "players": ["A", "B"], "actions": ["draw", "take:0"]},
            "action 1: 'take:0' is not legal now",
        ),
        ({"format": "dozito/1", "players": ["A", "B"], "rounds": "3"}, "rounds"),
    ],
)
def test_replay_bad_input(tmp_path: Path, data: Any, words: str) -> None:
    assert_bad_input(run("replay", write(tmp_path, data)), words)


def test_replay_missing_file(tmp_path: Path) -> None:
    assert_bad_input(run("replay", str(tmp_path / "nope.json")), "cannot read")


@pytest.mark.parametrize("command", ["deck", "score", "replay", "bench", "arena", "link"])
def test_every_command_has_help(command: str) -> None:
    out = run(command, "--help")
    assert out.returncode == 0 and "usage:" in out.stdout


def test_bench_json_shape() -> None:
    result = ok_json("bench", "--games", "4", "--json")
    assert set(result) == {"games_per_s", "actions_per_game", "us_per_step", "us_per_clone"}
    assert all(v > 0 for v in result.values())


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "dozito/1", "players": ["A", "B"], "seed": ' + "9" * 5000 + "}", "digits"),
        ('{"format": "dozito/1", "players": ' + "[" * 5000 + "]" * 5000 + "}", "nested"),
        ('{"format": "dozito/1", "players": ["' + "x" * 41 + '", "B"]}', "more than 40"),
    ],
)
def test_replay_refuses_input_beyond_the_limits(tmp_path: Path, text: str, words: str) -> None:
    assert_bad_input(run("replay", write(tmp_path, text)), words)


def test_replay_of_an_endless_file_is_refused() -> None:
    assert_bad_input(run("replay", "/dev/zero"), "longer than 2,000,000 characters")


def test_replay_into_a_closed_pipe_exits_quietly(tmp_path: Path) -> None:
    path = write(tmp_path, {"format": "dozito/1", "players": ["A", "B"]})
    read_end, write_end = os.pipe()
    os.close(read_end)  # as `| head -c 1` does once it has its byte
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    out = subprocess.run(
        [sys.executable, "-m", "dozito", "replay", path],
        stdout=write_end,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    os.close(write_end)
    assert out.returncode == 1 and out.stderr == ""


@pytest.mark.parametrize("games", ["0", "-1", "many", "9" * 5000])
def test_bench_needs_a_positive_number_of_games(games: str) -> None:
    assert_bad_input(run("bench", "--games", games), "argument --games")


def test_bench_of_a_single_game() -> None:
    assert ok_json("bench", "--games", "1", "--json")["us_per_clone"] > 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        ([], "required: COMMAND"),
        (["fly"], "invalid choice: 'fly'"),
        (["replay"], "required: file"),
        (["arena", "--bots", "random,random", "--seed", "7" * 5000], "argument --seed"),
    ],
)
def test_usage_errors_are_one_line(args: list[str], words: str) -> None:
    assert_bad_input(run(*args), words)


def short_game(moves: int = 14) -> dict[str, Any]:
    g = Game.new(["Ann", "Bob"], rounds=1, seed=6)
    while g.moves < moves:
        g.apply(g.legal_actions()[-1])
    return record_of(g, ["expert", "human"])


def test_review_judges_the_human_seat_and_sums_it_up(tmp_path: Path) -> None:
    rec = short_game()
    out = ok_json("review", write(tmp_path, rec), "--json")
    timeline = Timeline(Game.from_record(rec))
    decisions = Review(timeline, 1).decisions
    assert decisions and [j["step"] for j in out["judgements"]] == list(decisions)
    assert out["judgements"] == [judge(timeline, s).to_json() for s in decisions]
    summary = out["summary"]
    assert summary["seat"] == 1 and summary["judged"] == summary["decisions"] == len(decisions)
    seat0 = ok_json("review", write(tmp_path, rec), "--json", "--seat", "0")
    assert {j["seat"] for j in seat0["judgements"]} == {0}
    text = run("review", write(tmp_path, rec))
    assert text.returncode == 0 and text.stderr == ""
    lines = text.stdout.splitlines()
    assert lines[0] == f"Bob (seat 1): {len(decisions)} decisions judged"
    assert [line.split()[:2] for line in lines[1 : 1 + len(decisions)]] == [
        ["step", str(s)] for s in decisions
    ]
    assert "mistakes" in lines[1 + len(decisions)] and "the expert itself" in lines[-1]


def test_review_help_and_bad_input(tmp_path: Path) -> None:
    helped = run("review", "--help")
    assert helped.returncode == 0 and "--seat" in helped.stdout and "--json" in helped.stdout
    path = write(tmp_path, short_game(4))
    assert_bad_input(run("review", path, "--seat", "2"), "seat must be from 0 to 1, not 2")
    assert_bad_input(run("review", path, "--seat", "one"), "invalid int value")
    assert_bad_input(run("review", str(tmp_path / "nope.json")), "cannot read")
    assert_bad_input(run("review", write(tmp_path, "{oops")), "not valid JSON")
    bad = {"format": "dozito/1", "players": ["A", "B"], "actions": ["draw", "take:0"]}
    assert_bad_input(run("review", write(tmp_path, bad)), "action 1")


def test_link_prints_a_game_link_and_opens_it_back(tmp_path: Path) -> None:
    record = {"format": "dozito/1", "players": ["Ann", "Bob"], "rounds": 2, "seed": 12,
              "seats": ["human", "sharp"], "actions": ["draw", "discard:1", "take:0"]}  # fmt: skip
    out = run("link", write(tmp_path, record), "--base", "https://example.org/dozito/")
    assert out.returncode == 0, out.stderr
    link = out.stdout.strip()
    assert link.startswith("https://example.org/dozito/#game=d1.") and len(link) < 200
    back = ok_json("link", "--open", link)
    assert back == {**record, "first_player": 0}
    written = tmp_path / "back.json"
    assert run("link", "--open", link, "--out", str(written)).returncode == 0
    assert json.loads(written.read_text()) == back


def test_link_refuses_what_is_no_game_link() -> None:
    assert_bad_input(run("link", "--open", "#game=d7.xyz"), "format 'd7'")
    assert_bad_input(run("link", "--open", "#game=d1.xyz"), "damaged")
    assert_bad_input(run("link"), "needs a record's file, or --open LINK")


def test_replay_reads_a_record_with_a_byte_order_mark(tmp_path: Path) -> None:
    """A BOM (as some editors save) is the file's encoding, as the page's import reads it."""
    game = Game.new(["Ann", "Bob"], seed=3)
    game.apply("draw")
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(game.to_record()).encode())
    assert ok_json("replay", str(path)) == game.to_json()
