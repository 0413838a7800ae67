"""dist/ serves the page bundled: a small script that starts the engine's
worker, the page's script and one style sheet, made from web/'s modules and
style sheets (which stay files there) the same way at every build, and the
worker starts every download of its boot at once."""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, Route, expect

from conftest import engine_worker, site_build

WEB_PAGE = site_build.WEB / site_build.PAGE
SCRIPT = re.compile(r"<script\b[^>]*>")
STYLE = re.compile(r'<link rel="stylesheet"[^>]*>')


def repoint(monkeypatch: pytest.MonkeyPatch, name: str, path: Path) -> None:
    """Point the build's path ``name`` at ``path`` in every module of
    py/site_build that holds it (each imports the paths it uses by name)."""
    modules = [m for n, m in sys.modules.items() if n.split(".")[0] == "site_build"]
    holders = [m for m in modules if hasattr(m, name)]
    assert site_build.page in holders, f"bundle_page no longer reads {name}"
    for module in holders:
        monkeypatch.setattr(module, name, path)


def test_the_built_page_loads_two_scripts_and_one_style_sheet(site_url: str) -> None:
    html = (site_build.DIST / site_build.PAGE).read_text()
    assert SCRIPT.findall(html) == [
        f'<script type="module" async src="{site_build.BOOT_BUNDLE}">',
        f'<script type="module" src="{site_build.SCRIPT_BUNDLE}">',
    ]
    assert STYLE.findall(html) == [f'<link rel="stylesheet" href="{site_build.STYLE_BUNDLE}">']

    # Apart from them, the page is web/'s, line for line.
    def without_tags(page: str) -> str:
        return site_build.PAGE_STYLES.sub("", site_build.PAGE_SCRIPTS.sub("", page))

    assert without_tags(html) == without_tags(WEB_PAGE.read_text())
    scripts = sorted(str(p.relative_to(site_build.DIST)) for p in site_build.DIST.rglob("*.js"))
    assert [s for s in scripts if not s.startswith("pyodide/")] == sorted(
        [site_build.BOOT_BUNDLE, site_build.SCRIPT_BUNDLE, site_build.WORKER_BUNDLE, "sw.js"]
    )
    assert [str(p.relative_to(site_build.DIST)) for p in site_build.DIST.rglob("*.css")] == [
        site_build.STYLE_BUNDLE
    ]


def test_a_bundle_imports_nothing_of_the_site(site_url: str) -> None:
    for name in (site_build.BOOT_BUNDLE, site_build.SCRIPT_BUNDLE, site_build.WORKER_BUNDLE):
        text = (site_build.DIST / name).read_text()
        # A static import statement: `import "x"` or `import ... from "x"`, after a statement.
        found = re.search(r"""(?:^|[;}])\s*import\s*(?:[\w{}*\s,$]+from\s*)?["']""", text, re.M)
        assert not found, (name, found)


def first_classes(sheet: str) -> list[str]:
    """The class names a style sheet's rules use, in order of first use."""
    without_comments = re.sub(r"/\*.*?\*/", "", sheet, flags=re.S)
    return list(dict.fromkeys(re.findall(r"\.([a-zA-Z][\w-]*)", without_comments)))


def test_the_style_sheets_are_bundled_in_the_page_s_order(site_url: str) -> None:
    styles = [m[2] for m in site_build.PAGE_STYLES.finditer(WEB_PAGE.read_text())]
    bundle = (site_build.DIST / site_build.STYLE_BUNDLE).read_text()
    seen: set[str] = set()
    at = -1
    for name in styles:
        # The first class that no earlier sheet used appears after the earlier sheets' ones.
        new = [c for c in first_classes((site_build.WEB / name).read_text()) if c not in seen]
        seen.update(first_classes((site_build.WEB / name).read_text()))
        if not new:
            continue
        found = bundle.find(f".{new[0]}", at + 1)
        assert found > at, f"{name} is not in the bundle after the sheets before it"
        at = found


def test_the_bundles_are_made_again_byte_for_byte(
    site_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repoint(monkeypatch, "CACHE", tmp_path)
    made = site_build.bundle_page()
    assert made.parent == tmp_path  # bundled anew, not taken from the build's cache
    for path in site_build.tree_files(made):
        name = path.relative_to(made).as_posix()
        assert path.read_bytes() == (site_build.DIST / name).read_bytes(), name


@pytest.fixture
def web_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of web/ that bundle_page builds from (into its own cache), to break."""
    web = tmp_path / "web"
    shutil.copytree(site_build.WEB, web)
    shutil.copy(site_build.ROOT / "package-lock.json", tmp_path)
    repoint(monkeypatch, "ROOT", tmp_path)
    repoint(monkeypatch, "WEB", web)
    repoint(monkeypatch, "CACHE", tmp_path / "cache")
    return web


def test_a_page_script_the_entry_does_not_import_stops_the_build(web_copy: Path) -> None:
    # Without the import, a page whose boot bundle failed to load would have no engine.
    main = web_copy / site_build.SCRIPT_BUNDLE
    main.write_text(re.sub(r'^import "./boot.js";.*\n', "", main.read_text(), flags=re.M))
    with pytest.raises(SystemExit, match=r"js/main.js must import \['js/boot.js'\]"):
        site_build.bundle_page()


def test_a_page_with_other_scripts_stops_the_build(web_copy: Path) -> None:
    page = web_copy / site_build.PAGE
    tag = '<script type="module" src="js/main.js"></script>'
    page.write_text(
        page.read_text().replace(tag, f'{tag}\n  <script type="module" src="js/extra.js"></script>')
    )
    with pytest.raises(SystemExit, match=r"must load js/boot.js, js/main.js, its style sheets"):
        site_build.bundle_page()


def test_the_page_runs_from_its_bundle(page: Page, page_log: Any, site_url: str) -> None:
    page.goto(site_url + "?players=human,casual&rounds=1&seed=3&speed=instant")
    expect(page.locator("[data-testid=status]")).to_have_attribute(
        "data-phase", "turn", timeout=60_000
    )
    expect(page.locator("[data-action]").first).to_be_visible()
    # Styled by the bundle: the board is laid out as a grid.
    assert page.eval_on_selector(".grid", "el => getComputedStyle(el).display") == "grid"
    site = {url.removeprefix(site_url).split("?")[0] for url in page_log.requests}
    code = {name for name in site if name.endswith((".js", ".mjs", ".css"))} - {"sw.js"}
    bundles = {
        site_build.BOOT_BUNDLE,
        site_build.SCRIPT_BUNDLE,
        site_build.STYLE_BUNDLE,
        site_build.WORKER_BUNDLE,
    }
    assert code == bundles | {"pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs"}


def test_the_worker_starts_before_the_page_s_bundle_has_loaded(
    page: Page, page_log: Any, site_url: str
) -> None:
    held: list[Route] = []
    page.context.route(f"{site_url}{site_build.SCRIPT_BUNDLE}", lambda route: held.append(route))
    page.goto(site_url + "?players=human,casual&rounds=1&seed=3&speed=instant", wait_until="commit")
    # js/main.js is held back; the boot bundle alone has the worker fetch Pyodide.
    for _ in range(600):
        if any(url.endswith(f"/pyodide/{site_build.SNAPSHOT}") for url in page_log.requests):
            break
        page.wait_for_timeout(50)
    else:
        pytest.fail("the worker did not start while js/main.js was held back")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("[data-testid=status]")).to_have_attribute(
        "data-phase", "turn", timeout=60_000
    )
    # The page took the early worker over: one engine, which answers.
    expect(page.locator("[data-action]").first).to_be_visible()
    engine_worker(page)
