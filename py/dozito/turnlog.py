"""A game's log told by turns: what the page shows of the turns played.

:meth:`Game.apply` returns bare tuple events (a bot's rollouts make millions
of them); a :class:`TurnLog` follows one game action by action, outside that
hot loop, and tells each action's events as JSON (see :mod:`.events`) with
the ``turn`` (game-wide, from 1), ``round`` and ``step`` (actions played
after it) they belong to, plus a ``turn_end`` event that sums up each turn.
From those it keeps what a view needs: the recap since a seat's last turn,
each seat's latest changed spots, its best chain, its latest turn number.

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=4)
>>> told = TurnLog(g)
>>> [e["type"] for e in told.add(g, g.apply("take:0"))]
['take']
>>> [e["type"] for e in told.add(g, g.apply("place:7"))]
['place']
>>> end = told.add(g, g.apply("discard:0"))[-1]
>>> end["type"], end["turn"], end["seat"], end["chain"], end["next"]
('turn_end', 1, 0, 1, 1)
>>> told.recap(1)[0]["placed"][0]["spot"], told.changed[0]
(7, [7])
"""

from __future__ import annotations

from typing import Any

from .events import event_json
from .game import Event, Game

_ENDS_TURN = frozenset(("discard", "instant_win"))
_TURN_PART = frozenset(("discard", "extra_turn", "round_end_triggered", "instant_win"))
"""Events told before a turn's ``turn_end``; those after it (a reshuffle, the
round's scoring, the next deal, the game's end) follow from the turn."""


class TurnLog:
    """The JSON log of one game from its deal, and what the view tells of
    its turns (see ``docs/engine-contract.md``, "Turns")."""

    def __init__(self, dealt: Game) -> None:
        """Follow a game from ``dealt``, its state before any action."""
        n = dealt.players
        self.turn = 1
        """The number of the turn under way (of the last turn, once over)."""
        self.round = 1
        self.log: list[dict[str, Any]] = [
            {"type": "round_start", "round": 1, "starter": dealt.current, "turn": 0, "step": 0}
        ]
        self.starts: list[int] = []
        """Per action, the index in :attr:`log` where its events begin."""
        self.turn_ends: list[dict[str, Any]] = []
        self.last_turns: list[int | None] = [None] * n
        self.changed: list[list[int]] = [[] for _ in range(n)]
        self.best_chains = [0] * n
        self._turn: dict[str, Any] = {}
        """The ``turn_end`` being built for the turn under way."""

    def add(self, game: Game, events: list[Event]) -> list[dict[str, Any]]:
        """Tell the events of the action ``game`` has just applied; returns
        them as JSON, ``turn_end`` included, and appends them to :attr:`log`."""
        step, turn, rnd = game.moves, self.turn, self.round
        told: list[dict[str, Any]] = []
        ended = -1  # where the turn_end goes, once the turn ended
        for event in events:
            out = event_json(event)
            kind = out["type"]
            out.setdefault("round", rnd)
            out["turn"], out["step"] = turn, step
            told.append(out)
            self._note(out)
            if kind in _ENDS_TURN or (ended >= 0 and kind in _TURN_PART):
                ended = len(told)
        if ended >= 0:
            told.insert(ended, self._end_turn(game, told, turn, rnd, step))
            self.turn += 1
        self.starts.append(len(self.log))
        self.log += told
        return told

    def _note(self, out: dict[str, Any]) -> None:
        kind = out["type"]
        if kind in ("draw", "take"):
            seat = out["seat"]
            start = {"kind": kind} if kind == "draw" else {"kind": kind, "pile": out["pile"]}
            self._turn = {"seat": seat, "start": start, "first": out["card"], "placed": []}
            self.changed[seat] = []
        elif kind == "place":
            self._turn["placed"].append(
                {
                    "spot": out["spot"],
                    "card": out["card"],
                    "replaced": out["replaced"],
                    "revealed": not out["replaced_was_up"],
                }
            )
            self.changed[out["seat"]].append(out["spot"])
        elif kind == "discard":
            self._turn["discard"] = {"pile": out["pile"], "card": out["card"]}
        elif kind == "round_start":
            self.round = out["round"]
            self.changed = [[] for _ in self.changed]

    def _end_turn(
        self, game: Game, told: list[dict[str, Any]], turn: int, rnd: int, step: int
    ) -> dict[str, Any]:
        kinds = {e["type"] for e in told}
        scored = [e["round"] for e in told if e["type"] == "round_scored"]
        part = self._turn
        seat = part["seat"]
        chain = len(part["placed"])
        end = {
            "type": "turn_end",
            "turn": turn,
            "round": rnd,
            "step": step,
            "seat": seat,
            "start": part["start"],
            "first": part["first"],
            "placed": part["placed"],
            "chain": chain,
            "discard": part.get("discard"),
            "replay": "extra_turn" in kinds,
            "completed": "round_end_triggered" in kinds,
            "instant_win": "instant_win" in kinds,
            "scored": scored[0] if scored else None,
            "next": None if game.over else game.current,
        }
        self.turn_ends.append(end)
        self.last_turns[seat] = turn
        self.best_chains[seat] = max(self.best_chains[seat], chain)
        return end

    def mark(self) -> tuple[Any, ...]:
        """What :meth:`rewind` needs to forget the actions added after now
        (a few small copies: the log itself is only cut back)."""
        turn = {**self._turn, "placed": list(self._turn.get("placed", []))}
        return (
            len(self.log), len(self.starts), len(self.turn_ends), self.turn, self.round,
            list(self.last_turns), [list(c) for c in self.changed], list(self.best_chains), turn,
        )  # fmt: skip

    def rewind(self, mark: tuple[Any, ...]) -> None:
        """Back to the state of :meth:`mark`: the log cut back to it."""
        logged, started, ended, self.turn, self.round, *rest = mark
        self.last_turns, self.changed, self.best_chains, self._turn = rest
        del self.log[logged:], self.starts[started:], self.turn_ends[ended:]

    def note_aid(self, kind: str, step: int) -> dict[str, Any]:
        """Log a hint or an undo used after ``step`` actions; returns its entry."""
        entry = {"type": "aid", "kind": kind, "turn": self.turn, "round": self.round, "step": step}
        self.log.append(entry)
        return entry

    def events_of(self, step: int) -> list[dict[str, Any]]:
        """The told events of the ``step``-th action (none for step 0)."""
        if step == 0:
            return []
        end = self.starts[step] if step < len(self.starts) else len(self.log)
        return [e for e in self.log[self.starts[step - 1] : end] if e["type"] != "aid"]

    def turn_at(self, step: int) -> int:
        """The view's ``turn`` after ``step`` actions: the turn under way,
        or the last one once the game is over."""
        events = self.events_of(step)
        if not events:
            return 1
        kinds = {e["type"] for e in events}
        return int(events[0]["turn"]) + ("turn_end" in kinds and "game_over" not in kinds)

    def recap(self, seat: int | None) -> list[dict[str, Any]]:
        """The ``turn_end`` events since ``seat``'s own latest turn, oldest
        first; with ``seat`` None (the game is over), those since the
        previous turn of the seat that played the last one, that one included."""
        ends = self.turn_ends
        if not ends:
            return []
        last = len(ends)
        if seat is None:
            seat, last = ends[-1]["seat"], last - 1
        first = last
        while first > 0 and ends[first - 1]["seat"] != seat:
            first -= 1
        return ends[first:]


def last_round(game: Game) -> dict[str, Any] | None:
    """Once a grid is complete: whose, and the seats still to play their
    last turn of the round, the seat to play first (None before, and once
    the game is over)."""
    if game.ender < 0 or game.over:
        return None
    remaining = []
    seat = game.current
    while seat != game.ender:
        remaining.append(seat)
        seat = (seat + 1) % game.players
    return {"ender": game.ender, "remaining": remaining}
