"""Undo history: every operation is recorded as the pieces it changed, before and after.

Recording snapshots rather than inverse operations keeps undo exact for every
operation, including random ones: a shuffle's result is in its "after"
snapshot, so redo gives back the same order and undo the old one.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtt.table.pieces import Piece
from vtt.table.seats import Seat

#: Oldest steps are forgotten beyond this many.
HISTORY_LIMIT = 5000


@dataclass(frozen=True, slots=True)
class Step:
    """One undoable step: the label shown to the user and the changed state.

    ``before`` and ``after`` map piece ids to a snapshot, or to None where the
    piece did not exist. ``seats_before``/``seats_after`` are set when the seats changed.
    """

    label: str
    before: dict[str, Piece | None]
    after: dict[str, Piece | None]
    seats_before: tuple[Seat, ...] | None = None
    seats_after: tuple[Seat, ...] | None = None


class History:
    """The done steps and the undone steps that redo can bring back."""

    def __init__(self, limit: int = HISTORY_LIMIT) -> None:
        self._done: list[Step] = []
        self._undone: list[Step] = []
        self._limit = limit

    def record(self, step: Step) -> None:
        """Add a new step; anything undone can no longer be redone."""
        self._done.append(step)
        self._undone.clear()
        if len(self._done) > self._limit:
            del self._done[: len(self._done) - self._limit]

    def pop_undo(self) -> Step | None:
        """Take the last done step for undoing, or None."""
        if not self._done:
            return None
        step = self._done.pop()
        self._undone.append(step)
        return step

    def pop_redo(self) -> Step | None:
        """Take the last undone step for redoing, or None."""
        if not self._undone:
            return None
        step = self._undone.pop()
        self._done.append(step)
        return step

    def peek_undo(self) -> Step | None:
        """The step undo would revert, left in place (None: nothing to undo)."""
        return self._done[-1] if self._done else None

    def peek_redo(self) -> Step | None:
        """The step redo would repeat, left in place (None: nothing to redo)."""
        return self._undone[-1] if self._undone else None

    @property
    def redo_depth(self) -> int:
        """How many undone steps redo can bring back."""
        return len(self._undone)

    def clear(self) -> None:
        """Forget everything (after loading a file)."""
        self._done.clear()
        self._undone.clear()

    @property
    def undo_label(self) -> str | None:
        """The label of the step undo would revert."""
        return self._done[-1].label if self._done else None

    @property
    def redo_label(self) -> str | None:
        """The label of the step redo would repeat."""
        return self._undone[-1].label if self._undone else None

    def __len__(self) -> int:
        return len(self._done)
