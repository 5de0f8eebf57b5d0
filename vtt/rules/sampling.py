"""Positions rebuilt from one seat's view, for agents that search.

An agent is handed its seat's view and nothing else. To search, it needs full
states: ``state_of_view`` builds one whose view for that seat is the view itself,
every hidden stack filled with components the seat has not seen (the pack's
components less the visible ones), and ``sample`` deals those anew at random with
``determinize``. The true position is never consulted, so nothing the seat may not
see can reach its search.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import TYPE_CHECKING, Any

from vtt.rules.model import option_values
from vtt.rules.rng import Rng
from vtt.rules.starting import blank_state
from vtt.rules.values import Component, Grid
from vtt.rules.views import Hidden, View

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.game import Game

__all__ = ["has_hidden", "pack_components", "sample", "state_of_view"]


def has_hidden(view: View) -> bool:
    """True if some stack of the view is hidden (not counting empty ones)."""
    return any(_hidden_sizes(node) for node in view.zones.values())


def _hidden_sizes(node: Any) -> int:
    if isinstance(node, Hidden):
        return node.count
    if isinstance(node, tuple) and (not node or not isinstance(node[0], tuple | dict | Hidden)):
        return 0
    children = node.values() if isinstance(node, dict) else node
    return sum(_hidden_sizes(child) for child in children)


def state_of_view(view: View) -> State:
    """A position whose view for ``view.seat`` is ``view`` but for the log and the
    history (it has no journal: a search reads the view's): the hidden stacks hold the
    components the seat has not seen, in the pack's order (``sample`` deals them at
    random). ValueError when the view does not fit its pack."""
    game = view.game
    if game is None:
        raise ValueError("this view names no game: make it with State.view")
    names = view.seat_names
    blank = _blank(game, view.options, names)
    state = blank.clone()
    env = state.env
    unseen = pack_components(view)
    unseen.subtract(view.visible_components())
    if any(count < 0 for count in unseen.values()):
        raise ValueError(f"{game.id}: the view shows components the pack does not have")
    pool: list[Component] = []
    for component in blank.components():
        if unseen[component] > 0:
            unseen[component] -= 1
            pool.append(component)
    for zone in game.zones.values():
        env[zone.name] = _rebuilt(view.zones[zone.name], env[zone.name], zone.depth, pool)
    if pool:
        raise ValueError(f"{game.id}: {len(pool)} components are neither seen nor hidden")
    for var in game.vars.values():
        value = view.vars[var.name]
        env[var.name] = list(value) if var.per_player else copy.deepcopy(value)
    env.update(
        current=view.current,
        direction=view.direction,
        players=view.players,
        phase=view.phase,
        me=view.pending[0] if view.pending else view.current,
    )
    state.phase = view.phase
    state.pending = view.pending
    state.revealed = view.revealed
    state.outcome = view.outcome
    state.invalidate()
    return state


def pack_components(view: View) -> Counter[Component]:
    """Every component of the view's game, by count: what its pack places for its options
    and seats, a fact every seat knows (never where they lie)."""
    if view.game is None:
        raise ValueError("this view names no game: make it with State.view")
    return Counter(_blank(view.game, view.options, view.seat_names).components())


def sample(view: View, rng: random.Random | Rng, base: State | None = None) -> State:
    """A full state the seat cannot tell from its view, the unseen components dealt at
    random (``base``: ``state_of_view(view)`` made once, for many samples)."""
    state = base if base is not None else state_of_view(view)
    return state.determinize(view.seat, rng)


def _blank(game: Game, options: Any, names: tuple[str, ...]) -> State:
    values = option_values(game.options, options)
    key = (tuple(values.items()), names)
    found = game._blanks.find(key)
    if found is None:
        found = game._blanks.keep(key, blank_state(game, values, names))
    return found


def _rebuilt(node: Any, like: Any, depth: int, pool: list[Component]) -> Any:
    """A zone's contents as the state keeps them (lists, grids), from its view."""
    if depth == 0:
        if isinstance(node, Hidden):
            taken = pool[: node.count]
            if len(taken) < node.count:
                raise ValueError("the view hides more components than the pack has")
            del pool[: node.count]
            return taken
        return list(node)
    if isinstance(like, Grid):
        grid = like.copy()
        for cell, child in node.items():
            grid[cell] = _rebuilt(child, like[cell], depth - 1, pool)
        return grid
    return [
        _rebuilt(child, like[index] if index < len(like) else [], depth - 1, pool)
        for index, child in enumerate(node)
    ]
