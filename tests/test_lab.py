"""The lab stays out of what the page runs: the bridge never loads it."""

from __future__ import annotations

import random
import subprocess
import sys
from dataclasses import replace

from dozito.bots.expert import DEFAULT_BUDGET, search
from dozito.lab import search_regret


def test_the_bridge_does_not_load_the_lab_or_the_command_line() -> None:
    probe = "import sys, dozito.bridge; print(*sorted(sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = out.stdout.split()
    assert "dozito.bridge" in loaded
    assert not [m for m in loaded if m.startswith(("dozito.lab", "dozito.cli"))]


def test_search_regret_derives_the_expert_s_own_choice_from_a_wider_search() -> None:
    """The lab's settings are read off one wide search: on the same deals,
    the shipped budget's setting must pick what the expert's search picks."""
    shipped = (DEFAULT_BUDGET.candidates, DEFAULT_BUDGET.close_call, DEFAULT_BUDGET.deals,
               DEFAULT_BUDGET.confidence)  # fmt: skip
    picked = set()
    for k, obs in enumerate(search_regret.decisions(3, 7)):
        own = search(obs, random.Random(k), DEFAULT_BUDGET)
        wide = search(
            obs, random.Random(k), replace(search_regret.WIDE, deals=DEFAULT_BUDGET.deals)
        )
        deals = len(wide.candidates[0].worths)
        assert search_regret.choice(wide.candidates, shipped, deals) == own.action
        picked.add(own.choice > 0)
        if picked == {True, False}:
            return
    raise AssertionError("no decision where the search left sharp's choice")
