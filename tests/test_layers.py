"""The layers hold: only vtt/ui imports Qt, and inside it only vtt/ui/qt.py imports PySide6."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QT_PACKAGES = ("PySide6", "shiboken6")


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports (absolute names)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def imports_qt(path: Path) -> bool:
    """True if the file imports PySide6 or shiboken6."""
    return any(name.split(".")[0] in QT_PACKAGES for name in imported_modules(path))


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_nothing_outside_the_window_imports_qt():
    outside = [p for p in sources("vtt") if "ui" not in p.relative_to(ROOT / "vtt").parts[:1]]
    assert outside, "found no sources to check"
    offenders = [str(p.relative_to(ROOT)) for p in outside if imports_qt(p)]
    assert offenders == []


def test_inside_the_window_only_qt_py_imports_pyside6():
    inside = sources("vtt/ui")
    assert ROOT / "vtt/ui/qt.py" in inside
    offenders = [str(p.relative_to(ROOT)) for p in inside if imports_qt(p) and p.name != "qt.py"]
    assert offenders == []
    assert imports_qt(ROOT / "vtt/ui/qt.py")


def test_the_check_catches_a_qt_import(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("from PySide6.QtCore import Qt\nimport shiboken6\n", "utf-8")
    assert imports_qt(sneaky)
    assert not imports_qt(Path(__file__))
