"""``word``: one of given words, written as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vtt.rules.argtypes.codes import Digit
from vtt.rules.argtypes.registry import ArgType, Role, register

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["WORD"]


def _encode(word: str) -> int:
    return int.from_bytes(b"\x01" + word.encode("utf-8"), "big")


def _decode(code: int) -> str:
    data = code.to_bytes((code.bit_length() + 7) // 8, "big")
    if not data or data[0] != 1:
        raise ValueError(f"{code} is not a word's number")
    return data[1:].decode("utf-8")


def _digit(game: Game, arg: ArgDef) -> Digit:
    return Digit(0, _encode, _decode)


WORD = register(
    ArgType(
        "word",
        "one of given words, written as it is",
        lambda word, _: word.lower(),
        Role.VALUE,
        _digit,
        (("`word`", "the big-endian number of the byte 0x01 followed by its UTF-8", "unbounded"),),
    )
)
