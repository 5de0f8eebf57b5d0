"""The allow-list: parsing an expression and checking every node of it at load time.

This is the safety boundary: what passes here is all a pack can ever run."""

from __future__ import annotations

import ast
import builtins
import difflib
import re
import warnings
from collections.abc import Mapping, Sequence
from typing import Final

from vtt.rules.errors import Where
from vtt.rules.expr.errors import ExprError
from vtt.rules.expr.library import Library
from vtt.rules.expr.limits import MAX_DEPTH, MAX_INT, MAX_NODES, MAX_SOURCE_LENGTH

# Format specs in f-strings: fill, align, sign, #, 0, a width of at most three
# digits, grouping, a precision of at most two digits, a type. Nothing nested.
_FORMAT_SPEC = re.compile(
    r"(?:.?[<>=^])?[+\- ]?z?#?0?(?:[0-9]{1,3})?[_,]?(?:\.[0-9]{1,2})?[bcdeEfFgGnosxX%]?", re.DOTALL
)


_NOT_ALLOWED: Final[Mapping[type[ast.AST], str]] = {
    ast.Lambda: "lambdas are not allowed: call a library function instead",
    ast.NamedExpr: "':=' is not allowed: expressions cannot set names",
    ast.Starred: "'*' unpacking is not allowed",
    ast.Await: "'await' is not allowed",
    ast.Yield: "'yield' is not allowed",
    ast.YieldFrom: "'yield from' is not allowed",
    ast.MatMult: "'@' is not an operator packs use",
}

_ALLOWED_NODES: Final = frozenset(
    {
        ast.Expression,
        ast.BoolOp,
        ast.And,
        ast.Or,
        ast.BinOp,
        ast.Add,
        ast.Sub,
        ast.Mult,
        ast.Div,
        ast.FloorDiv,
        ast.Mod,
        ast.Pow,
        ast.LShift,
        ast.RShift,
        ast.BitOr,
        ast.BitXor,
        ast.BitAnd,
        ast.UnaryOp,
        ast.Not,
        ast.USub,
        ast.UAdd,
        ast.Invert,
        ast.Compare,
        ast.Eq,
        ast.NotEq,
        ast.Lt,
        ast.LtE,
        ast.Gt,
        ast.GtE,
        ast.Is,
        ast.IsNot,
        ast.In,
        ast.NotIn,
        ast.IfExp,
        ast.Call,
        ast.keyword,
        ast.Name,
        ast.Load,
        ast.Store,
        ast.Constant,
        ast.Attribute,
        ast.Subscript,
        ast.Slice,
        ast.Tuple,
        ast.List,
        ast.Set,
        ast.Dict,
        ast.ListComp,
        ast.SetComp,
        ast.DictComp,
        ast.GeneratorExp,
        ast.comprehension,
        ast.JoinedStr,
        ast.FormattedValue,
    }
)

_PRIVATE: Final = "names and attributes starting with '_' are private"


def _parse(text: str, where: Where | None) -> ast.Expression:
    if not text:
        raise ExprError("the expression is empty", where)
    if len(text) > MAX_SOURCE_LENGTH:
        raise ExprError(
            f"the expression is too long: {len(text):,} characters (at most {MAX_SOURCE_LENGTH:,})",
            where,
        )
    # Expressions written over several lines of a YAML block need brackets to parse.
    wrapped = f"(\n{text}\n)" if "\n" in text else text
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # e.g. an invalid escape like "\d" is an error
            tree = ast.parse(wrapped, mode="eval")
    except SyntaxError as error:
        line = (error.lineno or 0) - (1 if wrapped is not text else 0)
        raise ExprError(
            f"not a valid expression: {error.msg}",
            where,
            source=text,
            line=line,
            column=error.offset or 0,
            end_column=error.end_offset or 0,
        ) from None
    except (RecursionError, MemoryError, ValueError) as error:
        raise ExprError(f"not a valid expression: {error}", where) from None
    if wrapped is not text:
        for node in ast.walk(tree):
            for attribute in ("lineno", "end_lineno"):
                if getattr(node, attribute, None):
                    setattr(node, attribute, getattr(node, attribute) - 1)
    return tree


class _Checker:
    """The allow-list: walks the tree once and raises ExprError at the first bad node."""

    def __init__(
        self,
        source: str,
        names: frozenset[str],
        library: Library,
        where: Where | None,
        callables: Mapping[str, int] | None = None,
    ) -> None:
        self.source = source
        self.names = names
        self.library = library
        self.where = where
        #: Defines with arguments (``steppable(a, b)``), by name: how many they take.
        self.callables = callables or {}
        self.free_names: set[str] = set()
        self._lines = source.splitlines() or [source]

    def fail(self, node: ast.AST, reason: str) -> ExprError:
        """An ExprError pointing at ``node`` in the source."""
        line = getattr(node, "lineno", 0)
        column = self._column(line, getattr(node, "col_offset", -1))
        end = (
            self._column(line, getattr(node, "end_col_offset", -1))
            if (getattr(node, "end_lineno", 0) == line)
            else 0
        )
        if isinstance(node, ast.Attribute) and end > len(node.attr):
            column = end - len(node.attr)  # point at the name after the dot
        return ExprError(
            reason, self.where, source=self.source, line=line, column=column, end_column=end
        )

    def _column(self, line: int, offset: int | None) -> int:
        # ast offsets count UTF-8 bytes; authors count characters.
        if offset is None or offset < 0 or not 1 <= line <= len(self._lines):
            return 0
        encoded = self._lines[line - 1].encode("utf-8")[:offset]
        return len(encoded.decode("utf-8", errors="ignore")) + 1

    def check(self, tree: ast.Expression) -> None:
        """Check the whole tree: its size first, then every node."""
        self._check_size(tree)
        self.visit(tree.body, frozenset())

    def _check_size(self, tree: ast.AST) -> None:
        count = 0
        stack: list[tuple[ast.AST, int]] = [(tree, 1)]
        while stack:
            node, depth = stack.pop()
            count += 1
            if depth > MAX_DEPTH:
                raise self.fail(
                    node, f"the expression is nested too deeply (at most {MAX_DEPTH} levels)"
                )
            if count > MAX_NODES:
                raise self.fail(node, f"the expression is too big (at most {MAX_NODES} parts)")
            stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))

    def visit(self, node: ast.AST, bound: frozenset[str]) -> None:
        """Check ``node`` and its children; ``bound`` are comprehension variables in scope."""
        kind = type(node)
        if kind not in _ALLOWED_NODES:
            reason = _NOT_ALLOWED.get(
                kind, f"{_describe(node)} is not allowed in a pack expression"
            )
            raise self.fail(node, reason)
        method = getattr(self, f"visit_{kind.__name__}", None)
        if method is not None:
            method(node, bound)
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child, bound)

    def visit_Name(self, node: ast.Name, bound: frozenset[str]) -> None:
        name = node.id
        if name.startswith("_"):
            raise self.fail(node, f"'{name}' is not allowed: {_PRIVATE}")
        if name in bound:
            return
        if name in self.callables:
            raise self.fail(node, f"'{name}' is a define with arguments: give them, {name}(...)")
        if name in self.names:
            self.free_names.add(name)
            return
        if name in self.library.constants or name in self.library.functions:
            return
        raise self.fail(node, self._unknown_name(name, bound))

    def _unknown_name(self, name: str, bound: frozenset[str]) -> str:
        visible = sorted(
            bound | self.names | set(self.library.constants) | set(self.library.functions)
        )
        reason = f"unknown name '{name}'"
        close = difflib.get_close_matches(name, visible, n=3, cutoff=0.6)
        hint = f"; did you mean {_alternatives(close)}?" if close else ""
        if hasattr(builtins, name):
            return (
                f"{reason}: Python's built-ins are not available in packs, "
                f"only the library (len, min, max, sum, any, all, sorted, ...){hint}"
            )
        if close:
            return reason + hint
        shown = ", ".join(visible[:12]) + (", ..." if len(visible) > 12 else "")
        return f"{reason} (the names here are: {shown})" if visible else reason

    def visit_Attribute(self, node: ast.Attribute, bound: frozenset[str]) -> None:
        self.visit(node.value, bound)  # report faults in reading order, left to right
        attribute = node.attr
        if attribute.startswith("_"):
            raise self.fail(node, f"'{attribute}' is not allowed: {_PRIVATE}")
        if not isinstance(node.ctx, ast.Load):
            raise self.fail(node, "expressions cannot change attributes")
        if attribute not in self.library.attributes:
            known = sorted(self.library.attributes)
            close = difflib.get_close_matches(attribute, known, n=3, cutoff=0.6)
            hint = f"; did you mean {_alternatives(close)}?" if close else ""
            listed = (
                f" (attributes packs may use: {', '.join(known)})" if known and not close else ""
            )
            raise self.fail(node, f"unknown attribute '.{attribute}'{hint}{listed}")

    def visit_Call(self, node: ast.Call, bound: frozenset[str]) -> None:
        function = node.func
        if isinstance(function, ast.Attribute):
            self.visit(function.value, bound)  # faults inside first, in reading order
            if function.attr.startswith("_"):
                raise self.fail(function, f"'{function.attr}' is not allowed: {_PRIVATE}")
            raise self.fail(
                node,
                f"method calls like '.{function.attr}(...)' are not allowed: "
                "calls are only to library functions like len(...)",
            )
        if not isinstance(function, ast.Name):
            self.visit(function, bound)
            raise self.fail(node, "calls are only to library functions by name, like len(hand)")
        name = function.id
        if name in self.callables and name not in bound:
            self._define_call(node, name, bound)
            return
        self.visit_Name(function, bound)  # private and unknown names first
        if name not in self.library.functions or name in bound or name in self.names:
            raise self.fail(
                function,
                f"'{name}' is not a function: calls are only to library functions like len(...)",
            )
        for argument in node.args:
            self.visit(argument, bound)
        for keyword_argument in node.keywords:
            if keyword_argument.arg is None:
                raise self.fail(keyword_argument, "'**' unpacking is not allowed")
            if keyword_argument.arg.startswith("_"):
                raise self.fail(
                    keyword_argument, f"'{keyword_argument.arg}' is not allowed: {_PRIVATE}"
                )
            self.visit(keyword_argument.value, bound)

    def _define_call(self, node: ast.Call, name: str, bound: frozenset[str]) -> None:
        """A use of a define with arguments: as many values as it takes, by position."""
        wanted = self.callables[name]
        if (
            node.keywords
            or len(node.args) != wanted
            or any(isinstance(argument, ast.Starred) for argument in node.args)
        ):
            raise self.fail(
                node, f"'{name}' takes {wanted} value{'s' if wanted != 1 else ''}, in order"
            )
        self.free_names.add(name)
        for argument in node.args:
            self.visit(argument, bound)

    def visit_Constant(self, node: ast.Constant, bound: frozenset[str]) -> None:
        value = node.value
        if isinstance(value, bool) or value is None or isinstance(value, float | str):
            return
        if isinstance(value, int):
            if not -MAX_INT < value < MAX_INT:
                raise self.fail(node, "the number is too large: integers must stay below 2**64")
            return
        raise self.fail(node, f"{_describe(node)} are not used in packs")

    def visit_BinOp(self, node: ast.BinOp, bound: frozenset[str]) -> None:
        if type(node.op) not in _ALLOWED_NODES:
            raise self.fail(node, _NOT_ALLOWED.get(type(node.op), "this operator is not allowed"))
        self.visit(node.left, bound)
        self.visit(node.right, bound)

    def visit_Compare(self, node: ast.Compare, bound: frozenset[str]) -> None:
        operands = [node.left, *node.comparators]
        for operator, left, right in zip(node.ops, operands, operands[1:], strict=False):
            if isinstance(operator, ast.Is | ast.IsNot) and any(
                isinstance(side, ast.Constant)
                and not any(side.value is singleton for singleton in (None, True, False))
                for side in (left, right)
            ):
                raise self.fail(node, "'is' compares identity: use '==' to compare with a value")
        for operand in operands:
            self.visit(operand, bound)

    def visit_Dict(self, node: ast.Dict, bound: frozenset[str]) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            if key is None:
                raise self.fail(value, "'**' unpacking is not allowed")
            self.visit(key, bound)
            self.visit(value, bound)

    def visit_FormattedValue(self, node: ast.FormattedValue, bound: frozenset[str]) -> None:
        spec = node.format_spec
        if spec is not None:
            parts = spec.values if isinstance(spec, ast.JoinedStr) else [spec]
            if not all(isinstance(part, ast.Constant) for part in parts):
                raise self.fail(spec, "a format spec in an f-string must be plain, like {x:>3}")
            text = "".join(str(part.value) for part in parts if isinstance(part, ast.Constant))
            if not _FORMAT_SPEC.fullmatch(text):
                raise self.fail(
                    spec,
                    f"format spec ':{text}' is not allowed: use a width of at most 3 digits "
                    "and a precision of at most 2, like {x:>3} or {x:.2f}",
                )
        self.visit(node.value, bound)

    def _comprehension(
        self,
        node: ast.AST,
        generators: list[ast.comprehension],
        results: Sequence[ast.AST],
        bound: frozenset[str],
    ) -> None:
        scope = bound
        for generator in generators:
            if generator.is_async:
                raise self.fail(generator, "'async for' is not allowed")
            self.visit(generator.iter, scope)  # the first one runs outside the loop
            scope = scope | self._targets(generator.target)
            for condition in generator.ifs:
                self.visit(condition, scope)
        for result in results:
            self.visit(result, scope)

    def _targets(self, target: ast.AST) -> frozenset[str]:
        if isinstance(target, ast.Name):
            if target.id.startswith("_"):
                raise self.fail(target, f"'{target.id}' is not allowed: {_PRIVATE}")
            return frozenset({target.id})
        if isinstance(target, ast.Tuple | ast.List):
            names: frozenset[str] = frozenset()
            for element in target.elts:
                names |= self._targets(element)
            return names
        raise self.fail(target, "a comprehension can only name its items, like 'for card in hand'")

    def visit_ListComp(self, node: ast.ListComp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.elt], bound)

    def visit_SetComp(self, node: ast.SetComp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.elt], bound)

    def visit_GeneratorExp(self, node: ast.GeneratorExp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.elt], bound)

    def visit_DictComp(self, node: ast.DictComp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.key, node.value], bound)


def _alternatives(names: Sequence[str]) -> str:
    quoted = [f"'{name}'" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"


def _describe(node: ast.AST) -> str:
    if isinstance(node, ast.Constant):
        kinds = {bytes: "bytes", complex: "complex numbers"}
        return kinds.get(type(node.value), f"values like {node.value!r}")
    return f"'{type(node).__name__}'"
