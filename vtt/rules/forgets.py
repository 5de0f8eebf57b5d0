"""Which "forget the kept values" statements of generated step code can go.

Generated step code (``vtt.rules.stepgen``) keeps values that expressions build in
locals until a step changes the game, then forgets them; this pass follows the
paths of a generated function (ifs, loops with their continue and break, a step
that ends the game) and drops the forgets where nothing can be held.
"""

from __future__ import annotations

import ast

__all__ = ["Forgets", "without"]


class Forgets:
    """The pass behind ``Writer.drop_idle_forgets``. A state is whether a kept value
    may be held: True, False, or None where no path reaches."""

    def __init__(self, kept: frozenset[str], forgets: set[int]) -> None:
        self.kept = kept
        self.forgets = forgets
        # Per loop being walked: the states its ``continue`` and ``break`` leave with.
        self.continues: list[list[bool | None]] = []
        self.breaks: list[list[bool | None]] = []

    def keeps(self, node: ast.AST) -> bool:
        """True when running ``node`` may keep a value (``(_k1 := ...)`` anywhere in it)."""
        return any(
            isinstance(child, ast.NamedExpr)
            and isinstance(child.target, ast.Name)
            and child.target.id in self.kept
            for child in ast.walk(node)
        )

    def block(
        self, body: list[ast.stmt], held: bool | None, apply: bool = True
    ) -> tuple[list[ast.stmt], bool | None]:
        """The statements of ``body`` to keep (all of them unless ``apply``), and the
        state after them, from the state ``held`` before."""
        found: list[ast.stmt] = []
        for statement in body:
            if held is None:  # not reached: nothing to decide
                found.append(statement)
                continue
            if id(statement) in self.forgets:
                if held or not apply:
                    found.append(statement)
                held = False
                continue
            found.append(statement)
            if isinstance(statement, ast.If):
                held = held or self.keeps(statement.test)
                then, then_held = self.block(statement.body, held, apply)
                orelse, else_held = self.block(statement.orelse, held, apply)
                if apply:
                    statement.body = then or [_located_pass(statement)]
                    statement.orelse = orelse
                held = _join(then_held, else_held)
            elif isinstance(statement, ast.For | ast.While):
                held = self.loop(statement, held, apply)
            elif isinstance(statement, ast.Continue):
                self.continues[-1].append(held)
                held = None
            elif isinstance(statement, ast.Break):
                self.breaks[-1].append(held)
                held = None
            elif isinstance(statement, ast.Return | ast.Raise) or _ends_game(statement):
                held = None
            else:
                held = held or self.keeps(statement)
        return found, held

    def loop(self, statement: ast.For | ast.While, held: bool, apply: bool) -> bool | None:
        """The state after a loop; its body and ``else`` pruned when ``apply``."""
        start = statement.iter if isinstance(statement, ast.For) else statement.test
        entry = held or self.keeps(start)
        if any(isinstance(node, _UNFOLLOWED) for node in ast.walk(statement)):
            # A continue inside what this pass does not walk could start a round holding one.
            entry = entry or self.keeps(statement)
        head: bool = entry
        while True:  # a round starts from the entry, the end of a round or a continue
            self.continues.append([])
            self.breaks.append([])
            _, end = self.block(statement.body, head, apply=False)
            again = _join(entry, end, *self.continues.pop())
            self.breaks.pop()
            if isinstance(statement, ast.While):
                again = bool(again) or self.keeps(statement.test)
            if bool(again) == head:
                break
            head = bool(again)
        self.continues.append([])
        self.breaks.append([])
        body, _ = self.block(statement.body, head, apply)
        self.continues.pop()
        breaks = self.breaks.pop()
        orelse, else_held = self.block(statement.orelse, head, apply)
        if apply:
            statement.body = body or [_located_pass(statement)]
            statement.orelse = orelse
        return _join(else_held, *breaks)


#: Statements ``Forgets`` does not walk into (generated step code has none of them).
_UNFOLLOWED = (ast.Try, ast.TryStar, ast.With, ast.Match, ast.AsyncFor, ast.AsyncWith)


def _ends_game(statement: ast.stmt) -> bool:
    """True for ``_state.finish(...)``, which always raises to end the game."""
    call = statement.value if isinstance(statement, ast.Expr) else None
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr == "finish"
        and isinstance(call.func.value, ast.Name)
        and call.func.value.id == "_state"
    )


def _join(*states: bool | None) -> bool | None:
    """The state where paths meet: None if none arrives, else whether any holds a value."""
    reached = [state for state in states if state is not None]
    return any(reached) if reached else None


def _located_pass(near: ast.stmt) -> ast.stmt:
    node = ast.Pass()
    ast.copy_location(node, near)
    return node


def without(body: list[ast.stmt], dropped: set[int]) -> list[ast.stmt]:
    """``body`` with the statements in ``dropped`` taken out, at any depth."""
    found: list[ast.stmt] = []
    for statement in body:
        if id(statement) in dropped:
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                kept = without(inner, dropped)
                # A body may not be empty; an else or finally may.
                setattr(
                    statement,
                    field,
                    kept or ([_located_pass(statement)] if field == "body" else []),
                )
        found.append(statement)
    return found
