"""Today's deal: one round against two bots, its cards seeded from the date.

The deal of a date is the same on every device and every Python: its seed
is a SHA-256 of the deal format (:data:`FORMAT`) and the ISO date, and the
engine's own PRNG (:mod:`.rng`) deals from it. The Expert then plays the
same deal from the player's seat (:func:`expert_game`): the same cards and
the same bots, each bot's move seeded as the bridge seeds it, so the bots
answer the Expert's moves as they would the player's. :func:`share` is the
share line's data: the deal's number, both scores and the player's final
grid as colour squares, no card face.

>>> g = daily_game("2026-12-02")
>>> g.players, g.rounds, g.seed == daily_seed("2026-12-02"), deal_number("2026-12-02")
(3, 1, True, 1)
>>> daily_seed("2026-12-02") != daily_seed("2026-12-03")
True
"""

from __future__ import annotations

import datetime
import hashlib
import random
from typing import Any, Final

from .bots import get_bot
from .bots.expert import ExpertBot
from .cards import COLOR_OF, COLORS
from .errors import MalformedError, brief
from .game import Game

FORMAT: Final = "dozito-daily/1"
"""The deal format: a change to how a date's deal is made bumps it."""
FIRST_DAY: Final = datetime.date(2026, 12, 2)
"""Deal number 1."""
BOTS: Final = ("casual", "sharp")
"""The two bots of every daily deal, seats 1 and 2."""
SQUARES: Final = {"R": "🟥", "B": "🟦", "G": "🟩", "Y": "🟨", "P": "🟪"}
FACE_DOWN: Final = "⬛"


def _date(text: object) -> datetime.date:
    if not isinstance(text, str):
        raise MalformedError(f"a daily deal needs a date 'YYYY-MM-DD', not {brief(text)}")
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise MalformedError(f"{brief(text)} is not a date 'YYYY-MM-DD'") from None
    if day < FIRST_DAY or len(text) != 10:
        raise MalformedError(f"{brief(text)}: daily deals start on {FIRST_DAY.isoformat()}")
    return day


def daily_seed(date: str) -> int:
    """The seed of a date's deal (48 bits: exact in the page's JSON numbers)."""
    digest = hashlib.sha256(f"{FORMAT}:{_date(date).isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def deal_number(date: str) -> int:
    """The deal's number: 1 on :data:`FIRST_DAY`, one more each day."""
    return (_date(date) - FIRST_DAY).days + 1


def daily_game(date: str, name: str = "You") -> Game:
    """A date's game: the player in seat 0, who starts, then the two bots."""
    return Game.new([name, *BOTS], rounds=1, first_player=0, seed=daily_seed(date))


def seats() -> list[str]:
    """Who plays each seat of a daily game (the record's ``seats``)."""
    return ["human", *BOTS]


def bot_move(game: Game, level: str) -> str:
    """A bot's move exactly as the bridge's ``bot`` op makes it."""
    rng = random.Random(f"{game.seed}:{game.moves}:{game.current}")
    return get_bot(level).choose(game.observation(game.current), rng)


def expert_bot() -> ExpertBot:
    """The Expert of the daily replay: its play budget counts deals, not
    time, so its moves are the same on every machine (the one place to
    change it)."""
    return ExpertBot()


def expert_game(date: str) -> Game:
    """The date's deal played by the Expert from seat 0, the bots answering."""
    game = daily_game(date, "Expert")
    expert = expert_bot()
    while not game.over:
        if game.current == 0:
            rng = random.Random(f"{game.seed}:{game.moves}:{game.current}")
            game.apply(expert.choose(game.observation(0), rng))
        else:
            game.apply(bot_move(game, BOTS[game.current - 1]))
    return game


def squares(game: Game, seat: int = 0) -> list[str]:
    """The seat's grid as three rows of colour squares (face down: black)."""
    grid, up = game.grid(seat), game.up[seat]
    cells = [SQUARES[COLORS[COLOR_OF[grid[i]]]] if up >> i & 1 else FACE_DOWN for i in range(12)]
    return ["".join(cells[4 * r : 4 * r + 4]) for r in range(3)]


def share(date: str, mine: Game, expert: Game) -> dict[str, Any]:
    """The share line's data: no card face, only colours."""
    if not mine.over or not expert.over:
        raise MalformedError("the daily deal is not over yet")
    return {
        "number": deal_number(date),
        "date": _date(date).isoformat(),
        "you": mine.totals[0],
        "expert": expert.totals[0],
        "grid": squares(mine),
    }
