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

from vtt.janken import Card, NotationError, Suit
from vtt.rules.errors import RulesError
from vtt.rules.model import ArgDef, MoveDef
from vtt.rules.values import Cell

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
    types = {arg.name: arg.type for arg in args}
    pattern, position = "", 0
    for match in _PLACE.finditer(text):
        pattern += _literal(text[position : match.start()])
        name = match.group(1)
        pattern += f"(?P<{name}>.+?)" if types.get(name) == "cards" else f"(?P<{name}>\\S+)"
        position = match.end()
    pattern += _literal(text[position:])
    return re.compile(f"^{pattern}$", re.IGNORECASE)


def _literal(text: str) -> str:
    return r"\s+".join(re.escape(word) for word in text.split(" ")) if text else ""


def placeholders(text: str) -> list[str]:
    """The argument names a notation mentions, in order."""
    return _PLACE.findall(text)


def _read(arg: ArgDef, word: str, seat_names: Sequence[str]) -> Any:
    kind = arg.type
    if kind == "card":
        return Card.parse(word)
    if kind == "cards":
        if word.lower() == "none":
            return ()
        return tuple(sorted((Card.parse(w) for w in word.split()), key=Card.sort_key))
    if kind == "cell":
        return Cell.parse(word)
    if kind == "number":
        try:
            return int(word)
        except ValueError:
            raise NotationError(f"{word!r} is not a number") from None
    if kind == "suit":
        return Suit.parse(word)
    if kind == "player":
        return _read_seat(word, seat_names)
    if kind == "piece":
        return word.upper() if len(word) == 1 else word
    return word.lower()


def _read_seat(word: str, seat_names: Sequence[str]) -> int:
    lowered = [name.lower() for name in seat_names]
    if word.lower() in lowered:
        return lowered.index(word.lower())
    if word.isdigit() and 1 <= int(word) <= len(seat_names):
        return int(word) - 1
    raise NotationError(f"{word!r} is not a player: expected one of {', '.join(seat_names)}")


def read_args(move: MoveDef, text: str, seat_names: Sequence[str]) -> tuple[Any, ...] | None:
    """The argument values of ``text`` if it is written as this move, else None."""
    match = move.pattern.match(text)
    if match is None:
        return None
    try:
        return tuple(_read(arg, match.group(arg.name), seat_names) for arg in move.args)
    except NotationError:
        return None


def _write(kind: str, value: Any, seat_names: Sequence[str]) -> str:
    if kind == "cards":
        return " ".join(str(card) for card in value) if value else "none"
    if kind == "player":
        return str(seat_names[value])
    if kind == "suit":
        return Suit(value).letter
    return str(value)


def format_move(move: MoveDef, values: Sequence[Any], seat_names: Sequence[str]) -> str:
    """The canonical notation of a move with these argument values."""
    written = {
        arg.name: _write(arg.type, value, seat_names)
        for arg, value in zip(move.args, values, strict=True)
    }
    return _PLACE.sub(lambda m: written[m.group(1)], move.text)
