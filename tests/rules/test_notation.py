"""Reading a move's notation: any text is read in time that grows with its length, not
exponentially, and notations that cannot be read are refused at load."""

from __future__ import annotations

import pytest

from tests.rules.test_expr_escapes import hang_guard
from tests.rules.test_pack_limits import FILE, with_move
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text
from vtt.rules.model import ArgDef
from vtt.rules.moves import Notation


def cards_args(count: int, high: int = 60) -> list[ArgDef]:
    return [ArgDef(f"c{index}", "cards", low=1, high=high) for index in range(count)]


def notation(count: int) -> str:
    return " ".join(["take", *(f"{{c{index}}}" for index in range(count)), "now"])


@pytest.mark.parametrize("count", [26, 60])
def test_many_cards_arguments_and_a_text_that_does_not_fit_are_read_at_once(count: int) -> None:
    reader = Notation(notation(count), cards_args(count))
    text = "take " + " ".join(["2R"] * 60) + " later"  # fits until its last word
    with hang_guard():
        assert reader.match(text) is None
        assert reader.match(text.replace("later", "now")) is not None


def test_spans_take_the_fewest_words_that_let_the_rest_fit() -> None:
    spans = [ArgDef(name, "cards", low=1, high=3) for name in "ab"]
    reader = Notation("swap {a} for {b} at {c}", [*spans, ArgDef("c", "cell")])
    assert reader.match("swap 2R 3P for QL at b2") == {"a": "2R 3P", "b": "QL", "c": "b2"}
    assert reader.match("SWAP 2R for 3P QL at b2") == {"a": "2R", "b": "3P QL", "c": "b2"}
    assert reader.match("swap 2R 3P 4S 5W for QL at b2") is None  # four cards: at most three
    assert reader.match("swap for QL at b2") is None
    assert reader.match("swap 2R for QL at") is None


def test_placeholders_inside_a_word_stop_at_its_literal_characters() -> None:
    reader = Notation("move {a},{b} to [{c}]", [ArgDef(n, "number") for n in "abc"])
    assert reader.match("move 1,2 to [3]") == {"a": "1", "b": "2", "c": "3"}
    assert reader.match("move 1,2,3 to [3]") is None
    with hang_guard():
        assert reader.match("move " + "1" * 1500 + ",," + " to [3]") is None


def test_a_placeholder_alone_in_its_word_reads_names_holding_its_literal_letters() -> None:
    # Battlefront's "attack {foe}'s {target}" with players named Jess and Ross.
    reader = Notation(
        "attack {foe}'s {target}", [ArgDef("foe", "player"), ArgDef("target", "card")]
    )
    assert reader.match("attack Jess's 5L") == {"foe": "Jess", "target": "5L"}
    assert reader.match("attack Ross's's 5L") == {"foe": "Ross's", "target": "5L"}
    assert reader.match("attack Jess 5L") is None
    with hang_guard():
        assert reader.match("attack " + "s'" * 900 + "x 5L") is None


def test_a_move_text_past_the_limit_is_no_move() -> None:
    reader = Notation("flip {a}", [ArgDef("a", "word")])
    assert reader.match("flip " + "x" * 5000) is None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("try {1x}", "the notation must show every argument once"),
        ("try {a} {a}", "the notation must show every argument once"),
        ("try {a}{b}", "side by side"),
    ],
)
def test_notations_that_cannot_be_read_are_refused_at_load(text: str, message: str) -> None:
    names = "b" if "b" in text else ""
    args = ", ".join(f"{name}: {{type: number, from: 'range(3)'}}" for name in "a" + names)
    pack = with_move("{" + args + "}")
    written = "try {a} {b}" if names else "try {a}"
    pack = pack.replace(f'text: "{written}"', f'text: "{text}"')
    with pytest.raises(PackErrors) as caught:
        load_pack_text(pack, FILE)
    [error] = caught.value.errors
    assert str(error).startswith(f"{FILE}:") and "moves.try.text" in str(error)
    assert message in str(error)
