"""A pack's own pictures (``art:``): which images it brings, checked, and what they dress.

A pack may bring PNG or JPEG images in its folder: one file per name, every image of
a folder, or one sheet cut into a grid of equal cells. They dress its cards (faces
and back), its pieces, its grid zones (a board under the cells) and, on a free
table, its dice, tokens and boards (``vtt.table.layout``).

Images come from strangers, so each is checked before anything draws it
(``check_image``): PNG or JPEG only (an SVG may refer to other files), at most
``MAX_IMAGE_BYTES`` on disk and ``MAX_PIXELS`` pixels (``MAX_SIDE`` a side), the
whole file decodes, and its path stays inside the pack folder (no ``..``, no
absolute path, no link on the way). A broken image is a ``PackError`` at the line
that names it.

This layer only reads files and headers (Pillow); the window draws the images
(``vtt.ui.art``), naming each as the asset ``@<pack id>/<image>`` (``asset_name``).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath
from typing import Any

from PIL import Image, UnidentifiedImageError

from vtt.janken import Card, NotationError, deck
from vtt.rules.errors import PackError, Where

__all__ = [
    "ART_ASSET",
    "MAX_IMAGES",
    "MAX_IMAGE_BYTES",
    "MAX_PIXELS",
    "MAX_SIDE",
    "ImageProblem",
    "ImageRef",
    "PackArt",
    "PieceLook",
    "asset_name",
    "check_image",
    "image_size",
    "read_art",
]

#: The most bytes one image file may hold.
MAX_IMAGE_BYTES = 4 * 1024 * 1024
#: The most pixels one image may have, and the longest side.
MAX_PIXELS = 4096 * 4096
MAX_SIDE = 8192
#: The most images (files, and cells of sheets) a pack may bring.
MAX_IMAGES = 400
#: What a pack's image is called where a table names its art: ``@pack-id/image``.
ART_ASSET = re.compile(r"@([a-z0-9][a-z0-9_-]{0,63})/([A-Za-z0-9][A-Za-z0-9_-]{0,39})")
_FORMATS = {b"\x89PNG\r\n\x1a\n": "PNG", b"\xff\xd8\xff": "JPEG"}
_SUFFIXES = (".png", ".jpg", ".jpeg")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")


class ImageProblem(ValueError):
    """An image file that may not be drawn, and why (one plain sentence)."""


@dataclass(frozen=True)
class ImageRef:
    """One of a pack's images: its file (absolute), the cell of it drawn (x, y, width,
    height in pixels; the whole image when None) and its size in pixels."""

    file: str
    box: tuple[int, int, int, int] | None
    size: tuple[int, int]


@dataclass(frozen=True)
class PieceLook:
    """The picture of a kind of piece, tinted in its owner's colour or drawn as it is."""

    image: str
    tint: bool = False


@dataclass(frozen=True)
class PackArt:
    """A pack's images by name and what they dress. Plain data (it travels with a Game
    to worker processes); ``asset(name)`` is how the window names an image."""

    pack: str
    images: dict[str, ImageRef] = field(default_factory=dict)
    #: Card notation (``AR``, ``JkS``) to image, and the back's image.
    cards: dict[str, str] = field(default_factory=dict)
    back: str | None = None
    pieces: dict[str, PieceLook] = field(default_factory=dict)
    #: A grid zone's name to the image drawn under its cells.
    boards: dict[str, str] = field(default_factory=dict)

    def asset(self, image: str) -> str:
        """The asset name of one of the pack's images."""
        return asset_name(self.pack, image)


def asset_name(pack: str, image: str) -> str:
    """``@pack/image``: a pack's image as a table or a game names its art."""
    return f"@{pack}/{image}"


def check_image(path: Path | str, folder: Path | str | None = None) -> str | None:
    """What is wrong with an image a pack brings (one sentence), or None when it may be
    drawn. With ``folder``, ``path`` (relative to it, or inside it) must stay inside it
    with no link on the way. Used by the pack check and by a pack's import."""
    try:
        if folder is not None:
            path = inside(Path(folder), PurePosixPath(Path(path).as_posix()))
        image_size(Path(path))
    except ImageProblem as problem:
        return str(problem)
    return None


def inside(folder: Path, relative: PurePosixPath) -> Path:
    """``folder / relative`` when it stays inside ``folder`` without a link on the way;
    ImageProblem otherwise."""
    if relative.is_absolute() or re.match(r"[A-Za-z]:", str(relative)):
        raise ImageProblem("an absolute path: a pack's images are inside its folder")
    if ".." in relative.parts:
        raise ImageProblem("the path leaves the pack folder ('..'): images are inside it")
    path = folder
    for part in relative.parts:
        path = path / part
        if path.is_symlink():
            raise ImageProblem(f"'{path.name}' is a link: a pack's images are plain files")
    return path


def image_size(path: Path) -> tuple[int, int]:
    """The width and height of an image file that passes every check; ImageProblem
    saying what is wrong otherwise (read once per version of the file)."""
    try:
        stat = path.stat()
    except OSError:
        raise ImageProblem("there is no such file") from None
    if not path.is_file():
        raise ImageProblem("this is not a file")
    if stat.st_size > MAX_IMAGE_BYTES:
        raise ImageProblem(
            f"the file is too large ({stat.st_size:,} bytes; an image may hold at most "
            f"{MAX_IMAGE_BYTES:,})"
        )
    return _checked_size(str(path), stat.st_size, stat.st_mtime_ns)


@lru_cache(maxsize=1024)
def _checked_size(path: str, _bytes: int, _mtime: int) -> tuple[int, int]:
    with open(path, "rb") as file:
        head = file.read(16)
        kind = next((name for magic, name in _FORMATS.items() if head.startswith(magic)), None)
        if kind is None:
            raise ImageProblem(f"{_kind_of(head)}: an image must be a PNG or a JPEG file")
        file.seek(0)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", Image.DecompressionBombWarning)
                with Image.open(file, formats=[kind]) as image:
                    width, height = image.size
                    if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
                        raise ImageProblem(
                            f"the image is too large ({width} x {height} pixels; at most "
                            f"{MAX_PIXELS:,} pixels and {MAX_SIDE} a side)"
                        )
                    image.load()  # decodes it all: a truncated or corrupt file fails here
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise ImageProblem("the image is too large (too many pixels)") from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
            if isinstance(error, ImageProblem):
                raise
            raise ImageProblem(f"the {kind} file is broken and cannot be read ({error})") from None
    if width < 1 or height < 1:
        raise ImageProblem("the image has no pixels")
    return width, height


def _kind_of(head: bytes) -> str:
    """What a file that is no PNG or JPEG seems to be, from its first bytes."""
    text = head.lstrip().lower()
    if text.startswith((b"<svg", b"<?xml")):
        return "this is an SVG picture, which may refer to other files"
    if head.startswith((b"GIF8", b"BM", b"RIFF", b"II*\x00", b"MM\x00*")):
        return "this is a GIF, BMP, WebP or TIFF picture"
    return "this is not an image this program reads"


class _Reader:
    """Reads an ``art:`` section, collecting every problem at its line."""

    def __init__(
        self, data: Mapping[str, Any], folder: Path, where: Callable[[tuple[Any, ...]], Where]
    ) -> None:
        self.data = data
        self.folder = folder
        self.where = where
        self.errors: list[PackError] = []
        self.images: dict[str, ImageRef] = {}

    def fail(self, message: str, path: tuple[Any, ...]) -> None:
        self.errors.append(PackError(message, self.where(("art", *path))))

    def image(self, text: str, path: tuple[Any, ...]) -> tuple[str, tuple[int, int]] | None:
        """The checked file a path names and its size, or None (the problem noted)."""
        try:
            file = inside(self.folder, PurePosixPath(text))
            return str(file), image_size(file)
        except ImageProblem as problem:
            self.fail(f"the image '{text}' cannot be used: {problem}", path)
            return None

    def add(self, name: str, ref: ImageRef, path: tuple[Any, ...]) -> None:
        if name in self.images:
            self.fail(f"there are two images named '{name}'", path)
        elif len(self.images) >= MAX_IMAGES:
            self.fail(f"too many images: a pack may bring at most {MAX_IMAGES}", path)
        else:
            self.images[name] = ref

    def files(self) -> None:
        for name, text in self.data.get("images", {}).items():
            found = self.image(str(text), ("images", name))
            if found is not None:
                self.add(str(name), ImageRef(found[0], None, found[1]), ("images", name))

    def folders(self) -> None:
        for index, text in enumerate(self.data.get("folders", [])):
            path = ("folders", index)
            try:
                folder = inside(self.folder, PurePosixPath(str(text)))
            except ImageProblem as problem:
                self.fail(f"the folder '{text}' cannot be used: {problem}", path)
                continue
            if not folder.is_dir():
                self.fail(f"there is no folder '{text}' in the pack", path)
                continue
            for file in sorted(folder.iterdir()):
                if file.suffix.lower() not in _SUFFIXES:
                    continue
                if not _NAME.fullmatch(file.stem):
                    self.fail(
                        f"'{file.name}' in '{text}' cannot name an image: a name is letters, "
                        "digits, '-' and '_'",
                        path,
                    )
                    continue
                found = self.image(f"{PurePosixPath(str(text)) / file.name}", path)
                if found is not None:
                    self.add(file.stem, ImageRef(found[0], None, found[1]), path)

    def sheets(self) -> None:
        for index, raw in enumerate(self.data.get("sheets", [])):
            path = ("sheets", index)
            found = self.image(str(raw["sheet"]), (*path, "sheet"))
            if found is None:
                continue
            (width, height), (cols, rows) = found[1], raw["grid"]
            cw, ch = width // cols, height // rows
            if cw < 1 or ch < 1:
                self.fail(f"the sheet is {width} x {height} pixels: too small to cut", path)
                continue
            names = raw["names"]
            if names == "deck":
                names = [str(card) for card in deck()][: cols * rows]
            elif len(names) > cols * rows:
                self.fail(f"{len(names)} names for a grid of {cols * rows} cells", (*path, "names"))
                continue
            for cell, name in enumerate(names):
                box = ((cell % cols) * cw, (cell // cols) * ch, cw, ch)
                self.add(str(name), ImageRef(found[0], box, (cw, ch)), (*path, "names"))

    def known(self, name: object, path: tuple[Any, ...]) -> str | None:
        """``name`` when it is one of the pack's images, else None (the problem noted)."""
        if str(name) in self.images:
            return str(name)
        self.fail(f"there is no image '{name}' in the pack's art", path)
        return None

    def cards(self) -> tuple[dict[str, str], str | None]:
        raw = self.data.get("cards", {})
        faces: dict[str, str] = {}
        if raw.get("faces") == "named":
            faces = {str(c): str(c) for c in deck() if str(c) in self.images}
            if not faces:
                self.fail("no image is named after a card (AR, 10P, JkS ...)", ("cards", "faces"))
        elif isinstance(raw.get("faces"), dict):
            for text, image in raw["faces"].items():
                path = ("cards", "faces", text)
                try:
                    card = str(Card.parse(str(text)))
                except NotationError as error:
                    self.fail(str(error), path)
                    continue
                if self.known(image, path) is not None:
                    faces[card] = str(image)
        back = self.known(raw["back"], ("cards", "back")) if "back" in raw else None
        return faces, back

    def pieces(self, kinds: frozenset[str] | None) -> dict[str, PieceLook]:
        found: dict[str, PieceLook] = {}
        for kind, raw in self.data.get("pieces", {}).items():
            path = ("pieces", kind)
            if kinds is not None and kind not in kinds:
                known = ", ".join(sorted(kinds)) or "none"
                self.fail(f"there is no piece '{kind}' in the pack; its pieces are: {known}", path)
                continue
            look = raw if isinstance(raw, dict) else {"image": raw}
            if self.known(look["image"], path) is not None:
                found[str(kind)] = PieceLook(str(look["image"]), look.get("tint") == "seat")
        return found

    def boards(self, grids: frozenset[str] | None) -> dict[str, str]:
        found: dict[str, str] = {}
        for zone, image in self.data.get("boards", {}).items():
            path = ("boards", zone)
            if grids is not None and zone not in grids:
                known = ", ".join(sorted(grids)) or "none"
                self.fail(f"'{zone}' is not a zone with a grid; the grid zones are: {known}", path)
                continue
            if self.known(image, path) is not None:
                found[str(zone)] = str(image)
        return found


def read_art(
    pack: str,
    data: Mapping[str, Any],
    folder: Path,
    where: Callable[[tuple[Any, ...]], Where],
    *,
    pieces: frozenset[str] | None = None,
    grids: frozenset[str] | None = None,
) -> tuple[PackArt, list[PackError]]:
    """The ``art:`` section ``data`` (already checked by the schema) of the pack ``pack``
    in ``folder``, its images checked, and every problem (``where`` gives the place of
    a key path in the file). ``pieces`` and ``grids`` are the pack's kinds of piece and
    grid zones (None: not checked, a setup pack has none)."""
    reader = _Reader(data, folder, where)
    reader.files()
    reader.folders()
    reader.sheets()
    faces, back = reader.cards()
    art = PackArt(
        pack,
        reader.images,
        faces,
        back,
        reader.pieces(pieces),
        reader.boards(grids),
    )
    return art, reader.errors
