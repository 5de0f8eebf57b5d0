"""``value:``, each seat's standing for the computer players: one number per seat.

A value of another shape (a mapping, a text, one number) is refused at load when its
expression shows it (``shape_problem``), and otherwise at any evaluation that gives
another shape, by ``SeatValues``, with the file, line and what it gave: never a KeyError
deep in an agent.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping

from vtt.rules.expr import Expr
from vtt.rules.shown import excerpt

__all__ = ["SeatValues", "shape_problem"]

#: What one number per seat means, in messages.
WANTED = "one number per seat, as a list, like [score[p] for p in seats]"

#: Expressions whose result is never a list, by the kind of their outermost node.
_NOT_LISTS: dict[type[ast.AST], str] = {
    ast.Dict: "a mapping",
    ast.DictComp: "a mapping",
    ast.Set: "a set",
    ast.SetComp: "a set",
    ast.JoinedStr: "a text",
    ast.Compare: "true or false",
    ast.BoolOp: "true or false",
}


def shape_problem(source: object) -> str | None:
    """Why an expression written for ``value:`` cannot give one number per seat, when
    its text shows it; None when it may (checked again when it runs)."""
    if not isinstance(source, str):
        return f"it is {excerpt(source)}, not an expression giving {WANTED}"
    try:
        body = ast.parse(source.strip(), mode="eval").body
    except SyntaxError:
        return None  # the expression compiler says what is wrong
    if isinstance(body, ast.Constant):
        return f"it is the constant {excerpt(repr(body.value))}, not {WANTED}"
    found = _NOT_LISTS.get(type(body))
    return None if found is None else f"it gives {found}, not {WANTED}"


def _kind(value: object) -> str:
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    return type(value).__name__


class SeatValues:
    """The ``value:`` expression, whose every result is checked: a list or tuple of
    numbers, one per seat; anything else is an EvalError naming the pack's line."""

    __slots__ = ("expr",)

    def __init__(self, expr: Expr) -> None:
        self.expr = expr

    @property
    def source(self) -> str:
        return self.expr.source

    @property
    def names(self) -> frozenset[str]:
        return self.expr.names

    def __call__(self, env: Mapping[str, object]) -> object:
        result = self.expr(env)
        seats = env.get("seats")
        count = len(seats) if isinstance(seats, list | tuple | range) else None
        good = (
            isinstance(result, list | tuple)
            and (count is None or len(result) == count)
            and all(isinstance(item, int | float) for item in result)
        )
        if not good:
            numbers = f" ({count} numbers)" if count is not None else ""
            wrong = f"value: must give {WANTED}{numbers}; it gave {_kind(result)}"
            raise self.expr.failed(Exception(wrong))
        return result
