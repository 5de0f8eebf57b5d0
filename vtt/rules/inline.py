"""Small functions of the engine written into generated code from their one definition.

The turn machine (``vtt.rules.turns``) is plain Python, written once. The generated
turn path (``vtt.rules.flowgen``) would call its small functions (who moves, the next
seat, the legal-move search) on every move; a call costs more than most of those
bodies. ``inline`` reads such a function's own syntax tree (``inspect.getsource``) and
gives its statements with the arguments in place of its parameters, so the generated
code runs the very definition, not a copy of it written again as template text.

What can be inlined is kept simple, and checked when the tree is read (a
``TypeError`` names the function otherwise):

- parameters are plain positional names, never assigned in the body, and each
  argument is a name or a constant (so using it twice costs nothing and does nothing
  twice);
- a ``return`` may only be the body's last statement: its value goes to ``target``;
- no nested functions, classes, lambdas, ``global`` or ``nonlocal``.

The body's own names (its locals) get a prefix of the caller's choosing, so they
meet no name of the generated code; the module globals it reads become globals of the
generated function under ``_in_`` names (given back in ``globals_``), and so do the
built-ins it uses (generated code has none: its ``len`` is the pack library's); a call of
another inlinable function of the same module, as a statement or the value of an
assignment, is inlined in turn. Every statement is put on ``line`` (the scaffolding's).
"""

from __future__ import annotations

import ast
import builtins
import copy
import functools
import inspect
import textwrap
from collections.abc import Callable, Collection, Mapping, MutableMapping
from typing import Any

__all__ = ["inline"]

_BANNED = (
    ast.FunctionDef,
    ast.AsyncFunctionDef,
    ast.ClassDef,
    ast.Lambda,
    ast.Global,
    ast.Nonlocal,
    ast.Yield,
    ast.YieldFrom,
    ast.Await,
)


@functools.cache
def _definition(function: Callable[..., Any]) -> tuple[ast.FunctionDef, frozenset[str]]:
    """The function's tree (docstring dropped) and its local names, checked inlinable."""
    name = getattr(function, "__qualname__", repr(function))
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    definition = tree.body[0]
    if not isinstance(definition, ast.FunctionDef):
        raise TypeError(f"{name} is not a plain function")
    arguments = definition.args
    if (
        arguments.posonlyargs
        or arguments.vararg
        or arguments.kwonlyargs
        or arguments.kwarg
        or arguments.defaults
    ):
        raise TypeError(f"{name}: only plain positional parameters can be inlined")
    body = definition.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    definition.body = body
    _Unannotated().visit(definition)
    body = definition.body
    parameters = {argument.arg for argument in arguments.args}
    stored: set[str] = set()
    for position, statement in enumerate(body):
        for node in ast.walk(statement):
            if isinstance(node, _BANNED):
                raise TypeError(f"{name}: {type(node).__name__} cannot be inlined")
            if isinstance(node, ast.Return) and not (
                node is statement and position == len(body) - 1
            ):
                raise TypeError(f"{name}: only a last 'return' can be inlined")
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                stored.add(node.id)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                stored.add(node.name)
    if stored & parameters:
        raise TypeError(f"{name}: a parameter is assigned ({sorted(stored & parameters)})")
    return definition, frozenset(stored)


class _Unannotated(ast.NodeTransformer):
    """``x: T = v`` as ``x = v`` (the annotation may name what only type checkers import)."""

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.stmt | None:
        if node.value is None:
            return None
        return ast.Assign(targets=[node.target], value=node.value)


class _Rename(ast.NodeTransformer):
    def __init__(
        self,
        arguments: Mapping[str, ast.expr],
        local: Collection[str],
        prefix: str,
        module: Mapping[str, Any],
        globals_: MutableMapping[str, Any],
        inner: Collection[str],
    ) -> None:
        self.inner = inner
        self.arguments = arguments
        self.local = local
        self.prefix = prefix
        self.module = module
        self.globals = globals_

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if node.id in self.arguments:
            return copy.deepcopy(self.arguments[node.id])
        if node.id in self.local:
            return ast.Name(id=self.prefix + node.id, ctx=node.ctx)
        if node.id in self.inner:  # inlined in turn (``_inline_calls``)
            return node
        if node.id in self.module:
            value = self.module[node.id]
        elif hasattr(builtins, node.id):
            value = getattr(builtins, node.id)
        else:
            raise TypeError(f"inlining: {node.id!r} is not defined")
        # A global of its own: the generated code's namespace has no built-ins, and
        # its names (``len``...) are the pack's library's.
        name = f"_in_{node.id}"
        self.globals[name] = value
        return ast.Name(id=name, ctx=node.ctx)

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.ExceptHandler:
        if node.name:
            node.name = self.prefix + node.name
        self.generic_visit(node)
        return node


def inline(
    function: Callable[..., Any],
    arguments: list[ast.expr | str],
    *,
    prefix: str,
    globals_: MutableMapping[str, Any],
    line: int,
    target: str | None = None,
    also: Collection[Callable[..., Any]] = (),
) -> list[ast.stmt]:
    """The statements of ``function(*arguments)``, its value (if it returns one) put
    in ``target``; ``also`` the functions of its module it calls that are inlined in
    turn (as statements: ``f(...)`` alone on its line, or ``x = f(...)``)."""
    definition, local = _definition(function)
    parameters = [argument.arg for argument in definition.args.args]
    if len(arguments) != len(parameters):
        raise TypeError(f"{function.__name__} takes {len(parameters)} arguments")
    given: dict[str, ast.expr] = {}
    for parameter, argument in zip(parameters, arguments, strict=True):
        value = ast.Name(id=argument, ctx=ast.Load()) if isinstance(argument, str) else argument
        if not isinstance(value, ast.Name | ast.Constant):
            raise TypeError(f"{function.__name__}: an argument must be a name or a constant")
        given[parameter] = value
    inner = {other.__name__: other for other in also}
    module = {
        name: value
        for name, value in vars(inspect.getmodule(function)).items()
        if name not in inner and not name.startswith("__")
    }
    rename = _Rename(given, local, prefix, module, globals_, inner)
    body: list[ast.stmt] = []
    for original in definition.body:
        statement = copy.deepcopy(original)
        if isinstance(statement, ast.Return):
            if target is not None and statement.value is not None:
                body.append(
                    ast.Assign(
                        targets=[ast.Name(id=target, ctx=ast.Store())],
                        value=rename.visit(statement.value),
                    )
                )
            continue
        body.append(rename.visit(statement))
    body = _inline_calls(body, inner, prefix, globals_, line, also)
    for statement in body:
        for node in ast.walk(statement):
            if isinstance(node, ast.stmt | ast.expr):
                node.lineno = node.end_lineno = line
                node.col_offset, node.end_col_offset = 0, 1
    return body


def _inline_calls(
    body: list[ast.stmt],
    inner: Mapping[str, Callable[..., Any]],
    prefix: str,
    globals_: MutableMapping[str, Any],
    line: int,
    also: Collection[Callable[..., Any]],
) -> list[ast.stmt]:
    """``body`` with each statement ``f(...)`` of a function in ``inner`` inlined."""
    if not inner:
        return body
    done: list[ast.stmt] = []
    for statement in body:
        call = statement.value if isinstance(statement, ast.Expr | ast.Assign) else None
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id in inner
            and not call.keywords
        ):
            function = inner[call.func.id]
            stem = f"{prefix}{call.func.id}_"
            value = f"{stem}value" if isinstance(statement, ast.Assign) else None
            done += inline(
                function,
                list(call.args),
                prefix=stem,
                globals_=globals_,
                line=line,
                target=value,
                also=[other for other in also if other is not function],
            )
            if isinstance(statement, ast.Assign) and value is not None:
                statement.value = ast.Name(id=value, ctx=ast.Load())
                done.append(statement)
            continue
        for field in ("body", "orelse", "finalbody"):
            block = getattr(statement, field, None)
            if isinstance(block, list) and block:
                setattr(statement, field, _inline_calls(block, inner, prefix, globals_, line, also))
        if isinstance(statement, ast.Try):
            for handler in statement.handlers:
                handler.body = _inline_calls(handler.body, inner, prefix, globals_, line, also)
        done.append(statement)
    return done
