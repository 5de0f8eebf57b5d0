"""Vars a pack draws as bars (``bar:``): each seat's hit points filled out of a maximum.

The side panel lists vars as text; a var whose pack gives ``bar: EXPR`` is drawn here
instead, one bar per seat (or one for a global var), coloured as its seat, with its
value written on it ("Ann · HP 85 / 100"). The frame says which (``SeatFrame.bars``): a
value the viewer may not see, or a maximum that cannot be worked out, leaves the var to
the text list.
"""

from __future__ import annotations

from collections.abc import Sequence

from vtt.match import Bar
from vtt.rules.shown import shown_name
from vtt.ui.game.painting import seat_colour
from vtt.ui.qt import QProgressBar, QVBoxLayout, QWidget

__all__ = ["VarBars"]


class VarBars(QWidget):
    """The bars of the vars a pack draws as bars, kept one per (var, seat)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        #: (var name, seat or -1) -> its bar; made on first need, hidden when unused.
        self.bars: dict[tuple[str, int], QProgressBar] = {}

    def show_bars(self, bars: Sequence[Bar], colours: Sequence[str] = ()) -> None:
        """Draw the frame's bars (each var drawn as a bar now, per seat or global)."""
        used: set[tuple[str, int]] = set()
        for bar in bars:
            self._set((bar.var, bar.seat), bar.label, bar.value, bar.maximum, colours)
            used.add((bar.var, bar.seat))
        for key, widget in self.bars.items():
            widget.setVisible(key in used)
        self.setVisible(bool(used))

    def _set(
        self, key: tuple[str, int], text: str, value: float, top: float, colours: Sequence[str]
    ) -> None:
        bar = self.bars.get(key)
        if bar is None:
            bar = QProgressBar()
            bar.setObjectName(f"bar:{key[0]}:{key[1]}")
            bar.setTextVisible(True)
            if key[1] >= 0:
                colour = seat_colour(key[1], colours).name()
                bar.setStyleSheet(f"QProgressBar::chunk {{ background: {colour}; }}")
            self.bars[key] = bar
            self.column.addWidget(bar)
        # The bar is filled as far as the maximum; the text tells the value as it is
        # (a Queen may heal past the start, a knock-out goes below zero).
        bar.setRange(0, max(1, round(top)))
        bar.setValue(max(0, min(round(top), round(value))))
        # A name is plain text: "%v" in it is not the bar's value.
        shown_text = shown_name(text).replace("%", "%%")
        bar.setFormat(f"{shown_text} {_number(value)} / {_number(top)}")


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
