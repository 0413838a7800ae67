"""dozito.scoring_table holds exactly what dozito.scoring.mask_points_table() computes.

The table is precomputed because building it at import was slow in the
browser. `.venv/bin/python tests/test_scoring_table.py` rewrites the module.
"""

from __future__ import annotations

import sys
from pathlib import Path

from dozito import scoring, scoring_table

MODULE = Path(scoring_table.__file__)
HEX_PER_LINE = 88
HEADER = '''"""The scoring table, precomputed: :data:`dozito.scoring.MASK_POINTS` as hex.

Building the 4096 entries at import took 0.1-0.5 s in the browser, before
Pyodide's interpreter warms up; decoding them takes microseconds. Written by
``.venv/bin/python tests/test_scoring_table.py`` from
:func:`dozito.scoring.mask_points_table`, which that test checks it against.
"""

from __future__ import annotations

from typing import Final

MASK_POINTS: Final = tuple(
    bytes.fromhex(
'''
FOOTER = '''    )
)
"""Group points of the face-up spots of one colour, by their 12-bit mask (each fits a byte)."""
'''


def module_text() -> str:
    """The source of dozito/scoring_table.py for the table computed now."""
    hexed = bytes(scoring.mask_points_table()).hex()
    rows = (hexed[i : i + HEX_PER_LINE] for i in range(0, len(hexed), HEX_PER_LINE))
    return HEADER + "".join(f'        "{row}"\n' for row in rows) + FOOTER


def test_the_precomputed_table_is_the_computed_one() -> None:
    assert scoring.mask_points_table() == scoring.MASK_POINTS
    fix = "regenerate it with `.venv/bin/python tests/test_scoring_table.py`"
    assert MODULE.read_text() == module_text(), f"{MODULE.name} is stale: {fix}"


if __name__ == "__main__":
    MODULE.write_text(module_text())
    sys.exit(0)
