"""The review through the bridge: stepping through a game, the decisions of a
seat, and the expert's judgement of them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dozito import Game, bridge, load_record
from dozito.bots import get_bot
from dozito.cards import CODES
from dozito.lab.review_check import expert_game
from dozito.review import judge
from dozito.timeline import Timeline
from test_bridge import call, ok

ACTION_EVENTS = {"draw", "take", "place", "discard"}


def play_bots(level: str = "random", until_round: int | None = None) -> dict[str, Any]:
    """Let bots play the current game (to the end, or until a round is
    scored); the last answer."""
    while True:
        result = ok(op="bot", level=level)
        if result["view"]["phase"] == "game_over":
            return result
        scored = [e for e in result["events"] if e["type"] == "round_scored"]
        if until_round is not None and scored and scored[0]["round"] == until_round:
            return result


def cut(record_text: str, step: int) -> Game:
    record = json.loads(record_text)
    return load_record(json.dumps({**record, "actions": record["actions"][:step]}))


@pytest.fixture(autouse=True)
def fresh_game() -> None:
    ok(op="new", players=["Ann", "Bob", "Cy"], seed=11, rounds=2)


def test_each_step_shows_the_game_as_it_was_and_the_game_stays_as_it_is() -> None:
    play_bots(until_round=1)
    ok(op="act", action="draw")
    text = ok(op="record")["record_text"]
    now = ok(op="view")["view"]
    steps = len(json.loads(text)["actions"])
    seen: list[dict[str, Any]] = []
    for step in range(steps + 1):
        result = ok(op="step", step=step)
        assert result["step"] == step and result["steps"] == steps
        # The view as it was, with the number of the turn under way then.
        assert result["view"] == {**bridge.view(cut(text, step)), "turn": result["view"]["turn"]}
        assert (result["events"] == []) == (step == 0)
        # The page finds a step's lines in the log by their step.
        assert all(e["step"] == step for e in result["events"])
        assert all(e["type"] in ACTION_EVENTS for e in result["events"][:1])
        seen += result["events"]
    assert ok(op="load", text=text)["log"] == [
        {"type": "round_start", "round": 1, "starter": 0, "turn": 0, "step": 0},
        *seen,
    ]
    ends = [e for e in seen if e["type"] == "turn_end"]
    assert ok(op="step", step=steps)["view"]["turn"] == now["turn"] == len(ends) + 1
    for step in (steps, 0, 70, 3):
        result = ok(op="step", step=step)
        assert result["view"] == {**bridge.view(cut(text, step)), "turn": result["view"]["turn"]}
    assert ok(op="view")["view"] == now and ok(op="record")["record_text"] == text


def test_steps_follow_the_game_as_it_goes_on_and_when_another_is_loaded() -> None:
    assert ok(op="step", step=0)["steps"] == 0
    ok(op="act", action="draw")
    assert ok(op="step", step=1)["steps"] == 1
    play_bots()
    text = ok(op="record")["record_text"]
    steps = len(json.loads(text)["actions"])
    assert ok(op="step", step=steps)["view"]["phase"] == "game_over"
    ok(op="new", players=["X", "Y"], seed=2)
    assert ok(op="step", step=0)["steps"] == 0
    ok(op="load", text=text)  # an imported file: the same game, another Game
    stepped, live = ok(op="step", step=steps)["view"], ok(op="view")["view"]
    assert stepped == {key: live[key] for key in stepped}  # the live view tells more of the turns
    assert set(live) - set(stepped) == {"recap", "changed", "last_turns", "best_chains"}


@pytest.mark.parametrize(
    ("request_value", "words"),
    [
        ({"op": "step"}, "'step' needs 'step', a whole number, not None"),
        ({"op": "step", "step": "3"}, "not '3'"),
        ({"op": "step", "step": True}, "not True"),
        ({"op": "step", "step": 2}, "step must be from 0 to 1, not 2"),
        ({"op": "step", "step": -1}, "step must be from 0 to 1, not -1"),
        ({"op": "review_start"}, "'review_start' needs 'seat'"),
        ({"op": "review_start", "seat": 3}, "seat must be from 0 to 2, not 3"),
    ],
)
def test_bad_steps_and_seats_are_refused(request_value: dict[str, Any], words: str) -> None:
    ok(op="act", action="draw")
    response = call(**request_value)
    assert response["error"]["type"] == "MalformedError"
    assert words in response["error"]["message"]


def test_no_game_no_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bridge._state, "table", None)
    for request_value in ({"op": "step", "step": 0}, {"op": "review_start", "seat": 0}):
        assert call(**request_value)["error"]["type"] == "StateError"


def test_review_start_lists_the_seats_real_choices_and_the_totals_round_by_round() -> None:
    play_bots()
    text = ok(op="record")["record_text"]
    actions = json.loads(text)["actions"]
    result = ok(op="review_start", seat=1)
    assert result["seat"] == 1 and result["steps"] == len(actions)
    decisions = []
    for step in range(len(actions)):
        state = cut(text, step)
        if state.current == 1 and len(state.legal_actions()) > 1:
            decisions.append(step)
    assert result["decisions"] == decisions and decisions
    ends = result["round_ends"]
    assert len(ends) == 2 and ends[-1] == len(actions)
    assert result["totals"] == [cut(text, step).totals for step in ends]
    assert cut(text, ends[0] - 1).round == 1 and cut(text, ends[0]).round == 2
    assert result["totals"][-1] == ok(op="view")["view"]["totals"]


def game_with_deck(deck: list[str], steps: int, seed: int = 3) -> Game:
    """A 1-round game dealt from ``deck``, with ``steps`` actions of a casual
    bot for every seat."""
    g = Game.from_record(
        {
            "format": "dozito/1",
            "players": ["Ann", "Bob"],
            "rounds": 1,
            "seed": seed,
            "decks": [deck],
        }
    )
    bot, rng = get_bot("casual"), random.Random(seed)
    while g.moves < steps:
        g.apply(bot.choose(g.observation(g.current), rng))
    return g


def test_a_judgement_sees_only_the_seats_observation() -> None:
    deck = list(CODES)
    random.Random(5).shuffle(deck)
    g = game_with_deck(deck, 40)
    timeline = Timeline(g)
    step = max(s for s in range(timeline.steps) if timeline.choices(s) > 1)
    state, _ = timeline.at(step)
    seat = state.current
    # Two cards still hidden at that step, one face down in the seat's own
    # grid and one elsewhere (another grid or the draw pile), swapped in the
    # deal: a game that went the same way, with other hidden cards.
    mine = next(12 * seat + i for i in range(12) if not state.up[seat] >> i & 1)
    hidden = [c for c in state.observation(seat).unseen if c != state.cells[mine]]
    other = deck.index(CODES[hidden[0]])
    redealt = deck[:]
    redealt[mine], redealt[other] = deck[other], deck[mine]
    h = game_with_deck(redealt, 40)
    assert h.history() == g.history() and h.cells != g.cells
    assert h.observation(seat) == g.observation(seat)
    judged = judge(timeline, step)
    assert judge(Timeline(h), step) == judged
    # And it is the same on every run: seeded by the game and the step.
    assert judge(Timeline(game_with_deck(deck, 40)), step).to_json() == judged.to_json()
    assert judged.step == step and judged.seat == seat and judged.played == g.history()[step]


def test_the_expert_is_almost_never_flagged_and_random_play_is() -> None:
    timeline = Timeline(expert_game(2, 1, seed=1000))
    judged = [judge(timeline, s) for s in range(timeline.steps) if timeline.choices(s) > 1]
    assert len(judged) > 40
    assert sum(j.mistake for j in judged) <= 1
    for j in judged:
        assert j.points >= 0 and j.win >= 0 and j.chance is not None
        assert (j.played == j.best) <= (j.points == j.win == j.z == 0)
    # A random player's moves, late in a round, where a move matters.
    g = Game.new(["Ann", "Bob"], rounds=1, seed=4)
    bot, rng = get_bot("random"), random.Random(4)
    while not g.over:
        g.apply(bot.choose(g.observation(g.current), rng))
    timeline = Timeline(g)
    late = [s for s in range(timeline.steps) if timeline.choices(s) > 1][-12:]
    flagged = [j for j in (judge(timeline, s) for s in late) if j.mistake]
    assert len(flagged) >= 3
    for j in flagged:
        best, played = j.options[0], next(o for o in j.options if o.action == j.played)
        assert best.action == j.best != j.played and best.win is not None
        assert played.win is not None and best.win > played.win


def test_judgements_through_the_bridge_are_kept_and_summed_up_and_change_no_game() -> None:
    ok(op="load", text=json.dumps(expert_game(2, 1, seed=1001).to_record()))
    text, now = ok(op="record")["record_text"], ok(op="view")["view"]
    assert call(op="review_summary")["error"]["type"] == "StateError"
    start = ok(op="review_start", seat=0)
    some = start["decisions"][-6:]
    judged = [ok(op="review_judge", step=s)["judgement"] for s in some]
    assert [j["step"] for j in judged] == some and {j["seat"] for j in judged} == {0}
    assert judged == [judge(Timeline(load_record(text)), s).to_json() for s in some]
    assert set(judged[0]) == {
        "step", "seat", "played", "best", "points", "win", "z", "mistake", "chance", "reason",
        "options",
    }  # fmt: skip
    assert judged[0]["reason"]["kind"] and judged[0]["options"][0]["action"] == judged[0]["best"]
    assert ok(op="review_judge", step=some[0])["judgement"] == judged[0]
    summary = ok(op="review_summary")["summary"]
    assert summary["seat"] == 0 and summary["judged"] == 6
    assert summary["decisions"] == len(start["decisions"])
    assert summary["mistakes"] == sum(j["mistake"] for j in judged)
    assert set(summary["expert"]) == {"points", "win", "mistakes"}
    ok(op="review_start", seat=1)
    assert ok(op="review_summary")["summary"]["judged"] == 0
    assert ok(op="view")["view"] == now and ok(op="record")["record_text"] == text
    timeline = Timeline(load_record(text))
    for forced in (next(s for s in range(timeline.steps) if timeline.choices(s) == 1), 10**6):
        response = call(op="review_judge", step=forced)
        assert response["error"]["type"] == "MalformedError"
        assert f"step {forced} is no decision" in response["error"]["message"]


def test_an_undo_takes_the_step_and_its_judgement_back() -> None:
    ok(op="act", action="take:0")
    assert ok(op="step", step=1)["steps"] == 1
    assert ok(op="review_judge", step=0)["judgement"]["played"] == "take:0"
    ok(op="undo")
    assert ok(op="step", step=0)["steps"] == 0
    assert call(op="step", step=1)["error"]["type"] == "MalformedError"
    ok(op="act", action="take:1")
    assert ok(op="review_judge", step=0)["judgement"]["played"] == "take:1"
    stepped, live = ok(op="step", step=1)["view"], ok(op="view")["view"]
    assert stepped == {key: live[key] for key in stepped}
