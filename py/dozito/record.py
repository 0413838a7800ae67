"""The ``dozito/1`` JSON record: how a game is saved, shared and replayed.

A record names the players and options and lists every action since the
deal of round 1; replaying those actions through :meth:`Game.apply` rebuilds
the exact state, so the record is also the save-game format.

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=5)
>>> _ = g.apply("draw")
>>> rec = g.to_record()
>>> rec["actions"], Game.from_record(rec) == g
(['draw'], True)
"""

from __future__ import annotations

from typing import Any, Final

from .cards import CODES, parse_deck
from .errors import DozitoError, MalformedError, brief
from .game import DEFAULT_ROUNDS, MAX_PLAYERS, MIN_PLAYERS, Game
from .jsontext import parse_json

FORMAT: Final = "dozito/1"
MAX_NAME_LENGTH: Final = 40
"""Longest player name a record may hold (the page's setup form allows 24)."""
_FIELDS: Final = ("format", "players", "rounds", "first_player", "seed", "decks", "actions")


def _int_field(record: dict[str, Any], key: str, default: int) -> int:
    value = record.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedError(f"record field {key!r} must be an integer, not {brief(value)}")
    return value


def game_from_record(record: object) -> Game:
    """Check a parsed record and replay it; raise :class:`MalformedError` or
    :class:`IllegalActionError` (naming the action's 0-based index)."""
    if not isinstance(record, dict):
        raise MalformedError("a record must be a JSON object")
    unknown = sorted(set(record) - set(_FIELDS))
    if unknown:
        raise MalformedError(f"unknown record field {brief(unknown[0])}")
    if record.get("format") != FORMAT:
        raise MalformedError(f"record format must be {FORMAT!r}, not {brief(record.get('format'))}")
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise MalformedError("record field 'players' must be a list of names")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise MalformedError(f"a game needs 2 to 5 players, not {len(players)}")
    for seat, name in enumerate(players):
        if len(name) > MAX_NAME_LENGTH:
            raise MalformedError(
                f"player {seat}'s name has {len(name):,} characters, more than {MAX_NAME_LENGTH}"
            )
    rounds = _int_field(record, "rounds", DEFAULT_ROUNDS)
    first_player = _int_field(record, "first_player", 0)
    seed = _int_field(record, "seed", 0)
    decks = record.get("decks", [])
    if not isinstance(decks, list):
        raise MalformedError("record field 'decks' must be a list of decks")
    parsed = []
    for i, deck in enumerate(decks):
        try:
            parsed.append(parse_deck(deck))
        except MalformedError as e:
            raise MalformedError(f"deck {i}: {e}") from None
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise MalformedError("record field 'actions' must be a list of action strings")
    game = Game.new(players, rounds=rounds, first_player=first_player, seed=seed, decks=parsed)
    for i, action in enumerate(actions):
        if not isinstance(action, str):
            raise MalformedError(f"action {i} {brief(action)}: an action must be a string")
        try:
            game.apply(action)
        except DozitoError as e:
            raise type(e)(f"action {i}: {e}") from None
    return game


def record_of(game: Game) -> dict[str, Any]:
    """The record that rebuilds ``game`` (see :meth:`Game.to_record`)."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": list(game.names),
        "rounds": game.rounds,
        "first_player": game.first_player,
        "seed": game.seed,
    }
    if game.decks:
        record["decks"] = [[CODES[c] for c in deck] for deck in game.decks]
    record["actions"] = game.history()
    return record


def load_record(text: str) -> Game:
    """Parse a record from JSON text (within :mod:`.jsontext`'s limits) and
    replay it."""
    return game_from_record(parse_json(text, "the record"))
