"""The ``dozito/1`` JSON record: how a game is saved, shared and replayed.

A record names the players and options and lists every action since the
deal of round 1; replaying those actions through :meth:`Game.apply` rebuilds
the exact state, so the record is also the save-game format.

Beside the fields of the engine contract a record may carry ``seats``: who
plays each seat, one string per player, ``"human"`` or a bot level. The
engine checks its shape, the caller which levels it knows (the engine
imports no bot: :data:`dozito.bots.LEVELS` is the bridge's and the command
line's to pass), and replays the same game with or without it; the page
uses it to restore its bots. A :class:`Game` does not know who plays it,
so :meth:`Game.to_record` leaves it out and :func:`record_of` adds it when
given the seats.

A record may also carry ``aids``: the hints and undos a player used, each
``{"at": <actions played then>, "kind": "hint" | "undo"}`` in the order they
were used. The engine checks them and replays the game without them (the
undone actions are not in ``actions``: the record is the game as played).

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=5)
>>> _ = g.apply("draw")
>>> rec = g.to_record()
>>> rec["actions"], Game.from_record(rec) == g
(['draw'], True)
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any, Final, Literal, TypedDict, get_args

from .cards import CODES, parse_deck
from .errors import DozitoError, MalformedError, brief
from .game import DEFAULT_ROUNDS, MAX_PLAYERS, MIN_PLAYERS, Game
from .jsontext import parse_json

FORMAT: Final = "dozito/1"
MAX_NAME_LENGTH: Final = 40
"""Longest player name a record may hold (the page's setup form allows 24)."""
_FIELDS: Final = (
    "format", "players", "rounds", "first_player", "seed", "decks", "actions", "seats", "aids",
)  # fmt: skip
HUMAN: Final = "human"
"""The ``seats`` entry of a seat played by a person."""


AidKind = Literal["hint", "undo"]


class Aid(TypedDict):
    """A hint asked or an action undone, after ``at`` actions of the game."""

    at: int
    kind: AidKind


def record_aids(record: dict[str, Any], moves: int) -> list[Aid]:
    """The record's ``aids`` ([] when it has none), checked: each one at a
    point of the game's ``moves`` actions, in order."""
    aids = record.get("aids", [])
    if not isinstance(aids, list):
        raise MalformedError("record field 'aids' must be a list")
    checked: list[Aid] = []
    for i, aid in enumerate(aids):
        if not isinstance(aid, dict) or set(aid) != {"at", "kind"}:
            raise MalformedError(f"aid {i} must be an object with 'at' and 'kind'")
        at, kind = aid["at"], aid["kind"]
        if kind not in get_args(AidKind):
            raise MalformedError(f"aid {i}: kind must be 'hint' or 'undo', not {brief(kind)}")
        earliest = checked[-1]["at"] if checked else 0
        if isinstance(at, bool) or not isinstance(at, int) or not earliest <= at <= moves:
            raise MalformedError(
                f"aid {i}: 'at' must be an action count from {earliest} to {moves}, not {brief(at)}"
            )
        checked.append({"at": at, "kind": kind})
    return checked


def _int_field(record: dict[str, Any], key: str, default: int) -> int:
    value = record.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedError(f"record field {key!r} must be an integer, not {brief(value)}")
    return value


def record_seats(
    record: dict[str, Any], players: int, levels: Collection[str] | None = None
) -> list[str] | None:
    """The record's ``seats`` (``None`` when it has none), checked: one entry
    per player, each ``"human"`` or one of ``levels`` (any string when
    ``levels`` is None: the caller knows which bots it has)."""
    if "seats" not in record:
        return None
    seats = record["seats"]
    if not isinstance(seats, list) or len(seats) != players:
        raise MalformedError(
            f"record field 'seats' must list one entry for each of the {players} players"
        )
    for i, seat in enumerate(seats):
        if not isinstance(seat, str) or not seat:
            raise MalformedError(f"seat {i}: {brief(seat)} is not a seat's name")
        if levels is not None and seat != HUMAN and seat not in levels:
            known = ", ".join((HUMAN, *levels))
            raise MalformedError(f"seat {i}: {seat!r} is neither a human nor a bot level ({known})")
    return seats


def game_from_record(record: object, levels: Collection[str] | None = None) -> Game:
    """Check a parsed record and replay it; raise :class:`MalformedError` or
    :class:`IllegalActionError` (naming the action's 0-based index).
    ``levels``: the bot levels its ``seats`` may name (see :func:`record_seats`)."""
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
    record_seats(record, len(players), levels)
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
    record_aids(record, game.moves)
    return game


def record_of(
    game: Game, seats: list[str] | None = None, aids: list[Aid] | None = None
) -> dict[str, Any]:
    """The record that rebuilds ``game`` (see :meth:`Game.to_record`), with
    who plays each seat if ``seats`` is given, and the aids used if any."""
    record: dict[str, Any] = {
        "format": FORMAT,
        "players": list(game.names),
        "rounds": game.rounds,
        "first_player": game.first_player,
        "seed": game.seed,
    }
    if game.decks:
        record["decks"] = [[CODES[c] for c in deck] for deck in game.decks]
    if seats is not None:
        record["seats"] = list(seats)
    record["actions"] = game.history()
    if aids:
        record["aids"] = [dict(aid) for aid in aids]
    return record


def load_record(text: str) -> Game:
    """Parse a record from JSON text (within :mod:`.jsontext`'s limits) and
    replay it."""
    return game_from_record(parse_json(text, "the record"))
