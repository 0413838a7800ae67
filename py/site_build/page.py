"""The page as dist/ serves it: its scripts, worker and style sheets bundled by esbuild."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

from .core import (
    CACHE,
    NODE_MODULES,
    ROOT,
    VENV_PYTHON,
    WEB,
    code_hash,
    inputs_hash,
    keep_only,
    log,
)
from .runtime import wasm_path

PAGE = "index.html"
"""The site's one page, whose <meta> holds the content security policy."""
PAGE_SCRIPTS = re.compile(
    r'^([ \t]*)<script type="module"(?: async)? src="([^"]+)"></script>\n', re.M
)
PAGE_STYLES = re.compile(r'^([ \t]*)<link rel="stylesheet" href="([^"]+)">\n', re.M)
"""The page's module scripts and style sheets, one tag a line; dist/'s page has
the two bundles below and one style sheet."""
BOOT_BUNDLE = "js/boot.js"
"""The page's first script: starts the engine's worker. In dist/ a small bundle
of its own, so that the worker starts before the page's bundle has loaded."""
SCRIPT_BUNDLE = "js/main.js"
"""The page's entry module; in dist/ the bundle of it and all it imports takes its path."""
STYLE_BUNDLE = "css/main.css"
"""The page's style sheets, bundled in the order the page lists them."""
WORKER_BUNDLE = "js/engine/worker.js"
"""The engine's worker, bundled with its modules (Pyodide's own scripts stay files of their own)."""
BUNDLED = ("js/", "css/")
"""What the bundles replace in dist/: web/'s modules and style sheets are not copied."""
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
ESBUILD_OPTIONS = ("--bundle", "--minify", "--legal-comments=none", "--log-level=warning")


def esbuild(*args: str | Path, stdin: str | None = None) -> None:
    """Run esbuild in web/ (its paths are relative to it); a failure stops the build."""
    command = [str(ESBUILD), *ESBUILD_OPTIONS, *map(str, args)]
    log("$ esbuild " + " ".join(map(str, args)))
    done = subprocess.run(command, cwd=WEB, input=stdin, capture_output=True, text=True)
    if done.returncode:
        print(done.stdout, done.stderr, sep="", file=sys.stderr)
        raise subprocess.CalledProcessError(done.returncode, command)


def first_only(tags: re.Pattern[str], tag: str, html: str) -> str:
    """html with the first line matching tags replaced by tag (same indent), the others gone."""
    found: list[re.Match[str]] = []

    def replace(match: re.Match[str]) -> str:
        found.append(match)
        return f"{match[1]}{tag}\n" if len(found) == 1 else ""

    return tags.sub(replace, html)


ENGINE_TABLES = """
import json
from dozito.bridge import handle
answers = {op: json.loads(handle(json.dumps({"op": op}))) for op in ("rules", "cards")}
assert all(answer["ok"] for answer in answers.values()), answers
print(json.dumps({op: answer["result"][op] for op, answer in answers.items()}))
"""
"""Prints the engine's answers to the ops "rules" and "cards" (docs/engine-contract.md)."""


def engine_tables() -> str:
    """The rule numbers and the card table, as the engine answers them, for the page's
    bundle (DOZITO_ENGINE_TABLES): the setup and the help show before the engine is up,
    and the numbers still live once, in Python."""
    done = subprocess.run([VENV_PYTHON, "-c", ENGINE_TABLES], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"build.py: the engine could not give its tables:\n{done.stderr}")
    return done.stdout.strip()


def bundle_page() -> Path:
    """A folder holding the page as dist/ serves it: index.html naming two
    scripts, BOOT_BUNDLE then SCRIPT_BUNDLE, and one style sheet, STYLE_BUNDLE,
    and the worker, WORKER_BUNDLE.

    web/ keeps its modules and style sheets as files (the page runs from there
    too); every module script web/index.html names must be imported by the
    entry, so that the bundle runs it (should BOOT_BUNDLE not load), and is
    checked to be.
    """
    html = (WEB / PAGE).read_text()
    scripts = [m[2] for m in PAGE_SCRIPTS.finditer(html)]
    styles = [m[2] for m in PAGE_STYLES.finditer(html)]
    if scripts != [BOOT_BUNDLE, SCRIPT_BUNDLE] or not styles:
        sys.exit(f"build.py: web/{PAGE} must load {BOOT_BUNDLE}, {SCRIPT_BUNDLE}, its style sheets")
    define = f"--define:DOZITO_WASM={json.dumps(wasm_path())}"
    tables = f"--define:DOZITO_ENGINE_TABLES={engine_tables()}"
    code = code_hash(bundle_page, esbuild, first_only) + repr(ESBUILD_OPTIONS) + define + tables
    code = hashlib.sha256(code.encode()).hexdigest()[:16]
    key = inputs_hash([WEB / PAGE, WEB / "js", WEB / "css", ROOT / "package-lock.json"]) + code
    out = CACHE / f"page-{key}"
    if (out / PAGE).exists():
        return out
    keep_only("page", out)
    shutil.rmtree(out, ignore_errors=True)
    meta = CACHE / f"page-meta-{key}.json"
    bundle = f"--outfile={out / SCRIPT_BUNDLE}"
    esbuild(SCRIPT_BUNDLE, "--format=esm", tables, bundle, f"--metafile={meta}")
    inputs = json.loads(meta.read_text())["inputs"]
    meta.unlink()
    if missing := [name for name in scripts if name not in inputs]:
        sys.exit(f"build.py: {SCRIPT_BUNDLE} must import {missing} (web/{PAGE} loads them)")
    esbuild(BOOT_BUNDLE, "--format=esm", f"--outfile={out / BOOT_BUNDLE}")
    esbuild(WORKER_BUNDLE, "--format=esm", define, f"--outfile={out / WORKER_BUNDLE}")
    # Style sheets from standard input: @import them in the page's order.
    entry = "".join(f'@import "./{name}";\n' for name in styles)
    esbuild("--loader=css", f"--outfile={out / STYLE_BUNDLE}", stdin=entry)
    page = first_only(PAGE_STYLES, f'<link rel="stylesheet" href="{STYLE_BUNDLE}">', html)
    (out / PAGE).write_text(page)
    return out
