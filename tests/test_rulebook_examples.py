"""The rulebook's own examples, played through the engine."""

from __future__ import annotations

from dozito.cards import CARD_IDS
from dozito.scoring import groups, round_score, suns
from scenario import deck, play, up_codes


def test_arthurs_turn_chains_through_green_11_and_red_5() -> None:
    # Earlier turns put R2 and B5 face up in Arthur's grid (seat 0) and R3 on
    # top of discard pile 0; then Arthur's turn plays as in the rulebook.
    d = deck(
        2,
        grids={0: {2: "P9", 3: "G11", 5: "Y1", 11: "R5"}},
        draw=["R2", "Y6", "B5", "R3"],
    )
    before = ["draw", "place:2", "discard:1", "draw", "discard:1"]
    before += ["draw", "place:5", "discard:1", "draw", "discard:0"]
    g = play(2, [d], before)
    assert g.current == 0 and up_codes(g, 0) == {2: "R2", 5: "B5"}
    assert g.to_json()["discard_tops"][0] == "R3"

    events = []
    for action in ["take:0", "place:3", "place:11", "place:5", "discard:1"]:
        events += g.apply(action)
    assert events == [
        ("take", 0, 0, "R3"),
        ("place", 0, 3, "R3", "G11", False),  # (A) red 3 next to red 2; (B) green 11
        ("place", 0, 11, "G11", "R5", False),  # red 5 revealed
        ("place", 0, 5, "R5", "B5", True),  # (C) keeps the red 5
        ("discard", 0, 1, "B5"),  # (D) the blue 5 is discarded, the turn ends
    ]
    assert up_codes(g, 0) == {2: "R2", 3: "R3", 5: "R5", 11: "G11"}
    assert g.current == 1  # Maëlle, on his left, plays next


def test_arthurs_scoring_is_27_points() -> None:
    codes = ["B1", "B2", "B3", "B4", "R5", "G6", "R7", "-", "R9", "R10", "G11", "G12"]
    cells = [CARD_IDS.get(c, CARD_IDS["P8"]) for c in codes]
    up = sum(1 << i for i, c in enumerate(codes) if c != "-")
    found = [(g.color, g.spots, g.points) for g in groups(cells, up)]
    assert found == [("B", (1, 2, 3, 4), 10), ("R", (5, 9, 10), 5), ("G", (11, 12), 2)]
    # The green 6 touches no other green card; the face-down card stays down.
    assert suns(cells, up) == 10
    assert round_score(cells, up) == 27


def test_maelle_replaces_her_face_up_joker_which_goes_to_the_empty_pile() -> None:
    # Maëlle (seat 1) has a purple joker face up at spot 3 and takes the
    # blue 3, the only card of discard pile 0.
    d = deck(2, grids={1: {3: "Y3"}}, piles=("B3", "Y9"), draw=["Y1", "PJ1", "Y2"])
    g = play(2, [d], ["draw", "discard:1", "draw", "place:3", "discard:1", "draw", "discard:1"])
    assert up_codes(g, 1) == {3: "PJ1"}
    g.apply("take:0")
    g.apply("place:3")
    assert g.to_json()["hand"] == "PJ1"
    assert g.legal_actions() == ("discard:0",)  # the emptied (left) pile
    g.apply("discard:0")
    assert up_codes(g, 1) == {3: "B3"}
    assert g.to_json()["discard_tops"][0] == "PJ1" and g.current == 0
