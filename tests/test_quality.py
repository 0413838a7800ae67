"""The code stays clean: ruff (lint and format) and strict mypy over the
package and the build, run by tools pinned in constraints.txt."""

from __future__ import annotations

import hashlib
import re
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent


CHECKS = {
    "ruff-check": ["ruff", "check", "py", "tests", "build.py"],
    "ruff-format": ["ruff", "format", "--check", "py", "tests", "build.py"],
    "mypy-strict": ["mypy", "py/dozito", "py/pyodide_steps.py", "py/site_build", "build.py"],
}
"""Each check by the id of its pre-commit hook: the tool's ``-m`` command line."""


@pytest.mark.parametrize("command", CHECKS.values(), ids=CHECKS.keys())
def test_tool_passes(command: list[str]) -> None:
    out = subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


def _name(requirement: str) -> str:
    """A requirement's project name, normalized (PEP 503)."""
    return re.sub(r"[-_.]+", "-", re.split(r"[\s<>=!~;\[]", requirement, maxsplit=1)[0]).lower()


def test_every_dev_tool_is_pinned_and_installed_at_its_pin() -> None:
    """A new release of a tool (ruff's formatter above all) cannot change
    what the suite says: the venv holds exactly the pinned versions."""
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            pins[_name(name)] = version
    dev = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    assert {_name(r) for r in dev["dev"]} <= set(pins)
    for name, version in pins.items():
        assert metadata.version(name) == version, name


def test_the_venv_was_installed_from_todays_pins() -> None:
    """build.py's stamp covers constraints.txt, so a changed pin reinstalls."""
    digest = hashlib.sha256((ROOT / "constraints.txt").read_bytes()).hexdigest()
    stamp = (ROOT / ".venv" / ".dozito-dev-installed").read_text().split()
    assert digest in stamp, "constraints.txt changed: `python3 build.py` reinstalls .venv"


def test_pre_commit_runs_the_same_checks_with_the_venv() -> None:
    """The pre-commit hooks run exactly these checks, from .venv, downloading nothing."""
    (repo,) = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())["repos"]
    assert repo["repo"] == "local"
    hooks = {h["id"]: h for h in repo["hooks"]}
    assert {i: h["entry"].split() for i, h in hooks.items()} == {
        i: [".venv/bin/python", "-m", *c] for i, c in CHECKS.items()
    }
    assert all(h["language"] == "system" and h["pass_filenames"] is False for h in hooks.values())


MAX_LINES = 300
"""CONTRIBUTING's limit on a file's length; eslint's ``max-lines`` holds the JS to it."""


def test_every_long_python_file_says_why_at_its_top() -> None:
    """A Python file over :data:`MAX_LINES` lines says why in its opening
    docstring, with the words "Over 300 lines", as a long JS file does."""
    files = [ROOT / "build.py", *ROOT.glob("py/**/*.py"), *ROOT.glob("tests/**/*.py")]
    silent = []
    for path in files:
        lines = path.read_text().splitlines()
        if len(lines) > MAX_LINES and f"Over {MAX_LINES} lines" not in "\n".join(lines[:60]):
            silent.append(f"{path.relative_to(ROOT)} ({len(lines)} lines)")
    assert not silent, "long files that do not say why at their top: " + ", ".join(silent)
