"""``number``: a whole number, written ``3``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from vtt.janken import NotationError
from vtt.rules.argtypes.codes import Digit, unzigzag, zigzag
from vtt.rules.argtypes.registry import ArgType, Role, register

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["NUMBER"]


def _read(word: str, seat_names: Sequence[str]) -> int:
    try:
        return int(word)
    except ValueError:
        raise NotationError(f"{word!r} is not a number") from None


def _digit(game: Game, arg: ArgDef) -> Digit:
    return Digit(0, zigzag, unzigzag)


NUMBER = register(
    ArgType(
        "number",
        "a whole number, written `3`",
        _read,
        Role.NUMBER,
        _digit,
        (("`number`", "zigzag: 0, -1, 1, -2, 2 ... as 0, 1, 2, 3, 4 ...", "unbounded"),),
    )
)
