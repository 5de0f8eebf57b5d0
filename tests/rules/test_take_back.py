"""A turn of several moves that cannot be finished (Janken Go's ko) does not strand the
player: a move whose effect is ``take_back`` undoes the turn's moves, and the same player
goes on from where the turn began."""

from __future__ import annotations

import random

import pytest

from tests.rules.test_stepgen import _differences, _twins
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text
from vtt.rules.search import determinize

KO = """\
format: 1
id: ko
name: Ko
players: {min: 2, max: 2}
components:
  token: {pieces: [T], start: "board[cell('a1')]"}
zones:
  board: {grid: [3, 1]}
vars:
  at: "cell('a1')"
  before: "cell('a1')"
  steps: 0
  ends: 0
  score: {per: player, initial: 0}
flow:
  start: play
  phases:
    play: {turn: single, moves: [step, end, undo]}
moves:
  step:
    text: "step to {to}"
    args: {to: {type: cell, grid: board}}
    when:
      - check: "steps < 2"
        message: Two steps a turn
      - check: "to in neighbours(board, at)"
        message: "{to} is not next to {at}"
    effects:
      - if: "steps == 0"
        then: [{set: {before: at}}]
      - move: {from: "board[at]", count: 1, to: "board[to]"}
      - set: {at: to}
      - add: {steps: 1}
      - keep_turn
  end:
    text: end
    when:
      - check: "steps > 0"
        message: Step first
      - check: "at != before"
        message: "Ko: the turn may not end where it began"
    effects:
      - if: "at == cell('c1')"
        then: [{add: {"score[me]": 1}}]
      - set: {steps: 0}
      - add: {ends: 1}
  undo:
    text: take back
    when:
      - check: "steps > 0"
        message: Nothing to take back
    effects:
      - take_back
      - log: "{seat_names[me]} takes back the turn"
end:
  - check: "ends >= 6"
    winners: "most(score)"
    reason: six turns are over
"""


def test_a_turn_that_cannot_end_can_be_taken_back() -> None:
    for game in _twins(lambda: load_pack_text(KO, "ko.yaml")):
        state = game.new_state({}, 0)
        state.apply("step to b1")
        state.apply("step to a1")  # back where the turn began, both steps used
        assert state.explain("end") == "Ko: the turn may not end where it began"
        assert [m.text for m in state.legal_list()] == ["take back"]  # not stranded
        state.apply("take back")
        assert state.to_move == 0 and state.var("steps") == 0 and state.var("at").name == "a1"
        assert [str(p) for p in state.zone("board")[state.var("at")]] == ["T"]
        assert state.log[-1].text == "P1 takes back the turn"
        state.apply("step to b1")
        state.apply("take back")  # taken back again: still to the turn's beginning
        assert state.var("at").name == "a1" and state.to_move == 0
        state.apply("step to b1")
        state.apply("end")
        assert state.to_move == 1
        state.apply("step to c1")
        state.apply("take back")  # the second player's turn began at b1
        assert state.var("at").name == "b1" and state.to_move == 1


def test_taken_back_turns_play_the_same_generated_and_plain() -> None:
    compiled, plain = (g.new_state({}, 1) for g in _twins(lambda: load_pack_text(KO, "ko.yaml")))
    rng = random.Random(1)
    while compiled.outcome is None:
        moves = compiled.legal_list()
        move = moves[rng.randrange(len(moves))]
        compiled.apply(move)
        plain.apply(move)
        assert _differences(compiled, plain) == []


def test_what_a_take_back_restores_is_part_of_the_position() -> None:
    game = load_pack_text(KO, "ko.yaml")
    a, b = game.new_state({}, 0), game.new_state({}, 0)
    for state, path in ((a, ["step to b1", "step to c1"]), (b, ["step to b1"])):
        for move in path:
            state.apply(move)
    b.apply("step to c1")
    assert a == b  # the same moves: the same position, and the same turn to take back
    other = a.copy()
    other.turn_start = b.turn_start.copy()
    other.turn_start.env["at"] = other.turn_start.env["before"] = b.turn_start.env["at"].__class__(
        2, 0
    )
    assert other.key()[:-1] == a.key()[:-1] and other != a  # alike but for the turn's start
    again = determinize(a, 1, random.Random(0))
    again.apply("take back")
    assert again.var("at").name == "a1"


def test_taking_back_before_any_move_of_the_turn_changes_nothing() -> None:
    text = KO.replace('"steps > 0"\n        message: Nothing', '"True"\n        message: Nothing')
    state = load_pack_text(text, "ko.yaml").new_state({}, 0)
    state.apply("step to b1")
    state.apply("end")
    before = state.key()
    state.apply("take back")
    assert state.key()[:-1] == before[:-1] and state.to_move == 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "board: {grid: [3, 1]}",
            "board: {grid: [3, 1]}\n  hand: {per: player, visibility: owner}",
            "zone 'hand' is not seen by everyone",
        ),
        (
            "steps: 0\n",
            "steps: 0\n  secret: {initial: 0, visibility: nobody}\n",
            "var 'secret' is not seen by everyone",
        ),
        (
            "moves: [step, end, undo]}",
            "moves: [step, end, undo], after_move: [take_back]}",
            "it belongs in a move's effects",
        ),
    ],
)
def test_take_back_is_refused_where_it_could_show_what_was_hidden(
    old: str, new: str, message: str
) -> None:
    assert old in KO
    with pytest.raises(PackErrors, match=message):
        load_pack_text(KO.replace(old, new), "ko.yaml")
