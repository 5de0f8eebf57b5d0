"""The table scene: felt, seat places, and one item per loose piece, kept in step with the model.

The scene observes the session: after every step, undo and redo it re-syncs
exactly the pieces the :class:`Change` names (creating, updating or removing
their items); a new table rebuilds everything.
"""

from __future__ import annotations

from collections.abc import Iterable

from vtt.rules.shown import shown_name
from vtt.table import Change, Hand, Mark
from vtt.table.layout import seat_place
from vtt.ui.art import Art, felt_colour
from vtt.ui.items import PieceItem, make_item
from vtt.ui.qt import (
    QColor,
    QFont,
    QFontMetricsF,
    QGraphicsScene,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPointF,
    QRadialGradient,
    QRectF,
    Qt,
)
from vtt.ui.session import TableSession

#: The felt of the table, in table units (the seats sit on an ellipse inside it).
FELT = QRectF(-870, -610, 1740, 1220)
RIM = 44.0
#: How far the scene reaches beyond the table (room to pan and to put things aside).
WORLD = QRectF(-4000, -3000, 8000, 6000)
#: The letters of a seat's name plate, in table units.
PLATE_FONT = 22


class FeltScene(QGraphicsScene):
    """A table: the wooden rim, the felt, and a name plate for each seat.

    The free table and an enforced game's table are both drawn by it: each says
    where its felt lies (:attr:`felt`) and what plates it has (:meth:`plates`).
    """

    def __init__(self, art: Art) -> None:
        super().__init__()
        self.art = art
        #: The felt, in table units; the rim lies around it.
        self.felt = QRectF(FELT)
        #: How much larger than PLATE_FONT the plates' names are drawn.
        self.plate_letters = 1.0

    def plates(self) -> list[tuple[QRectF, str, str]]:
        """Each seat's name plate: where it lies, the name, the colour (``#rrggbb``)."""
        return []

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QColor("#1d1611"))
        felt = self.felt
        if not rect.intersects(felt.adjusted(-RIM * 2, -RIM * 2, RIM * 2, RIM * 2)):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_rim(painter, felt)
        paint_felt(painter, felt)
        self.paint_on_felt(painter)
        for plate, name, colour in self.plates():
            paint_plate(painter, plate, name, colour, self.plate_letters)

    def paint_on_felt(self, painter: QPainter) -> None:
        """What is printed on the felt under everything else (none here)."""


class TableScene(FeltScene):
    """Items for the session's table, redrawn on every change."""

    def __init__(self, session: TableSession, art: Art) -> None:
        super().__init__(art)
        self.session = session
        self.pieces: dict[str, PieceItem] = {}
        self.setSceneRect(WORLD)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        session.changed.connect(self.on_change)
        session.replaced.connect(self.rebuild)
        self.rebuild()

    # ---------------------------------------------------------- model sync

    def rebuild(self) -> None:
        """Drop every item and make them again from the table."""
        for item in self.pieces.values():
            self.removeItem(item)
        self.pieces.clear()
        self.sync(list(self.session.table.objects))
        self.invalidate(
            FELT.adjusted(-RIM, -RIM, RIM, RIM), QGraphicsScene.SceneLayer.BackgroundLayer
        )

    def on_change(self, change: Change) -> None:
        """Re-sync exactly what a step changed (and, when the seats changed, every piece
        a seat owns: its colour or name may be another now)."""
        self.sync(change.ids)
        if change.seats:
            objects = self.session.table.objects
            self.sync([pid for pid, piece in objects.items() if piece.owner is not None])
            self.invalidate(WORLD, QGraphicsScene.SceneLayer.BackgroundLayer)

    def sync(self, ids: Iterable[str]) -> None:
        """Create, update or remove the items of these pieces to match the model."""
        table = self.session.table
        for pid in ids:
            piece = table.objects.get(pid)
            item = self.pieces.get(pid)
            loose = piece is not None and piece.parent is None and not isinstance(piece, Hand)
            if not loose or (item is not None and piece is not None and item.kind != piece.KIND):
                if item is not None:
                    self.removeItem(item)
                    del self.pieces[pid]
                    item = None
                if not loose:
                    continue
            assert piece is not None
            if item is None:
                item = make_item(piece, self.art)
                self.pieces[pid] = item
                self.addItem(item)
            item.sync(piece, table)

    def item(self, piece_id: str) -> PieceItem | None:
        """The item of a loose piece."""
        return self.pieces.get(piece_id)

    def piece_at(self, point: QPointF, exclude: Iterable[str] = ()) -> PieceItem | None:
        """The topmost piece item under a scene point, skipping ``exclude``."""
        skip = set(exclude)
        for item in self.items(point, Qt.ItemSelectionMode.IntersectsItemShape):
            if isinstance(item, PieceItem) and item.piece_id not in skip:
                return item
        return None

    def selected_ids(self) -> list[str]:
        """The ids of the selected pieces, bottom first."""
        chosen = [i for i in self.selectedItems() if isinstance(i, PieceItem)]
        return [i.piece_id for i in sorted(chosen, key=lambda i: i.zValue())]

    def pieces_rect(self) -> QRectF:
        """The rectangle around every piece (or the felt when there are none)."""
        rect = QRectF()
        for item in self.pieces.values():
            rect = rect.united(item.sceneBoundingRect())
        return rect if not rect.isEmpty() else FELT

    # ------------------------------------------------------------ drawing

    def paint_on_felt(self, painter: QPainter) -> None:
        paint_marks(painter, self.session.table.marks)

    def plates(self) -> list[tuple[QRectF, str, str]]:
        seats = self.session.table.seats
        return [
            (seat_plate(index, len(seats)), seat.name, seat.colour)
            for index, seat in enumerate(seats)
        ]


def seat_plate(seat: int, seats: int) -> QRectF:
    """Where a seat's name plate lies on the felt (below its place; above it at the top)."""
    x, y = seat_place(seat, seats)
    plate = QRectF(x - 80, y + 96, 160, 34)
    if y < -100:
        plate.moveTop(y - 140)
    return plate


def paint_plate(
    painter: QPainter, plate: QRectF, name: str, colour: str, letters: float = 1.0
) -> None:
    """A seat's name plate on the felt: its name on a rounded plate of its colour, in
    letters ``letters`` times their usual size (a large game table's)."""
    font = QFont("Sans Serif")
    font.setPixelSize(round(PLATE_FONT * letters))
    font.setBold(True)
    painter.setFont(font)
    edge = QColor(colour)
    # A light plate (White) is filled more and takes dark letters.
    light = edge.lightnessF() > 0.8
    painter.setPen(QPen(edge, 2.5))
    fill = QColor(edge)
    fill.setAlpha(170 if light else 55)
    painter.setBrush(fill)
    painter.drawRoundedRect(plate, 17, 17)
    painter.setPen(QColor(25, 25, 25, 235) if light else QColor(255, 255, 255, 215))
    # A name too long for the plate keeps its start and ends in "…" (centred, it lost
    # both ends to the plate's edges).
    room = plate.width() - plate.height()
    text = QFontMetricsF(font).elidedText(shown_name(name), Qt.TextElideMode.ElideRight, room)
    painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, text)


def _corner(felt: QRectF, radius: float) -> float:
    """A corner radius for a felt of this size (``radius`` on the free table's felt)."""
    return radius * min(1.0, min(felt.width(), felt.height()) / FELT.height())


def paint_rim(painter: QPainter, felt: QRectF = FELT) -> None:
    """The wooden edge of the table."""
    outer = felt.adjusted(-RIM, -RIM, RIM, RIM)
    corner = _corner(felt, 190)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 90))
    painter.drawRoundedRect(outer.translated(10, 16), corner, corner)
    wood = QLinearGradient(outer.topLeft(), outer.bottomRight())
    wood.setColorAt(0.0, QColor("#8a5a33"))
    wood.setColorAt(0.5, QColor("#6b4224"))
    wood.setColorAt(1.0, QColor("#4e2f18"))
    painter.setBrush(wood)
    painter.setPen(QPen(QColor("#3a2312"), 3))
    painter.drawRoundedRect(outer, corner, corner)


def paint_felt(painter: QPainter, felt: QRectF = FELT) -> None:
    """The felt, lit from the middle and darker towards the rim (a vignette)."""
    base = felt_colour()
    glow = QRadialGradient(felt.center(), felt.width() * 0.62)
    glow.setColorAt(0.0, base.lighter(128))
    glow.setColorAt(0.6, base)
    glow.setColorAt(1.0, base.darker(165))
    path = QPainterPath()
    corner = _corner(felt, 150)
    path.addRoundedRect(felt, corner, corner)
    painter.setPen(QPen(QColor(0, 0, 0, 110), 6))
    painter.setBrush(glow)
    painter.drawPath(path)
    painter.setPen(QPen(QColor(255, 255, 255, 22), 2, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    inner = _corner(felt, 130)
    painter.drawRoundedRect(felt.adjusted(26, 26, -26, -26), inner, inner)


def paint_marks(painter: QPainter, marks: Iterable[Mark]) -> None:
    """The places printed on the felt (a game's board): dashed outlines with their names."""
    font = QFont("Sans Serif")
    font.setPixelSize(15)
    painter.setFont(font)
    for mark in marks:
        body = QRectF(mark.x, mark.y, mark.width, mark.height).adjusted(4, 4, -4, -4)
        painter.setBrush(QColor(0, 0, 0, 40))
        painter.setPen(QPen(QColor(255, 255, 255, 90), 2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(body, 10, 10)
        if mark.label:
            painter.setPen(QColor(255, 255, 255, 170))
            if mark.at_foot:
                room, align = (
                    body.adjusted(0, body.height() - 26, 0, 0),
                    Qt.AlignmentFlag.AlignCenter,
                )
            else:
                room, align = body.adjusted(8, 3, -6, 0), Qt.AlignmentFlag.AlignLeft
            painter.drawText(room, align, shown_name(mark.label))
