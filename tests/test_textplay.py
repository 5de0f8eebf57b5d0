"""Terminal play draws boards the way a player reads them."""

from __future__ import annotations

import subprocess
import sys

from vtt.janken import Card
from vtt.rules.values import Cell, Piece
from vtt.textplay import grid_text


def test_grid_is_drawn_top_row_first_with_owners_and_heights() -> None:
    grid = {Cell(c, r): () for c in range(3) for r in range(3)}
    grid[Cell(0, 2)] = (Piece(kind="R", owner=0),)
    grid[Cell(2, 0)] = (Piece(kind="S", owner=0), Piece(kind="P", owner=1))
    grid[Cell(1, 1)] = (Card.parse("2L"),)
    lines = grid_text(grid, ("White", "Black")).splitlines()
    assert lines[1].split() == ["a", "b", "c"]
    assert lines[2].split() == ["3", "R/W", ".", "."]
    assert lines[3].split() == ["2", ".", "2L", "."]
    assert lines[4].split() == ["1", ".", ".", "P/B+1"]


def test_a_closed_pipe_ends_quietly() -> None:
    run = subprocess.run(
        f"{sys.executable} -m vtt.cli play jantori --text | head -c 10",
        shell=True,
        input="1\n" * 30,
        capture_output=True,
        text=True,
    )
    assert "Traceback" not in run.stderr
