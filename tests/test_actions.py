"""Action strings taken apart by the public decoder the bots use."""

from __future__ import annotations

import pytest

from dozito import MalformedError
from dozito.actions import ACTIONS, decode


def test_decode_takes_every_action_apart() -> None:
    decoded = [decode(action) for action in ACTIONS]
    assert [k if k == "draw" else f"{k}:{n}" for k, n in decoded] == list(ACTIONS)
    assert {k for k, _ in decoded} == {"draw", "take", "place", "discard"}
    assert decode("draw").arg == 0 and decode("discard:1") == ("discard", 1)


@pytest.mark.parametrize("text", ["", "DRAW", "take:2", "place:0", "place:13", "place:05", "pass"])
def test_decode_refuses_what_is_no_action(text: str) -> None:
    with pytest.raises(MalformedError, match="is not an action"):
        decode(text)
