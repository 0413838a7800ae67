"""The package imports one way: the engine (the rules, records, turns)
imports no bot, the bots no adviser, nothing below the bridge the bridge,
and only the command line the command line. Every import is read from the
source (ast), those inside functions too, so a lazy import is no way round."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "py" / "dozito"
LAYERS = {
    "bots": 1,
    "explain": 2,  # the advisers: hints and reviews, built on the bots' searches
    "review": 2,
    "account": 2,  # the review's luck and turning points
    "daily": 2,  # today's deal, with the Expert's play of it
    "bridge": 3,
    "lab": 4,
    "cli": 5,
    "__main__": 5,
}
"""Each module's layer by its first name under ``dozito`` (0, the engine, for
any other): a module may import from its own layer and those below."""


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS.get(parts[1], 0) if len(parts) > 1 else 0


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The dozito modules ``path`` imports, by their full names."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            # "from .. import bridge" imports the module bridge
            found |= {f"{target}.{alias.name}" for alias in node.names}
    return {m for m in found if m == "dozito" or m.startswith("dozito.")}


SOURCES = sorted(PACKAGE.rglob("*.py"))


def wrong_way(path: Path) -> list[str]:
    name = module_name(path)
    return sorted(m for m in imports(path) if layer(m) > layer(name))


@pytest.mark.parametrize("path", SOURCES, ids=[module_name(p) for p in SOURCES])
def test_no_module_imports_a_layer_above_its_own(path: Path) -> None:
    assert wrong_way(path) == [], f"{module_name(path)} imports upwards"


def test_the_walk_sees_every_kind_of_import() -> None:
    assert {module_name(p) for p in SOURCES} >= {"dozito.record", "dozito.bots", "dozito.bridge"}
    # The engine's record and the bridge import what they should, as the walk reads them.
    assert "dozito.bots" not in imports(PACKAGE / "record.py")
    assert {"dozito.bots", "dozito.table"} <= imports(PACKAGE / "bridge.py")
    assert "dozito.bridge" in imports(PACKAGE / "lab" / "review_check.py")
    assert "dozito.observation" in imports(PACKAGE / "game.py")  # a lazy one, in a method


def test_a_wrong_way_arrow_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = PACKAGE / "record.py"
    source = fake.read_text(encoding="utf-8")

    def with_import(path: Path, encoding: str = "utf-8") -> str:
        return source + "\n\ndef _levels():\n    from .bots import LEVELS\n    return LEVELS\n"

    monkeypatch.setattr(Path, "read_text", with_import)
    assert wrong_way(fake) == ["dozito.bots", "dozito.bots.LEVELS"]
