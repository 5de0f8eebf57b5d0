"""Grids sized by options: ``grid: [size, size]`` gives each game the board its options
ask for, cells and moves included; a size that is no size is a clear error."""

from __future__ import annotations

import pytest

from vtt.rules.errors import PackErrors, RuleError
from vtt.rules.loader import load_pack_text
from vtt.rules.values import Cell

GRID = """\
format: 1
id: sized
name: Sized
players: {min: 2, max: 2}
options:
  size: {label: Board size, type: int, default: 3, min: 1, max: 26}
  tall: {label: Two more rows, type: bool, default: false}
constants: {extra: 2}
components:
  stones: {pieces: [X], count: 40, per: player, start: "reserve[seat]"}
zones:
  reserve: {per: player}
  board: {grid: [size, "size + extra if tall else size"]}
flow:
  start: play
  phases:
    play: {turn: single, moves: [place]}
moves:
  place:
    text: "place at {square}"
    args: {square: {type: cell, grid: board}}
    when:
      - check: "empty(board[square])"
        message: "{square} is taken"
    effects:
      - move: {what: "top(reserve[me])", from: "reserve[me]", to: "board[square]"}
end:
  - check: "not empty_cells(board)"
    winners: "[]"
    reason: the board is full
"""


def test_the_options_give_the_grid_its_columns_and_rows() -> None:
    game = load_pack_text(GRID, "sized.yaml")
    small = game.new_state({}, 0)
    assert (small.env["board"].cols, small.env["board"].rows) == (3, 3)
    assert len(small.legal_moves) == 9
    big = game.new_state({"size": 5, "tall": True}, 0)
    board = big.env["board"]
    assert (board.cols, board.rows) == (5, 7)
    assert Cell.parse("e7") in board and Cell.parse("f1") not in board
    assert len(big.legal_moves) == 35
    big.apply("place at e7")
    assert [str(p) for p in big.env["board"][Cell.parse("e7")]] == ["X"]


def test_moves_on_a_sized_grid_have_stable_actions_both_ways() -> None:
    game = load_pack_text(GRID, "sized.yaml")
    state = game.new_state({"size": 12}, 0)
    for move in state.legal_moves:
        assert state.action_to_move(state.move_to_action(move)) == move


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ("[size, score]", "unknown name 'score'"),
        ("[size, 2, 2]", "is too long"),
        ("[0, 3]", "less than the minimum of 1"),
    ],
)
def test_a_grid_size_is_checked_at_load(grid: str, message: str) -> None:
    text = GRID.replace('{grid: [size, "size + extra if tall else size"]}', f"{{grid: {grid}}}")
    text = text.replace("constants: {extra: 2}", "constants: {extra: 2}\nvars: {score: 0}")
    with pytest.raises(PackErrors, match=message) as caught:
        load_pack_text(text, "sized.yaml")
    assert "sized.yaml:" in str(caught.value) and "zones.board.grid" in str(caught.value)


def test_a_size_out_of_range_when_a_game_starts_names_the_zone() -> None:
    text = GRID.replace("max: 26}", "max: 40}")
    game = load_pack_text(text, "sized.yaml")
    with pytest.raises(
        RuleError, match=r"sized.yaml \(zones.board.grid\): .*1 to 26 columns, not 30"
    ):
        game.new_state({"size": 30}, 0)
