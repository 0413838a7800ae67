"""Differential test: ``dozito.Game`` against an independent straightforward engine.

``tests/reference/straightforward.py`` implements the engine contract from its
text alone (sharing only ``dozito.rng.Rng``, used as the engine documents it:
one game RNG seeded with the record's seed, for undealt rounds and reshuffles).
Random games — 2 to 5 players, 1 to 3 rounds, explicit decks for every round
made with Python's ``random`` — are played on both engines in lockstep; at
every step the legal actions (exact list, canonical order) and the replay
JSON state must agree, and on a sample of states every other action string
must be refused by both without changing the state.

Several play styles steer the games to the rare rules: lazy play (long
rounds: many reshuffles, the 500-turn safeguard), and rigged decks with a
one-colour grid played greedily (instant wins).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from dozito import DozitoError, Game, IllegalActionError
from reference.straightforward import (
    ALL_ACTIONS,
    ALL_CARDS,
    CARDS_BY_CODE,
    MAX_TURNS_PER_ROUND,
    IllegalAction,
    ReferenceEngineError,
    ReferenceGame,
)

CODES = [card.code for card in ALL_CARDS]
MALFORMED = ["", "DRAW", "take:2", "place:0", "place:13", "place:05", "discard", "draw:0", "pass"]

Policy = Callable[[ReferenceGame, list[str], random.Random], str]


# -- play styles ------------------------------------------------------------------


def uniform(game: ReferenceGame, legal: list[str], rnd: random.Random) -> str:
    return rnd.choice(legal)


def lazy(p: float) -> Policy:
    """Mostly draw and discard at once: long rounds, reshuffles, the safeguard."""

    def choose(game: ReferenceGame, legal: list[str], rnd: random.Random) -> str:
        if rnd.random() < p:
            quick = [a for a in legal if a == "draw" or a.startswith("discard")]
            if quick:
                return rnd.choice(quick)
        return rnd.choice(legal)

    return choose


def greedy_colour(colours: dict[int, str], other: Policy = uniform) -> Policy:
    """Seats in ``colours`` collect their colour only; others play ``other``."""

    def choose(game: ReferenceGame, legal: list[str], rnd: random.Random) -> str:
        seat = game.current
        if seat not in colours:
            return other(game, legal, rnd)
        colour = colours[seat]
        grid = game.grids[seat]
        if game.hand is None:
            for i in (0, 1):
                top = game.piles[i][-1] if game.piles[i] else None
                if (
                    f"take:{i}" in legal
                    and top is not None
                    and top.colour == colour
                    and (top.number is None or grid[top.number - 1].card.colour != colour)
                ):
                    return f"take:{i}"
            return "draw"
        card = game.hand.card
        places = [a for a in legal if a.startswith("place")]
        if places and card.colour == colour:
            if card.number is None:  # a joker: a face-down or off-colour spot
                wanted = [
                    a
                    for a in places
                    if not grid[int(a.split(":")[1]) - 1].up
                    or grid[int(a.split(":")[1]) - 1].card.colour != colour
                ]
                return rnd.choice(wanted or places)
            if not (grid[card.number - 1].up and grid[card.number - 1].card.colour == colour):
                return places[0]
        discards = [a for a in legal if a.startswith("discard")]
        return rnd.choice(discards or legal)

    return choose


# -- decks --------------------------------------------------------------------------


def random_deck(rnd: random.Random) -> list[str]:
    deck = list(CODES)
    rnd.shuffle(deck)
    return deck


def rigged_deck(rnd: random.Random, players: int, seat: int, colour: str) -> list[str]:
    """A deck whose deal gives ``seat`` twelve cards of ``colour``."""
    mine = [c for c in CODES if CARDS_BY_CODE[c].colour == colour]
    rnd.shuffle(mine)
    grid, spare = mine[:12], mine[12:]
    rest = [c for c in CODES if CARDS_BY_CODE[c].colour != colour] + spare
    rnd.shuffle(rest)
    return rest[: 12 * seat] + grid + rest[12 * seat :]


# -- lockstep play ------------------------------------------------------------------


def dozito_state(game: Game) -> dict[str, Any]:
    state = game.to_json()
    state["legal_actions"] = list(state["legal_actions"])
    return state


def describe(record: dict[str, Any], a: dict[str, Any], b: dict[str, Any]) -> str:
    diff = {k: (a.get(k), b.get(k)) for k in set(a) | set(b) if a.get(k) != b.get(k)}
    diff.pop("grids", None)
    return f"record={record}\n(dozito, reference) differ in {sorted(set(a) ^ set(b)) or ''} {diff}"


def check_refusals(
    record: dict[str, Any], a: Game, b: ReferenceGame, legal: list[str], coverage: Counter[str]
) -> None:
    before = dozito_state(a)
    for action in ALL_ACTIONS:
        if action in legal:
            continue
        with pytest.raises(IllegalAction):
            b.apply(action)
        try:
            a.apply(action)
        except IllegalActionError:
            pass
        else:
            pytest.fail(f"dozito accepted illegal {action!r}\n{record}")
        coverage["refused"] += 1
    for action in MALFORMED:
        with pytest.raises(ReferenceEngineError):
            b.apply(action)
        with pytest.raises(DozitoError):
            a.apply(action)
    assert dozito_state(a) == before, f"refused actions changed the state\n{record}"


def note_coverage(b: ReferenceGame, action: str, coverage: Counter[str]) -> None:
    """Count the rare situations the next action exercises (seen from the reference)."""
    if b.hand is None:
        return
    kind, _, arg = action.partition(":")
    card = b.hand.card
    grid = b.grids[b.current]
    if kind == "place" and card.is_stop:
        replaced = grid[int(arg) - 1]
        coverage["stop placed on face-up" if replaced.up else "stop placed on face-down"] += 1
        if replaced.card.is_replay:
            coverage["replay under stop"] += 1
    if kind == "discard":
        if b.turns_this_round == MAX_TURNS_PER_ROUND - 1:
            coverage["safeguard"] += 1
            if card.is_replay:
                coverage["safeguard with replay"] += 1
        if card.is_replay:
            coverage["replay"] += 1
            if b.end_triggered_by is not None:
                coverage["replay in final turns"] += 1
            elif all(slot.up for slot in grid):
                coverage["replay on completing turn"] += 1
        if not b.draw_pile:
            coverage["reshuffle"] += 1
        if not b.piles[0] or not b.piles[1]:
            coverage["discard onto emptied pile"] += 1
        if b.end_triggered_by is None and all(slot.up for slot in grid) and not card.is_replay:
            coverage["end triggered"] += 1


def play_lockstep(
    record: dict[str, Any],
    policy: Policy,
    rnd: random.Random,
    coverage: Counter[str],
    refusal_rate: float = 0.05,
) -> None:
    a = Game.from_record(record)
    b = ReferenceGame.from_record(record)
    actions = record["actions"]
    while True:
        sa, sb = dozito_state(a), b.to_json()
        assert sa == sb, describe({**record, "actions": list(actions)}, sa, sb)
        legal = sb["legal_actions"]
        if b.over:
            break
        if rnd.random() < refusal_rate:
            check_refusals({**record, "actions": list(actions)}, a, b, legal, coverage)
        action = policy(b, legal, rnd)
        note_coverage(b, action, coverage)
        actions.append(action)
        a.apply(action)
        b.apply(action)
    coverage["games"] += 1
    coverage["steps"] += len(actions)
    if b.winners and len(b.round_scores) < b.round and b.winners == [b.current]:
        coverage["instant win"] += 1
    if len(b.winners) > 1:
        coverage["shared win"] += 1
    # the whole record replayed at once gives the same final state
    assert dozito_state(Game.from_record(record)) == sb


def make_record(
    rnd: random.Random, players: int, rounds: int, decks: list[list[str]]
) -> dict[str, Any]:
    return {
        "format": "dozito/1",
        "players": [f"P{i}" for i in range(players)],
        "rounds": rounds,
        "first_player": rnd.randrange(players),
        "seed": rnd.randrange(2**31),
        "decks": decks,
        "actions": [],
    }


# -- the tests --------------------------------------------------------------------------


@pytest.mark.parametrize("chunk", range(3))
def test_random_games_agree(chunk: int) -> None:
    """Uniform random play, explicit decks for every round."""
    rnd = random.Random(1000 + chunk)
    coverage: Counter[str] = Counter()
    for _ in range(12):
        players, rounds = rnd.randint(2, 5), rnd.randint(1, 3)
        decks = [random_deck(rnd) for _ in range(rounds)]
        play_lockstep(make_record(rnd, players, rounds, decks), uniform, rnd, coverage)
    assert coverage["reshuffle"] > 0 and coverage["replay"] > 0
    assert coverage["stop placed on face-down"] > 0 and coverage["refused"] > 0


def test_lazy_games_agree_through_reshuffles_and_the_safeguard() -> None:
    rnd = random.Random(2000)
    coverage: Counter[str] = Counter()
    for k in range(8):
        players, rounds = rnd.randint(2, 5), rnd.randint(1, 3)
        decks = [random_deck(rnd) for _ in range(rounds)]
        p = (0.97, 1.0)[k % 2]
        play_lockstep(make_record(rnd, players, rounds, decks), lazy(p), rnd, coverage, 0.01)
    assert coverage["safeguard"] >= 5 and coverage["reshuffle"] >= 50, coverage
    assert coverage["safeguard with replay"] >= 1 and coverage["shared win"] >= 1, coverage


def test_rigged_games_agree_on_instant_wins() -> None:
    rnd = random.Random(3000)
    coverage: Counter[str] = Counter()
    for k in range(20):
        players, rounds = rnd.randint(2, 5), rnd.randint(1, 3)
        seat, colour = rnd.randrange(players), rnd.choice("RBGYP")
        decks = [
            rigged_deck(rnd, players, seat, colour) if rnd.random() < 0.7 else random_deck(rnd)
            for _ in range(rounds)
        ]
        others = uniform if k % 2 else lazy(0.9)
        policy = greedy_colour({seat: colour}, others)
        play_lockstep(make_record(rnd, players, rounds, decks), policy, rnd, coverage)
    assert coverage["instant win"] >= 5, coverage


def test_seeded_deals_agree() -> None:
    """Rounds without a given deck are dealt by the game RNG (the engine's documented use)."""
    rnd = random.Random(4000)
    coverage: Counter[str] = Counter()
    for k in range(8):
        players, rounds = rnd.randint(2, 5), rnd.randint(1, 3)
        decks = [random_deck(rnd) for _ in range(k % 2)]  # none, or round 1 only
        play_lockstep(make_record(rnd, players, rounds, decks), uniform, rnd, coverage)
