"""Guarding: a checked tree rewritten so that what may grow goes through the guards."""

from __future__ import annotations

import ast
from collections.abc import Mapping

from vtt.rules.expr.guards import _GUARDED_OPERATORS, _METERED_GUARDS
from vtt.rules.expr.meter import takes_meter

#: The local variable of compiled pack code that holds the meter (see ``meter.Meter``).
METER_NAME = "_meter"


def _meter() -> ast.Name:
    return ast.Name(id=METER_NAME, ctx=ast.Load())


class _Guarding(ast.NodeTransformer):
    """Rewrites a checked tree so that operations that may grow without bound go through guards."""

    def __init__(
        self, small_names: frozenset[str], functions: Mapping[str, object], bound: frozenset[str]
    ) -> None:
        self.small_names = small_names  # names whose values come from outside the expression
        self.bound = bound  # names the expression binds itself (its comprehensions')
        self.functions = functions
        self.metered = False
        self.lazy: set[int] = set()  # generator expressions left lazy (see visit_Call)

    def _call(self, guard: str, *args: ast.expr) -> ast.Call:
        self.metered = True
        given = [_meter(), *args] if guard in _METERED_GUARDS else list(args)
        return ast.Call(func=ast.Name(id=guard, ctx=ast.Load()), args=given, keywords=[])

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        self.generic_visit(node)
        guard = _GUARDED_OPERATORS.get(type(node.op))
        if guard is None or self._number_kept(node):
            return node
        return self._call(guard, node.left, node.right)

    @staticmethod
    def _number_kept(node: ast.BinOp) -> bool:
        """``x + 1``, ``x - 1``, ``1 % x``: a plain number operand keeps the result small."""
        if isinstance(node.op, ast.Mod):
            operands = [node.left]  # 'text % 1' must still reach the guard
        elif isinstance(node.op, ast.Add | ast.Sub | ast.BitOr | ast.BitAnd | ast.BitXor):
            operands = [node.left, node.right]
        else:
            return False
        return any(
            isinstance(side, ast.Constant) and type(side.value) in (int, float) for side in operands
        )

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        self.generic_visit(node)
        return self._call("_deep", node) if isinstance(node.slice, ast.Slice) else node

    def visit_comprehension(self, node: ast.comprehension) -> ast.comprehension:
        self.generic_visit(node)
        node.iter = self._call("_items", node.iter)
        return node

    # What a comprehension or a display builds may hold one value many times
    # (``[big for _ in range(1000)]``, ``[v, v, v]``): charged by the weight its items
    # hold (its length is charged by the loop, or bounded by the source already).

    def visit_ListComp(self, node: ast.ListComp) -> ast.expr:
        self.generic_visit(node)
        return self._call("_deep", node)

    def visit_SetComp(self, node: ast.SetComp) -> ast.expr:
        self.generic_visit(node)
        return self._call("_deep", node)

    def visit_DictComp(self, node: ast.DictComp) -> ast.expr:
        self.generic_visit(node)
        return self._call("_deep", node)

    def _display(self, node: ast.List | ast.Tuple | ast.Set | ast.Dict) -> ast.expr:
        self.generic_visit(node)
        parts = [*node.keys, *node.values] if isinstance(node, ast.Dict) else node.elts
        if all(part is None or isinstance(part, ast.Constant | ast.Attribute) for part in parts):
            return node
        return self._call("_deep", node)

    def visit_List(self, node: ast.List) -> ast.expr:
        return self._display(node) if isinstance(node.ctx, ast.Load) else node

    def visit_Tuple(self, node: ast.Tuple) -> ast.expr:
        return self._display(node) if isinstance(node.ctx, ast.Load) else node

    def visit_Set(self, node: ast.Set) -> ast.expr:
        return self._display(node)

    def visit_Dict(self, node: ast.Dict) -> ast.expr:
        return self._display(node)

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> ast.expr:
        self.generic_visit(node)
        if id(node) in self.lazy:
            return node
        return self._call("_plain", node)

    def visit_Call(self, node: ast.Call) -> ast.expr:
        # ``any(x for x in hand)`` may stop early: a generator that is a call's only
        # positional argument stays lazy; anywhere else it could be returned, so it
        # becomes a tuple.
        if len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
            self.lazy.add(id(node.args[0]))
        # The function's own name is not visited: only a function passed as a value
        # (``key=rank_value``) is bound to the meter (see ``visit_Name``).
        node.args = [self.visit(argument) for argument in node.args]
        for keyword in node.keywords:
            keyword.value = self.visit(keyword.value)
        if isinstance(node.func, ast.Name) and takes_meter(self.functions.get(node.func.id)):
            # The library function charges the meter it is handed; the run starts it afresh.
            self.metered = True
            node.args.insert(0, _meter())
        elif not isinstance(node.func, ast.Name):
            node.func = self.visit(node.func)
        return node

    def visit_Name(self, node: ast.Name) -> ast.expr:
        """A library function that takes the meter, passed as a value (``key=``): the
        callee calls it without one, so it is handed over bound to this run's meter."""
        if (
            isinstance(node.ctx, ast.Load)
            and node.id not in self.bound
            and node.id not in self.small_names
            and takes_meter(self.functions.get(node.id))
        ):
            return self._call("_bound", node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        operands = [node.left, *node.comparators]
        for index, operator in enumerate(node.ops, start=1):
            left, right = operands[index - 1], operands[index]
            if isinstance(operator, ast.Is | ast.IsNot):
                continue
            # 'x in c' walks c and hashes x; 'a == b' and 'a < b' walk at most the
            # smaller of the two: charge by weight what the expression may have built.
            if isinstance(operator, ast.In | ast.NotIn) and not self._is_small(left):
                operands[index - 1] = self._call("_probe", left)
            if self._is_small(right):
                continue
            if isinstance(operator, ast.In | ast.NotIn) or not self._is_small(left):
                operands[index] = self._call("_probe", right)
        node.left, node.comparators = operands[0], operands[1:]
        return node

    def _is_small(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Constant | ast.Attribute):
            return True
        return isinstance(node, ast.Name) and node.id in self.small_names

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.expr:
        parts: list[ast.expr] = []
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                spec = part.format_spec
                text = "".join(
                    str(piece.value)
                    for piece in (spec.values if isinstance(spec, ast.JoinedStr) else [])
                    if isinstance(piece, ast.Constant)
                )
                value = self.visit(part.value)
                parts.append(
                    self._call("_format", value, ast.Constant(part.conversion), ast.Constant(text))
                )
            else:
                parts.append(part)
        return self._call("_text", *parts)
