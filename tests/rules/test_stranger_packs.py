"""A stranger's pack is refused at load, or stopped while playing, with a clear error
naming the file and place: never a raw Python error from the engine's own code.

Each case is JANTORI with one change (as in test_pack_limits).
"""

from __future__ import annotations

import pytest

from tests.rules.test_pack_limits import FILE, changed, load_errors
from vtt.rules.errors import RuleError
from vtt.rules.expr import EvalError
from vtt.rules.loader import load_pack_text

ZONES = "  board: {grid: [3, 3], visibility: everyone}\n"
PLACE_EFFECTS = '      - set: {"marker[me]": square}\n'


def play_to_the_end(text: str) -> None:
    """Load the pack and play its first legal move until the game ends."""
    state = load_pack_text(text, FILE).new_state(seed=1)
    while state.outcome is None:
        state.apply(next(iter(state.legal_moves)))


# --- names the engine keeps for itself ------------------------------------------------------

ENGINE_LIKE = ["__debug__", "_env", "_found", "_make", "_meter", "_state"]


def named(name: str, section: str) -> str:
    """JANTORI with ``name`` declared in ``section`` (and used by a step where it can be)."""
    if section == "zones":
        text = changed(ZONES, ZONES + f"  {name}: {{visibility: everyone}}\n")
        return text.replace(PLACE_EFFECTS, PLACE_EFFECTS + f"      - shuffle: {name}\n", 1)
    if section == "vars":
        text = changed("vars:\n", f"vars:\n  {name}: {{initial: 0}}\n")
        return text.replace(PLACE_EFFECTS, PLACE_EFFECTS + f"      - set: {{{name}: 1}}\n", 1)
    if section == "define":
        return changed("define:\n", f"define:\n  {name}: '1'\n")
    if section == "constants":
        return changed("constants:\n", f"constants:\n  {name}: 1\n")
    if section == "options":
        return changed(
            "options:\n", f"options:\n  {name}: {{type: int, default: 1, min: 0, max: 2}}\n"
        )
    assert section == "args"
    text = changed(
        "      square: {type: cell, grid: board}\n",
        "      square: {type: cell, grid: board}\n"
        f"      {name}: {{type: number, from: 'range(2)'}}\n",
    )
    return text.replace("place {piece} at {square}", f"place {{piece}} at {{square}} n {{{name}}}")


@pytest.mark.parametrize("section", ["zones", "vars", "define", "constants", "options", "args"])
@pytest.mark.parametrize("name", ENGINE_LIKE)
def test_names_like_the_engines_own_are_refused_at_load(name: str, section: str) -> None:
    errors = load_errors(named(name, section))
    assert any(
        f"'{name}' cannot be a name in expressions" in error and error.startswith(f"{FILE}:")
        for error in errors
    ), errors


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(changed(ZONES, ZONES + '  "extra\\n": {visibility: everyone}\n'), id="zone"),
        pytest.param(changed("vars:\n", 'vars:\n  "extra\\n": {initial: 0}\n'), id="var"),
        pytest.param(changed("constants:\n", 'constants:\n  "extra\\n": 1\n'), id="constant"),
        pytest.param(changed("id: jantori", 'id: "jantori\\n"'), id="pack id"),
    ],
)
def test_a_name_ending_in_a_newline_is_refused(text: str) -> None:
    errors = load_errors(text)
    assert any("does not match" in error and "\\n'" in error for error in errors), errors


def test_names_without_a_newline_still_load() -> None:
    load_pack_text(changed(ZONES, ZONES + "  extra: {visibility: everyone}\n"), FILE)


# --- floats where whole numbers are meant ---------------------------------------------------


@pytest.mark.parametrize(
    ("old", "new", "place"),
    [
        ("grid: [3, 3]", "grid: [3.0, 3.0]", "zones.board.grid[0]"),
        ("count: 4,", "count: 4.0,", "components.pieces.count"),
        ("players: {min: 2, max: 2}", "players: {min: 2.0, max: 2}", "players.min"),
        ("P: 5}", "P: 5}\n  other: 1.5", None),
    ],
)
def test_a_float_is_not_a_whole_number(old: str, new: str, place: str | None) -> None:
    text = changed(old, new)
    if place is None:  # a float where any value goes is fine
        load_pack_text(text, FILE)
        return
    errors = load_errors(text)
    assert any(f"({place}): " in e and "is not of type 'integer'" in e for e in errors), errors


# --- runtime checks of what expressions give the engine -------------------------------------

TIE = 'winners: "[0]"'


@pytest.mark.parametrize("winners", ["[99]", "[-1]", "99", "[True]", "['White']", "[0.5]"])
def test_winners_that_are_no_seats_stop_naming_the_expression(winners: str) -> None:
    text = changed(TIE, f'winners: "{winners}"').replace(
        'winners: "[0] if points[0] > points[1] else [1]"', f'winners: "{winners}"'
    )
    with pytest.raises(EvalError) as caught:
        play_to_the_end(text)
    message = str(caught.value)
    assert message.startswith(f"{FILE}:") and ".winners)" in message, message
    assert "the winners must be seats 0 to 1" in message


def test_winners_that_are_seats_end_the_game() -> None:
    play_to_the_end(changed(TIE, 'winners: "[1, 0]"'))


@pytest.mark.parametrize(
    "effects",
    [
        "      - for: {each: p, in: seats, do: [{eliminate: p}]}\n",
        "      - eliminate: me\n      - eliminate: 1 - me\n",
    ],
)
def test_a_pack_that_eliminates_every_seat_stops_with_a_rule_error(effects: str) -> None:
    with pytest.raises(RuleError, match=f"^{FILE}: every seat has been eliminated"):
        play_to_the_end(changed(PLACE_EFFECTS, PLACE_EFFECTS + effects))


def test_eliminating_all_seats_and_ending_the_game_in_the_move_is_fine() -> None:
    effects = (
        "      - for: {each: p, in: seats, do: [{eliminate: p}]}\n"
        "      - end_game: {winners: '[]', reason: everyone left}\n"
    )
    state = load_pack_text(changed(PLACE_EFFECTS, PLACE_EFFECTS + effects), FILE).new_state(seed=1)
    state.apply(next(iter(state.legal_moves)))
    assert state.outcome is not None and state.outcome.reason == "everyone left"
