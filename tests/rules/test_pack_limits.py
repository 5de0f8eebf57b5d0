"""Pack-level attacks: a pack from a stranger may not hang the program or fill its memory.

Each attack is JANTORI with one change. It must be refused at load with a PackError
naming the file and line, or stopped while running with a RuleError or EvalError
naming the pack file and the step or expression, well within the hang guard.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.rules.test_expr_escapes import hang_guard
from vtt.rules.errors import PackErrors, RuleError
from vtt.rules.expr import MAX_STORED, EvalError
from vtt.rules.loader import load_pack_text

JANTORI = (Path(__file__).parents[2] / "rulesets" / "jantori" / "pack.yaml").read_text()
FILE = "evil/pack.yaml"


def changed(old: str, new: str) -> str:
    """JANTORI with ``old`` replaced by ``new`` (which must be there)."""
    assert old in JANTORI
    return JANTORI.replace(old, new, 1)


def with_setup(*lines: str) -> str:
    """JANTORI with a ``setup:`` list of the given YAML lines (indented already)."""
    return changed("\nflow:", "\nsetup:\n" + "\n".join(lines) + "\n\nflow:")


def load_errors(text: str) -> list[str]:
    with hang_guard(), pytest.raises(PackErrors) as caught:
        load_pack_text(text, FILE)
    return [str(error) for error in caught.value.errors]


# --- work inside one turn -------------------------------------------------------------------

NESTED_LOOPS = with_setup(
    "  - for:",
    "      each: a",
    '      in: "range(900000)"',
    "      do:",
    "        - for:",
    "            each: b",
    '            in: "range(900000)"',
    '            do: [{set: {"marker[0]": "cell(\'a3\')"}}]',
)

LOOP_OF_STEPS = with_setup(
    "  - for:",
    "      each: a",
    '      in: "range(900000)"',
    "      do:",
    '        - for: {each: b, in: "seats", do: [{set: {"marker[0]": "cell(\'a3\')"}}]}',
)

LOOP_OF_HEAVY_EXPRESSIONS = with_setup(
    "  - for:",
    "      each: a",
    '      in: "range(1000)"',
    '      do: [{set: {"marker[0]": "cell(\'a3\') if sum(range(400000)) else None"}}]',
)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(NESTED_LOOPS, id="nested loops"),
        pytest.param(LOOP_OF_STEPS, id="a long loop of cheap steps"),
        pytest.param(LOOP_OF_HEAVY_EXPRESSIONS, id="a loop of heavy expressions"),
    ],
)
def test_setup_loops_stop_with_the_place_of_the_loop(text: str) -> None:
    game = load_pack_text(text, FILE)  # valid: only running it does too much
    with hang_guard(), pytest.raises(RuleError, match="too much work") as caught:
        game.new_state(seed=1)
    # The file, the line of a 'for' that ran too long and its key path.
    place = re.match(rf"{FILE}:(\d+):\d+ \((setup\[0\]\.for[^)]*)\): ", str(caught.value))
    assert place is not None, str(caught.value)
    assert "for:" in text.splitlines()[int(place[1]) - 1]
    assert place[2].endswith(".for")


def test_a_move_with_a_runaway_loop_stops_with_its_place() -> None:
    text = changed(
        '      - set: {"marker[me]": square}',
        '      - set: {"marker[me]": square}\n'
        '      - for: {each: a, in: "range(999999)", do: [{for: {each: b, in: "range(999999)",'
        ' do: [{set: {"marker[me]": square}}]}}]}',
    )
    state = load_pack_text(text, FILE).new_state(seed=1)
    move = next(iter(state.legal_moves))
    with hang_guard(), pytest.raises(RuleError, match="too much work") as caught:
        state.apply(move)
    assert "moves.place.effects[2].for" in str(caught.value)


def test_phases_that_keep_entering_each_other_are_named() -> None:
    text = changed(
        "    place:\n      turn: single",
        "    spin:\n      turn: auto\n      enter: [{phase: spun}]\n"
        "    spun:\n      turn: auto\n      enter: [{phase: spin}]\n"
        "    place:\n      turn: single",
    ).replace("start: place", "start: spin")
    game = load_pack_text(text, FILE)
    with hang_guard(), pytest.raises(RuleError) as caught:
        game.new_state(seed=1)
    message = str(caught.value)
    assert message.startswith(FILE)
    assert "spin -> spun" in message and "without a move" in message


def test_real_loops_still_run() -> None:
    text = with_setup(
        '  - for: {each: a, in: "range(1000)", do: [{for: {each: b, in: "seats",'
        ' do: [{set: {"marker[b]": "marker[b]"}}]}}]}',
    )
    state = load_pack_text(text, FILE).new_state(seed=1)
    assert state.legal_moves


# --- sizes checked at load ------------------------------------------------------------------


def test_a_huge_component_count_is_refused_at_load() -> None:
    text = changed("count: 4, per: player", "count: 100000000, per: player")
    [message] = load_errors(text)
    assert message.startswith(f"{FILE}:19:")
    assert "components.pieces.count" in message and "1000" in message


def test_too_many_components_in_all_are_refused_at_load() -> None:
    text = changed("count: 4, per: player", "count: 1000, per: player")  # 3 * 1000 * 2 seats
    more = '  more: {pieces: [R, P, S], count: 1000, per: player, start: "reserve[seat]"}\n'
    [message] = load_errors(text.replace("\nzones:", more + "\nzones:", 1))
    assert message.startswith(f"{FILE}:23:")
    assert "too many components" in message and "12,036" in message  # the small sets too


def test_too_many_cards_are_refused_when_the_game_starts() -> None:
    text = changed(
        "components:\n",
        'components:\n  cards: {cards: "deck() * 150", start: "reserve[0]"}\n',
    )
    game = load_pack_text(text, FILE)
    with hang_guard(), pytest.raises(RuleError) as caught:
        game.new_state(seed=1)
    message = str(caught.value)
    assert message.startswith(f"{FILE} (components.cards.cards)")
    assert "too many components: 10,500" in message


@pytest.mark.parametrize(
    ("old", "new", "line", "path"),
    [
        ("P: 5}", "P: 99999999999999999999999999}", 11, "constants.values.P"),
        ("P: 5}", "P: -9223372036854775809}", 11, "constants.values.P"),
        (
            "options:\n",
            "options:\n  rounds: {default: 1, max: 99999999999999999999}\n",
            14,
            "options.rounds.max",
        ),
    ],
)
def test_numbers_past_64_bits_are_refused_at_load(old: str, new: str, line: int, path: str) -> None:
    [message] = load_errors(changed(old, new))
    assert message.startswith(f"{FILE}:{line}:")
    assert path in message and "too large" in message


def test_the_largest_64_bit_number_is_accepted() -> None:
    game = load_pack_text(changed("P: 5}", "P: 9223372036854775807}"), FILE)
    assert game.constants["values"]["P"] == 2**63 - 1


# --- values stay plain ----------------------------------------------------------------------


def test_generator_values_in_vars_and_scores_are_tuples() -> None:
    text = changed("vars:\n", 'vars:\n  seen: "(s for s in seats)"\n').replace(
        "scores: points", 'scores: "(p for p in points)"'
    )
    text = text.replace(
        '      - set: {"marker[me]": square}',
        '      - set: {"marker[me]": square, seen: "(s for s in (me, me))"}',
    )
    state = load_pack_text(text, FILE).new_state(seed=1)
    assert state.var("seen") == (0, 1)
    state.apply(next(iter(state.legal_moves)))
    assert state.var("seen") == (0, 0)
    assert state.copy() == state and state.copy().key() == state.key()


def test_draw_until_shares_the_turns_work_and_names_its_step() -> None:
    text = changed(
        "components:\n",
        'components:\n  cards: {cards: "deck() * 100", start: "pile"}\n',
    ).replace(
        "\nzones:\n", "\nzones:\n  pile: {visibility: nobody}\n  drawn: {visibility: everyone}\n"
    )
    text = text.replace(
        "\nflow:",
        "\nsetup:\n  - draw_until:"
        ' {from: pile, to: drawn, until: "sum(range(450000)) < 0"}\n\nflow:',
    )
    game = load_pack_text(text, FILE)  # valid: each draw's test is within the limit
    with hang_guard(), pytest.raises(RuleError, match="too much work in one turn") as caught:
        game.new_state(seed=1)
    assert str(caught.value).startswith(f"{FILE}:")
    assert "setup[0].draw_until" in str(caught.value)


# --- the legal-move search ------------------------------------------------------------------


def with_move(args: str, *, when: str = "", extra: str = "") -> str:
    """JANTORI with a second kind of move ``try`` with the given arguments (YAML flow map)."""
    text = changed("      moves: [place]", "      moves: [place, try]")
    check = f"\n    when: [{{check: {when!r}, message: no}}]" if when else ""
    names = re.findall(r"(\w+): \{type", args)
    notation = " ".join(["try", *(f"{{{name}}}" for name in names)])
    move = f'  try:\n    text: "{notation}"\n    args: {args}{check}\n    effects: []\n'
    return text.replace("\nmoves:\n", "\nmoves:\n" + move, 1) + extra


THREE_RANGES = with_move(
    '{a: {type: number, from: "range(1000)"}, b: {type: number, from: "range(1000)"},'
    ' c: {type: number, from: "range(1000)"}}'
)

MANY_CARD_SETS = (
    with_move(
        '{chosen: {type: cards, from: "pile", max: 60}}',
        extra="\n",
    )
    .replace("components:\n", 'components:\n  cards: {cards: "deck()", start: "pile"}\n')
    .replace("\nzones:\n", "\nzones:\n  pile: {visibility: everyone}\n")
)

HEAVY_CHECK = with_move(
    '{a: {type: number, from: "range(200)"}}', when="sum(range(400000 + a)) >= a * 0"
)
#: The same work, but in a part of the check that does not read the candidate.
HEAVY_INVARIANT_CHECK = with_move(
    '{a: {type: number, from: "range(200)"}}', when="sum(range(400000)) >= a * 0"
)


@pytest.mark.parametrize(
    "text",
    [
        pytest.param(THREE_RANGES, id="three arguments of range(1000)"),
        pytest.param(MANY_CARD_SETS, id="a cards argument of up to 60 cards"),
        pytest.param(HEAVY_CHECK, id="a heavy check for each of 200 candidates"),
    ],
)
def test_a_legal_move_search_that_does_too_much_stops_naming_the_move(text: str) -> None:
    game = load_pack_text(text, FILE)  # valid: only the search does too much
    with hang_guard(), pytest.raises(RuleError, match="too much work") as caught:
        game.new_state(seed=1).legal_list()  # the start looks for a legal move already
    assert str(caught.value).startswith(f"{FILE}:"), str(caught.value)
    assert "moves.try" in str(caught.value)


def test_a_heavy_part_of_a_check_that_no_candidate_changes_is_worked_out_once() -> None:
    # Worked out for each of the 200 candidates it was too much work; the part does not
    # read the candidate, so the search works it out once, at the first candidate.
    state = load_pack_text(HEAVY_INVARIANT_CHECK, FILE).new_state(seed=1)
    with hang_guard():
        moves = state.legal_list()
    assert sorted(int(move.text.split()[1]) for move in moves if move.text.startswith("try")) == (
        list(range(200))
    )


def test_a_search_of_many_cheap_candidates_still_finds_them_all() -> None:
    text = with_move(
        '{a: {type: number, from: "range(200)"}, b: {type: number, from: "range(200)"}}',
        when="a * b >= 0 and sum(range(5)) == 10",
    )
    state = load_pack_text(text, FILE).new_state(seed=1)
    assert sum(move.text.startswith("try") for move in state.legal_list()) == 40_000


@pytest.mark.parametrize(
    ("copies", "message"),
    [
        ('"10**6"', "too many stacks: 676,000,011 with this zone (at most 10,000 in a game)"),
        ("15", "too many stacks: 10,151 with this zone"),
        ('"-1"', "the number of copies must be a whole number from 0, not -1"),
        ("\"'many'\"", "the number of copies must be a whole number from 0, not many"),
    ],
)
def test_zone_copies_past_the_limit_stop_the_start_naming_the_zone(
    copies: str, message: str
) -> None:
    text = changed(
        "  board: {grid: [3, 3], visibility: everyone}",
        "  board: {grid: [3, 3], visibility: everyone}\n"
        f"  boards: {{grid: [26, 26], copies: {copies}, visibility: everyone}}",
    )
    game = load_pack_text(text, FILE)
    with hang_guard(), pytest.raises(RuleError) as caught:
        game.new_state(seed=1)
    assert str(caught.value).startswith(f"{FILE}")
    assert "zones.boards" in str(caught.value) and message in str(caught.value)


# --- values kept in vars (issue 14) -----------------------------------------------------------


def with_vars(extra_vars: str, effects: str) -> str:
    """JANTORI with more vars (YAML lines) and more effects after its move's own."""
    assert "vars:\n" in JANTORI
    return changed("vars:\n", "vars:\n" + extra_vars).replace(
        '      - set: {"marker[me]": square}\n', '      - set: {"marker[me]": square}\n' + effects
    )


def _moves_until_failure(text: str, moves: int) -> str:
    state = load_pack_text(text, FILE).new_state(seed=1)
    with hang_guard(), pytest.raises(EvalError) as caught:
        for _ in range(moves):
            state.apply_unchecked(state.legal_list()[0])
    return str(caught.value)


@pytest.mark.parametrize(
    ("extra_vars", "effects", "source"),
    [
        pytest.param(
            '  trail: "[]"\n',
            '      - add: {trail: "[0] * 30000"}\n',
            "[0] * 30000",
            id="a global var added to",
        ),
        pytest.param(
            '  trails: {per: player, initial: "()"}\n',
            '      - set: {"trails[me]": "trails[me] + (me,) * 30000"}\n',
            "trails[me] + (me,) * 30000",
            id="a per-player var set",
        ),
        pytest.param(
            "  texts: {per: player, initial: \"''\"}\n",
            '      - add: {"texts[me]": "\'x\' * 30000"}\n',
            "'x' * 30000",
            id="a per-player text added to",
        ),
    ],
)
def test_a_var_grown_over_turns_stops_at_its_bound_naming_the_expression(
    extra_vars: str, effects: str, source: str
) -> None:
    # Each move's value is small enough for one run; the var holding them all is not.
    message = _moves_until_failure(with_vars(extra_vars, effects), 12)
    assert message.startswith(f"{FILE}:"), message
    assert f"`{source}`" in message, message
    assert f"may hold a value of weight at most {MAX_STORED:,}" in message, message


def test_a_var_cannot_start_heavier_than_its_bound() -> None:
    text = changed("vars:\n", 'vars:\n  big: "[[0] * 1000] * 200"\n')
    game = load_pack_text(text, FILE)
    with hang_guard(), pytest.raises(EvalError, match="var 'big' may hold") as caught:
        game.new_state(seed=1)
    assert "vars.big.initial" in str(caught.value)


def test_adding_to_a_var_in_a_loop_is_charged_to_the_turn() -> None:
    # Each round copies the var to add one item: without charging what is stored, 90,000
    # rounds copy four billion items (minutes); charged, the turn's budget stops them.
    text = with_vars(
        '  trail: "[]"\n',
        '      - for: {each: i, in: "range(90000)", do: [{add: {trail: "[i]"}}]}\n',
    )
    state = load_pack_text(text, FILE).new_state(seed=1)
    with hang_guard(), pytest.raises(RuleError, match="too much work in one turn") as caught:
        state.apply_unchecked(state.legal_list()[0])
    assert "moves.place.effects[2].for" in str(caught.value)


def test_comparing_stored_values_is_charged_like_built_ones() -> None:
    # Two vars of 90,000 items each (within the bound), compared a thousand times in one
    # run: 90 million items walked, charged now as if the expression had built them.
    text = with_vars(
        '  big: "tuple(range(90000))"\n  other: "tuple(range(90000))"\n',
        '      - let: {same: "len([r for r in range(1000) if big == other])"}\n',
    )
    message = _moves_until_failure(text, 1)
    assert "too much work" in message and "big == other" in message, message


def test_small_vars_compare_and_store_as_before() -> None:
    text = with_vars(
        '  seen: "()"\n',
        '      - set: {seen: "seen + (square,)"}\n'
        '      - let: {again: "len([s for s in seen if s == square or seen == seen])"}\n',
    )
    state = load_pack_text(text, FILE).new_state(seed=1)
    for _ in range(4):
        state.apply_unchecked(state.legal_list()[0])
    assert len(state.var("seen")) == 4 and state.var("again") == 4


def test_a_var_cannot_hold_a_function() -> None:
    state = load_pack_text(with_vars('  f: "0"\n', '      - set: {f: "sum"}\n'), FILE).new_state()
    with pytest.raises(EvalError, match="var 'f' cannot hold a function") as caught:
        state.apply_unchecked(state.legal_list()[0])
    assert "`sum`" in str(caught.value)
