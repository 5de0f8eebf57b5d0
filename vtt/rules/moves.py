"""Moves: frozen values written in a pack's notation, and how that notation is read and written.

>>> str(Move.parse("  place R   at b2 "))
'place R at b2'
>>> Move.parse("flip")
Move('flip')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
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


class Move:
    """A move, identified by its text in the pack's notation (``play QL``, ``place S at b2``).

    The canonical moves a game makes also carry their kind of move and argument values
    (never compared, hashed or shown), so applying one needs no lookup; their text is
    written when first read, as most of the moves a search generates are never shown."""

    __slots__ = ("_names", "_text", "kind", "values")

    _text: str | None
    kind: Any
    values: tuple[Any, ...]
    _names: Sequence[str]

    def __init__(self, text: str, kind: Any = None, values: tuple[Any, ...] = ()) -> None:
        set_ = object.__setattr__
        set_(self, "_text", text)
        set_(self, "kind", kind)
        set_(self, "values", values)
        set_(self, "_names", ())

    @classmethod
    def of(cls, kind: MoveDef, values: tuple[Any, ...], seat_names: Sequence[str]) -> Move:
        """The canonical move of a kind with these argument values, its text written later."""
        move = cls.__new__(cls)
        set_ = object.__setattr__
        set_(move, "_text", None)
        set_(move, "kind", kind)
        set_(move, "values", values)
        set_(move, "_names", seat_names)
        return move

    @property
    def names(self) -> Sequence[str]:
        """The seat names its text is written with (a canonical move; else empty)."""
        return self._names

    @property
    def text(self) -> str:
        """The move in the pack's notation."""
        text = self._text
        if text is None:
            text = format_move(self.kind, self.values, self._names)
            object.__setattr__(self, "_text", text)
        return text

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Move cannot be changed (its {name})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Move cannot be changed (its {name})")

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return isinstance(other, Move) and self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.text,))

    def __copy__(self) -> Move:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Move:
        return self

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
