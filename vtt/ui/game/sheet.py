"""The score sheet of a game of hands: a window beside the game, one row per hand.

It reads the sheet from the view on screen (the sheet is public, so every seat's
view holds it whole) and is filled again after every move while it is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vtt.rules.sheet import SHEET, SheetDef, SheetTable
from vtt.rules.shown import shown, shown_name
from vtt.ui.plaintext import Label
from vtt.ui.qt import (
    QAbstractItemView,
    QDialog,
    QHeaderView,
    QSize,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from vtt.ui.screen import fit_to_screen

if TYPE_CHECKING:
    from vtt.rules.views import View

__all__ = ["ScoreSheet"]


class ScoreSheet(QDialog):
    """The score sheet: a column per value written once a hand, then each seat's columns
    under its name, a row per hand, the newest at the bottom and in view."""

    def __init__(self, sheet: SheetDef, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sheet = sheet
        self.setWindowTitle(title)
        self.note = Label()
        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        layout = QVBoxLayout(self)
        layout.addWidget(self.note)
        layout.addWidget(self.table, 1)
        fit_to_screen(self, QSize(600, 360))  # then as wide as its columns: fit_width

    def fill(self, view: View) -> SheetTable:
        """Show the rows written so far, as ``view`` reads them; the table shown."""
        table = self.sheet.table(view.vars.get(SHEET, ()), view.seat_names)
        # A seat's columns are headed by its name over the column's own heading.
        headings = [shown_name(h).capitalize() for h in table.row_headings]
        headings += [
            f"{shown_name(name)}\n{shown_name(label)}"
            for name in table.seats
            for label in table.seat_headings
        ]
        self.table.setColumnCount(len(headings))
        self.table.setHorizontalHeaderLabels(headings)
        lines = table.lines()
        self.table.setRowCount(len(lines))
        for row, texts in enumerate(lines):
            for column, text in enumerate(texts):
                item = QTableWidgetItem(shown(text))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, column, item)
        if lines:
            self.table.scrollToBottom()
        hands = len(lines)
        self.note.setText(
            "No hand has been scored yet: the sheet gets a row at the end of each hand."
            if not hands
            else f"{hands} {'hand' if hands == 1 else 'hands'} scored."
        )
        return table

    def fit_width(self) -> None:
        """As wide as every column needs (a sheet of five seats is wide), within the
        screen; the table scrolls sideways only where the screen is narrower."""
        self.table.resizeColumnsToContents()
        columns = self.table.horizontalHeader().length()
        wanted = QSize(columns + 2 * self.table.frameWidth() + 40, self.height())
        fit_to_screen(self, wanted.expandedTo(QSize(420, 0)))
