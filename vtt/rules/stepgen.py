"""Step lists compiled to one Python function each.

A list of effect steps (a move's effects, a phase's ``enter``, the setup) runs as
one generated function ``run(state)``. Each kind of step (``vtt.rules.steps``, one
module a kind) writes its own statements through the ``Writer`` here: the common
ones (``if``, ``for``, ``let``, ``set``, ``add``, ``move``, ``log``, ``phase``,
``end_game``, ``keep_turn``, ``reverse``) as plain statements with the expressions'
checked trees in place, the others as a call of the step's ``run``. A War round's
``resolve`` phase then reads:

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
writes goes into the environment too, so a step called in between, and the
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

from vtt.rules.errors import RuleError
from vtt.rules.expr import (
    MAX_WORK,
    Expr,
    Library,
    Meter,
    register_lines,
    run_namespace,
    spend,
    stored,
)
from vtt.rules.expr.limits import MAX_TURN_WORK, STEP_WORK
from vtt.rules.forgets import Forgets, without
from vtt.rules.generate import _Builder, _call, _locate, _name, lazy_value, plain_name
from vtt.rules.model import (
    PLAIN_TYPES,
    Step,
    StopSteps,
    Template,
    ZoneRef,
    leaves,
    render_parts,
    stopping,
)
from vtt.rules.stdlib import describe

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = [
    "MAX_TURN_WORK",
    "SCAFFOLD",
    "STEP_WORK",
    "Writer",
    "assigned",
    "build_function",
    "code",
    "compile_steps",
    "env_key",
    "if_statement",
    "located_missing",
    "replace_marker",
    "too_much_work",
]

#: The line of fixed scaffolding: no expression runs there.
SCAFFOLD = 1


def _check_plain(name: str) -> None:
    """Pack names become local variables: the loader admits only plain identifiers."""
    if not plain_name(name):
        raise ValueError(f"{name!r} cannot be a name in generated code")


def too_much_work(where: str) -> RuleError:
    """The error of a ``for`` at ``where`` that took the turn past its work."""
    return RuleError(
        f"{where}: too much work in one turn: this 'for' and the steps and "
        f"expressions before it did more than {MAX_TURN_WORK:,} units of work"
    )


def _fresh_and(meter: Meter) -> bool:
    """A full meter for what follows in an ``and``; true, so the ``and`` goes on."""
    meter.done += MAX_WORK - meter.left
    meter.left = MAX_WORK
    return True


def _fresh_or(meter: Meter) -> bool:
    """A full meter for what follows in an ``or``; false, so the ``or`` goes on."""
    _fresh_and(meter)
    return False


_HELPERS: dict[str, Any] = {
    "_snapshot": tuple,
    "_int": int,
    "_leaves": leaves,
    "_PLAIN": PLAIN_TYPES,
    "_describe": describe,
    "_render": render_parts,
    "_spend": spend,
    "_stored": stored,
    "_MAX_TURN_WORK": MAX_TURN_WORK,
    "_UNSET": object(),
    "_fresh_and": _fresh_and,
    "_fresh_or": _fresh_or,
    "_too_much": too_much_work,
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


def code(scaffold: str, line: int, **parts: ast.expr | str) -> list[ast.stmt]:
    """The statements of a fixed ``scaffold`` with ``parts`` in place of its placeholders."""
    tree = ast.parse(scaffold)
    _located(tree, line)
    body = _Substitute(parts).visit(tree).body
    return list(body)


def env_key(name: str) -> ast.expr:
    """The environment's key for a pack name."""
    return ast.Constant(name)


class Writer:
    """Writes the statements of one step list, keeping track of the names held locally."""

    def __init__(self, stable: frozenset[str], scores: Expr | None) -> None:
        self.builder = _Builder()
        self.scores = scores
        self.stable = stable
        self.top: set[str] = set()  # stable names the function reads once, at the top
        self.valid: set[str] = set()  # volatile names whose local copy is up to date
        self.calls: dict[str, object] = {}  # what the code calls, by its global name
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
        node = code("_k0 = _UNSET", SCAFFOLD)[0]
        assert isinstance(node, ast.Assign)
        self.forgets.append(node)
        return [node]

    def fill_forgets(self) -> None:
        names = ["_k0", *self.cached.values()]
        for node in self.forgets:
            node.targets = [ast.Name(id=name, ctx=ast.Store()) for name in names]
            located_missing(node)

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
            return without(body, idle)
        kept = frozenset(self.cached.values())
        forgets = {id(node) for node in self.forgets}
        return Forgets(kept, forgets).block(body, True)[0]

    def use(self, name: str, value: object) -> None:
        """Make ``value`` a global of the generated function under ``name`` (a helper a
        kind of step calls)."""
        self.calls[name] = value

    def temp(self, stem: str) -> str:
        self.temps += 1
        return f"_{stem}{self.temps}"

    # --- expressions and names ----------------------------------------------------

    def read(self, names: Sequence[str] | frozenset[str], line: int) -> list[ast.stmt]:
        """Statements that bring ``names`` into local variables, where needed."""
        loads: list[ast.stmt] = []
        for name in sorted(names):
            _check_plain(name)
            if name in self.stable:
                self.top.add(name)
            elif name not in self.valid:
                loads += code("N = _env[K]", line, N=name, K=env_key(name))
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
            before += code("_meter.done += _MAX_WORK - _meter.left\n_meter.left = _MAX_WORK", line)
        return before, body, line

    def wrote(self, name: str, value: ast.expr, line: int) -> list[ast.stmt]:
        """``name = value``, into the local and the environment."""
        _check_plain(name)
        self.valid.add(name)
        return code("N = V\n_env[K] = N", line, N=name, V=value, K=env_key(name))

    def zone(self, ref: ZoneRef) -> tuple[list[ast.stmt], ast.expr]:
        """The stack (or family of stacks) a zone reference names, as an expression."""
        before = self.read([ref.zone.name], SCAFFOLD)
        node: ast.expr = ast.Name(id=ref.zone.name, ctx=ast.Load())
        for index in ref.indexes:
            loads, body, _ = self.expr(index)
            before += loads
            node = ast.Subscript(value=node, slice=body, ctx=ast.Load())
        located_missing(node)
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
            before += [*loads, *code("T = V", at, T=name, V=body)]
            kept = code("T if T.__class__ in _PLAIN else _describe(T)", at, T=name)[0]
            assert isinstance(kept, ast.Expr)
            values.append(kept.value)
        return before, ast.Tuple(elts=values, ctx=ast.Load())

    # --- steps ----------------------------------------------------------------------

    def steps(self, steps: Sequence[Step]) -> list[ast.stmt]:
        written: list[ast.stmt] = []
        for step in steps:
            written += self.step(step)
            if step.changes_game:
                written += self.forget()
        return written

    def block(self, steps: Sequence[Step]) -> list[ast.stmt]:
        """The statements of a whole step list (a move's effects, a phase's ``enter``...):
        a ``stop`` in it, however deep, ends the list here and nowhere else."""
        if not stopping(steps):
            return self.steps(steps)
        start = set(self.valid)
        body = self.steps(steps)
        self.valid &= start  # a stop may have skipped any read or write after it
        self.use("_Stop", StopSteps)
        statement = code("try:\n    pass\nexcept _Stop:\n    pass", SCAFFOLD)[0]
        assert isinstance(statement, ast.Try)
        statement.body = body or statement.body
        return [statement]

    def step(self, step: Step) -> list[ast.stmt]:
        """The statements of one step: its kind writes them (see ``vtt.rules.steps``)."""
        return step.write(self)

    def call(self, step: Step) -> list[ast.stmt]:
        """Call the step's ``run``; what it may change must be read afresh afterwards."""
        name = self.temp("step")
        self.calls[name] = step
        changed = step.assigned()
        if changed is None:
            self.valid.clear()
        else:
            self.valid -= changed
        return code("S.run(_state)", SCAFFOLD, S=name)

    def run_all(self, step: Step) -> list[ast.stmt]:
        """``step.run`` as a fallback inside a kind's own statements (``replace_marker``)."""
        return self.call(step)


class _Caching(ast.NodeTransformer):
    """Values an expression builds (list, set and dict comprehensions, and tuples of a
    generator's items) outside any comprehension, worked out once and kept in a local
    until a step changes the game: a define such as JANTORI's ``points`` is written in
    place wherever it is used, so the end checks would otherwise build it many times.
    Expressions have no side effects, so a kept value is the value building it again
    would give; it is built lazily, at the first place that needs it, as before."""

    def __init__(self, writer: Writer, line: int) -> None:
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
            and len(node.args) == 2  # the meter, the generator
            and isinstance(node.args[1], ast.GeneratorExp)
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
    call = _call("_fresh_and" if isinstance(body.op, ast.And) else "_fresh_or", _name("_meter"))
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


def located_missing(node: ast.AST) -> None:
    for child in ast.walk(node):
        if isinstance(child, ast.stmt | ast.expr) and not hasattr(child, "lineno"):
            child.lineno = child.end_lineno = SCAFFOLD
            child.col_offset, child.end_col_offset = 0, 1


def if_statement(
    test: ast.expr, then: list[ast.stmt], other: list[ast.stmt], line: int
) -> ast.stmt:
    statement = code("if T:\n    pass", line, T=test)[0]
    assert isinstance(statement, ast.If)
    if then:
        statement.body = then
    statement.orelse = other
    return statement


#: The marker a scaffold uses where a call of a step goes (see ``replace_marker``).
_MARKER = "F"


def replace_marker(statements: list[ast.stmt], call: list[ast.stmt]) -> None:
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


def assigned(steps: Sequence[Step]) -> set[str] | None:
    """Names the steps may bind anew; None when a step could bind any of them."""
    names: set[str] = set()
    for step in steps:
        found = step.assigned()
        if found is None:
            return None
        names |= found
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
    bound = assigned(steps)
    # A step that could bind any name leaves no name safe to read once.
    writer = Writer(frozenset() if bound is None else stable - bound, scores)
    body = writer.forget() + writer.block(steps)
    run: Callable[[State], None] = build_function(writer, body, library, f"steps of {label}")
    return run


def build_function(
    writer: Writer,
    body: Sequence[ast.stmt],
    library: Library,
    label: str,
    extra: Mapping[str, Any] | None = None,
    parameters: Sequence[str] = ("_state",),
) -> Any:
    """``def _run(_state, ...)``: the stable names ``writer`` met read at the top, then
    ``body``; compiled with the library, the helpers, the steps called and ``extra``
    as its globals (``label`` names it in tracebacks)."""
    writer.fill_forgets()
    body = writer.drop_idle_forgets(list(body))
    top = [
        statement
        for name in sorted(writer.top)
        for statement in code("N = _env[K]", SCAFFOLD, N=name, K=env_key(name))
    ]
    # The state's meter (see ``vtt.rules.expr.meter``) in a local, for the guards.
    header = (
        f"def _run({', '.join(parameters)}):\n    _env = _state.env\n    _meter = _env['_meter']"
    )
    function = code(header, SCAFFOLD)[0]
    assert isinstance(function, ast.FunctionDef)
    function.body += [*top, *body]
    module = ast.Module(body=[function], type_ignores=[])
    located_missing(module)
    namespace = run_namespace(library)
    namespace.update(_HELPERS)
    namespace.update(writer.calls)
    namespace.update(extra or {})
    register_lines(namespace, writer.builder.lines)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compiled = compile(module, filename=f"<{label}>", mode="exec")
    exec(compiled, namespace)  # defines _run only; the checked expressions run when it is called
    run = namespace["_run"]
    setattr(run, "source", ast.unparse(module))  # noqa: B010  (for readers and tests)
    return run
