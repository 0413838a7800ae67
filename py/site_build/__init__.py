"""The build of the Dozito site, run by ``python3 build.py`` (standard library only).

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

Its modules, in the order a build runs them: :mod:`.tools` (.venv and
node_modules), :mod:`.runtime` (Pyodide under Node.js: the byte-compiled
standard library, the engine's wheel), :mod:`.snapshot` (the boot zip and
the memory snapshot), :mod:`.page` (esbuild's bundles), :mod:`.dist` (dist/,
its service worker, the check that it boots); then :mod:`.server` serves it
and :mod:`.checks` tests it. :mod:`.core` holds the paths and helpers they
share. Tests and benchmarks use the names this package exports.
"""

from __future__ import annotations

from .checks import CHROMIUM_HINT, find_chromium, test
from .core import (
    CACHE,
    DIST,
    PYODIDE_NPM,
    ROOT,
    VENV_PYTHON,
    WEB,
    file_hash,
    log,
    run,
    stamp_is,
    tree_files,
)
from .dist import build, precached, write_service_worker
from .page import (
    BOOT_BUNDLE,
    PAGE,
    PAGE_SCRIPTS,
    PAGE_STYLES,
    SCRIPT_BUNDLE,
    STYLE_BUNDLE,
    WORKER_BUNDLE,
    bundle_page,
)
from .runtime import WASM, build_stdlib_pyc, wasm_path
from .server import (
    FIRST_VISIT_BUDGET,
    HEADER_ONLY_POLICY,
    PAGE_POLICY,
    STOCK_PYODIDE,
    SiteHandler,
    SiteServer,
    host_compresses,
    make_server,
    sent_size,
    serve,
    served_policy,
)
from .snapshot import SNAPSHOT
from .tools import python_version_of

__all__ = [
    "BOOT_BUNDLE",
    "build",
    "build_stdlib_pyc",
    "bundle_page",
    "CACHE",
    "CHROMIUM_HINT",
    "DIST",
    "file_hash",
    "find_chromium",
    "FIRST_VISIT_BUDGET",
    "HEADER_ONLY_POLICY",
    "host_compresses",
    "log",
    "make_server",
    "PAGE",
    "PAGE_POLICY",
    "PAGE_SCRIPTS",
    "PAGE_STYLES",
    "precached",
    "python_version_of",
    "PYODIDE_NPM",
    "ROOT",
    "run",
    "SCRIPT_BUNDLE",
    "sent_size",
    "serve",
    "served_policy",
    "SiteHandler",
    "SiteServer",
    "SNAPSHOT",
    "stamp_is",
    "STOCK_PYODIDE",
    "STYLE_BUNDLE",
    "test",
    "tree_files",
    "VENV_PYTHON",
    "WASM",
    "wasm_path",
    "WEB",
    "WORKER_BUNDLE",
    "write_service_worker",
]
