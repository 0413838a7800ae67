"""The page's door into the engine: one JSON string in, one JSON string out.

The page's Web Worker calls :func:`handle` with a request such as
``{"op": "act", "action": "draw"}`` and gets back ``{"ok": true, "result":
{...}}`` or ``{"ok": false, "error": {"type": ..., "message": ...}}``. It
never raises, so a bad request or a bug becomes a message for the player, not
a frozen page. Plain Python: tested under CPython, run unchanged in Pyodide.

(Over 300 lines: a quarter of them is this docstring, the ops' reference;
the ops are thin calls into :class:`.table.Table` and the review's, the
hint's, the daily deal's and the links' modules. The daily and link ops are
the first to move to a module of their own if it grows again.)

Error types: ``MalformedError`` (a request or record that is not well formed,
or beyond :mod:`.jsontext`'s limits), ``IllegalActionError`` (an action the
rules forbid now), ``StateError`` (no game started yet, or the game is over),
``InternalError`` (a bug; ``detail`` holds the traceback), ``LinkError``
(a game link of another format, damaged, or whose game does not replay).

Ops (result fields in brackets):

- ``cards``: the card table [cards]
- ``rules``: the numbers the page's forms and address need [rules]: ``{players:
  {min, max}, rounds: {min, max, default}, max_name_length, levels,
  test_levels, grid, actions, strengths}``; ``levels`` are the bot levels offered to players,
  ``test_levels`` the others a record or the address may name (``random``),
  ``grid`` {rows, columns}, ``actions`` (every action string taken apart),
  ``strengths`` each offered level's measured win rate
  ``{level: {against, percent, deals}}`` (:mod:`dozito.bots.strength`)
- ``new`` {players, rounds?, first_player?, seed?, seats?}: start a game
  [view, record_text, record_head, actions, aids, seats, log, events]
- ``load`` {text, actions?, aids?}: resume a saved or imported game from a
  record's exact JSON text (the page never parses it: ``JSON.parse`` would
  round a big seed), or from a record's head with its actions and aids beside
  it [as ``new``]; a bad record is refused and the current game is kept
- ``act`` {action}: play a human's action [action, events, view, log_change,
  record_change]
- ``bot`` {level}: let a bot play the current seat's next action
  [action, events, view, log_change, record_change, ms]
- ``view``: the current public view [view]; ``record``: [record_text]
- ``hint``: the expert's choice for the seat to play, from its observation
  only [hint: {action, reason, options}] (see :mod:`.explain`); noted in
  the record's ``aids``, it never changes the game nor the bots' streams
  [hint, log_change, record_change]
- ``undo``: take back the last action [view, events (always []), undone,
  log_change, record_change];
  a ``StateError`` saying why when the view's ``undoable`` is false (see
  :attr:`.game.Game.undoable`); noted in the record's ``aids``
- ``step`` {step}: the public view of the current game as it was after its
  first ``step`` actions, and the events of the action that led there (none
  at step 0) [view, step, steps, events]; the game itself is untouched
- ``review_start`` {seat}: where ``seat`` had a real choice, and the chart's
  numbers [seat, steps, decisions, totals, round_ends] (see
  :meth:`.review.Review.start_json`)
- ``review_judge`` {step}: the expert's judgement of one decision, from the
  observation of the seat that made it [judgement] (see
  :class:`.review.Judgement`); one a call, so the worker stays cancellable
  between them; kept, so asking again is instant
- ``review_summary``: the summary of the judged decisions of the seat of
  the last ``review_start`` [summary] (see :func:`.review.summarize`)
- ``review_luck`` {round}: the luck of one round, card by card [luck]
  (see :class:`.account.RoundLuck`); one round a call, kept
- ``review_account``: per seat, the points its judged decisions gave up
  and the points luck gave it, and the game's turning points [account,
  turning_points] (see :func:`.account.account`,
  :func:`.account.turning_points`), from the judgements made so far and
  the luck of every round (measured now for a round not asked yet)

- ``daily_new`` {date, name?, names?}: start the deal of ``date`` (the page's
  local date, ``YYYY-MM-DD``): one round, ``name`` (default ``"You"``) in seat 0
  against two bots (``names``: {"human" or a level: name}, for every seat) [view,
  record_text, seats, log, events, daily: {number, date, format}] (see
  :mod:`.daily`)
- ``daily_expert`` {date}: the Expert's play of the same deal from seat 0
  [expert: {score, actions}, share: {number, date, you, expert, grid} once
  the current game is that date's deal and over, else null]; kept by date

- ``link``: the current game as a link's fragment, ``#game=...`` [link]
  (see :mod:`.link`)
- ``link_open`` {link}: resume the game a link holds, replayed and checked
  [view, record_text, seats, log, events]; a ``LinkError`` saying why for a
  link of another format or a game that does not replay, and the current
  game is kept

``step`` and the review work on the current game however it began (``new``
or ``load``) and follow it as it goes on: a :class:`.timeline.Timeline`
caches a state every few dozen actions, so any jump replays only a few.

A view says whether its last action may be undone (``undoable``).

A view at game over holds the ``outcome``, null before: ``{reason, winners,
tied, best_rounds, places}`` (see :class:`.game.Outcome`; ``places``: each
seat's place, 1 for the winners), so the page says why the game ended and
ranks the players without deriving either.

``record_text`` is the record as JSON text, with ``seats`` (who plays each
seat: ``"human"`` or a bot level; all human for a record without them).
``log`` is every event of the game so far, from the ``round_start`` of round
1, each with its ``turn``, ``round`` and ``step``, and a ``turn_end`` after
each turn (see :mod:`.turnlog`); ``events`` are those of the last action ([]
before the first), so the page can reopen a scoring view. Neither grows the
answers to ``act``, ``bot``, ``hint`` and ``undo``: their ``log_change`` and
``record_change`` (``[keep, [added…]]`` splices of the log and of the
record's actions and aids) let the page keep both, and save, with no second
trip; only ``record`` and ``load`` cost time in proportion to the game.

All the bridge keeps between requests is one object, ``_state`` (the
:class:`.table.Table` at play and the review's timeline and judgements).

>>> import json
>>> out = json.loads(handle('{"op": "new", "players": ["Ann", "Bob"], "seed": 4}'))
>>> out["ok"], out["result"]["view"]["legal_actions"]
(True, ['draw', 'take:0', 'take:1'])
>>> json.loads(handle('{"op": "act", "action": "place:3"}'))["error"]["type"]
'IllegalActionError'
"""

from __future__ import annotations

import json
import random
import time
import traceback
from typing import Any

from . import daily
from .account import RoundLuck, account, round_luck, turning_points
from .bots import LEVELS, get_bot
from .bots.strength import strengths_json
from .cards import DECK_SIZE, card_info
from .errors import DozitoError, MalformedError, StateError, brief
from .explain import aid_reason, hint
from .game import DEFAULT_ROUNDS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, Game
from .jsontext import parse_json
from .link import game_of_link, link_of
from .record import (
    HUMAN,
    MAX_NAME_LENGTH,
    Aid,
    game_from_record,
    record_aids,
    record_of,
    record_seats,
)
from .review import Judgement, Review, judge, summarize
from .table import ACTION_TABLE, GRID, Table, view
from .timeline import Timeline

_TEST_LEVELS = ("random",)
"""Bot levels the engine plays but the page never offers: a test baseline."""


class _State:
    """All the bridge keeps between two requests: the game at the table, and
    the review's timeline and judgements of it."""

    def __init__(self) -> None:
        self.table: Table | None = None
        self.timeline: Timeline | None = None
        """The states of the table's game for ``step`` and the review, built on first use."""
        self.judged: dict[int, Judgement] = {}
        """The review's judgements of the timeline's decisions, by step."""
        self.lucks: dict[int, RoundLuck] = {}
        """The luck of the timeline's rounds, by round."""
        self.experts: dict[str, Game] = {}
        """The Expert's plays of the daily deals asked for, by date."""
        self.review_seat: int | None = None
        """The seat of the last ``review_start``, whose decisions are summed up."""

    def current(self) -> Table:
        if self.table is None:
            raise StateError("no game has been started")
        return self.table


_state = _State()


def _current() -> Game:
    return _state.current().game


def _start(game: Game, seats: list[str] | None, aids: list[Aid]) -> dict[str, Any]:
    _state.table = Table.replay(
        game.as_dealt(), game.history(), seats or [HUMAN] * game.players, aids
    )
    return _state.table.started()


def _op_cards(req: dict[str, Any]) -> dict[str, Any]:
    return {"cards": [card_info(c) for c in range(DECK_SIZE)]}


def _op_rules(req: dict[str, Any]) -> dict[str, Any]:
    return {
        "rules": {
            "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
            "rounds": {"min": MIN_ROUNDS, "max": MAX_ROUNDS, "default": DEFAULT_ROUNDS},
            "max_name_length": MAX_NAME_LENGTH,
            "levels": [level for level in LEVELS if level not in _TEST_LEVELS],
            "test_levels": list(_TEST_LEVELS),
            "grid": GRID,
            "actions": ACTION_TABLE,
            "strengths": strengths_json(),
        }
    }


def _op_new(req: dict[str, Any]) -> dict[str, Any]:
    keys = ("players", "rounds", "first_player", "seed", "seats")
    record = {"format": "dozito/1", **{k: req[k] for k in keys if k in req}}
    return _start(game_from_record(record, LEVELS), record.get("seats"), [])


def _op_load(req: dict[str, Any]) -> dict[str, Any]:
    text = req.get("text")
    if not isinstance(text, str):
        raise MalformedError("'load' needs the record's JSON text")
    record = parse_json(text, "the record")
    if isinstance(record, dict):
        for key in ("actions", "aids"):  # a save keeps them beside the record's head
            if key in req:
                if key in record:
                    raise MalformedError(f"'load' has {key!r} both in the record and beside it")
                record[key] = req[key]
    game = game_from_record(record, LEVELS)
    seats = record_seats(record, game.players, LEVELS)
    return _start(game, seats, record_aids(record, game.moves))


def _action(req: dict[str, Any]) -> str:
    action = req.get("action")
    if not isinstance(action, str):
        raise MalformedError("'act' needs an action string")
    return action


def _op_act(req: dict[str, Any]) -> dict[str, Any]:
    return _state.current().act(_action(req))


def _op_bot(req: dict[str, Any]) -> dict[str, Any]:
    table = _state.current()
    game = table.game
    if game.over:
        raise StateError("the game is over: no bot can play")
    level = req.get("level")
    if not isinstance(level, str):
        raise MalformedError("'bot' needs a level")
    bot = get_bot(level)
    # The bot's random stream depends only on the game and the move number,
    # so a replay or a reloaded save sees the same decisions.
    rng = random.Random(f"{game.seed}:{game.moves}:{game.current}")
    start = time.perf_counter()
    action = bot.choose(game.observation(game.current), rng)
    ms = (time.perf_counter() - start) * 1000
    return {**table.act(action), "ms": round(ms, 2)}


def _op_view(req: dict[str, Any]) -> dict[str, Any]:
    table = _state.current()
    return {"view": view(table.game, table.told)}


def _op_record(req: dict[str, Any]) -> dict[str, Any]:
    return {"record_text": _state.current().record_text()}


def _op_hint(req: dict[str, Any]) -> dict[str, Any]:
    table = _state.current()
    game = table.game
    if game.over:
        raise StateError("the game is over: there is nothing to hint")
    obs = game.observation(game.current)
    # A stream of its own (the bots' streams, see _op_bot, never see a hint),
    # and the review's search of the same step: both name the same move.
    evaluation = hint(obs, game.seed, game.moves)
    told = {
        "action": evaluation.choice,
        "reason": aid_reason(obs, evaluation, game.seed, game.moves),
        "options": [o.to_json() for o in evaluation.options],
    }
    return {"hint": told, **table.note("hint")}


def _op_undo(req: dict[str, Any]) -> dict[str, Any]:
    return _state.current().undo()


def _whole(req: dict[str, Any], key: str) -> int:
    value = req.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedError(f"{req['op']!r} needs {key!r}, a whole number, not {brief(value)}")
    return value


def _current_timeline() -> Timeline:
    game = _current()
    timeline = _state.timeline
    if timeline is None or not timeline.starts_like(game):
        _state.timeline, _state.review_seat = Timeline(game), None
        _state.judged.clear()
        _state.lucks.clear()
        return _state.timeline
    # The same game, or another after an undo or a load: judgements from
    # where the two part on are no longer of this game.
    kept = timeline.follow(game)
    for step in [s for s in _state.judged if s >= kept]:
        del _state.judged[step]
    ends = timeline.round_ends
    for r in [r for r in _state.lucks if r > len(ends) or ends[r - 1] > kept]:
        del _state.lucks[r]  # a round not over, or one the game no longer shares
    return timeline


def _op_step(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    state, _ = timeline.at(_whole(req, "step"))
    told = _state.current().told
    return {
        "view": {**view(state), "turn": told.turn_at(state.moves)},
        "step": state.moves,
        "steps": timeline.steps,
        "events": told.events_of(state.moves),
    }


def _op_review_start(req: dict[str, Any]) -> dict[str, Any]:
    review = Review(_current_timeline(), _whole(req, "seat"))
    _state.review_seat = review.seat
    return review.start_json()


def _op_review_judge(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    step = _whole(req, "step")
    if step not in _state.judged:
        _state.judged[step] = judge(timeline, step)
    return {"judgement": _state.judged[step].to_json()}


def _op_review_summary(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    if _state.review_seat is None:  # none since this timeline began
        raise StateError("no review has been started: 'review_start' first")
    review = Review(timeline, _state.review_seat)
    judged = _state.judged
    return {"summary": summarize(review, [judged[s] for s in sorted(judged)])}


def _luck(timeline: Timeline, round_no: int) -> RoundLuck:
    if round_no not in _state.lucks:
        _state.lucks[round_no] = round_luck(timeline, round_no)
    return _state.lucks[round_no]


def _op_review_luck(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    return {"luck": _luck(timeline, _whole(req, "round")).to_json()}


def _op_review_account(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    rounds = min(timeline.game.round, timeline.game.rounds)
    lucks = [_luck(timeline, r) for r in range(1, rounds + 1)]
    judged = [_state.judged[s] for s in sorted(_state.judged)]
    return {
        "account": account(timeline, judged, lucks),
        "turning_points": turning_points(timeline, judged, lucks),
    }


def _date(req: dict[str, Any]) -> str:
    date = req.get("date")
    if not isinstance(date, str):
        raise MalformedError(f"{req['op']!r} needs 'date', 'YYYY-MM-DD', not {brief(date)}")
    daily.daily_seed(date)  # a MalformedError for a date that is not one
    return date


def _op_daily_new(req: dict[str, Any]) -> dict[str, Any]:
    date, names = _date(req), req.get("names")
    record = record_of(daily.daily_game(date), daily.seats())
    # Names play no part in the deal or the bots' moves; checked as any record's are.
    if names is None:
        record["players"][0] = req.get("name", "You")
    elif isinstance(names, dict) and all(seat in names for seat in daily.seats()):
        record["players"] = [names[seat] for seat in daily.seats()]
    else:
        raise MalformedError(f"'names' names 'human' and every bot level, not {brief(names)}")
    started = _start(game_from_record(record, LEVELS), daily.seats(), [])
    info = {"number": daily.deal_number(date), "date": date, "format": daily.FORMAT}
    return {**started, "daily": info}


def _op_daily_expert(req: dict[str, Any]) -> dict[str, Any]:
    date = _date(req)
    seed = daily.daily_seed(date)
    if date not in _state.experts:
        _state.experts[date] = daily.expert_game(date)
    expert = _state.experts[date]
    game = _state.table.game if _state.table is not None else None
    mine = game is not None and game.seed == seed and game.over and game.rounds == 1
    return {
        "expert": {"score": expert.totals[0], "actions": expert.history()},
        "share": daily.share(date, game, expert) if game is not None and mine else None,
    }


def _op_link(req: dict[str, Any]) -> dict[str, Any]:
    table = _state.current()
    return {"link": link_of(table.game, table.seats)}


def _op_link_open(req: dict[str, Any]) -> dict[str, Any]:
    text = req.get("link")
    if not isinstance(text, str):
        raise MalformedError(f"'link_open' needs 'link', a game link, not {brief(text)}")
    game, seats = game_of_link(text)
    return _start(game, seats, [])


_OPS = {
    "cards": _op_cards,
    "rules": _op_rules,
    "new": _op_new,
    "load": _op_load,
    "act": _op_act,
    "bot": _op_bot,
    "view": _op_view,
    "record": _op_record,
    "hint": _op_hint,
    "undo": _op_undo,
    "step": _op_step,
    "review_start": _op_review_start,
    "review_judge": _op_review_judge,
    "review_summary": _op_review_summary,
    "review_luck": _op_review_luck,
    "review_account": _op_review_account,
    "daily_new": _op_daily_new,
    "daily_expert": _op_daily_expert,
    "link": _op_link,
    "link_open": _op_link_open,
}


def handle(request: str) -> str:
    """Answer one JSON request with one JSON response; never raises."""
    try:
        req = parse_json(request, "the request")
        if not isinstance(req, dict):
            raise MalformedError(f"a request must be a JSON object, not {brief(req)}")
        op = req.get("op")
        if not isinstance(op, str) or op not in _OPS:
            raise MalformedError(f"unknown request op {brief(op)}")
        result = _OPS[op](req)
        return json.dumps({"ok": True, "result": result})
    except DozitoError as e:
        error = {"type": type(e).__name__, "message": str(e)}
    except Exception as e:  # a bug: report it as data, with the traceback for the console
        error = {
            "type": "InternalError",
            "message": f"{type(e).__name__}: {e}",
            "detail": traceback.format_exc(),
        }
    return json.dumps({"ok": False, "error": error})
