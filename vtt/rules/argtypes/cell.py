"""``cell``: a cell of a grid, written ``b2``; ``grid: ZONE`` offers every cell."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vtt.rules.argtypes.codes import Digit, pair, unpair, unzigzag, zigzag
from vtt.rules.argtypes.registry import ArgType, Role, register
from vtt.rules.values import Cell

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["CELL"]


def _encode_free(cell: Any) -> int:
    return pair(zigzag(cell.col), zigzag(cell.row))


def _decode_free(code: int) -> Cell:
    col, row = unpair(code)
    return Cell(unzigzag(col), unzigzag(row))


def _digit(game: Game, arg: ArgDef) -> Digit:
    # A grid sized by options has no one size: its cells are numbered as free ones.
    size = arg.grid.zone.fixed_size if arg.grid is not None else None
    if size is None:  # cells from an expression: any column and row
        return Digit(0, _encode_free, _decode_free)
    cols, rows = size

    def encode(cell: Any) -> int:
        if not (0 <= cell.col < cols and 0 <= cell.row < rows):
            raise ValueError(f"cell {cell} is off the {cols}x{rows} grid")
        return int(cell.row * cols + cell.col)

    def decode(code: int) -> Cell:
        return Cell(code % cols, code // cols)

    return Digit(cols * rows, encode, decode)


CELL = register(
    ArgType(
        "cell",
        "a cell of a grid, written `b2`; `grid: ZONE` offers every cell",
        lambda word, _: Cell.parse(word),
        Role.CELL,
        _digit,
        (
            ("`cell` with `grid:`", "`row * columns + column` on that grid", "columns x rows"),
            (
                "`cell` with `grid:` sized by options",
                "as `cell` with `from:` (the size differs from game to game)",
                "unbounded",
            ),
            ("`cell` with `from:`", "zigzagged column and row, paired (Cantor)", "unbounded"),
        ),
        default="grid",
    )
)
