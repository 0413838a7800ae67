"""The lab stays out of what the page runs: the bridge never loads it."""

from __future__ import annotations

import subprocess
import sys


def test_the_bridge_does_not_load_the_lab_or_the_command_line() -> None:
    probe = "import sys, dozito.bridge; print(*sorted(sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    loaded = out.stdout.split()
    assert "dozito.bridge" in loaded
    assert not [m for m in loaded if m.startswith(("dozito.lab", "dozito.cli"))]
