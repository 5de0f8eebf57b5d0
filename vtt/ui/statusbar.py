"""The status line: a said text clears itself after a few seconds, never lingering."""

from __future__ import annotations

from vtt.rules.shown import shown
from vtt.ui.qt import QStatusBar, QTimer, QWidget

#: How long a status text stays when it is said without a time of its own, in ms.
STATUS_MS = 6000


class FadingStatusBar(QStatusBar):
    """A status bar whose every message goes after a while, its own or :data:`STATUS_MS`.

    Qt keeps a message without a timeout for ever; here it stays until the next one
    replaces it, :meth:`clearMessage` is called, or the fade timer runs out.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.fade_timer = QTimer(self)
        self.fade_timer.setSingleShot(True)
        self.fade_timer.timeout.connect(self.clearMessage)

    def showMessage(self, text: str, timeout: int = 0) -> None:
        """Show ``text`` for ``timeout`` ms (:data:`STATUS_MS` when 0)."""
        super().showMessage(shown(text))
        self.fade_timer.start(timeout or STATUS_MS)

    def clearMessage(self) -> None:
        """Take the message away now."""
        self.fade_timer.stop()
        super().clearMessage()
