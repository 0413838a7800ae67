"""The boot zip and the memory snapshot the page's worker restores."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from .core import CACHE, PYODIDE_NPM, WEB, code_hash, inputs_hash, keep_only, log, rel
from .runtime import PYODIDE_FILES, PYODIDE_STEPS, run_in_pyodide

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
