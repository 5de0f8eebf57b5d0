"""A search copy (``State.clone``) copies every shape of zone by the function generated
for its game and number of seats (``vtt.rules.copying``): equal, and sharing no list."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from vtt.rules.engine import State
from vtt.rules.loader import load_pack_text
from vtt.rules.values import Grid

SHAPES = """\
format: 1
id: shapes
name: Shapes
players: {min: 2, max: 4}
components:
  pieces: {pieces: [R, P], count: 2, per: player, start: "pool[seat]"}
zones:
  pile: {}
  pool: {per: player}
  board: {grid: [2, 2]}
  field: {grid: [4, 3]}
  trays: {copies: 2}
  boards: {grid: [2, 1], copies: 2}
  mats: {grid: [1, 2], per: player}
  shelves: {copies: 3, per: player}
vars:
  said: 0
  held: {per: player, initial: "[seat]"}
flow:
  start: go
  phases:
    go: {turn: single, moves: [put]}
moves:
  put:
    text: "put {piece}"
    args: {piece: {type: piece, from: "pool[me]"}}
    effects:
      - move: {what: piece, from: "pool[me]", to: pile}
"""


def _lists(node: Any) -> Iterator[list[Any]]:
    """Every list inside a zone's or var's value (the stacks, and the lists holding them)."""
    if isinstance(node, list):
        yield node
    if isinstance(node, list | tuple | Grid):
        for child in node.values() if isinstance(node, Grid) else node:
            yield from _lists(child)


def _shared(first: State, second: State) -> list[str]:
    """The zones of which the two states share a list (or a grid), and the per-player
    vars whose list of values they share (a var's values are replaced, never changed)."""
    found = []
    for name in first.game.zones:
        mine, theirs = first.env[name], second.env[name]
        held = {id(item) for item in _lists(mine)} | {id(mine)}
        if any(id(item) in held for item in _lists(theirs)) or mine is theirs:
            found.append(name)
    found += [
        var.name
        for var in first.game.vars.values()
        if var.per_player and first.env[var.name] is second.env[var.name]
    ]
    return found


@pytest.mark.parametrize("players", [2, 3])
def test_a_clone_of_every_shape_of_zone_is_equal_and_shares_no_list(players: int) -> None:
    game = load_pack_text(SHAPES, "shapes.yaml")
    state = game.new_state(seed=1, players=players)
    state.apply("put R")
    clone = state.clone()
    assert clone == state and _shared(state, clone) == []
    assert [len(stack) for stack in clone.zone("pool")] == [3, *[4] * (players - 1)]
    assert isinstance(clone.zone("board"), Grid) and clone.zone("board").cols == 2
    assert isinstance(clone.zone("field"), Grid) and clone.zone("field").rows == 3
    clone.apply("put P")  # the copy moves on; the position it came from does not
    assert len(state.zone("pile")) == 1 and len(clone.zone("pile")) == 2
    assert clone.zone("pool")[1] != state.zone("pool")[1]
