"""One small interface, `Tab`, over the three browser engines players have.

- Chromium: Playwright's page (tests/e2e/conftest.py's, watched the same way).
- Firefox (ESR on Debian): puppeteer-core over WebDriver BiDi, in Node (firefox.mjs).
- WebKitGTK, Safari's engine: its own Python bindings under Xvfb (webkit.py),
  run by the system Python, whose python3-gi Debian ships.

The two others run as child processes answering one JSON line per request.
An engine this machine lacks is skipped with the line that installs it, but
fails the test under CI=true (as tests/pythons.py does with a missing Python).
"""

from __future__ import annotations

import json
import os
import selectors
import shutil
import subprocess
from pathlib import Path
from typing import Any, Protocol

import pytest
from playwright.sync_api import Page

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
ENGINES = ("chromium", "firefox", "webkit")
FIREFOXES = ("/usr/bin/firefox-esr", "/usr/bin/firefox")
"""Debian's Firefox ESR (.ci/run installs it), else a Firefox from a .deb, as GitHub's
Ubuntu runner image ships (from Mozilla's PPA: not the snap shim of Ubuntu's own)."""
FIREFOX = next((path for path in FIREFOXES if os.access(path, os.X_OK)), FIREFOXES[0])
SYSTEM_PYTHON = "/usr/bin/python3"
ANSWER_S = 240
"""The longest a child may take to answer one request (a whole game is one)."""

INSTALL = {
    "firefox": "apt-get install -y firefox-esr (and npm ci for puppeteer-core)",
    "webkit": "apt-get install -y gir1.2-webkit2-4.1 python3-gi python3-gi-cairo xvfb xauth",
}


class Tab(Protocol):
    """A browser tab of one engine, in a fresh profile."""

    engine: str

    def goto(self, url: str) -> None: ...
    def reload(self) -> None: ...
    def evaluate(self, fn: str) -> Any:
        """Call fn, a JavaScript function's source (async or not); return its JSON value."""

    def set_offline(self, offline: bool) -> None: ...
    def screenshot(self, path: Path) -> None: ...
    def errors(self) -> list[str]:
        """The console errors and page errors seen so far."""


class PlaywrightTab:
    """Chromium: a page of conftest's `new_page`, which also fails the test on its errors."""

    engine = "chromium"

    def __init__(self, page: Page, errors: list[str]) -> None:
        self.page = page
        self._errors = errors

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def evaluate(self, fn: str) -> Any:
        return self.page.evaluate(fn)

    def set_offline(self, offline: bool) -> None:
        self.page.context.set_offline(offline)

    def screenshot(self, path: Path) -> None:
        self.page.screenshot(path=str(path))

    def errors(self) -> list[str]:
        return list(self._errors)


class DriverError(Exception):
    """A child driver refused a request or died."""


class ChildTab:
    """Firefox or WebKit: a child process that answers one JSON line per request."""

    def __init__(self, engine: str, command: list[str]) -> None:
        self.engine = engine
        self.process = subprocess.Popen(
            command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.version = self._read()

    def _read(self) -> Any:
        assert self.process.stdout is not None
        with selectors.DefaultSelector() as selector:
            selector.register(self.process.stdout, selectors.EVENT_READ)
            if not selector.select(ANSWER_S):
                raise DriverError(f"{self.engine}: no answer in {ANSWER_S} s")
        line = self.process.stdout.readline()
        if not line:
            raise DriverError(f"{self.engine}: the driver exited ({self.process.wait()})")
        message = json.loads(line)
        if "error" in message:
            raise DriverError(f"{self.engine}: {message['error']}")
        return message["value"]

    def _call(self, op: str, **args: Any) -> Any:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"op": op, **args}) + "\n")
        self.process.stdin.flush()
        return self._read()

    def goto(self, url: str) -> None:
        self._call("goto", url=url)

    def reload(self) -> None:
        self._call("reload")

    def evaluate(self, fn: str) -> Any:
        return self._call("evaluate", fn=fn)

    def set_offline(self, offline: bool) -> None:
        self._call("offline", offline=offline)

    def screenshot(self, path: Path) -> None:
        self._call("screenshot", path=str(path))

    def errors(self) -> list[str]:
        errors: list[str] = self._call("errors")
        return errors

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def missing(engine: str) -> str | None:
    """Why this machine cannot run engine (the install line), or None if it can."""
    if engine == "firefox":
        found = os.access(FIREFOX, os.X_OK) and (ROOT / "node_modules" / "puppeteer-core").is_dir()
    elif engine == "webkit":
        probe = "import gi; gi.require_version('WebKit2', '4.1'); gi.require_foreign('cairo')"
        found = (
            shutil.which("xvfb-run") is not None
            and os.access(SYSTEM_PYTHON, os.X_OK)
            and subprocess.run([SYSTEM_PYTHON, "-c", probe], capture_output=True).returncode == 0
        )
    else:
        return None
    return None if found else f"{engine} is not installed here: {INSTALL[engine]}"


def require(engine: str) -> None:
    """Skip (fail under CI=true) a test of an engine this machine lacks."""
    reason = missing(engine)
    if reason is None:
        return
    if os.environ.get("CI", "").lower() in ("true", "1"):
        pytest.fail(f"{reason} (a failure with CI=true)", pytrace=False)
    pytest.skip(reason)


def open_child(engine: str, width: int, height: int, profile: Path) -> ChildTab:
    """A tab of Firefox or WebKit at that viewport, with a fresh profile in profile."""
    require(engine)
    size = [str(width), str(height)]
    if engine == "firefox":
        return ChildTab(engine, ["node", str(HERE / "firefox.mjs"), FIREFOX, *size])
    profile.mkdir(parents=True, exist_ok=True)
    screen = f"-screen 0 {width}x{height}x24"
    command = [SYSTEM_PYTHON, str(HERE / "webkit.py"), *size, str(profile)]
    return ChildTab(engine, ["xvfb-run", "-a", "-s", screen, *command])
