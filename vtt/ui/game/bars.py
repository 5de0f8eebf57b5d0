"""Vars a pack draws as bars (``bar:``): each seat's hit points filled out of a maximum.

The side panel lists vars as text; a var whose pack gives ``bar: EXPR`` is drawn here
instead, one bar per seat (or one for a global var), coloured as its seat, with its
value written on it ("Ann · HP 85 / 100"). A value the viewer may not see, or a
maximum that cannot be worked out, leaves the var to the text list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vtt.rules.game import Game
from vtt.rules.model import VarDef, bar_maximum, shown_now
from vtt.rules.shown import shown_name
from vtt.rules.views import UNSEEN
from vtt.ui.game.painting import seat_colour
from vtt.ui.qt import QProgressBar, QVBoxLayout, QWidget

__all__ = ["VarBars", "barred"]


def barred(var: VarDef, value: object, env: Any) -> float | None:
    """The maximum a var is drawn against now, or None when it is listed as text."""
    if var.bar is None or not shown_now(var.shown, env):
        return None
    values = value if var.per_player and isinstance(value, tuple) else (value,)
    if any(v is UNSEEN or type(v) not in (int, float) for v in values):
        return None
    return bar_maximum(var.bar, env)


class VarBars(QWidget):
    """The bars of the vars a pack draws as bars, kept one per (var, seat)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(0, 0, 0, 0)
        #: (var name, seat or -1) -> its bar; made on first need, hidden when unused.
        self.bars: dict[tuple[str, int], QProgressBar] = {}

    def show_vars(
        self,
        game: Game,
        values: Mapping[str, Any],
        env: Any,
        names: Sequence[str],
        colours: Sequence[str] = (),
    ) -> set[str]:
        """Draw the barred vars among ``values``; the names of those drawn."""
        drawn: set[str] = set()
        used: set[tuple[str, int]] = set()
        for name, value in values.items():
            var = game.vars.get(name)
            top = None if var is None else barred(var, value, env)
            if var is None or top is None:
                continue
            drawn.add(name)
            label = var.label or name.replace("_", " ")
            if var.per_player and isinstance(value, tuple):
                for seat, each in enumerate(value):
                    who = names[seat] if seat < len(names) else f"P{seat + 1}"
                    self._set((name, seat), f"{who} · {label}", each, top, colours)
                    used.add((name, seat))
            else:
                self._set((name, -1), label, value, top, colours)
                used.add((name, -1))
        for key, bar in self.bars.items():
            bar.setVisible(key in used)
        self.setVisible(bool(used))
        return drawn

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
