"""The engine's wheel in dist/ holds what the page runs and nothing else: no
lab (benchmarks, arena), no command line, and a RECORD true to its files."""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
import zipfile

from conftest import site_build

BRIDGE_LOADS = "import sys, dozito.bridge; print(*sys.modules)"


def browser_wheel() -> zipfile.ZipFile:
    (wheel,) = (site_build.DIST / "pyodide").glob("dozito-*.whl")
    return zipfile.ZipFile(wheel)


def test_the_wheel_holds_only_the_modules_the_bridge_loads(site_url: str) -> None:
    with browser_wheel() as wheel:
        sources = [n for n in wheel.namelist() if n.endswith(".py")]
    shipped = {n.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for n in sources}
    out = subprocess.run([sys.executable, "-c", BRIDGE_LOADS], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    loaded = {m for m in out.stdout.split() if m.split(".")[0] == "dozito"}
    assert "dozito.bots.sharp" in loaded  # the bridge loads the bots
    assert shipped == loaded, f"shipped, never run: {shipped - loaded}; missing: {loaded - shipped}"


def test_the_wheel_has_no_console_script(site_url: str) -> None:
    with browser_wheel() as wheel:
        assert not [n for n in wheel.namelist() if n.endswith("entry_points.txt")]


def test_the_wheel_s_record_lists_each_file_with_its_hash(site_url: str) -> None:
    with browser_wheel() as wheel:
        (record,) = [n for n in wheel.namelist() if n.endswith(".dist-info/RECORD")]
        rows = [line.split(",") for line in wheel.read(record).decode().splitlines()]
        assert sorted(name for name, _, _ in rows) == sorted(wheel.namelist())
        for name, digest, size in rows:
            if name == record:
                assert (digest, size) == ("", "")
                continue
            data = wheel.read(name)
            sha = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert (digest, size) == (f"sha256={sha.decode()}", str(len(data))), name
