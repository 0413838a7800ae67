"""The page's door into the engine: one JSON string in, one JSON string out.

The page's Web Worker calls :func:`handle` with a request such as
``{"op": "act", "action": "draw"}`` and gets back ``{"ok": true, "result":
{...}}`` or ``{"ok": false, "error": {"type": ..., "message": ...}}``. It
never raises, so a bad request or a bug becomes a message for the player, not
a frozen page. Plain Python: tested under CPython, run unchanged in Pyodide.

Error types: ``MalformedError`` (a request or record that is not well formed,
or beyond :mod:`.jsontext`'s limits), ``IllegalActionError`` (an action the
rules forbid now), ``StateError`` (no game started yet, or the game is over),
``InternalError`` (a bug; ``detail`` holds the traceback), ``LinkError``
(a game link of another format, damaged, or whose game does not replay).

Ops (result fields in brackets):

- ``cards``: the card table [cards]
- ``rules``: the numbers the page's forms and address need [rules]: ``{players:
  {min, max}, rounds: {min, max, default}, max_name_length, levels,
  test_levels}``; ``levels`` are the bot levels offered to players,
  ``test_levels`` the others a record or the address may name (``random``)
- ``new`` {players, rounds?, first_player?, seed?, seats?}: start a game
  [view, record_text, seats, log, events]
- ``load`` {text}: resume a saved or imported game from a record's exact JSON
  text (the page never parses it: ``JSON.parse`` would round a big seed)
  [view, record_text, seats, log, events]; a bad record is refused and the
  current game is kept
- ``act`` {action}: play a human's action [action, events, view]
- ``bot`` {level}: let a bot play the current seat's next action
  [action, events, view, ms]
- ``view``: the current public view [view]; ``record``: [record_text]
- ``hint``: the expert's choice for the seat to play, from its observation
  only [hint: {action, reason, options}] (see :mod:`.explain`); noted in
  the record's ``aids``, it never changes the game nor the bots' streams
- ``undo``: take back the last action [view, events (always []), undone];
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
- ``review_luck`` {round}: the luck of one round, its deal's and card by
  card [luck] (see :class:`.account.RoundLuck`); one round a call, kept
- ``review_account``: per seat, the points its judged decisions gave up
  and the points luck gave it, and the game's turning points [account,
  turning_points] (see :func:`.account.account`,
  :func:`.account.turning_points`), from the judgements made so far and
  the luck of every round (measured now for a round not asked yet)

- ``daily_new`` {date, name?}: start the deal of ``date`` (the page's local
  date, ``YYYY-MM-DD``): one round, ``name`` (default ``"You"``) in seat 0
  against two bots [view, record_text, seats, log, events, daily: {number,
  date, format}] (see :mod:`.daily`)
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
1; ``events`` are those of the last action ([] before the first), so the
page can reopen a scoring view. Neither grows the answers to ``act`` and
``bot``: only ``record`` and ``load`` cost time in proportion to the game.

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
from .cards import CODES, DECK_SIZE, card_info
from .errors import DozitoError, MalformedError, StateError, brief
from .events import event_json
from .explain import hint, reason
from .game import DEFAULT_ROUNDS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, MIN_ROUNDS, Game
from .jsontext import parse_json
from .link import game_of_link, link_of
from .record import (
    HUMAN,
    MAX_NAME_LENGTH,
    Aid,
    AidKind,
    game_from_record,
    record_aids,
    record_of,
    record_seats,
)
from .review import Judgement, Review, judge, summarize
from .scoring import summary
from .timeline import Timeline

_TEST_LEVELS = ("random",)
"""Bot levels the engine plays but the page never offers: a test baseline."""

_game: Game | None = None
_seats: list[str] = []
"""Who plays each seat of ``_game``: the engine's game does not know."""
_aids: list[Aid] = []
"""The hints and undos used in ``_game`` (the record's ``aids``)."""
_timeline: Timeline | None = None
"""The states of ``_game`` for ``step`` and the review, built on first use."""
_judged: dict[int, Judgement] = {}
"""The review's judgements of ``_timeline``'s decisions, by step."""
_lucks: dict[int, RoundLuck] = {}
"""The luck of ``_timeline``'s rounds, by round."""
_review_seat: int | None = None
"""The seat of the last ``review_start``, whose decisions are summed up."""


def view(game: Game) -> dict[str, Any]:
    """The public view: what every player at the table may see (no face-down
    card, no draw order), plus live group scores for the page to outline."""
    obs = game.observation(0)
    return {
        "phase": "game_over" if game.over else "turn",
        "names": list(game.names),
        "round": game.round,
        "rounds": game.rounds,
        "current": None if game.over else game.current,
        "hand": CODES[game.hand] if game.hand >= 0 else None,
        "legal_actions": list(obs.legal_actions),
        "grids": [[CODES[c] if c >= 0 else None for c in grid] for grid in obs.grids],
        "live": [summary(game.grid(p), obs.up[p]) for p in range(game.players)],
        "discard_tops": [CODES[p[-1]] if p else None for p in obs.piles],
        "pile_sizes": [len(p) for p in obs.piles],
        "draw_count": obs.draw_count,
        "round_scores": [list(r) for r in obs.round_scores],
        "totals": list(obs.totals),
        "winners": list(game.winners),
        "outcome": (
            {**game.outcome.to_json(), "places": game.outcome.places(obs.totals)}
            if game.outcome
            else None
        ),
        "ender": None if obs.ender < 0 else obs.ender,
        "turns": obs.turns,
        "undoable": game.undoable,
    }


def _current() -> Game:
    if _game is None:
        raise StateError("no game has been started")
    return _game


def _events_so_far(
    game: Game, aids: list[Aid]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The game's events replayed: all of them from the start of round 1,
    with an ``aid`` event where each aid was used, and those of its last
    action."""
    replay = game.as_dealt()
    log = [{"type": "round_start", "round": 1, "starter": replay.current}]
    last: list[dict[str, Any]] = []
    marks = iter(aids)
    mark = next(marks, None)
    for moves, action in enumerate([None, *game.history()]):
        if action is not None:
            last = [event_json(e) for e in replay.apply(action)]
            log += last
        while mark is not None and mark["at"] == moves:
            log.append({"type": "aid", "kind": mark["kind"]})
            mark = next(marks, None)
    return log, last


def _start(game: Game, seats: list[str] | None, aids: list[Aid]) -> dict[str, Any]:
    global _game, _seats, _aids
    _game, _seats, _aids = game, seats or [HUMAN] * game.players, aids
    log, events = _events_so_far(game, aids)
    return {**_op_record({}), "view": view(game), "seats": _seats, "log": log, "events": events}


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
        }
    }


def _op_new(req: dict[str, Any]) -> dict[str, Any]:
    keys = ("players", "rounds", "first_player", "seed", "seats")
    record = {"format": "dozito/1", **{k: req[k] for k in keys if k in req}}
    return _start(game_from_record(record), record.get("seats"), [])


def _op_load(req: dict[str, Any]) -> dict[str, Any]:
    text = req.get("text")
    if not isinstance(text, str):
        raise MalformedError("'load' needs the record's JSON text")
    record = parse_json(text, "the record")
    game = game_from_record(record)
    return _start(game, record_seats(record, game.players), record_aids(record, game.moves))


def _op_act(req: dict[str, Any]) -> dict[str, Any]:
    game = _current()
    action = req.get("action")
    if not isinstance(action, str):
        raise MalformedError("'act' needs an action string")
    events = game.apply(action)
    return {"action": action, "events": [event_json(e) for e in events], "view": view(game)}


def _op_bot(req: dict[str, Any]) -> dict[str, Any]:
    game = _current()
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
    events = game.apply(action)
    return {
        "action": action,
        "events": [event_json(e) for e in events],
        "view": view(game),
        "ms": round(ms, 2),
    }


def _op_view(req: dict[str, Any]) -> dict[str, Any]:
    return {"view": view(_current())}


def _op_record(req: dict[str, Any]) -> dict[str, Any]:
    return {"record_text": json.dumps(record_of(_current(), _seats, _aids))}


def _note(game: Game, kind: AidKind) -> None:
    aid: Aid = {"at": game.moves, "kind": kind}
    if kind == "undo" or not _aids or _aids[-1] != aid:  # asking twice in a row is one hint
        _aids.append(aid)


def _op_hint(req: dict[str, Any]) -> dict[str, Any]:
    game = _current()
    if game.over:
        raise StateError("the game is over: there is nothing to hint")
    obs = game.observation(game.current)
    # A stream of its own (the bots' streams, see _op_bot, never see a hint),
    # and the review's search of the same step: both name the same move.
    evaluation = hint(obs, game.seed, game.moves)
    _note(game, "hint")
    return {
        "hint": {
            "action": evaluation.choice,
            "reason": reason(obs, evaluation),
            "options": [o.to_json() for o in evaluation.options],
        }
    }


def _op_undo(req: dict[str, Any]) -> dict[str, Any]:
    global _game
    game = _current()
    before = game.undone()  # a StateError saying why, if the last action is not undoable
    undone = game.history()[-1]
    _game = game = before
    for aid in _aids:  # a hint after the undone action was asked before the undo
        aid["at"] = min(aid["at"], game.moves)
    _note(game, "undo")
    return {"view": view(game), "events": [], "undone": undone}


def _whole(req: dict[str, Any], key: str) -> int:
    value = req.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedError(f"{req['op']!r} needs {key!r}, a whole number, not {brief(value)}")
    return value


def _current_timeline() -> Timeline:
    global _timeline, _review_seat
    game = _current()
    if _timeline is None or not _timeline.starts_like(game):
        _timeline, _review_seat = Timeline(game), None
        _judged.clear()
        _lucks.clear()
    else:
        # The same game, or another after an undo or a load: judgements
        # from where the two part on are no longer of this game.
        kept = _timeline.follow(game)
        for step in [s for s in _judged if s >= kept]:
            del _judged[step]
        ends = _timeline.round_ends
        for r in [r for r in _lucks if r > len(ends) or ends[r - 1] > kept]:
            del _lucks[r]  # a round not over, or one the game no longer shares
    return _timeline


def _op_step(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    state, events = timeline.at(_whole(req, "step"))
    return {
        "view": view(state),
        "step": state.moves,
        "steps": timeline.steps,
        "events": [event_json(e) for e in events],
    }


def _op_review_start(req: dict[str, Any]) -> dict[str, Any]:
    global _review_seat
    review = Review(_current_timeline(), _whole(req, "seat"))
    _review_seat = review.seat
    return review.start_json()


def _op_review_judge(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    step = _whole(req, "step")
    if step not in _judged:
        _judged[step] = judge(timeline, step)
    return {"judgement": _judged[step].to_json()}


def _op_review_summary(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    if _review_seat is None:  # none since this timeline began
        raise StateError("no review has been started: 'review_start' first")
    review = Review(timeline, _review_seat)
    return {"summary": summarize(review, [_judged[s] for s in sorted(_judged)])}


def _luck(timeline: Timeline, round_no: int) -> RoundLuck:
    if round_no not in _lucks:
        _lucks[round_no] = round_luck(timeline, round_no)
    return _lucks[round_no]


def _op_review_luck(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    return {"luck": _luck(timeline, _whole(req, "round")).to_json()}


def _op_review_account(req: dict[str, Any]) -> dict[str, Any]:
    timeline = _current_timeline()
    rounds = min(timeline.game.round, timeline.game.rounds)
    lucks = [_luck(timeline, r) for r in range(1, rounds + 1)]
    judged = [_judged[s] for s in sorted(_judged)]
    return {
        "account": account(timeline, judged, lucks),
        "turning_points": turning_points(timeline, judged, lucks),
    }


_experts: dict[str, Game] = {}
"""The Expert's plays of the daily deals asked for, by date."""


def _date(req: dict[str, Any]) -> str:
    date = req.get("date")
    if not isinstance(date, str):
        raise MalformedError(f"{req['op']!r} needs 'date', 'YYYY-MM-DD', not {brief(date)}")
    daily.daily_seed(date)  # a MalformedError for a date that is not one
    return date


def _op_daily_new(req: dict[str, Any]) -> dict[str, Any]:
    date, name = _date(req), req.get("name", "You")
    record = record_of(daily.daily_game(date), daily.seats())
    record["players"][0] = name  # checked as any record's names are
    started = _start(game_from_record(record), daily.seats(), [])
    info = {"number": daily.deal_number(date), "date": date, "format": daily.FORMAT}
    return {**started, "daily": info}


def _op_daily_expert(req: dict[str, Any]) -> dict[str, Any]:
    date = _date(req)
    seed = daily.daily_seed(date)
    if date not in _experts:
        _experts[date] = daily.expert_game(date)
    expert = _experts[date]
    game = _game
    mine = game is not None and game.seed == seed and game.over and game.rounds == 1
    return {
        "expert": {"score": expert.totals[0], "actions": expert.history()},
        "share": daily.share(date, game, expert) if game is not None and mine else None,
    }


def _op_link(req: dict[str, Any]) -> dict[str, Any]:
    return {"link": link_of(_current(), _seats)}


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
