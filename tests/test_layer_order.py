"""Each layer imports only the layers above it (DESIGN.md: the arrows never point up)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

VTT = Path(__file__).resolve().parent.parent / "vtt"

# What each layer may import from vtt, besides itself.
ALLOWED: dict[str, set[str]] = {
    "janken": set(),
    "resources": set(),
    "table": {"janken"},
    "rules": {"janken", "table", "resources"},
    "ai": {"janken", "table", "rules", "resources"},
    "match": {"janken", "table", "rules", "ai", "resources"},
    # A pack a host sends is checked exactly as an import is (vtt.studio.jpack, pure).
    "net": {"janken", "table", "rules", "ai", "match", "studio", "resources"},
    "studio": {"janken", "table", "rules", "ai", "match", "resources"},
    "ui": {"janken", "table", "rules", "ai", "match", "studio", "net", "resources", "__init__"},
}


def layer_of(path: Path) -> str:
    return path.relative_to(VTT).parts[0].removesuffix(".py")


def vtt_imports(path: Path) -> set[str]:
    """The vtt layers a module imports (absolute imports only; the code base uses no others)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "vtt" and len(parts) > 1:
                found.add(parts[1])
            elif name == "vtt":
                found.add("__init__")
    return found


MODULES = [p for p in VTT.rglob("*.py") if layer_of(p) in ALLOWED]


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(VTT)))
def test_imports_point_only_up(path: Path) -> None:
    layer = layer_of(path)
    wrong = vtt_imports(path) - ALLOWED[layer] - {layer}
    assert not wrong, f"{path.relative_to(VTT)} ({layer}) imports {sorted(wrong)}"


def test_the_scan_sees_modules_of_every_layer() -> None:
    assert {layer_of(p) for p in MODULES} >= {
        "janken",
        "table",
        "rules",
        "ai",
        "match",
        "net",
        "studio",
        "ui",
    }
