"""``set: {VAR: VALUE}`` and ``add: {VAR: AMOUNT}``: change vars (``var[seat]`` for a
per-player var)."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import PackError
from vtt.rules.expr import METER_KEY, EvalError, Expr, stored
from vtt.rules.model import Step
from vtt.rules.stepgen import code
from vtt.rules.steps.registry import EXPR, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
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

    def names_changed(self) -> frozenset[str] | None:
        return frozenset(name for name, _, _ in self.changes)

    def run(self, state: State) -> None:
        env = state.env
        # Every value and index first, then the vars: ``set: {a: b, b: a}`` swaps.
        worked = [
            (name, value, value.fast(env), None if index is None else index.fast(env))
            for name, index, value in self.changes
        ]
        meter = env[METER_KEY]
        for name, value, new, seat in worked:
            old = env[name] if seat is None else env[name][seat]
            try:
                kept = stored(meter, old + new if self.adding else new, name)
            except EvalError as error:
                raise value.failed(error) from error  # blamed on the value's expression
            if seat is None:
                env[name] = kept
            else:
                env[name][seat] = kept

    def write(self, writer: Writer) -> list[ast.stmt]:
        # Every value and index is worked out before any var changes, so that
        # ``set: {a: b, b: a}`` swaps.
        written: list[ast.stmt] = []
        worked: list[tuple[str, Expr | None, str, str, int]] = []
        for name, index, value in self.changes:
            before, body, line = writer.expr(value, kept=False)
            new = writer.temp("v")
            written += [*before, *code("T = V", line, T=new, V=body)]
            slot = ""
            if index is not None:
                loads, seat, at = writer.expr(index)
                slot = writer.temp("i")
                written += [*loads, *code("I = S", at, I=slot, S=seat)]
            worked.append((name, index, new, slot, line))
        # What a var holds is weighed as it is stored (``vtt.rules.expr.stored``): a
        # value kept over many turns stays within what one run may walk.
        for name, index, new, slot, line in worked:
            label = ast.Constant(name)
            if index is None:
                total = "_stored(_meter, N + T, L)" if self.adding else "_stored(_meter, T, L)"
                if self.adding:
                    written += writer.read([name], line)
                kept = code(total, line, N=name, T=new, L=label)[0]
                assert isinstance(kept, ast.Expr)
                written += writer.wrote(name, kept.value, line)
                continue
            written += writer.read([name], line)
            scaffold = (
                "N[I] = _stored(_meter, N[I] + T, L)"
                if self.adding
                else "N[I] = _stored(_meter, T, L)"
            )
            # A failure blames the value's expression, on whose line this stands.
            written += code(scaffold, line, I=slot, N=name, T=new, L=label)
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
            try:
                name, index = _target(parser, key, names, (*path, key))
            except PackError as error:  # noted: the other vars' problems are read too
                parser.errors.append(error)
                name, index = key, None
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
        "give vars new values, all at once: every value is worked out before any var "
        "changes (`set: {a: b, b: a}` swaps)",
        _schema("var (or var[index]) -> new value"),
        _reader(adding=False),
    )
)
register(
    StepKind(
        "add",
        "add amounts to vars (numbers, or lists and text to join), all at once as `set`",
        _schema("var (or var[index]) -> amount added"),
        _reader(adding=True),
    )
)
