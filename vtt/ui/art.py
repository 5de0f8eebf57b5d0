"""The art, drawn sharp at any zoom: one renderer per asset, pixmaps cached per size.

Rendering an SVG for every card on every frame is too slow for 350 cards, and
scaling one big pixmap blurs. So each asset is rendered once per device-pixel
size (rounded up to a size step, never more than a few per cent larger than
needed) and kept in a bounded least-recently-used cache; a zoom change simply
asks for another size.

A pack's own images (``vtt.rules.art``, checked PNG and JPEG files) are assets too,
named ``@pack-id/image``: read once, cut from their sheet, scaled smoothly and cached
the same way. Only the images a pack declares can be named so: a table file from a
stranger reaches no other file. An enforced game's art is ``dressed`` by its pack:
its cards, back, pieces and boards show the pack's images where it gives them.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from vtt.resources import assets_dir
from vtt.rules.art import ART_ASSET, ImageRef, PackArt
from vtt.rules.setups import installed_art
from vtt.table import Board, CardPiece, Counter, Die, Piece, Stack, Token
from vtt.ui.qt import (
    QColor,
    QIcon,
    QImage,
    QPainter,
    QPen,
    QPixmap,
    QRect,
    QRectF,
    QSizeF,
    QSvgRenderer,
    Qt,
)

#: Pixmaps are rendered at sizes that are multiples of this many device pixels.
SIZE_STEP = 8
#: The cache forgets the least recently used pixmaps beyond this many bytes.
CACHE_BYTES = 192 * 1024 * 1024
#: Beyond this many device pixels wide, draw the SVG directly (huge zoom).
DIRECT_WIDTH = 1400


class ArtError(LookupError):
    """An asset that does not exist in the art folder."""


class _Store:
    """What every dressing of one Art shares: renderers, images, packs, the pixmap cache."""

    def __init__(self) -> None:
        self.renderers: dict[str, QSvgRenderer] = {}
        self.images: dict[str, QImage] = {}
        #: The packs whose images may be drawn, by id (None: looked for, not found).
        self.packs: dict[str, PackArt | None] = {}
        self.pixmaps: OrderedDict[tuple[str, int, int], QPixmap] = OrderedDict()
        self.bytes = 0


class Art:
    """Renders named assets (``cards/QL``, ``dice/pip-Jk``, ``bag``, a pack's
    ``@pack-id/image`` ...) into painters."""

    def __init__(self, folder: Path | None = None, store: _Store | None = None) -> None:
        self.folder = folder or assets_dir()
        self._store = store or _Store()
        self._renderers = self._store.renderers
        self._pixmaps = self._store.pixmaps
        #: The pack whose images dress this art (``dressed``), and what each replaces.
        self.pack: PackArt | None = None
        self._dress: dict[str, str] = {}

    def dressed(self, pack: PackArt | None) -> Art:
        """This art as ``pack`` dresses it (its card faces and back replace the Janken
        Deck's), sharing this art's caches; this art itself when ``pack`` is None."""
        if pack is None:
            return self
        self.add_pack(pack)
        art = Art(self.folder, self._store)
        art.pack = pack
        art._dress = {card_asset(card): pack.asset(image) for card, image in pack.cards.items()}
        if pack.back is not None:
            art._dress[card_asset("back")] = pack.asset(pack.back)
        return art

    def add_pack(self, pack: PackArt) -> None:
        """Let the pack's images be drawn (a table laid out from it, a game of it)."""
        if self._store.packs.get(pack.pack) != pack:
            self._store.packs[pack.pack] = pack
            stale = [key for key in self._pixmaps if key[0].startswith(f"@{pack.pack}/")]
            for key in stale:
                del self._pixmaps[key]
                self._store.bytes -= key[1] * key[2] * 4
            for name in [name for name in self._store.images if name.startswith(f"@{pack.pack}/")]:
                del self._store.images[name]

    def piece_look(self, kind: str) -> tuple[str, bool] | None:
        """The dressing pack's picture of a kind of piece and whether it is tinted in
        its owner's colour, or None (the piece is drawn as usual)."""
        look = self.pack.pieces.get(kind) if self.pack is not None else None
        return (self.pack.asset(look.image), look.tint) if self.pack and look else None

    def board_asset(self, zone: str) -> str | None:
        """The dressing pack's image under a grid zone's cells, or None."""
        image = self.pack.boards.get(zone) if self.pack is not None else None
        return self.pack.asset(image) if self.pack is not None and image else None

    def _image_ref(self, asset: str) -> ImageRef | None:
        """The checked image a pack asset (``@pack/image``) names, or None."""
        match = ART_ASSET.fullmatch(asset.split("#", 1)[0])
        if match is None:
            return None
        pack_id, name = match.groups()
        if pack_id not in self._store.packs:
            self._store.packs[pack_id] = installed_art(pack_id)
        pack = self._store.packs[pack_id]
        return pack.images.get(name) if pack is not None else None

    def image(self, asset: str) -> QImage:
        """A pack asset's picture at its own size (read once); ArtError if there is none."""
        found = self._store.images.get(asset)
        if found is None:
            ref = self._image_ref(asset)
            whole = QImage(ref.file) if ref is not None else QImage()
            if whole.isNull():
                raise ArtError(f"no art {asset!r}")
            found = whole.copy(QRect(*ref.box)) if ref is not None and ref.box else whole
            self._store.images[asset] = found
        return found

    def size_of(self, asset: str) -> QSizeF:
        """The asset's own size (an SVG's, or an image's pixels)."""
        asset = self._dress.get(asset, asset)
        if asset.startswith("@"):
            return QSizeF(self.image(asset).size())
        return QSizeF(self.renderer(asset).defaultSize())

    def renderer(self, asset: str) -> QSvgRenderer:
        """The SVG renderer of one asset (loaded once)."""
        found = self._renderers.get(asset)
        if found is None:
            path = self.folder / f"{asset}.svg"
            if not path.exists():
                raise ArtError(f"no art {asset!r} in {self.folder}")
            found = QSvgRenderer(str(path))
            self._renderers[asset] = found
        return found

    def exists(self, asset: str) -> bool:
        """True if the asset is in the art folder, or is one of a known pack's images."""
        asset = self._dress.get(asset, asset)
        if asset.startswith("@"):
            return self._image_ref(asset) is not None
        return asset in self._renderers or (self.folder / f"{asset}.svg").exists()

    def paint(self, painter: QPainter, asset: str, rect: QRectF) -> None:
        """Draw ``asset`` filling ``rect`` (item coordinates), sharp at the painter's scale."""
        asset = self._dress.get(asset, asset)
        scale = device_scale(painter)
        width = rect.width() * scale
        if width > DIRECT_WIDTH or width <= 0:
            if asset.startswith("@"):  # a picture has only so many pixels to show
                pixmap = self.pixmap(asset, DIRECT_WIDTH, DIRECT_WIDTH * rect.height() / width)
                painter.drawPixmap(rect, pixmap, QRectF(pixmap.rect()))
            else:
                self.renderer(asset).render(painter, rect)
            return
        target = _upright_target(painter, rect)
        if target is None:
            pixmap = self.pixmap(asset, width, rect.height() * scale)
            painter.drawPixmap(rect, pixmap, QRectF(pixmap.rect()))
            return
        # Upright (the usual case): blit a pixmap of exactly the device size, unscaled,
        # which is many times faster than a smooth scaled draw.
        ratio = _ratio(painter)
        pixmap = self.exact_pixmap(asset, target.width() * ratio, target.height() * ratio, ratio)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(target.topLeft(), pixmap)
        painter.restore()

    def paint_shadow(self, painter: QPainter, rect: QRectF, radius: float) -> None:
        """A soft shadow the shape of a rounded rectangle (cached like the art)."""
        target = _upright_target(painter, rect)
        if target is None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 70))
            painter.drawRoundedRect(rect, radius, radius)
            return
        ratio = _ratio(painter)
        scale = device_scale(painter)
        key = ("#shadow", round(target.width() * ratio), round(target.height() * ratio))
        pixmap = self._pixmaps.get(key)
        if pixmap is None:
            pixmap = _shadow_pixmap(key[1], key[2], radius * scale, ratio)
            self._keep(key, pixmap)
        painter.save()
        painter.resetTransform()
        painter.drawPixmap(target.topLeft(), pixmap)
        painter.restore()

    def pixmap(self, asset: str, width: float, height: float) -> QPixmap:
        """The asset rendered at (at least) ``width`` x ``height`` device pixels."""
        key = (asset, _step(width), _step(height))
        found = self._pixmaps.get(key)
        if found is not None:
            self._pixmaps.move_to_end(key)
            return found
        pixmap = self._render(asset, key[1], key[2])
        self._keep(key, pixmap)
        return pixmap

    def exact_pixmap(self, asset: str, width: float, height: float, ratio: float) -> QPixmap:
        """The asset rendered at exactly ``width`` x ``height`` device pixels."""
        key = (asset, max(1, round(width)), max(1, round(height)))
        found = self._pixmaps.get(key)
        if found is not None:
            self._pixmaps.move_to_end(key)
            return found
        pixmap = self._render(asset, key[1], key[2])
        pixmap.setDevicePixelRatio(ratio)
        self._keep(key, pixmap)
        return pixmap

    def _keep(self, key: tuple[str, int, int], pixmap: QPixmap) -> None:
        store = self._store
        self._pixmaps[key] = pixmap
        store.bytes += key[1] * key[2] * 4
        while store.bytes > CACHE_BYTES and len(self._pixmaps) > 1:
            (_, w, h), _old = self._pixmaps.popitem(last=False)
            store.bytes -= w * h * 4

    def _render(self, asset: str, width: int, height: int) -> QPixmap:
        if asset.startswith("@"):
            return self._render_image(asset, width, height)
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.renderer(asset).render(painter, QRectF(0, 0, width, height))
        painter.end()
        return QPixmap.fromImage(image)

    def _render_image(self, asset: str, width: int, height: int) -> QPixmap:
        """A pack's image scaled smoothly to ``width`` x ``height`` (a height of 0 keeps
        its shape), tinted when the asset says so (``tinted``)."""
        plain, _, tint = asset.partition("#")
        image = self.image(plain)
        if height <= 0:
            height = max(1, round(width * image.height() / max(1, image.width())))
        scaled = image.convertToFormat(QImage.Format.Format_ARGB32_Premultiplied).scaled(
            width,
            height,
            Qt.AspectRatioMode.IgnoreAspectRatio,
            Qt.TransformationMode.SmoothTransformation,
        )
        if tint:
            painter = QPainter(scaled)
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_Multiply)
            painter.fillRect(scaled.rect(), QColor(tint))
            painter.setCompositionMode(QPainter.CompositionMode.CompositionMode_DestinationIn)
            painter.drawImage(0, 0, image.scaled(width, height))
            painter.end()
        return QPixmap.fromImage(scaled)

    def clear(self) -> None:
        """Forget every cached pixmap."""
        self._pixmaps.clear()
        self._store.bytes = 0


def device_scale(painter: QPainter) -> float:
    """How many device pixels one item unit covers under the painter's transform."""
    t = painter.worldTransform()
    return math.hypot(t.m11(), t.m12()) * _ratio(painter)


def _ratio(painter: QPainter) -> float:
    device = painter.device()
    return device.devicePixelRatioF() if device is not None else 1.0


def _upright_target(painter: QPainter, rect: QRectF) -> QRectF | None:
    """Where ``rect`` lands on the device, snapped to whole pixels, if drawn upright."""
    t = painter.worldTransform()
    if abs(t.m12()) > 1e-9 or abs(t.m21()) > 1e-9 or t.m11() <= 0 or t.m22() <= 0:
        return None
    mapped = t.mapRect(rect)
    return QRectF(
        round(mapped.left()), round(mapped.top()), round(mapped.width()), round(mapped.height())
    )


def _shadow_pixmap(width: int, height: int, radius: float, ratio: float) -> QPixmap:
    """A soft dark rounded rectangle, a little larger than the piece, offset down and right."""
    image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    spread = max(1.0, min(width, height) * 0.03)
    for step in range(4):
        grow = spread * (1 - step / 4)
        painter.setBrush(QColor(0, 0, 0, 22))
        box = QRectF(0, 0, width, height).adjusted(-grow, -grow, grow, grow)
        painter.drawRoundedRect(
            box.adjusted(spread, spread, -spread, -spread).translated(spread * 0.8, spread * 1.2),
            radius + grow,
            radius + grow,
        )
    painter.end()
    pixmap = QPixmap.fromImage(image)
    pixmap.setDevicePixelRatio(ratio)
    return pixmap


def _step(pixels: float) -> int:
    return max(SIZE_STEP, math.ceil(pixels / SIZE_STEP) * SIZE_STEP)


def tinted(asset: str, colour: str) -> str:
    """A pack image drawn in a seat's colour (``#rrggbb``): the image multiplied by it."""
    return f"{asset}#{colour}"


def card_asset(face: str) -> str:
    """The asset of a card face or back (``QL`` -> ``cards/QL``; a pack's image as it is)."""
    return face if face.startswith("@") else f"cards/{face}"


def die_asset(die: Die) -> str:
    """The asset of the face a die shows."""
    return die_face_asset(die.style, die.shown)


def die_face_asset(style: str, face: str) -> str:
    """The asset of one face of a die in a style (``pip``, ``rank-R`` ...)."""
    if style == "pip":
        return f"dice/pip-{face}"
    if style.startswith("@"):  # a pack's own die: its faces are the pack's images
        return f"{style}/{face}"
    return f"dice/{style}-{face}"


def missing_art(art: Art, pieces: Iterable[Piece]) -> str | None:
    """What of ``pieces`` has no art to paint it with (a table from a stranger's file),
    or None when all of it can be painted."""
    for piece in pieces:
        if isinstance(piece, CardPiece):
            assets = [card_asset(piece.face), card_asset(piece.back)]
        elif isinstance(piece, Die):
            assets = [die_face_asset(piece.style, face) for face in piece.faces]
        elif isinstance(piece, Token):
            assets = [token_asset(piece.face)]
        elif isinstance(piece, Board):
            assets = [piece.image]
        else:
            continue
        for asset in assets:
            if not art.exists(asset):
                return f"the piece {piece.id!r} has no art {asset!r}"
    return None


def token_asset(face: str) -> str:
    """The asset of a token's face: the shipped ``tokens/...``, or a pack's image."""
    return face if face.startswith("@") else f"tokens/{face}"


def piece_asset(piece: Piece) -> str:
    """The asset a loose piece shows on the table (a stack shows its top card's side)."""
    if isinstance(piece, CardPiece):
        return card_asset(piece.face if piece.face_up else piece.back)
    if isinstance(piece, Die):
        return die_asset(piece)
    if isinstance(piece, Token):
        return token_asset(piece.face)
    if isinstance(piece, Board):
        return piece.image
    if isinstance(piece, Counter):
        return "counter"
    if isinstance(piece, Stack):
        raise ArtError("a stack shows its top card; ask for that card's asset")
    return "bag"


@cache
def palette() -> dict[str, object]:
    """The colours of the art (suits, seats, felt), from assets/palette.json."""
    data: dict[str, object] = json.loads((assets_dir() / "palette.json").read_text("utf-8"))
    return data


#: Seat colours darker or lighter than these (HSL lightness, 0-255) get a ring or a
#: ground of contrast, so their dots show on the dark wood and on any panel.
DARK_DOT, LIGHT_DOT = 80, 200


def dot_edge(colour: QColor) -> QColor:
    """The ring round a seat's dot: light round a dark colour (Black on the dark wood
    and felt), dark round any other."""
    if colour.lightness() < DARK_DOT:
        return QColor(255, 255, 255, 200)
    return QColor(0, 0, 0, 90)


def swatch(colour: str) -> QIcon:
    """A round spot of a colour, for menus and lists of colours."""
    picture = QPixmap(16, 16)
    picture.fill(QColor(0, 0, 0, 0))
    painter = QPainter(picture)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(QColor(255, 255, 255, 160), 1))
    painter.setBrush(QColor(colour))
    painter.drawEllipse(1, 1, 14, 14)
    painter.end()
    return QIcon(picture)


def felt_colour() -> QColor:
    """The table felt's colour."""
    return QColor(str(palette().get("felt", "#1f5e3b")))
