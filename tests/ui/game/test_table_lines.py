"""A var written on the table: ``on_table: true`` makes the window write its value on
the felt (the frame's ``table_lines``), while it is shown, seen and not empty."""

from __future__ import annotations

import pytest

from vtt.match import seat_frame
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text
from vtt.ui.game.lines import table_line_count


def table_lines(state, seat: int) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The lines the window writes on the table for ``seat``: its frame's, by var."""
    return {line.var: line.text for line in seat_frame(state, seat).table_lines}


PACK = """\
format: 1
id: lines
name: Lines
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('5P AR')", start: pool}
zones:
  pool: {visibility: everyone}
vars:
  said: {initial: "''", label: last hit, shown: "not quiet", on_table: true}
  quiet: False
  secret: {per: player, initial: 0, visibility: owner}
  hp: {per: player, initial: 10}
flow:
  start: play
  phases:
    play: {turn: single, moves: [hit]}
moves:
  hit:
    text: hit
    effects:
      - add: {"hp[1 - me]": -3}
      - set: {said: "seat_names[me] + f' hits for 3'"}
"""


def test_the_line_is_the_vars_text_once_it_says_something() -> None:
    game = load_pack_text(PACK, "lines.yaml")
    assert table_line_count(game) == 1
    state = game.new_state(seed=0)
    names = state.seat_names
    assert table_lines(state, 0) == {}  # empty: nothing written
    state.apply("hit")
    assert table_lines(state, 1) == {"said": f"{names[0]} hits for 3"}
    state.env["quiet"] = True  # its `shown` no longer holds
    assert table_lines(state, 1) == {}


def test_a_pack_without_lines_keeps_no_room_for_them() -> None:
    game = load_pack_text(PACK.replace(", on_table: true", ""), "lines.yaml")
    assert table_line_count(game) == 0
    state = game.new_state(seed=0)
    state.apply("hit")
    assert table_lines(state, 0) == {}


def test_a_line_per_player_is_a_load_error_with_its_place() -> None:
    text = PACK.replace(
        "hp: {per: player, initial: 10}", "hp: {per: player, initial: 10, on_table: true}"
    )
    with pytest.raises(PackErrors, match=r"lines.yaml:\d+.*vars.hp.on_table.*not one per player"):
        load_pack_text(text, "lines.yaml")
