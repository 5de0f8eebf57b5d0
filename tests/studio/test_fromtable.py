"""A free table laid out by hand, written as a pack (Sandbox > Save table as pack): the
pack loads, and a game of it holds the table's cards in the table's places."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtt.rules.finder import load_game_text
from vtt.rules.loader import check_pack_text
from vtt.rules.values import Cell
from vtt.studio.fromtable import pack_from_table, table_zones, write_table_pack
from vtt.table.model import Table
from vtt.table.pieces import CARD_HEIGHT, CARD_WIDTH, CardPiece, Die, Stack


def _card(table: Table, face: str, x: float, y: float, up: bool = True) -> str:
    return table.add(CardPiece("", x, y, face_up=up, face=face))


def laid_out() -> Table:
    """A deck face down, a row of three cards, a 2x2 grid, two hands and a die."""
    table = Table(2, seed=1)
    deck = table.add(Stack("", -400, 0, face_up=False, label="Draw pile"))
    for face in ("AR", "2P", "3S"):
        table.add(CardPiece("", face=face, face_up=False, parent=deck))
    for index, face in enumerate(("4W", "5L", "6R")):
        _card(table, face, -100 + index * (CARD_WIDTH + 10), -300)
    for row, faces in enumerate((("7P", "8S"), ("9W", "10L"))):
        for column, face in enumerate(faces):
            _card(table, face, 300 + column * (CARD_WIDTH + 10), 100 + row * (CARD_HEIGHT + 10))
    table.add(Die("", 0, 400))
    for seat, faces in enumerate((("JR", "QP"), ("KS",))):
        for face in faces:
            table.add(CardPiece("", face=face, parent=f"hand-{seat}"))
    return table


def test_the_table_s_places_become_zones() -> None:
    zones, left_out = table_zones(laid_out())
    kinds = {zone.name: (zone.kind, zone.visibility) for zone in zones}
    assert kinds == {
        "draw_pile": ("pile", "nobody"),
        "row": ("row", "everyone"),
        "grid": ("grid", "everyone"),
        "hand": ("hand", "owner"),
    }
    assert left_out == ["die (R)"]


def test_the_pack_loads_and_a_game_of_it_lies_as_the_table() -> None:
    text = pack_from_table(laid_out(), "My table")
    checked = check_pack_text(text)
    assert checked.ok, [str(d) for d in checked.diagnostics]
    game = load_game_text(text)
    assert (game.id, game.name, game.players[:2]) == ("my-table", "My table", (2, 2))
    state = game.new_state({}, 0)
    cards = lambda zone: [str(card) for card in zone]  # noqa: E731
    assert cards(state.zone("draw_pile")) == ["AR", "2P", "3S"]
    assert cards(state.zone("row")) == ["4W", "5L", "6R"]
    grid = state.zone("grid")
    assert {str(cell): cards(stack) for cell, stack in grid.items()} == {
        "a2": ["7P"],
        "b2": ["8S"],
        "a1": ["9W"],
        "b1": ["10L"],
    }
    assert cards(state.zone("grid_stock")) == []
    assert [cards(hand) for hand in state.zone("hand")] == [["JR", "QP"], ["KS"]]
    assert Cell.parse("a2") in grid
    assert "# Not carried over (a pack holds Janken cards only): die (R)" in text
    for heading in ("# The Deck", "# The Deal", "# The Play", "# The End"):
        assert heading in text


def test_a_whole_deck_face_down_is_dealt_shuffled_and_names_never_clash() -> None:
    from vtt.rules.stdlib import deck as whole_deck

    table = Table(3, seed=2)
    stack = table.add(Stack("", 0, 0, face_up=False, label="Deck"))
    for card in whole_deck(jokers=False):
        table.add(CardPiece("", face=str(card), face_up=False, parent=stack))
    table.add(CardPiece("", 300, 0, face="JkR", face_up=True))
    text = pack_from_table(table, "Three")
    assert "deck_pile_cards: {cards: deck(jokers=False), start: deck_pile}" in text
    assert "- {shuffle: deck_pile}" in text
    state = load_game_text(text).new_state({}, 0)
    assert len(state.zone("deck_pile")) == 65 and state.players == 3
    assert [str(card) for card in state.zone("row")] == ["JkR"]


def test_a_table_without_cards_is_no_pack() -> None:
    with pytest.raises(ValueError, match="no Janken card"):
        pack_from_table(Table(2), "Empty")


def test_a_pack_already_there_is_never_overwritten_unasked(tmp_path: Path) -> None:
    path = write_table_pack(tmp_path / "my-table", "first")
    with pytest.raises(FileExistsError, match=r"pack\.yaml"):
        write_table_pack(tmp_path / "my-table", "second")
    assert path.read_text() == "first"
    write_table_pack(tmp_path / "my-table", "second", overwrite=True)
    assert path.read_text() == "second"
