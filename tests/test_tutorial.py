"""The guided first game (web/tutorial/script.json) still shows every rule it
promises when replayed through the bridge exactly as the page plays it."""

from __future__ import annotations

import json

from dozito import bridge
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
