"""The choices of a move with many values, as one grid of the action bar.

Stones' bid is "bid nil" or "bid 1" to "bid 13": listed a button each, most of them
scrolled away and past the number keys. Moves that differ only in the number at their
end (and the other moves written with the same words before it, "bid nil") are one
entry of the bar instead: a grid of their values, every one in sight and a click
away. From the keyboard the entry's number key takes the grid (its first value);
the arrow keys, Home and End move, typing a value goes to it ("1", "2": 12), Enter or
Space makes the move and Esc goes back to the table. The grid is made anew for each
list of moves, so nothing of an earlier hand's choice stays in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vtt.match import FrameMove
from vtt.rules.argtypes import Role, arg_type
from vtt.rules.shown import shown
from vtt.ui.plaintext import Label, tip
from vtt.ui.qt import (
    QEvent,
    QGridLayout,
    QKeyEvent,
    QPushButton,
    Qt,
    QVBoxLayout,
    QWidget,
    Signal,
)

#: Moves sharing their words before a number are a grid when there are this many.
CHOICES_LEAST = 4
#: Values in a row of the grid.
COLUMNS = 5
#: A value's button; the one the keyboard is on stands out.
VALUE_STYLE = (
    "QPushButton { padding: 4px 2px; font-size: 14px; }"
    " QPushButton:focus { background: #c8913a; color: #1e1611; border: 1px solid #f3ead8;"
    " border-radius: 3px; }"
)
#: The keys a grid takes while it has the keyboard (as well as the values typed).
_KEYS = (
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Up,
    Qt.Key.Key_Down,
    Qt.Key.Key_Home,
    Qt.Key.Key_End,
    Qt.Key.Key_Return,
    Qt.Key.Key_Enter,
    Qt.Key.Key_Escape,
)


@dataclass(frozen=True)
class Choices:
    """Moves written ``words`` and a value each (``bid`` and nil, 1, 2...)."""

    words: str
    moves: tuple[FrameMove, ...]

    def value(self, move: FrameMove) -> str:
        """The word that tells a move from the others (``nil``, ``12``)."""
        return move.text[len(self.words) + 1 :]


def _head(move: FrameMove) -> str:
    return move.text.rsplit(" ", 1)[0] if " " in move.text else ""


def _numbered(move: FrameMove) -> bool:
    """True for a move whose one argument is a number, written at its end (``bid 3``)."""
    if len(move.arg_types) != 1 or arg_type(move.arg_types[0]).role is not Role.NUMBER:
        return False
    return bool(move.values) and move.text.endswith(f" {move.values[0]}")


def grouped(moves: Sequence[FrameMove]) -> list[FrameMove | Choices]:
    """The moves in order, with those differing only in a number at their end (and any
    other written with the same words before its last: "bid nil") gathered as one
    Choices where the first of them stood, when there are CHOICES_LEAST of them or more.

    >>> moves = [FrameMove("pass", 0, "pass", (), ()), FrameMove("bid nil", 1, "bid", (), ())]
    >>> moves += [FrameMove(f"bid {n}", 1 + n, "bid", ("number",), (n,)) for n in range(1, 5)]
    >>> [m.text if isinstance(m, FrameMove) else [c.text for c in m.moves] for m in grouped(moves)]
    ['pass', ['bid nil', 'bid 1', 'bid 2', 'bid 3', 'bid 4']]
    """
    heads = {_head(move) for move in moves if _numbered(move)}
    groups: dict[str, list[FrameMove]] = {}
    for move in moves:
        if _head(move) in heads:
            groups.setdefault(_head(move), []).append(move)
    found: list[FrameMove | Choices] = []
    for move in moves:
        group = groups.get(_head(move), [])
        if len(group) < CHOICES_LEAST:
            found.append(move)
        elif move is group[0]:
            found.append(Choices(_head(move), tuple(group)))
    return found


class ChoiceButton(QPushButton):
    """One value of a grid: keys pressed on it move about the grid."""

    def __init__(self, text: str, grid: ChoiceGrid) -> None:
        super().__init__(text)
        self.grid = grid

    def event(self, event: QEvent) -> bool:
        # The window's shortcuts (Home fits the table, ← and → step a replay) leave the
        # keys that move about the grid to it while it has the keyboard.
        if event.type() == QEvent.Type.ShortcutOverride:
            assert isinstance(event, QKeyEvent)
            if self.grid.uses(event):
                event.accept()
                return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if not self.grid.key(self, event):
            super().keyPressEvent(event)


class ChoiceGrid(QWidget):
    """An entry of the action bar: its words ("1 bid:") over a grid of its values."""

    #: The move of the value clicked or chosen from the keyboard.
    chosen = Signal(object)
    #: Esc: the keyboard goes back to the table.
    left = Signal()

    def __init__(self, key: str, choices: Choices) -> None:
        super().__init__()
        self.choices = choices
        self.typed = ""
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 2, 0, 2)
        column.setSpacing(3)
        self.heading = Label(f"{key}{shown(choices.words)}:")
        self.heading.setStyleSheet("font-size: 14px; padding: 0 4px;")
        column.addWidget(self.heading)
        grid = QGridLayout()
        grid.setSpacing(3)
        column.addLayout(grid)
        self.buttons: list[ChoiceButton] = []
        for index, move in enumerate(choices.moves):
            button = ChoiceButton(shown(choices.value(move)), self)
            button.setStyleSheet(VALUE_STYLE)
            button.setMinimumWidth(36)
            button.setToolTip(tip(move.text))
            # Clicks leave the keys on the table; the entry's number key brings them here.
            button.setFocusPolicy(Qt.FocusPolicy.TabFocus)
            button.clicked.connect(lambda _=False, m=move: self.chosen.emit(m))
            grid.addWidget(button, index // COLUMNS, index % COLUMNS)
            self.buttons.append(button)

    def enter(self) -> None:
        """Give the keyboard to the grid, at its first value."""
        self.typed = ""
        self.buttons[0].setFocus()

    def uses(self, event: QKeyEvent) -> bool:
        """True for a key the grid does something with."""
        return event.key() in _KEYS or self._typing(event)

    @staticmethod
    def _typing(event: QKeyEvent) -> bool:
        plain = not event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier
        return plain and bool(event.text().strip())

    def key(self, button: ChoiceButton, event: QKeyEvent) -> bool:
        """Move about the grid, type a value or make the move; True if the key was used."""
        at = self.buttons.index(button)
        last = len(self.buttons) - 1
        keys = Qt.Key
        steps = dict(zip(_KEYS[:4], (-1, 1, -COLUMNS, COLUMNS), strict=True))
        pressed = event.key()
        if pressed in steps:
            self._go(max(0, min(last, at + steps[pressed])))
        elif pressed in (keys.Key_Home, keys.Key_End):
            self._go(0 if pressed == keys.Key_Home else last)
        elif pressed in (keys.Key_Return, keys.Key_Enter):
            button.click()
        elif pressed == keys.Key_Escape:
            self.left.emit()
        elif self._typing(event):
            return self._type(event.text())
        else:
            return False
        return True

    def _go(self, index: int) -> None:
        self.typed = ""
        self.buttons[index].setFocus()

    def _type(self, text: str) -> bool:
        """Go to the first value starting with what was typed so far, or else with this
        key alone (so "1", "2" reaches 12, and "1", "2", "5" then 5)."""
        for typed in (self.typed + text, text):
            for button in self.buttons:
                if button.text().lower().startswith(typed.lower()):
                    button.setFocus()
                    self.typed = typed
                    return True
        return False
