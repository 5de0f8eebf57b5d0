"""The seat bar: one chip per seat (name, colour, cards in hand); click a chip to pass the screen.

Double-click renames a seat, the + button adds one (up to eight), and the
chip's menu gives a seat another colour or removes a seat whose hand is empty.
Dropping a card on a chip puts it into that seat's hand.
"""

from __future__ import annotations

from vtt.rules.shown import shown_name
from vtt.table import MAX_SEATS, Seat
from vtt.table.layout import add_seat, remove_seat
from vtt.table.seats import COLOUR_NAMES, DEFAULT_NAMES, SEAT_COLOURS
from vtt.ui import dialogs
from vtt.ui.art import DARK_DOT, dot_edge, swatch
from vtt.ui.plaintext import Label, tip
from vtt.ui.qt import (
    QColor,
    QColorDialog,
    QFontMetrics,
    QHBoxLayout,
    QMenu,
    QMouseEvent,
    QPainter,
    QPen,
    QPoint,
    QRectF,
    QSize,
    QSizePolicy,
    Qt,
    QToolButton,
    QWidget,
)
from vtt.ui.session import TableSession

#: The narrowest a seat chip gets (eight of them and the rest of the bar fit in 1366 px).
CHIP_MIN_WIDTH = 100


class SeatChip(QWidget):
    """One seat: a colour dot, its name and the number of cards in its hand."""

    def __init__(self, bar: SeatBar, seat: int) -> None:
        super().__init__(bar)
        self.bar = bar
        self.seat = seat
        self.hinted = False
        self.setFixedHeight(32)
        # Eight chips fit a 1366-pixel laptop screen: a chip narrows, eliding its name,
        # down to this, and gives back the room when the window is wide.
        self.setMinimumWidth(CHIP_MIN_WIDTH)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(160, 32)

    def minimumSizeHint(self) -> QSize:
        return QSize(CHIP_MIN_WIDTH, 32)

    def count_text(self) -> str:
        """The cards in the seat's hand, in words: "1 card", "5 cards"."""
        count = len(self.bar.session.table.hand(self.seat).contents)
        return f"{count} card{'s' if count != 1 else ''}"

    def long_fits(self) -> bool:
        """True if the name and the count in words fit the chip side by side."""
        session = self.bar.session
        if self.seat >= len(session.table.seats):
            return True
        font = self.font()
        font.setBold(self.seat == session.active_seat)
        text = f"{session.table.seats[self.seat].name}  {self.count_text()}"
        return QFontMetrics(font).horizontalAdvance(text) <= self._room()

    def cards_shown(self) -> str:
        """What the chip shows of the hand: "5 cards", or the number alone when any chip
        of the bar is too narrow for it (all alike: one chip saying "0" beside another's
        "0 cards" reads as two different things)."""
        cards = self.count_text()
        if all(chip.long_fits() for chip in self.bar.chips):
            return cards
        return cards.split()[0]

    def _room(self) -> float:
        return QRectF(self.rect()).adjusted(1, 2, -1, -2).width() - 28 - 10

    def paintEvent(self, event: object) -> None:
        session = self.bar.session
        if self.seat >= len(session.table.seats):
            return
        seat = session.table.seats[self.seat]
        active = self.seat == session.active_seat
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        box = QRectF(self.rect()).adjusted(1, 2, -1, -2)
        colour = QColor(seat.colour)
        fill = QColor(colour) if active else QColor(255, 255, 255, 18)
        if active:
            fill.setAlpha(90)
        painter.setBrush(fill)
        edge = (
            QColor("#ffd75e") if self.hinted else (colour if active else QColor(255, 255, 255, 60))
        )
        painter.setPen(QPen(edge, 2.5 if self.hinted or active else 1))
        painter.drawRoundedRect(box, 13, 13)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(colour)
        if colour.lightness() < DARK_DOT:  # a ring, or Black's dot is lost on the dark bar
            painter.setPen(QPen(dot_edge(colour), 1.5))
        painter.drawEllipse(box.left() + 8, box.center().y() - 6, 12, 12)
        painter.setPen(QColor("white"))
        font = self.font()
        font.setBold(active)
        painter.setFont(font)
        cards = self.cards_shown()  # and as much name as fits
        metrics = painter.fontMetrics()
        room = self._room()
        name_room = int(room - metrics.horizontalAdvance(f"  {cards}"))
        name = metrics.elidedText(
            shown_name(seat.name), Qt.TextElideMode.ElideRight, max(name_room, 0)
        )
        painter.drawText(box.adjusted(28, 0, -8, 0), Qt.AlignmentFlag.AlignVCenter, name)
        painter.setPen(QColor(255, 255, 255, 170))
        painter.drawText(
            box.adjusted(0, 0, -10, 0),
            Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
            cards,
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        left = event.button() == Qt.MouseButton.LeftButton
        if left and self.seat != self.bar.session.active_seat:
            self.bar.session.pass_to(self.seat)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        self.bar.rename(self.seat)

    def contextMenuEvent(self, event: object) -> None:
        menu = QMenu(self)
        self.bar.fill_seat_menu(menu, self.seat)
        menu.popup(self.cursor().pos())
        self.context_menu = menu


class SeatBar(QWidget):
    """The seats at the table, above the view."""

    def __init__(self, session: TableSession, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.chips: list[SeatChip] = []
        self.row = QHBoxLayout(self)
        self.row.setContentsMargins(10, 4, 10, 4)
        self.row.setSpacing(6)
        caption = Label("Seats")
        caption.setStyleSheet("color: #cdbfa8; font-weight: bold; padding-right: 6px;")
        self.row.addWidget(caption)
        self.add_button = QToolButton()
        self.add_button.setText("+")
        self.add_button.setToolTip("Add a seat")
        # Keys belong to the table: a focused + would take Space (pan) and add a seat.
        self.add_button.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.add_button.clicked.connect(self.add)
        self.hint = Label()
        self.hint.setStyleSheet("color: #cdbfa8;")
        # The hint takes what room the chips leave, and none when they need it all.
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground)
        self.setStyleSheet("SeatBar { background: #2a1f17; border-bottom: 1px solid #120c08; }")
        session.replaced.connect(self.rebuild)
        session.changed.connect(self._on_change)
        session.seat_changed.connect(lambda _seat: self._refresh())
        self.rebuild()

    def _on_change(self, change: object) -> None:
        if getattr(change, "seats", False):
            self.rebuild()
        else:
            self._refresh()

    def rebuild(self) -> None:
        """Make one chip per seat."""
        for chip in self.chips:
            self.row.removeWidget(chip)
            chip.hide()
            chip.deleteLater()
        self.row.removeWidget(self.add_button)
        self.row.removeWidget(self.hint)
        self.chips = [SeatChip(self, seat) for seat in range(len(self.session.table.seats))]
        for chip in self.chips:
            self.row.addWidget(chip)
        self.row.addWidget(self.add_button)
        self.row.addWidget(self.hint, 1)
        self.add_button.setEnabled(len(self.chips) < MAX_SEATS)
        self._refresh()

    def _refresh(self) -> None:
        name = self.session.seat_name()
        if self.session.remote:  # a shared table: every player has a screen of their own
            watching = getattr(self.session, "seat", 0) is None
            mine = "You are watching." if watching else f"You play {shown_name(name)}."
            self.hint.setText(f"   {mine} Every player plays at their own screen.")
        else:
            self.hint.setText(
                f"   At the screen: {shown_name(name)}. Click a seat to pass the screen."
            )
        for chip in self.chips:
            chip.setToolTip(
                tip(f"{self.session.table.seats[chip.seat].name}: {chip.count_text()} in hand")
                if chip.seat < len(self.session.table.seats)
                else ""
            )
            chip.update()

    # ------------------------------------------------------------- seats

    def add(self) -> None:
        """Add a seat with the next default name and colour."""
        seats = list(self.session.table.seats)
        if len(seats) >= MAX_SEATS:
            return
        used = {s.name for s in seats}
        name = next((n for n in DEFAULT_NAMES if n not in used), f"Seat {len(seats) + 1}")
        newcomer = Seat(name, SEAT_COLOURS[len(seats)])
        self.session.run(None, lambda: add_seat(self.session.table, newcomer))

    def fill_seat_menu(self, menu: QMenu, seat: int) -> None:
        """One seat's actions: pass the screen to it, rename it, recolour it, remove it."""
        seats = self.session.table.seats
        name = seats[seat].name
        menu.addAction(f"Pass the screen to {name}").triggered.connect(
            lambda: self.session.pass_to(seat)
        )
        menu.addAction("Rename…").triggered.connect(lambda: self.rename(seat))
        colours = menu.addMenu("Colour")
        taken = {s.colour.lower(): s.name for s in seats}
        for colour, label in zip(SEAT_COLOURS, COLOUR_NAMES, strict=True):
            holder = taken.get(colour)
            text = f"{label} ({holder})" if holder else label
            action = colours.addAction(swatch(colour), text)
            action.triggered.connect(lambda _=False, c=colour: self.recolour(seat, c))
        colours.addSeparator()
        colours.addAction("Other colour…").triggered.connect(lambda: self.pick_colour(seat))
        menu.addAction(f"Remove {name}'s seat").triggered.connect(lambda: self.remove(seat))

    def recolour(self, seat: int, colour: str) -> None:
        """Give a seat another colour (one step to undo)."""
        table = self.session.table
        if table.seats[seat].colour.lower() != colour.lower():
            label = f"{table.seats[seat].name}'s colour"
            self.session.run(label, lambda: table.recolour_seat(seat, colour))

    def pick_colour(self, seat: int) -> None:
        """Ask for any colour for a seat."""
        now = self.session.table.seats[seat]
        chosen = QColorDialog.getColor(QColor(now.colour), self, f"Colour for {now.name}")
        if chosen.isValid():
            self.recolour(seat, chosen.name())

    def rename(self, seat: int) -> None:
        """Ask for a seat's new name."""
        old = self.session.table.seats[seat].name
        name = dialogs.ask_text(self, "Rename seat", f"New name for {old}:", old)
        if name and name != old:
            self.session.run(None, lambda: self.session.table.rename_seat(seat, name))

    def remove(self, seat: int) -> None:
        """Remove a seat whose hand is empty, with its own pieces; later seats move up,
        keeping their hands, and every seat's pieces move round to its new place."""
        self.session.run(None, lambda: remove_seat(self.session.table, seat))

    # ------------------------------------------------- drop zone for drags

    def chip_at(self, global_pos: QPoint) -> SeatChip | None:
        """The chip under a global point."""
        for chip in self.chips:
            if chip.isVisible() and chip.rect().contains(chip.mapFromGlobal(global_pos)):
                return chip
        return None

    def hand_drop_at(self, global_pos: QPoint) -> tuple[int, int | None] | None:
        """Dropping on a chip puts the cards at the end of that seat's hand."""
        chip = self.chip_at(global_pos)
        return (chip.seat, None) if chip is not None else None

    def show_drop_hint(self, global_pos: QPoint | None) -> None:
        """Light up the chip under a drag."""
        under = self.chip_at(global_pos) if global_pos is not None else None
        for chip in self.chips:
            if chip.hinted != (chip is under):
                chip.hinted = chip is under
                chip.update()
