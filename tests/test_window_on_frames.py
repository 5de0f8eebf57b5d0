"""The window is a client of a match: no module of vtt/ui holds a rules ``State``, reads
its ``env`` or works out drags or built moves from one (it reads frames, sends commands)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Attributes only a State (or its holder) has: the full position and its variables.
STATE_ATTRIBUTES = {"state", "env"}
#: Names that work on a State: the legal moves as drags or built moves, a move's verdict.
STATE_FUNCTIONS = {"drags_of", "builds_of", "judge", "view_of", "seat_frame", "State"}


def offences(path: Path) -> list[str]:
    """Where a source file reaches for a State: ``file:line what``."""
    tree = ast.parse(path.read_text("utf-8"), str(path))
    name = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in STATE_ATTRIBUTES | STATE_FUNCTIONS:
            found.append(f"{name}:{node.lineno} .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in STATE_FUNCTIONS:
            found.append(f"{name}:{node.lineno} {node.id}")
        elif isinstance(node, ast.ImportFrom):
            for imported in sorted({alias.name for alias in node.names} & STATE_FUNCTIONS):
                found.append(f"{name}:{node.lineno} {imported}")
    return found


def test_no_module_of_the_window_holds_or_reads_a_state():
    sources = sorted((ROOT / "vtt/ui").rglob("*.py"))
    assert ROOT / "vtt/ui/game/session.py" in sources
    found = [offence for path in sources for offence in offences(path)]
    assert found == []


def test_the_check_catches_each_way_of_reaching_a_state(tmp_path):
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text(
        "from vtt.rules import State\n"
        "from vtt.rules.build import builds_of\n"
        "def f(session) -> None:\n"
        "    print(session.match.state.env['hp'])\n"
        "    drags_of(session.match.state)\n",
        "utf-8",
    )
    found = [line.split(" ", 1)[1] for line in offences(sneaky)]
    assert found.count(".state") == 2 and ".env" in found
    assert {"State", "builds_of", "drags_of"} <= set(found)
