"""Janken Go: where the pieces start under each option, what a turn holds (three steps,
one Wall, at least one action), taking a turn back, ko, and the draw after the turns."""

from __future__ import annotations

from typing import Any

import pytest

from vtt.rules import load_game
from vtt.rules.engine import State
from vtt.rules.moves import IllegalMove
from vtt.rules.records import Record, start_state
from vtt.rules.values import Cell


def _state(board: dict[str, list[str]] | None = None, **options: Any) -> State:
    return start_state(Record(pack="janken-go", options=options, deal={"board": board or {}}))


def _line_up(state: State, row: int) -> str:
    board = state.zone("board")
    size = state.options["size"]
    return "".join(
        f"{stack[-1].kind}{stack[-1].owner}" if stack else "."
        for stack in (board[Cell(col, row)] for col in range(size))
    )


def test_the_line_up_stands_on_columns_two_to_eight_of_each_back_row() -> None:
    state = load_game("janken-go").new_state()
    assert _line_up(state, 0) == ".S0P0R0K0R0P0S0."
    assert _line_up(state, 8) == ".S1P1R1K1R1P1S1."
    assert [len(state.zone("reserve")[p]) for p in (0, 1)] == [5, 5]
    assert state.to_move == 0 and state.seat_names == ("Blue", "Red")


@pytest.mark.parametrize(
    ("options", "rows"),
    [({"size": 7}, (0, 6)), ({"lineup": "second-row"}, (1, 7)), ({"size": 13}, (0, 12))],
)
def test_the_options_size_the_board_and_move_the_line_up(
    options: dict[str, Any], rows: tuple[int, int]
) -> None:
    state = load_game("janken-go").new_state(options)
    size = state.options["size"]
    margin = (size - 7) // 2
    for seat, row in enumerate(rows):
        pieces = "".join(f"{kind}{seat}" for kind in "SPRKRPS")
        assert _line_up(state, row) == "." * margin + pieces + "." * (size - 7 - margin)


def test_a_turn_is_three_steps_and_one_wall_then_its_end() -> None:
    state = _state()
    assert state.explain("end turn") == "Take a step or place a Wall first"
    state.apply("step R d1 d2")
    state.apply("place wall at e5")
    assert "this turn already" in state.explain("place wall at e6")
    state.apply("step R d2 d3")
    state.apply("step R d3 d4")
    assert state.var("steps_left") == 0
    assert "three steps" in state.explain("step R f1 f2")
    assert state.to_move == 0
    state.apply("end turn")
    assert state.to_move == 1 and state.var("steps_left") == 3 and not state.var("wall_placed")
    assert len(state.zone("reserve")[0]) == 4


def test_a_wall_may_come_first_and_the_turn_end_after_one_action() -> None:
    state = _state()
    state.apply("place wall at e5")
    state.apply("end turn")
    assert state.to_move == 1


def test_taking_a_turn_back_puts_the_board_and_the_steps_back() -> None:
    state = _state()
    before = state.copy()
    state.apply("step K e1 e2")
    state.apply("place wall at a5")
    state.apply("take back")
    assert state.zone("board") == before.zone("board")
    assert state.var("steps_left") == 3 and not state.var("wall_placed")
    assert state.to_move == 0


def test_same_kinds_block_each_other_and_walls_never_take() -> None:
    state = _state({"d4": ["R@1"], "d5": ["R@2"], "c4": ["wall@1"], "c5": ["S@2"]})
    assert "Stone cannot take Red's Stone" in state.explain("step R d4 d5")
    assert "Kings and Walls never take" in state.explain("step wall c4 c5")
    assert "Your own Stone is on d4" in state.explain("step wall c4 d4")


def test_a_step_onto_a_wall_of_the_foe_is_refused() -> None:
    state = _state({"d4": ["R@1"], "d5": ["wall@2"]})
    assert "cannot take Red's Wall" in state.explain("step R d4 d5")


def test_ko_forbids_only_the_end_of_the_turn_and_the_turn_is_never_stuck() -> None:
    state = _state()
    for move in ["step R d1 d2", "end turn", "step R d9 d8", "step R d8 d9", "end turn"]:
        state.apply(move)
    state.apply("step R d2 d3")
    state.apply("step R d3 d2")
    assert state.explain("end turn").startswith("Ko:")
    with pytest.raises(IllegalMove, match="Ko"):
        state.apply("end turn")
    assert {m.text for m in state.legal_list()} >= {"take back", "step R d2 d3"}
    state.apply("step R d2 d3")  # a third step makes the board new
    state.apply("end turn")
    assert state.to_move == 1


def test_the_game_is_drawn_after_the_turns_each() -> None:
    state = _state(turns=1)
    for move in ["step R d1 d2", "end turn", "step R d9 d8"]:
        state.apply(move)
    assert state.outcome is None
    state.apply("end turn")
    assert state.outcome is not None and state.outcome.winners == ()
    assert "1 turn each" in state.outcome.reason
