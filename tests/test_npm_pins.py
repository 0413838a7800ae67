"""The npm tools are pinned exactly, in package.json and in its lock, which
`npm ci` installs as it is: a new esbuild or prettier release cannot change
the built site or turn the suite red by itself."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_dev_dependency_is_an_exact_version_the_lock_holds() -> None:
    wanted = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    assert "esbuild" in wanted  # build.py bundles the page with it
    for name, version in wanted.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name} {version} is not exact"
        assert lock[""]["devDependencies"][name] == version, name
        assert lock[f"node_modules/{name}"]["version"] == version, name
