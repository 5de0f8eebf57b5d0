"""The hand area at the bottom of the window: the active seat's cards, the others' backs.

Only the seat at the screen sees its faces; every other seat shows backs and a
count. When the screen passes to another seat a privacy screen covers the
hands until that person clicks. Cards are dragged within the hand to arrange
it, out of it onto the table (face up, Shift: face down), or onto a seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from vtt.rules.shown import shown_name
from vtt.table import CARD_HEIGHT, CARD_WIDTH, CardPiece, Table
from vtt.ui.art import Art, card_asset, card_face_asset
from vtt.ui.magnifier import Magnifier
from vtt.ui.qt import (
    QApplication,
    QColor,
    QFont,
    QLinearGradient,
    QMenu,
    QMouseEvent,
    QPainter,
    QPen,
    QPoint,
    QPointF,
    QRectF,
    QSize,
    Qt,
    QWidget,
)
from vtt.ui.session import TableSession

BAR_HEIGHT = 190
OTHERS_WIDTH = 300
TITLE_HEIGHT = 28
#: Plays cards from a hand onto the table: (card ids, global point, face up) -> accepted.
TableDrop = Callable[[list[str], QPoint, bool], bool]
#: How far a selected card stands out of the hand, in pixels.
SELECTED_LIFT = 8


@dataclass
class _Press:
    card: str
    start: QPoint
    cards: list[str]  # what a drag from here moves: the selection, or this card alone
    dragging: bool = False


class CardGhost(QWidget):
    """A card following the cursor while it is dragged out of the hand."""

    def __init__(self, art: Art, asset: str, size: QSize, parent: QWidget, count: int = 1) -> None:
        super().__init__(parent)
        self.art, self.asset, self.count = art, asset, count
        self.resize(size)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)

    def follow(self, global_pos: QPoint) -> None:
        """Centre on a global point."""
        local = self.parentWidget().mapFromGlobal(global_pos)
        self.move(local - QPoint(self.width() // 2, self.height() // 2))
        self.show()
        self.raise_()

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setOpacity(0.9)
        self.art.paint(painter, self.asset, QRectF(self.rect()))
        if self.count > 1:  # several cards go together: say how many
            painter.setOpacity(1.0)
            badge = QRectF(self.width() - 34, 4, 30, 22)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#c0392b"))
            painter.drawRoundedRect(badge, 11, 11)
            painter.setPen(QColor("white"))
            painter.drawText(badge, Qt.AlignmentFlag.AlignCenter, f"×{self.count}")


class HandBar(QWidget):
    """The hands of every seat; the active seat's faces show unless the screen is covered."""

    def __init__(self, session: TableSession, art: Art, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.art = art
        self.table_drop: TableDrop | None = None
        self.hover_index: int | None = None
        self.hint_index: int | None = None
        self.press: _Press | None = None
        self.ghost: CardGhost | None = None
        self.lens: Magnifier | None = None  # made on first use, over the whole window
        #: Cards picked with Ctrl+click, to drag together (the active seat's, in hand order).
        self.selected: list[str] = []
        self.setMinimumHeight(BAR_HEIGHT)
        self.setMouseTracking(True)
        session.changed.connect(lambda _change: self.update())
        for signal in (session.replaced, session.seat_changed, session.covered_changed):
            signal.connect(self.update)
        session.seat_changed.connect(lambda _seat: self.select([]))  # a new person's hand

    @property
    def table(self) -> Table:
        """The session's table."""
        return self.session.table

    def sizeHint(self) -> QSize:
        return QSize(800, BAR_HEIGHT)

    # ------------------------------------------------------------ geometry

    def hand_ids(self) -> list[str]:
        """The active seat's cards, left to right."""
        return list(self.table.hand(self.session.active_seat).contents)

    def card_size(self) -> QSize:
        """A hand card's size in pixels."""
        height = max(60, self.height() - TITLE_HEIGHT - 22)
        return QSize(round(height * CARD_WIDTH / CARD_HEIGHT), height)

    def hand_area(self) -> QRectF:
        """Where the active seat's cards lie."""
        return QRectF(
            12, TITLE_HEIGHT, self.width() - OTHERS_WIDTH - 24, self.height() - TITLE_HEIGHT
        )

    def card_rects(self, count: int) -> list[QRectF]:
        """The rectangles of ``count`` cards laid left to right, overlapping when crowded."""
        size = self.card_size()
        area = self.hand_area()
        w, h = size.width(), size.height()
        step = w + 8.0
        if count > 1 and step * (count - 1) + w > area.width():
            step = max(6.0, (area.width() - w) / (count - 1))
        return [QRectF(area.left() + n * step, area.top() + 8, w, h) for n in range(count)]

    def index_at(self, pos: QPointF) -> int | None:
        """The index of the hand card under ``pos`` (the topmost, rightmost first)."""
        ids = self.hand_ids()
        rects = self.card_rects(len(ids))
        chosen = set(self.selected)
        for index in range(len(rects) - 1, -1, -1):
            lift = SELECTED_LIFT if ids[index] in chosen else 0
            if rects[index].translated(0, -lift).contains(pos):
                return index
        return None

    def insert_index(self, pos: QPointF) -> int:
        """Where a card dropped at ``pos`` goes in the hand."""
        rects = self.card_rects(len(self.hand_ids()))
        for index, rect in enumerate(rects):
            if pos.x() < rect.center().x():
                return index
        return len(rects)

    def other_rows(self) -> list[tuple[int, QRectF]]:
        """The other seats' rows in the right-hand panel."""
        seats = [s for s in range(len(self.table.seats)) if s != self.session.active_seat]
        left = self.width() - OTHERS_WIDTH
        height = min(44.0, (self.height() - TITLE_HEIGHT - 8) / max(1, len(seats)))
        return [
            (seat, QRectF(left, TITLE_HEIGHT + n * height, OTHERS_WIDTH - 10, height - 4))
            for n, seat in enumerate(seats)
        ]

    # --------------------------------------------------- drop zone for drags

    def hand_drop_at(self, global_pos: QPoint) -> tuple[int, int | None] | None:
        """The (seat, index) a table drag dropped at ``global_pos`` goes to."""
        local = QPointF(self.mapFromGlobal(global_pos))
        if not self.isVisible() or not QRectF(self.rect()).contains(local):
            return None
        for seat, row in self.other_rows():
            if row.contains(local):
                return seat, None
        return self.session.active_seat, self.insert_index(local)

    def show_drop_hint(self, global_pos: QPoint | None) -> None:
        """Mark where a dragged card would go in the hand."""
        hint = None
        if global_pos is not None:
            found = self.hand_drop_at(global_pos)
            if found is not None and found[0] == self.session.active_seat:
                hint = found[1]
        if hint != self.hint_index:
            self.hint_index = hint
            self.update()

    # ------------------------------------------------------------- mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.session.covered:
            if event.button() == Qt.MouseButton.LeftButton:
                self.session.set_covered(False)
            return
        pos = event.position()
        index = self.index_at(pos)
        if event.button() != Qt.MouseButton.LeftButton:
            return
        if index is None:
            self.select([])
            return
        card = self.hand_ids()[index]
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.toggle(card)
            return
        if card not in self.selection():
            self.select([])
        cards = self.selection() or [card]
        self.press = _Press(card, pos.toPoint(), cards)

    # ------------------------------------------------------------ selection

    def selection(self) -> list[str]:
        """The selected cards still in the active hand, in hand order."""
        chosen = set(self.selected)
        return [card for card in self.hand_ids() if card in chosen]

    def select(self, cards: list[str]) -> None:
        """Select these cards of the active hand (none: clear the selection)."""
        if cards != self.selected:
            self.selected = list(cards)
            self.update()

    def toggle(self, card: str) -> None:
        """Add a card to the selection, or take it out (Ctrl+click)."""
        chosen = self.selection()
        self.select([c for c in chosen if c != card] if card in chosen else [*chosen, card])

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position()
        if self.press is None:
            hover = None if self.session.covered else self.index_at(pos)
            if hover != self.hover_index:
                self.hover_index = hover
                self.update()
            if event.modifiers() & Qt.KeyboardModifier.AltModifier:
                self.magnify_at(self.mapToGlobal(pos.toPoint()))
            return
        press = self.press
        if not press.dragging:
            if (pos.toPoint() - press.start).manhattanLength() < QApplication.startDragDistance():
                return
            press.dragging = True
        inside = QRectF(self.rect()).contains(pos)
        self._show_ghost(None if inside else self.mapToGlobal(pos.toPoint()))
        self.hint_index = self.insert_index(pos) if inside else None
        self.update()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self.press = self.press, None
        self._show_ghost(None)
        self.hint_index = None
        self.update()
        if press is None or not press.dragging:
            return
        pos = event.position()
        if QRectF(self.rect()).contains(pos):
            self._drop_inside(press, pos)
            return
        face_up = not event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        drop = self.table_drop
        if drop is not None and drop(press.cards, self.mapToGlobal(pos.toPoint()), face_up):
            self.select([])

    def _drop_inside(self, press: _Press, pos: QPointF) -> None:
        for seat, row in self.other_rows():
            if row.contains(pos):
                self.give(press.cards, seat)
                self.select([])
                return
        ids = self.hand_ids()
        moved = set(press.cards)
        index = self.insert_index(pos)
        # The cards go in as a block where the bar showed, the others keep their order.
        before = [card for card in ids[:index] if card not in moved]
        after = [card for card in ids[index:] if card not in moved]
        order = [*before, *press.cards, *after]
        if order != ids:
            seat = self.session.active_seat
            self.session.run(None, lambda: self.table.reorder_hand(seat, order))

    def _show_ghost(self, global_pos: QPoint | None) -> None:
        if global_pos is None or self.press is None:
            if self.ghost is not None:
                self.ghost.deleteLater()
                self.ghost = None
            return
        if self.ghost is None:
            asset = self.asset_of(self.press.card)
            count = len(self.press.cards)
            self.ghost = CardGhost(self.art, asset, self.card_size(), self.window(), count)
        self.ghost.follow(global_pos)

    def leaveEvent(self, event: object) -> None:
        self.hover_index = None
        self.hide_magnifier()
        self.update()

    # ------------------------------------------------------------ magnifier

    def magnify_at(self, global_pos: QPoint) -> bool:
        """Show the hand card under ``global_pos`` large (Alt held), if its face shows
        here; False (and nothing shown) when there is no such card."""
        pos = QPointF(self.mapFromGlobal(global_pos))
        index = None
        if not self.session.covered and QRectF(self.rect()).contains(pos):
            index = self.index_at(pos)
        face = None
        if index is not None:
            face = self.table.visible_face(self.hand_ids()[index], self.session.active_seat)
        if face is None:
            self.hide_magnifier()
            return False
        if self.lens is None:
            self.lens = Magnifier(self.art, self.window())
        window = self.lens.parentWidget()
        top = window.mapFromGlobal(self.mapToGlobal(QPoint(0, 0))).y()
        card = self.table.get(self.hand_ids()[index]) if index is not None else None
        asset = card_face_asset(face, card.deck if isinstance(card, CardPiece) else "")
        self.lens.show_above(asset, window.mapFromGlobal(global_pos), top)
        return True

    def hide_magnifier(self) -> None:
        """Put the magnified hand card away (Alt let go, or the mouse left)."""
        if self.lens is not None:
            self.lens.hide()

    def contextMenuEvent(self, event: object) -> None:
        if self.session.covered:
            return
        pos = QPointF(self.mapFromGlobal(self.cursor().pos()))
        if hasattr(event, "pos"):
            pos = QPointF(event.pos())
        index = self.index_at(pos)
        menu = self.hand_menu(self.hand_ids()[index] if index is not None else None)
        menu.popup(self.mapToGlobal(pos.toPoint()))
        self.context_menu = menu

    def hand_menu(self, card: str | None) -> QMenu:
        """The right-click menu of a hand card (or of the hand)."""
        menu = QMenu(self)
        seat = self.session.active_seat
        if card is not None:
            # Only the seat at the screen sees this menu: it may name its own card.
            menu.addSection(self.table.visible_face(card, seat) or "a card")
            give = menu.addMenu("Give to")
            for other, who in enumerate(self.table.seats):
                if other != seat:
                    give.addAction(shown_name(who.name)).triggered.connect(
                        lambda _=False, o=other: self.give(card, o)
                    )
        menu.addSection(f"{shown_name(self.session.seat_name())}'s hand")
        menu.addAction("Sort by suit and rank").triggered.connect(self.sort_hand)
        menu.addAction("Shuffle the hand").triggered.connect(
            lambda: self.session.run(None, lambda: self.table.shuffle(self.table.hand(seat).id))
        )
        return menu

    def give(self, cards: str | list[str], seat: int) -> None:
        """Pass hand cards into another seat's hand (one step to undo)."""
        chosen = [cards] if isinstance(cards, str) else cards
        if len(chosen) == 1:
            self.session.run(None, lambda: self.table.to_hand(chosen[0], seat))
            return

        def give_all() -> None:
            for card in chosen:
                self.table.to_hand(card, seat)

        who = self.table.seats[seat].name
        self.session.run(f"Give {len(chosen)} cards to {who}", give_all)

    def sort_hand(self) -> None:
        """Arrange the active hand by suit, then rank."""
        seat = self.session.active_seat
        order = sorted(self.hand_ids(), key=self._sort_key)
        if order != self.hand_ids():
            self.session.run(None, lambda: self.table.reorder_hand(seat, order))

    def _sort_key(self, card_id: str) -> tuple[int, int, str]:
        piece = self.table.get(card_id)
        card = piece.card if isinstance(piece, CardPiece) else None
        if card is None:
            return (9, 0, card_id)
        return (int(card.suit), int(card.rank), card_id)

    # ----------------------------------------------------------- painting

    def asset_of(self, card_id: str) -> str:
        """What the active seat sees of a card in a hand."""
        face = self.table.visible_face(card_id, self.session.active_seat)
        card = self.table.get(card_id)
        if not isinstance(card, CardPiece):
            return card_asset(face if face is not None else "back")
        return card_asset(card.back) if face is None else card_face_asset(face, card.deck)

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.paint_backdrop(painter)
        self.paint_others(painter)
        if self.session.covered:
            self.paint_cover(painter)
            return
        self.paint_hand(painter)

    def paint_backdrop(self, painter: QPainter) -> None:
        """Dark wood behind the hands, with the active seat's colour as a top edge."""
        shade = QLinearGradient(0, 0, 0, self.height())
        shade.setColorAt(0, QColor("#3b2a1e"))
        shade.setColorAt(1, QColor("#241912"))
        painter.fillRect(self.rect(), shade)
        seat = self.table.seats[self.session.active_seat]
        painter.fillRect(0, 0, self.width(), 3, QColor(seat.colour))

    def paint_hand(self, painter: QPainter) -> None:
        """The active seat's cards, faces up, the hovered one lifted."""
        seat = self.table.seats[self.session.active_seat]
        ids = self.hand_ids()
        _title(
            painter,
            QRectF(14, 4, 400, TITLE_HEIGHT - 4),
            f"{shown_name(seat.name)}'s hand",
            len(ids),
        )
        rects = self.card_rects(len(ids))
        dragging = self.press is not None and self.press.dragging
        dragged = set(self.press.cards) if self.press is not None and dragging else set()
        chosen = set(self.selection())
        for index, (cid, rect) in enumerate(zip(ids, rects, strict=True)):
            if cid in chosen:
                rect = rect.translated(0, -SELECTED_LIFT)
            elif index == self.hover_index and not dragging:
                rect = rect.translated(0, -8)
            painter.setOpacity(0.35 if cid in dragged else 1.0)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 90))
            painter.drawRoundedRect(rect.translated(2, 3), 7, 7)
            self.art.paint(painter, self.asset_of(cid), rect)
            if cid in chosen:
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(QColor("#ffd75e"), 3))
                painter.drawRoundedRect(rect.adjusted(-1, -1, 1, 1), 7, 7)
        painter.setOpacity(1.0)
        if not ids:
            painter.setPen(QColor(255, 255, 255, 120))
            painter.drawText(
                self.hand_area(),
                Qt.AlignmentFlag.AlignCenter,
                "Your hand is empty: drag cards here, or press 1–9 over the deck",
            )
        if self.hint_index is not None:
            self.paint_hint(painter, rects)

    def paint_hint(self, painter: QPainter, rects: list[QRectF]) -> None:
        """A bright bar where a dragged card would go."""
        area = self.hand_area()
        if rects and self.hint_index is not None and self.hint_index < len(rects):
            x = rects[self.hint_index].left() - 4
        elif rects:
            x = rects[-1].right() + 4
        else:
            x = area.left() + 4
        # Positional: PySide6 6.11 refuses QPen's keyword arguments (cap=...).
        pen = QPen(QColor("#ffd75e"), 4, Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(QPointF(x, area.top() + 4), QPointF(x, area.bottom() - 10))

    def paint_others(self, painter: QPainter) -> None:
        """Every other seat: its name, colour, a few backs and how many cards it holds."""
        left = self.width() - OTHERS_WIDTH
        painter.fillRect(QRectF(left - 8, 0, OTHERS_WIDTH + 8, self.height()), QColor(0, 0, 0, 50))
        _title(painter, QRectF(left, 4, OTHERS_WIDTH, TITLE_HEIGHT - 4), "Other hands", None)
        font = QFont(self.font())
        font.setPointSizeF(10)
        for seat, row in self.other_rows():
            who = self.table.seats[seat]
            count = len(self.table.hand(seat).contents)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(who.colour))
            painter.drawEllipse(QPointF(row.left() + 10, row.center().y()), 6, 6)
            painter.setPen(QColor("#f3ead8"))
            painter.setFont(font)
            painter.drawText(
                row.adjusted(24, 0, 0, 0), Qt.AlignmentFlag.AlignVCenter, shown_name(who.name)
            )
            h = min(row.height() - 4, 36.0)
            w = h * CARD_WIDTH / CARD_HEIGHT
            for n in range(min(count, 8)):
                back = QRectF(row.left() + 110 + n * 9, row.center().y() - h / 2, w, h)
                self.art.paint(painter, "cards/back", back)
            painter.setPen(QColor("#f3ead8"))
            painter.drawText(
                row.adjusted(0, 0, -4, 0),
                Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                f"{count} card{'s' if count != 1 else ''}",
            )

    def paint_cover(self, painter: QPainter) -> None:
        """The privacy screen: the hand stays hidden until its owner clicks."""
        area = QRectF(0, 0, self.width() - OTHERS_WIDTH - 8, self.height())
        painter.fillRect(area, QColor("#1b2631"))
        seat = self.table.seats[self.session.active_seat]
        painter.setPen(QPen(QColor(seat.colour), 3))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(area.adjusted(12, 12, -12, -12), 14, 14)
        font = QFont(self.font())
        font.setPointSizeF(17)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor("white"))
        painter.drawText(
            area,
            Qt.AlignmentFlag.AlignCenter,
            "You are watching: no hand is yours"
            if self.session.remote  # a shared table's screen is covered for a spectator only
            else f"Pass to {shown_name(seat.name)}, then click to see the hand",
        )


def _title(painter: QPainter, rect: QRectF, text: str, count: int | None) -> None:
    font = QFont(painter.font())
    font.setPointSizeF(10.5)
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(QColor("#f3ead8"))
    shown = text if count is None else f"{text}  ·  {count} card{'s' if count != 1 else ''}"
    painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, shown)
