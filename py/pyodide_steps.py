"""The build steps that run inside Pyodide, under Node.js, for build.py.

Byte-compiling has to be done by the Python that will load the code:
Pyodide's (3.14), while build.py runs on the host's. build.py boots Pyodide
under Node.js with the repository mounted at /host, loads this file and
calls :func:`main` with the steps to run. It sits in py/ beside the package,
not in it: setuptools ships only the packages it finds under py/, so no wheel
holds it, and Pyodide loads none of the host build (venv, npm, server).

The .pyc files are unchecked-hash ones (PEP 552), so the browser never reads
a source file or compares a timestamp.

Why not ``pyodide py-compile`` (pyodide-build 0.39, in .venv): it compiles
with the Python that runs it, the host's. From the build's .venv (3.12) it
makes a wheel tagged cp312 whose .pyc files carry 3.12's magic number, which
Pyodide's 3.14 rejects; and pyodide-build is a host tool (it pulls in click,
requests, virtualenv, build, ...) that Pyodide's own Python does not have.
It also does other things than these steps: it replaces each .py by its
.pyc, where the engine's wheel keeps its sources for tracebacks with
``__pycache__/*.pyc`` beside them; it leaves RECORD listing the removed
sources; its code objects name their files by their path in the archive
(``dozito/bridge.py``), not where Pyodide installs them; its zip entries
carry the time of the run, so its output differs from build to build; and
it cannot leave modules out of a wheel.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import marshal
import sys
import zipfile
from collections.abc import Callable
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

LEFT_OUT = ("dozito/lab/*", "dozito/cli.py", "dozito/__main__.py", "*.dist-info/entry_points.txt")
"""What the browser's wheel leaves out of the engine's: the lab and the command
line (with its console script), which the page never runs."""


def main(job_json: str) -> None:
    """Run each [function name, *paths] of the job; paths are relative to /host."""
    functions: dict[str, Callable[..., None]] = {
        "compile_stdlib": compile_stdlib,
        "compile_wheel": compile_wheel,
        "make_boot_zip": make_boot_zip,
        "trim_boot_zip": trim_boot_zip,
        "verify_site": verify_site,
    }
    for name, *paths in json.loads(job_json)["calls"]:
        functions[name](*("/host/" + p for p in paths))


def unchecked_pyc(source: bytes, filename: str) -> bytes:
    """A .pyc for source (PEP 552 unchecked hash): never compared with its source."""
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = 0b01  # hash-based, do not check the source
    return (
        importlib.util.MAGIC_NUMBER
        + flags.to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def copy_entry(info: zipfile.ZipInfo, name: str) -> zipfile.ZipInfo:
    """A zip entry named name with the date of info, deflated: the output is reproducible."""
    entry = zipfile.ZipInfo(name, date_time=info.date_time)
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = info.external_attr
    return entry


def compile_stdlib(src: str, dst: str) -> None:
    """Copy the stdlib zip with every module.py replaced by module.pyc.

    The code objects name their files as zipimport would from the source, in
    the /lib/python3XY.zip where Pyodide installs the standard library.
    """
    mounted = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", compresslevel=9) as zout:
        for info in zin.infolist():
            data = zin.read(info)
            name = info.filename
            if name.endswith(".py"):
                data = unchecked_pyc(data, f"{mounted}/{name}")
                name += "c"
            zout.writestr(copy_entry(info, name), data)
    print(f"compiled the standard library into {dst.removeprefix('/host/')}")


def record_line(name: str, data: bytes) -> str:
    """A wheel RECORD line: name, urlsafe-base64 SHA-256 and size."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(src: str, dst: str) -> None:
    """Copy the engine's pure-Python wheel for the browser: without LEFT_OUT,
    and with __pycache__/*.pyc beside each .py.

    The sources stay for tracebacks; RECORD is rewritten to list what the
    wheel holds.
    """
    site = "/lib/python{}.{}/site-packages".format(*sys.version_info[:2])
    files: list[tuple[zipfile.ZipInfo, str, bytes]] = []
    with zipfile.ZipFile(src) as zin:
        kept = [i for i in zin.infolist() if not any(fnmatchcase(i.filename, p) for p in LEFT_OUT)]
        (record_info,) = [i for i in kept if i.filename.endswith(".dist-info/RECORD")]
        for info in kept:
            if info is record_info:
                continue
            data = zin.read(info)
            files.append((info, info.filename, data))
            if info.filename.endswith(".py"):
                pyc = unchecked_pyc(data, f"{site}/{info.filename}")
                files.append((info, importlib.util.cache_from_source(info.filename), pyc))
    record = [record_line(name, data) for _, name, data in files] + [f"{record_info.filename},,"]
    files.append((record_info, record_info.filename, ("\n".join(record) + "\n").encode()))
    with zipfile.ZipFile(dst, "w") as zout:
        for info, name, data in files:
            zout.writestr(copy_entry(info, name), data)
    print(f"compiled the engine wheel into {dst.removeprefix('/host/')}")


def make_boot_zip(stdlib_pyc: str, wheel: str, dst: str) -> None:
    """The zip the worker mounts as the standard library: stdlib_pyc plus the
    engine's modules of the browser's wheel, each .py beside its .pyc.

    Importing the engine from there needs no `loadPackage` (no lock file, no
    wheel to fetch and unpack), and the engine can be in a memory snapshot:
    one installed by `loadPackage` makes `makeMemorySnapshot` fail.
    """
    mounted = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
    with zipfile.ZipFile(dst, "w", compresslevel=9) as zout:
        with zipfile.ZipFile(stdlib_pyc) as zin:
            for info in zin.infolist():
                zout.writestr(copy_entry(info, info.filename), zin.read(info))
        with zipfile.ZipFile(wheel) as zin:
            for info in zin.infolist():
                if info.filename.endswith(".py"):
                    data = zin.read(info)
                    pyc = unchecked_pyc(data, f"{mounted}/{info.filename}")
                    zout.writestr(copy_entry(info, info.filename + "c"), pyc)
                    zout.writestr(copy_entry(info, info.filename), data)  # for tracebacks
    print(f"made the boot zip {dst.removeprefix('/host/')}")


def exercise_engine() -> None:
    """Run what the page can make the engine do: every op (the aids and the
    review included), every bot level, a refused request, a traceback through
    the engine's code (InternalError)."""
    import traceback

    import dozito.bridge
    from dozito.bots import LEVELS
    from dozito.errors import MalformedError
    from dozito.game import Game

    asked: set[str] = set()

    def ask(request: dict[str, Any]) -> Any:
        asked.add(request["op"])
        return json.loads(dozito.bridge.handle(json.dumps(request)))

    for op in ("cards", "rules", "view", "no-such-op"):
        ask({"op": op})
    reply = ask({"op": "new", "players": list(LEVELS), "rounds": 1, "seed": 1})
    view = reply["result"]["view"]
    while view["phase"] != "game_over":
        view = ask({"op": "bot", "level": LEVELS[view["current"]]})["result"]["view"]
    text = ask({"op": "record"})["result"]["record_text"]
    review = ask({"op": "review_start", "seat": 0})["result"]
    ask({"op": "step", "step": review["steps"] // 2})
    ask({"op": "review_judge", "step": review["decisions"][0]})
    ask({"op": "review_summary"})
    ask({"op": "review_luck", "round": 1})
    ask({"op": "review_account"})
    link = ask({"op": "link"})["result"]["link"]
    ask({"op": "link_open", "link": link})
    ask({"op": "daily_new", "date": "2026-12-02"})
    ask({"op": "daily_expert", "date": "2026-12-02"})
    ask({"op": "load", "text": text})
    ask({"op": "new", "players": ["Ann", "Bob"], "rounds": 1, "seed": 1})
    hint = ask({"op": "hint"})["result"]["hint"]
    ask({"op": "act", "action": hint["action"]})
    ask({"op": "undo"})
    ask({"op": "load", "text": "{"})
    ask({"op": "act", "action": "place:3"})
    assert reply["ok"], reply
    # A new op must be exercised here, or a module only it imports is left out of the boot zip.
    missing = set(dozito.bridge._OPS) - asked
    assert not missing, f"exercise_engine() does not ask for {sorted(missing)}"
    try:  # as the bridge words an InternalError: a traceback through the engine's source
        Game.from_record({})
    except MalformedError:
        traceback.format_exc()


CODECS = frozenset(
    f"encodings/{name}.pyc"
    for name in (
        *("__init__", "aliases", "ascii", "latin_1", "charmap", "cp437", "cp1252", "idna"),
        *("utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be", "utf_32", "utf_32_le"),
        *("utf_32_be", "raw_unicode_escape", "unicode_escape", "punycode"),
    )
)
"""The codecs the boot zip keeps beside those the boot used: a codec is looked
up by name at the first text that needs it, and these are the ones Python's
own modules may ask for (Unicode, ASCII, Latin-1, zip names, host names). The
other hundred (cp1250, mac_roman, ...) weigh 0.23 MB on a first visit; text
reaches the engine as JSON, which is Unicode."""


def trim_boot_zip(full: str, dst: str) -> None:
    """(In Pyodide booted from full) Copy full into dst with only the modules
    that Pyodide's boot and exercise_engine() load, every engine module and
    the CODECS: the page never imports another module (the whole stdlib is
    4.5 MB of the zip)."""
    exercise_engine()
    mounted = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
    files = [getattr(module, "__file__", None) or "" for module in list(sys.modules.values())]
    used = {file.removeprefix(mounted) for file in files if file.startswith(mounted)}
    with zipfile.ZipFile(full) as zin, zipfile.ZipFile(dst, "w", compresslevel=9) as zout:
        kept = [
            info
            for info in zin.infolist()
            if info.filename in used
            or info.filename in CODECS
            or info.filename.startswith("dozito/")
        ]
        for info in kept:
            zout.writestr(copy_entry(info, info.filename), zin.read(info))
    assert "dozito/bridge.pyc" in used and "json/__init__.pyc" in used, sorted(used)[:10]
    missing = CODECS - {info.filename for info in kept}
    assert not missing, sorted(missing)
    print(f"trimmed the boot zip to {len(kept)} of {len(zin.infolist())} files")


def verify_site(stdlib_zip: str) -> None:
    """(In Pyodide booted from dist/) Check that the .pyc files are the ones used.

    Every .pyc in the stdlib zip carries this runtime's magic number, the
    stdlib was imported from them, the engine came from the zip's .pyc if the
    zip holds it (the boot zip), else from the wheel's unchecked .pyc, and the
    engine's bridge answers a request.
    """
    import dozito.bridge

    magic = importlib.util.MAGIC_NUMBER
    with zipfile.ZipFile(stdlib_zip) as stdlib:
        names = stdlib.namelist()
        stale = [n for n in names if n.endswith(".pyc") and stdlib.read(n)[:4] != magic]
    assert not stale, f"{len(stale)} stdlib .pyc files are not for {sys.version}: {stale[:3]}"
    assert json.__file__.endswith(".pyc"), f"json was not imported from a .pyc: {json.__file__}"
    if "dozito/bridge.pyc" in names:
        loader = type(dozito.bridge.__loader__).__name__
        assert loader == "zipimporter", f"the engine was not imported from the zip: {loader}"
        assert dozito.bridge.__file__.endswith(".pyc"), dozito.bridge.__file__
        where = "the boot zip"
    else:
        cached = Path(dozito.bridge.__spec__.cached or "").read_bytes()
        assert cached[:8] == magic + b"\1\0\0\0", "the engine has no unchecked .pyc"
        where = "its wheel"
    reply = json.loads(dozito.bridge.handle('{"op": "cards"}'))
    assert reply["ok"], reply
    print(f"verified dist/pyodide under Python {sys.version.split()[0]}, the engine from {where}")
