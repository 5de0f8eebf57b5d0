"""The journal of one game: the moves made and the log, kept beside the position.

A ``State`` is a position; what led to it is its ``journal``. The game being played
has one (``Game.new_state`` attaches it, ``State.copy`` copies it); a search's copies
(``State.clone``, ``determinize``) have none, and the moves they play write nothing:
no history, no log line built. Views read a state's journal (``vtt.rules.views``).
"""

from __future__ import annotations

from typing import Any

from vtt.rules.moves import Move
from vtt.rules.outcome import LogEntry, unveiled

__all__ = ["Journal"]


class Journal:
    """The moves of a game in order, and its log.

    ``lines`` holds LogEntry values, and lines not yet read as ``(text, seat, secret,
    parts)`` tuples, which cost a fifth of making the value: ``log`` makes them. A
    move's own line has its seat; the history pairs with those lines, in order.

    >>> journal = Journal()
    >>> journal.lines.append(("Ann wins", None, False, ()))
    >>> journal.log
    [LogEntry('Ann wins', seat=None, secret=False)]
    >>> copied = journal.copy()
    >>> copied.lines.append(("again", None, False, ()))
    >>> len(journal.log), len(copied.log)
    (1, 2)
    """

    __slots__ = ("_made", "history", "lines", "secret_from")

    history: list[Move]
    lines: list[LogEntry | tuple[Any, ...]]
    #: Where the lines of the round of secret choices under way begin: ``unveil``
    #: looks only at lines from here on.
    secret_from: int
    _made: int  # lines before this index are LogEntry values already

    def __init__(self) -> None:
        self.history = []
        self.lines = []
        self.secret_from = 0
        self._made = 0

    @property
    def log(self) -> list[LogEntry]:
        """The game log, oldest line first (read only, please)."""
        lines = self.lines
        for index in range(self._made, len(lines)):
            line = lines[index]
            if line.__class__ is tuple:
                lines[index] = LogEntry(*line)
        self._made = len(lines)
        return lines  # type: ignore[return-value]

    def copy(self) -> Journal:
        """An independent copy (the lines themselves are never changed, only replaced)."""
        new = Journal.__new__(Journal)
        new.history = self.history[:]
        new.lines = self.lines[:]
        new.secret_from = self.secret_from
        new._made = self._made
        return new

    def unveil(self) -> None:
        """The secret choices since ``secret_from`` become open to everyone they are
        unveiled to (the end of a round of secret choices)."""
        lines = self.lines
        for index in range(self.secret_from, len(lines)):
            entry = lines[index]
            if entry.__class__ is tuple:
                if entry[2]:
                    lines[index] = (entry[0], entry[1], unveiled(entry[2]), entry[3])
            elif entry.secret:  # type: ignore[union-attr]
                made: LogEntry = entry  # type: ignore[assignment]
                lines[index] = LogEntry(made._text, made.seat, unveiled(made.secret), made._parts)
        self.secret_from = len(lines)  # what is unveiled stays so: look only at newer lines

    def __repr__(self) -> str:
        return f"<Journal {len(self.history)} moves, {len(self.lines)} lines>"
