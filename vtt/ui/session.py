"""The table being played: the model, its file, who sits at the screen, and one door for moves.

Widgets never call the model behind each other's back: they run every user
action through :meth:`TableSession.run`, which makes it one undoable step and
turns a :class:`TableError` into a message instead of a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from vtt.table import Change, Table, TableError
from vtt.ui.qt import QObject, QTimer, Signal

_T = TypeVar("_T")

#: How long after a change the autosave is written (unless another change comes first).
AUTOSAVE_MS = 500


class TableSession(QObject):
    """The window's current table and the seat at the screen.

    Signals:
        changed(Change): after every step, undo and redo of the table.
        replaced(): a different table was put in (New, Open, restore).
        seat_changed(int): another seat is now at the screen.
        covered_changed(bool): the privacy screen went up or down.
        message(str): something to tell the user (a refusal, a result).
        modified_changed(bool): the table differs from its file, or no longer does.
    """

    changed = Signal(object)
    replaced = Signal()
    seat_changed = Signal(int)
    covered_changed = Signal(bool)
    message = Signal(str)
    modified_changed = Signal(bool)

    #: True for a table a network host keeps (``vtt.ui.nettable``): nothing to save here.
    remote = False

    def __init__(self, table: Table | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.table = table if table is not None else Table(2)
        self.path: Path | None = None
        self.modified = False
        self.active_seat = 0
        self.covered = False
        self.table.subscribe(self._on_change)

    # ------------------------------------------------------------ the table

    def replace(self, table: Table, path: Path | None = None, opened: bool = False) -> None:
        """Put another table on (New, Open): observers rebuild everything.

        A table ``opened`` from a file (or an autosave) comes up behind the privacy
        screen whenever a hand holds a card: nobody knows who sits at the screen now,
        so the seat named on it must take the screen before its hand shows.
        """
        self.table.unsubscribe(self._on_change)
        self.table = table
        self.path = path
        table.subscribe(self._on_change)
        self.active_seat = min(self.active_seat, len(table.seats) - 1)
        # Set before any observer hears of the new table: none draws a hand uncovered.
        self.covered = opened and self.has_secrets()
        self.replaced.emit()
        self.seat_changed.emit(self.active_seat)
        self.covered_changed.emit(self.covered)
        self.set_modified(False)

    def _on_change(self, change: Change) -> None:
        if change.seats and self.active_seat >= len(self.table.seats):
            self.active_seat = len(self.table.seats) - 1
            self.seat_changed.emit(self.active_seat)
        self.changed.emit(change)
        self.set_modified(True)

    def set_modified(self, modified: bool) -> None:
        """Mark the table as differing from its file (or not)."""
        if modified != self.modified:
            self.modified = modified
            self.modified_changed.emit(modified)

    def run(self, label: str | None, action: Callable[[], _T]) -> _T | None:
        """Do ``action`` as one undoable step; on a TableError say why and return None.

        With ``label`` None the action must be a single operation, which names its own step.
        """
        try:
            if label is None:
                return action()
            with self.table.batch(label):
                return action()
        except TableError as error:
            self.message.emit(_sentence(str(error)))
            return None

    def undo_label(self) -> str | None:
        """What Edit > Undo would take back (None: nothing)."""
        return self.table.history.undo_label

    def redo_label(self) -> str | None:
        """What Edit > Redo would make again (None: nothing)."""
        return self.table.history.redo_label

    def undo(self) -> None:
        """Undo the last step, saying what was undone."""
        label = self.table.undo()
        self.message.emit(f"Undid: {label}" if label else "Nothing to undo")

    def redo(self) -> None:
        """Redo the last undone step, saying what was redone."""
        label = self.table.redo()
        self.message.emit(f"Redid: {label}" if label else "Nothing to redo")

    # ------------------------------------------------------------ the seats

    def seat_name(self, seat: int | None = None) -> str:
        """The name of a seat (the active one by default)."""
        return self.table.seats[self.active_seat if seat is None else seat].name

    def pass_to(self, seat: int) -> None:
        """Hand the screen to another seat: the privacy screen covers the hands until clicked."""
        if not 0 <= seat < len(self.table.seats):
            return
        self.active_seat = seat
        self.seat_changed.emit(seat)
        self.set_covered(True)

    def has_secrets(self) -> bool:
        """True if the seat at the screen may not be the only one there is and some
        seat holds what only it may see (a card in its hand)."""
        seats = range(len(self.table.seats))
        return len(seats) > 1 and any(self.table.hand(seat).contents for seat in seats)

    def set_covered(self, covered: bool) -> None:
        """Raise or lower the privacy screen over the hands."""
        if covered != self.covered:
            self.covered = covered
            self.covered_changed.emit(covered)


class AutosaveClock(QObject):
    """When a window writes its autosave: AUTOSAVE_MS after a change, or as soon as the
    window has drawn the next change when that comes first (never inside its update), so
    the file lacks no more than the last change however fast changes come (the
    computer's moves at the Instant pace); changes made together (a drag's steps) are
    written once. A third change before the window could draw the second one writes at
    once."""

    def __init__(self, write: Callable[[], None], parent: QObject) -> None:
        super().__init__(parent)
        self.write = write
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(AUTOSAVE_MS)
        self.timer.timeout.connect(self._due)
        #: The write waiting is due now: it runs when the event loop next turns.
        self.soon = False

    def changed(self) -> None:
        """A change was made: write it soon, or right after this update with the one
        still waiting."""
        if self.soon:
            self.flush()
        if self.timer.isActive():
            self.soon = True
            self.timer.start(0)  # after the window's update and its drawing
        else:
            self.timer.start(AUTOSAVE_MS)

    def _due(self) -> None:
        self.soon = False
        self.write()

    def pending(self) -> bool:
        """True while a change waits to be written."""
        return self.timer.isActive()

    def flush(self) -> None:
        """Write the change waiting now, if any (before the window closes)."""
        if self.timer.isActive():
            self.timer.stop()
            self._due()

    def stop(self) -> None:
        """Write nothing more (the window is going away)."""
        self.timer.stop()
        self.soon = False


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text
