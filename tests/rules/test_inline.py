"""The turn machine's small functions are written into generated code from their one
definition (``vtt.rules.inline``), not called and not written again as template text."""

from __future__ import annotations

import ast
import inspect

import pytest

from vtt.rules import load_game, turns
from vtt.rules.engine import RUNTIME
from vtt.rules.inline import inline

#: What ``vtt.rules.flowgen`` writes in, and what those call in turn.
INLINED = (
    turns.mover,
    turns.next_seat,
    turns.pass_turn,
    turns.all_moved,
    turns.round_over,
    turns.fixed_moves,
    turns.search_moves,
)


def _run(statements: list[ast.stmt], names: dict[str, object]) -> dict[str, object]:
    module = ast.Module(body=statements, type_ignores=[])
    ast.fix_missing_locations(module)
    space: dict[str, object] = {"__builtins__": {}, **names}
    exec(compile(module, "<inlined>", "exec"), space)
    return space


def early(state: object) -> int:
    if state:
        return 1
    return 2


def nested(state: object) -> int:
    return (lambda: 1)()


def test_the_functions_written_in_read_only_the_runtime_interface_of_the_state() -> None:
    for function in INLINED:
        tree = ast.parse(inspect.getsource(function))
        used = {
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "state"
        }
        assert used <= RUNTIME, (function.__name__, sorted(used - RUNTIME))


@pytest.mark.parametrize("pack", ["jantori", "war"])
def test_a_move_calls_none_of_the_functions_written_in(pack: str) -> None:
    state = load_game(pack).new_state({}, 1)
    for play in state._rules.play.values():
        called = set(map(id, play.__globals__.values()))
        for function in INLINED:
            assert id(function) not in called, function.__name__
        # Their built-ins are the real ones, not the pack library's ``len``.
        if "_in_len" in play.__globals__:
            assert play.__globals__["_in_len"] is len


def test_the_inlined_body_does_what_the_function_does() -> None:
    class Seat:
        def __init__(self, current: int) -> None:
            self.env = {"players": (0, 2, 3), "current": current, "direction": -1}
            self.turn_decided = False

    for current in (0, 1, 2, 3):
        called, written = Seat(current), Seat(current)
        turns.pass_turn(called, 2)  # type: ignore[arg-type]
        found: dict[str, object] = {}
        body = inline(
            turns.pass_turn,
            ["seat", ast.Constant(2)],
            prefix="_x_",
            globals_=found,
            line=1,
        )
        _run(body, {"seat": written, **found})
        assert (written.env, written.turn_decided) == (called.env, called.turn_decided)


def test_a_value_goes_to_its_target_and_calls_are_written_in_too() -> None:
    class Seat:
        def __init__(self) -> None:
            self.pending = (2, 1)
            self.env = {"current": 0}

    seat = Seat()

    found: dict[str, object] = {}
    body = inline(
        turns.fixed_moves,
        ["move", "seat"],
        prefix="_x_",
        globals_=found,
        line=1,
        target="moves",
        also=[turns.mover],
    )
    space = _run(body, {"move": "m", "seat": seat, **found})
    assert space["moves"] == ["m"] and seat.env["me"] == 2
    assert not any(value is turns.mover for value in found.values())


@pytest.mark.parametrize("function", [early, nested])
def test_what_cannot_be_written_in_is_refused(function: object) -> None:
    with pytest.raises(TypeError, match=function.__name__):  # type: ignore[attr-defined]
        inline(function, ["x"], prefix="_x_", globals_={}, line=1)  # type: ignore[arg-type]
