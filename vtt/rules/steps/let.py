"""``let: {NAME: VALUE, ...}``: names for values, for the steps after it."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr import Expr
from vtt.rules.model import Step
from vtt.rules.steps.registry import EXPR, NAME, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Let"]


@dataclass(frozen=True, slots=True)
class Let(Step):
    """Bind each name to its value, in order."""

    bound: tuple[tuple[str, Expr], ...]

    def assigned(self) -> frozenset[str] | None:
        return frozenset(name for name, _ in self.bound)

    def write(self, writer: Writer) -> list[ast.stmt]:
        written: list[ast.stmt] = []
        for name, value in self.bound:
            before, body, line = writer.expr(value, kept=False)
            written += [*before, *writer.wrote(name, body, line)]
        return written


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    for name in raw:
        parser.binds(name, (*path, name))
    return Let(
        tuple((name, parser.expr(value, names, (*path, name))) for name, value in raw.items())
    )


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
