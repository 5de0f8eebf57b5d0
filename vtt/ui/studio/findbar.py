"""The find and replace bar under the pack editor (Ctrl+F, Ctrl+H; Esc closes it)."""

from __future__ import annotations

from vtt.ui.qt import (
    QCheckBox,
    QEvent,
    QGridLayout,
    QKeyEvent,
    QLabel,
    QLineEdit,
    QObject,
    QPushButton,
    Qt,
    QWidget,
)
from vtt.ui.studio.editor import PackEditor


class FindBar(QWidget):
    """Find (next, previous) and replace (one, all) in a PackEditor."""

    def __init__(self, editor: PackEditor, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.find = QLineEdit()
        self.find.setPlaceholderText("Find")
        self.find.setClearButtonEnabled(True)
        self.replace = QLineEdit()
        self.replace.setPlaceholderText("Replace with")
        self.case = QCheckBox("Match case")
        self.status = QLabel()
        self.next_button = QPushButton("Next")
        self.previous_button = QPushButton("Previous")
        self.replace_button = QPushButton("Replace")
        self.all_button = QPushButton("Replace all")
        close = QPushButton("\u2715")
        close.setFlat(True)
        close.setToolTip("Close (Esc)")
        close.setFixedWidth(28)
        grid = QGridLayout(self)
        grid.setContentsMargins(4, 2, 4, 2)
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(2)
        grid.addWidget(self.find, 0, 0)
        grid.addWidget(self.previous_button, 0, 1)
        grid.addWidget(self.next_button, 0, 2)
        grid.addWidget(self.case, 0, 3)
        grid.addWidget(close, 0, 4)
        grid.addWidget(self.replace, 1, 0)
        grid.addWidget(self.replace_button, 1, 1)
        grid.addWidget(self.all_button, 1, 2)
        grid.addWidget(self.status, 1, 3, 1, 2)
        grid.setColumnStretch(0, 1)
        self.find.returnPressed.connect(self.next)
        self.find.installEventFilter(self)
        self.find.textEdited.connect(self._typed)
        self.replace.returnPressed.connect(self.replace_next)
        self.next_button.clicked.connect(self.next)
        self.previous_button.clicked.connect(self.previous)
        self.replace_button.clicked.connect(self.replace_next)
        self.all_button.clicked.connect(self.replace_everywhere)
        close.clicked.connect(self.close_bar)
        self.hide()

    def open_find(self, replacing: bool = False) -> None:
        """Show the bar (with the replace row when replacing), the selection as the text
        to find."""
        selected = self.editor.textCursor().selectedText()
        if selected and "\u2029" not in selected:
            self.find.setText(selected)
        for widget in (self.replace, self.replace_button, self.all_button):
            widget.setVisible(replacing)
        self.status.clear()
        self.show()
        self.find.setFocus()
        self.find.selectAll()

    def close_bar(self) -> None:
        self.hide()
        self.editor.setFocus()

    def next(self) -> bool:
        return self._found(self.editor.find_text(self.find.text(), case=self.case.isChecked()))

    def previous(self) -> bool:
        found = self.editor.find_text(self.find.text(), backward=True, case=self.case.isChecked())
        return self._found(found)

    def replace_next(self) -> bool:
        found = self.editor.replace_one(
            self.find.text(), self.replace.text(), case=self.case.isChecked()
        )
        return self._found(found)

    def replace_everywhere(self) -> int:
        count = self.editor.replace_all(
            self.find.text(), self.replace.text(), case=self.case.isChecked()
        )
        self.status.setText(f"{count} replaced")
        return count

    def _typed(self, _text: str) -> None:
        cursor = self.editor.textCursor()
        cursor.setPosition(cursor.selectionStart())
        self.editor.setTextCursor(cursor)
        self.next()

    def _found(self, found: bool) -> bool:
        self.status.setText("" if found or not self.find.text() else "Not found")
        return found

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Escape:
            self.close_bar()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Shift+Enter in the find field finds the previous match."""
        if (
            watched is self.find
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
            and event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        ):
            self.previous()
            return True
        return super().eventFilter(watched, event)
