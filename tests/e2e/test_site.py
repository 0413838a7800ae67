"""dist/ is deployable as it is: real files only, what GitHub Pages keeps."""

from __future__ import annotations

from conftest import site_build


def test_dist_holds_real_files_and_no_dotfiles(site_url: str) -> None:
    paths = list(site_build.DIST.rglob("*"))
    assert any(p.name == "index.html" for p in paths)
    assert not [p for p in paths if p.is_symlink()]
    assert not [p for p in paths if p.name.startswith(".")]
