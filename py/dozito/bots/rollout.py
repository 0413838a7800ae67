"""Fast play-outs for searching bots: greedy choices, straight on a Game.

:class:`~dozito.bots.greedy.CasualBot` values every legal action string;
a search plays thousands of moves per decision, so :func:`greedy_action`
reaches the same choice (tests check they agree) by looking at the turn's
mode instead, reads the sampled game's fields directly, and answers with an
action id (see :mod:`dozito.actions`). With ``Weights.hide`` it also minds
the next player (the play-outs of ``expert``). Every move still goes
through the engine (:meth:`Game.play`, which skips the legality check and
the history): the rules stay in one place.
"""

from __future__ import annotations

from typing import Final

from ..actions import DISCARD_BASE, DRAW, PLACE_BASE, TAKE_BASE
from ..cards import COLOR_OF, IS_REPLAY
from ..game import CHOOSE, MUST_DISCARD, OVER, START, Game
from ..scoring import color_masks
from .greedy import Weights, best_place

PLACE: Final = PLACE_BASE + 1
"""The id of the action placing the hand card at index 0 (spot 1)."""
DISCARD: Final = (DISCARD_BASE, DISCARD_BASE + 1)


def grid_masks(g: Game) -> list[list[int]]:
    """Every seat's colour masks (see :func:`dozito.scoring.color_masks`)."""
    return [color_masks(g.cells, 12 * p, up) for p, up in enumerate(g.up)]


def greedy_action(g: Game, w: Weights, grids: list[list[int]]) -> int:
    """The id of the action the greedy policy with weights ``w`` picks in
    ``g``, whose seats' colour masks are ``grids``."""
    mode = g.mode
    piles = g.piles
    if mode == MUST_DISCARD:
        return _discard(g, w, grids)
    seat = g.current
    base = 12 * seat
    cells = g.cells
    up = g.up[seat]
    masks = grids[seat]
    if mode == START:
        best, action = w.draw, DRAW
        for k in (0, 1):
            if piles[k]:
                value = best_place(cells, base, up, masks, piles[k][-1], w)[0]
                if value > best:
                    best, action = value, TAKE_BASE + k
        return action
    hand = g.hand
    value, i = best_place(cells, base, up, masks, hand, w)
    if mode != CHOOSE:
        return PLACE + i
    drop = w.replay if IS_REPLAY[hand] else 0.0
    if w.hide:
        # Whatever leaves the grid is offered to the next player.
        if up >> i & 1 and not IS_REPLAY[cells[base + i]]:
            value -= _handoff(g, cells[base + i], w, grids)
        if not IS_REPLAY[hand]:
            drop -= _handoff(g, hand, w, grids)
    return _discard(g, w, grids) if drop > value else PLACE + i


def _handoff(g: Game, card: int, w: Weights, grids: list[list[int]]) -> float:
    """Half of what ``card`` is worth to the next player beyond a draw."""
    seat = (g.current + 1) % len(g.up)
    worth = best_place(g.cells, 12 * seat, g.up[seat], grids[seat], card, w)[0]
    return 0.5 * max(0.0, worth - w.draw)


def _discard(g: Game, w: Weights, grids: list[list[int]]) -> int:
    """Casual's pile is the first legal one. With ``w.hide`` it covers the
    top card the next player would value more (less, when a Replay makes the
    next turn our own)."""
    piles = g.piles
    if not piles[1]:
        return DISCARD[1]
    if not (w.hide and piles[0]):
        return DISCARD[0]
    n = len(g.up)
    seat = g.current if IS_REPLAY[g.hand] else (g.current + 1) % n
    base = 12 * seat
    up = g.up[seat]
    masks = grids[seat]
    worth0 = best_place(g.cells, base, up, masks, piles[0][-1], w)[0]
    worth1 = best_place(g.cells, base, up, masks, piles[1][-1], w)[0]
    if seat == g.current:
        return DISCARD[0] if worth0 <= worth1 else DISCARD[1]
    return DISCARD[0] if worth0 >= worth1 else DISCARD[1]


ROUND_END = 1 << 30
"""As many turns as ``play_out`` may play: it plays to the round's end."""


def play_out(g: Game, w: Weights, turns: int = ROUND_END) -> int:
    """Play greedily for every seat until the current round is scored (or
    ``turns`` more turns have ended); return the number of moves played."""
    round_no = g.round
    last_turn = g.turns + turns
    grids = grid_masks(g)
    cells = g.cells
    moves = 0
    while g.mode != OVER and g.round == round_no and g.turns < last_turn:
        action = greedy_action(g, w, grids)
        i = action - PLACE
        if not 0 <= i < 12:
            g.play(action)
        else:
            # Only the placed spot changes: keep the seat's masks up to date
            # instead of recounting the grid on every move.
            seat = g.current
            cell = 12 * seat + i
            masks = grids[seat]
            if g.up[seat] >> i & 1:
                masks[COLOR_OF[cells[cell]]] &= ~(1 << i)
            g.play(action)
            masks[COLOR_OF[cells[cell]]] |= 1 << i
        moves += 1
    return moves
