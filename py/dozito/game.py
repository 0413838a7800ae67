"""The game state: legal actions, apply, clone, and the per-seat observation.

Every action, whoever makes it (a human in the page, a bot, a replayed
record), goes through :meth:`Game.apply`, which validates it and returns what
happened as plain-data events.

>>> g = Game.new(["Ann", "Bob"], seed=7)
>>> g.legal_actions()
('draw', 'take:0', 'take:1')
>>> g.apply("draw")
[('draw', 0, 'YJ3')]
>>> g.legal_actions()[-3:]  # a joker goes anywhere, or is discarded
('place:12', 'discard:0', 'discard:1')
>>> g.apply("place:7")[0][:2]
('place', 0)

The state is compact on purpose (card ids are ints, a grid's face-up spots a
bit mask, the history a byte string of action ids shared by clones): bots
play thousands of games per decision on it, in the browser too.

(Over 300 lines: :class:`Game` holds every rule of play the engine enforces
and is the bots' hot path, so it stays one class in one module; over a
quarter of it is its fields and their one constructor.)

:mod:`.observation` and :mod:`.record` build games, so they import this
module; :meth:`Game.observation`, :meth:`Game.from_record` and
:meth:`Game.to_record` stay methods all the same (the API every bot, test and
document uses) and import those modules when called. The circle is therefore
lazy on this side only: importing any of the three modules first works.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple

from .actions import ACTION_IDS, ACTIONS, DISCARD_BASE, DRAW, PLACE_BASE, TAKE_BASE, decode
from .cards import CODES, DECK_SIZE, IS_REPLAY, IS_STOP, NUMBER
from .errors import IllegalActionError, MalformedError, StateError, brief
from .rng import Rng
from .scoring import ALL_UP, is_instant_win, round_score

if TYPE_CHECKING:
    from .observation import Observation

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
MIN_ROUNDS: Final = 1
DEFAULT_ROUNDS: Final = 3
"""A game as the rulebook plays it: it ends after scoring the third round."""
MAX_ROUNDS: Final = 10
TURN_LIMIT: Final = 500
"""Safeguard: a round is scored as it stands when its 500th turn ends."""

# Modes within a turn.
START: Final = 0  # empty hand: draw or take
CHOOSE: Final = 1  # a drawn or flipped card: place it or discard it
MUST_PLACE: Final = 2  # a card taken from a discard pile: place it
MUST_DISCARD: Final = 3  # a replaced face-up card, or the card under a STOP
OVER: Final = 4

Event = tuple[Any, ...]
"""What happened, as plain data; see :mod:`dozito.events` for every shape."""

Reason = Literal["most_points", "best_round", "shared", "instant_win"]
"""Why a game ended as it did: the most points; a tie on points broken by the
best single round; a tie on both, so the win is shared; twelve face-up cards
of one colour. (The 500-turn safeguard ends a round, not the game: the game
still ends on points.)"""


class Outcome(NamedTuple):
    """Who won and why, as the rules decided it (in the manner of
    python-chess's ``Outcome``): enough to word the result without working
    any of it out again."""

    reason: Reason
    winners: tuple[int, ...]
    tied: tuple[int, ...]
    """The seats level on the most points, winners included: more than the
    winners only when their best single rounds told them apart."""
    best_rounds: tuple[int, ...]
    """Each seat's best single round; empty after an instant win."""

    def places(self, totals: Sequence[int]) -> list[int]:
        """Each seat's place, 1 for the winners: the others by total, then by
        best single round; seats level on both share a place (1, 2, 2, 4)."""
        best = self.best_rounds or (0,) * len(totals)

        def rank(seat: int) -> tuple[bool, int, int]:
            return (seat not in self.winners, -totals[seat], -best[seat])

        order = sorted(range(len(totals)), key=rank)
        result = [0] * len(totals)
        for i, seat in enumerate(order):
            level = i > 0 and rank(order[i - 1]) == rank(seat)
            result[seat] = result[order[i - 1]] if level else i + 1
        return result

    def to_json(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "winners": list(self.winners),
            "tied": list(self.tied),
            "best_rounds": list(self.best_rounds),
        }


NOTHING_PLAYED: Final = "nothing has been played yet"
REVEALED_EARLIER: Final = "a hidden card was revealed earlier in this turn"


def _blocker(events: list[Event]) -> str:
    """Why the action that caused ``events`` cannot be taken back ("" if it
    can). Read from the events' shapes (see :mod:`.events`): this runs on
    every applied action, records replayed included."""
    first = events[0]
    kind = first[0]
    if kind == "take":
        return ""  # the card was face up on its pile
    if kind == "draw":
        return "a card was drawn from the draw pile"
    if kind == "place":
        if len(events) > 1:
            return "the game is over"  # an instant win
        return "" if first[5] else "a face-down card was turned up"
    last = events[-1][0]
    if last == "game_over":
        return "the game is over"
    if last == "round_start":
        return "the round was scored and every card turned up"
    if last == "reshuffle":
        return "the draw pile was reshuffled"
    if last == "extra_turn":
        return ""  # a Replay: the same player is still to play
    return "the turn passed to the next player"


def _legal_tables() -> tuple[
    tuple[tuple[str, ...], ...],
    tuple[tuple[str, ...], ...],
    tuple[tuple[tuple[str, ...], ...], ...],
]:
    """Every legal-action tuple, precomputed: legal_actions() is a lookup.

    Index ``pe`` (piles empty) is 0 when both discard piles hold a card, 1
    when pile 0 is empty, 2 when pile 1 is empty.
    """
    discards = (ACTIONS[DISCARD_BASE : DISCARD_BASE + 2], ("discard:0",), ("discard:1",))
    takes = (("take:0", "take:1"), ("take:1",), ("take:0",))
    start = tuple(("draw",) + t for t in takes)
    place = tuple(
        ACTIONS[PLACE_BASE + 1 : PLACE_BASE + 13] if NUMBER[c] == 0 else (f"place:{NUMBER[c]}",)
        for c in range(DECK_SIZE)
    )
    choose = tuple(tuple(place[c] + d for d in discards) for c in range(DECK_SIZE))
    return (
        start,
        discards,
        (place,) + tuple(tuple(choose[c][pe] for c in range(DECK_SIZE)) for pe in range(3)),
    )


_START, _DISCARD, (_PLACE, *_CHOOSE_BY_PE) = _legal_tables()

# Action id -> (kind, argument).
_DRAW, _TAKE, _PLACE_KIND, _DISCARD_KIND = range(4)
_DECODE_ID: Final = tuple(
    (_DRAW, 0) if i == DRAW
    else (_TAKE, i - TAKE_BASE) if i < PLACE_BASE + 1
    else (_PLACE_KIND, i - PLACE_BASE) if i < DISCARD_BASE
    else (_DISCARD_KIND, i - DISCARD_BASE)
    for i in range(len(ACTIONS))
)  # fmt: skip


class Game:
    """A whole game of Dozito: rounds, turns, scores.

    Build one with :meth:`new` or :meth:`from_record`; read it through
    :meth:`legal_actions`, :meth:`observation` and the public attributes
    below; change it only with :meth:`apply`.
    """

    __slots__ = (
        "names", "rounds", "first_player", "seed", "decks", "rng",
        "cells", "up", "piles", "draw", "recycled", "hand", "mode", "current",
        "round", "turns", "ender", "round_scores", "totals", "winners", "outcome", "_log",
        "moves", "_blocker",
    )  # fmt: skip

    names: tuple[str, ...]
    rounds: int
    first_player: int
    seed: int
    decks: tuple[tuple[int, ...], ...]
    rng: Rng
    cells: list[int]
    """All grids, flat: seat p's spot s is ``cells[12 * p + s - 1]``."""
    up: list[int]
    """Per seat, the face-up spots as a bit mask (bit s - 1 for spot s)."""
    piles: tuple[list[int], list[int]]
    """The two discard piles, top card last."""
    draw: list[int]
    """The draw pile, top card last."""
    recycled: int
    """Bit mask of cards put back into the draw pile by a reshuffle this round."""
    hand: int
    """The card in hand, or -1."""
    mode: int
    current: int
    round: int
    turns: int
    """Turns ended in this round (extra and final turns included)."""
    ender: int
    """The seat that triggered the end of the round, or -1."""
    round_scores: list[tuple[int, ...]]
    totals: list[int]
    winners: list[int]
    outcome: Outcome | None
    """Why the game ended, once it is over."""
    _log: bytearray
    """Action ids since the deal of round 1, oldest first; its first
    :attr:`moves` are this game's history, the rest a clone's (see apply).
    Flat on purpose: a linked history freed recursively, once per action, and
    overflowed Pyodide's stack in long games."""
    moves: int
    """Actions applied so far: ``len(history())``, without building it."""
    _blocker: str
    """Why the last action cannot be taken back, or "" when it can (see
    :attr:`undoable`): set by :meth:`apply`, which sees what it revealed."""

    # -- construction ---------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        rounds: int = DEFAULT_ROUNDS,
        first_player: int = 0,
        seed: int = 0,
        decks: Sequence[Sequence[int]] = (),
    ) -> Game:
        """Start a game. ``decks`` (card ids) fix the deal of rounds 1, 2, ...;
        other rounds are shuffled from ``seed``."""
        n = len(players)
        # A bool or a float would start a game that its own record refuses.
        for key, value in (("rounds", rounds), ("first_player", first_player), ("seed", seed)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise MalformedError(f"{key} must be an integer, not {value!r}")
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise MalformedError(f"a game needs 2 to 5 players, not {n}")
        if not MIN_ROUNDS <= rounds <= MAX_ROUNDS:
            raise MalformedError(f"rounds must be {MIN_ROUNDS} to {MAX_ROUNDS}, not {rounds}")
        if not 0 <= first_player < n:
            raise MalformedError(f"first_player must be 0 to {n - 1}, not {first_player}")
        g = Game._make(
            names=tuple(players),
            rounds=rounds,
            first_player=first_player,
            seed=seed,
            decks=tuple(tuple(d) for d in decks),
            rng=Rng(seed),
            # The round's own fields, until _deal below lays out the cards.
            cells=[], up=[], piles=([], []), draw=[], recycled=0, hand=-1, mode=START,
            current=first_player, turns=0, ender=-1,
            round=1,
            round_scores=[],
            totals=[0] * n,
            winners=[],
            outcome=None,
            log=bytearray(),
            moves=0,
            blocker=NOTHING_PLAYED,
        )  # fmt: skip
        g._deal(first_player)
        return g

    @staticmethod
    def _make(
        names: tuple[str, ...],
        rounds: int,
        first_player: int,
        seed: int,
        decks: tuple[tuple[int, ...], ...],
        rng: Rng,
        cells: list[int],
        up: list[int],
        piles: tuple[list[int], list[int]],
        draw: list[int],
        recycled: int,
        hand: int,
        mode: int,
        current: int,
        round: int,
        turns: int,
        ender: int,
        round_scores: list[tuple[int, ...]],
        totals: list[int],
        winners: list[int],
        outcome: Outcome | None,
        log: bytearray,
        moves: int,
        blocker: str,
    ) -> Game:
        """The one place that fills every slot: :meth:`new`, :meth:`clone` and
        :meth:`.Observation.sample` build games through it, so a new field is
        a new parameter that each of them must pass (mypy checks). It trusts
        its arguments: the checks are :meth:`new`'s.

        :meth:`clone` and :meth:`.Observation.sample` pass the arguments by
        position, in this order: searches call them by the thousand, and 23
        keywords would cost them as much again as the copying itself."""
        g = Game.__new__(Game)
        g.names = names
        g.rounds = rounds
        g.first_player = first_player
        g.seed = seed
        g.decks = decks
        g.rng = rng
        g.cells = cells
        g.up = up
        g.piles = piles
        g.draw = draw
        g.recycled = recycled
        g.hand = hand
        g.mode = mode
        g.current = current
        g.round = round
        g.turns = turns
        g.ender = ender
        g.round_scores = round_scores
        g.totals = totals
        g.winners = winners
        g.outcome = outcome
        g._log = log
        g.moves = moves
        g._blocker = blocker
        return g

    @classmethod
    def from_record(cls, record: object) -> Game:
        """Rebuild a game from a ``dozito/1`` record (a parsed JSON object)."""
        from .record import game_from_record

        return game_from_record(record)

    def to_record(self) -> dict[str, Any]:
        """The ``dozito/1`` record that rebuilds this exact state."""
        from .record import record_of

        return record_of(self)

    def clone(self) -> Game:
        """An independent copy (the history is shared until one of them appends)."""
        return Game._make(  # by position: see _make
            self.names, self.rounds, self.first_player, self.seed, self.decks,
            Rng(self.rng.state), self.cells[:], self.up[:],
            (self.piles[0][:], self.piles[1][:]), self.draw[:], self.recycled, self.hand,
            self.mode, self.current, self.round, self.turns, self.ender,
            self.round_scores[:], self.totals[:], self.winners[:], self.outcome,
            self._log, self.moves, self._blocker,
        )  # fmt: skip

    # -- reading --------------------------------------------------------

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.mode == OVER

    def legal_actions(self) -> tuple[str, ...]:
        """The legal actions, in the contract's canonical order."""
        mode = self.mode
        if mode == MUST_PLACE:
            return _PLACE[self.hand]
        # Which discard pile is empty (see _legal_tables), inline: this runs
        # on every move of every search.
        pe = (not self.piles[0]) | (not self.piles[1]) << 1
        if mode == CHOOSE:
            return _CHOOSE_BY_PE[pe][self.hand]
        if mode == START:
            return _START[pe]
        if mode == MUST_DISCARD:
            return _DISCARD[pe]
        return ()

    def grid(self, seat: int) -> list[int]:
        """Seat's 12 card ids in spot order (face-down ones included)."""
        return self.cells[12 * seat : 12 * seat + 12]

    def history(self) -> list[str]:
        """Every action applied since the deal of round 1, oldest first."""
        return [ACTIONS[i] for i in self._log[: self.moves]]

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know: everything but the face-down cards and the
        draw order."""
        from .observation import observe

        return observe(self, seat)

    def to_json(self) -> dict[str, Any]:
        """The full state, as ``python -m dozito replay`` prints it."""
        over = self.mode == OVER
        return {
            "phase": "game_over" if over else "turn",
            "round": self.round,
            "current_player": None if over else self.current,
            "hand": CODES[self.hand] if self.hand >= 0 else None,
            "legal_actions": list(self.legal_actions()),
            "grids": [
                [
                    {"card": CODES[self.cells[12 * p + i]], "up": bool(self.up[p] >> i & 1)}
                    for i in range(12)
                ]
                for p in range(self.players)
            ],
            "discard_tops": [CODES[p[-1]] if p else None for p in self.piles],
            "draw_count": len(self.draw),
            "round_scores": [list(r) for r in self.round_scores],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }

    def _key(self) -> tuple[Any, ...]:
        return (
            self.names, self.rounds, self.first_player, self.seed, self.decks,
            self.rng.state, self.cells, self.up, self.piles, self.draw, self.recycled,
            self.hand, self.mode, self.current, self.round, self.turns, self.ender,
            self.round_scores, self.totals, self.winners, self.outcome,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"<Game {'/'.join(self.names)} round {self.round} seat {self.current}>"

    # -- changing -------------------------------------------------------

    def apply(self, action: str) -> list[Event]:
        """Play one action for the current player; return what happened.

        Raises :class:`MalformedError` for a string that is no action and
        :class:`IllegalActionError` for an action the rules forbid now.
        """
        if action not in self.legal_actions():
            raise self._refusal(action)
        action_id = ACTION_IDS[action]
        if len(self._log) != self.moves:
            # A clone has appended to the shared log: fork our own copy.
            self._log = self._log[: self.moves]
        self._log.append(action_id)
        self.moves += 1
        mid_turn = self.mode != START
        events = self.play(action_id)
        # Within a turn, nothing is undoable once something was revealed.
        self._blocker = _blocker(events) or (REVEALED_EARLIER if mid_turn and self._blocker else "")
        return events

    # -- taking back ----------------------------------------------------

    @property
    def undoable(self) -> bool:
        """Whether the last action may be taken back: neither it nor any
        action before it in the same turn revealed anything hidden (no
        face-down card turned, no card drawn from the draw pile, no
        reshuffle, no round scored or dealt), and the seat that made it is
        still to play (a discard ends the turn: only a Replay's gives the
        same seat another)."""
        return not self._blocker

    @property
    def why_not_undoable(self) -> str | None:
        """Why :attr:`undoable` is false (a sentence), or None when it is true."""
        return self._blocker or None

    def undone(self) -> Game:
        """This game without its last action, rebuilt by replaying the rest
        (so the engine validates it); raises :class:`StateError` when the
        last action is not :attr:`undoable`."""
        if self._blocker:
            raise StateError(f"nothing can be undone: {self._blocker}")
        g = self.as_dealt()
        for action_id in self._log[: self.moves - 1]:
            g.apply(ACTIONS[action_id])
        return g

    def as_dealt(self) -> Game:
        """This game as it was dealt, before its first action (for replays)."""
        return Game.new(
            self.names,
            rounds=self.rounds,
            first_player=self.first_player,
            seed=self.seed,
            decks=self.decks,
        )

    def play(self, action_id: int) -> list[Event]:
        """:meth:`apply` for an action id (see :mod:`.actions`) already known
        to be legal: no check and no history. Only for searches, which play
        thousands of moves on throwaway copies of a game."""
        kind, arg = _DECODE_ID[action_id]
        p = self.current
        if kind == _DISCARD_KIND:
            card = self.hand
            self.piles[arg].append(card)
            self.hand = -1
            events: list[Event] = [("discard", p, arg, CODES[card])]
            self._end_turn(p, card, events)
            return events
        if kind == _PLACE_KIND:
            i = 12 * p + arg - 1
            bit = 1 << (arg - 1)
            card = self.hand
            old = self.cells[i]
            up = self.up[p]
            was_up = up & bit != 0
            self.cells[i] = card
            self.up[p] = up = up | bit
            self.hand = old
            self.mode = MUST_DISCARD if was_up or IS_STOP[card] else CHOOSE
            events = [("place", p, arg, CODES[card], CODES[old], was_up)]
            if up == ALL_UP and is_instant_win(self.cells[12 * p : 12 * p + 12], up):
                self.hand = -1
                events.append(("instant_win", p))
                self._finish(Outcome("instant_win", (p,), (p,), ()), events)
            return events
        if kind == _DRAW:
            card = self.hand = self.draw.pop()
            self.mode = CHOOSE
            return [("draw", p, CODES[card])]
        card = self.hand = self.piles[arg].pop()
        self.mode = MUST_PLACE
        return [("take", p, arg, CODES[card])]

    def _refusal(self, action: str) -> Exception:
        if action not in ACTION_IDS:
            return MalformedError(f"{brief(action)} is not an action")
        why = self._why_illegal(action)
        return IllegalActionError(f"{action!r} is not legal now: {why}")

    def _why_illegal(self, action: str) -> str:
        kind, arg = decode(action)
        mode = self.mode
        if mode == OVER:
            return "the game is over"
        if kind in ("draw", "take"):
            if mode != START:
                return f"the turn is under way (card in hand: {CODES[self.hand]})"
            return f"discard pile {arg} is empty"
        if mode == START:
            return f"there is no card in hand to {kind}"
        card = CODES[self.hand]
        if kind == "place":
            if mode == MUST_DISCARD:
                return f"{card} must be discarded"
            return f"{card} can only go to spot {NUMBER[self.hand]}"
        if mode == MUST_PLACE:
            return f"{card} was taken from a discard pile, so it must be placed"
        return f"discard pile {1 - arg} is empty, so the card must go there"

    def _end_turn(self, p: int, card: int, events: list[Event]) -> None:
        self.turns += 1
        if self.turns >= TURN_LIMIT:
            self._score_round(events)
            return
        if IS_REPLAY[card]:
            events.append(("extra_turn", p))
        else:
            if self.ender < 0 and self.up[p] == ALL_UP:
                self.ender = p
                events.append(("round_end_triggered", p))
            p = (p + 1) % len(self.names)
            if p == self.ender:
                self._score_round(events)
                return
            self.current = p
        self.mode = START
        if not self.draw:
            self._reshuffle(events)

    def _reshuffle(self, events: list[Event]) -> None:
        pile0, pile1 = self.piles
        cards = pile0[:-1] + pile1[:-1]
        del pile0[:-1], pile1[:-1]
        self.rng.shuffle(cards)
        self.draw = cards
        for c in cards:
            self.recycled |= 1 << c
        events.append(("reshuffle", len(cards)))

    def _deal(self, starter: int) -> None:
        r = self.round - 1
        if r < len(self.decks):
            deck: Sequence[int] = self.decks[r]
        else:
            shuffled = list(range(DECK_SIZE))
            self.rng.shuffle(shuffled)
            deck = shuffled
        n = 12 * len(self.names)
        self.cells = list(deck[:n])
        self.up = [0] * len(self.names)
        self.piles = ([deck[n]], [deck[n + 1]])
        self.draw = list(deck[: n + 1 : -1])
        self.recycled = 0
        self.hand = -1
        self.mode = START
        self.current = starter
        self.turns = 0
        self.ender = -1

    def _score_round(self, events: list[Event]) -> None:
        n = len(self.names)
        scores = tuple(round_score(self.cells[12 * p : 12 * p + 12], self.up[p]) for p in range(n))
        self.round_scores.append(scores)
        for p in range(n):
            self.totals[p] += scores[p]
        events.append(("round_scored", self.round, scores, tuple(self.cells), tuple(self.up)))
        if self.round == self.rounds:
            self._finish(self._by_points(), events)
            return
        self.round += 1
        starter = min(range(n), key=lambda s: (self.totals[s], s))
        self._deal(starter)
        events.append(("round_start", self.round, starter))

    def _by_points(self) -> Outcome:
        """The end of the last round: the most points win; a tie goes to the
        best single round, and is shared if that is tied too."""
        n = len(self.names)
        top = max(self.totals)
        tied = tuple(s for s in range(n) if self.totals[s] == top)
        best = tuple(max(r[s] for r in self.round_scores) for s in range(n))
        if len(tied) == 1:
            return Outcome("most_points", tied, tied, best)
        top_best = max(best[s] for s in tied)
        winners = tuple(s for s in tied if best[s] == top_best)
        return Outcome("shared" if len(winners) > 1 else "best_round", winners, tied, best)

    def _finish(self, outcome: Outcome, events: list[Event]) -> None:
        self.winners = list(outcome.winners)
        self.outcome = outcome
        self.mode = OVER
        events.append(("game_over", outcome.winners, outcome.reason))
