"""A step given a seat that does not exist, and a ``value:`` that is not one number per
seat: refused at load when the text shows it, else stopped at the first run naming the
step or expression that did it, with its line (never a later, unrelated expression)."""

from __future__ import annotations

import pytest

from tests.rules.test_pack_limits import FILE, changed, load_errors
from tests.rules.test_stranger_packs import PLACE_EFFECTS
from vtt.ai.value import edge
from vtt.rules.expr import EvalError
from vtt.rules.loader import load_pack_text


def line_of(text: str, part: str) -> int:
    """The 1-based line of the first line of ``text`` holding ``part``."""
    return next(n for n, line in enumerate(text.splitlines(), 1) if part in line)


@pytest.mark.parametrize("step", ["give_turn", "eliminate"])
@pytest.mark.parametrize("seat", ['"99"', "2", "-1", "'7'"])
def test_a_literal_seat_past_the_most_players_is_refused_at_load(step: str, seat: str) -> None:
    text = changed(PLACE_EFFECTS, PLACE_EFFECTS + f"      - {step}: {seat}\n")
    errors = load_errors(text)
    line = line_of(text, f"{step}: {seat}")
    assert any(f"{FILE}:{line}:" in e and "there is no seat" in e for e in errors), errors
    assert any("the seats are 0 to 1" in e for e in errors), errors


@pytest.mark.parametrize("step", ["give_turn", "eliminate"])
def test_a_computed_seat_that_is_none_is_blamed_on_its_step(step: str) -> None:
    seat = '"3 if len(board[square]) >= 0 else 0"'
    text = changed(PLACE_EFFECTS, PLACE_EFFECTS + f"      - {step}: {seat}\n")
    state = load_pack_text(text, FILE).new_state(seed=1)
    with pytest.raises(EvalError) as caught:
        state.apply(next(iter(state.legal_moves)))
    message = str(caught.value)
    assert message.startswith(f"{FILE}:{line_of(text, step)}:"), message
    assert f"{step}: 3 is not a seat: the seats are 0 to 1" in message


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ('"{p: points[p] for p in seats}"', "it gives a mapping"),
        ('"{0: 1, 1: 2}"', "it gives a mapping"),
        ('"3"', "it is the constant 3"),
        ("\"'ahead'\"", "it is the constant 'ahead'"),
        ('"points[0] > points[1]"', "it gives true or false"),
    ],
)
def test_a_value_that_cannot_be_one_number_per_seat_is_refused_at_load(
    value: str, said: str
) -> None:
    text = changed("scores: points\n", f"scores: points\nvalue: {value}\n")
    errors = load_errors(text)
    line = line_of(text, "value: ")
    assert any(f"{FILE}:{line}:" in e and said in e for e in errors), errors
    assert all("one number per seat" in e for e in errors), errors


@pytest.mark.parametrize(
    ("value", "gave"),
    [
        ('"{p: points[p] for p in seats} if seats else []"', "a mapping"),
        ('"[points[0]] if seats else []"', "a list of 1"),
        ('"[str(p) for p in seats]"', "a list of 2"),
    ],
)
def test_a_value_of_the_wrong_shape_stops_at_its_first_run(value: str, gave: str) -> None:
    """Not a KeyError inside an agent: the value's line and what it gave."""
    text = changed("scores: points\n", f"scores: points\nvalue: {value}\n")
    state = load_pack_text(text, FILE).new_state(seed=1)
    with pytest.raises(EvalError) as caught:
        edge(state, 0)
    message = str(caught.value)
    assert message.startswith(f"{FILE}:{line_of(text, 'value: ')}:"), message
    assert "value: must give one number per seat" in message and f"it gave {gave}" in message


def test_a_value_of_one_number_per_seat_is_read() -> None:
    text = changed("scores: points\n", 'scores: points\nvalue: "[2 * points[p] for p in seats]"\n')
    state = load_pack_text(text, FILE).new_state(seed=1)
    assert edge(state, 0) == 0.0


def test_scores_that_cannot_be_one_number_per_seat_are_refused_at_load() -> None:
    text = changed("scores: points\n", 'scores: "{p: points[p] for p in seats}"\n')
    errors = load_errors(text)
    assert any(
        f"{FILE}:{line_of(text, 'scores: ')}:" in e and "scores: must give one number per seat" in e
        for e in errors
    ), errors
