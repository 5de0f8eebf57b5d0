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
from dataclasses import dataclass

from vtt.rules.expr import Expr
from vtt.rules.model import ArgDef, Condition

__all__ = ["MovePlan", "plan_move"]


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


def domain_names(arg: ArgDef) -> frozenset[str]:
    """The names an argument's candidates read (its ``from``, its grid's indexes)."""
    names = set(arg.domain.names) if arg.domain is not None else set()
    if arg.grid is not None:
        for index in arg.grid.indexes:
            names |= index.names
    return frozenset(names)


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

        best = max(ready, key=lambda i: (completes(i), -i))
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


def _sifting(
    condition: Condition,
    args: Sequence[ArgDef],
    compile_part: Callable[[str], Expr],
    sifted: Callable[[str], Expr | None],
) -> tuple[str, Expr] | None:
    """``(arg, FROM')`` when the condition is ``all(P for x in arg if Q)`` for a ``cards``
    argument: a set passes exactly when each of its cards does, so the cards that do
    not (``Q`` and not ``P``) are left out of ``from`` before any set is formed."""
    source = condition.check.source.strip()
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        return None
    if not (
        isinstance(tree, ast.Call)
        and isinstance(tree.func, ast.Name)
        and tree.func.id == "all"
        and len(tree.args) == 1
        and not tree.keywords
        and isinstance(tree.args[0], ast.GeneratorExp)
        and len(tree.args[0].generators) == 1
    ):
        return None
    generator = tree.args[0]
    loop = generator.generators[0]
    by_name = {arg.name: arg for arg in args}
    if not (
        isinstance(loop.iter, ast.Name)
        and loop.iter.id in by_name
        and by_name[loop.iter.id].type == "cards"
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
        for replaced in (narrow[step], sifted[step]):
            if replaced is not None:
                domain_reads |= replaced.names
        fixed.append(not domain_reads & set(arg_names))
    return MovePlan(
        tuple(order), tuple(tuple(c) for c in checks), tuple(narrow), tuple(fixed), tuple(sifted)
    )
