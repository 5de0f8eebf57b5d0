"""Go capture in the standard library: groups, liberties, groups with none, suicide, and
a board kept as one value for ko."""

from __future__ import annotations

import random

import pytest

from vtt.rules.expr.meter import takes_meter
from vtt.rules.stdlib import (
    LIBRARY,
    dead_groups,
    group,
    liberties,
    reachable,
    snapshot,
    suicide,
)
from vtt.rules.values import Cell, Grid, Piece


def board(rows: str) -> Grid:
    """A grid from text, top row first: ``x`` seat 0, ``o`` seat 1, ``.`` empty."""
    lines = rows.split()
    grid = Grid(len(lines[0]), len(lines))
    for r, line in enumerate(reversed(lines)):
        for c, mark in enumerate(line):
            if mark != ".":
                grid[Cell(c, r)].append(Piece("R", "xo".index(mark)))
    return grid


def names(cells: tuple[Cell, ...]) -> set[str]:
    return {cell.name for cell in cells}


def test_a_group_is_the_pieces_of_one_owner_joined_up_down_left_right() -> None:
    grid = board("xx.. .x.o x..o")
    assert names(group(grid, Cell.parse("a3"))) == {"a3", "b3", "b2"}
    assert names(group(grid, Cell.parse("a1"))) == {"a1"}  # diagonals do not join
    assert group(grid, Cell.parse("c1")) == ()


def test_liberties_count_each_empty_neighbour_of_a_group_once() -> None:
    grid = board("xx.. .x.o x..o")
    # a3 b3 b2: a2, c3, c2 and b1 (a2 touches both a3 and b2, counted once).
    assert liberties(grid, Cell.parse("b3")) == 4
    assert liberties(grid, Cell.parse("d1")) == 3  # d1 d2: c1, c2 and d3


def test_dead_groups_are_those_with_no_liberty_left() -> None:
    grid = board("ox. xo. ...")
    assert names(dead_groups(grid, 1)) == {"a3"}
    assert dead_groups(grid, 0) == ()


@pytest.mark.parametrize("seed", range(40))
def test_dead_groups_are_every_group_whose_liberties_are_none_on_crowded_boards(seed) -> None:
    # Crowded random boards: many groups touch, share cells' neighbours and die.
    chooser = random.Random(seed)
    rows = " ".join("".join(chooser.choice("xxoo.") for _ in range(6)) for _ in range(5))
    grid = board(rows)
    for owner in (0, 1):
        expected = {
            cell
            for cell, stack in grid.items()
            if stack and stack[-1].owner == owner and liberties(grid, cell) == 0
        }
        assert set(dead_groups(grid, owner)) == expected, rows
        assert list(dead_groups(grid, owner)) == sorted(expected)


@pytest.mark.parametrize(
    ("rows", "at", "owner", "left", "expected"),
    [
        ("o.. xo. ...", "a3", 0, None, False),  # a piece with room breathes
        (".o. o.. ...", "a3", 0, None, True),  # filled in, takes nothing: suicide
        (".o. o.. ...", "a3", 1, None, False),  # joins its own group, which breathes
        (".ox ox. x..", "a3", 0, None, False),  # takes b3 first, then breathes there
        (".ox ox. x..", "a3", 0, "b2", True),  # from b2, which empties: b3 breathes
        (".o. xo. ...", "a3", 0, "a2", False),  # the cell it leaves is a liberty
    ],
)
def test_suicide_is_a_piece_with_no_liberty_that_takes_nothing(
    rows: str, at: str, owner: int, left: str | None, expected: bool
) -> None:
    grid = board(rows)
    start = Cell.parse(left) if left else None
    assert suicide(grid, Cell.parse(at), owner, start) is expected


def test_suicide_replaces_what_stands_on_the_cell() -> None:
    # A step that takes by Janken lands on the foe's cell: the foe there is gone, so c3,
    # no longer joined to b2 through it, has no liberty and is taken.
    grid = board("xoo oox ...")
    assert suicide(grid, Cell.parse("b3"), 0) is False
    grid[Cell.parse("c2")].clear()
    grid[Cell.parse("c2")].append(Piece("R", 1))  # c3 joins c2, which breathes: no take
    assert suicide(grid, Cell.parse("b3"), 0) is True


def test_a_snapshot_is_equal_exactly_for_equal_boards() -> None:
    first, same, other_owner = board("x. .o"), board("x. .o"), board("o. .o")
    assert snapshot(first) == snapshot(same)
    assert snapshot(first) != snapshot(other_owner)
    assert snapshot(first) != snapshot(board(".x .o"))


def test_the_go_functions_spend_work() -> None:
    for name in ("group", "liberties", "dead_groups", "suicide", "snapshot"):
        assert takes_meter(LIBRARY.functions[name]), name


def test_reachable_walks_over_empty_cells_only_and_stops_after_its_steps() -> None:
    grid = board("x... .o.. ....")
    start = [Cell.parse("a1")]
    assert names(reachable(grid, start, 0)) == {"a1"}
    assert names(reachable(grid, start, 1)) == {"a1", "b1", "a2"}
    # b2 is held: the walk goes round it, and never onto a3 (held too).
    assert names(reachable(grid, start, 3)) == {"a1", "b1", "c1", "d1", "a2", "c2"}
    assert names(reachable(grid, [Cell.parse("a3"), Cell.parse("b2")], 1)) == {
        "a3",
        "b3",
        "a2",
        "b2",
        "c2",
        "b1",
    }
    assert len(reachable(grid, start, 10**9)) == 10  # every empty cell and a1, at once
