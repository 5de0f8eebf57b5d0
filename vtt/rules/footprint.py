"""What a move moves: the component, the place it leaves and the place it reaches.

A move kind whose effects begin by moving one of its own arguments (``move: {what:
card, from: "hand[me]", to: "board[square]"}``) has a *footprint*: with the move's
arguments bound, the two zone references name the place left and the place reached.
Which step and which references is worked out once per move kind from the loaded
steps (``vtt.rules.steps.move.Move``), without running anything; a move's
footprint is then two zone keys evaluated. The window maps a drag to moves with it.
Moves that move nothing of their own (bid, pass, call a suit, flip the top card)
have none.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vtt.janken import Card
from vtt.rules.argtypes import Role
from vtt.rules.expr import Expr
from vtt.rules.model import ArgDef, Env, MoveDef, Step, ZoneRef
from vtt.rules.steps.move import Move as MoveStep

__all__ = [
    "UNKNOWN",
    "Footprint",
    "Trace",
    "component_value",
    "trace_of",
    "traces_of",
]

#: A place: a zone name and the indexes of one instance, ``("board", Cell(1, 1))``.
Key = tuple[object, ...]


class _Unknown:
    """The value of an argument a partial move does not give."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNKNOWN"


#: Stands for an argument a partial move (a drag) does not give.
UNKNOWN: Any = _Unknown()


@dataclass(frozen=True, slots=True)
class Footprint:
    """What one move moves: an argument's value (a card, or a piece's kind), the key of
    the place it leaves and the key of the place it reaches."""

    component: Card | str
    source: Key
    target: Key

    @property
    def what(self) -> str:
        """The component as written: ``QL``, ``R``."""
        return str(self.component)


@dataclass(frozen=True)
class Trace:
    """How a move kind's footprint follows from its arguments: the argument its first
    ``move`` step moves, and that step's ``from`` and ``to``."""

    kind: MoveDef
    index: int  # of the argument moved
    source: ZoneRef
    target: ZoneRef

    @property
    def arg(self) -> ArgDef:
        """The argument whose value is moved."""
        return self.kind.args[self.index]

    def footprint(self, env: Env, values: Sequence[Any]) -> Footprint:
        """The footprint of the move with these values; ``env`` is a scratch copy of the
        state's with ``me`` bound (the arguments are bound into it)."""
        self.kind.bind(env, tuple(values))
        return Footprint(values[self.index], self.source.key(env), self.target.key(env))

    def partial(
        self, env: Env, component: object, target: Key | None, source: Key | None = None
    ) -> tuple[Any, ...] | None:
        """The argument values a drag gives (``UNKNOWN`` where it gives none) if putting
        ``component`` on ``target`` (from ``source``) can be this kind of move, else None;
        with no ``target``, what taking ``component`` from ``source`` gives.

        ``env`` is a scratch copy of the state's with ``me`` bound."""
        value = component_value(self.arg, component)
        if value is None:
            return None
        names = self.kind.arg_names
        known: dict[str, Any] = {self.arg.name: value}
        later: list[tuple[Expr, object]] = []
        for ref, key in ((self.target, target), (self.source, source)):
            if key is None:
                continue
            if key[:1] != (ref.zone.name,) or len(key) != len(ref.indexes) + 1:
                return None
            for index, part in zip(ref.indexes, key[1:], strict=True):
                body = index.body
                if isinstance(body, ast.Name) and body.id in names:
                    if body.id in known and known[body.id] != part:
                        return None
                    known[body.id] = part
                else:
                    later.append((index, part))
        env.update(known)
        missing = frozenset(names) - known.keys()
        for index, part in later:
            # An index reading an argument the drag does not give cannot be told yet.
            if not index.names & missing and index.fast(env) != part:
                return None
        return tuple(known.get(name, UNKNOWN) for name in names)


def component_value(arg: ArgDef, component: object) -> Card | str | None:
    """The value an argument whose type names a component (``card``, ``piece``: role
    COMPONENT) takes for a component, or a text naming one (``QL``, ``R``); None when
    it cannot be one."""
    read = arg.argtype.component
    found: Card | str | None = None if read is None else read(component)
    return found


def trace_of(kind: MoveDef, steps: Sequence[Step]) -> Trace | None:
    """The footprint's recipe for a kind of move whose effects are ``steps``: found when
    its first ``move`` step moves one card or piece argument from one stack to another,
    and nothing before it changes what that step reads."""
    changed: set[str] = set()
    for step in steps:
        if isinstance(step, MoveStep):
            return _trace(kind, step, changed)
        names = step.names_changed()
        if names is None:
            return None
        changed |= names
    return None


def _trace(kind: MoveDef, form: MoveStep, changed: set[str]) -> Trace | None:
    what = form.what
    if what is None or len(form.sources) != 1 or not isinstance(what.body, ast.Name):
        return None
    (source,) = form.sources
    if not source.complete:
        return None
    names = kind.arg_names
    if what.body.id not in names:
        return None
    index = names.index(what.body.id)
    if kind.args[index].argtype.role is not Role.COMPONENT:
        return None
    read = {what.body.id}
    for ref in (source, form.dest):
        for expr in ref.indexes:
            read |= expr.names
    if read & changed:
        return None
    return Trace(kind, index, source, form.dest)


def traces_of(
    moves: Mapping[str, MoveDef], effects: Mapping[str, Sequence[Step]]
) -> dict[str, Trace]:
    """The footprint recipe of every kind of move that has one, by move name."""
    found: dict[str, Trace] = {}
    for name, kind in moves.items():
        trace = trace_of(kind, effects.get(name, ()))
        if trace is not None:
            found[name] = trace
    return found
