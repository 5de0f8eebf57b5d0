"""``if: TEST, then: [...], else: [...]``: steps taken only when a test holds."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.expr import Expr
from vtt.rules.model import Step
from vtt.rules.stepgen import if_statement
from vtt.rules.steps.registry import EXPR, STEPS, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["If", "specialise"]


def specialise(steps: tuple[Step, ...], decide: Callable[[Expr], bool]) -> tuple[Step, ...]:
    """``steps`` for one set of options: every ``if`` on options alone replaced by the
    branch it takes, written in place, so a game never tests its options again."""
    found: list[Step] = []
    for step in steps:
        found.extend(step.specialise(decide))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class If(Step):
    """Run ``then`` when ``test`` holds, else ``other``; ``static`` when the test reads
    only options and constants (decided once a game, by ``specialise``)."""

    test: Expr
    then: tuple[Step, ...]
    other: tuple[Step, ...]
    static: bool = False

    changes_game: ClassVar[bool] = False  # its branches forget kept values for themselves

    def assigned(self) -> frozenset[str] | None:
        names: set[str] = set()
        for step in (*self.then, *self.other):
            found = step.assigned()
            if found is None:
                return None
            names |= found
        return frozenset(names)

    def specialise(self, decide: Callable[[Expr], bool]) -> tuple[Step, ...]:
        then, other = specialise(self.then, decide), specialise(self.other, decide)
        if self.static:
            return then if decide(self.test) else other
        return (If(self.test, then, other),)

    def run(self, state: State) -> None:
        for step in self.then if self.test.fast(state.env) else self.other:
            step.run(state)

    def write(self, writer: Writer) -> list[ast.stmt]:
        before, test, line = writer.expr(self.test)
        start = set(writer.valid)
        then = writer.steps(self.then)
        after_then, writer.valid = writer.valid, set(start)
        other = writer.steps(self.other)
        writer.valid &= after_then
        return [*before, if_statement(test, then, other, line)]


def _parse(parser: StepParser, item: Any, names: frozenset[str], path: Path) -> Step:
    # ``elif`` cases are ifs nested in the else branch: one kind of step, one way to run.
    cases = [(item["if"], item.get("then", []), (*path,), "if")]
    for index, case in enumerate(item.get("elif", [])):
        cases.append((case["if"], case.get("then", []), (*path, "elif", index), "if"))
    step: tuple[Step, ...] = parser.steps(item.get("else", []), names, (*path, "else"))
    for raw, steps, here, key in reversed(cases):
        test = parser.expr(raw, names, (*here, key))
        then = parser.steps(steps, names, (*here, "then"))
        step = (If(test, then, step, static=test.names <= parser.static_names),)
    return step[0]


_ELIF = {
    "type": "array",
    "description": "further cases, tried in order when the test before fails: {if, then}",
    "items": {
        "type": "object",
        "additionalProperties": False,
        "required": ["if"],
        "properties": {"if": EXPR, "then": STEPS},
    },
}


register(
    StepKind(
        "if",
        "run the steps of `then` when the test holds, else the first `elif` case "
        "(`elif: [{if: TEST, then: [...]}, ...]`) whose test holds, else those of `else`",
        EXPR,
        _parse,
        companions={"then": STEPS, "elif": _ELIF, "else": STEPS},
    )
)
