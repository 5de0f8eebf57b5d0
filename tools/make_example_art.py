"""Write two example packs that bring their own images (art:), into a folder.

    python tools/make_example_art.py ~/.local/share/janken-table/packs

- ``picture-tic-tac-rock``: Tic-Tac-Rock's rules (copied from the shipped pack) with
  its own card faces (one sheet cut into a grid), card back and board;
- ``picture-sandbox``: a free table with a board, a die with picture faces, a token
  per seat and the deck and Jokers wearing the pack's own faces and back.

The images are drawn here with Pillow, a few kilobytes each, so that nothing large is
kept in the repository. docs/rule-packs.md ("Your own components") shows the packs.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parent.parent
#: A card of the sheet, in pixels (the table's cards are 100 x 140 units).
CARD = (60, 84)
SUITS = {
    "R": ("Rock", (150, 150, 150)),
    "P": ("Paper", (190, 150, 70)),
    "S": ("Scissors", (220, 60, 60)),
    "W": ("Water", (60, 120, 220)),
    "L": ("Lizard", (70, 170, 70)),
}
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "Jk"]

#: What the re-skinned Tic-Tac-Rock adds to the shipped pack's rules.
TIC_TAC_ART = """
# ---- Our own components ----
# One sheet of 14 x 5 cards (Ace to King and the Joker, a suit a row), our own back,
# and a board of painted wood under the 3 x 3 grid.
art:
  sheets:
    - {sheet: images/deck.png, grid: [14, 5], names: deck}
  images:
    back: images/back.png
    wood: images/wood.jpg
  cards: {faces: named, back: back}
  boards: {board: wood}
"""

SANDBOX = """\
id: picture-sandbox
name: Picture Sandbox
kind: setup
description: A map, a moon die, a meeple each and a deck of the pack's own.
players: {min: 1, max: 6, default: 2}
art:
  images:
    map: images/map.png
    meeple: images/meeple.png
    back: images/back.png
  sheets:
    - {sheet: images/deck.png, grid: [14, 5], names: deck}
    - sheet: images/moons.png
      grid: [3, 2]
      names: [new, crescent, quarter, gibbous, full, eclipse]
  cards: {faces: named, back: back}
table:
  objects:
    - {board: map, image: map, at: [0, 0], size: [640, 400]}
    - {stack: deck, cards: {jokers: false}, face_up: false, shuffled: true, at: [-420, 0]}
    - {row: jokers, cards: {only: [JkR, JkP, JkS, JkW, JkL]}, gap: 10, at: [0, -290]}
    - die: moon
      label: Moon die
      faces: [new, crescent, quarter, gibbous, full, eclipse]
      at: [420, 0]
  per_seat:
    - {token: meeple, face: meeple, label: Meeple, at: [0, -60]}
"""


def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=size)


def deck_sheet() -> Image.Image:
    """Ace to King and the Joker of each suit, a suit a row."""
    width, height = CARD
    sheet = Image.new("RGB", (width * 14, height * 5), "white")
    draw = ImageDraw.Draw(sheet)
    for row, (letter, (name, colour)) in enumerate(SUITS.items()):
        for col, rank in enumerate(RANKS):
            x, y = col * width, row * height
            draw.rectangle((x, y, x + width - 1, y + height - 1), fill=(250, 246, 236))
            draw.rectangle((x + 3, y + 3, x + width - 4, y + height - 4), outline=colour, width=3)
            draw.ellipse((x + 14, y + 28, x + width - 14, y + 60), fill=colour)
            draw.text((x + 8, y + 6), rank, fill=(40, 30, 20), font=font(16))
            draw.text((x + width // 2, y + 44), letter, fill="white", font=font(18), anchor="mm")
            draw.text((x + width // 2, y + 72), name, fill=colour, font=font(9), anchor="mm")
    return sheet


def back() -> Image.Image:
    width, height = CARD
    image = Image.new("RGB", CARD, (120, 30, 60))
    draw = ImageDraw.Draw(image)
    for step in range(-height, width, 8):
        draw.line((step, 0, step + height, height), fill=(160, 60, 90), width=2)
    draw.rectangle((3, 3, width - 4, height - 4), outline=(240, 200, 120), width=2)
    return image


def wood() -> Image.Image:
    image = Image.new("RGB", (120, 120), (196, 150, 92))
    draw = ImageDraw.Draw(image)
    for y in range(0, 120, 6):
        draw.line((0, y, 120, y + 3), fill=(176, 128, 74), width=2)
    return image


def map_image() -> Image.Image:
    image = Image.new("RGB", (160, 100), (70, 130, 180))
    draw = ImageDraw.Draw(image)
    draw.ellipse((20, 15, 90, 85), fill=(110, 170, 90))
    draw.ellipse((80, 30, 145, 80), fill=(150, 190, 100))
    draw.line((40, 50, 120, 55), fill=(200, 60, 60), width=3)
    return image


def meeple() -> Image.Image:
    """A white meeple: the table draws it as it is (a token keeps its colours)."""
    image = Image.new("RGBA", (48, 48), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((16, 2, 32, 18), fill=(250, 250, 250, 255), outline=(40, 40, 40, 255))
    draw.polygon(
        [
            (24, 14),
            (44, 24),
            (36, 28),
            (40, 46),
            (28, 46),
            (24, 36),
            (20, 46),
            (8, 46),
            (12, 28),
            (4, 24),
        ],
        fill=(250, 250, 250, 255),
        outline=(40, 40, 40, 255),
    )
    return image


def moons() -> Image.Image:
    """Six faces of a die, 3 x 2: the phases of the moon."""
    image = Image.new("RGB", (3 * 40, 2 * 40), (20, 24, 60))
    draw = ImageDraw.Draw(image)
    for cell in range(6):
        x, y = (cell % 3) * 40, (cell // 3) * 40
        draw.rectangle((x + 1, y + 1, x + 38, y + 38), outline=(200, 200, 230), width=2)
        draw.ellipse((x + 8, y + 8, x + 32, y + 32), fill=(240, 230, 170))
        shadow = [32, 20, 8, -4, -16, 0][cell]
        if cell == 5:
            draw.ellipse((x + 8, y + 8, x + 32, y + 32), fill=(120, 40, 30))
        elif cell < 4:
            draw.ellipse(
                (x + 8 + shadow - 24, y + 8, x + 32 + shadow - 24, y + 32), fill=(20, 24, 60)
            )
    return image


def make_packs(folder: Path) -> list[Path]:
    """Write both example packs into ``folder``; their pack folders."""
    tic = folder / "picture-tic-tac-rock"
    (tic / "images").mkdir(parents=True, exist_ok=True)
    rules = (ROOT / "rulesets" / "tic-tac-rock" / "pack.yaml").read_text("utf-8")
    rules = rules.replace("id: tic-tac-rock", "id: picture-tic-tac-rock", 1)
    rules = rules.replace("name: Tic-Tac-Rock", "name: Picture Tic-Tac-Rock", 1)
    (tic / "pack.yaml").write_text(rules + TIC_TAC_ART, "utf-8")
    deck_sheet().save(tic / "images" / "deck.png", optimize=True)
    back().save(tic / "images" / "back.png", optimize=True)
    wood().save(tic / "images" / "wood.jpg", quality=85)
    sandbox = folder / "picture-sandbox"
    (sandbox / "images").mkdir(parents=True, exist_ok=True)
    (sandbox / "pack.yaml").write_text(SANDBOX, "utf-8")
    map_image().save(sandbox / "images" / "map.png", optimize=True)
    meeple().save(sandbox / "images" / "meeple.png", optimize=True)
    back().save(sandbox / "images" / "back.png", optimize=True)
    deck_sheet().save(sandbox / "images" / "deck.png", optimize=True)
    moons().save(sandbox / "images" / "moons.png", optimize=True)
    return [tic, sandbox]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    for made in make_packs(Path(sys.argv[1]).expanduser()):
        print(f"wrote {made}")
