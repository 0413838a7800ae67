"""Scoring properties, checked on random grids with hypothesis."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from dozito.cards import CARD_IDS, COLORS
from dozito.scoring import (
    ALL_UP,
    GROUP_POINTS,
    groups,
    is_instant_win,
    round_score,
    summary,
    suns,
)

# A grid: per spot, a colour and whether the card is a joker; plus a face-up mask.
spot_cards = st.lists(
    st.tuples(st.sampled_from(COLORS), st.booleans(), st.integers(1, 3)), min_size=12, max_size=12
)


def build(spec: list[tuple[str, bool, int]]) -> list[int]:
    """Jokers need distinct indices in one colour: fall back to the numbered card."""
    cells: list[int] = []
    for spot, (colour, joker, j) in enumerate(spec, start=1):
        code = f"{colour}J{j}" if joker else f"{colour}{spot}"
        cid = CARD_IDS[code]
        cells.append(cid if cid not in cells else CARD_IDS[f"{colour}{spot}"])
    return cells


def group_points(cells: list[int], up: int) -> int:
    return sum(g.points for g in groups(cells, up))


@given(spot_cards, st.integers(0, ALL_UP), spot_cards)
def test_face_down_cards_never_count(spec: list, up: int, other: list) -> None:  # type: ignore[type-arg]
    cells, swapped = build(spec), build(other)
    mixed = [cells[i] if up >> i & 1 else swapped[i] for i in range(12)]
    assert round_score(cells, up) == round_score(mixed, up)


@given(spot_cards, st.integers(0, ALL_UP), st.integers(0, 11))
def test_turning_a_card_up_never_lowers_group_points(spec: list, up: int, spot: int) -> None:  # type: ignore[type-arg]
    cells = build(spec)
    more = up | 1 << spot
    if not is_instant_win(cells, more):
        assert group_points(cells, more) >= group_points(cells, up)
        assert round_score(cells, more) >= round_score(cells, up)


@given(spot_cards, st.integers(0, ALL_UP))
def test_groups_are_connected_single_colour_and_disjoint(spec: list, up: int) -> None:  # type: ignore[type-arg]
    cells = build(spec)
    found = groups(cells, up)
    spots = [s for g in found for s in g.spots]
    assert len(spots) == len(set(spots))
    for g in found:
        assert len(g.spots) >= 2 and g.points == GROUP_POINTS[len(g.spots)]
        assert all(up >> (s - 1) & 1 for s in g.spots)
        assert {COLORS.index(g.color)} == {cells[s - 1] // 15 for s in g.spots}
    assert round_score(cells, up) == group_points(cells, up) + suns(cells, up)


@given(spot_cards, st.integers(0, ALL_UP))
def test_the_summary_is_the_groups_the_suns_and_the_round_score(spec: list, up: int) -> None:  # type: ignore[type-arg]
    cells = build(spec)
    assert summary(cells, up) == {
        "groups": [g.to_json() for g in groups(cells, up)],
        "suns": suns(cells, up),
        "total": round_score(cells, up),
    }


def test_diagonals_do_not_connect() -> None:
    cells = [
        CARD_IDS[f"{'R' if s in (1, 6, 11) else 'B' if s % 2 else 'G'}{s}"] for s in range(1, 13)
    ]
    assert [g.spots for g in groups(cells, ALL_UP) if g.color == "R"] == []
