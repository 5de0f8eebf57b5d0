"""The types of move arguments are one registry: notation, candidates, schema and docs."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtt.janken import Card, NotationError, Suit
from vtt.rules.argtypes import ARG_TYPES
from vtt.rules.candidates import candidates
from vtt.rules.expr import compile_expr
from vtt.rules.model import ArgDef
from vtt.rules.schema import pack_schema
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.values import Cell

REFERENCE = Path(__file__).parents[2] / "docs" / "rule-packs.md"
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
