"""A pack's named expressions (``define:``): checked alone, written in where used."""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from vtt.rules.errors import Where
from vtt.rules.expr.checker import _Checker, _parse
from vtt.rules.expr.library import Library
from vtt.rules.expr.limits import MAX_NODES


def scoped_comprehension(
    node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
    bound: frozenset[str],
    visit: Callable[[ast.expr, frozenset[str]], ast.expr],
) -> ast.expr:
    """``visit`` each part of a comprehension with the names bound where that part runs:
    a ``for``'s target reaches the parts after it, never its own iterable."""
    scope = bound
    for generator in node.generators:
        generator.iter = visit(generator.iter, scope)
        scope = scope | {n.id for n in ast.walk(generator.target) if isinstance(n, ast.Name)}
        generator.ifs = [visit(test, scope) for test in generator.ifs]
    if isinstance(node, ast.DictComp):
        node.key, node.value = visit(node.key, scope), visit(node.value, scope)
    else:
        node.elt = visit(node.elt, scope)
    return node


@dataclass(frozen=True)
class Define:
    """A named expression of a pack (``define:``): checked alone, written in where used."""

    name: str
    body: ast.expr  # checked, with the defines it uses already written in
    names: frozenset[str]  # the environment names it reads (not its parameters)
    size: int  # its syntax-tree nodes, defines written in
    #: A define with arguments (``steppable(a, b)``) names its parameters: each use
    #: gives their values, written in where the body reads them.
    params: tuple[str, ...] = ()


def check_define(
    name: str,
    source: str,
    *,
    names: Collection[str],
    library: Library,
    where: Where | None = None,
    defines: Mapping[str, Define] | None = None,
    params: tuple[str, ...] = (),
) -> Define:
    """Check the expression of define ``name`` (with ``params``, the names of its
    arguments); raise ExprError if bad."""
    tree, free = _checked(source.strip(), {*names, *params}, library, where, defines or {})
    free -= frozenset(params)
    return Define(name, tree.body, free, sum(1 for _ in ast.walk(tree.body)), params)


def _checked(
    text: str,
    names: Collection[str],
    library: Library,
    where: Where | None,
    defines: Mapping[str, Define],
) -> tuple[ast.Expression, frozenset[str]]:
    """The checked tree of ``text`` with its defines written in, and the names it reads."""
    tree = _parse(text, where)
    callables = {name: len(define.params) for name, define in defines.items() if define.params}
    checker = _Checker(text, frozenset(names), library, where, callables)
    checker.check(tree)
    free = frozenset(checker.free_names)
    used = free & defines.keys()
    if not used:
        return tree, free
    writing = _WritingIn(defines, checker)
    tree.body = writing.visit(tree.body, frozenset())
    free = (free - used).union(*(defines[name].names for name in writing.written))
    return tree, free


class _WritingIn:
    """Replaces each use of a define by a copy of its tree, leaving alone the names a
    comprehension binds (``for p in seats`` keeps its own ``p``)."""

    def __init__(self, defines: Mapping[str, Define], checker: _Checker) -> None:
        self.defines = defines
        self.checker = checker
        self.written: set[str] = set()
        self.size = 0

    def visit(self, node: ast.expr, bound: frozenset[str]) -> ast.expr:
        if isinstance(node, ast.Name):
            return self._name(node, bound)
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id not in bound
            and node.func.id in self.defines
            and self.defines[node.func.id].params
        ):
            return self._call(node, bound)
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return self._comprehension(node, bound)
        for name, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                setattr(node, name, self.visit(value, bound))
            elif isinstance(value, list):
                value[:] = [self._any(item, bound) for item in value]
        return node

    def _any(self, node: Any, bound: frozenset[str]) -> Any:
        if isinstance(node, ast.expr):
            return self.visit(node, bound)
        if isinstance(node, ast.keyword):  # the argument name stays; its value may use defines
            node.value = self.visit(node.value, bound)
        return node

    def _comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        bound: frozenset[str],
    ) -> ast.expr:
        return scoped_comprehension(node, bound, self.visit)

    def _name(self, node: ast.Name, bound: frozenset[str]) -> ast.expr:
        define = self.defines.get(node.id)
        if define is None or node.id in bound:
            return node
        return self._written(node, node.id, bound)

    def _written(self, node: ast.expr, name: str, bound: frozenset[str]) -> ast.expr:
        """A copy of define ``name``'s tree, for ``node``."""
        define = self.defines[name]
        captured = sorted(define.names & bound)
        if captured:
            raise self.checker.fail(
                node,
                f"'{name}' is a define that reads '{captured[0]}', but here '{captured[0]}' "
                f"is the comprehension variable: rename the variable",
            )
        self.size += define.size
        if self.size > MAX_NODES:
            raise self.checker.fail(
                node,
                f"too big with its defines written in: more than {MAX_NODES:,} parts",
            )
        self.written.add(name)
        return copy.deepcopy(define.body)

    def _call(self, node: ast.Call, bound: frozenset[str]) -> ast.expr:
        """A define with arguments: its tree, each parameter replaced by its value."""
        name = node.func.id  # type: ignore[attr-defined]
        define = self.defines[name]
        values = [self.visit(argument, bound) for argument in node.args]
        body = self._written(node, name, bound)
        given = dict(zip(define.params, values, strict=True))
        for value in values:  # each value is written in as many times as it is read
            self.size += sum(1 for _ in ast.walk(value))
        if self.size > MAX_NODES:
            raise self.checker.fail(
                node, f"too big with its defines written in: more than {MAX_NODES:,} parts"
            )
        return _Parameters(given, name, node, self.checker).visit(body, frozenset())


class _Parameters:
    """Puts the values of a define's arguments where its body reads its parameters; a
    value is never put under a comprehension that binds a name the value reads."""

    def __init__(
        self, given: Mapping[str, ast.expr], name: str, call: ast.Call, checker: _Checker
    ) -> None:
        self.given = given
        self.name = name
        self.call = call
        self.checker = checker
        self.reads = {
            param: {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
            for param, value in given.items()
        }

    def visit(self, node: ast.expr, bound: frozenset[str]) -> ast.expr:
        if isinstance(node, ast.Name):
            if node.id not in self.given or node.id in bound:
                return node
            clash = sorted(self.reads[node.id] & bound)
            if clash:
                raise self.checker.fail(
                    self.call,
                    f"the value given to '{node.id}' of '{self.name}' reads '{clash[0]}', "
                    f"which the define's own comprehension binds: rename one of them",
                )
            return ast.copy_location(copy.deepcopy(self.given[node.id]), node)
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return scoped_comprehension(node, bound, self.visit)
        for field, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                setattr(node, field, self.visit(value, bound))
            elif isinstance(value, list):
                value[:] = [
                    self.visit(item, bound)
                    if isinstance(item, ast.expr)
                    else self._keyword(item, bound)
                    for item in value
                ]
        return node

    def _keyword(self, node: Any, bound: frozenset[str]) -> Any:
        if isinstance(node, ast.keyword):
            node.value = self.visit(node.value, bound)
        return node
