"""The 75 Dozito cards: codes, colours, numbers, suns and kinds.

Cards are small ints ``0..74`` inside the engine (fast to copy and compare)
and codes such as ``"R8"`` or ``"PJ3"`` outside it. The id order is the
contract's canonical deck order: colour by colour (R, B, G, Y, P), each colour
as its numbers 1..12 then its jokers 1..3.

>>> CARD_IDS["R8"], CODES[7], SUNS[7], KINDS[7]
(7, 'R8', 3, 'stop')
>>> NUMBER[CARD_IDS["BJ2"]], COLOR_OF[CARD_IDS["BJ2"]]
(0, 1)
"""

from __future__ import annotations

from typing import Final

from .errors import MalformedError, brief

COLORS: Final = ("R", "B", "G", "Y", "P")
DECK_SIZE: Final = 75

# Per colour: suns of the numbered cards 1..12, the STOP number, the Replay
# number. This is the project's reconstruction (see docs/rules.md): the
# published rules list neither.
_TABLE: Final = {
    "R": ((1, 0, 1, 2, 0, 1, 1, 3, 2, 1, 0, 1), 8, 5),
    "B": ((2, 0, 1, 1, 0, 3, 1, 0, 1, 0, 0, 1), 6, 10),
    "G": ((1, 0, 2, 1, 0, 1, 1, 0, 3, 2, 0, 1), 9, 2),
    "Y": ((1, 0, 1, 1, 0, 1, 2, 0, 1, 1, 0, 3), 12, 8),
    "P": ((1, 0, 1, 2, 0, 1, 3, 0, 2, 1, 0, 1), 7, 11),
}

NORMAL: Final = "normal"
STOP: Final = "stop"
REPLAY: Final = "replay"
JOKER: Final = "joker"


def _build() -> tuple[
    tuple[str, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[str, ...]
]:
    codes: list[str] = []
    color: list[int] = []
    number: list[int] = []
    suns: list[int] = []
    kinds: list[str] = []
    for c, letter in enumerate(COLORS):
        sun_row, stop_no, replay_no = _TABLE[letter]
        for n in range(1, 13):
            codes.append(f"{letter}{n}")
            color.append(c)
            number.append(n)
            suns.append(sun_row[n - 1])
            kinds.append(STOP if n == stop_no else REPLAY if n == replay_no else NORMAL)
        for j in range(1, 4):
            codes.append(f"{letter}J{j}")
            color.append(c)
            number.append(0)
            suns.append(0)
            kinds.append(JOKER)
    return tuple(codes), tuple(color), tuple(number), tuple(suns), tuple(kinds)


CODES, COLOR_OF, NUMBER, SUNS, KINDS = _build()
"""Per card id: its code, colour index, number (0 for a joker), suns, kind."""

CARD_IDS: Final = {code: i for i, code in enumerate(CODES)}
IS_STOP: Final = tuple(k == STOP for k in KINDS)
IS_REPLAY: Final = tuple(k == REPLAY for k in KINDS)


def card_id(code: object) -> int:
    """Return the id of a card code, or raise :class:`MalformedError`.

    >>> card_id("G11")
    40
    """
    if isinstance(code, str):
        cid = CARD_IDS.get(code)
        if cid is not None:
            return cid
    raise MalformedError(f"unknown card {brief(code)}")


def card_info(cid: int) -> dict[str, object]:
    """The contract's description of one card (as ``python -m dozito deck``)."""
    return {
        "code": CODES[cid],
        "color": COLORS[COLOR_OF[cid]],
        "number": NUMBER[cid] or None,
        "suns": SUNS[cid],
        "kind": KINDS[cid],
    }


def parse_deck(deck: object) -> tuple[int, ...]:
    """Check that ``deck`` is a permutation of the 75 codes; return card ids."""
    if not isinstance(deck, list):
        raise MalformedError("a deck must be a list of 75 card codes")
    if len(deck) != DECK_SIZE:
        raise MalformedError(f"a deck must hold 75 cards, not {len(deck)}")
    ids = tuple(card_id(code) for code in deck)
    if len(set(ids)) != DECK_SIZE:
        seen: set[int] = set()
        for cid in ids:
            if cid in seen:
                raise MalformedError(f"card {CODES[cid]} appears twice in a deck")
            seen.add(cid)
    return ids
