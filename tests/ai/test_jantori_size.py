"""tools/jantori_size.py restates JANTORI's placements to count its positions: the
engine, running the pack, must reach exactly the positions it counts."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from tests.ai.tools import load_tool
from vtt.rules import load_game


def _projected(state: Any, tool: ModuleType) -> tuple[object, ...]:
    """What the tool keeps of an engine position: tops, markers, pieces left."""
    env = state.env
    tops = [-1] * 9
    for cell, stack in env["board"].items():
        if stack:
            top = stack[-1]
            tops[tool.cell_index(str(cell))] = top.owner * 3 + tool.KINDS.index(top.kind)
    left = tuple(
        sum(1 for piece in env["reserve"][seat] if piece.kind == kind)
        for seat in (0, 1)
        for kind in tool.KINDS
    )
    white, black = (tool.cell_index(str(cell)) for cell in env["marker"])
    return tuple(tops), white, black, left


def test_the_counted_positions_are_the_ones_the_engine_reaches():
    tool = load_tool("jantori_size")
    state = load_game("jantori").new_state(seed=1)
    assert _projected(state, tool) == tool.START
    level = {state.key(): state}
    counted = tool.levels(4)
    for _ in range(4):
        following = {}
        for position in level.values():
            for action in position.legal_actions():
                child = position.clone()
                child.apply_action(action)
                following.setdefault(child.key(), child)
        level = following
        ply, positions, _ = next(counted)
        assert {_projected(s, tool) for s in level.values()} == positions, f"after {ply} placements"
    assert len(positions) == 2646
