"""Self-play for tuning expert's search budget: expert with another budget against a level.

    .venv/bin/python -m dozito.lab.tune_expert '{"deals": 64, "confidence": 0.5}' \\
        --against sharp --deals 200 --seed 402 --jobs 2

plays ``expert`` with those :class:`~dozito.bots.expert.ExpertBudget`
fields (the entry ``tuned``) against ``--against`` in the arena (three-round
games by default, as the acceptance runs): the same deals, seats rotated,
the same report. ``docs/bots-experiments.md`` has the runs.
"""

from __future__ import annotations

import json
import sys

from ..bots import Bot
from ..bots.expert import ExpertBot, ExpertBudget
from .tune_sharp import tune


def expert_with(budget: str) -> Bot:
    """Expert with the given :class:`ExpertBudget` fields (JSON)."""
    return ExpertBot(ExpertBudget(**json.loads(budget)))


if __name__ == "__main__":
    sys.exit(tune(__doc__, expert_with, deals=400, seed=402, rounds=3))
