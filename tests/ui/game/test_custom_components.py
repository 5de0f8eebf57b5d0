"""A pack's own card faces, back, pieces and board, drawn on the enforced game's table."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_windows import open_game
from PIL import Image, ImageDraw

from vtt.janken import Card
from vtt.rules.values import Piece
from vtt.ui.qt import QColor, QPointF

ROOT = Path(__file__).resolve().parents[3]
#: Each suit's colour on the pack's cards (a row of the sheet each), the back's, the board's.
SUITS = {
    "R": (220, 40, 40),
    "P": (40, 160, 60),
    "S": (40, 80, 220),
    "W": (0, 190, 190),
    "L": (200, 200, 0),
}
BACK, BOARD, PAWN = (200, 0, 200), (240, 200, 60), (250, 130, 20)

CARD_ART = """
art:
  sheets:
    - {sheet: images/deck.png, grid: [14, 5], names: deck}
  images: {back: images/back.png, wood: images/wood.jpg}
  cards: {faces: named, back: back}
  boards: {board: wood}
"""
PIECE_ART = """
art:
  images: {pawn: images/pawn.png, white: images/white.png, wood: images/wood.jpg}
  pieces: {R: {image: white, tint: seat}, P: pawn, S: pawn}
  boards: {board: wood}
"""


def art_pack(folder: Path, source: str, art: str) -> str:
    """A copy of a shipped pack with its own images (made here, a few pixels each)."""
    images = folder / "images"
    images.mkdir(parents=True)
    sheet = Image.new("RGB", (14 * 6, 5 * 8))
    draw = ImageDraw.Draw(sheet)
    for row, colour in enumerate(SUITS.values()):
        draw.rectangle((0, row * 8, 14 * 6, row * 8 + 7), fill=colour)
    sheet.save(images / "deck.png")
    Image.new("RGB", (6, 8), BACK).save(images / "back.png")
    Image.new("RGB", (30, 30), BOARD).save(images / "wood.jpg", quality=95)
    Image.new("RGBA", (16, 16), (*PAWN, 255)).save(images / "pawn.png")
    Image.new("RGB", (16, 16), "white").save(images / "white.png")
    text = (ROOT / "rulesets" / source / "pack.yaml").read_text("utf-8")
    (folder / "pack.yaml").write_text(text.replace(f"id: {source}", f"id: {source}-art") + art)
    return str(folder)


def colour_at(window, item, point: QPointF | None = None) -> tuple[int, int, int]:
    """The colour on screen at an item's centre (or a scene point), in the view showing it."""
    view = window.hand_view if getattr(item, "place", None) and item.place.in_hand else window.view
    at = view.mapFromScene(point or item.sceneBoundingRect().center())
    picture = view.viewport().grab().toImage()
    found = QColor(picture.pixel(at))
    return found.red(), found.green(), found.blue()


def near(found: tuple[int, int, int], wanted: tuple[int, ...], slack: int = 12) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(found, wanted, strict=False))


@pytest.fixture
def card_game(qtbot, tmp_path):
    pack = art_pack(tmp_path / "deck", "tic-tac-rock", CARD_ART)
    return open_game(qtbot, pack, ("Human", "Human"))


def test_the_packs_card_faces_and_back_are_drawn(card_game) -> None:
    faces = card_game.board.faces
    cards = [f for f in faces if isinstance(f.face.component, Card) and f.place.in_hand]
    assert cards, "the person's hand shows cards"
    for face in cards[:3]:
        card = face.face.component
        assert near(colour_at(card_game, face), SUITS[card.suit.letter]), str(card)
    backs = [f for f in faces if f.face.component is None and f.cards]
    assert backs and near(colour_at(card_game, backs[0]), BACK)
    cell = next(p for key, p in card_game.board.places.items() if key[0] == "board")
    assert near(colour_at(card_game, cell), BOARD)


def test_the_packs_pieces_are_drawn_tinted_or_as_they_are(qtbot, tmp_path) -> None:
    window = open_game(
        qtbot, art_pack(tmp_path / "pieces", "jantori", PIECE_ART), ("Human", "Human")
    )
    pieces = [f for f in window.board.faces if isinstance(f.face.component, Piece)]
    tinted = [f for f in pieces if f.face.component.kind == "R"]
    plain = [f for f in pieces if f.face.component.kind == "P"]
    assert tinted and plain
    for face in tinted:  # white, tinted: its owner's colour
        seat = QColor(window.session.colours[face.face.component.owner])
        assert near(colour_at(window, face), (seat.red(), seat.green(), seat.blue()))
    assert near(colour_at(window, plain[0]), PAWN)
    assert tinted[0].magnified_asset().startswith("@jantori-art/white#")  # in its colour
