"""Cells in expressions: made from a name or numbers, moved by offset, never added to."""

from __future__ import annotations

import pytest

from vtt.rules.expr import EvalError, compile_expr
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.values import Cell, Grid


def _value(source: str) -> object:
    return compile_expr(source, names=frozenset({"board"}), library=PACK_LIBRARY)(
        {"board": Grid(3, 3)}
    )


def test_a_cell_from_its_column_and_row() -> None:
    assert _value("cell(1, 2)") == Cell.parse("b3")
    assert _value("cell(cell('c2').col, 0)") == Cell.parse("c1")
    with pytest.raises(EvalError, match="a column and a row are whole numbers from 0"):
        _value("cell(-1, 0)")


def test_offset_moves_a_cell_and_gives_none_off_the_board() -> None:
    assert _value("offset(cell('a1'), 2, 1)") == Cell.parse("c2")
    assert _value("offset(cell('b2'), -1, -1)") == Cell.parse("a1")
    assert _value("offset(cell('a1'), -1, 0)") is None
    assert _value("offset(cell('c3'), 1, 0)") == Cell.parse("d3")  # no grid: no right edge
    assert _value("offset(cell('c3'), 1, 0, board)") is None
    assert _value("offset(cell('b3'), 1, 0, board)") == Cell.parse("c3")


@pytest.mark.parametrize("source", ["cell('a1') + (1, 0)", "(1, 0) + cell('a1')", "cell('a1') * 2"])
def test_adding_to_a_cell_is_an_error_not_a_longer_tuple(source: str) -> None:
    with pytest.raises(EvalError, match="a cell cannot be"):
        _value(source)


@pytest.mark.parametrize(
    "source",
    [
        "cell('a' + '9' * 4000)",
        "cell('b' + '1' * 6)",
        "cell('  c' + '0' * 50 + '1')",
        "cell(str(cell('a1')) + '0' * 5)",
    ],
)
def test_a_cell_name_past_five_characters_is_refused_without_building_its_number(
    source: str,
) -> None:
    with pytest.raises(EvalError, match="is not a cell: a cell name is a column letter") as error:
        _value(source)
    assert len(str(error.value)) < 300  # the name is not echoed whole


@pytest.mark.parametrize("name", ["a²", "b١", "c٣"])
def test_a_cell_row_is_written_in_ascii_digits(name: str) -> None:
    with pytest.raises(EvalError, match="is not a cell: expected a column letter and a row"):
        _value(f"cell('{name}')")
    assert _value("cell('z9999')") == Cell(25, 9998)
