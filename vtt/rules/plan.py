"""How legal moves are generated: the order arguments are bound in, and domain narrowing.

A move's conditions are checked as soon as the arguments they read are bound, so
the binding order is chosen to check as much as possible as early as possible.
A condition written ``arg in EXPR`` (where EXPR needs no later argument) also
narrows the argument's candidates to EXPR's values: ``square in reach(...)``
tries the 2-4 reachable cells, not all nine.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from vtt.rules.argtypes import Role
from vtt.rules.expr import Expr
from vtt.rules.model import ArgDef, Condition

__all__ = ["ADDITIVE", "MovePlan", "SetFilter", "plan_move"]


@dataclass(frozen=True)
class MovePlan:
    """``order[k]`` is the argument bound at step k; ``checks[k]`` run before binding it
    (``checks[len(order)]`` run last); ``narrow[k]`` replaces its candidates when set."""

    order: tuple[int, ...]
    checks: tuple[tuple[Expr, ...], ...]
    narrow: tuple[Expr | None, ...]
    fixed: tuple[bool, ...] = ()  # fixed[k]: step k's candidates need no argument
    #: sifted[k]: for a ``cards`` argument, its ``from`` with the cards no set may hold
    #: left out (see ``_sifting``); None: its ``from`` as written.
    sifted: tuple[Expr | None, ...] = ()
    #: sets[k]: for a ``cards`` argument, the conditions its sets are formed by (see
    #: ``SetFilter``); None: every set of its cards.
    sets: tuple[SetFilter | None, ...] = ()


@dataclass(frozen=True)
class SetFilter:
    """Conditions on a ``cards`` argument worked out per card, so its sets are formed and
    kept by whole numbers (``vtt.rules.argtypes.card_sets_kept``), never checked one by one.

    ``touching``: from ``any(P for c in S if Q)``, each the cards (of those the argument's
    name holds) a set must hold one of. ``weights``, ``base``, ``compare``, ``bound``:
    from ``SUM(A + S) > K`` with ``SUM`` a sum over cards (``ADDITIVE``): each card's
    weight, the sum of the rest (None: nothing else), the comparison and ``K``."""

    touching: tuple[Expr, ...] = ()
    weights: Expr | None = None
    base: Expr | None = None
    compare: str = ""
    bound: Expr | None = None

    @property
    def names(self) -> frozenset[str]:
        """The names its expressions read."""
        found: set[str] = set()
        for expr in (*self.touching, self.weights, self.base, self.bound):
            if expr is not None:
                found |= expr.names
        return frozenset(found)


#: Library sums over cards: ``rank_sum(cards, **kw)`` adds ``rank_value(card, **kw)``.
ADDITIVE = {"rank_sum": "rank_value"}
#: A comparison with the sum on its left, and the same comparison with it on the right.
_COMPARE = {ast.Gt: ">", ast.GtE: ">=", ast.Lt: "<", ast.LtE: "<="}
_FLIPPED = {">": "<", ">=": "<=", "<": ">", "<=": ">="}


def domain_names(arg: ArgDef) -> frozenset[str]:
    """The names an argument's candidates read (its ``from``, its grid's indexes)."""
    names = set(arg.domain.names) if arg.domain is not None else set()
    if arg.grid is not None:
        for index in arg.grid.indexes:
            names |= index.names
    return frozenset(names)


def _is_set(arg: ArgDef) -> bool:
    return arg.argtype.role is Role.SET and arg.domain is not None


def _binding_order(args: Sequence[ArgDef], conditions: Sequence[Condition]) -> list[int]:
    arg_names = [arg.name for arg in args]
    needs = [frozenset(n for n in c.check.names if n in arg_names) for c in conditions]
    deps = [domain_names(arg) & set(arg_names) for arg in args]
    bound: set[str] = set()
    order: list[int] = []
    while len(order) < len(args):
        ready = [i for i in range(len(args)) if i not in order and deps[i] <= bound]
        if not ready:  # a cycle in the domains: keep the written order
            ready = [i for i in range(len(args)) if i not in order]

        def completes(i: int) -> int:
            now = bound | {arg_names[i]}
            return sum(1 for need in needs if need and need <= now and not need <= bound)

        # A set of cards comes after the arguments its conditions also read, so those
        # conditions can sift its cards and filter its sets (``_sifting``, ``SetFilter``)
        # instead of running once per set and value.
        others = [i for i in ready if not _is_set(args[i])]
        best = max(others or ready, key=lambda i: (completes(i), -i))
        order.append(best)
        bound.add(arg_names[best])
    return order


def _narrowing(
    condition: Condition, arg_names: Sequence[str], compile_part: Callable[[str], Expr]
) -> tuple[str, Expr] | None:
    """``(arg, EXPR)`` when the condition is exactly ``arg in EXPR``."""
    try:
        tree = ast.parse(condition.check.source.strip(), mode="eval").body
    except SyntaxError:
        return None
    if not (
        isinstance(tree, ast.Compare)
        and len(tree.ops) == 1
        and isinstance(tree.ops[0], ast.In)
        and isinstance(tree.left, ast.Name)
        and tree.left.id in arg_names
    ):
        return None
    source = ast.get_source_segment(condition.check.source.strip(), tree.comparators[0])
    if source is None:
        return None
    return tree.left.id, compile_part(source)


def _one_loop_call(condition: Condition, function: str) -> tuple[str, ast.GeneratorExp] | None:
    """The condition's source and its generator when it is ``function(E for x in S if Q)``
    with one loop (``all`` or ``any`` over a set argument's cards)."""
    source = condition.check.source.strip()
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        return None
    if not (
        isinstance(tree, ast.Call)
        and isinstance(tree.func, ast.Name)
        and tree.func.id == function
        and len(tree.args) == 1
        and not tree.keywords
        and isinstance(tree.args[0], ast.GeneratorExp)
        and len(tree.args[0].generators) == 1
    ):
        return None
    return source, tree.args[0]


def _sifting(
    condition: Condition,
    args: Sequence[ArgDef],
    compile_part: Callable[[str], Expr],
    sifted: Callable[[str], Expr | None],
) -> tuple[str, Expr] | None:
    """``(arg, FROM')`` when the condition is ``all(P for x in arg if Q)`` for a ``cards``
    argument: a set passes exactly when each of its cards does, so the cards that do
    not (``Q`` and not ``P``) are left out of ``from`` before any set is formed."""
    found = _one_loop_call(condition, "all")
    if found is None:
        return None
    source, generator = found
    loop = generator.generators[0]
    by_name = {arg.name: arg for arg in args}
    if not (
        isinstance(loop.iter, ast.Name)
        and loop.iter.id in by_name
        and by_name[loop.iter.id].argtype.role is Role.SET
        and by_name[loop.iter.id].domain is not None
        and isinstance(loop.target, ast.Name)
        and not loop.is_async
    ):
        return None
    arg = by_name[loop.iter.id]
    assert arg.domain is not None
    keep = ast.get_source_segment(source, generator.elt)
    tests = [ast.get_source_segment(source, test) for test in loop.ifs]
    if keep is None or None in tests:
        return None
    if tests:
        keep = f"not ({' and '.join(f'({t})' for t in tests)}) or ({keep})"
    name = loop.target.id
    domain = sifted(arg.name) or arg.domain  # several such conditions sift in turn
    return arg.name, compile_part(f"[{name} for {name} in ({domain.source}) if {keep}]")


def _reads(node: ast.AST, name: str) -> bool:
    return any(isinstance(child, ast.Name) and child.id == name for child in ast.walk(node))


def _cards_arg(node: ast.expr, args: Sequence[ArgDef]) -> ArgDef | None:
    """The ``cards`` argument (with a ``from``) that ``node`` names, if it names one."""
    if not isinstance(node, ast.Name):
        return None
    for arg in args:
        if arg.name == node.id and arg.argtype.role is Role.SET and arg.domain is not None:
            return arg
    return None


def _touching(
    condition: Condition, args: Sequence[ArgDef], compile_part: Callable[[str], Expr]
) -> tuple[str, Expr] | None:
    """``(arg, CARDS)`` when the condition is ``any(P for x in arg if Q)`` for a ``cards``
    argument: a set passes exactly when it holds a card that passes, one of CARDS
    (written over the cards the argument's name holds when it runs)."""
    found = _one_loop_call(condition, "any")
    if found is None:
        return None
    source, generator = found
    loop = generator.generators[0]
    arg = _cards_arg(loop.iter, args)
    if arg is None or not isinstance(loop.target, ast.Name) or loop.is_async:
        return None
    keep = ast.get_source_segment(source, generator.elt)
    tests = [ast.get_source_segment(source, test) for test in loop.ifs]
    if keep is None or None in tests:
        return None
    test = " and ".join(f"({t})" for t in [*tests, keep])
    name = loop.target.id
    return arg.name, compile_part(f"[{name} for {name} in {arg.name} if {test}]")


def _is_sum(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ADDITIVE
    )


def _summing(
    condition: Condition, args: Sequence[ArgDef], compile_part: Callable[[str], Expr]
) -> tuple[str, Expr, Expr | None, str, Expr] | None:
    """``(arg, WEIGHTS, BASE, COMPARE, K)`` when the condition is ``SUM(A + arg, kw) > K``
    (or ``>=``, ``<``, ``<=``, either way round; ``A +`` and ``+ B`` optional) for a
    ``cards`` argument and a sum over cards with whole-number keywords: the sum is
    ``SUM(A + ())`` plus each card's weight, so the sets that pass are found from the
    weights alone. K, A and B must not read the argument."""
    source = condition.check.source.strip()
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        return None
    if not (isinstance(tree, ast.Compare) and len(tree.ops) == 1 and type(tree.ops[0]) in _COMPARE):
        return None
    compare = _COMPARE[type(tree.ops[0])]
    call, bound = tree.left, tree.comparators[0]
    if not _is_sum(call):
        call, bound, compare = bound, call, _FLIPPED[compare]
    if not (
        isinstance(call, ast.Call)
        and _is_sum(call)
        and isinstance(call.func, ast.Name)
        and len(call.args) == 1
        and all(
            k.arg is not None and isinstance(k.value, ast.Constant) and type(k.value.value) is int
            for k in call.keywords
        )
    ):
        return None
    terms: list[ast.expr] = []
    node = call.args[0]
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        terms.insert(0, node.right)
        node = node.left
    terms.insert(0, node)
    sets = [term for term in terms if _cards_arg(term, args) is not None]
    if len(sets) != 1:
        return None
    arg = _cards_arg(sets[0], args)
    assert arg is not None
    rest = [term for term in terms if term is not sets[0]]
    if _reads(bound, arg.name) or any(_reads(term, arg.name) for term in rest):
        return None
    parts = [ast.get_source_segment(source, term) for term in rest]
    limit = ast.get_source_segment(source, bound)
    if limit is None or None in parts:
        return None
    keywords = "".join(f", {k.arg}={k.value.value!r}" for k in call.keywords)  # type: ignore[attr-defined]
    item = ADDITIVE[call.func.id]
    name = arg.name
    weights = compile_part(f"[{item}({name}{keywords}) for {name} in {name}]")
    base = None
    if rest:
        # ``+ ()`` keeps the sum's own error when A is not a tuple (a list + a set fails).
        added = " + ".join(f"({part})" for part in parts)
        base = compile_part(f"{call.func.id}({added} + (){keywords})")
    return name, weights, base, compare, compile_part(limit)


def plan_move(
    args: Sequence[ArgDef],
    conditions: Sequence[Condition],
    compile_part: Callable[[str], Expr],
) -> MovePlan:
    """The generation plan of a move."""
    arg_names = [arg.name for arg in args]
    order = _binding_order(args, conditions)
    step_of = {arg_names[i]: step for step, i in enumerate(order)}
    narrow: list[Expr | None] = [None] * len(order)
    checks: list[list[Expr]] = [[] for _ in range(len(order) + 1)]
    sifted: list[Expr | None] = [None] * len(order)
    filters: list[SetFilter | None] = [None] * len(order)
    for condition in conditions:
        reads = [step_of[n] for n in condition.check.names if n in step_of]
        ready = max(reads, default=-1) + 1  # the step before which all its args are bound
        sift = _sifting(condition, args, compile_part, lambda name: sifted[step_of[name]])
        if sift is not None:
            name, domain = sift
            step = step_of[name]
            earlier = [step_of[n] for n in domain.names if n in step_of]
            if all(s < step for s in earlier):
                sifted[step] = domain
                continue  # every set formed from the sifted cards passes it
        if _filtered(condition, args, compile_part, step_of, filters):
            continue  # every set formed passes it
        found = _narrowing(condition, arg_names, compile_part)
        if found is not None:
            name, values = found
            step = step_of[name]
            earlier = [step_of[n] for n in values.names if n in step_of]
            if narrow[step] is None and all(s < step for s in earlier):
                narrow[step] = values
                continue  # the narrowed candidates satisfy it by construction
        checks[ready].append(condition.check)
    fixed: list[bool] = []
    for step, index in enumerate(order):
        domain_reads = set(domain_names(args[index]))
        for replaced in (narrow[step], sifted[step], filters[step]):
            if replaced is not None:
                domain_reads |= replaced.names
        # The set filter reads the argument's own name (its cards), bound when it runs.
        fixed.append(not domain_reads & (set(arg_names) - {arg_names[index]}))
    return MovePlan(
        tuple(order),
        tuple(tuple(c) for c in checks),
        tuple(narrow),
        tuple(fixed),
        tuple(sifted),
        tuple(filters),
    )


def _filtered(
    condition: Condition,
    args: Sequence[ArgDef],
    compile_part: Callable[[str], Expr],
    step_of: dict[str, int],
    filters: list[SetFilter | None],
) -> bool:
    """True when the condition became part of a ``cards`` argument's ``SetFilter``: it
    reads no argument bound after that one, and is ``any(...)`` over its cards or a sum
    over them compared to a bound (one sum per argument)."""
    touching = _touching(condition, args, compile_part)
    summing = None if touching is not None else _summing(condition, args, compile_part)
    found = touching or summing
    if found is None:
        return False
    name = found[0]
    step = step_of[name]
    parts = found[1:]
    reads = set().union(*(part.names for part in parts if isinstance(part, Expr)))
    if any(step_of[n] >= step for n in reads if n in step_of and n != name):
        return False
    current = filters[step] or SetFilter()
    if touching is not None:
        filters[step] = replace(current, touching=(*current.touching, touching[1]))
        return True
    assert summing is not None
    if current.weights is not None:
        return False
    _, weights, base, compare, bound = summing
    filters[step] = replace(current, weights=weights, base=base, compare=compare, bound=bound)
    return True
