"""What the game window needs of a match without a state: a move built card by card is
judged by the match for the seat building it, as plain values."""

from __future__ import annotations

import random

from vtt.match import BuildQuestion, Match, MatchSeat
from vtt.match.plain import from_json, to_json
from vtt.rules import load_game


def _match_with_built_moves() -> Match:
    """A Battlefront match played at random until the seat to move has built moves."""
    chooser = random.Random(4)
    match = Match(load_game("battlefront"), [MatchSeat("Ann"), MatchSeat("Ben")], {}, 4)
    for _ in range(200):
        seat = match.to_move
        assert seat is not None, "the game ended before any built move"
        frame = match.frame(seat)
        if frame.builds.moves:
            return match
        assert match.play(chooser.choice(frame.moves).text) is None
    raise AssertionError("no built move in 200 moves")


def test_the_cards_of_a_legal_built_move_make_that_move():
    match = _match_with_built_moves()
    seat = match.to_move
    assert seat is not None
    built = match.frame(seat).builds.moves[0]
    question = BuildQuestion(built.target, built.place, built.cards)
    verdict = match.judge_build(seat, question)
    assert verdict is not None and verdict.move == built.text and verdict.reason is None
    assert verdict.notation.split()[0] == built.text.split()[0]
    assert from_json(to_json(verdict)) == verdict
    # The other seat is not building a move now: the match answers nothing.
    assert match.judge_build(1 - seat, question) is None


def test_too_few_cards_make_no_move_and_say_what_is_missing_or_why():
    match = _match_with_built_moves()
    seat = match.to_move
    assert seat is not None
    built = max(match.frame(seat).builds.moves, key=lambda b: len(b.cards))
    verdict = match.judge_build(seat, BuildQuestion(built.target, built.place, ()))
    assert verdict is not None and verdict.move is None
    assert verdict.reason or verdict.missing
