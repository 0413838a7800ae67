"""tests/pythons.py, which runs the engine's tests on Python 3.11 and in
Pyodide: what it leaves out is named and still there, a failure inside
Pyodide fails the run, and a missing Python fails only CI."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pythons

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("entry", [*pythons.BUILD_ONLY, *pythons.NO_PROCESSES])
def test_what_a_run_leaves_out_exists(entry: str) -> None:
    """A renamed test or file must be renamed here too, or it would run where it cannot."""
    path, _, name = entry.partition("::")
    assert (ROOT / path).exists(), entry
    if name:
        assert f"\ndef {name}(" in (ROOT / path).read_text(), entry


def test_arguments_go_to_every_run_but_paths_it_leaves_out() -> None:
    left_out = pythons.RUNS["pyodide"].left_out
    args = pythons.selection(["-x", "-k", "rules", "tests/test_rules.py", "tests/e2e"], left_out)
    assert args is not None
    assert args[-4:] == ["-x", "-k", "rules", "tests/test_rules.py"]
    assert {"--ignore=tests/e2e", "--ignore=tests/test_cli.py"} <= set(args)
    assert "--deselect=tests/test_arena.py::test_results_depend_on_seed_not_on_jobs" in args
    assert pythons.selection(["tests/e2e/test_play.py::test_x", "-x"], left_out) is None
    assert pythons.selection(["tests/test_cli.py"], left_out) is None
    assert pythons.selection(["tests/test_cli.py"], pythons.RUNS["3.11"].left_out) is not None


def test_pytest_in_pyodide_runs_its_python_and_reports_failures(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    lock = json.loads((ROOT / "dist" / "pyodide" / "pyodide-lock.json").read_text())
    (tmp_path / "test_sample.py").write_text(
        "import sys\n\n\n"
        "def test_runs_in_pyodide():\n"
        "    assert sys.platform == 'emscripten'\n"
        f"    assert sys.version.startswith({lock['info']['python']!r} + ' ')\n\n\n"
        "def test_fails():\n"
        "    assert 1 + 1 == 3\n"
    )
    code = pythons.pytest_in_pyodide(["-p", "no:cacheprovider", str(tmp_path)], cwd=tmp_path)
    out = capfd.readouterr().out
    assert code == 1, out
    assert "1 failed, 1 passed" in out
    assert "assert (1 + 1) == 3" in out


@pytest.mark.parametrize(("ci", "code"), [("", 0), ("true", 1)])
def test_a_missing_python_is_one_line_and_fails_only_ci(tmp_path: Path, ci: str, code: int) -> None:
    env = {**os.environ, "PATH": str(tmp_path), "CI": ci}  # no pyenv, no python3.11
    out = subprocess.run(
        [sys.executable, "tests/pythons.py", "--python", "3.11", "-q"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == code, out.stdout + out.stderr
    (line,) = out.stdout.splitlines()
    assert "Python 3.11: skipped, no Python 3.11 with venv" in line
    assert line.endswith("(a failure with CI=true)") == bool(ci)
