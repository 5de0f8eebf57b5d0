"""A log panel: one line per event, long lines wrapped (and cut short past
``vtt.rules.shown.LINE_CHARS``), the last line always in view."""

from __future__ import annotations

from collections.abc import Iterable

from vtt.rules.shown import shown
from vtt.ui.qt import QListWidget, QPainter, QPaintEvent, QPalette, Qt, QWidget


class LogList(QListWidget):
    """The lines of a log, oldest first, scrolled to the newest."""

    def __init__(self, parent: QWidget | None = None, placeholder: str = "") -> None:
        super().__init__(parent)
        #: Said, greyed, while the log has no line (what it will hold).
        self.placeholder = placeholder
        #: The lines ``set_lines`` showed last (they are still shown while as many show).
        self._set: list[str] = []
        # Long lines wrap rather than hide behind a sideways scroll bar (whose coming
        # would also push the last line out of view).
        self.setWordWrap(True)
        self.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay on the table
        # The list lays its lines out later than they are added, and wraps them again when
        # its scroll bar comes: each time its length changes, its end is what shows.
        end = self.verticalScrollBar()
        end.rangeChanged.connect(lambda _low, high: end.setValue(high))

    def add(self, line: str) -> None:
        """Write one more line at the end."""
        self.addItem(shown(line))
        self.scrollToBottom()

    def set_lines(self, lines: Iterable[str]) -> None:
        """Show these lines instead (a game's log, given whole after every move): the
        lines shown already stay when the new ones go on from them, and only the new
        lines are added (none is wrapped again)."""
        wanted = [shown(line) for line in lines]
        kept = self._set
        have = self.count()
        if have == len(kept) and have <= len(wanted) and wanted[:have] == kept:
            self.addItems(wanted[have:])
        else:
            self.clear()
            self.addItems(wanted)
        self._set = wanted
        self.scrollToBottom()

    def clear(self) -> None:
        """Show no line."""
        super().clear()
        self._set = []

    def lines(self) -> list[str]:
        """The lines shown, oldest first."""
        return [self.item(row).text() for row in range(self.count())]

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self.count() or not self.placeholder:
            return
        painter = QPainter(self.viewport())
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        flags = Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft | Qt.TextFlag.TextWordWrap
        painter.drawText(self.viewport().rect().adjusted(6, 6, -6, -6), flags, self.placeholder)
        painter.end()
