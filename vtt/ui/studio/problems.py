"""The problems list: every error and warning of the pack's text; a click jumps there."""

from __future__ import annotations

from collections.abc import Sequence

from vtt.rules.loader import Diagnostic
from vtt.rules.shown import shown
from vtt.ui.qt import QColor, QListWidget, QListWidgetItem, Qt, QWidget, Signal
from vtt.ui.studio.editor import colour_of, is_warning

#: The item data role holding the item's problem.
PROBLEM_ROLE = Qt.ItemDataRole.UserRole


def problem_text(diagnostic: Diagnostic) -> str:
    """A problem as the list shows it: where, then what."""
    place = f"line {diagnostic.line}" if diagnostic.line else "the file"
    if diagnostic.line and diagnostic.column:
        place += f", column {diagnostic.column}"
    return f"{place}: {shown(diagnostic.message)}"


def count_text(diagnostics: Sequence[Diagnostic]) -> str:
    """ "No problems", "1 problem", "3 problems" (warnings counted apart)."""
    warnings = sum(map(is_warning, diagnostics))
    errors = len(diagnostics) - warnings
    if not diagnostics:
        return "No problems"
    parts = []
    if errors:
        parts.append(f"{errors} problem" + ("s" if errors != 1 else ""))
    if warnings:
        parts.append(f"{warnings} warning" + ("s" if warnings != 1 else ""))
    return ", ".join(parts)


class ProblemsList(QListWidget):
    """The problems, errors first then warnings, each in order of its line."""

    chosen = Signal(int, int)  # line, column

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAlternatingRowColors(True)
        self.setWordWrap(True)
        self.itemClicked.connect(self._go)
        self.itemActivated.connect(self._go)

    def show_problems(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Show these problems in place of the last."""
        self.clear()
        ordered = sorted(
            diagnostics,
            key=lambda d: (is_warning(d), d.line, d.column),
        )
        for diagnostic in ordered:
            mark = "\u26a0" if is_warning(diagnostic) else "\u2716"
            item = QListWidgetItem(f"{mark} {problem_text(diagnostic)}")
            item.setForeground(QColor(colour_of(diagnostic)))
            item.setToolTip(shown(diagnostic.path) if diagnostic.path else "")
            item.setData(PROBLEM_ROLE, (diagnostic.line, diagnostic.column))
            self.addItem(item)

    def _go(self, item: QListWidgetItem) -> None:
        line, column = item.data(PROBLEM_ROLE)
        if line:
            self.chosen.emit(line, column)
