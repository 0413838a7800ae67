"""Events as JSON data for the page's animations and log.

:meth:`Game.apply` returns events as tuples (cheap to make in a bot's hot
loop); :func:`event_json` turns one into a dict keyed by ``type``:

- ``draw`` {seat, card} — ``take`` {seat, pile, card}
- ``place`` {seat, spot, card, replaced, replaced_was_up}: the replaced card
  is now in hand (turned face up if it was face down: the chain goes on)
- ``discard`` {seat, pile, card} — the turn ends
- ``extra_turn`` {seat} — a Replay card was discarded
- ``round_end_triggered`` {seat} — that seat's grid is all face up
- ``reshuffle`` {count} — the draw pile was rebuilt from the discard piles
- ``round_scored`` {round, scores, grids: [{cards, groups, suns, total}]}
  (``cards`` has ``null`` for a face-down card)
- ``round_start`` {round, starter}
- ``instant_win`` {seat} — 12 face-up cards of one colour
- ``game_over`` {winners, reason} — ``reason`` is ``most_points``,
  ``best_round`` (a tie on points broken by the best single round),
  ``shared`` (tied on both) or ``instant_win`` (see :data:`.game.Reason`)

>>> event_json(("discard", 1, 0, "R5"))
{'type': 'discard', 'seat': 1, 'pile': 0, 'card': 'R5'}
"""

from __future__ import annotations

from typing import Any

from .cards import CODES
from .game import Event
from .scoring import summary

_FIELDS = {
    "draw": ("seat", "card"),
    "take": ("seat", "pile", "card"),
    "place": ("seat", "spot", "card", "replaced", "replaced_was_up"),
    "discard": ("seat", "pile", "card"),
    "extra_turn": ("seat",),
    "round_end_triggered": ("seat",),
    "reshuffle": ("count",),
    "round_start": ("round", "starter"),
    "instant_win": ("seat",),
    "game_over": ("winners", "reason"),
}


def _scored_grid(cells: tuple[int, ...], up: int) -> dict[str, Any]:
    return {
        "cards": [CODES[c] if up >> i & 1 else None for i, c in enumerate(cells)],
        **summary(cells, up),
    }


def event_json(event: Event) -> dict[str, Any]:
    """One event as a JSON-ready dict."""
    kind = event[0]
    if kind == "round_scored":
        _, rnd, scores, cells, ups = event
        return {
            "type": kind,
            "round": rnd,
            "scores": list(scores),
            "grids": [_scored_grid(cells[12 * p : 12 * p + 12], up) for p, up in enumerate(ups)],
        }
    out: dict[str, Any] = {"type": kind}
    for name, value in zip(_FIELDS[kind], event[1:], strict=True):
        out[name] = list(value) if isinstance(value, tuple) else value
    return out
