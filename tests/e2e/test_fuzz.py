"""Random-click games in CI: a hostile player (random legal clicks, double
clicks, stray clicks, key presses) through whole one-round games of 2 to 5
seats, humans and bots mixed, each checked after every move and replayed
from its exported record at the end (tests/e2e/fuzzing.py says what is
checked). The long run of the same games is tests/bench/fuzz_games.py.

A failure names its seed and its last moves. `DOZITO_FUZZ_SEED=N` and
`DOZITO_FUZZ_GAMES=K` play seeds N to N+K-1 instead of 1 to 10 (the default
keeps CI's games the same from run to run).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from fuzzing import Fuzzer, Table
from playwright.sync_api import Page

from conftest import PageLog

GAMES = int(os.environ.get("DOZITO_FUZZ_GAMES", "10"))
FIRST_SEED = int(os.environ.get("DOZITO_FUZZ_SEED", "1"))


@pytest.mark.parametrize("seed", range(FIRST_SEED, FIRST_SEED + GAMES))
def test_a_random_clicker_plays_a_whole_game_that_replays_to_its_totals(
    seed: int, new_page: Callable[..., Page], page_log: PageLog, site_url: str, tmp_path: Path
) -> None:
    table = Table.from_seed(seed)
    page = new_page(viewport=table.viewport, accept_downloads=True)
    Fuzzer(page, site_url, table, page_log.errors).play(tmp_path)  # raises FuzzFailure
