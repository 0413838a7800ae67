"""The expert explained: evaluations share the bot's search, see only the
observation, and give reasons the page can word."""

from __future__ import annotations

import math
import random

import pytest

from dozito import MalformedError
from dozito.actions import decode
from dozito.bots.expert import ExpertBot, ExpertBudget
from dozito.cards import NUMBER
from dozito.explain import (
    AID_BUDGET,
    Evaluation,
    Option,
    aid_reason,
    aid_rng,
    evaluate,
    hint,
    placement,
    reason,
)
from dozito.observation import Observation
from dozito.scoring import round_score
from test_bots import SMALL_EXPERT, random_states, redeal

REASON_FIELDS = {
    "only_move": {"action"},
    "best_expected": {"action", "instead", "points", "win"},
    "draw": set(),
    "take_pile": {"pile", "card", "spot", "group", "points"},
    "end_round": {"spot", "lead"},
    "join_group": {"card", "spot", "group", "points"},
    "flip": {"card", "spot", "group", "points"},
    "replace": {"card", "spot", "group", "points", "replaced"},
    "replay": {"card", "pile"},
    "deny_discard": {"pile", "card", "seat", "group", "points"},
    "discard": {"pile", "card"},
}
"""Every reason kind and its fields, as docs/engine-contract.md lists them."""

STATES = random_states(120, seed=21)


def test_evaluation_choice_is_the_bots_choice() -> None:
    """Same search, same stream: the evaluation's choice is ExpertBot's."""
    for budget in (SMALL_EXPERT, AID_BUDGET):
        bot = ExpertBot(budget)
        for k, g in enumerate(STATES[:60]):
            obs = g.observation(g.current)
            ev = evaluate(obs, random.Random(k), budget=budget)
            assert ev.choice == bot.choose(obs, random.Random(k))


def test_options_cover_every_legal_action_best_first() -> None:
    searched = 0
    for k, g in enumerate(STATES):
        obs = g.observation(g.current)
        ev = evaluate(obs, random.Random(k))
        assert sorted(o.action for o in ev.options) == sorted(obs.legal_actions)
        assert ev.options[0].action == ev.choice
        done = [o for o in ev.options if o.deals]
        searched += bool(done)
        # Searched options come first (after the choice), each with its numbers.
        assert all(o.deals for o in ev.options[1 : len(done) + (not ev.options[0].deals)])
        for o in ev.options:
            assert (o.expected is None) == (o.win is None) == (o.deals == 0)
            assert o.win is None or 0.0 <= o.win <= 1.0
        rest = [o.now for o in ev.options[1:] if not o.deals]
        assert rest == sorted(rest, reverse=True)
        json = ev.to_json()
        assert json["choice"] == ev.choice and len(json["options"]) == len(obs.legal_actions)
    assert searched > 20  # the test sees real searches, not only clear choices


def test_include_forces_a_move_into_the_search() -> None:
    forced = 0
    for k, g in enumerate(STATES):
        obs = g.observation(g.current)
        plain = evaluate(obs, random.Random(k))
        if not plain.options[0].deals:
            continue
        worst = plain.options[-1].action
        ev = evaluate(obs, random.Random(k), include=worst)
        assert ev.option(worst).deals > 0
        forced += 1
    assert forced > 10
    g = STATES[0]
    with pytest.raises(MalformedError, match="not a legal action"):
        evaluate(g.observation(g.current), random.Random(0), include="place:99")


def test_every_reason_kind_has_its_documented_fields() -> None:
    seen = set()
    for k, g in enumerate(random_states(400, seed=5)):
        obs = g.observation(g.current)
        r = reason(obs, evaluate(obs, random.Random(k), budget=AID_BUDGET))
        assert set(r) - {"kind"} == REASON_FIELDS[r["kind"]], r
        seen.add(r["kind"])
    assert seen == set(REASON_FIELDS)


def as_choice(obs: Observation, action: str) -> Evaluation:
    """An evaluation in which the expert chose ``action`` (sharp agreeing)."""
    others = (Option(a, -1.0, None, None, 0) for a in obs.legal_actions if a != action)
    return Evaluation(action, (Option(action, 0.0, None, None, 0), *others))


def test_end_round_tells_the_lead_the_completed_grid_leaves() -> None:
    """Placing on the last face-down spot, as the expert's choice: the lead
    told is the engine's round scores once the card is placed (plus the
    totals in the last round), not the lead before the move; in a round
    already ending (another grid complete) it is an ordinary placement."""
    told = gained = ending = 0
    for g in random_states(5000, seed=8):
        seat = g.current
        down = [i + 1 for i in range(12) if not g.up[seat] >> i & 1]
        action = f"place:{down[0]}" if len(down) == 1 else ""
        if action not in g.legal_actions() or len(g.legal_actions()) == 1:
            continue  # (a forced move is told as the only one)
        obs = g.observation(seat)
        r = reason(obs, as_choice(obs, action))
        if g.ender >= 0:  # the round is already ending: no more last turns to tell
            assert r["kind"] in ("join_group", "flip"), r
            ending += 1
            continue
        assert r["kind"] == "end_round" and r["spot"] == down[0]
        after = g.clone()
        after.apply(action)
        last = after.round == after.rounds
        scores = [
            round_score(after.grid(p), after.up[p]) + (after.totals[p] if last else 0)
            for p in range(g.players)
        ]
        before = round_score(g.grid(seat), g.up[seat]) + (g.totals[seat] if last else 0)
        assert r["lead"] == scores[seat] - max(s for p, s in enumerate(scores) if p != seat)
        told += 1
        gained += scores[seat] != before
    assert told >= 10 and gained >= 5  # and the placed card's points mattered
    assert ending >= 3


def test_a_taken_joker_is_told_on_the_spot_the_next_hint_places_it() -> None:
    """A joker fits any spot: the hint to take one names the spot the hint
    of the next step (the same game, once it is taken) places it on."""
    told = moved = 0
    for g in random_states(3000, seed=9):
        seat = g.current
        piles = [arg for kind, arg in map(decode, g.legal_actions()) if kind == "take"]
        jokers = [pile for pile in piles if not NUMBER[g.piles[pile][-1]]]
        if not jokers:
            continue
        obs, take = g.observation(seat), f"take:{jokers[0]}"
        r = aid_reason(obs, as_choice(obs, take), g.seed, g.moves)
        after = g.clone()
        after.apply(take)
        assert hint(after.observation(seat), g.seed, g.moves + 1).choice == f"place:{r['spot']}"
        top = g.piles[jokers[0]][-1]
        assert r == {"kind": "take_pile", "pile": jokers[0], **placement(obs, seat, top, r["spot"])}
        moved += r != reason(obs, as_choice(obs, take))  # the best spot by points now
        told += 1
        if told == 12:
            break
    assert told == 12 and moved >= 1


def test_hint_uses_only_the_observation() -> None:
    """The hidden cards dealt again: the same evaluation, reason and stream."""
    redeals = random.Random(10)
    searched = 0
    for k, g in enumerate(STATES[:50]):
        seat = g.current
        obs, rng = g.observation(seat), random.Random(k)
        ev = evaluate(obs, rng, budget=AID_BUDGET)
        searched += ev.options[0].deals > 0
        other = redeal(g, redeals).observation(seat)
        again = random.Random(k)
        assert evaluate(other, again, budget=AID_BUDGET) == ev
        assert reason(other, ev) == reason(obs, ev)
        assert again.getstate() == rng.getstate()
    assert searched >= 10


def test_a_hint_is_the_aids_search_at_its_step() -> None:
    """The hint of a step is the aids' search with the step's own stream:
    the same on every call, another at another step."""
    g = STATES[3]
    obs = g.observation(g.current)
    assert hint(obs, g.seed, g.moves) == evaluate(obs, aid_rng(g.seed, g.moves))
    assert hint(obs, g.seed, g.moves) == hint(obs, g.seed, g.moves)
    assert aid_rng(g.seed, 1).random() != aid_rng(g.seed, 2).random()
    # The expert's own search (the same judge as its play), every close call or not.
    assert (AID_BUDGET.deals, AID_BUDGET.turns) == (ExpertBudget().deals, ExpertBudget().turns)
    assert AID_BUDGET.close_call == math.inf
