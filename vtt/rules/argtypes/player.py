"""``player``: a seat, written with the player's name (or a number from 1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from vtt.janken import NotationError
from vtt.rules.argtypes.codes import Digit
from vtt.rules.argtypes.registry import ArgType, Role, register

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["PLAYER"]


def _read(word: str, seat_names: Sequence[str]) -> int:
    lowered = [name.lower() for name in seat_names]
    if word.lower() in lowered:
        return lowered.index(word.lower())
    if word.isdigit() and 1 <= int(word) <= len(seat_names):
        return int(word) - 1
    raise NotationError(f"{word!r} is not a player: expected one of {', '.join(seat_names)}")


def _digit(game: Game, arg: ArgDef) -> Digit:
    seats = game.players[1]

    def encode(seat: Any) -> int:
        if not (type(seat) is int and 0 <= seat < seats):
            raise ValueError(f"{seat!r} is not a seat of 0 to {seats - 1}")
        return seat

    return Digit(seats, encode, int)


PLAYER = register(
    ArgType(
        "player",
        "a seat, written with the player's name (or a number from 1); every seat unless "
        "`from` says",
        _read,
        Role.SEAT,
        _digit,
        (("`player`", "the seat's number", "the pack's most players"),),
        lambda value, seat_names: str(seat_names[value]),
        default="players",
    )
)
