"""Explicit deals: start a game from a given arrangement instead of a shuffled one.

Records and perft positions use them. The deal is applied once the game has
started and waits for its first move. Every list is written TOP FIRST (piles,
hands and grid cells alike). The listed components are taken from wherever the
setup put them; what was in a listed stack and is not listed goes to the bottom
of the rest zone (``rest_zone:`` or the first shared face-down zone), so every
component is still somewhere. Pieces are written ``KIND`` in a player's own zone,
or ``KIND@SEAT`` (seat from 1) anywhere. A ``?`` is a component a record written for
one seat does not show (``vtt.rules.seenrecord``): the components the listed stacks
held and the deal does not name fill the ``?`` places (stack by stack as the deal
lists them, each from the bottom) in a fixed order (cards by suit and rank, then
pieces by kind and owner), not as they lay.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any

from vtt.janken import Card, NotationError
from vtt.rules.errors import RulesError
from vtt.rules.values import Cell, Component, Grid, Piece

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = ["UNSHOWN", "DealError", "apply_deal"]

#: How a deal writes a component it does not show.
UNSHOWN = "?"


class DealError(RulesError, ValueError):
    """A deal that does not fit the game (unknown zone, missing card, wrong shape)."""


class _Unshown:
    """A place a deal fills with a component it does not name (``?``)."""


_PLACE = _Unshown()


def _component(text: object, owner: int) -> Component | _Unshown:
    word = str(text).strip()
    if word == UNSHOWN:
        return _PLACE
    if "@" in word:
        kind, _, seat = word.partition("@")
        if not seat.isdigit():
            raise DealError(f"{word!r}: a piece is written KIND@SEAT, seats counted from 1")
        return Piece(kind, int(seat) - 1)
    try:
        return Card.parse(word)
    except NotationError:
        if word.isalnum() and owner >= 0:
            return Piece(word, owner)
        raise DealError(f"{word!r} is neither a card (QL) nor a piece (R@1)") from None


Listed = list[tuple[list[Any], list[Component | _Unshown]]]


def _listed(state: State, name: str, value: Any) -> Listed:
    """(stack, components top first) for every stack the deal lists in zone ``name``."""
    zone = state.game.zones.get(name)
    if zone is None:
        known = ", ".join(state.game.zones)
        raise DealError(f"the deal names zone {name!r}, which the pack does not have ({known})")
    return _walk(state.env[name], value, zone.depth, zone.per_player, -1, name)


def _walk(node: Any, value: Any, depth: int, per_player: bool, owner: int, label: str) -> Listed:
    if isinstance(node, Grid):
        return _grid(node, value, owner, label)
    if depth == 0:
        return [(node, [_component(i, owner) for i in _as_list(value)])]
    if not isinstance(value, list) or len(value) != len(node):
        raise DealError(f"{label}: expected a list of {len(node)} entries")
    return [
        pair
        for index, (child, item) in enumerate(zip(node, value, strict=True))
        for pair in _walk(
            child, item, depth - 1, False, index if per_player else owner, f"{label}[{index}]"
        )
    ]


def _grid(node: Grid, value: Any, owner: int, label: str) -> Listed:
    if not isinstance(value, Mapping):
        raise DealError(f"{label}: expected a mapping of cells to lists, like b2: [5R]")
    pairs = []
    for cell_name, items in value.items():
        cell = Cell.parse(str(cell_name))
        if cell not in node:
            raise DealError(f"{label}: {cell} is not on the board")
        pairs.append((node[cell], [_component(i, owner) for i in _as_list(items)]))
    return pairs


def _as_list(value: Any) -> list[Any]:
    if isinstance(value, str):
        return value.split()
    if not isinstance(value, list):
        raise DealError(f"expected a list of components, not {value!r}")
    return value


def _take(state: State, component: Component) -> None:
    for stack in _all_stacks(state):
        for index in range(len(stack) - 1, -1, -1):
            if stack[index] == component:
                del stack[index]
                return
    raise DealError(f"{component} is listed more often than the game has it")


def _all_stacks(state: State) -> list[list[Any]]:
    from vtt.rules.model import leaves

    return [
        stack
        for zone in state.game.zones.values()
        for stack in leaves(state.env[zone.name], zone.depth)
    ]


def _rest_stack(state: State) -> list[Any]:
    game = state.game
    if game.rest_zone is not None:
        return game.rest_zone.stack(state.env)
    for zone in game.zones.values():
        if zone.depth == 0 and zone.visibility == "nobody":
            return state.env[zone.name]  # type: ignore[no-any-return]
    raise DealError("the pack has no rest zone for cards the deal leaves out (add rest_zone:)")


def _filled(listed: Listed, displaced: list[Any]) -> list[list[Component]]:
    """Each listed stack's components (top first), its ``?`` places filled with the
    ``displaced`` components in a fixed order; those taken leave ``displaced``."""
    wanted = sum(isinstance(c, _Unshown) for _, components in listed for c in components)
    if wanted > len(displaced):
        raise DealError(
            f"the deal has {wanted} places written ?, but only {len(displaced)} components "
            "it does not name to fill them"
        )
    order = sorted(range(len(displaced)), key=lambda index: _stand_in_order(displaced[index]))
    taken = order[:wanted]
    stand_ins: Iterator[Component] = iter([displaced[index] for index in taken])
    for index in sorted(taken, reverse=True):
        del displaced[index]
    return [
        [c if not isinstance(c, _Unshown) else next(stand_ins) for c in components[::-1]][::-1]
        for _, components in listed
    ]


def _stand_in_order(item: Component) -> tuple[int, Any, Any]:
    if isinstance(item, Card):
        return (0, item.sort_key(), 0)
    return (1, item.kind, item.owner)


def _like(old: object, new: object) -> object:
    """A deal's value in the kind the var holds: ``b2`` for a cell var is a Cell."""
    if isinstance(old, Cell) and isinstance(new, str):
        return Cell.parse(new)
    return new


def apply_deal(state: State, deal: Mapping[str, Any]) -> None:
    """Rearrange a freshly started state as ``deal`` says."""
    if not isinstance(deal, Mapping):
        raise DealError("a deal is a mapping of zones (and vars:, current:) to what they hold")
    if not isinstance(deal.get("vars", {}), Mapping):
        raise DealError("the deal's vars: is a mapping of var names to values")
    if "current" in deal and (
        type(deal["current"]) is not int or not 0 <= deal["current"] < state.players
    ):
        raise DealError(f"the deal's current: is a seat from 0 to {state.players - 1}")
    env = state.env
    listed = [
        pair
        for name, value in deal.items()
        if name not in ("vars", "current")
        for pair in _listed(state, name, value)
    ]
    for _, components in listed:
        for component in components:
            if not isinstance(component, _Unshown):
                _take(state, component)
    displaced: list[Any] = [item for stack, _ in listed for item in stack]
    placed = _filled(listed, displaced)
    for (stack, _), found in zip(listed, placed, strict=True):
        stack[:] = found[::-1]
    if displaced:
        rest = _rest_stack(state)
        rest[0:0] = displaced
    for name, value in deal.get("vars", {}).items():
        if name not in state.game.vars:
            raise DealError(f"the deal sets var {name!r}, which the pack does not have")
        old = env[name]
        if state.game.vars[name].per_player:
            if not isinstance(value, list) or len(value) != len(old):
                raise DealError(f"the deal's var {name!r} is a list of {len(old)} values")
            env[name] = [_like(before, item) for before, item in zip(old, value, strict=True)]
        else:
            env[name] = _like(old, value)
    if "current" in deal:
        env["current"] = int(deal["current"])
    state.invalidate()
