"""The table scene: felt, seat places, and one item per loose piece, kept in step with the model.

The scene observes the session: after every step, undo and redo it re-syncs
exactly the pieces the :class:`Change` names (creating, updating or removing
their items); a new table rebuilds everything.
"""

from __future__ import annotations

from collections.abc import Iterable

from vtt.table import Change, Hand, Mark
from vtt.table.layout import seat_place
from vtt.ui.art import Art, felt_colour
from vtt.ui.items import PieceItem, make_item
from vtt.ui.qt import (
    QColor,
    QFont,
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


class TableScene(QGraphicsScene):
    """Items for the session's table, redrawn on every change."""

    def __init__(self, session: TableSession, art: Art) -> None:
        super().__init__()
        self.session = session
        self.art = art
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

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.fillRect(rect, QColor("#1d1611"))
        if not rect.intersects(FELT.adjusted(-RIM * 2, -RIM * 2, RIM * 2, RIM * 2)):
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        paint_rim(painter)
        paint_felt(painter)
        paint_marks(painter, self.session.table.marks)
        self.paint_seat_places(painter)

    def paint_seat_places(self, painter: QPainter) -> None:
        """Name plates on the felt where each seat sits."""
        seats = self.session.table.seats
        font = QFont("Sans Serif")
        font.setPixelSize(22)
        font.setBold(True)
        painter.setFont(font)
        for index, seat in enumerate(seats):
            plate = seat_plate(index, len(seats))
            colour = QColor(seat.colour)
            painter.setPen(QPen(colour, 2.5))
            fill = QColor(colour)
            fill.setAlpha(55)
            painter.setBrush(fill)
            painter.drawRoundedRect(plate, 17, 17)
            painter.setPen(QColor(255, 255, 255, 215))
            painter.drawText(plate, Qt.AlignmentFlag.AlignCenter, seat.name)


def seat_plate(seat: int, seats: int) -> QRectF:
    """Where a seat's name plate lies on the felt (below its place; above it at the top)."""
    x, y = seat_place(seat, seats)
    plate = QRectF(x - 80, y + 96, 160, 34)
    if y < -100:
        plate.moveTop(y - 140)
    return plate


def paint_rim(painter: QPainter) -> None:
    """The wooden edge of the table."""
    outer = FELT.adjusted(-RIM, -RIM, RIM, RIM)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(0, 0, 0, 90))
    painter.drawRoundedRect(outer.translated(10, 16), 190, 190)
    wood = QLinearGradient(outer.topLeft(), outer.bottomRight())
    wood.setColorAt(0.0, QColor("#8a5a33"))
    wood.setColorAt(0.5, QColor("#6b4224"))
    wood.setColorAt(1.0, QColor("#4e2f18"))
    painter.setBrush(wood)
    painter.setPen(QPen(QColor("#3a2312"), 3))
    painter.drawRoundedRect(outer, 190, 190)


def paint_felt(painter: QPainter) -> None:
    """The felt, lit from the middle and darker towards the rim (a vignette)."""
    base = felt_colour()
    glow = QRadialGradient(FELT.center(), FELT.width() * 0.62)
    glow.setColorAt(0.0, base.lighter(128))
    glow.setColorAt(0.6, base)
    glow.setColorAt(1.0, base.darker(165))
    path = QPainterPath()
    path.addRoundedRect(FELT, 150, 150)
    painter.setPen(QPen(QColor(0, 0, 0, 110), 6))
    painter.setBrush(glow)
    painter.drawPath(path)
    painter.setPen(QPen(QColor(255, 255, 255, 22), 2, Qt.PenStyle.DashLine))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(FELT.adjusted(26, 26, -26, -26), 130, 130)


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
            painter.drawText(room, align, mark.label)
