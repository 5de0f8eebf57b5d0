"""``let: {NAME: VALUE, ...}``: names for values, for the steps after it."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import PackError
from vtt.rules.expr import Expr
from vtt.rules.model import Step
from vtt.rules.steps.registry import EXPR, NAME, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Let"]


@dataclass(frozen=True, slots=True)
class Let(Step):
    """Bind each name to its value, in order."""

    bound: tuple[tuple[str, Expr], ...]

    def assigned(self) -> frozenset[str] | None:
        return frozenset(name for name, _ in self.bound)

    def names_changed(self) -> frozenset[str] | None:
        return frozenset(name for name, _ in self.bound)

    def run(self, state: State) -> None:
        env = state.env
        for name, value in self.bound:
            env[name] = value.fast(env)

    def write(self, writer: Writer) -> list[ast.stmt]:
        written: list[ast.stmt] = []
        for name, value in self.bound:
            before, body, line = writer.expr(value, kept=False)
            written += [*before, *writer.wrote(name, body, line)]
        return written


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    for name in raw:
        parser.binds(name, (*path, name))
    # Each value sees the names bound before it, in this let too, never a later one.
    ordered = list(raw)
    bound: list[tuple[str, Expr]] = []
    for position, (name, value) in enumerate(raw.items()):
        scope = names | frozenset(ordered[:position])
        try:
            bound.append((name, parser.compile_expr(value, scope, (*path, name))))
        except PackError as failed:
            problem = failed
            used = set(_IDENTIFIER.findall(str(value)))
            later = [n for n in ordered[position:] if n in used and n not in scope]
            if later:
                problem = PackError(
                    f"'{name}' uses '{later[0]}', which this let binds only "
                    f"{'here' if later[0] == name else 'after it'}: a let's values are "
                    "worked out in order, so each may use only the names before it",
                    parser.where((*path, name)),
                )
            bound.append((name, parser.noted(problem, scope, (*path, name))))
    return Let(tuple(bound))


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


register(
    StepKind(
        "let",
        "name values for the steps that follow",
        {
            "type": "object",
            "minProperties": 1,
            "propertyNames": NAME,
            "additionalProperties": EXPR,
        },
        _parse,
    )
)
