"""Hidden stacks whose every face the viewer knows, shown face up (no Qt).

Dueling Wizards' elements are drafted from a face-up pool: both wizards saw every card
go into the other's hand. The rules say so in the pack's ``lacks:`` (what play has
shown a seat does not hold: here, any card not drafted by it). A hidden stack of a
seat's whose possible components, the components the viewer cannot see less those
its owner is known to lack, are exactly as many as it holds, holds exactly those: the
table shows them face up, in an order of their own (never the stack's). Everything is
worked out from the viewer's view and the pack's make-up alone (``pack_components``), so
nothing the seat does not know reaches the table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from vtt.janken import Card
from vtt.rules.expr import EvalError
from vtt.rules.sampling import pack_components
from vtt.rules.values import Component
from vtt.rules.views import Hidden, View

__all__ = ["with_known_faces"]


def with_known_faces(view: View, made: Counter[Component] | None = None) -> View:
    """``view`` with each hidden stack of a seat's that the view shows to hold exactly
    known components (see the module) face up; ``made``: the game's components
    (``pack_components``), when the caller keeps them (they never change in a game)."""
    game = view.game
    if game is None or not game.lacks:
        return view
    unseen = Counter(made) if made is not None else pack_components(view)
    unseen.subtract(view.visible_components())
    unseen = +unseen  # (what lies in hidden stacks: only counts are read from them)
    if not unseen:
        return view
    env = _public_env(view)
    zones = dict(view.zones)
    for name in {lack.zone for lack in game.lacks}:
        wheres = [lack.where for lack in game.lacks if lack.zone == name]
        zones[name] = _known_in(zones[name], (name,), wheres, unseen, env)
    return replace(view, zones=zones)


def _public_env(view: View) -> dict[str, Any]:
    """The names a ``lacks:`` test may read, from the view alone (a var the viewer does
    not see is UNSEEN there: a test reading it fails, and nothing is known)."""
    return {
        **view.options,
        **view.zones,
        **view.vars,
        "seat_names": view.seat_names,
        "players": view.players,
        "current": view.current,
        "direction": view.direction,
        "phase": view.phase,
    }


def _known_in(
    node: Any, path: tuple[Any, ...], wheres: list[Any], unseen: Counter[Component], env: dict
) -> Any:
    """A zone's contents with the hidden stacks whose faces are known shown."""
    if isinstance(node, Hidden):
        return _known(node, path[1], wheres, unseen, env) if node.count else node
    if isinstance(node, tuple) and (not node or not isinstance(node[0], tuple | dict | Hidden)):
        return node  # a stack the viewer sees
    if isinstance(node, dict):
        return {k: _known_in(v, (*path, k), wheres, unseen, env) for k, v in node.items()}
    return tuple(_known_in(v, (*path, k), wheres, unseen, env) for k, v in enumerate(node))


def _known(
    stack: Hidden, seat: Any, wheres: list[Any], unseen: Counter[Component], env: dict
) -> Hidden | tuple[Component, ...]:
    """The faces of a hidden stack of ``seat``'s when they are known, else the stack."""
    possible: list[Component] = []
    try:
        for component, count in unseen.items():
            scope = {**env, "p": seat, "c": component}
            if not any(where(scope) for where in wheres):
                possible.extend([component] * count)
                if len(possible) > stack.count:
                    return stack
    except EvalError:
        return stack
    if len(possible) != stack.count:
        return stack
    return tuple(sorted(possible, key=_order))


def _order(component: Component) -> tuple[Any, ...]:
    """Cards by suit and rank, then anything else by name."""
    if isinstance(component, Card):
        return (0, component.sort_key(), "")
    return (1, (), str(component))
