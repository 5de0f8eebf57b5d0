"""Legal-move generation compiled to one Python function per kind of move.

The plan of a move (``vtt.rules.plan``) says in which order its arguments are
bound and which conditions run after each binding. Here that plan becomes nested
``for`` loops in one generated function, with the environment's names as local
variables, so generating JANTORI's placements costs what hand-written loops cost:

    def _legal(_env, _found, _known, _make):
        board = _env['board']; marker = _env['marker']; me = _env['me'] ...
        for square in reach(board, marker[me], marker[1 - me]):
            if not (square != marker[1 - me]): continue
            ...
            if not board[square] or board[square][-1].owner == me:  # any piece goes
                for piece in _c1:
                    _found.append(...)
            else:  # only a piece that beats the top
                for piece in _c1:
                    if not beats(piece, board[square][-1]): continue
                    _found.append(...)

The code is built as a syntax tree, never as text: the only parts that come from
the pack are the expressions' trees, already checked by the validator in
``vtt.rules.expr`` and rewritten with its guards, and argument names, which are
checked to be plain identifiers. The scaffolding around them is fixed (a few parts
are fixed templates, parsed and then given generated names: ``_scaffold``). Each
expression sits on a line of its own, so ``evaluation_error`` names the one that
failed; a metered expression starts with a full work meter, as it does alone.

A ``cards`` argument bound last is not looped over set by set: its sets come formed
and filtered at once, each with a number for a key, and their Moves are looked up
and made at once (``_card_candidates``, ``_keyed_moves``; ``docs/engine.md``).
"""

from __future__ import annotations

import ast
import copy
import itertools
import keyword
import warnings
from collections.abc import Callable, Iterable
from typing import Any

from vtt.rules.argtypes import (
    ARG_TYPES,
    Role,
    card_set_key,
    card_sets,
    card_sets_kept,
    card_sets_size,
    set_cards,
)
from vtt.rules.argtypes.registry import SUITS
from vtt.rules.candidates import former, origin
from vtt.rules.errors import RuleError
from vtt.rules.expr import MAX_WORK, Expr, Library, Meter, register_lines, run_namespace
from vtt.rules.expr.limits import MAX_TURN_WORK, MOVE_WORK
from vtt.rules.model import ArgDef, MoveDef, ZoneRef
from vtt.rules.moves import KnownMoves
from vtt.rules.plan import SetFilter
from vtt.rules.stdlib import GRID_CELLS

__all__ = ["Generator", "compile_generator"]

#: ``generator(env, found, known, make)`` appends every legal move of one kind to ``found``.
Generator = Callable[
    [dict[str, Any], list[Any], dict[tuple[Any, ...], Any], Callable[..., Any]], None
]

#: The line of the fixed scaffolding: no expression runs there, so errors are not blamed on one.
_SCAFFOLD = 1


def _narrowed(values: Iterable[Any], allowed: Any) -> list[Any]:
    """The values of an ``arg in EXPR`` condition that are also in the argument's domain."""
    if not isinstance(allowed, dict):
        allowed = set(allowed)
    return list(filter(allowed.__contains__, dict.fromkeys(values)))


def _keep(moves: dict[Any, Any], value: Any, move: Any) -> Any:
    """Store a Move just made under its innermost argument's value, and give it back."""
    moves[value] = move
    return move


def _nest_for(known: KnownMoves) -> dict[Any, Any]:
    """The Moves of a kind already made, by its other arguments, for the seat names whose
    Moves ``known`` holds: a move is spelled with the seats' names (``give to Ann``), so
    a game with other names must not be handed those Moves. They are kept with
    ``known``, never with the generator, which every copy of the game shares."""
    return known.nest


def _refill(meter: Meter, where: str) -> None:
    """A full meter after ``card_sets`` overdrew it; the search's work so far stays
    counted, and past the turn's budget the search stops."""
    meter.done += MAX_WORK - meter.left
    meter.left = MAX_WORK
    if meter.done > MAX_TURN_WORK:
        raise RuleError(
            f"{where}: too much work finding the legal moves: the candidates tried and the "
            f"checks run did more than {MAX_TURN_WORK:,} units of work"
        )


# The candidates a search's loops try are counted in a local of the generated function
# (``_left``, from ``MAX_WORK`` down), not on the meter: a local is the quickest thing
# to change in the innermost loops. Its count joins the meter's total when it runs out,
# before a metered check, and when the search ends.


def _overdrawn(meter: Meter, left: int, where: str) -> int:
    """The loops' count ran out: it joins the search's total (past the turn's budget the
    search stops), and the count starts again."""
    meter.done += MAX_WORK - left
    if meter.done > MAX_TURN_WORK:
        _refill(meter, where)  # raises with the message
    return MAX_WORK


def _fresh(meter: Meter, left: int, where: str) -> int:
    """Before a metered check: the loops' count joins the total, and the check gets a
    full meter, as when it runs alone; the count starts again."""
    done = meter.done = meter.done + (MAX_WORK - left) + (MAX_WORK - meter.left)
    meter.left = MAX_WORK
    if done > MAX_TURN_WORK:
        _refill(meter, where)  # raises with the message
    return MAX_WORK


def _card_sets_within(meter: Meter, values: Iterable[Any], low: int, high: int, where: str) -> Any:
    """``card_sets``, charged by the cards it would build before it builds them."""
    meter.left -= card_sets_size(values, low, high)
    if meter.left < 0:
        _refill(meter, where)
    return card_sets(values, low, high)


def _card_sets_kept_within(
    meter: Meter, cards: list[Any], low: int, high: int, where: str, *filters: Any
) -> tuple[list[Any], list[Any]]:
    """``card_sets_kept``, charged by the cards it would form before it forms them."""
    meter.left -= card_sets_size(cards, low, high)
    if meter.left < 0:
        _refill(meter, where)
    return card_sets_kept(cards, low, high, *filters)


def _made(family: type[Any], values: tuple[Any, ...]) -> Any:
    """A new Move of ``family`` (``Move.family``) with these values."""
    move = _new(family)
    _set(move, "values", values)
    return move


_new = object.__new__
_set = object.__setattr__


_HELPERS = {
    # Each argument type's candidates helper, by the name generated code calls it.
    **{f"_{kind.candidates.__name__}": kind.candidates for kind in ARG_TYPES.values()},
    "_narrowed": _narrowed,
    "_SUITS": SUITS,
    "_UNSET": object(),
    "_keep": _keep,
    "_nest_for": _nest_for,
    "_refill": _refill,
    "_overdrawn": _overdrawn,
    "_fresh": _fresh,
    "_MAX_WORK": MAX_WORK,
    "_size": len,
    "_card_sets_within": _card_sets_within,
    "_card_sets_kept_within": _card_sets_kept_within,
    "_set_cards": set_cards,
    "_made": _made,
    "_new": _new,
    "_set": _set,
    "_all": all,
    "_any": any,
    "_repeat": itertools.repeat,
    "_map": map,
    "_list": list,
    "_zip": zip,
    "_enumerate": enumerate,
}


def _scaffold(template: str, line: int = _SCAFFOLD, **names: str | ast.expr) -> list[ast.stmt]:
    """Statements of fixed scaffolding, with its upper-case placeholder names replaced
    by generated locals or argument names (plain identifiers, see ``plain_name``) or by
    a tree built here."""

    class Fill(ast.NodeTransformer):
        def visit_Name(self, node: ast.Name) -> ast.expr:
            given = names.get(node.id)
            if given is None:
                return node
            if isinstance(given, str):
                return ast.Name(id=given, ctx=node.ctx)
            return copy.deepcopy(given)

    tree = Fill().visit(ast.parse(template))
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt | ast.expr):
            _locate(node, line)
    body: list[ast.stmt] = tree.body
    return body


def _name(text: str) -> ast.Name:
    return ast.Name(id=text, ctx=ast.Load())


def _call(function: str, *args: ast.expr) -> ast.Call:
    return ast.Call(func=_name(function), args=list(args), keywords=[])


def _locate(node: ast.AST, line: int) -> None:
    """Put a node on one line of the generated code (the line names its expression)."""
    for attribute, value in (("lineno", line), ("end_lineno", line), ("col_offset", 0)):
        setattr(node, attribute, value)
    setattr(node, "end_col_offset", 1)  # noqa: B010


def plain_name(name: str) -> bool:
    """True when a pack name can be a local variable of generated code."""
    return name.isidentifier() and not keyword.iskeyword(name) and not name.startswith("_")


class _Builder:
    """Collects the statements of one generated function, one line per expression."""

    def __init__(self, where: str = "") -> None:
        self.where = where  # the move's place, named when the search does too much
        self.lines: dict[int, Expr] = {}
        self.line = 10
        self.reads: set[str] = set()
        self.cached = 0
        self.before: list[ast.stmt] = []  # what the check being built needs first
        self.resets: dict[int, list[ast.stmt]] = {}  # by plan step: hoisted values to forget

    def expression(self, expr: Expr) -> tuple[ast.expr, int]:
        """A fresh copy of the expression's checked tree, placed on a line of its own."""
        self.line += 1
        self.lines[self.line] = expr
        self.reads |= expr.names
        body = copy.deepcopy(expr.body)
        for node in ast.walk(body):
            if hasattr(node, "lineno"):
                _locate(node, self.line)
        return body, self.line

    def statement(self, node: ast.stmt, line: int) -> ast.stmt:
        for child in ast.walk(node):
            if isinstance(child, ast.stmt | ast.expr) and not hasattr(child, "lineno"):
                _locate(child, line)
        return node

    def metered(self, expr: Expr, line: int) -> list[ast.stmt]:
        """A full meter before a metered expression runs, as when it runs alone."""
        if not expr.metered:
            return []
        reset = ast.Assign(
            targets=[ast.Name(id="_left", ctx=ast.Store())],
            value=_call("_fresh", _name("_meter"), _name("_left"), ast.Constant(self.where)),
        )
        return [self.statement(reset, line)]

    def charge(self, candidates: str, innermost: bool) -> list[ast.stmt]:
        """Each value a loop will try is a unit of the search's work, charged as the loop
        starts, so nested loops over large domains stop instead of running for hours; a
        value of the innermost loop may make a move, which costs ``MOVE_WORK``."""
        size: ast.expr = _call("_size", _name(candidates))
        if innermost:
            size = ast.BinOp(left=size, op=ast.Mult(), right=ast.Constant(MOVE_WORK))
        left = ast.Name(id="_left", ctx=ast.Store())
        spend = ast.AugAssign(target=left, op=ast.Sub(), value=size)
        again = _call("_overdrawn", _name("_meter"), _name("_left"), ast.Constant(self.where))
        overdrawn = ast.If(
            test=ast.Compare(left=_name("_left"), ops=[ast.Lt()], comparators=[ast.Constant(0)]),
            body=[ast.Assign(targets=[ast.Name(id="_left", ctx=ast.Store())], value=again)],
            orelse=[],
        )
        return [self.statement(spend, _SCAFFOLD), self.statement(overdrawn, _SCAFFOLD)]

    def check(
        self,
        expr: Expr,
        failed: ast.stmt,
        step: int = 0,
        bound: str | None = None,
        dropped: int = 0,
    ) -> list[ast.stmt]:
        """``if not (EXPR): <failed>``; the leading alternatives of an ``or`` that do not
        read ``bound`` (the argument the loop around it binds) are worked out once for
        all its values, when first needed (see ``_hoisted``). ``dropped``: that many
        leading alternatives are known to be false here (see ``_split``)."""
        body, line = self.expression(expr)
        if dropped:
            assert isinstance(body, ast.BoolOp)
            rest = body.values[dropped:]
            body = rest[0] if len(rest) == 1 else ast.BoolOp(op=ast.Or(), values=rest)
        if bound is not None:
            body = self._hoisted(body, step, bound, line)
            body = _Invariant(self, step, bound, line).visit(body)
        test = ast.UnaryOp(op=ast.Not(), operand=body)
        test_failed = ast.If(test=test, body=[copy.deepcopy(failed)], orelse=[])
        before, self.before = self.before, []
        return [*self.metered(expr, line), *before, self.statement(test_failed, line)]

    def _hoisted(self, body: ast.expr, step: int, bound: str, line: int) -> ast.expr:
        """``A or B or C(bound)`` as ``_h or C(bound)``, with ``_h`` set to whether
        ``A or B`` holds the first time it is needed after the loops around it move on.

        Expressions have no side effects and the loop changes only ``bound``, so ``A or
        B`` has the same value for every value of it; worked out lazily, it runs (and
        fails) at the same first moment it would have run before."""
        if not (isinstance(body, ast.BoolOp) and isinstance(body.op, ast.Or)):
            return body
        leading = 0
        for value in body.values[:-1]:
            if any(isinstance(n, ast.Name) and n.id == bound for n in ast.walk(value)):
                break
            leading += 1
        if leading == 0:
            return body
        self.cached += 1
        name = f"_h{self.cached}"
        prefix = body.values[:leading]
        known = ast.BoolOp(op=ast.Or(), values=prefix) if leading > 1 else prefix[0]
        first = ast.If(
            test=ast.Compare(left=_name(name), ops=[ast.Is()], comparators=[ast.Constant(None)]),
            body=[
                ast.Assign(
                    targets=[ast.Name(id=name, ctx=ast.Store())],
                    value=ast.IfExp(
                        test=known, body=ast.Constant(True), orelse=ast.Constant(False)
                    ),
                )
            ],
            orelse=[],
        )
        self.before.append(self.statement(first, line))
        reset = ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=ast.Constant(None))
        self.resets.setdefault(step, []).append(reset)
        return ast.BoolOp(op=ast.Or(), values=[_name(name), *body.values[leading:]])

    def kept(self, node: ast.expr, step: int, line: int) -> ast.expr:
        """``node`` worked out at its first use after the loops around ``step`` move on,
        then read from a local: ``(_v if _v is not _UNSET else (_v := NODE))``."""
        self.cached += 1
        name = f"_v{self.cached}"
        reset = ast.Assign(targets=[ast.Name(id=name, ctx=ast.Store())], value=_name("_UNSET"))
        self.resets.setdefault(step, []).append(reset)
        return lazy_value(name, node, line)

    def value(
        self, target: str, expr: Expr, wrap: Callable[[ast.expr], ast.expr]
    ) -> list[ast.stmt]:
        """``target = wrap(EXPR)``."""
        body, line = self.expression(expr)
        assign = ast.Assign(targets=[ast.Name(id=target, ctx=ast.Store())], value=wrap(body))
        return [*self.metered(expr, line), self.statement(assign, line)]


def lazy_value(name: str, node: ast.expr, line: int) -> ast.expr:
    """``(NAME if NAME is not _UNSET else (NAME := NODE))``: ``node`` worked out at its
    first use and then read from the local ``name`` (which starts as ``_UNSET``)."""
    test = ast.Compare(left=_name(name), ops=[ast.IsNot()], comparators=[_name("_UNSET")])
    store = ast.NamedExpr(target=ast.Name(id=name, ctx=ast.Store()), value=node)
    lazy = ast.IfExp(test=test, body=_name(name), orelse=store)
    # The scaffolding goes on the expression's line; ``node`` is there already.
    for part in (lazy, test, test.left, *test.comparators, lazy.body, store, store.target):
        _locate(part, line)
    return lazy


class _Invariant(ast.NodeTransformer):
    """Parts of a check that do not read the argument its loop binds (``top(board[square])``
    in a loop over pieces, Green Queen's ``has_suit(hand[me], led)`` in a loop over the
    cards of that hand) worked out once per round of the loops around it, lazily: at
    their first use, so what is never reached is never worked out, as before.

    In a metered check a part kept is charged to the meter when it is worked out, so
    the first value of the loop spends what it spent before and the others less (the
    work not done again); a guard that hands back what it was given (``_items``, which
    may hand back an iterator used up once read) is never kept, only its argument."""

    _WORTH = (ast.Subscript, ast.IfExp, ast.Call, ast.BinOp, ast.Compare, ast.BoolOp)
    #: Guards whose value is their argument: an iterator stays one (never kept).
    _PASSING = frozenset({"_items", "_deep", "_probe", "_weighed", "_sized"})

    def __init__(self, builder: _Builder, step: int, bound: str, line: int) -> None:
        self.builder, self.step, self.bound, self.line = builder, step, bound, line

    def visit(self, node: ast.AST) -> Any:
        if isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            return node  # their own names are bound inside: left as they are
        if (
            isinstance(node, self._WORTH)
            and not self._passing(node)
            and not self._reads_bound(node)
        ):
            return self.builder.kept(node, self.step, self.line)
        return super().visit(node)

    def _passing(self, node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in self._PASSING
        )

    def _reads_bound(self, node: ast.AST) -> bool:
        return any(
            (isinstance(child, ast.Name) and child.id == self.bound)
            or isinstance(child, ast.NamedExpr)
            for child in ast.walk(node)
        )


def _grid(ref: ZoneRef, builder: _Builder) -> tuple[list[ast.stmt], ast.expr]:
    """Statements and the expression that give the grid a ``cell`` argument ranges over."""
    builder.reads.add(ref.zone.name)
    node: ast.expr = _name(ref.zone.name)
    statements: list[ast.stmt] = []
    for position, index in enumerate(ref.indexes):
        builder.cached += 1
        target = f"_i{builder.cached}_{position}"
        statements += builder.value(target, index, lambda body: body)
        node = ast.Subscript(value=node, slice=_name(target), ctx=ast.Load())
    return statements, node


def _candidates(
    arg: ArgDef, narrow: Expr | None, target: str, builder: _Builder, sifted: Expr | None = None
) -> list[ast.stmt]:
    """Statements that bind ``target`` to the argument's candidates (as ``candidates`` does);
    ``sifted`` stands for the argument's ``from`` when given (``MovePlan.sifted``)."""
    statements: list[ast.stmt] = []
    source = arg.domain if sifted is None else sifted
    found = origin(arg)  # the one definition (vtt.rules.candidates), written out
    if found == "grid":
        assert arg.grid is not None
        statements, domain = _grid(arg.grid, builder)
    elif found == "suits":
        domain = _name("_SUITS")
    elif found == "players":
        builder.reads.add("players")
        domain = _name("players")
    else:
        raw = f"{target}_raw"
        helper = f"_{former(arg).__name__}"

        def wrap(body: ast.expr) -> ast.expr:
            if arg.argtype.role is Role.SET:
                return _call(
                    "_card_sets_within",
                    _name("_meter"),
                    body,
                    ast.Constant(arg.low),
                    ast.Constant(arg.high),
                    ast.Constant(builder.where),
                )
            return _call(helper, body)

        assert source is not None  # a ``from`` (or its sifted form) in this branch
        statements = builder.value(raw, source, wrap)
        domain = _name(raw)
    if narrow is None:
        assign = ast.Assign(targets=[ast.Name(id=target, ctx=ast.Store())], value=domain)
        return [*statements, builder.statement(assign, _SCAFFOLD)]
    if _cells_of(narrow, arg):
        # ``square in reach(board, ...)`` for a cell of ``board``: the library gives
        # distinct cells of that very grid, so they need no filtering.
        return [*statements, *builder.value(target, narrow, lambda body: body)]
    return [
        *statements,
        *builder.value(target, narrow, lambda body: _call("_narrowed", body, domain)),
    ]


def _keyed(arg: ArgDef, narrow: Expr | None) -> bool:
    """True when a ``cards`` argument's sets are formed with a key each (see
    ``card_sets_kept``): it has a ``from`` and no ``arg in EXPR`` narrowing."""
    return arg.argtype.role is Role.SET and arg.domain is not None and narrow is None


def _card_candidates(
    arg: ArgDef, source: Expr, kept: SetFilter | None, target: str, builder: _Builder
) -> list[ast.stmt]:
    """Statements that bind ``target`` to a ``cards`` argument's sets and ``target_k`` to
    their keys, the sets formed only from the cards that pass ``kept`` (``MovePlan.sets``).

    Its expressions read the argument's own name as the list of its distinct cards: it
    is bound to them while they run (the loop over the sets binds it again after)."""
    raw, cards, keys = f"{target}_raw", f"{target}_cards", f"{target}_k"
    statements = builder.value(raw, source, lambda body: body)
    statements += _scaffold("CARDS = _set_cards(RAW)", CARDS=cards, RAW=raw)
    fixed = [ast.Constant(arg.low), ast.Constant(arg.high), ast.Constant(builder.where)]
    if kept is None:
        form = _call("_card_sets_kept_within", _name("_meter"), _name(cards), *fixed)
        return [*statements, *_scaffold("SETS, KEYS = FORM", SETS=target, KEYS=keys, FORM=form)]
    work: list[ast.stmt] = _scaffold("ARG = CARDS", ARG=arg.name, CARDS=cards)
    touching: list[ast.expr] = []
    for index, expr in enumerate(kept.touching):
        name = f"{target}_t{index}"
        work += builder.value(name, expr, lambda body: body)
        touching.append(_name(name))
    extra: list[ast.expr] = [ast.List(elts=touching, ctx=ast.Load())]
    if kept.weights is not None:
        weights, base, bound = f"{target}_w", f"{target}_b", f"{target}_n"
        work += builder.value(weights, kept.weights, lambda body: body)
        if kept.base is not None:
            work += builder.value(base, kept.base, lambda body: body)
        else:
            work += _scaffold("BASE = 0", BASE=base)
        assert kept.bound is not None
        work += builder.value(bound, kept.bound, lambda body: body)
        extra += [_name(weights), _name(base), ast.Constant(kept.compare), _name(bound)]
    form = _call("_card_sets_kept_within", _name("_meter"), _name(cards), *fixed, *extra)
    work += _scaffold("SETS, KEYS = FORM", SETS=target, KEYS=keys, FORM=form)
    # The filter's expressions run only when a set is formed, as the checks they stand
    # for ran only on a set.
    enough = ast.Compare(
        left=_call("_size", _name(cards)), ops=[ast.GtE()], comparators=[ast.Constant(arg.low)]
    )
    none = _scaffold("SETS, KEYS = [], []", SETS=target, KEYS=keys)
    statements.append(builder.statement(ast.If(test=enough, body=work, orelse=none), _SCAFFOLD))
    return statements


def _cells_of(narrow: Expr, arg: ArgDef) -> bool:
    """True when ``narrow`` is a library call giving distinct cells of the argument's grid."""
    body = narrow.body
    return (
        arg.grid is not None
        and not arg.grid.indexes
        and isinstance(body, ast.Call)
        and isinstance(body.func, ast.Name)
        and body.func.id in GRID_CELLS
        and bool(body.args)
        and isinstance(body.args[0], ast.Name)
        and body.args[0].id == arg.grid.zone.name
    )


def _loops(
    kind: MoveDef, step: int, builder: _Builder, failed: ast.stmt, false_first: int | None = 0
) -> list[ast.stmt]:
    """The statements from plan step ``step`` on: its checks, then its loop or the move.

    ``false_first``: how many leading alternatives of the step's first check are known
    to be false (0: none); None when the check is known to hold, so it is left out."""
    plan = kind.plan
    statements: list[ast.stmt] = []
    bound = kind.args[plan.order[step - 1]].name if 0 < step <= len(plan.order) else None
    for index, check in enumerate(plan.checks[step]):
        if index == 0 and false_first is None:
            continue
        dropped = false_first if index == 0 and false_first is not None else 0
        statements += builder.check(check, failed, step, bound, dropped)
    if step == len(plan.order):
        if _keyed_innermost(kind):  # a set's Move, kept by its key (see ``_keyed_moves``)
            values = _values(kind)
            statements += _scaffold(
                "_found.append(_kn.get(_key) or _keep(_kn, _key, _made(_family, VALUES)))",
                VALUES=values,
            )
        else:
            statements.append(builder.statement(_append_move(kind), _SCAFFOLD))
        return statements
    arg = kind.args[plan.order[step]]
    target = f"_c{step}"
    sifted = plan.sifted[step] if plan.sifted else None
    keyed = _keyed(arg, plan.narrow[step])
    if keyed:
        kept = plan.sets[step] if plan.sets else None
        source = sifted or arg.domain
        assert source is not None
        find = _card_candidates(arg, source, kept, target, builder)
    else:
        find = _candidates(arg, plan.narrow[step], target, builder, sifted)
    if plan.fixed[step] and step > 0:
        # The same for every binding of the earlier arguments: worked out once, when
        # first needed (an earlier check may rule every binding out before that).
        first = ast.If(
            test=ast.Compare(left=_name(target), ops=[ast.Is()], comparators=[ast.Constant(None)]),
            body=find,
            orelse=[],
        )
        statements.append(builder.statement(first, _SCAFFOLD))
    else:
        statements += find
    innermost = step == len(plan.order) - 1
    split = _split(plan.checks[step + 1], arg.name, builder) if innermost and not keyed else None
    loops: list[ast.stmt]
    if innermost and keyed:
        loops = _keyed_moves(kind, step, builder, target)
    elif keyed:
        body = _loops(kind, step + 1, builder, ast.Continue())
        loops = [_loop(arg.name, target, body)]
    elif split is None:
        loops = [_loop(arg.name, target, _loops(kind, step + 1, builder, ast.Continue()))]
    else:
        # The loop written twice: once where the check's first alternatives hold, so
        # it holds for every value, and once with only the alternatives that read it.
        known, leading = split
        holds = _loop(arg.name, target, _loops(kind, step + 1, builder, ast.Continue(), None))
        rest = _loops(kind, step + 1, builder, ast.Continue(), leading)
        choose = ast.If(test=known, body=[holds], orelse=[_loop(arg.name, target, rest)])
        # Worked out at the first value, as the check would be: only if there is one.
        loops = [ast.If(test=_name(target), body=[choose], orelse=[])]
    for reset in builder.resets.pop(step + 1, []):  # a new round of this loop: work them out anew
        statements.append(builder.statement(reset, _SCAFFOLD))
    if innermost and (step > 0 or keyed):
        statements += _moves_of_round(kind, builder)
    statements += builder.charge(target, innermost)
    statements += [builder.statement(loop, _SCAFFOLD) for loop in loops]
    return statements


def _keyed_innermost(kind: MoveDef) -> bool:
    """True when a kind's last argument bound is a ``cards`` argument formed with keys."""
    plan = kind.plan
    return bool(plan.order) and _keyed(kind.args[plan.order[-1]], plan.narrow[len(plan.order) - 1])


def _values(kind: MoveDef) -> ast.Tuple:
    return ast.Tuple(elts=[_name(arg.name) for arg in kind.args], ctx=ast.Load())


def _sharing(kind: MoveDef) -> Callable[..., Any]:
    """``shared(known, values, make)``: the Move the search keeps for these values (see
    ``_keyed_moves``), made by ``make()`` and kept there when it has none, so a Move
    read from text or an action is the very one the legal moves hold."""
    inner = kind.plan.order[-1]
    others = [index for index in range(len(kind.args)) if index != inner]

    def shared(known: Any, values: tuple[Any, ...], make: Callable[[], Any]) -> Any:
        chosen = values[inner]
        if len(set(chosen)) != len(chosen):  # no set the search forms
            return make()
        rest = tuple(values[i] for i in others)
        key = rest[0] if len(rest) == 1 else rest
        moves = _nest_for(known).setdefault(key, {})
        found = moves.get(card_set_key(chosen))
        if found is None:
            found = moves[card_set_key(chosen)] = make()
        return found

    return shared


def _keyed_moves(kind: MoveDef, step: int, builder: _Builder, target: str) -> list[ast.stmt]:
    """The Moves of the sets in ``target``, found by their keys (``_kn``: this round's
    Moves by key, a number): with no check left, looked up all at once and the missing
    ones made, so a set already met costs a dictionary lookup done in C."""
    keys = f"{target}_k"
    arg = kind.args[kind.plan.order[step]]
    if kind.plan.checks[step + 1]:
        body = _loops(kind, step + 1, builder, ast.Continue())
        loop = _scaffold(
            "for ARG, _key in _zip(SETS, KEYS): pass", ARG=arg.name, SETS=target, KEYS=keys
        )
        assert isinstance(loop[0], ast.For)
        loop[0].body = body
        return loop
    # The values of each set's move, made in C: each other argument repeated, the sets.
    parts: list[ast.expr] = [
        _name(target) if index == kind.plan.order[step] else _call("_repeat", _name(other.name))
        for index, other in enumerate(kind.args)
    ]
    return _scaffold(
        """
_got = _list(_map(_kn.get, KEYS))
if not _all(_got):
    if _any(_got):  # some made before: the others one by one
        for _i, ARG in _enumerate(SETS):
            if _got[_i] is None:
                _m = _got[_i] = _kn[KEYS[_i]] = _new(_family)
                _set(_m, "values", VALUES)
    else:  # none made yet: all at once
        _got = _list(_map(_new, _repeat(_family, _size(SETS))))
        _list(_map(_set, _got, _repeat("values"), _zip(PARTS)))
        _kn.update(_zip(KEYS, _got))
_found.extend(_got)
""",
        ARG=arg.name,
        SETS=target,
        KEYS=keys,
        VALUES=_values(kind),
        PARTS=ast.Starred(value=ast.List(elts=parts, ctx=ast.Load()), ctx=ast.Load()),
    )


def _append_move(kind: MoveDef) -> ast.stmt:
    """``_found.append(the Move of these values, made once and then looked up)``."""
    plan = kind.plan
    values = ast.Tuple(elts=[_name(arg.name) for arg in kind.args], ctx=ast.Load())
    if len(plan.order) > 1:
        # The moves of this round of the innermost loop, by its value (``_kn``).
        inner = _name(kind.args[plan.order[-1]].name)
        found: ast.expr = ast.Call(
            func=ast.Attribute(value=_name("_kn"), attr="get", ctx=ast.Load()),
            args=[inner],
            keywords=[],
        )
        made = _call("_keep", _name("_kn"), copy.deepcopy(inner), _call("_make", values))
    else:
        found = ast.Call(
            func=ast.Attribute(value=_name("_known"), attr="get", ctx=ast.Load()),
            args=[values],
            keywords=[],
        )
        made = _call("_make", copy.deepcopy(values))
    move = ast.BoolOp(op=ast.Or(), values=[found, made])
    return ast.Expr(
        value=ast.Call(
            func=ast.Attribute(value=_name("_found"), attr="append", ctx=ast.Load()),
            args=[move],
            keywords=[],
        )
    )


def _loop(name: str, candidates: str, body: list[ast.stmt]) -> ast.For:
    """``for NAME in CANDIDATES: BODY``."""
    target = ast.Name(id=name, ctx=ast.Store())
    return ast.For(target=target, iter=_name(candidates), body=body, orelse=[])


def _split(checks: tuple[Expr, ...], bound: str, builder: _Builder) -> tuple[ast.expr, int] | None:
    """When the first check of a loop's body is ``A or B(bound)`` with ``A`` not reading
    ``bound`` (JANTORI's "the cell is empty or shows my piece, or my piece beats its
    top"): ``A`` as a test of its own, and how many alternatives it takes. ``A`` holds
    for every value of ``bound`` or for none, so the loop is written once for each case
    and ``A`` is not asked again for each value. None when the check is not like that.

    Only the first check: ``A`` then runs when the first value is bound, as it would in
    the loop (an earlier check could rule every value out before ``A`` ever ran)."""
    if not checks or checks[0].metered:
        return None
    body = checks[0].body
    if not (isinstance(body, ast.BoolOp) and isinstance(body.op, ast.Or)):
        return None
    leading = 0
    for value in body.values[:-1]:
        if any(_binds_or_reads(node, bound) for node in ast.walk(value)):
            break
        leading += 1
    if leading == 0:
        return None
    tree, _ = builder.expression(checks[0])
    assert isinstance(tree, ast.BoolOp)
    known = tree.values[:leading]
    return (known[0] if leading == 1 else ast.BoolOp(op=ast.Or(), values=known)), leading


def _binds_or_reads(node: ast.AST, bound: str) -> bool:
    return (isinstance(node, ast.Name) and node.id in (bound, "_meter")) or isinstance(
        node, ast.NamedExpr
    )


def _moves_of_round(kind: MoveDef, builder: _Builder) -> list[ast.stmt]:
    """``_kn``: the Moves already made whose other arguments are the current ones, by the
    innermost argument's value, so each move found costs one lookup of that value."""
    innermost = kind.plan.order[-1]
    names: list[ast.expr] = [
        _name(arg.name) for index, arg in enumerate(kind.args) if index != innermost
    ]
    # One other argument is its own key (no tuple to build and hash on every round).
    others: ast.expr = names[0] if len(names) == 1 else ast.Tuple(elts=names, ctx=ast.Load())
    if not names:  # a kind of one argument: one round
        return _scaffold("_kn = _nest_for(_known).setdefault((), {})")
    find = ast.Assign(
        targets=[ast.Name(id="_kn", ctx=ast.Store())],
        value=ast.Call(
            func=ast.Attribute(value=_name("_nest"), attr="get", ctx=ast.Load()),
            args=[others],
            keywords=[],
        ),
    )
    new = ast.If(
        test=ast.Compare(left=_name("_kn"), ops=[ast.Is()], comparators=[ast.Constant(None)]),
        body=[
            ast.Assign(
                targets=[
                    ast.Name(id="_kn", ctx=ast.Store()),
                    ast.Subscript(
                        value=_name("_nest"), slice=copy.deepcopy(others), ctx=ast.Store()
                    ),
                ],
                value=ast.Dict(keys=[], values=[]),
            )
        ],
        orelse=[],
    )
    return [builder.statement(find, _SCAFFOLD), builder.statement(new, _SCAFFOLD)]


def compile_generator(kind: MoveDef, library: Library) -> Generator:
    """The generated legal-move function of one kind of move (the loader makes sure its
    argument names can be local variables)."""
    builder = _Builder(str(kind.where) if kind.where is not None else f"moves.{kind.name}")
    plan = kind.plan
    hoisted = [
        ast.Assign(targets=[ast.Name(id=f"_c{step}", ctx=ast.Store())], value=ast.Constant(None))
        for step in range(1, len(plan.order))
        if plan.fixed[step]
    ]
    body = _loops(kind, 0, builder, ast.Return(value=None))
    arg_names = {arg.name for arg in kind.args}
    reads = [
        ast.Assign(
            targets=[ast.Name(id=name, ctx=ast.Store())],
            value=ast.Subscript(value=_name("_env"), slice=ast.Constant(name), ctx=ast.Load()),
        )
        for name in sorted(builder.reads - arg_names)
    ]
    arguments = ast.arguments(
        posonlyargs=[],
        args=[ast.arg(arg=name) for name in ("_env", "_found", "_known", "_make")],
        vararg=None,
        kwonlyargs=[],
        kw_defaults=[],
        kwarg=None,
        defaults=[],
    )
    # The meter of the state searched (see ``vtt.rules.expr.meter``), in a local, and
    # the loops' count (see ``_overdrawn``), which joins the meter's total at the end.
    meter = [
        ast.Assign(
            targets=[ast.Name(id="_meter", ctx=ast.Store())],
            value=ast.Subscript(value=_name("_env"), slice=ast.Constant("_meter"), ctx=ast.Load()),
        ),
        ast.Assign(targets=[ast.Name(id="_left", ctx=ast.Store())], value=_name("_MAX_WORK")),
    ]
    settle = ast.AugAssign(
        target=ast.Attribute(value=_name("_meter"), attr="done", ctx=ast.Store()),
        op=ast.Add(),
        value=ast.BinOp(left=_name("_MAX_WORK"), op=ast.Sub(), right=_name("_left")),
    )
    nest: list[ast.stmt] = []
    if _keyed_innermost(kind):
        nest = _scaffold("_family = _make.family")
    if len(plan.order) > 1:
        nest += [
            ast.Assign(
                targets=[ast.Name(id="_nest", ctx=ast.Store())],
                value=_call("_nest_for", _name("_known")),
            )
        ]
    function = ast.FunctionDef(
        name="_legal",
        args=arguments,
        body=[
            *meter,
            ast.Try(
                body=[*reads, *nest, *hoisted, *body, ast.Return(value=None)],
                handlers=[],
                orelse=[],
                finalbody=[settle],
            ),
        ],
        decorator_list=[],
        returns=None,
    )
    module = ast.Module(body=[function], type_ignores=[])
    for node in ast.walk(module):
        if isinstance(node, ast.stmt | ast.expr | ast.arg) and not hasattr(node, "lineno"):
            _locate(node, _SCAFFOLD)
    namespace = run_namespace(library)
    namespace.update(_HELPERS)
    register_lines(namespace, builder.lines)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = compile(module, filename=f"<legal moves of {kind.name!r}>", mode="exec")
    exec(code, namespace)  # defines _legal only; the checked expressions run when it is called
    generated: Generator = namespace["_legal"]
    if _keyed_innermost(kind):
        setattr(generated, "shared", _sharing(kind))  # noqa: B010
    setattr(generated, "source", ast.unparse(module))  # noqa: B010  (for readers and tests)
    return generated
