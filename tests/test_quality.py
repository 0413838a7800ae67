"""The code stays clean: ruff (lint and format) and strict mypy over the package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "py", "tests", "build.py"],
        ["ruff", "format", "--check", "py", "tests", "build.py"],
        ["mypy", "py/dozito"],
    ],
    ids=["ruff-check", "ruff-format", "mypy-strict"],
)
def test_tool_passes(command: list[str]) -> None:
    out = subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
