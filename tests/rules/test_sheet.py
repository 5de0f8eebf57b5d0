"""The score sheet: a pack declares its columns, ``write_sheet`` adds a row kept in the
state, every seat reads it, and it is written out the same in text and records."""

from __future__ import annotations

import pytest

from tests.rules.oracle import interpreted
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text
from vtt.rules.sheet import SHEET, sheet_text

# Each player in turn says a number; after everyone has, the hand is scored: the
# highest number gets a point, the row is written, and the numbers are cleared.
HANDS = """\
format: 1
id: hands
name: Hands
players: {min: 2, max: 3}
vars:
  said: {per: player, initial: None}
  score: {per: player, initial: 0}
  dealer: {initial: 0, shows: seat}
  hands: 0
flow:
  start: say
  phases:
    say: {turn: single, moves: [say]}
    score:
      turn: auto
      enter:
        - add: {hands: 1}
        - for: {each: p, in: "most(said)", do: [{add: {"score[p]": 1}}]}
        - write_sheet
        - for: {each: p, in: seats, do: [{set: {"said[p]": None}}]}
        - set: {dealer: "seat_after(dealer, players)"}
        - if: "hands == 2"
          then: [{end_game: {winners: "most(score)", reason: two hands}}]
        - phase: say
moves:
  say:
    text: "say {n}"
    args: {n: {type: number, from: "range(1, 4)"}}
    effects:
      - set: {"said[me]": n}
      - if: "all(said[p] is not None for p in players)"
        then: [{phase: score}]
sheet:
  label: tally
  row:
    - {label: dealer, value: dealer, shows: seat}
    - {label: rows before, value: "len(sheet)"}
  seat:
    - {label: said, value: "said[seat]"}
    - {label: top, value: "seat in most(said)"}
    - {label: total, value: "score[seat]"}
"""


def _played(moves: list[str]) -> object:
    game = load_pack_text(HANDS)
    state = game.new_state({}, 0, players=2, seat_names=("Ann", "Ben"))
    for move in moves:
        state.apply(move)
    return state


def test_a_row_is_written_at_the_end_of_each_hand_with_the_values_then() -> None:
    state = _played(["say 3", "say 1"])
    game = state.game  # type: ignore[attr-defined]
    # The numbers said were cleared after the row was written: the row keeps them.
    assert state.var("said") == [None, None]  # type: ignore[attr-defined]
    table = game.sheet.table(state.var(SHEET), state.seat_names)  # type: ignore[attr-defined]
    assert table.mappings() == [
        {
            "hand": "1",
            "dealer": "Ann",
            "rows before": "0",
            "Ann": ["3", "yes", "1"],
            "Ben": ["1", "", "0"],
        }
    ]
    state.apply("say 2")  # type: ignore[attr-defined]
    state.apply("say 2")  # type: ignore[attr-defined]
    table = game.sheet.table(state.var(SHEET), state.seat_names)  # type: ignore[attr-defined]
    assert [row["dealer"] for row in table.mappings()] == ["Ann", "Ben"]
    assert table.mappings()[1]["rows before"] == "1"
    assert table.mappings()[1]["Ann"] == ["2", "yes", "2"]
    assert table.mappings()[1]["Ben"] == ["2", "yes", "1"]
    assert state.outcome is not None  # type: ignore[attr-defined]


def test_every_seat_reads_the_whole_sheet_and_copies_keep_their_own() -> None:
    state = _played(["say 3", "say 1"])
    copy = state.copy()  # type: ignore[attr-defined]
    copy.apply("say 1")
    copy.apply("say 2")
    assert len(copy.var(SHEET)) == 2 and len(state.var(SHEET)) == 1  # type: ignore[attr-defined]
    for seat in (0, 1):
        assert state.view(seat).vars[SHEET] == state.var(SHEET)  # type: ignore[attr-defined]
    assert state.key() != copy.key()  # type: ignore[attr-defined]


def test_the_generated_code_and_the_plain_interpreter_write_the_same_sheet() -> None:
    compiled, plain = load_pack_text(HANDS), interpreted(load_pack_text(HANDS))
    states = [game.new_state({}, 0, players=2) for game in (compiled, plain)]
    for move in ["say 3", "say 1", "say 1", "say 2"]:
        for state in states:
            state.apply(move)
    assert states[0].var(SHEET) == states[1].var(SHEET)
    assert len(states[0].var(SHEET)) == 2


def test_the_sheet_as_text_puts_each_seats_columns_under_its_name() -> None:
    state = _played(["say 3", "say 1"])
    game = state.game  # type: ignore[attr-defined]
    text = sheet_text(game.sheet.table(state.var(SHEET), state.seat_names))  # type: ignore[attr-defined]
    lines = text.splitlines()
    assert lines[0] == "Tally"
    assert "Ann" in lines[1] and "Ben" in lines[1]
    assert lines[2].split() == [
        "hand",
        "dealer",
        "rows",
        "before",
        "|",
        "said",
        "top",
        "total",
        "|",
        "said",
        "top",
        "total",
    ]
    assert lines[3].split() == ["1", "Ann", "0", "|", "3", "yes", "1", "|", "1", "0"]
    empty = game.sheet.table((), state.seat_names)  # type: ignore[attr-defined]
    assert sheet_text(empty) == "Tally: no hand recorded yet"


def test_write_sheet_without_a_sheet_is_refused_where_it_stands() -> None:
    text = HANDS[: HANDS.index("sheet:\n")]
    with pytest.raises(PackErrors) as caught:
        load_pack_text(text, "hands.yaml")
    message = str(caught.value)
    assert "write_sheet writes a row on the score sheet" in message
    assert "hands.yaml:" in message


def test_a_var_named_sheet_clashes_with_the_score_sheet() -> None:
    text = HANDS.replace("  hands: 0\n", "  hands: 0\n  sheet: 0\n")
    with pytest.raises(PackErrors, match="keeps its rows in a var named 'sheet'"):
        load_pack_text(text)


def test_a_misspelt_column_key_is_refused_by_the_schema() -> None:
    text = HANDS.replace("{label: said, value:", "{lable: said, value:")
    with pytest.raises(PackErrors, match="unknown key 'lable'"):
        load_pack_text(text)


def test_a_column_expression_naming_an_unknown_name_is_refused_with_its_place() -> None:
    text = HANDS.replace('value: "said[seat]"', 'value: "says[seat]"')
    with pytest.raises(PackErrors) as caught:
        load_pack_text(text, "hands.yaml")
    assert "says" in str(caught.value)
    line = next(n for n, text in enumerate(text.splitlines(), 1) if "says[seat]" in text)
    assert f"hands.yaml:{line}:" in str(caught.value)
    assert "sheet.seat[0].value" in str(caught.value)
