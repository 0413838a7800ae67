#!/usr/bin/env python3
"""Build, serve and test the Dozito site.

    python3 build.py                    build dist/ (the same as `build`)
    python3 build.py serve [--port P]   build, then serve dist/ on 127.0.0.1
    python3 build.py test [ARGS...]     build, then pytest over tests/ (also on 3.11, in Pyodide)

Only the standard library is needed to start: the build makes `.venv` (with the
Python that `.python-version` names) and `node_modules` itself, and runs the
tools inside them as subprocesses.

dist/ is a static site that works under any path prefix: web/ with its page's
modules bundled into one script (js/main.js) and its style sheets into one
(css/main.css), and the worker's modules into js/engine/worker.js, by esbuild;
plus pyodide/ holding the Pyodide runtime from npm, the boot zip (its standard
library byte-compiled, with the engine's modules byte-compiled in it:
python_stdlib_boot.zip), a memory snapshot of Python booted from that zip with
the engine imported (snapshot.bin.gz, which the worker restores), and the engine's
wheel, registered in pyodide-lock.json so that `pyodide.loadPackage("dozito")`
finds it (the page itself never loads either). The expensive outputs are
cached under .cache/build/ by the hash of their inputs, so a rebuild with
nothing changed only compares files.

The site works offline: dist/sw.js, the service worker, is web/sw.js with the
build's content hash and the files to precache, each with its SHA-256, filled
in: it changes byte-wise (and browsers offer the update) whenever the build
does, and it refuses to install from a server that sends other content.

Byte-compiling has to be done by Pyodide's own Python (3.14, while the build
runs on the host's): the build runs Pyodide under Node.js, which loads
py/pyodide_steps.py, the steps that run in there. The browser's wheel leaves
out what the page never runs (the lab, the command line): see that file.
"""

from __future__ import annotations

import argparse
import fcntl
import functools
import gzip
import hashlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from fnmatch import fnmatchcase
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
CACHE = ROOT / ".cache" / "build"
NODE_MODULES = ROOT / "node_modules"
PYODIDE_NPM = NODE_MODULES / "pyodide"

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""What dist/pyodide/ takes from the npm package as it is (the lock file, with the engine
added, comes from build_engine; the default python_stdlib.zip is never loaded)."""
WASM = "pyodide.asm.wasm"
"""The runtime's WebAssembly: in dist/pyodide/ inside a folder named by its content
(wasm_path), so that a server with a newer runtime cannot answer an older page with it."""
STDLIB_PYC = "python_stdlib_pyc.zip"
"""The byte-compiled standard library (kept in .cache/build for the boot zip and the tests)."""
BOOT_ZIP = "python_stdlib_boot.zip"
"""What the worker mounts as the standard library: STDLIB_PYC plus the engine, byte-compiled."""
SNAPSHOT = "snapshot.bin.gz"
"""Pyodide's memory just after `import dozito.bridge`, booted from BOOT_ZIP, zero runs cut
out, gzip-compressed: application/gzip, which no host compresses again (the worker
gunzips it as it streams in)."""
SNAPSHOT_MAGIC = b"DZS1"
"""The first bytes of SNAPSHOT, which web/js/engine/snapshot.js checks."""
WORKER = WEB / "js" / "engine" / "worker.js"
WORKER_ABI = re.compile(r'^const PYODIDE_ABI = "([^"]+)";$', re.M)
"""Where the worker names the ABI of the lock it passes inline (Pyodide refuses another)."""
SERVICE_WORKER = "sw.js"
"""The service worker: web/sw.js is its template, never copied to dist/ as it is."""
SW_BUILD_TOKEN = '"__DOZITO_BUILD__"'
"""Where dist/sw.js has the build: {"hash": ..., "wasm": its path, "files": {path: SHA-256}}."""
NOT_PRECACHED = ("pyodide/pyodide-lock.json", "pyodide/dozito-*.whl")
"""Files of dist/ that the page never loads: the lock file listing the engine's wheel
(for `loadPackage("dozito")` from the site, as tests/e2e/test_wheel.py does)."""
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
PAGE_POLICY = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">')
HEADER_ONLY_POLICY = "frame-ancestors 'none'"
"""What the served policy adds to the page's: a <meta> cannot forbid framing."""
ENGINE_SOURCES = ("pyproject.toml", "py")
"""What the engine's wheel is built from, relative to the repository."""
PYODIDE_STEPS = ROOT / "py" / "pyodide_steps.py"
"""The build's code that runs inside Pyodide: part of the key of what it makes."""

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".css": "text/css",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".bin": "application/octet-stream",
    ".gz": "application/gzip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain; charset=utf-8",
}

HOST_COMPRESSES_TEXT = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "application/wasm",
)
"""The types a static host gzips (GitHub Pages, most others): not application/octet-stream,
zip or gzip files, images. The network benchmark's `--compress text`, and the byte budget's."""
FIRST_VISIT_BUDGET = 5_560_000
"""The bytes a first visit of a game's address may fetch before its board is playable,
each file as a host compressing text sends it (tests/e2e/test_first_visit_bytes.py, which
also holds it under STOCK_PYODIDE's). Counted 5.52 MB: the runtime, the boot zip and the
page; a first visit over a phone's link boots without the memory snapshot
(js/engine/boot-choice.js), where a fast link takes it (10.45 MB, and sooner playable)."""
STOCK_PYODIDE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
"""What a stock `loadPyodide` fetches from the npm package (with pyodide-lock.json): 6.39 MB
sent as `text`, the most issue #29 lets a first visit fetch before it is playable."""


def host_compresses(content_type: str, mode: str) -> bool:
    """Whether a host compressing mode ("none", "text" or "all") gzips this type."""
    return mode == "all" or (mode == "text" and content_type.startswith(HOST_COMPRESSES_TEXT))


def sent_size(path: Path, mode: str = "text") -> int:
    """The bytes of path's body as a host compressing mode sends it (gzip level 6)."""
    data = path.read_bytes()
    content_type = MIME_TYPES.get(path.suffix, "application/octet-stream")
    if host_compresses(content_type, mode):
        return len(gzip.compress(data, compresslevel=6, mtime=0))
    return len(data)


STARTED = time.monotonic()
CHROMIUM_HINT = "no Chromium found: install it with `apt-get install -y chromium`"


# --- small helpers ----------------------------------------------------------


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


# --- tools: the venv and node_modules ---------------------------------------


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


def wasm_path() -> str:
    """Where dist/pyodide/ holds WASM: in a folder named by its content, 'HASH/pyodide.asm.wasm'."""
    return f"{file_hash(PYODIDE_NPM / WASM)[:12]}/{WASM}"


# --- running Pyodide's own Python under Node.js -----------------------------

NODE_RUNNER = """
import { pathToFileURL } from "node:url";
const job = JSON.parse(process.argv[1]);
try {
  const { loadPyodide } = await import(pathToFileURL(job.pyodide + "/pyodide.mjs").href);
  const pyodide = await loadPyodide({
    indexURL: job.pyodide + "/",
    stdLibURL: job.stdlib,
    packages: job.packages,
  });
  pyodide.mountNodeFS("/host", job.root);
  pyodide.globals.set("job", JSON.stringify(job));
  pyodide.runPython(`
import importlib.util
spec = importlib.util.spec_from_file_location("pyodide_steps", "/host/py/pyodide_steps.py")
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
module.main(job)
`);
} catch (error) {
  console.error(error.message ?? error); // a PythonError's message is its traceback
  process.exit(1);
}
"""


SNAPSHOT_RUNNER = """
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const job = JSON.parse(process.argv[1]);
const { loadPyodide } = await import(pathToFileURL(job.pyodide + "/pyodide.mjs").href);
const { decodeSnapshot } = await import(pathToFileURL(job.decoder).href);
const config = { indexURL: job.pyodide + "/", stdLibURL: job.stdlib, lockFileContents: job.lock };
const IMPORT = "import dozito.bridge";
const CHECK = "dozito.bridge.handle('{\\"op\\": \\"cards\\"}')";

/** Runs of zero bytes cut out, in CHUNK steps: [magic, size, then (zeros, length, bytes)...]. */
function encode(raw, magic) {
  const CHUNK = 4096;
  const parts = [Buffer.from(magic), Buffer.alloc(4)];
  parts[1].writeUInt32LE(raw.length);
  const isZero = (at) => raw.subarray(at, at + CHUNK).every((byte) => byte === 0);
  for (let at = 0; at < raw.length; ) {
    let zeros = at;
    while (zeros < raw.length && isZero(zeros)) zeros = Math.min(zeros + CHUNK, raw.length);
    let end = zeros;
    while (end < raw.length && !isZero(end)) end = Math.min(end + CHUNK, raw.length);
    const head = Buffer.alloc(8);
    head.writeUInt32LE(zeros - at, 0);
    head.writeUInt32LE(end - zeros, 4);
    parts.push(head, raw.subarray(zeros, end));
    at = end;
  }
  return Buffer.concat(parts);
}

try {
  const maker = await loadPyodide({ ...config, _makeSnapshot: true });
  maker.runPython(IMPORT);
  const raw = maker.makeMemorySnapshot();
  writeFileSync(job.out, encode(raw, job.magic));
  // The proof that it restores, through the worker's own decoder.
  const encoded = readFileSync(job.out);
  const end = encoded.byteOffset + encoded.length;
  const decoded = decodeSnapshot(encoded.buffer.slice(encoded.byteOffset, end));
  if (Buffer.compare(Buffer.from(decoded), Buffer.from(raw))) {
    throw new Error("the snapshot does not decode to itself");
  }
  const restored = await loadPyodide({ ...config, _loadSnapshot: decoded });
  if (!JSON.parse(restored.runPython(CHECK)).ok) {
    throw new Error("the restored engine does not answer");
  }
  console.log(`snapshot: ${raw.length} bytes, ${encoded.length} without zero runs; restores`);
} catch (error) {
  console.error(error.message ?? error);
  process.exit(1);
}
"""


def run_in_pyodide(
    pyodide_dir: Path, stdlib: Path, calls: list[list[str]], packages: tuple[str, ...] = ()
) -> None:
    """Boot Pyodide from pyodide_dir under Node.js and run calls of PYODIDE_STEPS' main.

    Paths in calls are relative to the repository, which Pyodide sees at /host.
    """
    job = {
        "pyodide": str(pyodide_dir),
        "stdlib": str(stdlib),
        "root": str(ROOT),
        "packages": list(packages),
        "calls": calls,
    }
    log(f"Pyodide: {' ; '.join(c[0] for c in calls)}")
    subprocess.run(["node", "--input-type=module", "-e", NODE_RUNNER, json.dumps(job)], check=True)


# --- the build ---------------------------------------------------------------


def keep_only(prefix: str, keep: Path) -> None:
    """Remove the cache entries named prefix-* other than keep."""
    for old in CACHE.glob(f"{prefix}-*"):
        if old != keep:
            shutil.rmtree(old)


def build_stdlib_pyc() -> Path:
    """The byte-compiled standard library, from the cache or made now."""
    code = code_hash(build_stdlib_pyc)
    key = inputs_hash([PYODIDE_NPM / "python_stdlib.zip", PYODIDE_STEPS]) + code
    out = CACHE / f"stdlib-{key}" / STDLIB_PYC
    if not out.exists():
        keep_only("stdlib", out.parent)
        out.parent.mkdir(parents=True)
        calls = [["compile_stdlib", rel(PYODIDE_NPM / "python_stdlib.zip"), rel(out)]]
        run_in_pyodide(PYODIDE_NPM, PYODIDE_NPM / "python_stdlib.zip", calls)
        out.chmod(0o644)  # Pyodide writes files with mode 0666
    return out


def build_engine(stdlib_pyc: Path) -> Path:
    """A folder holding the engine's byte-compiled wheel and the lock file that lists it.

    The wheel is built by `python -m build`, byte-compiled in Pyodide (booted
    from stdlib_pyc, which is quicker) and added to Pyodide's pyodide-lock.json.
    """
    code = code_hash(build_engine)
    # ENGINE_SOURCES hold PYODIDE_STEPS (py/): a change to it rebuilds the wheel too.
    key = inputs_hash([*(ROOT / s for s in ENGINE_SOURCES), PYODIDE_NPM / "pyodide-lock.json"])
    out = CACHE / f"engine-{key}{code}"
    if (out / "pyodide-lock.json").exists():
        return out
    keep_only("engine", out)
    shutil.rmtree(out, ignore_errors=True)
    plain = out / "plain"
    # setuptools would put files left in its build/ folder into the wheel.
    shutil.rmtree(ROOT / "build", ignore_errors=True)
    # -P: with the repository on sys.path, `-m build` would run this file.
    run(VENV_PYTHON, "-P", "-m", "build", "--wheel", "--outdir", plain, ROOT, quiet=True)
    (wheel,) = plain.glob("*.whl")
    run_in_pyodide(PYODIDE_NPM, stdlib_pyc, [["compile_wheel", rel(wheel), rel(out / wheel.name)]])
    (out / wheel.name).chmod(0o644)  # Pyodide writes files with mode 0666
    shutil.rmtree(plain)
    run(
        VENV / "bin" / "pyodide", "lockfile", "add-wheels",
        "--input", PYODIDE_NPM / "pyodide-lock.json",
        "--output", out / "pyodide-lock.json",
        "--base-path", out,
        out / wheel.name,
        quiet=True,
    )  # fmt: skip
    return out


def boot_lock() -> dict[str, Any]:
    """The lock file the worker passes inline: no packages, the runtime's ABI.

    The worker never calls loadPackage, so it needs no lock file download; but
    Pyodide checks the lock's ABI, which worker.js names: it must be the runtime's.
    """
    info = json.loads((PYODIDE_NPM / "pyodide-lock.json").read_text())["info"]
    named = WORKER_ABI.findall(WORKER.read_text())
    if named != [info["abi_version"]]:
        sys.exit(f"build.py: {rel(WORKER)} must name PYODIDE_ABI {info['abi_version']!r} once")
    return {"info": {"abi_version": info["abi_version"]}, "packages": {}}


def build_boot(stdlib_pyc: Path, engine: Path) -> Path:
    """A folder holding BOOT_ZIP and SNAPSHOT, made and restored once under Node.js.

    The snapshot uses Pyodide's private `_makeSnapshot` / `_loadSnapshot`
    options, tied to the runtime's build (its BUILD_ID is checked on restore):
    it is remade whenever the runtime, the zip or this code changes, and the
    runner proves that it restores and answers before the build goes on.
    """
    (wheel,) = engine.glob("*.whl")
    decoder = WEB / "js" / "engine" / "snapshot.js"
    code = code_hash(build_boot, boot_lock)
    code = hashlib.sha256((code + SNAPSHOT_RUNNER).encode()).hexdigest()[:16]
    key = inputs_hash(
        [stdlib_pyc, wheel, PYODIDE_STEPS, decoder, *(PYODIDE_NPM / f for f in PYODIDE_FILES)]
    )
    out = CACHE / f"boot-{key}{code}"
    if (out / SNAPSHOT).exists():
        return out
    keep_only("boot", out)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    full = out / f"full-{BOOT_ZIP}"
    calls = [["make_boot_zip", rel(stdlib_pyc), rel(wheel), rel(full)]]
    run_in_pyodide(PYODIDE_NPM, stdlib_pyc, calls)
    # Booted from the whole zip, Pyodide sees which of its modules the page can use.
    run_in_pyodide(PYODIDE_NPM, full, [["trim_boot_zip", rel(full), rel(out / BOOT_ZIP)]])
    full.unlink()
    (out / BOOT_ZIP).chmod(0o644)  # Pyodide writes files with mode 0666
    job = {
        "pyodide": str(PYODIDE_NPM),
        "stdlib": str(out / BOOT_ZIP),
        "lock": boot_lock(),
        "decoder": str(decoder),
        "magic": SNAPSHOT_MAGIC.decode(),
        "out": str(out / f"{SNAPSHOT}.part"),
    }
    log("Pyodide: make_snapshot")
    subprocess.run(
        ["node", "--input-type=module", "-e", SNAPSHOT_RUNNER, json.dumps(job)], check=True
    )
    framed = out / f"{SNAPSHOT}.part"
    # mtime=0: the same snapshot always makes the same bytes.
    (out / SNAPSHOT).write_bytes(gzip.compress(framed.read_bytes(), compresslevel=9, mtime=0))
    framed.unlink()
    return out


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


def rel(path: Path) -> str:
    """path relative to the repository root, as Pyodide under Node.js sees it below /host."""
    return str(path.relative_to(ROOT))


def site_files(page: Path, engine: Path, boot: Path) -> dict[str, Path]:
    """What dist/ must hold: its relative path -> the file to copy there."""
    files = {p.relative_to(WEB).as_posix(): p for p in tree_files(WEB)}
    del files[SERVICE_WORKER]  # written by write_service_worker
    files = {name: path for name, path in files.items() if not name.startswith(BUNDLED)}
    files.update((p.relative_to(page).as_posix(), p) for p in tree_files(page))
    runtime = {f: PYODIDE_NPM / f for f in PYODIDE_FILES if f != WASM}
    runtime[wasm_path()] = PYODIDE_NPM / WASM
    runtime.update((p.name, p) for p in engine.iterdir())  # the wheel and its lock file
    runtime.update((p.name, p) for p in boot.iterdir())  # the boot zip and the snapshot
    for name, path in runtime.items():
        if f"pyodide/{name}" in files:
            sys.exit(f"build.py: web/pyodide/{name} clashes with the vendored Pyodide")
        files[f"pyodide/{name}"] = path
    return files


def sync_dist(files: dict[str, Path]) -> int:
    """Make dist/ hold exactly files, copying only what changed; return how many were copied."""
    copied = 0
    for name, src in files.items():
        dst = DIST / name
        same = dst.exists() and all(
            getattr(dst.stat(), a) == getattr(src.stat(), a) for a in ("st_size", "st_mtime_ns")
        )
        if not same:
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
            copied += 1
    made = ("build-info.json", SERVICE_WORKER)
    wanted = {DIST / name for name in (*files, *made)}
    for path in tree_files(DIST):
        if path not in wanted:
            path.unlink()
    for folder in sorted(DIST.rglob("*"), reverse=True):
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    return copied


def write_build_info(files: dict[str, Path]) -> str:
    """Write dist/build-info.json (the build's content hash and files); return the hash.

    The hash covers every file of dist/ and the service worker's template, so
    it names the service worker's cache: a new build gets a new cache.
    """
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name}\0{file_hash(DIST / name)}\n".encode())
    digest.update(f"{SERVICE_WORKER}\0{file_hash(WEB / SERVICE_WORKER)}\n".encode())
    info = {
        "hash": digest.hexdigest()[:16],
        "pyodide": pyodide_version(),
        "files": sorted(files),
    }
    text = json.dumps(info, indent=1) + "\n"
    path = DIST / "build-info.json"
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return str(info["hash"])


def precached(files: Iterable[str]) -> list[str]:
    """The files, of those of dist/, that the service worker stores for offline play."""
    return sorted(
        name for name in files if not any(fnmatchcase(name, left) for left in NOT_PRECACHED)
    )


def write_service_worker(site: Path, build_hash: str, files: Iterable[str]) -> None:
    """Write site/sw.js: web/sw.js with the build's hash and the files it precaches.

    Each file comes with the SHA-256 of its content in site/, which the service
    worker checks what it downloads against. Paths are relative to sw.js, which
    sits at the site's root: the site works under any path prefix.
    """
    template = (WEB / SERVICE_WORKER).read_text()
    if template.count(SW_BUILD_TOKEN) != 1:
        sys.exit(f"build.py: web/{SERVICE_WORKER} must hold {SW_BUILD_TOKEN} once")
    hashes = {name: file_hash(site / name) for name in precached(files)}
    (wasm,) = [name for name in hashes if name.endswith(f"/{WASM}")]
    build = json.dumps({"hash": build_hash, "wasm": wasm, "files": hashes}, indent=1)
    text = template.replace(SW_BUILD_TOKEN, build)
    path = site / SERVICE_WORKER
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def verify_dist() -> None:
    """Boot dist/pyodide under Node.js from its boot zip, and from the wheel its lock
    file lists, once for each content of it (build_boot has restored the snapshot)."""
    pyodide = DIST / "pyodide"
    key = inputs_hash([pyodide])
    stamp = CACHE / "verified"
    if stamp_is(stamp, key):
        return
    # Pyodide under Node.js looks for its wasm beside its script: a folder of links.
    runtime = CACHE / "verify-runtime"
    shutil.rmtree(runtime, ignore_errors=True)
    runtime.mkdir()
    for path in pyodide.iterdir():
        if path.is_file():
            (runtime / path.name).symlink_to(path)
    (runtime / WASM).symlink_to(pyodide / wasm_path())
    boot = pyodide / BOOT_ZIP
    run_in_pyodide(runtime, boot, [["verify_site", rel(boot)]])
    stdlib = build_stdlib_pyc()
    run_in_pyodide(runtime, stdlib, [["verify_site", rel(stdlib)]], ("dozito",))
    shutil.rmtree(runtime)
    stamp.write_text(key)


def build() -> None:
    """Make dist/ from web/, the Pyodide npm package and the engine.

    One build at a time: a second one waits for the first to finish.
    """
    CACHE.mkdir(parents=True, exist_ok=True)
    with (CACHE / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        ensure_venv()
        ensure_node_modules()
        if not WEB.is_dir():
            sys.exit("build.py: web/ is missing")
        stdlib_pyc = build_stdlib_pyc()
        engine = build_engine(stdlib_pyc)
        files = site_files(bundle_page(), engine, build_boot(stdlib_pyc, engine))
        copied = sync_dist(files)
        build_hash = write_build_info(files)
        write_service_worker(DIST, build_hash, files)
        verify_dist()
    log(f"dist/ is ready: {len(files)} files, {copied} copied, build {build_hash}")


# --- serving and testing ------------------------------------------------------


def served_policy() -> str:
    """The content security policy header: web/index.html's own, and what only a header can do.

    The <meta> is the one source: hosts that send no headers (GitHub Pages) still
    enforce it, and a server that can mirrors it.
    """
    found = PAGE_POLICY.findall((WEB / PAGE).read_text())
    if len(found) != 1:
        sys.exit(f"build.py: web/{PAGE} must declare its Content-Security-Policy in one <meta>")
    return f"{found[0]}; {HEADER_ONLY_POLICY}"


class SiteHandler(SimpleHTTPRequestHandler):
    """Serves a folder with the MIME types the site needs, revalidated on every load,
    with the headers a careful host sends: the content security policy, and no
    MIME sniffing (a file runs or styles only as the type it is served with)."""

    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def __init__(self, *args: Any, policy: str, quiet: bool, **kwargs: Any) -> None:
        # Set before the base class runs, which handles the request at once.
        self.policy = policy
        self.quiet = quiet
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Content-Security-Policy", self.policy)
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    """The site's HTTP server: a browser that drops a download (a page closed or
    reloaded while it loads) is no error of the server's, so it is not reported."""

    def handle_error(self, request: Any, client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST, port: int = 0, *, quiet: bool = False
) -> ThreadingHTTPServer:
    """An HTTP server for directory on 127.0.0.1 (port 0: any free port); not started yet."""
    handler = functools.partial(
        SiteHandler, directory=str(directory), policy=served_policy(), quiet=quiet
    )
    return SiteServer(("127.0.0.1", port), handler)


def serve(port: int) -> None:
    """Serve dist/ until interrupted."""
    server = make_server(DIST, port)
    print(
        f"Serving dist/ at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


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


# --- command line -------------------------------------------------------------


def main(argv: list[str]) -> int:
    """Parse the command line and run a subcommand; return the exit code."""
    parser = argparse.ArgumentParser(prog="build.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("build", help="build dist/ (the default)")
    serve_parser = commands.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    serve_parser.add_argument("--port", type=int, default=8000)
    commands.add_parser(
        "test",
        help="build, then run pytest here, on 3.11 and in Pyodide; other arguments go to pytest",
    )
    commands.add_parser(
        "screenshots",
        help="build, then shoot the table at every screen size into docs/screenshots/",
    )
    bench_parser = commands.add_parser("bench", help="build, then benchmark the site in Chromium")
    bench_parser.add_argument("--runs", type=int, default=5, help="interleaved boot runs")
    bench_parser.add_argument("--json", action="store_true", help="results as one JSON line")
    bench_parser.add_argument(
        "--network",
        action="store_true",
        help="first visits through a throttled link (tests/bench/network_bench.py; "
        "other arguments go to it)",
    )
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test" and not getattr(args, "network", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    try:
        build()
    except subprocess.CalledProcessError as failed:
        step = " ".join(str(c) for c in failed.cmd[:4])
        sys.exit(f"build.py: the build failed: `{step} ...` exited with {failed.returncode}")
    if args.command == "serve":
        serve(args.port)
    elif args.command == "test":
        return test(extra)
    elif args.command == "screenshots":  # docs/screenshots/make.py: which games, which sizes
        return subprocess.run(
            [str(VENV_PYTHON), str(ROOT / "docs" / "screenshots" / "make.py")], cwd=ROOT
        ).returncode
    elif args.command == "bench":  # tests/bench/*_bench.py: what they measure
        name = "network_bench.py" if args.network else "browser_bench.py"
        script = ROOT / "tests" / "bench" / name
        runs = [] if args.network and "--runs" not in argv else ["--runs", str(args.runs)]
        options = runs + ["--json"] * args.json + extra
        return subprocess.run([str(VENV_PYTHON), str(script), *options], cwd=ROOT).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
