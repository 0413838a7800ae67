"""The guided first game (web/tutorial/script.json) still shows every rule it
promises when replayed through the bridge exactly as the page plays it."""

from __future__ import annotations

import json
from typing import Any

from dozito import Game, bridge
from dozito.cards import CODES, COLOR_OF, IS_REPLAY, IS_STOP, KINDS, NUMBER, SUNS
from dozito.lab import tutorial

SCRIPT = json.loads(tutorial.SCRIPT.read_text())


def call(op: str, **fields: object) -> dict:
    out = json.loads(bridge.handle(json.dumps({"op": op, **fields})))
    assert out["ok"], out
    return out["result"]


def test_the_script_shows_every_feature_through_the_bridge() -> None:
    result = call("load", text=tutorial.record_text(SCRIPT))
    view, seats = result["view"], result["seats"]
    assert seats == ["human", "rookie"] and view["rounds"] == 1
    steps = iter(SCRIPT["steps"])
    game = tutorial.start(SCRIPT["seed"], SCRIPT["first"])
    met: set[str] = set()
    chain = 0
    while view["phase"] != "game_over":
        if view["current"] == tutorial.HUMAN:
            step = next(steps)
            assert step["action"] in view["legal_actions"]
            if game.mode == tutorial.START:
                chain = 0
            before = game.clone()
            result = call("act", action=step["action"])
            found, chain = tutorial.features_of(before, step["action"], result["events"], chain)
            met |= found
            game.apply(step["action"])
        else:
            result = call("bot", level="rookie")
            game.apply(result["action"])
            met |= tutorial.features_of(game, result["action"], result["events"], 0)[0] & {
                "scoring"
            }
        view = result["view"]
    assert next(steps, None) is None, "the game ended before the script"
    assert met == set(tutorial.FEATURES)
    assert view["outcome"]["reason"] != "instant_win"


def test_the_script_is_what_the_lab_derives() -> None:
    steps = SCRIPT["steps"]
    assert (
        tutorial.script_data(SCRIPT["seed"], SCRIPT["first"], [s["action"] for s in steps])
        == SCRIPT
    )
    played = tutorial.play(
        SCRIPT["seed"], SCRIPT["first"], tutorial.scripted([s["action"] for s in steps])
    )
    assert played is not None and set(played.met) == set(tutorial.FEATURES)


def neighbours(spot: int) -> list[int]:
    """The spots touching ``spot`` (1..12, rows of 4) side by side or one above the other."""
    row, col = divmod(spot - 1, 4)
    near = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
    return [4 * r + c + 1 for r, c in near if 0 <= r < 3 and 0 <= c < 4]


def check_words(game: Game, step: dict[str, Any], then: str) -> None:
    """Each claim of a coach step holds in the position it is said in."""
    say, action = step["say"], step["action"]
    kind, _, arg = action.partition(":")
    card = game.piles[int(arg)][-1] if kind == "take" else game.hand
    place = action if kind == "place" else then
    if "placed" in step:
        placed = step["placed"]
        assert placed["card"] == CODES[card] and f"place:{placed['spot']}" == place
        grid, up = game.grid(tutorial.HUMAN), game.up[tutorial.HUMAN]
        touching = [
            s for s in neighbours(placed["spot"])
            if up >> s - 1 & 1 and COLOR_OF[grid[s - 1]] == COLOR_OF[card]
        ]  # fmt: skip
        # "It joins your group" only next to a face-up card of its colour.
        assert (placed["group"] >= 2) == bool(touching) == say.endswith("Group"), step
    else:
        assert not say.endswith("Group") and say not in ("take", "placeJoker"), step
    if say.startswith("placeFlip"):  # "the spot of its number", a face-down one
        assert NUMBER[card] == int(arg) and not game.up[tutorial.HUMAN] >> int(arg) - 1 & 1
    if say.startswith("placeJoker"):
        assert KINDS[card] == "joker"
    if say == "placeStopCard":  # "it has 3 suns"
        assert IS_STOP[card] and SUNS[card] == 3
    if say.startswith("discardForced"):
        assert [a for a in game.legal_actions() if a.startswith("discard")] == [action]
    if "Replay" in say:
        assert IS_REPLAY[card]


def test_every_coach_line_is_true_in_its_position_and_the_learner_wins() -> None:
    game = tutorial.start(SCRIPT["seed"], SCRIPT["first"])
    steps = SCRIPT["steps"]
    for i, step in enumerate(steps):
        while game.current != tutorial.HUMAN:
            game.apply(tutorial.rookie_move(game))
        check_words(game, step, steps[i + 1]["action"] if i + 1 < len(steps) else "")
        game.apply(step["action"])
    while not game.over:
        game.apply(tutorial.rookie_move(game))
    # Following the coach wins: the closing words ("you won") fit the result.
    assert game.winners == [tutorial.HUMAN], game.totals
    assert any("Group" in s["say"] for s in steps)  # the group words are checked too
