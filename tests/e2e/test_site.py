"""dist/ is deployable as it is: real files only, what GitHub Pages keeps, every
page under the content security policy, and a service worker that knows the
content of every file it keeps."""

from __future__ import annotations

import json
import re

from conftest import site_build


def test_dist_holds_real_files_and_no_dotfiles(site_url: str) -> None:
    paths = list(site_build.DIST.rglob("*"))
    assert any(p.name == "index.html" for p in paths)
    assert not [p for p in paths if p.is_symlink()]
    assert not [p for p in paths if p.name.startswith(".")]


def test_every_page_declares_the_policy_that_is_served(site_url: str) -> None:
    served = site_build.served_policy()
    for page in site_build.DIST.rglob("*.html"):
        declared = site_build.PAGE_POLICY.findall(page.read_text())
        assert [f"{p}; {site_build.HEADER_ONLY_POLICY}" for p in declared] == [served], page


def test_the_service_worker_holds_each_precached_file_s_hash(site_url: str) -> None:
    script = (site_build.DIST / "sw.js").read_text()
    found = re.search(r"^const BUILD = (\{.*?\n\});$", script, re.MULTILINE | re.DOTALL)
    assert found, "no build in dist/sw.js"
    build = json.loads(found[1])
    info = json.loads((site_build.DIST / "build-info.json").read_text())
    assert build["hash"] == info["hash"]
    assert sorted(build["files"]) == site_build.precached(info["files"])
    for name, sha256 in build["files"].items():
        assert sha256 == site_build.file_hash(site_build.DIST / name), name
