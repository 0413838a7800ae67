"""The bots: legal moves, whole games, no peeking, determinism, and that the
fast play-out policy and grid arithmetic agree with the engine."""

from __future__ import annotations

import argparse
import json
import random
from operator import attrgetter
from pathlib import Path

import pytest

from dozito import Game, MalformedError
from dozito.actions import ACTIONS
from dozito.bots import EXPERIMENTAL, LEVELS, get_bot
from dozito.bots.base import Bot
from dozito.bots.expert import ExpertBot, ExpertBudget, search
from dozito.bots.greedy import CASUAL_WEIGHTS, PLAY_OUT_WEIGHTS, CasualBot, best_place, place_value
from dozito.bots.grid import GROUP_VALUE, grid_value, place_gain
from dozito.bots.playout import PlayoutBot, PlayoutBudget
from dozito.bots.rollout import greedy_action, grid_masks, play_out
from dozito.bots.strength import STRENGTHS
from dozito.cards import NUMBER
from dozito.lab import bot_bench
from dozito.scoring import ALL_UP, color_masks, groups, round_score, suns

ROOT = Path(__file__).resolve().parent.parent

# Small searches keep the tests fast; they exercise every path of the big ones.
SMALL_EXPERT = ExpertBudget(deals=3, confidence=0.0)
SMALL_PLAYOUT = PlayoutBudget(deals=4, drop_after=2, horizon=12, confidence=0.0)
SEARCHING = ("expert", "playout")


def bot_of(level: str) -> Bot:
    if level == "playout":
        return PlayoutBot(SMALL_PLAYOUT)
    return ExpertBot(SMALL_EXPERT) if level == "expert" else get_bot(level)


def random_states(count: int, seed: int, rounds: int = 3) -> list[Game]:
    """Mid-game states of 2 to 5 players, reached by random play."""
    rng = random.Random(seed)
    states: list[Game] = []
    k = 0
    while len(states) < count:
        g = Game.new([f"p{i}" for i in range(2 + k % 4)], rounds=rounds, seed=seed * 1000 + k)
        k += 1
        while not g.over and len(states) < count:
            g.apply(rng.choice(g.legal_actions()))
            if not g.over and rng.random() < 0.15:
                states.append(g.clone())
    return states


def redeal(game: Game, rng: random.Random) -> Game:
    """The same game with its hidden cards dealt again: the face-down cards
    and the draw pile (but for the cards a reshuffle put there, whose place
    in the draw pile is all that is hidden) shuffled among themselves."""
    g = game.clone()
    recycled = set(g.observation(g.current).recycled)
    down = [12 * p + i for p in range(g.players) for i in range(12) if not g.up[p] >> i & 1]
    hidden = [g.cells[i] for i in down] + [c for c in g.draw if c not in recycled]
    rng.shuffle(hidden)
    for i in down:
        g.cells[i] = hidden.pop()
    g.draw = hidden + [c for c in g.draw if c in recycled]
    rng.shuffle(g.draw)
    g.rng.state = rng.getrandbits(64)
    return g


def test_levels_and_unknown_level() -> None:
    assert LEVELS == ("rookie", "casual", "sharp", "expert", "random")
    assert EXPERIMENTAL == ("playout",)
    for level in LEVELS + EXPERIMENTAL:
        assert get_bot(level).name == level
    with pytest.raises(MalformedError):
        get_bot("grandmaster")


@pytest.mark.parametrize("level", ["random", "rookie", "casual", "sharp"])
def test_cheap_levels_always_play_legal_moves(level: str) -> None:
    bot = bot_of(level)
    rng = random.Random(1)
    for g in random_states(1500 if level == "sharp" else 2500, seed=1):
        obs = g.observation(g.current)
        assert bot.choose(obs, rng) in obs.legal_actions


def test_expert_always_plays_legal_moves() -> None:
    bot = bot_of("expert")
    rng = random.Random(2)
    for g in random_states(100, seed=2):
        obs = g.observation(g.current)
        assert bot.choose(obs, rng) in obs.legal_actions


@pytest.mark.parametrize("level", [lv for lv in LEVELS + EXPERIMENTAL if lv != "random"])
@pytest.mark.parametrize("players", [2, 3, 5])
def test_whole_games_finish(level: str, players: int) -> None:
    """Every seat played by the level, to the end: all rounds scored, or an instant win."""
    # The searches are tiny here (playout's only near each round's end), to keep this fast.
    bot: Bot = bot_of(level)
    if level == "expert":
        bot = ExpertBot(ExpertBudget(deals=2))
    elif level == "playout":
        bot = PlayoutBot(PlayoutBudget(deals=2, horizon=3))
    rounds = 2 if level in SEARCHING else 3
    g = Game.new([f"p{i}" for i in range(players)], rounds=rounds, seed=players)
    rng = random.Random(players)
    while not g.over:
        g.apply(bot.choose(g.observation(g.current), rng))
    assert len(g.round_scores) == rounds or len(g.winners) == 1
    assert g.winners


@pytest.mark.parametrize("level", LEVELS + EXPERIMENTAL)
def test_no_peeking(level: str) -> None:
    """Re-dealing the hidden cards never changes a choice."""
    bot = bot_of(level)
    redeals = random.Random(3)
    states = random_states(25 if level in SEARCHING else 150, seed=3)
    changed_cards = 0
    for g in states:
        seat = g.current
        expected = bot.choose(g.observation(seat), random.Random(7))
        for _ in range(2):
            other = redeal(g, redeals)
            changed_cards += other.cells != g.cells
            assert bot.choose(other.observation(seat), random.Random(7)) == expected
    assert changed_cards > len(states)  # the re-deals did move hidden cards


@pytest.mark.parametrize("level", LEVELS + EXPERIMENTAL)
def test_same_observation_and_seed_same_move(level: str) -> None:
    bot = bot_of(level)
    for g in random_states(20 if level in SEARCHING else 200, seed=4):
        obs = g.observation(g.current)
        first = bot.choose(obs, random.Random(11))
        assert all(bot.choose(obs, random.Random(11)) == first for _ in range(2))


def test_rookie_slips_only_sometimes() -> None:
    rookie, casual = get_bot("rookie"), get_bot("casual")
    rng = random.Random(5)
    states = [g for g in random_states(1500, seed=5) if len(g.legal_actions()) > 1]
    same = sum(
        rookie.choose(obs, rng) == casual.choose(obs, rng)
        for obs in (g.observation(g.current) for g in states)
    )
    assert 0.6 * len(states) < same < 0.95 * len(states)


def test_play_out_policy_is_casual() -> None:
    """The expert's fast play-outs make exactly casual's choices."""
    casual = CasualBot()
    rng = random.Random(6)
    for g in random_states(2000, seed=6):
        obs = g.observation(g.current)
        assert ACTIONS[greedy_action(g, CASUAL_WEIGHTS, grid_masks(g))] == casual.choose(obs, rng)


def test_play_out_keeps_its_colour_masks_true() -> None:
    """A play-out updates the masks of the placed spot only; it must end
    exactly where recounting every grid before every move ends."""
    board = attrgetter("cells", "up", "piles", "round_scores")
    for g in random_states(300, seed=16):
        fast, slow = g.clone(), g.clone()
        moves = play_out(fast, PLAY_OUT_WEIGHTS)
        for _ in range(moves):
            slow.apply(ACTIONS[greedy_action(slow, PLAY_OUT_WEIGHTS, grid_masks(slow))])
        assert board(slow) == board(fast)


def test_joker_placement_shortcut_matches_place_value() -> None:
    """The unrolled joker loop finds the same best spot, at the same value,
    as trying every spot with place_value (ties to the lowest spot)."""
    rng = random.Random(18)
    jokers = [c for c in range(75) if NUMBER[c] == 0]
    for _ in range(3000):
        deck = list(range(75))
        rng.shuffle(deck)
        cells = deck[:12]
        up = rng.randrange(ALL_UP + 1)
        masks = color_masks(cells, 0, up)
        for w in (CASUAL_WEIGHTS, PLAY_OUT_WEIGHTS):
            joker = rng.choice(jokers)
            values = [place_value(cells, 0, up, masks, i, joker, w) for i in range(12)]
            best = max(values)
            assert best_place(cells, 0, up, masks, joker, w) == (best, values.index(best))


def test_grid_value_matches_engine_scoring() -> None:
    rng = random.Random(8)
    for _ in range(2000):
        deck = list(range(75))
        rng.shuffle(deck)
        cells = deck[:12]
        up = rng.randrange(ALL_UP + 1)
        if up == ALL_UP:
            continue  # an all-one-colour grid is worth a whole game to a bot
        by_search = sum(group.points for group in groups(cells, up)) + suns(cells, up)
        assert grid_value(cells, 0, up) == round_score(cells, up) == by_search
        i = rng.randrange(12)
        card = deck[12]
        masks = color_masks(cells, 0, up)
        after = cells[:]
        after[i] = card
        gain = place_gain(cells, 0, up, masks, i, card)
        assert gain == round_score(after, up | 1 << i) - round_score(cells, up)


def test_group_value_table() -> None:
    assert GROUP_VALUE[0b0011] == 2  # spots 1, 2
    assert GROUP_VALUE[0b0001_0001] == 2  # spots 1, 5: one above the other
    assert GROUP_VALUE[0b1000_0001_0000] == 0  # spots 5, 12: apart
    assert GROUP_VALUE[0b0001_1000] == 0  # spots 4, 5: a row's end and the next row's start
    assert GROUP_VALUE[ALL_UP] > GROUP_VALUE[ALL_UP >> 1] > 0


def test_expert_forced_move_costs_no_search() -> None:
    """One legal action: returned at once, the random stream untouched."""
    g = Game.new(["a", "b"], seed=9)
    g.apply("take:0")
    while len(g.legal_actions()) != 1:
        g.apply(g.legal_actions()[0])
    rng = random.Random(1)
    state = rng.getstate()
    assert get_bot("expert").choose(g.observation(g.current), rng) == g.legal_actions()[0]
    assert rng.getstate() == state


def test_playout_sees_only_its_observation() -> None:
    """Where the playout level really searches, its whole search (not only
    its choice: also how many deals it sampled, read off the random stream
    it used up) is the same after the hidden cards are dealt again."""
    bot = bot_of("playout")
    redeals = random.Random(10)
    searched = 0
    for g in random_states(40, seed=10):
        seat, rng = g.current, random.Random(7)
        choice = bot.choose(g.observation(seat), rng)
        if rng.getstate() == random.Random(7).getstate():
            continue  # a clear choice: no search
        searched += 1
        again = random.Random(7)
        assert bot.choose(redeal(g, redeals).observation(seat), again) == choice
        assert again.getstate() == rng.getstate()
    assert searched >= 10


def test_bench_reports_each_level(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bot_bench, "BENCH_LEVELS", ("rookie", "casual"))
    assert bot_bench.bench_bots(argparse.Namespace(games=2, json=True)) == 0
    rows = json.loads(capsys.readouterr().out)["levels"]
    assert [r["level"] for r in rows] == ["rookie", "casual"]
    for r in rows:
        assert r["decisions"] > 10
        assert 0 < r["median_ms"] <= r["p95_ms"]


def test_expert_sees_only_its_observation() -> None:
    """The expert's whole search (every candidate's evaluation and expected
    points on every deal, and the random stream it used up) is the same
    after the hidden cards are dealt again; and it does search, comparing
    candidates on shared deals."""
    redeals = random.Random(12)
    searched = 0
    for g in random_states(30, seed=12):
        seat = g.current
        first = search(g.observation(seat), random.Random(7), SMALL_EXPERT)
        if len(first.candidates) == 1:
            continue
        searched += 1
        again = search(redeal(g, redeals).observation(seat), random.Random(7), SMALL_EXPERT)
        assert again == first
        for c in first.candidates:
            assert len(c.worths) == len(c.points) == SMALL_EXPERT.deals
    assert searched >= 10


def test_the_setups_strength_labels_are_the_measured_table() -> None:
    """Every figure the setup shows is a row of docs/bots.md's ladder."""
    rows = {}
    for line in (ROOT / "docs" / "bots.md").read_text().splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) > 3 and " vs " in cells[0] and cells[3].endswith("%"):
            rows[cells[0]] = (int(cells[1].replace(",", "")), float(cells[3].rstrip("%")))
    for level, s in STRENGTHS.items():
        if f"{level} vs {s.against}" in rows:
            deals, rate = rows[f"{level} vs {s.against}"]
        else:
            deals, rate = rows[f"{s.against} vs {level}"]
            rate = 100 - rate
        assert (deals, round(rate)) == (s.deals, s.percent), level
    assert set(STRENGTHS) == set(LEVELS) - {"random"}
