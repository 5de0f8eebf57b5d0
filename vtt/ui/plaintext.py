"""Text from a pack, a file or a person, shown in the window as the text it is.

Qt guesses that a label's, a message box's or a tooltip's text is HTML when it looks
like markup, so a pack named ``<b>Big</b><img src=x>`` would be drawn bold with an
image fetched from a path the pack chose. Every label here is a :class:`Label`,
which never reads markup; the window's own markup (a heading, a coloured dot) is a
:func:`rich_label` whose every piece of text is :func:`escaped`; a tooltip is made
by :func:`tip`. The text itself is first made visible and cut short
(``vtt.rules.shown``): no hidden character, no megabyte line.
"""

from __future__ import annotations

import html

from vtt.rules.shown import LINE_CHARS, shown
from vtt.ui.qt import QLabel, QMessageBox, Qt, QWidget

__all__ = ["Label", "escaped", "plain_box", "rich_label", "tip"]


class Label(QLabel):
    """A label that shows its text as plain text, whatever it looks like."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setText(text)


def rich_label(markup: str) -> QLabel:
    """A label of the window's own markup (any text in it passed through ``escaped``)."""
    label = QLabel(markup)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


def escaped(text: object, limit: int = LINE_CHARS) -> str:
    """Text to put inside the window's own markup: shown, never read as markup."""
    return html.escape(shown(text, limit), quote=False)  # element text: quotes may stay


def tip(text: object, limit: int = LINE_CHARS) -> str:
    """A tooltip showing ``text`` as it is (a tooltip, too, reads what looks like markup)."""
    plain = shown(text, limit)
    if "<" not in plain:  # Qt takes text without a tag as plain text: it stays as it is
        return plain
    lines = html.escape(plain).split("\n")
    return "<p style='white-space:pre-wrap'>" + "<br>".join(lines) + "</p>"


def plain_box(box: QMessageBox) -> QMessageBox:
    """A message box that shows its text as plain text."""
    box.setTextFormat(Qt.TextFormat.PlainText)
    return box
