"""Bad packs give errors naming the file, line, column, key path and what was expected."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text
from vtt.rules.schema import pack_schema

GOOD = """\
format: 1
id: tiny
name: Tiny
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('AR AP')", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
flow:
  start: play
  phases:
    play: {turn: single, moves: [take]}
moves:
  take:
    text: take
    when:
      - check: "len(pool) > 0"
        message: The pool is empty
    effects:
      - move: {from: pool, count: 1, to: "hand[me]"}
      - if: "len(pool) == 0"
        then: [{end_game: {winners: "[me]", reason: took the last card}}]
"""


def errors_of(text: str) -> list[str]:
    with pytest.raises(PackErrors) as caught:
        load_pack_text(text, "tiny.yaml")
    return [str(error) for error in caught.value.errors]


def test_the_good_pack_plays() -> None:
    state = load_pack_text(GOOD, "tiny.yaml").new_state()
    state.apply("take")
    state.apply("take")
    assert state.outcome is not None and state.outcome.winners == (1,)


def test_unknown_key_is_named_with_its_place() -> None:
    bad = GOOD.replace("pool: {visibility: nobody}", "pool: {visiblity: nobody}")
    [message] = errors_of(bad)
    assert message.startswith("tiny.yaml:8:10 (zones.pool.visiblity): unknown key 'visiblity'")
    assert "visibility" in message


def test_wrong_type_says_what_was_expected() -> None:
    bad = GOOD.replace("players: {min: 2, max: 2}", "players: {min: two, max: 2}")
    [message] = errors_of(bad)
    assert message.startswith("tiny.yaml:4:16 (players.min):")
    assert "integer" in message


def test_a_var_shows_a_seat_or_as_it_is() -> None:
    seated = GOOD.replace("flow:", "vars:\n  dealer: {initial: 1, shows: seat}\nflow:")
    assert load_pack_text(seated, "tiny.yaml").vars["dealer"].shows == "seat"
    [message] = errors_of(seated.replace("shows: seat", "shows: player"))
    assert message.startswith("tiny.yaml:11:31 (vars.dealer.shows):")
    assert "'seat'" in message


def test_bad_expression_points_at_the_column() -> None:
    bad = GOOD.replace('"len(pool) > 0"', '"len(pol) > 0"')
    [message] = errors_of(bad)
    assert message.startswith("tiny.yaml:18:21 (moves.take.when[0].check):")
    assert "unknown name 'pol'" in message


def test_unknown_zone_is_an_error() -> None:
    bad = GOOD.replace('to: "hand[me]"', 'to: "hnd[me]"')
    [message] = errors_of(bad)
    assert "moves.take.effects[0].move.to" in message
    assert "unknown zone 'hnd'" in message and message.startswith("tiny.yaml:21:43 ")


def test_unknown_phase_and_move_are_errors() -> None:
    bad = GOOD.replace("moves: [take]", "moves: [tkae]")
    assert any("unknown move 'tkae'" in m for m in errors_of(bad))
    bad = GOOD.replace("start: play", "start: plya")
    assert any("the start phase 'plya'" in m for m in errors_of(bad))


def test_every_error_is_reported_at_once() -> None:
    bad = GOOD.replace('"len(pool) > 0"', '"len(pol) > 0"').replace('"hand[me]"', '"hnd[me]"')
    assert len(errors_of(bad)) == 2


def test_published_schema_is_the_shipped_one() -> None:
    published = Path(__file__).parents[2] / "docs" / "pack.schema.json"
    assert json.loads(published.read_text("utf-8")) == pack_schema()


@pytest.mark.parametrize(
    ("steps", "expected"),
    [
        ("[5]", "effects[0]): a step is a mapping with one step key (set, "),
        (
            "[[move]]",
            "or one of the words keep_turn, reverse, write_sheet, stop, take_back; found a list",
        ),
        ("[keep_turns]", "'keep_turns' is not a step; did you mean 'keep_turn'?"),
        ("[move]", "the 'move' step needs its value: move: ..."),
        ("[{reverse: true}]", "'reverse' is a step without arguments, written alone: - reverse"),
        ("[{mov: {from: pool}}]", "'mov' is not a kind of step; did you mean 'move'?"),
        (
            "[{if: 'true', then: [{for: {each: c, in: pool, do: [{log: 5}]}}]}]",
            "(moves.take.effects[0].then[0].for.do[0].log): in the 'log' step: 5 is not of "
            "type 'string' (expected a line of text with {expression} places)",
        ),
        (
            "[{if: 'true', then: [{move: {what: c, form: pool}}]}]",
            "in the 'move' step: unknown key 'form'; expected one of: at, count, from, to, what",
        ),
        ("[{if: 'true', then: {log: hi}}]", "is not of type 'array' (expected a list of steps)"),
    ],
)
def test_a_mistake_in_a_step_names_the_step_and_what_was_expected(
    steps: str, expected: str
) -> None:
    effects = GOOD[GOOD.index("    effects:") :]
    [message] = errors_of(GOOD.replace(effects, f"    effects: {steps}\n"))
    assert expected in message


def test_a_look_is_for_grids_and_names_its_choices() -> None:
    hand = "  hand: {per: player, visibility: owner}\n"

    def with_board(board: str) -> str:
        return GOOD.replace(hand, hand + f"  board: {board}\n")

    [message] = errors_of(with_board("{look: lines}"))
    assert message.startswith("tiny.yaml:10:11 (zones.board.look):") and "no grid" in message
    [message] = errors_of(with_board("{grid: [3, 3], look: go}"))
    assert "(zones.board.look)" in message and "cells" in message and "lines" in message
    game = load_pack_text(with_board("{grid: [3, 3], look: lines}"), "tiny.yaml")
    assert game.zones["board"].look == "lines" and game.zones["pool"].look == "cells"
