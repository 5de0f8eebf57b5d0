"""The types of move arguments are one registry: notation, candidates, schema and docs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from vtt.janken import Card, NotationError, Suit
from vtt.rules import schema
from vtt.rules.argtypes import ARG_TYPES, ArgType, Role, UnknownArgType
from vtt.rules.argtypes.codes import Digit
from vtt.rules.argtypes.registry import register
from vtt.rules.candidates import candidates
from vtt.rules.errors import PackErrors
from vtt.rules.expr import compile_expr
from vtt.rules.loader import load_pack_text
from vtt.rules.model import ArgDef
from vtt.rules.schema import pack_schema
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.values import Cell, Piece

REFERENCE = Path(__file__).parents[2] / "docs" / "rule-packs.md"
ENGINE = Path(__file__).parents[2] / "docs" / "engine.md"
NAMES = ("Ann", "Ben", "Cy")

EXAMPLES = [
    ("card", "QL", Card.parse("QL")),
    ("cards", "8S 2R", (Card.parse("2R"), Card.parse("8S"))),
    ("cards", "none", ()),
    ("piece", "r", "R"),
    ("cell", "b2", Cell.parse("b2")),
    ("number", "3", 3),
    ("suit", "Rock", Suit.ROCK),
    ("player", "ben", 1),
    ("player", "3", 2),
    ("word", "Pass", "pass"),
]


@pytest.mark.parametrize(("kind", "word", "value"), EXAMPLES)
def test_each_type_reads_its_notation_and_writes_it_back(
    kind: str, word: str, value: object
) -> None:
    argtype = ARG_TYPES[kind]
    assert argtype.read(word, NAMES) == value
    assert argtype.read(argtype.write(value, NAMES), NAMES) == value


@pytest.mark.parametrize(("kind", "word"), [("number", "x"), ("player", "Dee"), ("card", "ZZ")])
def test_a_word_that_is_not_of_the_type_is_refused(kind: str, word: str) -> None:
    with pytest.raises(NotationError):
        ARG_TYPES[kind].read(word, NAMES)


def test_the_schema_and_the_reference_name_every_type() -> None:
    args = pack_schema()["properties"]["moves"]["additionalProperties"]["properties"]["args"]
    assert args["additionalProperties"]["properties"]["type"]["enum"] == list(ARG_TYPES)
    text = REFERENCE.read_text("utf-8")
    section = text[text.index("- `args` - ") : text.index("## Effect steps")]
    for kind in ARG_TYPES:
        assert f"`{kind}`" in section, kind


def test_candidates_are_distinct_and_sets_are_sized() -> None:
    cards = [Card.parse(text) for text in ("2R", "8S", "2R", "QL")]
    held = compile_expr("held", names=("held",), library=PACK_LIBRARY)
    env = {"held": cards, "players": (0, 1)}
    one, several = ArgDef("card", "card", held), ArgDef("chosen", "cards", held, low=2, high=3)
    assert candidates(one, env) == tuple(cards[i] for i in (0, 1, 3))
    sets = candidates(several, env)
    assert {len(chosen) for chosen in sets} == {2, 3} and len(sets) == 3 + 1
    # Without ``from``: every seat still playing, or every suit.
    assert candidates(ArgDef("who", "player"), env) == (0, 1)
    assert candidates(ArgDef("suit", "suit"), env) == tuple(Suit)


def _actions_table() -> list[str]:
    text = ENGINE.read_text("utf-8")
    section = text[text.index("## Actions") : text.index("## Keys")]
    return [line for line in section.splitlines() if line.startswith("| `")]


def test_the_actions_table_of_the_engine_docs_is_the_registrys() -> None:
    rows = [f"| {a} | {b} | {c} |" for kind in ARG_TYPES.values() for a, b, c in kind.codes]
    assert _actions_table() == rows
    for kind in ARG_TYPES:
        assert any(row.startswith(f"| `{kind}`") for row in rows), kind


def test_an_argument_of_no_known_type_cannot_be_made() -> None:
    # Before the registry, such an argument was made, and its moves got actions as if
    # it were a word.
    with pytest.raises(UnknownArgType) as error:
        ArgDef("hue", "colour")
    assert str(error.value) == (
        "'colour' is not a type of argument; the types are: "
        "card, cards, piece, cell, number, suit, player, word"
    )


def test_a_pack_naming_no_known_type_fails_to_load_where_it_says_so() -> None:
    text = PACK.replace("type: number", "type: colour")
    with pytest.raises(PackErrors) as error:
        load_pack_text(text, "hues.yaml")
    (problem,) = error.value.errors
    message = str(problem)
    assert message.startswith("hues.yaml:15:"), message
    assert "'colour'" in message and all(f"'{kind}'" in message for kind in ARG_TYPES), message


def test_each_type_has_a_role_and_a_component_type_reads_components() -> None:
    roles = {name: kind.role for name, kind in ARG_TYPES.items()}
    assert roles["card"] is roles["piece"] is Role.COMPONENT
    assert (roles["cards"], roles["cell"], roles["player"]) == (Role.SET, Role.CELL, Role.SEAT)
    card, piece = ARG_TYPES["card"].component, ARG_TYPES["piece"].component
    assert card is not None and piece is not None
    assert card("QL") == card(Card.parse("QL")) == Card.parse("QL")
    assert card("nonsense") is None and card(3) is None
    assert piece(Piece("R", 0)) == piece("r") == "R"
    for name, kind in ARG_TYPES.items():
        assert (kind.component is not None) == (kind.role is Role.COMPONENT), name


PACK = """\
format: 1
id: hues
name: Hues
players: {min: 2, max: 2}
components: {}
zones: {}
flow:
  start: go
  phases:
    go: {moves: [bid]}
moves:
  bid:
    text: bid {n}
    args:
      n: {type: number, from: "[1, 2]"}
end: []
"""


def _letter_digit(game: object, arg: object) -> Digit:
    return Digit(26, lambda letter: ord(letter) - ord("a"), lambda code: chr(ord("a") + code))


@pytest.fixture
def letter_type() -> Iterator[ArgType]:
    """A type the engine does not have, in one module's worth of code: a letter."""
    kind = register(
        ArgType(
            "letter",
            "a letter, written `c`",
            lambda word, _: word.lower(),
            Role.VALUE,
            _letter_digit,
            (("`letter`", "a 0 .. z 25", "26"),),
        )
    )
    schema._validator.cache_clear()
    yield kind
    del ARG_TYPES["letter"]
    schema._validator.cache_clear()


LETTERS = PACK.replace(
    '      n: {type: number, from: "[1, 2]"}', "      n: {type: letter, from: \"['a', 'c']\"}"
).replace("bid {n}", "say {n}")


def test_a_new_type_of_argument_is_one_module(letter_type: ArgType) -> None:
    game = load_pack_text(LETTERS, "letters.yaml")
    state = game.new_state()
    assert [move.text for move in state.legal_list()] == ["say a", "say c"]
    assert game.move_to_action("say c") == 0 + 1 * 2  # its kind, then its digit
    assert game.action_to_move(2).text == "say c"
    state.apply("say C")  # read by the type
    args = pack_schema()["properties"]["moves"]["additionalProperties"]["properties"]["args"]
    assert "letter" in args["additionalProperties"]["properties"]["type"]["enum"]


def test_without_the_module_the_type_is_unknown() -> None:
    with pytest.raises(PackErrors, match="'letter' is not one of"):
        load_pack_text(LETTERS, "letters.yaml")
