"""Defines are written in where they are used, respecting the names comprehensions bind."""

from __future__ import annotations

import random

import pytest

from tests.rules.test_pack_limits import FILE, changed, hang_guard, load_errors
from vtt.rules.engine import Game
from vtt.rules.expr import EvalError
from vtt.rules.loader import load_pack_text


def final_scores(game: Game, seed: int) -> tuple[object, ...] | None:
    """Scores after a random game with ``seed``."""
    state = game.new_state(seed=seed)
    chooser = random.Random(seed)
    while state.outcome is None:
        state.apply(chooser.choice(list(state.legal_moves)))
    return state.outcome.scores


def test_a_define_named_like_a_comprehension_variable_leaves_it_alone() -> None:
    # JANTORI's points binds 'p' in its comprehension; a define 'p' must not break it.
    text = changed("define:\n", 'define:\n  p: "len(seats)"\n')
    shadowed, plain = load_pack_text(text, FILE), load_pack_text(changed("", ""), FILE)
    for seed in range(3):
        assert final_scores(shadowed, seed) == final_scores(plain, seed)


def test_keyword_argument_names_are_not_defines() -> None:
    text = changed("define:\n", 'define:\n  key: "0"\n').replace(
        'winners: "[0] if points[0] >= points[1] else [1]"',
        'winners: "[sorted(seats, key=str)[key]] if points[0] >= points[1] else [1]"',
    )
    keyed, plain = load_pack_text(text, FILE), load_pack_text(changed("", ""), FILE)
    for seed in range(3):
        assert final_scores(keyed, seed) == final_scores(plain, seed)


def test_a_define_reading_a_name_the_comprehension_binds_is_refused() -> None:
    text = changed("define:\n", 'define:\n  n: "len(seats)"\n').replace(
        '"empty(reserve[0]) and empty(reserve[1])"',
        '"empty(reserve[0]) and all(n for seats in [1])"',
    )
    [message] = load_errors(text)
    assert "'n' is a define that reads 'seats'" in message
    assert "all(n for seats in [1])" in message  # what the author wrote, not the expansion


def test_run_errors_show_the_expression_as_written() -> None:
    text = changed("define:\n", 'define:\n  zero: "len(seats) - 2"\n').replace(
        "initial: \"cell('a3') if seat == 0 else cell('c1')\"",
        "initial: \"cell('a3') if seat // zero == 0 else cell('c1')\"",
    )
    game = load_pack_text(text, FILE)
    with hang_guard(), pytest.raises(EvalError) as caught:
        game.new_state(seed=1)
    assert "`cell('a3') if seat // zero == 0 else cell('c1')`" in str(caught.value)
    assert "ZeroDivisionError" in str(caught.value)


def test_a_define_used_before_it_is_defined_is_refused() -> None:
    text = changed("define:\n", 'define:\n  early: "late + 1"\n  late: "1"\n')
    [message] = load_errors(text)
    assert message.startswith(f"{FILE}:")
    assert "'early' uses 'late', which is not defined before it" in message


def test_defines_cannot_grow_an_expression_past_its_limit() -> None:
    chain = "".join(f'  d{i}: "(d{i - 1}, d{i - 1})"\n' for i in range(1, 14))
    text = changed("define:\n", 'define:\n  d0: "seats"\n' + chain)
    messages = load_errors(text)
    assert any("too big with its defines written in" in message for message in messages)


# --- defines with arguments ---------------------------------------------------------------

PLACEABLE = """define:
  # Whether a piece may go on a stack: the stack is empty, mine, or the piece beats its top.
  placeable(what, stack): "empty(stack) or top(stack).owner == me or beats(what, top(stack))"
  owned_by(p): >-
    sum(values[top(board[c]).kind] for c in cells(board)
        if not empty(board[c]) and top(board[c]).owner == p)
"""


def _placeable(check: str = "placeable(piece, board[square])") -> str:
    text = changed("define:\n", PLACEABLE)
    return text.replace(
        '"empty(board[square]) or top(board[square]).owner == me or '
        'beats(piece, top(board[square]))"',
        f'"{check}"',
    )


def test_a_define_with_arguments_plays_as_the_expression_written_out() -> None:
    # A parameter named like a comprehension variable of the body keeps the body's own.
    text = _placeable().replace(
        "    [sum(values[top(board[c]).kind] for c in cells(board)\n"
        "         if not empty(board[c]) and top(board[c]).owner == p) for p in seats]",
        "    [owned_by(p) for p in seats]",
    )
    assert "owned_by(p) for p in seats" in text
    written, plain = load_pack_text(text, FILE), load_pack_text(changed("", ""), FILE)
    for seed in range(4):
        assert final_scores(written, seed) == final_scores(plain, seed)
        assert len(written.new_state(seed=seed).legal_list()) == 6


@pytest.mark.parametrize(
    ("check", "expected"),
    [
        ("placeable(piece)", "'placeable' takes 2 values, in order"),
        ("placeable(piece, stack=board[square])", "'placeable' takes 2 values, in order"),
        ("placeable or True", "'placeable' is a define with arguments: give them"),
        (
            "any(placeable(piece, board[c]) for c in [square])",
            "",  # a comprehension variable passed in is fine
        ),
    ],
)
def test_a_define_with_arguments_is_used_with_all_of_them(check: str, expected: str) -> None:
    if not expected:
        load_pack_text(_placeable(check), FILE)
        return
    [message] = load_errors(_placeable(check))
    assert expected in message


def test_a_value_given_to_a_define_is_never_captured_by_its_comprehension() -> None:
    text = changed(
        "define:\n",
        "define:\n  some_owned(p): "
        '"any(top(board[c]).owner == p for c in cells(board) if not empty(board[c]))"\n',
    ).replace(
        '"empty(reserve[0]) and empty(reserve[1])"',
        "\"empty(reserve[0]) and all(some_owned(c.col) for c in [cell('a1')])\"",
    )
    [message] = load_errors(text)
    assert "the value given to 'p' of 'some_owned' reads 'c'" in message


def test_a_define_argument_may_not_be_a_name_of_the_pack() -> None:
    [message] = load_errors(changed("define:\n", 'define:\n  near(board): "len(board)"\n'))
    assert "the argument 'board' of define 'near' is already a name of the pack" in message
