"""Graphics items: one per piece lying loose on the table, drawn from the SVG art.

An item only mirrors its piece (:meth:`PieceItem.sync`); it never changes the
model. A stack's item shows its top card, a depth edge and a count badge.
"""

from __future__ import annotations

import math

from vtt.rules.shown import shown_name
from vtt.table import (
    CARD_HEIGHT,
    CARD_WIDTH,
    Bag,
    Board,
    CardPiece,
    Counter,
    Die,
    Piece,
    Stack,
    Table,
)
from vtt.ui.art import Art, card_asset, die_face_asset, piece_asset
from vtt.ui.plaintext import tip
from vtt.ui.qt import (
    QBrush,
    QColor,
    QFont,
    QGraphicsItem,
    QGraphicsRectItem,
    QPainter,
    QPainterPath,
    QPen,
    QPointF,
    QRectF,
    QSizeF,
    QStyleOptionGraphicsItem,
    Qt,
    QWidget,
)

#: Room around a piece for its shadow, glow and badge, in table units.
MARGIN = 12.0
SELECTED = QColor("#7fd3ff")
HOVER = QColor(255, 255, 255, 150)
DROP_GLOW = QColor("#ffd75e")
REVERSED = QColor("#8e44ad")
BADGE = QColor("#263238")

SIZES: dict[str, QSizeF] = {
    "card": QSizeF(CARD_WIDTH, CARD_HEIGHT),
    "stack": QSizeF(CARD_WIDTH, CARD_HEIGHT),
    "die": QSizeF(54, 54),
    "token": QSizeF(48, 48),
    "bag": QSizeF(110, 110),
    "counter": QSizeF(120, 80),
    "board": QSizeF(600, 400),  # each board its own size (BoardItem)
}


class PieceItem(QGraphicsRectItem):
    """The picture of one loose piece; subclasses draw the piece itself.

    A rectangle item only so that Qt computes the bounds in C++: Python is asked
    to paint an item only when its cached picture must change.
    """

    corner = 6.0

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__()
        self.piece_id = piece.id
        self.kind = piece.KIND
        self.art = art
        self.size = SIZES[piece.KIND]
        w, h = self.size.width(), self.size.height()
        self._body = QRectF(-w / 2, -h / 2, w, h)
        self.setRect(self._body.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))
        self.setPen(QPen(Qt.PenStyle.NoPen))
        self.locked = False
        self.hovered = False
        self.drop_target = False
        self.description = ""
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable)
        self.setAcceptHoverEvents(True)
        # Qt keeps each item's picture and blits it in C++; Python paints an item only
        # when it changes or the zoom does (350 Python paints would cost ~80 ms a frame).
        self.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache)

    # ------------------------------------------------------------- geometry

    def body(self) -> QRectF:
        """The piece's own rectangle, centred on the item's origin."""
        return QRectF(self._body)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        path.addRoundedRect(self.body(), self.corner, self.corner)
        return path

    # ---------------------------------------------------------------- model

    def sync(self, piece: Piece, table: Table) -> None:
        """Take the piece's place, turn, height and look from the model."""
        self.setPos(piece.x, piece.y)
        self.setRotation(piece.rotation)
        self.setZValue(piece.z)
        self.locked = piece.locked
        self.description = piece.describe()
        self.setToolTip(tip(self.tooltip(piece, table)))
        self.update()

    def tooltip(self, piece: Piece, table: Table) -> str:
        """What hovering tells about the piece."""
        return piece.describe() + (" (locked)" if piece.locked else "")

    # ------------------------------------------------------------ painting

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.paint_shadow(painter)
        if self.drop_target:
            self.paint_outline(painter, DROP_GLOW, 7.0, 8.0)
        self.paint_piece(painter)
        if self.isSelected():
            self.paint_outline(painter, SELECTED, 3.0, 3.0)
        elif self.hovered:
            self.paint_outline(painter, HOVER, 2.0, 2.0)
        if self.locked:
            paint_lock(painter, self.body().bottomLeft() + QPointF(12, -12))

    def paint_shadow(self, painter: QPainter) -> None:
        """A soft shadow under the piece, so it lies on the felt."""
        self.art.paint_shadow(painter, self.body().translated(2, 3), self.corner)

    def paint_piece(self, painter: QPainter) -> None:
        """Draw the piece itself (subclasses)."""
        raise NotImplementedError

    def paint_outline(self, painter: QPainter, colour: QColor, width: float, grow: float) -> None:
        """An outline around the piece (selection, hover, drop target)."""
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour, width))
        rect = self.body().adjusted(-grow / 2, -grow / 2, grow / 2, grow / 2)
        painter.drawRoundedRect(rect, self.corner + grow / 2, self.corner + grow / 2)

    def hoverEnterEvent(self, event: object) -> None:
        self.hovered = True
        self.update()

    def hoverLeaveEvent(self, event: object) -> None:
        self.hovered = False
        self.update()

    def set_drop_target(self, on: bool) -> None:
        """Glow (or stop glowing) as the place a drag would land."""
        if on != self.drop_target:
            self.drop_target = on
            self.update()

    def magnified_asset(self) -> str | None:
        """The asset the magnifier shows for this piece (None: nothing worth magnifying)."""
        return None


class CardItem(PieceItem):
    """A single card, face up or face down."""

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__(piece, art)
        self.asset = "cards/back"

    def sync(self, piece: Piece, table: Table) -> None:
        assert isinstance(piece, CardPiece)
        self.asset = piece_asset(piece)
        super().sync(piece, table)

    def tooltip(self, piece: Piece, table: Table) -> str:
        assert isinstance(piece, CardPiece)
        seen = piece.describe() if piece.face_up else "a card, face down"
        return seen + (" (locked)" if piece.locked else "")

    def paint_piece(self, painter: QPainter) -> None:
        self.art.paint(painter, self.asset, self.body())

    def magnified_asset(self) -> str | None:
        return self.asset


class StackItem(PieceItem):
    """A stack: its top card, an edge that grows with the count, and a count badge."""

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__(piece, art)
        self.count = 0
        self.assets: list[str] = []
        #: Cards lifted off the top by a drag in progress (drawn as if gone).
        self.lifted = 0
        #: 0..1 while the shuffle animation runs.
        self.shuffle_phase = 0.0

    def sync(self, piece: Piece, table: Table) -> None:
        assert isinstance(piece, Stack)
        self.count = len(piece.contents)
        self.assets = [_shown_in_stack(table, cid) for cid in piece.contents[-2:]]
        self.lifted = 0
        super().sync(piece, table)

    def tooltip(self, piece: Piece, table: Table) -> str:
        return f"{piece.describe()}: {len(piece.contents)} cards" + (
            " (locked)" if piece.locked else ""
        )

    def set_shuffle_phase(self, phase: float) -> None:
        """Show the shuffle animation at ``phase`` (0: at rest), with room for the fan."""
        room = MARGIN + (70.0 if phase > 0 else 0.0)
        self.setRect(self._body.adjusted(-room, -room, room, room))
        self.shuffle_phase = phase
        self.update()

    def top_asset(self) -> str:
        """What the top card shows (the card beneath while the top one is lifted)."""
        index = -1 - self.lifted if self.lifted < len(self.assets) else 0
        return self.assets[index] if self.assets else "cards/back"

    def shown_count(self) -> int:
        """The count the badge shows."""
        return self.count - self.lifted

    def paint_piece(self, painter: QPainter) -> None:
        body = self.body()
        paint_stack_edge(painter, body, self.shown_count())
        if self.shuffle_phase > 0:
            self.paint_shuffle(painter)
        self.art.paint(painter, self.top_asset(), body)
        self.paint_badge(painter, str(self.shown_count()))

    def paint_shuffle(self, painter: QPainter) -> None:
        """Cards fanning out and snapping back (the shuffle animation)."""
        spread = math.sin(self.shuffle_phase * math.pi)
        for n in range(-3, 4):
            painter.save()
            painter.translate(0, CARD_HEIGHT / 2)
            painter.rotate(n * 9.0 * spread)
            painter.translate(n * 10.0 * spread, -CARD_HEIGHT / 2 - abs(n) * 4 * spread)
            self.art.paint(painter, "cards/back", self.body())
            painter.restore()

    def paint_badge(self, painter: QPainter, text: str) -> None:
        """The round count badge at the top right corner."""
        paint_count_badge(painter, self.grip_centre(), text)

    def grip_centre(self) -> QPointF:
        """Where the count badge sits; dragging it moves the whole stack."""
        return self.body().topRight() + QPointF(-4, 4)

    def on_grip(self, local: QPointF) -> bool:
        """True if ``local`` (item coordinates) is on the count badge."""
        offset = local - self.grip_centre()
        return math.hypot(offset.x(), offset.y()) <= 17

    def magnified_asset(self) -> str | None:
        return self.top_asset()


class DieItem(PieceItem):
    """A die showing its face; a reversed suit (after a Joker re-roll) is marked."""

    corner = 9.0

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__(piece, art)
        self.style = "pip"
        self.face = "R"
        self.reversed = False
        #: The face shown while the tumble animation runs (None: the model's face).
        self.tumble_face: str | None = None

    def sync(self, piece: Piece, table: Table) -> None:
        assert isinstance(piece, Die)
        self.style, self.face, self.reversed = piece.style, piece.shown, piece.reversed
        super().sync(piece, table)

    def tooltip(self, piece: Piece, table: Table) -> str:
        assert isinstance(piece, Die)
        mark = " — reversed (Joker rules)" if piece.reversed else ""
        return f"{piece.label or 'Die'}: {piece.shown}{mark}"

    def asset(self) -> str:
        """The face's art, or "" for a custom die drawn as text."""
        face = self.tumble_face or self.face
        name = die_face_asset(self.style, face)
        return name if self.art.exists(name) else ""

    def paint_piece(self, painter: QPainter) -> None:
        asset = self.asset()
        if asset:
            self.art.paint(painter, asset, self.body())
        else:
            painter.setPen(QPen(QColor("#777"), 2))
            painter.setBrush(QColor("white"))
            painter.drawRoundedRect(self.body(), self.corner, self.corner)
            painter.setFont(QFont("Sans Serif", 18, QFont.Weight.Bold))
            painter.drawText(self.body(), Qt.AlignmentFlag.AlignCenter, shown_name(self.face))
        if self.reversed and self.tumble_face is None:
            paint_reversed_mark(painter, self.body())

    def magnified_asset(self) -> str | None:
        return self.asset() or None


class TokenItem(PieceItem):
    """A seat or suit token."""

    corner = 24.0

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__(piece, art)
        self.asset = piece_asset(piece)

    def sync(self, piece: Piece, table: Table) -> None:
        self.asset = piece_asset(piece)
        super().sync(piece, table)

    def paint_shadow(self, painter: QPainter) -> None:
        """The token art has its own shadow."""

    def paint_piece(self, painter: QPainter) -> None:
        self.art.paint(painter, self.asset, self.body())


class BagItem(PieceItem):
    """A bag with the number of pieces inside."""

    corner = 40.0

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__(piece, art)
        self.count = 0

    def sync(self, piece: Piece, table: Table) -> None:
        assert isinstance(piece, Bag)
        self.count = len(piece.contents)
        super().sync(piece, table)

    def tooltip(self, piece: Piece, table: Table) -> str:
        return f"{piece.describe()}: {self.count} inside — double-click to take one at random"

    def paint_shadow(self, painter: QPainter) -> None:
        """The bag art has its own shadow."""

    def paint_piece(self, painter: QPainter) -> None:
        self.art.paint(painter, "bag", self.body())
        centre = self.body().topRight() + QPointF(-14, 14)
        painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5))
        painter.setBrush(BADGE)
        painter.drawEllipse(centre, 15, 15)
        painter.setFont(badge_font(len(str(self.count))))
        painter.setPen(QColor("white"))
        box = QRectF(centre.x() - 15, centre.y() - 15, 30, 30)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(self.count))


class BoardItem(PieceItem):
    """A board: one of the pack's images, at the size the layout gave it."""

    corner = 4.0

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__(piece, art)
        self.asset = piece_asset(piece)
        self._resize(piece)

    def _resize(self, piece: Piece) -> None:
        assert isinstance(piece, Board)
        size = QSizeF(piece.width, piece.height)
        if size != self.size:
            self.prepareGeometryChange()
            self.size = size
            self._body = QRectF(-size.width() / 2, -size.height() / 2, size.width(), size.height())
            self.setRect(self._body.adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

    def sync(self, piece: Piece, table: Table) -> None:
        self.asset = piece_asset(piece)
        self._resize(piece)
        super().sync(piece, table)

    def paint_piece(self, painter: QPainter) -> None:
        self.art.paint(painter, self.asset, self.body())


class CounterItem(PieceItem):
    """A score pad: its label, its value, and - and + buttons to click."""

    corner = 6.0

    def __init__(self, piece: Piece, art: Art) -> None:
        super().__init__(piece, art)
        self.value = 0
        self.title = ""
        self.colour: QColor | None = None

    def sync(self, piece: Piece, table: Table) -> None:
        assert isinstance(piece, Counter)
        self.value, self.title = piece.value, piece.label or "Counter"
        owner = piece.owner
        self.colour = (
            QColor(table.seats[owner].colour)
            if owner is not None and owner < len(table.seats)
            else None
        )
        super().sync(piece, table)

    def tooltip(self, piece: Piece, table: Table) -> str:
        return f"{piece.describe()} — click − or +, double-click the number to type it"

    def paint_shadow(self, painter: QPainter) -> None:
        """The pad art has its own shadow."""

    def button_rect(self, step: int) -> QRectF:
        """The - (step -1) or + (step +1) button, in item coordinates."""
        body = self.body()
        x = body.left() + 4 if step < 0 else body.right() - 30
        return QRectF(x, body.top() + 42, 24, 24)

    def step_at(self, local: QPointF) -> int:
        """-1 or +1 when ``local`` is on a button, else 0."""
        for step in (-1, 1):
            if self.button_rect(step).adjusted(-3, -3, 3, 3).contains(local):
                return step
        return 0

    def paint_piece(self, painter: QPainter) -> None:
        body = self.body()
        self.art.paint(painter, "counter", body)
        scale = body.width() / 120.0
        header = QRectF(body.left() + 2 * scale, body.top() + 3 * scale, 114 * scale, 14 * scale)
        if self.colour is not None:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(self.colour)
            painter.drawRoundedRect(header.adjusted(0, 0, 0, 0), 5, 5)
        painter.setPen(QColor("white"))
        painter.setFont(QFont("Sans Serif", 7, QFont.Weight.Bold))
        # A long label ("Score (Maximilian Alexander the Third)") keeps its start and ends
        # in "…": centred, it lost both ends to the band's edges.
        room = round(header.width() - 8 * scale)
        title = painter.fontMetrics().elidedText(
            shown_name(self.title), Qt.TextElideMode.ElideRight, room
        )
        painter.drawText(header, Qt.AlignmentFlag.AlignCenter, title)
        painter.setPen(QColor("#22303c"))
        painter.setFont(QFont("Sans Serif", 20, QFont.Weight.Bold))
        number = QRectF(body.left() + 28, body.top() + 20, body.width() - 58, 56)
        painter.drawText(number, Qt.AlignmentFlag.AlignCenter, str(self.value))
        for step in (-1, 1):
            paint_step_button(painter, self.button_rect(step), step)


def _shown_in_stack(table: Table, card_id: str) -> str:
    card = table.objects[card_id]
    assert isinstance(card, CardPiece)
    return card_asset(card.face if card.face_up else card.back)


def paint_stack_edge(painter: QPainter, body: QRectF, count: int) -> None:
    """The edges of the cards under the top one, deeper as the stack grows."""
    depth = min(7, 1 + count // 9)
    painter.setPen(QPen(QColor("#9c9584"), 0.8))
    painter.setBrush(QColor("#ece6d6"))
    for layer in range(depth, 0, -1):
        painter.drawRoundedRect(body.translated(layer * 0.9, layer * 1.2), 6, 6)


def paint_count_badge(painter: QPainter, centre: QPointF, text: str) -> None:
    """A round badge with a count in it (how many cards a stack holds)."""
    painter.setPen(QPen(QColor(255, 255, 255, 220), 1.5))
    painter.setBrush(BADGE)
    painter.drawEllipse(centre, 15, 15)
    painter.setFont(badge_font(len(text)))
    painter.setPen(QColor("white"))
    painter.drawText(
        QRectF(centre.x() - 15, centre.y() - 15, 30, 30), Qt.AlignmentFlag.AlignCenter, text
    )


def badge_font(digits: int) -> QFont:
    """A bold font that fits ``digits`` digits in a count badge."""
    font = QFont("Sans Serif")
    font.setPixelSize(15 if digits < 3 else 12)
    font.setBold(True)
    return font


def paint_step_button(painter: QPainter, rect: QRectF, step: int) -> None:
    """A round - or + button."""
    painter.setPen(QPen(QColor("#5d6d7e"), 1.2))
    painter.setBrush(QColor(255, 255, 255, 230))
    painter.drawEllipse(rect)
    painter.setPen(QPen(QColor("#34495e"), 2.4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap))
    c = rect.center()
    painter.drawLine(QPointF(c.x() - 6, c.y()), QPointF(c.x() + 6, c.y()))
    if step > 0:
        painter.drawLine(QPointF(c.x(), c.y() - 6), QPointF(c.x(), c.y() + 6))


def paint_reversed_mark(painter: QPainter, body: QRectF) -> None:
    """The reversal mark of a pip die re-rolled after a Joker: a purple ring and arrow."""
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.setPen(QPen(REVERSED, 4))
    painter.drawRoundedRect(body.adjusted(-3, -3, 3, 3), 11, 11)
    centre = body.bottomRight() + QPointF(-2, -2)
    painter.setPen(QPen(QColor("white"), 1.5))
    painter.setBrush(REVERSED)
    painter.drawEllipse(centre, 11, 11)
    painter.setPen(QPen(QColor("white"), 2.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawArc(QRectF(centre.x() - 6, centre.y() - 6, 12, 12), 60 * 16, 270 * 16)
    tip = centre + QPointF(3.0, -5.2)
    painter.drawLine(tip, tip + QPointF(4, 0.5))
    painter.drawLine(tip, tip + QPointF(0.5, 4))


def paint_lock(painter: QPainter, centre: QPointF) -> None:
    """A small padlock: this piece is locked in place."""
    painter.setPen(QPen(QColor("#f5f5f5"), 2.2))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawArc(QRectF(centre.x() - 5, centre.y() - 11, 10, 12), 0, 180 * 16)
    painter.setPen(QPen(QColor("#f5f5f5"), 1))
    painter.setBrush(QBrush(QColor("#37474f")))
    painter.drawRoundedRect(QRectF(centre.x() - 7.5, centre.y() - 5, 15, 11), 2, 2)


ITEM_KINDS: dict[str, type[PieceItem]] = {
    "card": CardItem,
    "stack": StackItem,
    "die": DieItem,
    "token": TokenItem,
    "bag": BagItem,
    "counter": CounterItem,
    "board": BoardItem,
}


def make_item(piece: Piece, art: Art) -> PieceItem:
    """A new item of the right kind for a loose piece."""
    return ITEM_KINDS[piece.KIND](piece, art)
