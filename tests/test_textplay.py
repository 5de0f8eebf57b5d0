"""Terminal play draws boards the way a player reads them."""

from __future__ import annotations

import io
import subprocess
import sys

from vtt.janken import Card
from vtt.rules import load_game
from vtt.rules.values import Cell, Piece
from vtt.textplay import grid_text, show_view


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


def test_a_piece_on_a_card_shows_the_card_beneath() -> None:
    grid = {Cell(c, r): (Card.parse("2L"),) for c in range(2) for r in range(1)}
    grid[Cell(1, 0)] = (Card.parse("10W"), Piece(kind="pawn", owner=1))
    lines = grid_text(grid, ("Red", "Blue")).splitlines()
    assert lines[2].split() == ["1", "2L", "pawn/B@10W"]


def test_zones_a_game_mode_leaves_out_are_not_printed() -> None:
    game = load_game("corner-edge")
    out = io.StringIO()
    state = game.new_state({"game": "corner"}, 1)
    show_view(state.view(0), out, state)
    assert "board:" in out.getvalue() and "goal" not in out.getvalue()
    out = io.StringIO()
    state = game.new_state({"game": "edge"}, 1)
    show_view(state.view(0), out, state)
    assert "goal beyond this row:" in out.getvalue()
