"""Step lists compiled to one Python function each.

A list of effect steps (a move's effects, a phase's ``enter``, the setup) runs as
one generated function ``run(state)``. The common steps (``if``, ``for``, ``let``,
``set``, ``add``, ``move``, ``log``, ``phase``, ``end_game``, ``keep_turn``,
``reverse``) are written out as plain statements with the expressions' checked
trees in place; any other step is called as its closure (see ``FORM`` in
``vtt.rules.effects``). A War round's ``resolve`` phase then reads:

    def _run(_state):
        _env = _state.env
        battle = _env['battle']; spoils = _env['spoils']; won = _env['won'] ...
        a = battle[0][-1] if battle[0] else None; _env['a'] = a
        ...
        if w is None:
            _state.say_later(...); _state.next_phase = 'war'
        else:
            ...

Names: the environment's names become local variables. Zones, per-player vars,
options, constants and the seat lists never change identity while a list runs, so
they are read once at the top; every other name (vars, ``let`` and ``for`` names,
``current``...) is read from the environment just before the first statement that
needs it, and read again after anything that may change it. Every value a step
writes goes into the environment too, so a closure called in between, and the
engine afterwards, sees what the steps did.

Kept values: a list, set or dict an expression builds outside any comprehension is
kept in a local until a step changes the game (``_Caching``), so a define written
in several places is built once; the pack's end checks run as one such list, with
the scores worked out where the game ends. Work meter: an expression that spends
work starts with a full meter, as it does alone; in ``A and B`` where only ``B``
spends, the meter starts afresh where ``B`` begins (``_fresh_later``).

Safety is the legal-move generator's (``vtt.rules.generate``): the code is built as
a syntax tree; the only parts that come from the pack are the expressions' trees,
already checked and guarded, and names, which must be plain identifiers. The
scaffolding is fixed text of this module. Each expression sits on a line of its
own, so ``evaluation_error`` names the one that failed.
"""

from __future__ import annotations

import ast
import copy
import warnings
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from vtt.rules.effects import (
    FORM,
    MAX_TURN_WORK,
    EndForm,
    FlagForm,
    ForForm,
    IfForm,
    LetForm,
    LogForm,
    MoveForm,
    PhaseForm,
    RuleError,
    SetForm,
    move_top,
    take_item,
)
from vtt.rules.expr import MAX_WORK, METER, Expr, Library, register_lines, run_namespace, spend
from vtt.rules.generate import _Builder, _call, _locate, lazy_value, plain_name
from vtt.rules.model import PLAIN_TYPES, Step, Template, ZoneRef, leaves, render_parts
from vtt.rules.stdlib import describe

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = ["ENGINE_CHANGES", "compile_steps"]

#: The names the engine's own methods (``give_turn``, ``skip``...) may change.
ENGINE_CHANGES = frozenset({"current", "direction", "players"})
#: The line of fixed scaffolding: no expression runs there.
_SCAFFOLD = 1


class _Unsupported(Exception):
    """This step cannot be written out; it is called as its closure instead."""


def _too_much(where: str) -> RuleError:
    return RuleError(
        f"{where}: too much work in one turn: this 'for' and the steps and "
        f"expressions before it did more than {MAX_TURN_WORK:,} units of work"
    )


def _fresh_and() -> bool:
    """A full meter for what follows in an ``and``; true, so the ``and`` goes on."""
    meter = METER
    meter.done += MAX_WORK - meter.left
    meter.left = MAX_WORK
    return True


def _fresh_or() -> bool:
    """A full meter for what follows in an ``or``; false, so the ``or`` goes on."""
    _fresh_and()
    return False


_HELPERS: dict[str, Any] = {
    "_snapshot": tuple,
    "_take": take_item,
    "_move_top": move_top,
    "_int": int,
    "_leaves": leaves,
    "_PLAIN": PLAIN_TYPES,
    "_describe": describe,
    "_render": render_parts,
    "_spend": spend,
    "_MAX_TURN_WORK": MAX_TURN_WORK,
    "_UNSET": object(),
    "_fresh_and": _fresh_and,
    "_fresh_or": _fresh_or,
    "_too_much": _too_much,
}


def _located(node: ast.AST, line: int) -> None:
    """Put a whole tree on one line of the generated code."""
    for child in ast.walk(node):
        if isinstance(child, ast.stmt | ast.expr | ast.arg):
            _locate(child, line)


class _Substitute(ast.NodeTransformer):
    """Puts pack parts in place of the upper-case placeholders of a scaffold."""

    def __init__(self, parts: dict[str, ast.expr | str]) -> None:
        self.parts = parts

    def visit_Name(self, node: ast.Name) -> ast.expr:
        part = self.parts.get(node.id)
        if part is None:
            return node
        if isinstance(part, str):  # a name from the pack: checked to be a plain identifier
            return ast.copy_location(ast.Name(id=part, ctx=node.ctx), node)
        return copy.deepcopy(part)


def _code(scaffold: str, line: int, **parts: ast.expr | str) -> list[ast.stmt]:
    """The statements of a fixed ``scaffold`` with ``parts`` in place of its placeholders."""
    tree = ast.parse(scaffold)
    _located(tree, line)
    body = _Substitute(parts).visit(tree).body
    return list(body)


def _env_key(name: str) -> ast.expr:
    return ast.Constant(name)


class _Writer:
    """Writes the statements of one step list, keeping track of the names held locally."""

    def __init__(self, stable: frozenset[str], scores: Expr | None) -> None:
        self.builder = _Builder()
        self.scores = scores
        self.stable = stable
        self.top: set[str] = set()  # stable names the function reads once, at the top
        self.valid: set[str] = set()  # volatile names whose local copy is up to date
        self.closures: dict[str, Step] = {}
        self.temps = 0
        self.cached: dict[str, str] = {}  # a built value's tree (dumped) -> its local
        self.forgets: list[ast.Assign] = []  # where the cached values are forgotten

    def cache(self, node: ast.expr, line: int) -> ast.expr:
        """``node`` worked out once until the next change (see ``_Caching``)."""
        key = ast.dump(node)
        name = self.cached.get(key)
        if name is None:
            name = self.cached[key] = f"_k{len(self.cached) + 1}"
        return lazy_value(name, node, line)

    def forget(self) -> list[ast.stmt]:
        """Forget the cached values: the steps are about to change what they were built from.
        The names are filled in at the end, when every cached value is known."""
        node = _code("_k0 = _UNSET", _SCAFFOLD)[0]
        assert isinstance(node, ast.Assign)
        self.forgets.append(node)
        return [node]

    def fill_forgets(self) -> None:
        names = ["_k0", *self.cached.values()]
        for node in self.forgets:
            node.targets = [ast.Name(id=name, ctx=ast.Store()) for name in names]
            _located_missing(node)

    def drop_idle_forgets(self, body: list[ast.stmt]) -> list[ast.stmt]:
        """``body`` without the forgets that run when no kept value can be held: a War
        round passes a dozen of them, and most follow steps that read no define.

        A forget stays where some path from the last one (or from the start, where the
        locals are not yet set) may have kept a value; loops that keep one anywhere are
        taken as holding one from their first statement, and statements this pass does
        not follow (``try``, ``with``...) keep every forget inside them."""
        if not self.forgets:
            return body
        if not self.cached:  # nothing is ever kept: the one name set is never read
            idle = {id(node) for node in self.forgets}
            return _without(body, idle)
        kept = frozenset(self.cached.values())
        forgets = {id(node) for node in self.forgets}
        return _Forgets(kept, forgets).block(body, True)[0]

    def temp(self, stem: str) -> str:
        self.temps += 1
        return f"_{stem}{self.temps}"

    # --- expressions and names ----------------------------------------------------

    def read(self, names: Sequence[str] | frozenset[str], line: int) -> list[ast.stmt]:
        """Statements that bring ``names`` into local variables, where needed."""
        loads: list[ast.stmt] = []
        for name in sorted(names):
            if not plain_name(name):
                raise _Unsupported(name)
            if name in self.stable:
                self.top.add(name)
            elif name not in self.valid:
                loads += _code("N = _env[K]", line, N=name, K=_env_key(name))
                self.valid.add(name)
        return loads

    def expr(self, expr: Expr, *, kept: bool = True) -> tuple[list[ast.stmt], ast.expr, int]:
        """What must run before the expression (loads, a fresh meter), and its tree.

        ``kept``: the values it builds may be shared with other expressions (not for a
        value a step stores: ``is`` could tell two built values from one)."""
        body, line = self.builder.expression(expr)
        if kept and not _compares_identity(body):
            body = _Caching(self, line).visit(body)
        before = self.read(expr.names, line)
        if expr.metered:
            later = _fresh_later(body, line)
            if later is not None:
                return before, later, line
            before += _code("_meter.done += _MAX_WORK - _meter.left\n_meter.left = _MAX_WORK", line)
        return before, body, line

    def wrote(self, name: str, value: ast.expr, line: int) -> list[ast.stmt]:
        """``name = value``, into the local and the environment."""
        if not plain_name(name):
            raise _Unsupported(name)
        self.valid.add(name)
        return _code("N = V\n_env[K] = N", line, N=name, V=value, K=_env_key(name))

    def zone(self, ref: ZoneRef) -> tuple[list[ast.stmt], ast.expr]:
        """The stack (or family of stacks) a zone reference names, as an expression."""
        before = self.read([ref.zone.name], _SCAFFOLD)
        node: ast.expr = ast.Name(id=ref.zone.name, ctx=ast.Load())
        for index in ref.indexes:
            loads, body, _ = self.expr(index)
            before += loads
            node = ast.Subscript(value=node, slice=body, ctx=ast.Load())
        _located_missing(node)
        return before, node

    def parts(self, text: Template, line: int) -> tuple[list[ast.stmt], ast.expr]:
        """A message's parts as ``Template.capture`` keeps them, as a tuple expression."""
        before: list[ast.stmt] = []
        values: list[ast.expr] = []
        for part in text.parts:
            if isinstance(part, str):
                values.append(ast.Constant(part))
                continue
            loads, body, at = self.expr(part)
            name = self.temp("p")
            before += [*loads, *_code("T = V", at, T=name, V=body)]
            kept = _code("T if T.__class__ in _PLAIN else _describe(T)", at, T=name)[0]
            assert isinstance(kept, ast.Expr)
            values.append(kept.value)
        return before, ast.Tuple(elts=values, ctx=ast.Load())

    # --- steps ----------------------------------------------------------------------

    def steps(self, steps: Sequence[Step]) -> list[ast.stmt]:
        written: list[ast.stmt] = []
        for step in steps:
            written += self.step(step)
            if _changes(step):
                written += self.forget()
        return written

    def step(self, step: Step) -> list[ast.stmt]:
        form = getattr(step, FORM, None)
        before = set(self.valid)
        try:
            if form is None:
                raise _Unsupported("no form")
            return self._written(form, step)
        except _Unsupported:
            self.valid = before
            return self.closure(step, compound=hasattr(step, "specialise"))

    def closure(self, step: Step, *, compound: bool = False) -> list[ast.stmt]:
        """Call the step's closure; what it may change must be read afresh afterwards."""
        name = self.temp("step")
        self.closures[name] = step
        if compound:
            self.valid.clear()
        else:
            self.valid -= ENGINE_CHANGES
        return _code("S(_state)", _SCAFFOLD, S=name)

    def _written(self, form: object, step: Step) -> list[ast.stmt]:
        if isinstance(form, IfForm):
            return self._if(form)
        if isinstance(form, ForForm):
            return self._for(form)
        if isinstance(form, LetForm):
            written: list[ast.stmt] = []
            for name, value in form.bound:
                before, body, line = self.expr(value, kept=False)
                written += [*before, *self.wrote(name, body, line)]
            return written
        if isinstance(form, SetForm):
            return self._set(form)
        if isinstance(form, MoveForm):
            return self._move(form, step)
        if isinstance(form, LogForm):
            before, parts = self.parts(form.text, _SCAFFOLD)
            return [*before, *_code("_state.say_later(P)", _SCAFFOLD, P=parts)]
        if isinstance(form, PhaseForm):
            return _code("_state.next_phase = N", _SCAFFOLD, N=ast.Constant(form.name))
        if isinstance(form, EndForm):
            before, winners, line = self.expr(form.winners)
            chosen = self.temp("w")
            before += _code("T = W", line, T=chosen, W=winners)
            more, parts = self.parts(form.reason, line)
            if self.scores is None:
                finish = _code("_state.finish(T, _render(P))", line, T=chosen, P=parts)
                return [*before, *more, *finish]
            # The scores too, here: they are often the values the check just built.
            loads, scores, at = self.expr(self.scores)
            kept = self.temp("sc")
            more += [*loads, *_code("T = V", at, T=kept, V=scores)]
            finish = _code("_state.finish(T, _render(P), S)", line, T=chosen, P=parts, S=kept)
            return [*before, *more, *finish]
        if isinstance(form, FlagForm):
            if form.word == "keep_turn":
                return _code("_state.turn_decided = True", _SCAFFOLD)
            self.valid.discard("direction")
            return _code("_env['direction'] = -_env['direction']", _SCAFFOLD)
        raise _Unsupported(type(form).__name__)

    def _if(self, form: IfForm) -> list[ast.stmt]:
        before, test, line = self.expr(form.test)
        start = set(self.valid)
        then = self.steps(form.then)
        after_then, self.valid = self.valid, set(start)
        other = self.steps(form.other)
        self.valid &= after_then
        return [*before, _if_statement(test, then, other, line)]

    def _for(self, form: ForForm) -> list[ast.stmt]:
        if not plain_name(form.each):
            raise _Unsupported(form.each)
        before, values, line = self.expr(form.values)
        kills = _assigned(form.body)
        start = set(self.valid)
        self.valid = set() if kills is None else start - kills
        body = _code("_env[K] = N", line, N=form.each, K=_env_key(form.each))
        body += self.forget()  # values built from the last round's name are stale
        self.valid.add(form.each)
        body += self.steps(form.body)
        body += _code(
            "if _spend(C) > _MAX_TURN_WORK:\n    raise _too_much(W)",
            _SCAFFOLD,
            C=ast.Constant(form.cost),
            W=ast.Constant(form.where),
        )
        self.valid = set() if kills is None else start - kills - {form.each}
        loop = _code("for N in _snapshot(V):\n    pass", line, N=form.each, V=values)[0]
        assert isinstance(loop, ast.For)
        loop.body = body
        return [*before, loop]

    def _set(self, form: SetForm) -> list[ast.stmt]:
        written: list[ast.stmt] = []
        for name, index, value in form.changes:
            before, body, line = self.expr(value, kept=False)
            written += before
            if index is None:
                if form.adding:
                    written += self.read([name], line)
                    total = _code("N + V", line, N=name, V=body)[0]
                    assert isinstance(total, ast.Expr)
                    body = total.value
                written += self.wrote(name, body, line)
                continue
            if name not in self.stable:
                raise _Unsupported(name)
            # The value first, then the index, as the closure (and ``a[i] = v``) does.
            new = self.temp("v")
            written += _code("T = V", line, T=new, V=body)
            loads, seat, at = self.expr(index)
            written += [*loads, *self.read([name], at)]
            slot = self.temp("i")
            written += _code("I = S", at, I=slot, S=seat)
            scaffold = "N[I] = N[I] + T" if form.adding else "N[I] = T"
            written += _code(scaffold, line, I=slot, N=name, T=new)  # a failure blames the value
        return written

    def _move(self, form: MoveForm, step: Step) -> list[ast.stmt]:
        before, dest = self.zone(form.dest)
        if form.what is not None and form.bottom:
            raise _Unsupported("bottom")
        if form.what is not None:
            if len(form.sources) != 1 or not form.sources[0].complete:
                raise _Unsupported("several sources")
            loads, what, line = self.expr(form.what)
            more, source = self.zone(form.sources[0])
            # A list of items, or an item not there (the closure raises the error), goes
            # to the closure; one item found is moved here.
            fallback = self.closure(step)
            item = self.temp("x")
            moved = _code(
                "X = W\n"
                "if X.__class__ is list or X.__class__ is tuple:\n    F\n"
                "else:\n"
                "    X = _take(S, X)\n"
                "    if X is None:\n        F\n"
                "    else:\n        D.append(X)",
                line,
                X=item,
                W=what,
                S=source,
                D=dest,
            )
            _replace_marker(moved, fallback)
            return [*before, *loads, *more, *moved]
        if form.count is None and not form.bottom:
            into = self.temp("d")
            written = [*before, *_code("D = V", _SCAFFOLD, D=into, V=dest)]
            # Every stack is found before any card moves (an index may count cards).
            found: list[tuple[str, bool]] = []
            for ref in form.sources:
                loads, source = self.zone(ref)
                written += loads
                stack = self.temp("s")
                left = ref.zone.depth - len(ref.indexes)
                if not ref.complete and not (left == 1 and ref.zone.grid is None):
                    source = _call("_leaves", source, ast.Constant(left))
                written += _code("S = V", _SCAFFOLD, S=stack, V=source)
                found.append((stack, ref.complete))
            gather = "if S and S is not D:\n    D.extend(S)\n    S.clear()"
            for stack, complete in found:
                if complete:
                    written += _code(gather, _SCAFFOLD, S=stack, D=into)
                    continue
                each = self.temp("s")
                loop = "for E in S:\n    " + gather.replace("\n", "\n    ").replace("S", "E")
                written += _code(loop, _SCAFFOLD, E=each, S=stack, D=into)
            return written
        count = None if form.count is None else form.count.body
        if (
            not form.bottom
            and isinstance(count, ast.Constant)
            and type(count.value) is int
            and count.value == 1
            and len(form.sources) == 1
            and form.sources[0].complete
        ):  # turn up a card, draw one: the commonest move of all
            more, source = self.zone(form.sources[0])
            stack, into = self.temp("s"), self.temp("d")
            return [
                *before,
                *more,
                *_code(
                    "S = V\nD = T\nif S and S is not D:\n    D.append(S.pop())",
                    _SCAFFOLD,
                    S=stack,
                    V=source,
                    D=into,
                    T=dest,
                ),
            ]
        return [*before, *self._move_count(form, dest)]

    def _move_count(self, form: MoveForm, dest: ast.expr) -> list[ast.stmt]:
        """``move`` of a number of components from the top (or all, under the destination):
        the destination, the number, then every source stack, then the moving."""
        into, wanted = self.temp("d"), self.temp("n")
        written = _code("D = V", _SCAFFOLD, D=into, V=dest)
        if form.count is None:
            written += _code("N = None", _SCAFFOLD, N=wanted)
        else:
            loads, count, line = self.expr(form.count)
            written += [*loads, *_code("N = _int(C)", line, N=wanted, C=count)]
        stacks: list[tuple[str, bool]] = []
        for ref in form.sources:
            loads, source = self.zone(ref)
            left = ref.zone.depth - len(ref.indexes)
            if not ref.complete and not (left == 1 and ref.zone.grid is None):
                source = _call("_leaves", source, ast.Constant(left))
            stack = self.temp("s")
            written += [*loads, *_code("S = V", _SCAFFOLD, S=stack, V=source)]
            stacks.append((stack, ref.complete))
        bottom = ast.Constant(form.bottom)
        for stack, complete in stacks:
            if complete:
                written += _code(
                    "_move_top(S, D, N, B)", _SCAFFOLD, S=stack, D=into, N=wanted, B=bottom
                )
            else:
                each = self.temp("s")
                written += _code(
                    "for E in S:\n    _move_top(E, D, N, B)",
                    _SCAFFOLD,
                    E=each,
                    S=stack,
                    D=into,
                    N=wanted,
                    B=bottom,
                )
        return written


class _Caching(ast.NodeTransformer):
    """Values an expression builds (list, set and dict comprehensions, and tuples of a
    generator's items) outside any comprehension, worked out once and kept in a local
    until a step changes the game: a define such as JANTORI's ``points`` is written in
    place wherever it is used, so the end checks would otherwise build it many times.
    Expressions have no side effects, so a kept value is the value building it again
    would give; it is built lazily, at the first place that needs it, as before."""

    def __init__(self, writer: _Writer, line: int) -> None:
        self.writer = writer
        self.line = line

    def _kept(self, node: ast.expr) -> ast.expr:
        return self.writer.cache(node, self.line)

    def visit_ListComp(self, node: ast.ListComp) -> ast.expr:
        return self._kept(node)

    def visit_SetComp(self, node: ast.SetComp) -> ast.expr:
        return self._kept(node)

    def visit_DictComp(self, node: ast.DictComp) -> ast.expr:
        return self._kept(node)

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> ast.expr:
        return node  # consumed as it runs: never kept, and its inside is its own scope

    def visit_Call(self, node: ast.Call) -> ast.expr:
        function = node.func
        if (
            isinstance(function, ast.Name)
            and function.id == "_plain"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.GeneratorExp)
        ):
            return self._kept(node)
        self.generic_visit(node)
        return node


def _fresh_later(body: ast.expr, line: int) -> ast.expr | None:
    """``A and B and C`` with only ``C`` doing metered work, as ``A and B and _fresh_and()
    and C``: the meter starts afresh only when ``C`` is reached (``A`` and ``B`` spend
    nothing, so C gets the same full meter). None when the first part is metered."""
    if not isinstance(body, ast.BoolOp):
        return None
    first = next((index for index, value in enumerate(body.values) if _may_spend(value)), None)
    if not first:  # None (nothing spends: cannot be) or 0 (the first part spends)
        return None
    call = _call("_fresh_and" if isinstance(body.op, ast.And) else "_fresh_or")
    _located(call, line)
    body.values.insert(first, call)
    return body


def _may_spend(node: ast.expr) -> bool:
    """True unless the tree calls nothing (calls are what spend work units)."""
    return any(isinstance(child, ast.Call) for child in ast.walk(node))


def _compares_identity(node: ast.expr) -> bool:
    """True when the expression uses ``is`` other than with None (it could tell a kept
    value from one built anew)."""
    for child in ast.walk(node):
        if isinstance(child, ast.Compare):
            operands = [child.left, *child.comparators]
            for position, operator in enumerate(child.ops):
                if isinstance(operator, ast.Is | ast.IsNot) and not any(
                    isinstance(side, ast.Constant) and side.value is None
                    for side in operands[position : position + 2]
                ):
                    return True
    return False


def _changes(step: Step) -> bool:
    """True when the step may change zones, vars or names (cached values go stale)."""
    form = getattr(step, FORM, None)
    if isinstance(form, LogForm | PhaseForm | EndForm | IfForm):
        return False  # an if's branches forget for themselves
    return not (isinstance(form, FlagForm) and form.word == "keep_turn")


def _located_missing(node: ast.AST) -> None:
    for child in ast.walk(node):
        if isinstance(child, ast.stmt | ast.expr) and not hasattr(child, "lineno"):
            child.lineno = child.end_lineno = _SCAFFOLD
            child.col_offset, child.end_col_offset = 0, 1


def _if_statement(
    test: ast.expr, then: list[ast.stmt], other: list[ast.stmt], line: int
) -> ast.stmt:
    statement = _code("if T:\n    pass", line, T=test)[0]
    assert isinstance(statement, ast.If)
    if then:
        statement.body = then
    statement.orelse = other
    return statement


#: The marker a scaffold uses where a closure call goes (see ``_replace_marker``).
_MARKER = "F"


def _replace_marker(statements: list[ast.stmt], call: list[ast.stmt]) -> None:
    """Put ``call`` where a scaffold has the bare statement ``F``."""
    for node in statements:
        for child in ast.walk(node):
            for field in ("body", "orelse"):
                block = getattr(child, field, None)
                if not isinstance(block, list):
                    continue
                for position, inner in enumerate(block):
                    if (
                        isinstance(inner, ast.Expr)
                        and isinstance(inner.value, ast.Name)
                        and inner.value.id == _MARKER
                    ):
                        block[position : position + 1] = copy.deepcopy(call)


def _assigned(steps: Sequence[Step]) -> set[str] | None:
    """Names the steps may change; None when a step could change any of them."""
    names: set[str] = set()
    for step in steps:
        form = getattr(step, FORM, None)
        if isinstance(form, LetForm):
            names.update(name for name, _ in form.bound)
        elif isinstance(form, SetForm):
            # A per-player var is changed in place: only a global one is bound anew.
            names.update(name for name, index, _ in form.changes if index is None)
        elif isinstance(form, ForForm):
            inner = _assigned(form.body)
            if inner is None:
                return None
            names |= inner | {form.each}
        elif isinstance(form, IfForm):
            for branch in (form.then, form.other):
                inner = _assigned(branch)
                if inner is None:
                    return None
                names |= inner
        elif isinstance(form, FlagForm):
            names.add("direction")
        elif form is None:
            if hasattr(step, "specialise"):
                return None
            names |= ENGINE_CHANGES
    return names


def compile_steps(
    steps: Sequence[Step],
    library: Library,
    stable: frozenset[str],
    label: str,
    scores: Expr | None = None,
) -> Callable[[State], None] | None:
    """One function running ``steps`` in order; None for an empty list.

    ``stable`` names the environment entries that keep their identity while steps
    run (zones, per-player vars, options, constants, ``seats``, ``seat_names``);
    ``scores`` is the pack's scores expression, worked out where the game ends."""
    if not steps:
        return None
    assigned = _assigned(steps)
    # A step that could bind any name (a compound closure) leaves no name safe to read once.
    writer = _Writer(frozenset() if assigned is None else stable - assigned, scores)
    body = writer.forget() + writer.steps(steps)
    run: Callable[[State], None] = build_function(writer, body, library, f"steps of {label}")
    return run


class _Forgets:
    """The pass behind ``_Writer.drop_idle_forgets``. A state is whether a kept value
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


#: Statements ``_Forgets`` does not walk into (generated step code has none of them).
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


def _without(body: list[ast.stmt], dropped: set[int]) -> list[ast.stmt]:
    """``body`` with the statements in ``dropped`` taken out, at any depth."""
    found: list[ast.stmt] = []
    for statement in body:
        if id(statement) in dropped:
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(statement, field, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                kept = _without(inner, dropped)
                # A body may not be empty; an else or finally may.
                setattr(
                    statement,
                    field,
                    kept or ([_located_pass(statement)] if field == "body" else []),
                )
        found.append(statement)
    return found


def build_function(
    writer: _Writer,
    body: Sequence[ast.stmt],
    library: Library,
    label: str,
    extra: Mapping[str, Any] | None = None,
    parameters: Sequence[str] = ("_state",),
) -> Any:
    """``def _run(_state, ...)``: the stable names ``writer`` met read at the top, then
    ``body``; compiled with the library, the helpers, the closures called and ``extra``
    as its globals (``label`` names it in tracebacks)."""
    writer.fill_forgets()
    body = writer.drop_idle_forgets(list(body))
    top = [
        statement
        for name in sorted(writer.top)
        for statement in _code("N = _env[K]", _SCAFFOLD, N=name, K=_env_key(name))
    ]
    header = f"def _run({', '.join(parameters)}):\n    _env = _state.env"
    function = _code(header, _SCAFFOLD)[0]
    assert isinstance(function, ast.FunctionDef)
    function.body += [*top, *body]
    module = ast.Module(body=[function], type_ignores=[])
    _located_missing(module)
    namespace = run_namespace(library)
    namespace.update(_HELPERS)
    namespace.update(writer.closures)
    namespace.update(extra or {})
    register_lines(namespace, writer.builder.lines)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = compile(module, filename=f"<{label}>", mode="exec")
    exec(code, namespace)  # defines _run only; the checked expressions run when it is called
    run = namespace["_run"]
    setattr(run, "source", ast.unparse(module))  # noqa: B010  (for readers and tests)
    return run
