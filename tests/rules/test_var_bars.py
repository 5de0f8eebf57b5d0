"""A var drawn as a bar: ``bar:`` gives its maximum, an expression checked at load."""

from __future__ import annotations

import pytest

from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text
from vtt.rules.model import bar_maximum

PACK = """\
format: 1
id: bars
name: Bars
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('5P AR')", start: pool}
zones:
  pool: {visibility: everyone}
vars:
  level: 2
  hp: {per: player, initial: 10, bar: MAXIMUM}
flow:
  start: play
  phases:
    play: {turn: single, moves: [hit]}
moves:
  hit:
    text: hit
    effects: [{add: {"hp[1 - me]": -3}}]
"""


def test_the_maximum_is_worked_out_from_the_game_as_it_stands() -> None:
    game = load_pack_text(PACK.replace("MAXIMUM", '"level * 10"'), "bars.yaml")
    state = game.new_state(seed=0)
    assert bar_maximum(game.vars["hp"].bar, state.env) == 20.0
    state.env["level"] = 5
    assert bar_maximum(game.vars["hp"].bar, state.env) == 50.0


@pytest.mark.parametrize("maximum", ['"0"', "\"'ten'\"", '"hp[5]"'])
def test_a_maximum_that_is_no_positive_number_draws_no_bar(maximum: str) -> None:
    game = load_pack_text(PACK.replace("MAXIMUM", maximum), "bars.yaml")
    assert bar_maximum(game.vars["hp"].bar, game.new_state(seed=0).env) is None


def test_an_unknown_name_in_the_maximum_is_a_load_error_with_its_place() -> None:
    with pytest.raises(PackErrors, match=r"bars.yaml:\d+.*vars.hp.bar.*unknown name 'levle'"):
        load_pack_text(PACK.replace("MAXIMUM", '"levle * 10"'), "bars.yaml")
