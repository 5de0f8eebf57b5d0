"""Inlining: the tiniest stack functions (``top``, ``empty``) written in place of their calls."""

from __future__ import annotations

import ast
import copy
from collections.abc import Mapping
from typing import Any, Final

#: ``function.inline_form``: a library function this small is written in place of its call.
INLINE_FORMS: Final = frozenset({"top", "empty"})


class _Inlining(ast.NodeTransformer):
    """Writes calls of the tiniest stack functions in place: ``empty(s)`` is ``not s``,
    ``top(s)`` is ``s[-1] if s else None`` (when ``s`` is a name or an index of names,
    cheap to read twice). The result uses only nodes the checker allows and no names."""

    def __init__(self, functions: Mapping[str, object]) -> None:
        self.forms = {
            name: getattr(function, "inline_form", None) for name, function in functions.items()
        }

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        function = node.func
        if not isinstance(function, ast.Name) or len(node.args) != 1 or node.keywords:
            return node
        form = self.forms.get(function.id)
        (stack,) = node.args
        if form == "empty":
            return ast.copy_location(ast.UnaryOp(op=ast.Not(), operand=stack), node)
        if form == "top" and _plain_read(stack):
            last = ast.Subscript(value=stack, slice=ast.Constant(-1), ctx=ast.Load())
            choice = ast.IfExp(test=copy.deepcopy(stack), body=last, orelse=ast.Constant(None))
            return ast.copy_location(choice, node)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        """In ``empty(s) or top(s).owner == me``, the second part runs only when ``s`` is
        not empty, so its ``top(s)`` is ``s[-1]``: no test, no second read (and likewise
        after ``not empty(s) and`` or ``s and``)."""
        self.generic_visit(node)
        known: set[str] = set()
        for index, value in enumerate(node.values):
            if known:
                node.values[index] = value = _KnownTops(known).visit(value)
            stack = _filled_after(value, isinstance(node.op, ast.Or))
            if stack is not None:
                known.add(ast.dump(stack))
        return node

    def _comprehension(self, node: Any) -> ast.expr:
        """What a one-loop comprehension builds runs only when its ``if`` parts hold, so
        a stack they find not empty has its ``top`` as ``s[-1]`` there too."""
        self.generic_visit(node)
        built: ast.expr = node
        if len(node.generators) != 1:
            return built
        known: set[str] = set()
        for test in node.generators[0].ifs:
            parts = (
                test.values
                if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
                else [test]
            )
            for part in parts:
                stack = _filled_after(part, False)
                if stack is not None:
                    known.add(ast.dump(stack))
        if known:
            for field in ("elt", "key", "value"):
                if hasattr(node, field):
                    setattr(node, field, _KnownTops(known).visit(getattr(node, field)))
        return built

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension


def _filled_after(value: ast.expr, either: bool) -> ast.expr | None:
    """The stack (a plain read) that is not empty whenever the operands after ``value``
    run: after ``not s`` in an ``or``; after ``s`` or ``not not s`` in an ``and``."""
    if either:
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
            stack = value.operand
            return stack if _plain_read(stack) else None
        return None
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
        inner = value.operand
        if isinstance(inner, ast.UnaryOp) and isinstance(inner.op, ast.Not):
            value = inner.operand
        else:
            return None
    return value if _plain_read(value) else None


class _KnownTops(ast.NodeTransformer):
    """``s[-1] if s else None`` as ``s[-1]`` for the stacks known not to be empty."""

    def __init__(self, known: set[str]) -> None:
        self.known = known

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        body, orelse = node.body, node.orelse
        if (
            isinstance(orelse, ast.Constant)
            and orelse.value is None
            and isinstance(body, ast.Subscript)
            and isinstance(body.slice, ast.Constant)
            and body.slice.value == -1
            and ast.dump(body.value) == ast.dump(node.test)
            and ast.dump(node.test) in self.known
        ):
            return body
        return node

    def _own_names(self, node: ast.expr) -> ast.expr:
        return node  # a comprehension may bind the stack's names anew: left as it is

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _own_names
    visit_Lambda = _own_names


def _plain_read(node: ast.expr) -> bool:
    """A name, or a name indexed by names and constants: reading it twice costs nothing."""
    while isinstance(node, ast.Subscript):
        if not isinstance(node.slice, ast.Name | ast.Constant):
            return False
        node = node.value
    return isinstance(node, ast.Name)
