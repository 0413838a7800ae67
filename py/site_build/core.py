"""The build's paths and small helpers: logging, running commands, content hashes
and the cache's stamps."""

from __future__ import annotations

import hashlib
import inspect
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
CACHE = ROOT / ".cache" / "build"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"
STARTED = time.monotonic()
"""When the build began: :func:`log` says how long ago."""


def log(message: str) -> None:
    """Say what the build is doing, and when (seconds since it started)."""
    print(f"[build {time.monotonic() - STARTED:5.1f}s] {message}", flush=True)


def run(*command: str | Path, quiet: bool = False) -> None:
    """Run a command in the repository, echoing it; a failure stops the build.

    quiet: show the command's output only if it fails.
    """
    log("$ " + " ".join(str(c) for c in command))
    done = subprocess.run([str(c) for c in command], cwd=ROOT, capture_output=quiet, text=True)
    if done.returncode:
        print(done.stdout or "", done.stderr or "", sep="", file=sys.stderr)
        raise subprocess.CalledProcessError(done.returncode, done.args)


def file_hash(path: Path) -> str:
    """The SHA-256 of a file's content, in hex."""
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def tree_files(top: Path) -> list[Path]:
    """Every file under top (or top itself), sorted, skipping caches and build litter."""
    if top.is_file():
        return [top]
    litter = ("__pycache__", ".egg-info", ".mypy_cache", ".ruff_cache", ".pytest_cache")
    return sorted(
        p
        for p in top.rglob("*")
        if p.is_file() and not any(part.endswith(litter) for part in p.parts)
    )


def inputs_hash(paths: Iterable[Path]) -> str:
    """One short hash over the names and contents of files and folders."""
    digest = hashlib.sha256()
    for top in paths:
        for path in tree_files(top):
            digest.update(f"{path.relative_to(ROOT)}\0{file_hash(path)}\n".encode())
    return digest.hexdigest()[:16]


def code_hash(*functions: Callable[..., object]) -> str:
    """A short hash of the source of functions: a cache key part that changes with them."""
    source = "".join(inspect.getsource(f) for f in functions)
    return hashlib.sha256(source.encode()).hexdigest()[:16]


def stamp_is(stamp: Path, value: str) -> bool:
    """Whether a stamp file holds value (a stamp records the inputs of a finished step)."""
    return stamp.is_file() and stamp.read_text() == value


def keep_only(prefix: str, keep: Path) -> None:
    """Remove the cache entries named prefix-* other than keep."""
    for old in CACHE.glob(f"{prefix}-*"):
        if old != keep:
            shutil.rmtree(old)


def rel(path: Path) -> str:
    """path relative to the repository root, as Pyodide under Node.js sees it below /host."""
    return str(path.relative_to(ROOT))
