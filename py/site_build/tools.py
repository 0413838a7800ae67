"""The build's tools: .venv (with the Python .python-version names) and node_modules."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

from .core import NODE_MODULES, PYODIDE_NPM, ROOT, VENV, VENV_PYTHON, file_hash, log, run, stamp_is


def wanted_python() -> str:
    """The Python version, 'X.Y', that .python-version asks for."""
    return ".".join((ROOT / ".python-version").read_text().split()[0].split(".")[:2])


def python_version_of(executable: str) -> tuple[str, str] | None:
    """(real executable, 'X.Y') of a Python that runs and has venv, or None."""
    probe = (
        "import sys, venv, ensurepip; print(sys.executable); print('%d.%d' % sys.version_info[:2])"
    )
    try:
        out = subprocess.run(
            [executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split("\n")
    except (OSError, subprocess.CalledProcessError):
        return None
    return out[0], out[1]


def find_base_python() -> str:
    """The interpreter to make .venv with: .python-version's, else this one if recent enough."""
    want = wanted_python()
    candidates = []
    if shutil.which("pyenv"):
        pyenv = subprocess.run(
            ["pyenv", "which", f"python{want}"], cwd=ROOT, capture_output=True, text=True
        )
        candidates.append(pyenv.stdout.strip())
    candidates += [shutil.which(f"python{want}") or "", sys.executable]
    for candidate in filter(None, candidates):
        found = python_version_of(candidate)
        if found and found[1] == want:
            return found[0]
    if sys.version_info[:2] >= tuple(map(int, want.split("."))):
        log(f"Python {want} not found; making .venv with Python {sys.version.split()[0]}")
        return sys.executable
    sys.exit(f"build.py: Python {want} (or newer) with venv is needed to make .venv")


def ensure_venv() -> None:
    """Make .venv if missing and install the project into it, editable, with
    its dev tools at the exact versions of constraints.txt (a new ruff must
    not turn the suite red by itself); a change to either file reinstalls."""
    if not VENV_PYTHON.exists():
        run(find_base_python(), "-m", "venv", VENV)
    stamp = VENV / ".dozito-dev-installed"
    wanted = " ".join(file_hash(ROOT / name) for name in ("pyproject.toml", "constraints.txt"))
    if not stamp_is(stamp, wanted):
        run(VENV_PYTHON, "-m", "pip", "install", "-c", "constraints.txt", "-e", ".[dev]")
        stamp.write_text(wanted)


def ensure_node_modules() -> None:
    """Install the npm packages exactly as package-lock.json pins them."""
    if not shutil.which("npm"):
        sys.exit("build.py: npm is needed (Debian: `apt-get install -y nodejs npm`)")
    stamp = NODE_MODULES / ".dozito-installed"
    wanted = file_hash(ROOT / "package-lock.json")
    if not stamp_is(stamp, wanted):
        run("npm", "ci", "--no-audit", "--no-fund")
        stamp.write_text(wanted)


def pyodide_version() -> str:
    """The version of the Pyodide npm package in node_modules."""
    return str(json.loads((PYODIDE_NPM / "package.json").read_text())["version"])
