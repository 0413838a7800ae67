"""Every state of one game, rebuilt on demand from cached checkpoints.

A replay or a review jumps to any step of a game: the state after its first
N actions. Replaying from the deal each time would cost a whole game per
jump (10,000 actions and more in the longest games), so a :class:`Timeline`
keeps a copy of the state every :data:`CHECKPOINT_EVERY` actions and
replays at most that many actions from the nearest one. It also notes, per
step, who was to play and how many actions they had, and where each round
was scored: what a review needs to find the decisions and draw its chart.

A timeline follows its game: :meth:`Timeline.follow` catches up with actions
played since, and with actions taken back (also when an undo replaced the
game by another with the same start). It never changes a game.

>>> from dozito import Game
>>> g = Game.new(["Ann", "Bob"], seed=1)
>>> for a in ("draw", "discard:0", "take:1"):
...     _ = g.apply(a)
>>> t = Timeline(g)
>>> t.steps
3
>>> state, events = t.at(2)
>>> state.moves, state.current, events[0]
(2, 1, ('discard', 0, 0, 'RJ3'))
"""

from __future__ import annotations

from typing import Final

from .errors import MalformedError
from .game import Event, Game

CHECKPOINT_EVERY: Final = 64
"""Actions between two cached states. A jump replays fewer than this many
(some 10 µs each in CPython, three times that in Pyodide); a checkpoint
costs a copy of the state (a few hundred bytes), so a 15,000-action game
keeps some 250 of them."""


class Timeline:
    """The states of ``game`` after 0, 1, … :attr:`steps` actions."""

    def __init__(self, game: Game) -> None:
        self.game = game
        """The game followed (never changed here)."""
        start = game.as_dealt()
        self._checkpoints = [start.clone()]
        """``_checkpoints[k]``: the state after ``k * CHECKPOINT_EVERY`` actions."""
        self._tip = start
        """The state after every action seen so far, where new ones are applied."""
        self._actions: list[str] = []
        self._to_play = [start.current]
        """Per step, the seat to play then (-1 once the game is over)."""
        self._choices = [len(start.legal_actions())]
        """Per step, how many legal actions that seat had."""
        self._round_ends: list[int] = []
        """The steps at which a round had just been scored."""
        self.follow()

    @property
    def steps(self) -> int:
        """The number of actions: the last step."""
        return len(self._actions)

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(self._actions)

    @property
    def round_ends(self) -> tuple[int, ...]:
        return tuple(self._round_ends)

    def to_play(self, step: int) -> int:
        """The seat to play at ``step`` (-1 when the game is over by then)."""
        return self._to_play[step]

    def choices(self, step: int) -> int:
        """How many legal actions the seat to play had at ``step``."""
        return self._choices[step]

    def starts_like(self, game: Game) -> bool:
        """Whether ``game`` was dealt as this timeline's: the same players,
        options and decks, so that it can follow it."""
        start = self._checkpoints[0]
        return _start_of(game) == _start_of(start)

    def follow(self, game: Game | None = None) -> int:
        """Catch up with the game (or with ``game``, which
        :meth:`starts_like` this one's and replaces it): keep the common
        start of both histories, drop what was taken back, replay what is
        new. Returns how many steps were kept: those from there on changed."""
        if game is None or game is self.game:
            # A game's history only grows (an undo makes another Game), so
            # the same game needs only its new actions: a jump stays cheap.
            steps = len(self._actions)
            for action in self.game.history()[steps:] if self.game.moves > steps else ():
                self._advance(action)
            return steps
        self.game = game
        history = game.history()
        same = 0
        for mine, theirs in zip(self._actions, history, strict=False):
            if mine != theirs:
                break
            same += 1
        if same < len(self._actions):
            self._cut(same)
        for action in history[same:]:
            self._advance(action)
        return same

    def _cut(self, step: int) -> None:
        del self._actions[step:], self._to_play[step + 1 :], self._choices[step + 1 :]
        self._round_ends = [s for s in self._round_ends if s <= step]
        del self._checkpoints[step // CHECKPOINT_EVERY + 1 :]
        self._tip = self._replay(step)[0]

    def _advance(self, action: str) -> None:
        tip = self._tip
        events = tip.apply(action)
        self._actions.append(action)
        self._to_play.append(-1 if tip.over else tip.current)
        self._choices.append(len(tip.legal_actions()))
        if any(e[0] == "round_scored" for e in events):
            self._round_ends.append(tip.moves)
        if tip.moves % CHECKPOINT_EVERY == 0:
            self._checkpoints.append(tip.clone())

    def at(self, step: int) -> tuple[Game, list[Event]]:
        """A fresh copy of the state after ``step`` actions, and the events of
        the action that led there (none at step 0). Yours to change."""
        if not 0 <= step <= self.steps:
            raise MalformedError(f"step must be from 0 to {self.steps}, not {step}")
        return self._replay(step)

    def _replay(self, step: int) -> tuple[Game, list[Event]]:
        # From the checkpoint before the step's own action, so that its
        # events are replayed too.
        base = (step - 1) // CHECKPOINT_EVERY if step else 0
        state = self._checkpoints[base].clone()
        events: list[Event] = []
        for action in self._actions[state.moves : step]:
            events = state.apply(action)
        return state, events


def _start_of(game: Game) -> tuple[tuple[str, ...], int, int, int, tuple[tuple[int, ...], ...]]:
    """What decides a game's deal: its players, options and decks."""
    return game.names, game.rounds, game.first_player, game.seed, game.decks
