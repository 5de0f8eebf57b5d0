"""Terminal play draws boards the way a player reads them."""

from __future__ import annotations

import io
import subprocess
import sys
from argparse import Namespace

from vtt.janken import Card
from vtt.rules import load_game
from vtt.rules.values import Cell, Piece
from vtt.textplay import grid_text, play_command, show_view


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


def test_the_score_sheet_is_printed_after_each_hand_and_on_request() -> None:
    args = Namespace(
        text=True,
        pack="stones",
        names=None,
        players=3,
        option=["target=10", "hand_limit=2"],
        seed=4,
        random=[1, 2],
    )
    # Seat 0 asks for the sheet before any hand ends, then plays its first legal move.
    out = io.StringIO()
    assert play_command(args, io.StringIO("sheet\n" + "1\n" * 200), out) == 0
    text = out.getvalue()
    assert "'sheet' for the score sheet" in text
    assert "Score sheet: no hand recorded yet" in text
    heading = "hand  dealer |"
    assert heading in text
    after = text[text.index("Game over") :]
    assert "Score sheet" in after and heading in after
    sheet_lines = after.splitlines()
    first = next(i for i, line in enumerate(sheet_lines) if line.startswith(heading))
    assert sheet_lines[first + 1].split()[0] == "1"


def test_a_pack_failing_during_a_move_is_told_without_a_traceback(tmp_path, monkeypatch, capsys):
    from tests.ai.packs import FAILS_IN_PLAY, write_pack
    from vtt.cli import main

    pack = write_pack(tmp_path, FAILS_IN_PLAY)
    monkeypatch.setattr(sys, "stdin", io.StringIO("step\n" * 5))
    assert main(["play", pack, "--text", "--seed", "6"]) == 1
    err = capsys.readouterr().err
    assert f"vtt play: {pack} failed during play (seed 6): {pack}:" in err
    assert "ZeroDivisionError" in err and "Traceback" not in err
