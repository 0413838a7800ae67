"""Any game as a link: its record packed into an address's fragment.

A link's data lives after ``#game=`` (a fragment is never sent to a
server): the format tag :data:`VERSION`, a dot, then base64url of the
zlib deflate (with its checksum) of the game's header (names, rounds,
first player, seed, seats, number of moves, as compact JSON), a zero
byte, and the *decisions* as one number in mixed radix: at each
decision, the index of the action played among the legal ones, in base
their count (a forced move is left out: the replay plays it), so a
decision costs only the bits its choice needs. So the link is the game
itself, checked on the way in by replaying it; a 3-round 4-player game
fits in 600 characters (at most 429 over 180 test games). The aids
used (hints, undos) are not carried.

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=5, rounds=1)
>>> for a in ("draw", "discard:1"):
...     _ = g.apply(a)
>>> text = link_of(g, ["human", "casual"])
>>> text.startswith("#game=d1.")
True
>>> game, seats = game_of_link("https://example.org/" + text)
>>> game.history(), seats
(['draw', 'discard:1'], ['human', 'casual'])
>>> game_of_link("#game=d9.AAAA")
Traceback (most recent call last):
...
dozito.link.LinkError: this link is of format 'd9', which this version cannot read (it reads 'd1')
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Final

from .errors import DozitoError, MalformedError
from .game import Game
from .record import HUMAN, game_from_record, record_of, record_seats

VERSION: Final = "d1"
"""The link format; a change to the packing bumps it."""
KEY: Final = "#game="
MAX_UNPACKED: Final = 64_000
"""Bytes a link may unpack to at most: a deflate bomb is refused."""


class LinkError(MalformedError):
    """A link that is not one of a Dozito game, of another format, or whose
    game does not replay under the rules."""


def link_of(game: Game, seats: list[str] | None = None) -> str:
    """The fragment (``#game=...``) that reopens ``game``, finished or not."""
    record = record_of(game, seats)
    header = {k: record[k] for k in ("players", "rounds", "first_player", "seed")}
    header["moves"] = game.moves  # forced moves after the last decision too
    if seats and any(s != HUMAN for s in seats):
        header["seats"] = seats
    if "decks" in record:
        header["decks"] = record["decks"]
    replay = game.as_dealt()
    picks: list[tuple[int, int]] = []
    for action in game.history():
        legal = replay.legal_actions()
        if len(legal) > 1:
            picks.append((legal.index(action), len(legal)))
        replay.apply(action)
    number = 0
    for pick, base in reversed(picks):  # the first decision in the lowest digit
        number = number * base + pick
    digits = number.to_bytes((number.bit_length() + 7) // 8, "big")
    data = json.dumps(header, separators=(",", ":")).encode() + b"\0" + digits
    packer = zlib.compressobj(9, zlib.DEFLATED, 15)  # with its checksum: damage shows
    packed = packer.compress(data) + packer.flush()
    return f"{KEY}{VERSION}.{base64.urlsafe_b64encode(packed).rstrip(b'=').decode()}"


def _unpack(text: str) -> tuple[dict[str, Any], bytes]:
    payload = text.split(KEY, 1)[1] if KEY in text else text
    version, dot, body = payload.partition(".")
    if not dot or not version or not version.isalnum():
        raise LinkError("this is not a Dozito game link (no 'd1.' format tag)")
    if version != VERSION:
        raise LinkError(
            f"this link is of format {version[:8]!r}, which this version cannot"
            f" read (it reads {VERSION!r})"
        )
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj(15)
        data = unpacker.decompress(packed, MAX_UNPACKED)
        if unpacker.unconsumed_tail or not unpacker.eof:
            raise LinkError("this game link is cut short or too long to be a game")
        head, zero, picks = data.partition(b"\0")
        header = json.loads(head) if zero else None
    except (binascii.Error, zlib.error, ValueError):
        raise LinkError("this game link is damaged: its data cannot be read") from None
    if not isinstance(header, dict):
        raise LinkError("this game link is damaged: it holds no game")
    return header, picks


def record_of_link(text: str) -> dict[str, Any]:
    """The record (``dozito/1``) a link holds, checked by replaying its game."""
    header, picks = _unpack(text)
    fields = {"players", "rounds", "first_player", "seed", "seats", "decks", "moves"}
    moves = header.pop("moves", None)
    if not set(header) <= fields or isinstance(moves, bool) or not isinstance(moves, int):
        raise LinkError("this game link is damaged: its header is not a game's")
    record: dict[str, Any] = {"format": "dozito/1", **header, "actions": []}
    try:
        game = game_from_record(record)
    except DozitoError as e:
        raise LinkError(f"this game link's game cannot be set up: {e}") from None
    number = int.from_bytes(picks, "big")
    _forced(game, moves)
    while game.moves < moves and not game.over:
        legal = game.legal_actions()
        number, pick = divmod(number, len(legal))
        game.apply(legal[pick])
        _forced(game, moves)
    if game.moves != moves or number:
        raise LinkError("this game link's game does not replay: its moves do not fit its deal")
    record["actions"] = game.history()
    return record


def _forced(game: Game, moves: int) -> None:
    """Play the forced moves the link leaves out, up to ``moves`` in all."""
    while not game.over and game.moves < moves and len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])


def game_of_link(text: str) -> tuple[Game, list[str]]:
    """The game a link holds, replayed, and who plays each seat."""
    record = record_of_link(text)
    game = game_from_record(record)
    return game, record_seats(record, game.players) or [HUMAN] * game.players
