"""The game at the page's table: who plays each seat, the aids used, the log
told by turns, and the public view the page draws.

A :class:`Table` is what the bridge holds between requests. Every change
goes through it so that its log, its turn data and the changes the page's
save needs (``record_change``, ``log_change``) stay in step with the game.

>>> t = Table.replay(Game.new(["Ann", "Bob"], seed=4), [], ["human", "human"], [])
>>> out = t.act("take:0")
>>> out["record_change"], out["view"]["targets"]["spots"][0]
({'actions': [0, ['take:0']], 'aids': [0, []]}, {'spot': 1, 'action': 'place:1'})
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .actions import ACTIONS, decode
from .cards import CODES
from .errors import StateError
from .game import Game
from .record import Aid, AidKind, record_of
from .scoring import COLUMNS, ROWS, summary
from .turnlog import TurnLog, last_round

GRID = {"rows": ROWS, "columns": COLUMNS}
"""A grid's shape, as the view and the ``rules`` op give it."""


def _what(action: str) -> dict[str, Any]:
    kind, arg = decode(action)
    if kind == "draw":
        return {"kind": kind}
    return {"kind": kind, "spot" if kind == "place" else "pile": arg}


ACTION_TABLE = {action: _what(action) for action in ACTIONS}
"""Every action string taken apart, for the ``rules`` op: the page looks an
action up (a hint's, a review's) instead of parsing it.

>>> ACTION_TABLE["place:7"], ACTION_TABLE["take:1"]
({'kind': 'place', 'spot': 7}, {'kind': 'take', 'pile': 1})
"""


def targets(game: Game) -> dict[str, Any]:
    """The legal actions as what they act on, each with the action string
    the page sends back as it is: it never takes one apart."""
    out: dict[str, Any] = {"draw": None, "take": [], "spots": [], "discard": []}
    for action in game.legal_actions():
        kind, arg = decode(action)
        if kind == "draw":
            out["draw"] = action
        elif kind == "place":
            out["spots"].append({"spot": arg, "action": action})
        else:
            out["take" if kind == "take" else "discard"].append({"pile": arg, "action": action})
    out["can_place"], out["can_discard"] = bool(out["spots"]), bool(out["discard"])
    return out


def view(game: Game, told: TurnLog | None = None) -> dict[str, Any]:
    """The public view: what every player at the table may see (no face-down
    card, no draw order), plus live group scores for the page to outline.
    With the game's ``told`` log, also what the turns did (``turn``,
    ``recap``, ``changed``, ``last_turns``, ``best_chains``)."""
    obs = game.observation(0)
    out: dict[str, Any] = {
        "phase": "game_over" if game.over else "turn",
        "names": list(game.names),
        "round": game.round,
        "rounds": game.rounds,
        "current": None if game.over else game.current,
        "hand": CODES[game.hand] if game.hand >= 0 else None,
        "legal_actions": list(obs.legal_actions),
        "targets": targets(game),
        "grid": GRID,
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
        "last_round": last_round(game),
        "turns": obs.turns,
        "undoable": game.undoable,
    }
    if told is not None:
        out["turn"] = told.turn - 1 if game.over else told.turn
        out["recap"] = told.recap(None if game.over else game.current)
        out["changed"] = [list(spots) for spots in told.changed]
        out["last_turns"] = list(told.last_turns)
        out["best_chains"] = list(told.best_chains)
    return out


def _splice(keep: int, added: Sequence[Any]) -> list[Any]:
    return [keep, list(added)]


class Table:
    """One game being played, and all the bridge knows of it."""

    def __init__(self, game: Game, seats: list[str], aids: list[Aid], told: TurnLog) -> None:
        self.game = game
        self.seats = seats
        """Who plays each seat (``"human"`` or a bot level): the game does not know."""
        self.aids = aids
        """The hints and undos used (the record's ``aids``)."""
        self.told = told
        """The game's log from its deal, with its turns (see :mod:`.turnlog`)."""
        self._undo: list[tuple[Game, tuple[Any, ...]]] = []
        """Per action that may still be undone, oldest first, the game and the
        log's mark from before it: an undo costs no replay of the game."""

    @classmethod
    def replay(
        cls, dealt: Game, actions: Sequence[str], seats: list[str], aids: list[Aid]
    ) -> Table:
        """The table of the game ``dealt`` (as dealt) after ``actions``, with
        an ``aid`` entry in its log where each of ``aids`` was used."""
        game, told = dealt, TurnLog(dealt)
        marks = iter(aids)
        mark = next(marks, None)
        for moves in range(len(actions) + 1):
            if moves:
                told.add(game, game.apply(actions[moves - 1]))
            while mark is not None and mark["at"] == moves:
                told.note_aid(mark["kind"], moves)
                mark = next(marks, None)
        return cls(game, seats, aids, told)

    def started(self) -> dict[str, Any]:
        """The answer to ``new`` and ``load``: everything the page starts from."""
        told = self.told
        last = told.log[told.starts[-1] :] if told.starts else []
        head = record_of(self.game, self.seats)
        del head["actions"]
        return {
            "record_text": self.record_text(),
            "record_head": json.dumps(head),
            "actions": self.game.history(),
            "aids": [dict(aid) for aid in self.aids],
            "view": view(self.game, told),
            "seats": self.seats,
            "log": told.log,
            "events": [e for e in last if e["type"] != "aid"],
        }

    def record_text(self) -> str:
        return json.dumps(record_of(self.game, self.seats, self.aids))

    def act(self, action: str) -> dict[str, Any]:
        """Play one action; the answer the page needs, of a size that does
        not grow with the game (see ``docs/engine-contract.md``)."""
        game, told = self.game, self.told
        kept = len(told.log)
        before = (game.clone(), told.mark())
        events = told.add(game, game.apply(action))
        if game.undoable:  # a chain of actions that revealed nothing
            self._undo.append(before)
        else:
            self._undo.clear()
        return {
            "action": action,
            "events": events,
            "view": view(game, told),
            "log_change": _splice(kept, events),
            "record_change": {
                "actions": _splice(game.moves - 1, [action]),
                "aids": _splice(len(self.aids), []),
            },
        }

    def note(self, kind: AidKind) -> dict[str, Any]:
        """Note a hint asked now (asking twice in a row is one hint); the
        changes to the log and the record."""
        aid: Aid = {"at": self.game.moves, "kind": kind}
        kept, log_kept = len(self.aids), len(self.told.log)
        if kind == "undo" or not self.aids or self.aids[-1] != aid:
            self.aids.append(aid)
            self.told.note_aid(kind, aid["at"])
        return {
            "log_change": _splice(log_kept, self.told.log[log_kept:]),
            "record_change": {
                "actions": _splice(self.game.moves, []),
                "aids": _splice(kept, self.aids[kept:]),
            },
        }

    def undo(self) -> dict[str, Any]:
        """Take back the last action (a :class:`StateError` saying why when
        it is not undoable), replaying the rest."""
        game = self.game
        if not game.undoable:
            raise StateError(f"nothing can be undone: {game.why_not_undoable}")
        history = game.history()
        moves = len(history) - 1
        log_kept = self.told.starts[-1]
        kept = sum(1 for aid in self.aids if aid["at"] <= moves)
        for aid in self.aids:  # a hint after the undone action was asked before the undo
            aid["at"] = min(aid["at"], moves)
        if self._undo:
            self.game, mark = self._undo.pop()
            self.told.rewind(mark)
            for aid in self.aids[kept:]:
                self.told.note_aid(aid["kind"], moves)
        else:  # an action from before the game was loaded: replay the rest
            again = Table.replay(game.as_dealt(), history[:-1], self.seats, self.aids)
            self.game, self.told = again.game, again.told
        change = self.note("undo")
        return {
            "view": view(self.game, self.told),
            "events": [],
            "undone": history[-1],
            "log_change": _splice(log_kept, self.told.log[log_kept:]),
            "record_change": {**change["record_change"], "aids": _splice(kept, self.aids[kept:])},
        }
