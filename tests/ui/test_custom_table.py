"""A free table laid out from a pack with its own images: a board, a die with picture
faces, a token and a card back, drawn, rolled, saved and opened again."""

from __future__ import annotations

import json
from pathlib import Path

from gestures import key_over
from PIL import Image, ImageDraw

from vtt.resources import user_packs_dir
from vtt.rules.setups import load_setup
from vtt.ui.qt import QColor, QPointF, Qt
from vtt.ui.window import TableWindow

#: The die's six faces (a sheet of 3 x 2 cells), the token's, the board's and the back's colours.
FACES = {
    "one": (220, 40, 40),
    "two": (40, 160, 60),
    "three": (40, 80, 220),
    "four": (0, 190, 190),
    "five": (200, 200, 0),
    "six": (120, 60, 20),
}
TOKEN, MAP, BACK = (250, 130, 20), (90, 200, 120), (200, 0, 200)

PACK = """\
id: my-dice
name: My dice
kind: setup
players: {min: 1, max: 4, default: 2}
art:
  sheets: [{sheet: dice.png, grid: [3, 2], names: [one, two, three, four, five, six]}]
  images: {meeple: meeple.png, map: map.png, back: back.png}
  cards: {back: back}
table:
  objects:
    - {board: map, image: map, at: [0, 40], size: [700, 300]}
    - {die: d6, label: Picture die, faces: [one, two, three, four, five, six], at: [-150, 0]}
    - {token: meeple, face: meeple, at: [150, 0]}
    - {stack: deck, cards: {jokers: false}, face_up: false, at: [0, -250]}
"""


def install_pack() -> Path:
    """The pack, in the user's packs folder (where a table file's images are looked for)."""
    folder = user_packs_dir() / "my-dice"
    folder.mkdir(parents=True)
    sheet = Image.new("RGB", (30, 20))
    draw = ImageDraw.Draw(sheet)
    for cell, colour in enumerate(FACES.values()):
        x, y = (cell % 3) * 10, (cell // 3) * 10
        draw.rectangle((x, y, x + 9, y + 9), fill=colour)
    sheet.save(folder / "dice.png")
    Image.new("RGBA", (12, 12), (*TOKEN, 255)).save(folder / "meeple.png")
    Image.new("RGB", (70, 30), MAP).save(folder / "map.png")
    Image.new("RGB", (10, 14), BACK).save(folder / "back.png")
    (folder / "pack.yaml").write_text(PACK, "utf-8")
    return folder


def shown(qtbot, folder: Path | None = None, path: Path | None = None) -> TableWindow:
    window = TableWindow()
    window.resize(1300, 900)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    if folder is not None:
        assert window.start_table(load_setup(folder), 2)
    if path is not None:
        assert window.open_path(path)
    window.view.reset_view()
    return window


def colour_at(window: TableWindow, x: float, y: float) -> tuple[int, int, int]:
    view = window.view
    found = QColor(view.viewport().grab().toImage().pixel(view.mapFromScene(QPointF(x, y))))
    return found.red(), found.green(), found.blue()


def near(found: tuple[int, int, int], wanted: tuple[int, int, int]) -> bool:
    return all(abs(a - b) <= 12 for a, b in zip(found, wanted, strict=True))


def test_a_custom_die_rolls_and_the_board_token_and_back_show(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setattr("vtt.ui.window.fresh_seed", lambda: 7)  # the same rolls each run
    window = shown(qtbot, install_pack())
    table = window.session.table
    die = table.objects["d6"]
    assert die.style == "@my-dice" and near(colour_at(window, -150, 0), FACES[die.shown])
    assert near(colour_at(window, 150, 0), TOKEN)
    assert near(colour_at(window, 300, 150), MAP)  # the board, under the rest
    assert near(colour_at(window, 0, -250), BACK)
    seen = set()
    for _ in range(5):  # rolled by a person: the face shown is the pack's picture
        key_over(window.view, (-150, 0), Qt.Key.Key_R, text="r")
        qtbot.waitUntil(lambda: not window.view.commands.animator.busy())
        face = table.objects["d6"].shown
        seen.add(face)
        assert near(colour_at(window, -150, 0), FACES[face]), face
    assert len(seen) > 1
    saved = tmp_path / "dice.jtable"
    assert window.save_to(saved)
    data = json.loads(saved.read_text("utf-8"))
    token = next(item for item in data["objects"] if item["id"] == "meeple")
    assert token["face"] == "@my-dice/meeple"

    again = shown(qtbot, path=saved)  # a new window: the images found in the pack again
    assert near(colour_at(again, 150, 0), TOKEN) and near(colour_at(again, 300, 150), MAP)

    token["face"] = "@my-dice/nothing"  # a stranger's file: only the pack's own images
    saved.write_text(json.dumps(data), "utf-8")
    assert not again.open_path(saved)
    assert "has no art '@my-dice/nothing'" in again.statusBar().currentMessage()
    token["face"] = "@my-dice/../../../etc/passwd"
    saved.write_text(json.dumps(data), "utf-8")
    assert not again.open_path(saved)
    assert "cannot name the art of the token" in again.statusBar().currentMessage()
