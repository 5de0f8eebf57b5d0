"""The plain values rule packs work with besides Janken cards: pieces, cells and grids.

>>> Cell.parse("b2"), str(Cell(0, 2))
(Cell.parse('b2'), 'a3')
>>> str(Piece("R", 1))
'R'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeAlias

from vtt.janken import Card, NotationError, Suit

__all__ = ["Cell", "Component", "Grid", "Piece", "Stack", "copy_zone"]

_COLUMNS = "abcdefghijklmnopqrstuvwxyz"
#: The longest cell name read: a column letter and a row of up to four digits.
_MAX_CELL_NAME = 5


@dataclass(frozen=True, slots=True, order=True)
class Piece:
    """A game piece of a ``kind`` (a short name such as ``R``), owned by a seat (or -1)."""

    kind: str
    owner: int = -1

    @property
    def suit(self) -> Suit | None:
        """The Janken suit a piece named R, P, S, W or L stands for (None otherwise)."""
        try:
            return Suit.parse(self.kind)
        except NotationError:
            return None

    def __str__(self) -> str:
        return self.kind


#: What zones hold.
Component: TypeAlias = Card | Piece
#: One zone instance: its components, bottom first (the last item is the top).
Stack: TypeAlias = list[Component]


class Cell(NamedTuple):
    """A cell of a grid: column 0 is ``a`` (left), row 0 is ``1`` (bottom), as on a chessboard."""

    col: int
    row: int

    @classmethod
    def parse(cls, text: str) -> Cell:
        """Read a cell name such as ``b2`` (case-insensitive)."""
        name = text.strip().lower()
        if len(name) > _MAX_CELL_NAME:
            # Grids have at most 26 rows: a longer name would only build a huge number.
            raise NotationError(
                f"{text[:12]!r}... ({len(text):,} characters) is not a cell: a cell name is "
                f"a column letter and a row of at most {_MAX_CELL_NAME - 1} digits, like b2"
            )
        digits = name[1:]
        if len(name) < 2 or name[0] not in _COLUMNS or not (digits.isascii() and digits.isdigit()):
            raise NotationError(
                f"{text!r} is not a cell: expected a column letter and a row, like b2"
            )
        return cls(_COLUMNS.index(name[0]), int(name[1:]) - 1)

    @property
    def name(self) -> str:
        """The cell's name, e.g. ``b2``."""
        return f"{_COLUMNS[self.col]}{self.row + 1}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Cell.parse({self.name!r})"

    # A cell is a tuple underneath, but adding to one or repeating it is a mistake
    # (``cell('a1') + (1, 0)`` would be a 4-tuple): say so, and what to write.
    def __add__(self, other: object) -> Cell:
        raise TypeError("a cell cannot be added to: write offset(cell, columns, rows)")

    def __radd__(self, other: object) -> Cell:
        raise TypeError("a cell cannot be added to: write offset(cell, columns, rows)")

    def __mul__(self, other: object) -> Cell:
        raise TypeError("a cell cannot be multiplied")

    def __rmul__(self, other: object) -> Cell:
        raise TypeError("a cell cannot be multiplied")


class Grid(dict[Cell, Stack]):
    """A board of ``cols`` x ``rows`` cells, each a stack of components."""

    __slots__ = ("cols", "rows")

    def __init__(self, cols: int, rows: int, stacks: Iterable[tuple[Cell, Stack]] = ()) -> None:
        super().__init__(stacks)
        self.cols = cols
        self.rows = rows
        if not self:
            for row in range(rows):
                for col in range(cols):
                    self[Cell(col, row)] = []

    def copy(self) -> Grid:
        """A copy whose stacks are new lists (made without ``__init__``: search copies
        grids all the time)."""
        new = Grid.__new__(Grid)
        new.cols = self.cols
        new.rows = self.rows
        # The keys and values of one dict pair up: zip needs no check of their lengths.
        dict.update(new, zip(self, map(list.copy, self.values()), strict=False))
        return new


def copy_zone(node: Any, depth: int) -> Any:
    """A zone's contents ``depth`` levels deep, every stack a new list (grids too)."""
    if depth == 0:
        return node[:]
    if isinstance(node, Grid):
        return node.copy()
    if depth == 1:
        return [stack[:] for stack in node]
    return [copy_zone(child, depth - 1) for child in node]
