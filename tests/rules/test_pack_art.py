"""A pack's own images (art:): each refused image is an error naming the file and line."""

from __future__ import annotations

import os
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from vtt.rules import art
from vtt.rules.art import check_image
from vtt.rules.commands import validate_command
from vtt.rules.loader import check_pack
from vtt.rules.setups import load_setup

#: A setup pack naming one image, ``picture``, on line 6.
PACK = """\
id: art-check
name: Art check
kind: setup
art:
  images:
    picture: {file}
table:
  objects:
    - {{token: t, face: picture}}
"""


def pack_with(folder: Path, file: str) -> Path:
    (folder / "pack.yaml").write_text(PACK.format(file=file), "utf-8")
    return folder


def problems(folder: Path) -> list[str]:
    return [str(d) for d in check_pack(folder).diagnostics]


def png(path: Path, size: tuple[int, int] = (8, 8), colour: str = "red") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)
    return path


def huge_png(path: Path, width: int, height: int) -> None:
    """A small file saying it is a very large image (its pixels compress to nothing)."""
    row = b"\x00" + b"\x00" * width
    data = zlib.compress(row * height, 9)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")
    )


def truncated(path: Path) -> None:
    png(path, (64, 64), "blue")
    Image.effect_noise((64, 64), 90).save(path)  # noise: the pixels fill the file
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def test_a_good_image_passes_and_dresses_the_table(tmp_path: Path) -> None:
    png(tmp_path / "images" / "meeple.png", (12, 20))
    folder = pack_with(tmp_path, "images/meeple.png")
    checked = check_pack(folder)
    assert checked.ok, checked.diagnostics
    assert checked.spec is not None and checked.spec.art is not None
    assert checked.spec.art.images["picture"].size == (12, 20)
    table = load_setup(folder).new_table(2)
    assert table.objects["t"].face == "@art-check/picture"  # type: ignore[attr-defined]
    assert check_image(tmp_path / "images" / "meeple.png") is None
    assert check_image("images/meeple.png", tmp_path) is None


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda p: p.write_text("<svg xmlns='http://www.w3.org/2000/svg'/>"), "an SVG picture"),
        (lambda p: Image.new("RGB", (4, 4)).save(p, format="GIF"), "GIF, BMP, WebP or TIFF"),
        (lambda p: p.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 8000), "broken"),
        (truncated, "broken"),
        (lambda p: huge_png(p, 5000, 5000), "too large (5000 x 5000 pixels"),
        (lambda p: huge_png(p, 9000, 10), "too large (9000 x 10 pixels"),
    ],
    ids=["svg", "gif", "corrupt", "truncated", "pixels", "side"],
)
def test_a_broken_image_is_an_error_at_its_line(tmp_path: Path, make, said: str) -> None:
    make(tmp_path / "picture.png")
    found = problems(pack_with(tmp_path, "picture.png"))
    assert len(found) == 1, found
    assert found[0].startswith(f"{tmp_path / 'pack.yaml'}:6:5 (art.images.picture): ")
    assert "the image 'picture.png' cannot be used" in found[0] and said in found[0]
    assert said in (check_image(tmp_path / "picture.png") or "")


def test_a_file_too_large_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    png(tmp_path / "picture.png", (40, 40))
    monkeypatch.setattr(art, "MAX_IMAGE_BYTES", 50)
    found = problems(pack_with(tmp_path, "picture.png"))
    assert len(found) == 1 and ":6:5 (art.images.picture)" in found[0]
    assert "the file is too large" in found[0] and "at most 50)" in found[0]


@pytest.mark.parametrize(
    ("file", "said"),
    [
        ("../outside.png", "leaves the pack folder"),
        ("images/../../outside.png", "leaves the pack folder"),
        ("/etc/passwd", "an absolute path"),
        ("nothing.png", "there is no such file"),
    ],
)
def test_a_path_must_stay_inside_the_pack(tmp_path: Path, file: str, said: str) -> None:
    png(tmp_path / "outside.png")
    folder = tmp_path / "pack"
    folder.mkdir()
    found = problems(pack_with(folder, file))
    assert len(found) == 1 and ":6:5 (art.images.picture)" in found[0], found
    assert said in found[0]


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_link_is_refused_even_to_a_good_image(tmp_path: Path) -> None:
    good = png(tmp_path / "elsewhere" / "good.png")
    folder = tmp_path / "pack"
    (folder / "images").mkdir(parents=True)
    (folder / "images" / "picture.png").symlink_to(good)
    (folder / "linked").symlink_to(good.parent, target_is_directory=True)
    for file in ("images/picture.png", "linked/good.png"):
        found = problems(pack_with(folder, file))
        assert len(found) == 1 and ":6:5 (art.images.picture)" in found[0], found
        assert "is a link" in found[0]
    assert "is a link" in (check_image("images/picture.png", folder) or "")


def test_vtt_validate_names_the_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "picture.png").write_text("<svg/>")
    assert validate_command([str(pack_with(tmp_path, "picture.png"))]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path / 'pack.yaml'}:6:5 (art.images.picture): the image 'picture.png'" in err


SHEETS = """\
id: sheet-game
name: Sheet game
kind: setup
art:
  folders: [faces]
  sheets:
    - {sheet: deck.png, grid: [14, 5], names: deck}
    - {sheet: dice.png, grid: [3, 2], names: [d1, d2, d3, d4, d5, d6, d7]}
  cards: {faces: named, back: AR}
table:
  objects:
    - {board: map, image: nowhere}
"""


def test_sheets_and_folders_are_cut_and_named(tmp_path: Path) -> None:
    png(tmp_path / "deck.png", (140, 100))
    png(tmp_path / "dice.png", (30, 20))
    png(tmp_path / "faces" / "meeple.png")
    png(tmp_path / "faces" / "bad name.png")
    (tmp_path / "pack.yaml").write_text(SHEETS, "utf-8")
    checked = check_pack(tmp_path)
    found = [f"{d.line}: {d.message}" for d in checked.diagnostics]
    assert found == [
        "5: 'bad name.png' in 'faces' cannot name an image: a name is letters, digits, '-' and '_'",
        "8: 7 names for a grid of 6 cells",
        "12: there is no image 'nowhere' in the pack's art",
    ]
    assert checked.spec is not None and checked.spec.art is not None
    images = checked.spec.art.images
    # The Janken deck in printed order, a suit a row: AR ... KR, JkR; AP ...
    assert images["AR"].box == (0, 0, 10, 20) and images["JkR"].box == (130, 0, 10, 20)
    assert images["AL"].box == (0, 80, 10, 20) and images["meeple"].size == (8, 8)
    assert checked.spec.art.cards["10W"] == "10W" and len(checked.spec.art.cards) == 70


GAME_ART = """
art:
  images: {pawn: pawn.png}
  pieces: {R: {image: pawn, tint: seat}, Q: pawn}
  boards: {reserve: pawn, board: pawn}
  cards: {faces: {AR: pawn, ZZ: pawn}}
"""


def test_a_game_pack_names_only_its_own_pieces_and_grids(tmp_path: Path) -> None:
    text = (Path(__file__).parents[2] / "rulesets/jantori/pack.yaml").read_text("utf-8")
    (tmp_path / "pack.yaml").write_text(text + GAME_ART, "utf-8")
    png(tmp_path / "pawn.png")
    messages = [d.message for d in check_pack(tmp_path).diagnostics]
    assert messages == [
        "'ZZ' is not a card: it must end in a suit letter R, P, S, W or L",
        "there is no piece 'Q' in the pack; its pieces are: P, R, S",
        "'reserve' is not a zone with a grid; the grid zones are: board",
    ], messages
