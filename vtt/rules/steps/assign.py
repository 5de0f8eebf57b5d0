"""``set: {VAR: VALUE}`` and ``add: {VAR: AMOUNT}``: change vars (``var[seat]`` for a
per-player var)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import PackError
from vtt.rules.expr import Expr
from vtt.rules.model import Step
from vtt.rules.stepgen import code
from vtt.rules.steps.registry import EXPR, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Set"]


@dataclass(frozen=True, slots=True)
class Set(Step):
    """Each var (with an index for a per-player var) gets its value, or has it added."""

    changes: tuple[tuple[str, Expr | None, Expr], ...]
    adding: bool

    def assigned(self) -> frozenset[str] | None:
        # A per-player var is changed in place: only a global one is bound anew.
        return frozenset(name for name, index, _ in self.changes if index is None)

    def write(self, writer: Writer) -> list[ast.stmt]:
        written: list[ast.stmt] = []
        for name, index, value in self.changes:
            before, body, line = writer.expr(value, kept=False)
            written += before
            if index is None:
                if self.adding:
                    written += writer.read([name], line)
                    total = code("N + V", line, N=name, V=body)[0]
                    assert isinstance(total, ast.Expr)
                    body = total.value
                written += writer.wrote(name, body, line)
                continue
            # The value first, then the index, as ``a[i] = v`` does.
            new = writer.temp("v")
            written += code("T = V", line, T=new, V=body)
            loads, seat, at = writer.expr(index)
            written += [*loads, *writer.read([name], at)]
            slot = writer.temp("i")
            written += code("I = S", at, I=slot, S=seat)
            scaffold = "N[I] = N[I] + T" if self.adding else "N[I] = T"
            written += code(scaffold, line, I=slot, N=name, T=new)  # a failure blames the value
        return written


def _target(
    parser: StepParser, key: str, names: frozenset[str], path: Path
) -> tuple[str, Expr | None]:
    name, _, rest = key.partition("[")
    name = name.strip()
    if name not in parser.vars:
        raise PackError(f"'{name}' is not a var of this pack", parser.where(path))
    var = parser.vars[name]
    if not rest:
        if var.per_player:
            raise PackError(f"'{name}' is per player: write {name}[seat]", parser.where(path))
        return name, None
    if not var.per_player or not rest.endswith("]"):
        raise PackError(f"'{key}' is not a var or var[seat]", parser.where(path))
    return name, parser.expr(rest[:-1], names, path)


def _reader(adding: bool) -> Any:
    def parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
        changes: list[tuple[str, Expr | None, Expr]] = []
        for key, value in raw.items():
            name, index = _target(parser, key, names, (*path, key))
            changes.append((name, index, parser.expr(value, names, (*path, key))))
        return Set(tuple(changes), adding)

    return parse


def _schema(description: str) -> dict[str, Any]:
    return {
        "type": "object",
        "minProperties": 1,
        "additionalProperties": EXPR,
        "description": description,
    }


register(
    StepKind(
        "set",
        "give vars new values, one after another",
        _schema("var (or var[index]) -> new value"),
        _reader(adding=False),
    )
)
register(
    StepKind(
        "add",
        "add amounts to vars (numbers, or lists and text to join)",
        _schema("var (or var[index]) -> amount added"),
        _reader(adding=True),
    )
)
