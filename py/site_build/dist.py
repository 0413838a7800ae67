"""dist/ itself: its files, the build's hash, the service worker, and the check that
it boots; :func:`build` makes it all."""

from __future__ import annotations

import fcntl
import hashlib
import json
import shutil
import sys
from collections.abc import Iterable
from fnmatch import fnmatchcase
from pathlib import Path

from .core import (
    CACHE,
    DIST,
    PYODIDE_NPM,
    WEB,
    file_hash,
    inputs_hash,
    log,
    rel,
    stamp_is,
    tree_files,
)
from .page import BUNDLED, bundle_page
from .runtime import (
    PYODIDE_FILES,
    WASM,
    build_engine,
    build_stdlib_pyc,
    run_in_pyodide,
    wasm_path,
)
from .snapshot import BOOT_ZIP, build_boot
from .tools import ensure_node_modules, ensure_venv, pyodide_version

SERVICE_WORKER = "sw.js"
"""The service worker: web/sw.js is its template, never copied to dist/ as it is."""
SW_BUILD_TOKEN = '"__DOZITO_BUILD__"'
"""Where dist/sw.js has the build: {"hash": ..., "wasm": its path, "files": {path: SHA-256}}."""
NOT_PRECACHED = ("pyodide/pyodide-lock.json", "pyodide/dozito-*.whl")
"""Files of dist/ that the page never loads: the lock file listing the engine's wheel
(for `loadPackage("dozito")` from the site, as tests/e2e/test_wheel.py does)."""


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
