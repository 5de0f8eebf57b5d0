"""What a game says as it goes: its log lines, and how it ended."""

from __future__ import annotations

from dataclasses import dataclass

from vtt.rules.errors import RuleError
from vtt.rules.expr import evaluation_error
from vtt.rules.model import (
    render_parts,
)
from vtt.rules.moves import IllegalMove, InvalidMove

__all__ = ["GameOver", "LogEntry", "Outcome", "pack_failure", "secrecy", "seen_by", "unveiled"]


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winning seats (empty for a draw), why, and the scores."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[object, ...] | None = None

    @property
    def is_draw(self) -> bool:
        """True when nobody won."""
        return not self.winners


def secrecy(mode: str, mover: int, told: object, each: bool) -> object:
    """How a move's log line is kept (its ``secret``): False, everyone sees it; True, only
    the mover until the phase reveals its choices; a frozenset, only those seats for good;
    a tuple, only the mover until the phase reveals its choices, then those seats for good.

    ``mode`` is the move's ``secret`` ("", "phase", "never" or "to"), ``told`` the value
    of its ``secret: {to: ...}`` (a seat or seats), ``each`` whether the phase is one of
    simultaneous choices (elsewhere the seats told learn the move at once)."""
    if not mode:
        return False
    if mode == "phase":
        return True
    seats = {mover}
    if mode == "to":
        seats.update((told,) if isinstance(told, int) else told)  # type: ignore[arg-type]
    if each and mode == "to":
        return tuple(sorted(seats))
    return frozenset(seats)


def unveiled(secret: object) -> object:
    """A line's ``secret`` once its phase reveals the choices made in it."""
    if secret is True:
        return False
    if secret.__class__ is tuple:
        return frozenset(secret)
    return secret


def seen_by(secret: object, mover: int | None, seat: int) -> bool:
    """Whether ``seat`` reads a line kept so (see ``secrecy``) as it is written."""
    if not secret or mover is None or mover == seat:
        return True
    return secret.__class__ is frozenset and seat in secret


class LogEntry:
    """One line of the game log; a ``secret`` line shows to others only as a choice made
    (see ``secrecy`` for who may read it).

    A line an effect logs keeps its parts and is written out when first read: most
    lines of a random playout are never read."""

    __slots__ = ("_parts", "_text", "seat", "secret")

    def __init__(
        self,
        text: str | None,
        seat: int | None = None,
        secret: object = False,
        parts: tuple[object, ...] = (),
    ) -> None:
        self._text = text
        self._parts = parts
        self.seat = seat
        self.secret = secret

    @property
    def text(self) -> str:
        """The line as players read it."""
        if self._text is None:
            self._text = render_parts(self._parts)
        return self._text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return (self.text, self.seat, self.secret) == (other.text, other.seat, other.secret)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LogEntry({self.text!r}, seat={self.seat}, secret={self.secret})"


class GameOver(Exception):
    """Unwinds the effect steps once ``end_game`` has run."""


def pack_failure(error: Exception) -> None:
    """Raise the EvalError naming the pack expression that failed, if one was running.

    Expressions run through ``Expr.fast`` and generated code unwrapped; errors are
    turned into EvalErrors here, once per move or generation, not once per run."""
    if isinstance(error, GameOver | RuleError | IllegalMove | InvalidMove):
        return
    problem = evaluation_error(error)
    if problem is not None and problem is not error:
        raise problem from error
