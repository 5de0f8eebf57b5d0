"""Moves: frozen values written in a pack's notation, and how that notation is read and written.

>>> str(Move.parse("  place R   at b2 "))
'place R at b2'
>>> Move.parse("flip")
Move('flip')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vtt.janken import NotationError
from vtt.rules.argtypes import ARG_TYPES
from vtt.rules.errors import RulesError
from vtt.rules.model import ArgDef, MoveDef

__all__ = ["IllegalMove", "InvalidMove", "Move", "format_move", "notation_pattern", "read_args"]


class IllegalMove(RulesError, ValueError):
    """A move the rules do not allow now; the message is the pack's own reason."""


class InvalidMove(RulesError, ValueError):
    """A text that is not a move of this pack at all (bad notation)."""


@dataclass(frozen=True, slots=True)
class Move:
    """A move, identified by its text in the pack's notation (``play QL``, ``place S at b2``)."""

    text: str
    # Set on the canonical moves a game makes (never compared, hashed or shown), so
    # applying one needs no lookup: the kind of move and its argument values.
    kind: Any = field(default=None, compare=False, repr=False)
    values: tuple[Any, ...] = field(default=(), compare=False, repr=False)

    def __hash__(self) -> int:
        return hash(self.text)

    @classmethod
    def parse(cls, text: str) -> Move:
        """A move from text, with its spacing normalised; ``game.parse_move`` also checks it."""
        return cls(" ".join(text.split()))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Move({self.text!r})"


_PLACE = re.compile(r"\{(\w+)\}")


def notation_pattern(text: str, args: Sequence[ArgDef]) -> re.Pattern[str]:
    """The regular expression that reads a move's notation; args become named groups."""
    several = {arg.name for arg in args if ARG_TYPES[arg.type].several_words}
    pattern, position = "", 0
    for match in _PLACE.finditer(text):
        pattern += _literal(text[position : match.start()])
        name = match.group(1)
        pattern += f"(?P<{name}>.+?)" if name in several else f"(?P<{name}>\\S+)"
        position = match.end()
    pattern += _literal(text[position:])
    return re.compile(f"^{pattern}$", re.IGNORECASE)


def _literal(text: str) -> str:
    return r"\s+".join(re.escape(word) for word in text.split(" ")) if text else ""


def placeholders(text: str) -> list[str]:
    """The argument names a notation mentions, in order."""
    return _PLACE.findall(text)


def read_args(move: MoveDef, text: str, seat_names: Sequence[str]) -> tuple[Any, ...] | None:
    """The argument values of ``text`` if it is written as this move, else None."""
    match = move.pattern.match(text)
    if match is None:
        return None
    try:
        return tuple(
            ARG_TYPES[arg.type].read(match.group(arg.name), seat_names) for arg in move.args
        )
    except NotationError:
        return None


def format_move(move: MoveDef, values: Sequence[Any], seat_names: Sequence[str]) -> str:
    """The canonical notation of a move with these argument values."""
    written = {
        arg.name: ARG_TYPES[arg.type].write(value, seat_names)
        for arg, value in zip(move.args, values, strict=True)
    }
    return _PLACE.sub(lambda m: written[m.group(1)], move.text)
