"""Quit (Ctrl+Q) from any window: every window closes, each asking to save what it would lose."""

from __future__ import annotations

from vtt.ui.qt import QApplication, QMainWindow


def quit_application() -> bool:
    """Close every window: the games first, then the tables, each asking about unsaved
    changes. A Cancel stops there and leaves that window and the rest open; True if
    everything closed (the application then ends with its last window)."""
    # Loaded here: the table window itself offers Quit.
    from vtt.ui.window import TableWindow

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return True
    windows = [w for w in app.topLevelWidgets() if isinstance(w, QMainWindow) and w.isVisible()]
    windows.sort(key=lambda window: isinstance(window, TableWindow))
    for window in windows:
        if window.isVisible() and not window.close():
            return False
    app.closeAllWindows()  # what is left: rules and shortcut windows, which ask nothing
    return True
