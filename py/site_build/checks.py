"""`build.py test`: the JavaScript checks, then pytest here, on 3.11 and in Pyodide."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from .core import ROOT, VENV_PYTHON, log

CHROMIUM_HINT = "no Chromium found: install it with `apt-get install -y chromium`"


def find_chromium() -> str | None:
    """Debian's Chromium, else one that Playwright downloaded, else None."""
    if os.access("/usr/bin/chromium", os.X_OK):
        return "/usr/bin/chromium"
    cache = Path(os.environ.get("PLAYWRIGHT_BROWSERS_PATH") or Path.home() / ".cache/ms-playwright")
    found = sorted(cache.glob("chromium-*/chrome-linux*/chrome"))
    return str(found[-1]) if found else None


JS_TESTS = ROOT / "tests" / "js"
PRETTIER_PATHS = ["web", "tests/js", "eslint.config.js"]
"""What prettier formats (see .prettierignore); eslint.config.js says what eslint lints."""


def run_js_checks() -> int:
    """Lint, format-check and unit-test (tests/js) the page's JavaScript; 1 if a check failed."""
    tools = "node_modules/.bin/"
    unit_tests = sorted(str(path.relative_to(ROOT)) for path in JS_TESTS.glob("*.test.mjs"))
    checks = {
        "eslint": ([tools + "eslint", "--max-warnings=0", "."], "fix what it lists above"),
        "prettier --check": (
            [tools + "prettier", "--check", *PRETTIER_PATHS],
            f"format with `{tools}prettier --write {' '.join(PRETTIER_PATHS)}`",
        ),
        "node --test": (["node", "--test", *unit_tests], "node's report above names the failures"),
    }
    failed = []
    for name, (command, fix) in checks.items():
        log("$ " + " ".join(command))
        if subprocess.run(command, cwd=ROOT).returncode:
            failed.append(f"build.py test: {name} failed: {fix}")
    for message in failed:
        print(message, file=sys.stderr)
    return 1 if failed else 0


def test(pytest_args: list[str]) -> int:
    """Run pytest (unit and browser tests) in .venv, then the engine's tests on
    Python 3.11 and in Pyodide (tests/pythons.py); return 0 if all passed."""
    if not find_chromium():
        sys.exit(f"build.py test: {CHROMIUM_HINT}")
    if failed := run_js_checks():
        return failed
    log("$ .venv/bin/python -m pytest " + " ".join(pytest_args))
    code, failures = run_keeping_failures([str(VENV_PYTHON), "-m", "pytest", *pytest_args])
    verdict = (
        f"the build Python (.venv): {'passed' if code == 0 else f'FAILED (pytest exit {code})'}"
    )
    log(verdict)
    others_code, others_failures = run_keeping_failures(
        [sys.executable, "tests/pythons.py", *pytest_args]
    )
    # The runs print thousands of lines; a reader of a long log (or of its
    # tail only) finds what failed here, at the end.
    log("test summary: " + verdict)
    for line in failures + others_failures:
        print("  " + line, flush=True)
    return others_code or code


FAILURE_LINE = re.compile(r"^(FAILED|ERROR) |^\[build [^]]*\] [\w. ]+: (FAILED|skipped)")
"""pytest's short summary of a failure (-ra), or tests/pythons.py's verdict of one."""


def run_keeping_failures(command: list[str]) -> tuple[int, list[str]]:
    """Run command in ROOT, echoing its output as it comes; return its exit code
    and the lines of its output that name a failure."""
    failures = []
    with subprocess.Popen(
        command,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        errors="replace",
        bufsize=1,
    ) as process:
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            if FAILURE_LINE.search(line):
                failures.append(line.rstrip())
    return process.returncode, failures
