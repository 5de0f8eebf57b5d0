"""Explicit deals: start a game from a given arrangement instead of a shuffled one.

Records and perft positions use them. The deal is applied once the game has
started and waits for its first move. Every list is written TOP FIRST (piles,
hands and grid cells alike). The listed components are taken from wherever the
setup put them; what was in a listed stack and is not listed goes to the bottom
of the rest zone (``rest_zone:`` or the first shared face-down zone), so every
component is still somewhere. Pieces are written ``KIND`` in a player's own zone,
or ``KIND@SEAT`` (seat from 1) anywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from vtt.janken import Card, NotationError
from vtt.rules.errors import RulesError
from vtt.rules.values import Cell, Component, Grid, Piece

if TYPE_CHECKING:
    from vtt.rules.engine import State

__all__ = ["DealError", "apply_deal"]


class DealError(RulesError, ValueError):
    """A deal that does not fit the game (unknown zone, missing card, wrong shape)."""


def _component(text: object, owner: int) -> Component:
    word = str(text).strip()
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


def _listed(state: State, name: str, value: Any) -> list[tuple[list[Any], list[Component]]]:
    """(stack, components top first) for every stack the deal lists in zone ``name``."""
    zone = state.game.zones.get(name)
    if zone is None:
        known = ", ".join(state.game.zones)
        raise DealError(f"the deal names zone {name!r}, which the pack does not have ({known})")
    return _walk(state.env[name], value, zone.depth, zone.per_player, -1, name)


def _walk(
    node: Any, value: Any, depth: int, per_player: bool, owner: int, label: str
) -> list[tuple[list[Any], list[Component]]]:
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


def _grid(
    node: Grid, value: Any, owner: int, label: str
) -> list[tuple[list[Any], list[Component]]]:
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
            _take(state, component)
    displaced: list[Any] = []
    for stack, components in listed:
        displaced.extend(stack)
        stack[:] = components[::-1]
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
