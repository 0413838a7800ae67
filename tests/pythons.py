#!/usr/bin/env python3
"""The engine's tests on the other Pythons it runs on.

    python3 tests/pythons.py [--python 3.11|pyodide] [PYTEST ARGS...]

`python3 build.py test` runs this after the build Python's pytest run; it
needs .venv and dist/, which the build makes. Two runs, each of what the
build Python runs but for BUILD_ONLY:

- Python 3.11, the minimum pyproject.toml declares (pyenv's, else python3.11
  on PATH), in a venv of its own under .cache/pythons/ that holds only what
  the tests import: TEST_NEEDS at the pins of constraints.txt.
- Python 3.14 in Pyodide, the page's runtime: dist/pyodide booted under
  Node.js, with TEST_NEEDS as wheels for that runtime (downloaded once into
  .cache/pythons/) and the repository mounted at its own path, so paths and
  tracebacks read as on the host. WebAssembly has no processes, so the tests
  of NO_PROCESSES are left out there too.

PYTEST ARGS go to both runs, but for paths into BUILD_ONLY; a run left with
nothing to do says so and passes. A Python this machine lacks (no 3.11, no
network for the wheels) is reported in one line and skipped, except under
CI=true, where it fails the run.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / ".cache" / "pythons"
CONSTRAINTS = ROOT / "constraints.txt"
TEST_NEEDS = ("pytest", "hypothesis")
"""What the engine's tests import beyond the standard library and the engine."""

BUILD_ONLY = {
    "tests/e2e": "drives the built site in Chromium with Playwright",
    "tests/bench": "benchmarks the built site in Chromium with Playwright",
    "tests/test_quality.py": "runs ruff and mypy, and checks .venv's pins",
    "tests/test_workflows.py": "reads the workflows with PyYAML",
    "tests/test_pythons.py": "starts these very runs",
}
"""What only the build Python runs, and why: it needs the build's tools."""

NO_PROCESSES = {
    "tests/test_cli.py": "runs `python -m dozito` in subprocesses",
    "tests/test_arena.py::test_results_depend_on_seed_not_on_jobs": "plays in worker processes",
    "tests/test_history.py::test_a_long_game_is_freed_copied_and_pickled_on_a_small_stack": (
        "runs a subprocess with a small stack"
    ),
    "tests/test_stats.py::test_the_bot_benchmark_does_not_load_the_arena": (
        "imports in a fresh subprocess"
    ),
    "tests/test_lab.py::test_the_bridge_does_not_load_the_lab_or_the_command_line": (
        "imports in a fresh subprocess"
    ),
}
"""What Pyodide cannot run besides BUILD_ONLY, and why."""

NODE_RUNNER = """
import { pathToFileURL } from "node:url";
const job = JSON.parse(process.argv[1]);
let code = 3; // pytest's "internal error", for a runtime that failed
try {
  const { loadPyodide } = await import(pathToFileURL(job.runtime + "/pyodide.mjs").href);
  const pyodide = await loadPyodide({ indexURL: job.runtime + "/", stdLibURL: job.stdlib });
  await pyodide.loadPackage(job.wheels, { messageCallback: () => {} });
  for (const dir of job.mounts) pyodide.mountNodeFS(dir, dir);
  pyodide.globals.set("job", JSON.stringify(job));
  code = pyodide.runPython(`
import json, os, pytest
job = json.loads(job)
os.chdir(job["cwd"])
int(pytest.main(job["args"]))
`);
} catch (error) {
  console.error(error.message ?? error); // a PythonError's message is its traceback
}
process.exit(code);
"""


sys.path.insert(0, str(ROOT / "py"))
site_build = importlib.import_module("site_build")
"""The site's build (py/site_build): its paths and helpers."""


class Unavailable(Exception):
    """This machine cannot give the run its Python."""


def selection(args: list[str], left_out: dict[str, str]) -> list[str] | None:
    """pytest's arguments for a run without left_out; None if args name only left-out paths."""
    ignored = [path for path in left_out if "::" not in path]
    paths = [a for a in args if not a.startswith("-") and _path_of(a).exists()]
    dropped = [a for a in paths if any(_path_of(a).is_relative_to(ROOT / i) for i in ignored)]
    if paths and dropped == paths:
        return None
    return [
        "-p", "no:cacheprovider",  # .pytest_cache stays the build Python's
        *(f"--ignore={path}" for path in ignored),
        *(f"--deselect={path}" for path in left_out if path not in ignored),
        *(a for a in args if a not in dropped),
    ]  # fmt: skip


def _path_of(arg: str) -> Path:
    """The file or folder a pytest argument names (`tests/x.py::test_y`: tests/x.py)."""
    return (ROOT / arg.split("::")[0]).resolve()


def find_python(version: str) -> str | None:
    """A Python of version (X.Y) with venv: pyenv's, else python{version} on PATH."""
    named = [shutil.which(f"python{version}")]
    if shutil.which("pyenv"):
        which = ["pyenv", "which", f"python{version}"]
        named.insert(0, subprocess.run(which, capture_output=True, text=True).stdout.strip())
    for executable in filter(None, named):
        found = site_build.python_version_of(executable)
        if found and found[1] == version:
            return str(found[0])
    return None


def python_311() -> Path:
    """The python of .cache/pythons/venv-3.11, made (again) if missing or stale."""
    base = find_python("3.11")
    if base is None:
        raise Unavailable("no Python 3.11 with venv (from pyenv, or python3.11 on PATH)")
    venv = CACHE / "venv-3.11"
    python = venv / "bin" / "python"
    stamp = venv / ".dozito-installed"
    wanted = f"{base} {site_build.file_hash(CONSTRAINTS)}"
    if not site_build.stamp_is(stamp, wanted):
        shutil.rmtree(venv, ignore_errors=True)
        try:
            site_build.run(base, "-m", "venv", venv, quiet=True)
            install = ["-m", "pip", "install", "-c", CONSTRAINTS, *TEST_NEEDS]
            site_build.run(python, *install, quiet=True)
        except subprocess.CalledProcessError as failed:
            raise Unavailable(f"could not install {' and '.join(TEST_NEEDS)}") from failed
        stamp.write_text(wanted)
    return python


def run_311(args: list[str]) -> int:
    """pytest's exit code on Python 3.11."""
    python = python_311()
    # The editable install's part: subprocesses import the engine too.
    env = {**os.environ, "PYTHONPATH": str(ROOT / "py")}
    site_build.log(f"$ {python.relative_to(ROOT)} -m pytest {' '.join(args)}")
    return subprocess.run([python, "-m", "pytest", *args], cwd=ROOT, env=env).returncode


def pyodide_wheels(info: dict[str, str]) -> list[Path]:
    """TEST_NEEDS at their pins, as wheels for the Pyodide of a lock file's info; fetched once."""
    python = ".".join(info["python"].split(".")[:2])
    platform = f"pyemscripten_{info['abi_version']}_{info['arch']}"
    folder = CACHE / f"wheels-{platform}-{site_build.file_hash(CONSTRAINTS)[:16]}"
    stamp = folder / ".complete"
    if not stamp.exists():
        for old in CACHE.glob("wheels-*"):
            shutil.rmtree(old)
        download = ["-m", "pip", "download", "--dest", folder, "-c", CONSTRAINTS]
        target = ["--only-binary=:all:", "--python-version", python, "--platform", platform]
        try:
            site_build.run(site_build.VENV_PYTHON, *download, *target, *TEST_NEEDS, quiet=True)
        except subprocess.CalledProcessError as failed:
            raise Unavailable(f"could not download {' and '.join(TEST_NEEDS)} wheels") from failed
        stamp.write_text(platform)
    return sorted(folder.glob("*.whl"))


def pytest_in_pyodide(args: list[str], cwd: Path = ROOT) -> int:
    """pytest's exit code in the page's Pyodide under Node.js, the repository and cwd mounted."""
    runtime = site_build.DIST / "pyodide"
    if not (runtime / "pyodide.mjs").exists():
        raise Unavailable("dist/pyodide is missing: `python3 build.py` makes it")
    info = json.loads((runtime / "pyodide-lock.json").read_text())["info"]
    job = {
        # The npm package's runtime, of which dist/pyodide/ holds byte-equal copies
        # (the wasm in a folder named by its hash, where loadPyodide would not look).
        "runtime": str(site_build.PYODIDE_NPM),
        "stdlib": str(site_build.build_stdlib_pyc()),  # the boot zip would shadow the engine
        "wheels": [str(w) for w in pyodide_wheels(info)],
        "mounts": [str(ROOT)] + [str(cwd)] * (not cwd.is_relative_to(ROOT)),
        "cwd": str(cwd),
        "args": args,
    }
    site_build.log(f"$ pytest {' '.join(args)}  (Python {info['python']} in Pyodide)")
    command = ["node", "--input-type=module", "-e", NODE_RUNNER, json.dumps(job)]
    return subprocess.run(command, cwd=ROOT).returncode


class Run(NamedTuple):
    """One of the other Pythons: its name, how pytest runs there, and what it leaves out."""

    name: str
    pytest: Callable[[list[str]], int]
    left_out: dict[str, str]


RUNS = {
    "3.11": Run("Python 3.11", run_311, BUILD_ONLY),
    "pyodide": Run("Pyodide", pytest_in_pyodide, {**BUILD_ONLY, **NO_PROCESSES}),
}


def main(argv: list[str]) -> int:
    """Run the engine's tests on each Python asked for; return 1 if any failed."""
    parser = argparse.ArgumentParser(
        prog="tests/pythons.py", description=__doc__.split("\n\n")[0], allow_abbrev=False
    )
    parser.add_argument(
        "--python", choices=RUNS, action="append", help="only this one (again for more)"
    )
    options, pytest_args = parser.parse_known_args(argv)
    ci = os.environ.get("CI", "").lower() in ("true", "1")
    failed = False
    outcomes = []
    for name, run, left_out in (RUNS[key] for key in options.python or RUNS):
        args = selection(pytest_args, left_out)
        if args is None:
            outcomes.append(f"{name}: the arguments name no test it runs")
            continue
        try:
            code = run(args)
        except Unavailable as missing:
            outcomes.append(f"{name}: skipped, {missing}" + " (a failure with CI=true)" * ci)
            failed |= ci
            continue
        failed |= code not in (0, 5)  # 5: pytest found nothing to run
        verdict = {0: "passed", 5: "no test selected"}.get(code, f"FAILED (pytest exit {code})")
        outcomes.append(f"{name}: {verdict}")
    for outcome in outcomes:
        site_build.log(outcome)
    return int(failed)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
