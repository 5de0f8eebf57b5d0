"""Start the table window: ``vtt`` and ``vtt open FILE`` land here."""

from __future__ import annotations

import sys

from vtt.ui.memory import settle_memory
from vtt.ui.qt import QApplication, QColor, QFont, QPalette
from vtt.ui.window import TableWindow


def application() -> QApplication:
    """The running QApplication (made once, with the app's name and font)."""
    app = QApplication.instance()
    if isinstance(app, QApplication):
        return app
    app = QApplication(sys.argv[:1])
    app.setApplicationName("Janken Table")
    app.setOrganizationName("janken-table")
    app.setStyle("Fusion")
    font = QFont(app.font())
    font.setPointSizeF(max(font.pointSizeF(), 10.0))
    app.setFont(font)
    app.setPalette(dark_palette())
    return app


def dark_palette() -> QPalette:
    """A warm dark palette, so the window frames the table like a dim room."""
    palette = QPalette()
    role = QPalette.ColorRole
    for name, colour in (
        (role.Window, "#2a1f17"),
        (role.WindowText, "#f3ead8"),
        (role.Base, "#1e1611"),
        (role.AlternateBase, "#33261c"),
        (role.Text, "#f3ead8"),
        (role.Button, "#3b2c21"),
        (role.ButtonText, "#f3ead8"),
        (role.Highlight, "#c8913a"),
        (role.HighlightedText, "#1e1611"),
        (role.ToolTipBase, "#fff8e6"),
        (role.ToolTipText, "#2a1f17"),
        (role.PlaceholderText, "#9c8f7c"),
    ):
        palette.setColor(name, QColor(colour))
    palette.setColor(QPalette.ColorGroup.Disabled, role.Text, QColor("#7d705f"))
    palette.setColor(QPalette.ColorGroup.Disabled, role.ButtonText, QColor("#7d705f"))
    palette.setColor(QPalette.ColorGroup.Disabled, role.WindowText, QColor("#7d705f"))
    return palette


def start_window(path: str | None = None) -> TableWindow:
    """Show the table window, opening a file (a table, a saved game or a record) or else
    offering back what a crash left in the autosaves."""
    window = TableWindow()
    window.show_fitted()
    if path is not None:
        window.open_path(path)
    else:
        window.offer_restore()
    return window


def run_app(path: str | None = None) -> int:
    """Open the window (see :func:`start_window`) and run until the last window closes."""
    app = application()
    _window = start_window(path)  # held until the loop ends
    settle_memory()
    return app.exec()
