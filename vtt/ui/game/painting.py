"""How the table of an enforced game is drawn: its colours and letters, the seats'
colours and dots, the looks kept as pictures (``draw_kept``), and the boards' frames,
lines and names and the lines a pack writes on the table.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from functools import cache

from vtt.rules.shown import shown_name
from vtt.ui.art import DARK_DOT, LIGHT_DOT, Art, palette
from vtt.ui.game.places import EDGE, LABEL_PX, Grid, in_two_lines
from vtt.ui.qt import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPen,
    QPixmap,
    QPointF,
    QRectF,
    Qt,
)

OUTLINE = QColor(255, 255, 255, 90)
LABEL = QColor(255, 255, 255, 200)
#: The letters of the lines a pack writes on the table (``on_table``), in table units.
TABLE_LINE_PX = 26.0
LEGAL = QColor(120, 255, 140)
RECENT = QColor(255, 215, 94, 190)  # the places the last move changed
#: A seat's marker on a cell: its ring's width, and the tag in the cell's corner.
MARKER_PEN, MARKER_TAG = 7.0, 20.0
#: A move built on the table: the card aimed at, the cards chosen, those that can join.
AIMED, CHOSEN = QColor(255, 110, 80), QColor(255, 215, 94)
#: The tally under the card aimed at: its letters and its room, in table units.
TALLY_PX, TALLY_H = 19, 32.0
#: Room left around the table when it is fitted to the view.
FIT_MARGIN = 24.0
#: A face being dragged or sliding lies above every other.
LIFTED_Z = 1000.0
#: A moment of a move's aftermath (War's two cards side by side before the winner takes
#: them) stays in view this many slides' time after its cards arrive.
MOMENT_HOLD = 1.2
#: The ground of a seat's dot in the side panel when its colour is too dark or too light.
DOT_GROUND = "#8c8c8c"
#: The plate naming who played a card (a trick's), in table units: its height, letters.
PLAYER_H, PLAYER_PX = 30.0, 20
#: The veil over a card of the hand that cannot be played now.
BARRED = QColor(24, 16, 10, 120)
#: How far a card picked in the hand (one of three to pass) stands up from the others.
PICK_LIFT = 16.0
#: The hand area's height in pixels (as the free table's hand bar).
HAND_HEIGHT = 190


def player_font() -> QFont:
    """The letters of the plate naming who played a card."""
    font = QFont(label_font())
    font.setPixelSize(PLAYER_PX)
    font.setBold(True)
    return font


def seat_colour(seat: int, chosen: Sequence[str] = ()) -> QColor:
    """The colour of a seat (its ring on pieces, its marker on the board): the one
    chosen for it in ``chosen`` (``#rrggbb``), else the art's colour for that seat."""
    if 0 <= seat < len(chosen) and chosen[seat]:
        return QColor(chosen[seat])
    colours = palette()["seats"]
    assert isinstance(colours, list)
    return QColor(str(colours[seat % len(colours)]))


def status_dot(colour: QColor) -> str:
    """A seat's dot for the rich text of the side panel: on a grey ground when the colour
    is so dark or so light (Black, White) that a dark or a light panel would hide it."""
    if DARK_DOT <= colour.lightness() <= LIGHT_DOT:
        return f'<span style="color:{colour.name()}">●</span>'
    ground = f"background-color:{DOT_GROUND}; color:{colour.name()}"
    return f'<span style="{ground}">&nbsp;●&nbsp;</span>'


@cache
def label_font(letters: float = 1.0) -> QFont:
    """The letters of the places' labels (table units: they grow with the zoom), drawn
    ``letters`` times their usual size (a large table's, see ``Layout.letters``)."""
    font = QFont("Sans Serif")
    font.setPixelSize(round(LABEL_PX * letters))
    return font


def measure(text: str) -> float:
    """How wide ``text`` is in the labels' letters, in table units, with room to spare:
    drawn small (the table zoomed out), hinted letters come out a little wider."""
    return QFontMetricsF(label_font()).horizontalAdvance(text) * 1.1


def qrect(rect: tuple[float, float, float, float]) -> QRectF:
    return QRectF(*rect)


#: Looks already drawn, by what they show and their size in device pixels, most recent
#: last. The board is built anew after every move; its places and faces mostly look as
#: they did, so drawing them is copying a picture, not antialiasing outlines and art.
_SPRITES: OrderedDict[tuple[Hashable, int, int], QPixmap] = OrderedDict()
#: At most this many pixels are kept (4 bytes each), the least recently drawn go first.
SPRITE_PIXELS = 8_000_000


def draw_kept(
    painter: QPainter, look: Hashable, area: QRectF, draw: Callable[[QPainter], None]
) -> None:
    """Draw ``area`` as ``draw`` would, from a picture kept for ``look`` at this scale.

    ``look`` must name everything ``draw`` shows; ``draw`` paints in item coordinates
    and inside ``area``. A rotated or sheared view is drawn directly."""
    transform = painter.worldTransform()
    if transform.m12() or transform.m21():
        draw(painter)
        return
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    width = max(1, math.ceil(area.width() * abs(transform.m11()) * ratio))
    height = max(1, math.ceil(area.height() * abs(transform.m22()) * ratio))
    key = (look, width, height)
    picture = _SPRITES.get(key)
    if picture is None:
        # Drawn on an image with the device's resolution, so text comes out the same size.
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        if device is not None:
            image.setDotsPerMeterX(round(device.logicalDpiX() / 0.0254))
            image.setDotsPerMeterY(round(device.logicalDpiY() / 0.0254))
        image.fill(Qt.GlobalColor.transparent)
        inner = QPainter(image)
        inner.setRenderHint(QPainter.RenderHint.Antialiasing)
        inner.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        inner.scale(width / area.width(), height / area.height())
        inner.translate(-area.x(), -area.y())
        draw(inner)
        inner.end()
        picture = QPixmap.fromImage(image)
        _SPRITES[key] = picture
        kept = sum(w * h for _, w, h in _SPRITES)
        while kept > SPRITE_PIXELS and len(_SPRITES) > 1:
            (_, w, h), _ = _SPRITES.popitem(last=False)
            kept -= w * h
    else:
        _SPRITES.move_to_end(key)
    if transform.m11() > 0 and transform.m22() > 0:
        # Copied pixel for pixel at a whole pixel: stretched to the area's fractional size,
        # a picture would lose the one-pixel columns of thin letters when zoomed out.
        corner = transform.map(area.topLeft())
        painter.save()
        painter.resetTransform()
        picture.setDevicePixelRatio(ratio)
        painter.drawPixmap(QPointF(round(corner.x()), round(corner.y())), picture)
        painter.restore()
        return
    painter.drawPixmap(area, picture, QRectF(0, 0, width, height))


def paint_board(
    painter: QPainter, grid: Grid, art: Art | None = None, image: str | None = None
) -> None:
    """A board on the felt: a wooden frame, its cells (or, for a grid drawn as lines,
    the lines through them, as on a go board), and the names of its columns (below)
    and rows (to the left) on its edge. With a pack's ``image``, the image lies in
    the frame under the cells' lines."""
    x, y, w, h = grid.rect
    cells = QRectF(x, y, w, h)
    if grid.caption:
        painter.setFont(label_font(grid.letters))
        painter.setPen(LABEL)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(qrect(grid.caption_rect), align, shown_name(grid.caption))
    if art is not None and image:
        painter.setPen(QPen(QColor("#2e1d10"), 2))
        painter.setBrush(QColor("#5a3720"))
        painter.drawRoundedRect(cells.adjusted(-9, -9, 9, 9), 10, 10)
        art.paint(painter, image, cells)
        painter.setPen(QPen(QColor(0, 0, 0, 60), 1))
        cw, ch = w / grid.cols, h / grid.rows
        for col in range(1, grid.cols):
            painter.drawLine(QPointF(x + col * cw, y), QPointF(x + col * cw, y + h))
        for row in range(1, grid.rows):
            painter.drawLine(QPointF(x, y + row * ch), QPointF(x + w, y + row * ch))
        _paint_names(painter, grid)
        return
    if grid.look == "lines":
        _paint_lines(painter, grid)
        _paint_names(painter, grid)
        return
    painter.setPen(QPen(QColor("#2e1d10"), 2))
    frame = QLinearGradient(cells.topLeft(), cells.bottomRight())
    frame.setColorAt(0.0, QColor("#8a5a33"))
    frame.setColorAt(1.0, QColor("#5a3720"))
    painter.setBrush(frame)
    painter.drawRoundedRect(cells.adjusted(-9, -9, 9, 9), 10, 10)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#184d31"))
    painter.drawRect(cells)
    painter.setPen(QPen(QColor(255, 255, 255, 70), 1.5))
    cw, ch = w / grid.cols, h / grid.rows
    for col in range(1, grid.cols):
        painter.drawLine(QPointF(x + col * cw, y), QPointF(x + col * cw, y + h))
    for row in range(1, grid.rows):
        painter.drawLine(QPointF(x, y + row * ch), QPointF(x + w, y + row * ch))
    _paint_names(painter, grid)


def _paint_lines(painter: QPainter, grid: Grid) -> None:
    """A go board: light wood, a line through each row and column of cells, and the
    star points a go board of that size has."""
    x, y, w, h = grid.rect
    cw, ch = w / grid.cols, h / grid.rows
    painter.setPen(QPen(QColor("#2e1d10"), 2))
    wood = QLinearGradient(QPointF(x, y), QPointF(x + w, y + h))
    wood.setColorAt(0.0, QColor("#e4bf79"))
    wood.setColorAt(1.0, QColor("#c99a52"))
    painter.setBrush(wood)
    painter.drawRoundedRect(QRectF(x, y, w, h).adjusted(-9, -9, 9, 9), 10, 10)
    painter.setPen(QPen(QColor(40, 26, 12), 1.6))
    left, right = x + cw / 2, x + w - cw / 2
    top, bottom = y + ch / 2, y + h - ch / 2
    for col in range(grid.cols):
        painter.drawLine(QPointF(left + col * cw, top), QPointF(left + col * cw, bottom))
    for row in range(grid.rows):
        painter.drawLine(QPointF(left, top + row * ch), QPointF(right, top + row * ch))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(40, 26, 12))
    radius = min(cw, ch) * 0.07
    for col, row in star_points(grid.cols, grid.rows):
        centre = QPointF(left + col * cw, bottom - row * ch)
        painter.drawEllipse(centre, radius, radius)


def star_points(cols: int, rows: int) -> tuple[tuple[int, int], ...]:
    """The column and row (from 0, bottom left) of a go board's star points: the corner
    points two lines in (three on 12 lines and more), the centre on an odd board, and on
    15 lines and more the middles of the sides.

    >>> star_points(9, 9)
    ((2, 2), (2, 6), (4, 4), (6, 2), (6, 6))
    """
    if min(cols, rows) < 7:
        return ()
    inset = 3 if min(cols, rows) >= 12 else 2
    xs = [inset, cols - 1 - inset]
    ys = [inset, rows - 1 - inset]
    if cols % 2 and cols >= 15:
        xs.append(cols // 2)
    if rows % 2 and rows >= 15:
        ys.append(rows // 2)
    points = {(c, r) for c in xs for r in ys}
    if cols % 2 and rows % 2:
        points.add((cols // 2, rows // 2))
    return tuple(sorted(points))


def _paint_names(painter: QPainter, grid: Grid) -> None:
    """The names of the columns below the board and of the rows to its left."""
    x, y, w, h = grid.rect
    cw, ch = w / grid.cols, h / grid.rows
    font = QFont(label_font(grid.letters))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(LABEL)
    centre = Qt.AlignmentFlag.AlignCenter
    # The edge is EDGE wide (scaled with the letters), the frame 9 of it.
    edge = EDGE * grid.letters
    for col, name in enumerate(grid.columns):
        painter.drawText(QRectF(x + col * cw, y + h + 9, cw, edge - 8), centre, name)
    for row, name in enumerate(grid.row_names):
        top = y + (grid.rows - 1 - row) * ch
        painter.drawText(QRectF(x - edge - 2, top, edge - 8, ch), centre, name)


def table_text(text: str, width: float) -> tuple[QFont, tuple[str, ...]]:
    """A line a pack writes on the table as drawn in ``width``: its letters, and its
    text in one line, or broken in two when it is too wide, drawn smaller only when the
    two are too wide still, and cut short with an ellipsis as a last resort."""
    font = QFont(label_font())
    font.setBold(True)
    size = TABLE_LINE_PX
    while True:
        font.setPixelSize(round(size))
        metrics = QFontMetricsF(font)
        parts = in_two_lines(text, width, metrics.horizontalAdvance)
        if size <= LABEL_PX * 0.75 or max(map(metrics.horizontalAdvance, parts)) <= width:
            break
        size -= 1
    elide = Qt.TextElideMode.ElideRight
    return font, tuple(metrics.elidedText(part, elide, width) for part in parts)


def paint_lines(painter: QPainter, strip: QRectF, lines: Sequence[str]) -> None:
    """The pack's lines of text, one under the other in the strip kept for them, centred
    (each broken in two when it is too wide for the felt, see :func:`table_text`)."""
    height, width = strip.height() / max(1, len(lines)), strip.width()
    painter.setPen(LABEL)
    for index, line in enumerate(lines):
        font, parts = table_text(shown_name(line), width)
        painter.setFont(font)
        row = QRectF(strip.left(), strip.top() + index * height, width, height)
        painter.drawText(row, Qt.AlignmentFlag.AlignCenter, "\n".join(parts))
