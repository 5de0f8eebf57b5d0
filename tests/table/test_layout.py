"""Laying out a table from a pack's table: section."""

from __future__ import annotations

import jsonschema
import pytest

from vtt.table import Bag, CardPiece, Counter, Die, Stack, Token
from vtt.table.layout import LayoutError, build_table, cards_of, layout_schema, seat_place


def test_deck_row_dice_tokens_bag_and_per_seat_pieces() -> None:
    layout = {
        "objects": [
            {"stack": "deck", "cards": {"jokers": False}, "face_up": False, "at": [-70, 0]},
            {"row": "joker", "cards": {"only": ["JkR", "JkP"]}, "gap": 10, "at": [0, -190]},
            {"die": "pip", "faces": "pip"},
            {"die": "rank", "faces": "rank", "suit": "W"},
            {"die": "custom", "faces": ["1", "2", "3"]},
            {"token": "t", "face": "suit-R"},
            {"bag": "bag", "holds": ["t"]},
        ],
        "per_seat": [
            {"counter": "score", "label": "Score", "at": [70, 0]},
            {"token": "pawn", "face": "seat"},
        ],
    }
    jsonschema.validate(layout, layout_schema())
    table = build_table(layout, 3)
    deck = table.get("deck")
    assert isinstance(deck, Stack) and len(deck.contents) == 65
    assert not table.get(deck.top).face_up
    jokers = [table.get("joker-1"), table.get("joker-2")]
    assert all(isinstance(j, CardPiece) and j.face_up for j in jokers)
    assert jokers[1].x - jokers[0].x == 110
    pip, rank = table.get("pip"), table.get("rank")
    assert isinstance(pip, Die) and pip.faces == ["R", "P", "S", "W", "L", "Jk"]
    assert isinstance(rank, Die) and rank.style == "rank-W" and len(rank.faces) == 12
    bag = table.get("bag")
    assert isinstance(bag, Bag) and bag.contents == ["t"]
    assert isinstance(table.get("t"), Token)
    for seat in range(3):
        score = table.get(f"score-{seat + 1}")
        assert isinstance(score, Counter) and score.owner == seat
        assert (score.x, score.y) == (seat_place(seat, 3)[0] + 70, seat_place(seat, 3)[1])
        pawn = table.get(f"pawn-{seat + 1}")
        assert isinstance(pawn, Token) and pawn.face == f"seat-{seat + 1}"
    assert table.get("score-2").label == "Score (Ben)"
    assert len(table.history) == 0 and table.problems() == []


def test_seat_one_sits_at_the_bottom() -> None:
    x, y = seat_place(0, 4)
    assert x == 0 and y > 0
    assert seat_place(1, 4)[0] < 0  # clockwise on screen: the next seat is to the left


def test_card_specs() -> None:
    assert len(cards_of(None)) == 70
    assert len(cards_of({"jokers": False, "decks": 5})) == 325
    assert [str(c) for c in cards_of({"only": ["ar", "10w"]})] == ["AR", "10W"]


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        (
            {"objects": [{"stack": "d", "cards": {"only": ["ZZ"]}}]},
            "objects[0]: 'ZZ' is not a card",
        ),
        ({"objects": [{"token": "a"}, {"token": "a"}]}, "objects[1]: the id 'a' is used twice"),
        ({"objects": [{"bag": "b", "holds": ["ghost"]}]}, "objects[0].holds[0]: there is no piece"),
        ({"objects": [{"token": "a", "bag": "b"}]}, "say exactly one of"),
    ],
)
def test_layout_errors_name_the_path(layout: dict[str, object], message: str) -> None:
    with pytest.raises(LayoutError, match=message.replace("[", r"\[").replace("]", r"\]")):
        build_table(layout, 2)


def test_schema_rejects_unknown_keys() -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"objects": [{"token": "a", "colour": "red"}]}, layout_schema())
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"decor": []}, layout_schema())


def test_a_shuffled_stack_starts_in_an_order_of_its_tables_seed() -> None:
    def faces(seed: int, shuffled: bool) -> list[str]:
        item = {"stack": "deck", "cards": {"jokers": False}, "shuffled": shuffled}
        layout = {"objects": [item]}
        jsonschema.validate(layout, layout_schema())
        table = build_table(layout, 2, seed=seed)
        deck = table.get("deck")
        assert isinstance(deck, Stack) and len(table.history) == 0
        return [table.get(cid).face for cid in deck.contents]  # type: ignore[attr-defined]

    in_order = faces(1, False)
    assert faces(1, True) == faces(1, True)  # the seed decides: a saved table keeps it
    assert faces(1, True) != in_order and faces(2, True) != faces(1, True)
    assert sorted(faces(1, True)) == sorted(in_order)
