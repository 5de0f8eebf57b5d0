"""``phase: NAME``: the phase to go to once this turn's steps are done; or ``phase: EXPR``,
a phase worked out when the step runs (a decision asked in the middle of a resolution
goes back to the phase a var names)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.errors import PackError, RuleError
from vtt.rules.expr import Expr
from vtt.rules.generate import plain_name
from vtt.rules.model import Step
from vtt.rules.stepgen import SCAFFOLD, code
from vtt.rules.steps.registry import StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Phase"]


@dataclass(frozen=True, slots=True)
class Phase(Step):
    """Go to phase ``name`` next; or to the phase ``target`` gives, one of ``phases``."""

    name: str
    target: Expr | None = None
    phases: frozenset[str] = frozenset()

    changes_game: ClassVar[bool] = False

    def assigned(self) -> frozenset[str] | None:
        return frozenset()

    def names_changed(self) -> frozenset[str] | None:
        return frozenset()

    def targets(self) -> frozenset[str] | None:
        """The phases this step may go to: its name, or the phase names its expression
        may give (both branches of ``a if t else b``...); None when a part of it is
        worked out when it runs (``phase: resume``, a var), so any phase may follow."""
        if self.target is None:
            return frozenset({self.name})
        found = set()
        for part in _results(self.target.tree.body):
            if not (isinstance(part, ast.Constant) and isinstance(part.value, str)):
                return None
            found.add(part.value)
        return frozenset(found)

    def named(self, value: object) -> str:
        """The phase ``target`` gave, checked to be one of the pack's phases."""
        if value.__class__ is str and value in self.phases:
            return value
        where = self.target.where if self.target is not None else None
        raise RuleError(
            f"{where or 'phase'}: phase `{self.target.source if self.target else ''}` gave "
            f"{value!r}, which is not a phase; the phases are: {', '.join(sorted(self.phases))}"
        )

    def run(self, state: State) -> None:
        if self.target is None:
            state.next_phase = self.name
        else:
            state.next_phase = self.named(self.target.fast(state.env))

    def write(self, writer: Writer) -> list[ast.stmt]:
        if self.target is None:
            return code("_state.next_phase = N", SCAFFOLD, N=ast.Constant(self.name))
        before, body, line = writer.expr(self.target)
        check = writer.temp("phase")
        writer.use(check, self.named)
        return [*before, *code("_state.next_phase = C(V)", line, C=check, V=body)]


def _results(node: ast.expr) -> Iterator[ast.expr]:
    """The parts of an expression that may be its value (the branches of ``a if t else
    b``, the operands of ``or``), where a phase's name would be written."""
    if isinstance(node, ast.IfExp):
        yield from _results(node.body)
        yield from _results(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _results(value)
    else:
        yield node


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    phases = frozenset(parser.phase_names)
    known = ", ".join(sorted(phases))
    if raw in phases:
        return Phase(raw)
    if not isinstance(raw, str) or (plain_name(raw) and raw not in names):
        raise PackError(f"unknown phase '{raw}'; the phases are: {known}", parser.where(path))
    before = len(parser.errors)
    target = parser.expr(raw, names, path)
    if len(parser.errors) > before:  # its problem is noted: nothing more to check in it
        return Phase("", target, phases)
    for part in _results(ast.parse(raw.strip(), mode="eval").body):
        if isinstance(part, ast.Constant) and part.value not in phases:
            raise PackError(
                f"{part.value!r} is not a phase; the phases are: {known}", parser.where(path)
            )
    return Phase("", target, phases)


register(
    StepKind(
        "phase",
        "go to another phase when this turn's steps are done: a phase's name, or an "
        "expression giving one (`phase: resume`, a var naming where to go back to), "
        "checked against the phases",
        {
            "type": "string",
            "description": "a phase's name, or an expression giving a phase's name",
        },
        _parse,
    )
)
