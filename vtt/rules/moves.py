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
from vtt.rules.errors import RulesError
from vtt.rules.model import ArgDef, MoveDef

__all__ = [
    "IllegalMove",
    "InvalidMove",
    "KnownMoves",
    "Move",
    "format_move",
    "notation_pattern",
    "read_args",
]


class IllegalMove(RulesError, ValueError):
    """A move the rules do not allow now; the message is the pack's own reason."""


class InvalidMove(RulesError, ValueError):
    """A text that is not a move of this pack at all (bad notation)."""


class Move:
    """A move, identified by its text in the pack's notation (``play QL``, ``place S at b2``).

    The canonical moves a game makes also carry their kind of move and argument values
    (never compared, hashed or shown), so applying one needs no lookup; their text is
    written when first read, as most of the moves a search generates are never shown.

    A canonical move's kind and seat names are those of its class: a game makes one
    subclass of ``Move`` per kind and seat names (``Move.family``), so a move made holds
    only its values, and making one sets a single attribute (a search makes thousands)."""

    __slots__ = ("_text", "values")

    _text: str
    values: tuple[Any, ...]
    #: Of the class: None for a move read from text, the kind for a family's moves.
    kind: Any = None
    _names: Sequence[str] = ()

    def __init__(self, text: str, kind: Any = None, values: tuple[Any, ...] = ()) -> None:
        set_ = object.__setattr__
        set_(self, "_text", text)
        set_(self, "values", values)
        if kind is not None:
            set_(self, "__class__", Move.family(kind, ()))

    @staticmethod
    def family(kind: MoveDef, seat_names: Sequence[str]) -> type[Move]:
        """A new class of the moves of ``kind`` written with ``seat_names`` (the game keeps
        one per kind and names: ``Game.move_of``)."""
        made: type[Move] = type(
            "Move", (Move,), {"__slots__": (), "kind": kind, "_names": seat_names}
        )
        made.__module__ = __name__
        return made

    @property
    def names(self) -> Sequence[str]:
        """The seat names its text is written with (a canonical move; else empty)."""
        return self._names

    @property
    def text(self) -> str:
        """The move in the pack's notation."""
        try:
            return self._text
        except AttributeError:  # a canonical move not read yet
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


class KnownMoves(dict[tuple[Any, ...], Move]):
    """The Moves of one kind a game has made for one spelling of the seats, by argument
    values; ``nest`` holds them again by their other arguments, for the legal-move
    search (``vtt.rules.generate``). Only the game that made them keeps them."""

    __slots__ = ("nest",)

    def __init__(self) -> None:
        super().__init__()
        self.nest: dict[Any, Any] = {}


_PLACE = re.compile(r"\{(\w+)\}")


#: The longest move text read: longer ones are no move of any pack.
MAX_MOVE_TEXT = 2000


class Notation:
    """Reads a move's notation word by word: a word of the notation that is a whole
    ``{cards}`` placeholder spans ``min`` to ``max`` words of the text (or ``none``);
    any other word of it matches one word of the text, its placeholders standing for
    runs of characters other than the word's own literal ones.

    A span takes the fewest words that let the rest be read. Which places in the text
    the rest can be read from is worked out once, from the last word of the notation
    back, so reading takes at most (words of the notation) x (words of the text) x
    (cards a span may hold) steps, never the exponential time of a backtracking
    regular expression."""

    def __init__(self, text: str, args: Sequence[ArgDef]) -> None:
        spans = {
            arg.name: (max(arg.low, 1), max(arg.high, 1))
            for arg in args
            if arg.argtype.several_words
        }
        self.parts: list[tuple[str, int, int] | re.Pattern[str]] = []
        for word in text.split():
            whole = _PLACE.fullmatch(word)
            if whole is not None and whole.group(1) in spans:
                self.parts.append((whole.group(1), *spans[whole.group(1)]))
            else:
                self.parts.append(_word_pattern(word))

    def match(self, text: str) -> dict[str, str] | None:
        """The text of each argument if ``text`` is written in this notation, else None."""
        if len(text) > MAX_MOVE_TEXT:
            return None
        words = text.split()
        parts = self.parts
        # fits[part]: the word positions from which the parts from ``part`` on read the
        # rest of the text, worked out from the last part back (no recursion, no retries).
        fits: list[set[int]] = [set() for _ in parts] + [{len(words)}]
        for part in range(len(parts) - 1, -1, -1):
            shape, after = parts[part], fits[part + 1]
            for at in range(len(words)):
                if isinstance(shape, tuple):
                    _, low, high = shape
                    reach = range(at + low, min(at + high, len(words)) + 1)
                    if not after.isdisjoint(reach):
                        fits[part].add(at)
                elif at + 1 in after and shape.fullmatch(words[at]) is not None:
                    fits[part].add(at)
        if 0 not in fits[0]:
            return None
        found: dict[str, str] = {}
        at = 0
        for part, shape in enumerate(parts):
            if isinstance(shape, tuple):
                name, low, high = shape
                end = next(e for e in range(at + low, at + high + 1) if e in fits[part + 1])
                found[name] = " ".join(words[at:end])
                at = end
            else:
                one = shape.fullmatch(words[at])
                assert one is not None
                found.update(one.groupdict())
                at += 1
        return found


def notation_pattern(text: str, args: Sequence[ArgDef]) -> Notation:
    """How a move's notation is read (the loader checked its placeholders)."""
    return Notation(text, args)


def _word_pattern(word: str) -> re.Pattern[str]:
    """One word of a notation: its placeholders match runs of the characters that are not
    literal in the word, so the word matches in one pass, without backtracking. A
    placeholder alone in its word takes any characters, so a name holding the word's
    literal letters still reads (``{foe}'s`` reads ``Jess's``): with literal text only
    at its two ends the match tries at most one split per character."""
    literal = "".join(_PLACE.split(word)[::2])
    alone = len(_PLACE.findall(word)) == 1
    value = f"[^\\s{re.escape(literal)}]+" if literal and not alone else "\\S+"
    pattern, position = "", 0
    for match in _PLACE.finditer(word):
        pattern += re.escape(word[position : match.start()])
        pattern += f"(?P<{match.group(1)}>{value})"
        position = match.end()
    pattern += re.escape(word[position:])
    return re.compile(pattern, re.IGNORECASE)


def placeholders(text: str) -> list[str]:
    """The argument names a notation mentions, in order."""
    return _PLACE.findall(text)


def read_args(move: MoveDef, text: str, seat_names: Sequence[str]) -> tuple[Any, ...] | None:
    """The argument values of ``text`` if it is written as this move, else None."""
    match = move.pattern.match(text)
    if match is None:
        return None
    try:
        return tuple(arg.argtype.read(match[arg.name], seat_names) for arg in move.args)
    except NotationError:
        return None


def format_move(move: MoveDef, values: Sequence[Any], seat_names: Sequence[str]) -> str:
    """The canonical notation of a move with these argument values."""
    written = {
        arg.name: arg.argtype.write(value, seat_names)
        for arg, value in zip(move.args, values, strict=True)
    }
    return _PLACE.sub(lambda m: written[m.group(1)], move.text)
