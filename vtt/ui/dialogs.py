"""Small dialogs: numbers, questions, warnings, a new table, and the shortcut list.

The question and number helpers are module functions so tests can replace
them; warnings are shown window-modal without blocking, so nothing waits on them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vtt.rules.setups import Setup
from vtt.rules.shown import ERROR_CHARS, shown, shown_name, without_hidden
from vtt.table import MAX_SEATS, Seat, default_seats
from vtt.table.seats import SEAT_COLOURS
from vtt.ui.plaintext import Label, plain_box
from vtt.ui.qt import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QLineEdit,
    QMessageBox,
    QSize,
    QSpinBox,
    Qt,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)
from vtt.ui.screen import fit_to_screen
from vtt.ui.shortcuts import GROUPS, PIECE_KEYS_NOTE, SHORTCUTS

#: The widest the Keys column of Help > Shortcuts gets, in pixels; longer lists wrap.
KEYS_COLUMN_MAX = 200


def ask_number(
    parent: QWidget, title: str, label: str, value: int, low: int, high: int
) -> int | None:
    """Ask for a whole number; None if cancelled."""
    number, ok = QInputDialog.getInt(parent, title, label, value, low, high)
    return int(number) if ok else None


def ask_text(parent: QWidget, title: str, label: str, value: str) -> str | None:
    """Ask for a line of text (its invisible characters dropped); None if cancelled or
    blank. The question is shown as plain text: it may hold a name from a file."""
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(title)
    dialog.setLabelText(shown(label))
    dialog.setTextValue(value)
    for shown_label in dialog.findChildren(QLabel):
        shown_label.setTextFormat(Qt.TextFormat.PlainText)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    text = without_hidden(dialog.textValue()).strip()
    return text or None


def ask_yes_no(parent: QWidget, title: str, text: str) -> bool:
    """Ask a yes/no question."""
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    return _asked(parent, title, text, buttons) == QMessageBox.StandardButton.Yes


def ask_choice(parent: QWidget | None, title: str, text: str, choices: Sequence[str]) -> str | None:
    """Ask to choose one of ``choices``, a button each (the first is the default), or
    Cancel: the choice made, None for Cancel (or the box closed)."""
    cancel = QMessageBox.StandardButton.Cancel
    box = plain_box(QMessageBox(QMessageBox.Icon.Question, title, shown(text), cancel, parent))
    buttons = [
        (box.addButton(choice, QMessageBox.ButtonRole.AcceptRole), choice) for choice in choices
    ]
    box.setDefaultButton(buttons[0][0])
    box.exec()
    return next((choice for button, choice in buttons if button is box.clickedButton()), None)


def ask_save_changes(parent: QWidget, name: str) -> str:
    """Ask whether to save changes before closing: "save", "discard" or "cancel"."""
    buttons = (
        QMessageBox.StandardButton.Save
        | QMessageBox.StandardButton.Discard
        | QMessageBox.StandardButton.Cancel
    )
    answer = _asked(parent, "Save changes?", f"Save the changes to {name}?", buttons)
    if answer == QMessageBox.StandardButton.Save:
        return "save"
    if answer == QMessageBox.StandardButton.Discard:
        return "discard"
    return "cancel"


def _asked(parent: QWidget, title: str, text: str, buttons: Any) -> Any:
    """The button a modal question was answered with; its text shown as plain text."""
    box = plain_box(QMessageBox(QMessageBox.Icon.Question, title, shown(text), buttons, parent))
    box.exec()
    return box.standardButton(box.clickedButton())


def warn(parent: QWidget, title: str, text: str) -> QMessageBox:
    """Show a warning without blocking (window-modal)."""
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        title,
        shown(text, ERROR_CHARS),
        QMessageBox.StandardButton.Ok,
        parent,
    )
    plain_box(box)
    box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    box.open()
    return box


class NewTableDialog(QDialog):
    """Choose a setup, how many seats and their names."""

    def __init__(
        self, setups: list[Setup], chosen: Setup | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setups = setups
        self.setWindowTitle("New table")
        self.choice = QComboBox()
        for setup in setups:
            self.choice.addItem(shown_name(setup.name))
        self.count = QSpinBox()
        self.names = [QLineEdit(seat.name) for seat in default_seats(MAX_SEATS)]
        self.about = Label()
        self.about.setWordWrap(True)
        self.form = QFormLayout()
        self.form.addRow("Setup:", self.choice)
        self.form.addRow("Seats:", self.count)
        for index, edit in enumerate(self.names):
            self.form.addRow(f"Seat {index + 1}:", edit)
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.about)
        layout.addWidget(buttons)
        self.count.valueChanged.connect(self._show_names)
        self.choice.currentIndexChanged.connect(self._show_setup)
        self.choice.setCurrentIndex(setups.index(chosen) if chosen in setups else 0)
        self._show_setup(self.choice.currentIndex())

    def setup(self) -> Setup:
        """The chosen setup."""
        return self.setups[self.choice.currentIndex()]

    def _show_setup(self, index: int) -> None:
        low, high, default = self.setups[index].players
        self.count.setRange(low, min(high, MAX_SEATS))
        self.count.setValue(default)
        self.about.setText(shown(self.setups[index].description))
        self._show_names(self.count.value())

    def _show_names(self, count: int) -> None:
        for index in range(MAX_SEATS):
            self.form.setRowVisible(index + 2, index < count)

    def seats(self) -> tuple[Seat, ...]:
        """The chosen seats with their names and colours."""
        chosen = []
        for index in range(self.count.value()):
            name = self.names[index].text().strip() or default_seats(index + 1)[index].name
            chosen.append(Seat(name, SEAT_COLOURS[index]))
        return tuple(chosen)


class ShortcutsWindow(QDialog):
    """Help > Shortcuts: every key and gesture, from the one shortcut table."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Shortcuts")
        rows = [s for group in GROUPS for s in SHORTCUTS if s.group == group]
        grid = QTableWidget(len(rows), 3)
        grid.setHorizontalHeaderLabels(["Group", "Keys", "Does"])
        grid.verticalHeader().hide()
        grid.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        grid.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        grid.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        for row, shortcut in enumerate(rows):
            for column, text in enumerate(
                (shortcut.group, " / ".join(shortcut.keys), shortcut.text)
            ):
                grid.setItem(row, column, QTableWidgetItem(text))
        grid.setStyleSheet("QTableWidget::item { padding: 3px 4px; }")  # wrapped lines breathe
        grid.resizeColumnsToContents()
        # Long key lists and descriptions wrap onto more lines instead of being cut off:
        # the keys take at most a third of the window, the description the rest.
        grid.setWordWrap(True)
        grid.setTextElideMode(Qt.TextElideMode.ElideNone)
        grid.setColumnWidth(1, min(grid.columnWidth(1), KEYS_COLUMN_MAX))
        grid.horizontalHeader().setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        grid.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.grid = grid
        layout = QVBoxLayout(self)
        layout.addWidget(Label(PIECE_KEYS_NOTE))
        layout.addWidget(grid)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.close)
        layout.addWidget(close)
        fit_to_screen(self, QSize(680, 760))
