"""``suit``: a suit, written ``R`` or ``Rock``; every suit unless ``from`` says."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vtt.janken import Suit
from vtt.rules.argtypes.codes import Digit
from vtt.rules.argtypes.registry import SUITS, ArgType, Role, register

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["SUIT"]


def _digit(game: Game, arg: ArgDef) -> Digit:
    return Digit(len(SUITS), int, SUITS.__getitem__)


SUIT = register(
    ArgType(
        "suit",
        "a suit, written `R` or `Rock`; every suit unless `from` says",
        lambda word, _: Suit.parse(word),
        Role.VALUE,
        _digit,
        (("`suit`", "Rock 0, Paper 1, Scissors 2, Water 3, Lizard 4", "5"),),
        lambda value, _: Suit(value).letter,
        default="suits",
    )
)
