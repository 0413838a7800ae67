"""Pyodide's own Python under Node.js: the runtime's files, the byte-compiled
standard library and the engine's wheel (py/pyodide_steps.py runs in there)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from .core import (
    CACHE,
    PYODIDE_NPM,
    ROOT,
    VENV,
    VENV_PYTHON,
    code_hash,
    file_hash,
    inputs_hash,
    keep_only,
    log,
    rel,
    run,
)

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""What dist/pyodide/ takes from the npm package as it is (the lock file, with the engine
added, comes from build_engine; the default python_stdlib.zip is never loaded)."""
WASM = "pyodide.asm.wasm"
"""The runtime's WebAssembly: in dist/pyodide/ inside a folder named by its content
(wasm_path), so that a server with a newer runtime cannot answer an older page with it."""
STDLIB_PYC = "python_stdlib_pyc.zip"
"""The byte-compiled standard library (kept in .cache/build for the boot zip and the tests)."""
ENGINE_SOURCES = ("pyproject.toml", "py/dozito", "py/pyodide_steps.py")
"""What the engine's wheel is built from, relative to the repository (py/site_build,
this package, is not: a change to the build remakes no wheel by itself)."""
PYODIDE_STEPS = ROOT / "py" / "pyodide_steps.py"
"""The build's code that runs inside Pyodide: part of the key of what it makes."""


def wasm_path() -> str:
    """Where dist/pyodide/ holds WASM: in a folder named by its content, 'HASH/pyodide.asm.wasm'."""
    return f"{file_hash(PYODIDE_NPM / WASM)[:12]}/{WASM}"


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
    # ENGINE_SOURCES hold PYODIDE_STEPS: a change to it rebuilds the wheel too.
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
