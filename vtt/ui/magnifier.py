"""The magnifier: hold Alt over a card to see it large, beside the cursor."""

from __future__ import annotations

from vtt.ui.art import Art
from vtt.ui.qt import QColor, QEvent, QKeyEvent, QPainter, QPoint, QRectF, Qt, QWidget

#: The magnified card's height in screen pixels.
HEIGHT = 420


class Magnifier(QWidget):
    """A large, mouse-transparent picture of one asset over the table view."""

    def __init__(self, art: Art, parent: QWidget) -> None:
        super().__init__(parent)
        self.art = art
        self.asset = ""
        #: Shown turned round (the piece lies nearer upside down than upright).
        self.turned = False
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.hide()

    def show_asset(self, asset: str, near: QPoint, rotation: float = 0.0) -> None:
        """Show ``asset`` large next to ``near`` (parent coordinates), kept inside the parent;
        a piece lying ``rotation`` degrees round shows as :func:`upside_down` says."""
        self.turned = upside_down(rotation)
        self._fit(asset, self.parentWidget().height() - 40)
        x = near.x() + 40
        if x + self.width() > self.parentWidget().width():
            x = near.x() - 40 - self.width()
        y = max(
            8, min(near.y() - self.height() // 2, self.parentWidget().height() - self.height() - 8)
        )
        self._show_at(asset, x, y)

    def show_above(self, asset: str, near: QPoint, bottom: int) -> None:
        """Show ``asset`` large above the line ``bottom`` (parent coordinates), across from
        ``near``: a card of a hand shows over the table, not over the rest of the hand."""
        self.turned = False
        self._fit(asset, bottom - 16)
        x = near.x() - self.width() // 2
        x = min(x, self.parentWidget().width() - self.width() - 8)
        self._show_at(asset, x, max(8, bottom - self.height() - 8))

    def _fit(self, asset: str, room: int) -> None:
        box = self.art.size_of(asset)
        height = min(HEIGHT, max(200, room))
        width = round(height * box.width() / max(1, box.height()))
        self.resize(width + 16, height + 16)

    def _show_at(self, asset: str, x: int, y: int) -> None:
        self.move(max(8, x), y)
        self.asset = asset
        self.show()
        self.raise_()
        self.update()

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 110))
        painter.drawRoundedRect(QRectF(self.rect()).adjusted(4, 6, 0, 0), 16, 16)
        card = QRectF(self.rect()).adjusted(4, 4, -12, -12)
        if self.turned:
            painter.translate(card.center())
            painter.rotate(180)
            painter.translate(-card.center())
        self.art.paint(painter, self.asset, card)


def upside_down(rotation: float) -> bool:
    """True if a piece turned ``rotation`` degrees lies nearer upside down than upright.

    The magnifier shows such a piece turned round, and any other upright, so that what
    is the right way up on the table reads the right way up, level, in the magnifier:
    the Rule Card turned half round reads its Joker rules.

    >>> [upside_down(r) for r in (0, 45, 90, 135, 180, 225, 270, 315, -180)]
    [False, False, False, True, True, True, False, False, True]
    """
    return 90 < rotation % 360 < 270


def claim_alt(event: QEvent) -> bool:
    """Accept Alt's shortcut override for a view where Alt alone magnifies; True if done.

    Left to the menu bar, Alt alone puts it in keyboard mode: it takes the focus and
    the key's release, so the card stays large and the next key (F) opens a menu.
    """
    alone = isinstance(event, QKeyEvent) and event.key() in (Qt.Key.Key_Alt, Qt.Key.Key_Meta)
    if alone and event.type() == QEvent.Type.ShortcutOverride:
        event.accept()
        return True
    return False
