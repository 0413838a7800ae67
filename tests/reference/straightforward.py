"""A straightforward, independent implementation of the Dozito engine contract.

Written from ``docs/engine-contract.md`` and the rulebook only, as a test oracle for
``dozito.Game`` and as a speed baseline. It favours readability over speed:
dataclasses, card objects, lists, action strings parsed with ``split``.

The only thing shared with the engine is its PRNG (``dozito.rng.Rng``), used
the way the engine documents it: one game RNG seeded with the record's
``seed``, shuffling the 75 card ids (canonical order) for each round dealt
without a given deck, and shuffling ``pile0[:-1] + pile1[:-1]`` into a new
draw pile whose last element is the top card.

Over 300 lines: it is a whole second engine (cards, scoring, turns, rounds,
records), kept plain and in one file so that it reads top to bottom against
the contract it was written from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from dozito.rng import Rng

# -- cards -------------------------------------------------------------------

COLOURS = ["R", "B", "G", "Y", "P"]

# suns of the numbered cards 1..12, per colour
SUNS = {
    "R": [1, 0, 1, 2, 0, 1, 1, 3, 2, 1, 0, 1],
    "B": [2, 0, 1, 1, 0, 3, 1, 0, 1, 0, 0, 1],
    "G": [1, 0, 2, 1, 0, 1, 1, 0, 3, 2, 0, 1],
    "Y": [1, 0, 1, 1, 0, 1, 2, 0, 1, 1, 0, 3],
    "P": [1, 0, 1, 2, 0, 1, 3, 0, 2, 1, 0, 1],
}
STOP_NUMBER = {"R": 8, "B": 6, "G": 9, "Y": 12, "P": 7}
REPLAY_NUMBER = {"R": 5, "B": 10, "G": 2, "Y": 8, "P": 11}

GROUP_POINTS = {1: 0, 2: 2, 3: 5, 4: 10, 5: 16, 6: 25, 7: 35, 8: 45, 9: 55, 10: 65, 11: 75, 12: 0}


@dataclass(frozen=True)
class Card:
    code: str
    colour: str
    number: int | None  # None for a joker
    suns: int
    kind: str  # "normal", "stop", "replay" or "joker"

    @property
    def is_joker(self) -> bool:
        return self.kind == "joker"

    @property
    def is_stop(self) -> bool:
        return self.kind == "stop"

    @property
    def is_replay(self) -> bool:
        return self.kind == "replay"


def _build_cards() -> list[Card]:
    cards = []
    for colour in COLOURS:
        for number in range(1, 13):
            if number == STOP_NUMBER[colour]:
                kind = "stop"
            elif number == REPLAY_NUMBER[colour]:
                kind = "replay"
            else:
                kind = "normal"
            cards.append(Card(f"{colour}{number}", colour, number, SUNS[colour][number - 1], kind))
        for index in range(1, 4):
            cards.append(Card(f"{colour}J{index}", colour, None, 0, "joker"))
    return cards


ALL_CARDS = _build_cards()  # canonical order: R1..R12, RJ1..RJ3, B1, ...
CARDS_BY_CODE = {card.code: card for card in ALL_CARDS}

ALL_ACTIONS = (
    ["draw", "take:0", "take:1"]
    + [f"place:{spot}" for spot in range(1, 13)]
    + ["discard:0", "discard:1"]
)

MAX_TURNS_PER_ROUND = 500


class ReferenceEngineError(Exception):
    pass


class MalformedAction(ReferenceEngineError):
    pass


class IllegalAction(ReferenceEngineError):
    pass


# -- grid scoring ----------------------------------------------------------------


def neighbours(spot: int) -> list[int]:
    """Orthogonal neighbours of a spot (1..12) on the 3x4 grid."""
    row, col = divmod(spot - 1, 4)
    result = []
    for dr, dc in [(-1, 0), (1, 0), (0, -1), (0, 1)]:
        r, c = row + dr, col + dc
        if 0 <= r < 3 and 0 <= c < 4:
            result.append(r * 4 + c + 1)
    return result


@dataclass
class Slot:
    card: Card
    up: bool = False


def find_groups(grid: list[Slot]) -> list[tuple[str, list[int]]]:
    """Groups of face-up same-colour cards, as (colour, sorted spots), by lowest spot."""
    seen: set[int] = set()
    groups = []
    for start in range(1, 13):
        slot = grid[start - 1]
        if start in seen or not slot.up:
            continue
        colour = slot.card.colour
        spots = []
        stack = [start]
        seen.add(start)
        while stack:
            spot = stack.pop()
            spots.append(spot)
            for other in neighbours(spot):
                other_slot = grid[other - 1]
                if other not in seen and other_slot.up and other_slot.card.colour == colour:
                    seen.add(other)
                    stack.append(other)
        groups.append((colour, sorted(spots)))
    return groups


def score_grid(grid: list[Slot]) -> int:
    points = sum(GROUP_POINTS[len(spots)] for _, spots in find_groups(grid))
    suns = sum(slot.card.suns for slot in grid if slot.up)
    return points + suns


def is_instant_win(grid: list[Slot]) -> bool:
    return all(slot.up for slot in grid) and len({slot.card.colour for slot in grid}) == 1


# -- the game ----------------------------------------------------------------------


@dataclass
class Hand:
    card: Card
    source: str  # "draw", "take", "flip" or "forced" (must be discarded)


@dataclass
class ReferenceGame:
    players: list[str]
    rounds: int = 3
    first_player: int = 0
    seed: int = 0
    decks: list[list[str]] = field(default_factory=list)

    # state, set up by start()
    rng: Rng = field(init=False)
    round: int = field(init=False, default=0)
    grids: list[list[Slot]] = field(init=False, default_factory=list)
    piles: list[list[Card]] = field(init=False, default_factory=list)  # bottom first
    draw_pile: list[Card] = field(init=False, default_factory=list)  # last = top
    current: int = field(init=False, default=0)
    hand: Hand | None = field(init=False, default=None)
    turns_this_round: int = field(init=False, default=0)
    end_triggered_by: int | None = field(init=False, default=None)
    final_turns_left: int = field(init=False, default=0)
    round_scores: list[list[int]] = field(init=False, default_factory=list)
    totals: list[int] = field(init=False, default_factory=list)
    winners: list[int] = field(init=False, default_factory=list)
    over: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.rng = Rng(self.seed)
        self.totals = [0] * len(self.players)
        self.start_round(1, self.first_player)

    # -- construction ---------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: list[str],
        rounds: int = 3,
        first_player: int = 0,
        seed: int = 0,
        decks: list[list[str]] | None = None,
    ) -> ReferenceGame:
        return cls(list(players), rounds, first_player, seed, [list(d) for d in decks or []])

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> ReferenceGame:
        game = cls.new(
            record["players"],
            rounds=record.get("rounds", 3),
            first_player=record.get("first_player", 0),
            seed=record.get("seed", 0),
            decks=record.get("decks"),
        )
        for action in record.get("actions", []):
            game.apply(action)
        return game

    # -- rounds -----------------------------------------------------------------

    def deck_for_round(self, round_number: int) -> list[Card]:
        if round_number <= len(self.decks):
            return [CARDS_BY_CODE[code] for code in self.decks[round_number - 1]]
        ids = list(range(75))
        self.rng.shuffle(ids)
        return [ALL_CARDS[i] for i in ids]

    def start_round(self, round_number: int, starter: int) -> None:
        n = len(self.players)
        deck = self.deck_for_round(round_number)
        self.round = round_number
        self.grids = [[Slot(deck[12 * p + s]) for s in range(12)] for p in range(n)]
        self.piles = [[deck[12 * n]], [deck[12 * n + 1]]]
        self.draw_pile = list(reversed(deck[12 * n + 2 :]))
        self.turns_this_round = 0
        self.end_triggered_by = None
        self.final_turns_left = 0
        self.hand = None
        self.start_turn(starter)

    def start_turn(self, player: int) -> None:
        self.current = player
        self.hand = None
        if not self.draw_pile:
            rest = self.piles[0][:-1] + self.piles[1][:-1]
            self.piles = [self.piles[0][-1:], self.piles[1][-1:]]
            self.rng.shuffle(rest)
            self.draw_pile = rest

    def score_round(self) -> None:
        scores = [score_grid(grid) for grid in self.grids]
        self.round_scores.append(scores)
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self.hand = None
        if self.round >= self.rounds:
            self.finish_game()
            return
        lowest = min(self.totals)
        starter = self.totals.index(lowest)
        self.start_round(self.round + 1, starter)

    def finish_game(self) -> None:
        self.over = True
        self.hand = None
        best_total = max(self.totals)
        tied = [p for p in range(len(self.players)) if self.totals[p] == best_total]
        if len(tied) > 1:
            best_round = {p: max(scores[p] for scores in self.round_scores) for p in tied}
            top = max(best_round.values())
            tied = [p for p in tied if best_round[p] == top]
        self.winners = sorted(tied)

    # -- actions -----------------------------------------------------------------

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        actions = []
        if self.hand is None:
            actions.append("draw")
            for i in (0, 1):
                if self.piles[i]:
                    actions.append(f"take:{i}")
            return actions
        card = self.hand.card
        if self.hand.source != "forced":
            for spot in range(1, 13):
                if card.is_joker or card.number == spot:
                    actions.append(f"place:{spot}")
        if self.hand.source != "take":
            empty = [i for i in (0, 1) if not self.piles[i]]
            if len(empty) == 1:
                actions.append(f"discard:{empty[0]}")
            else:
                actions += ["discard:0", "discard:1"]
        return actions

    def apply(self, action: str) -> None:
        if action not in ALL_ACTIONS:
            raise MalformedAction(f"bad action string {action!r}")
        if action not in self.legal_actions():
            raise IllegalAction(f"{action!r} is not legal now")
        parts = action.split(":")
        kind = parts[0]
        if kind == "draw":
            self.hand = Hand(self.draw_pile.pop(), "draw")
        elif kind == "take":
            self.hand = Hand(self.piles[int(parts[1])].pop(), "take")
        elif kind == "place":
            self.place(int(parts[1]))
        elif kind == "discard":
            self.discard(int(parts[1]))

    def place(self, spot: int) -> None:
        assert self.hand is not None
        card = self.hand.card
        grid = self.grids[self.current]
        replaced = grid[spot - 1]
        grid[spot - 1] = Slot(card, up=True)
        if is_instant_win(grid):
            self.hand = None
            self.over = True
            self.winners = [self.current]
            return
        if card.is_stop:
            self.hand = Hand(replaced.card, "forced")
        elif not replaced.up:
            self.hand = Hand(replaced.card, "flip")
        else:
            self.hand = Hand(replaced.card, "forced")

    def discard(self, pile: int) -> None:
        assert self.hand is not None
        card = self.hand.card
        self.piles[pile].append(card)
        self.hand = None
        self.end_turn(replay=card.is_replay)

    def end_turn(self, replay: bool) -> None:
        self.turns_this_round += 1
        if self.turns_this_round >= MAX_TURNS_PER_ROUND:
            self.score_round()
            return
        if replay:
            self.start_turn(self.current)
            return
        # the player's last consecutive turn is over
        n = len(self.players)
        if self.end_triggered_by is not None:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self.score_round()
                return
        elif all(slot.up for slot in self.grids[self.current]):
            self.end_triggered_by = self.current
            self.final_turns_left = n - 1
        self.start_turn((self.current + 1) % n)

    # -- state ---------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": "game_over" if self.over else "turn",
            "round": self.round,
            "current_player": None if self.over else self.current,
            "hand": self.hand.card.code if self.hand is not None else None,
            "legal_actions": self.legal_actions(),
            "grids": [
                [{"card": slot.card.code, "up": slot.up} for slot in grid] for grid in self.grids
            ],
            "discard_tops": [pile[-1].code if pile else None for pile in self.piles],
            "draw_count": len(self.draw_pile),
            "round_scores": [list(scores) for scores in self.round_scores],
            "totals": list(self.totals),
            "winners": list(self.winners),
        }
