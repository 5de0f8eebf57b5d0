"""Folding: a game's fixed options written into an expression as constants."""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from typing import Any, Final

#: Option values that may be written into an expression as constants.
_FOLDABLE: Final = frozenset({bool, int, str, float, type(None)})


class _Folding(ast.NodeTransformer):
    """Writes fixed names in as constants and works out the comparisons, ``and``/``or``,
    ``not`` and ``x if c else y`` that depend on constants alone, as Python would. Only
    constants and parts of the checked tree come out; anything that fails to work out
    (``'a' < 3``) is left as it was, to fail when it runs, as before."""

    def __init__(self, constants: Mapping[str, object]) -> None:
        self.constants = constants

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.constants:
            value: Any = self.constants[node.id]
            return ast.copy_location(ast.Constant(value), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        operands = [node.left, *node.comparators]
        values = [
            _constant(operand, sequence=i > 0 and isinstance(node.ops[i - 1], ast.In | ast.NotIn))
            for i, operand in enumerate(operands)
        ]
        if any(value is _UNKNOWN for value in values):
            return node
        try:
            holds = all(
                _COMPARE[type(op)](values[i], values[i + 1]) for i, op in enumerate(node.ops)
            )
        except Exception:
            return node
        return ast.copy_location(ast.Constant(holds), node)

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        self.generic_visit(node)
        values = list(node.values)
        deciding = isinstance(node.op, ast.Or)  # the truth value that ends the chain
        while len(values) > 1 and isinstance(values[0], ast.Constant):
            if bool(values[0].value) == deciding:
                return values[0]
            values.pop(0)
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and isinstance(node.operand, ast.Constant):
            return ast.copy_location(ast.Constant(not node.operand.value), node)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node


_UNKNOWN: Final = object()


def _constant(node: ast.expr, sequence: bool = False) -> Any:
    """The value of a constant, or (``sequence``: the right of ``in``) the items of a
    tuple or list of constants; _UNKNOWN otherwise."""
    if isinstance(node, ast.Constant):
        return node.value
    if (
        sequence
        and isinstance(node, ast.Tuple | ast.List)
        and all(isinstance(e, ast.Constant) for e in node.elts)
    ):
        return tuple(e.value for e in node.elts if isinstance(e, ast.Constant))
    return _UNKNOWN


_COMPARE: Final[Mapping[type[ast.cmpop], Callable[[Any, Any], bool]]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}
