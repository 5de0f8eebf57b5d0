"""How an argument's value becomes a digit of a move's action (``vtt.rules.actions``):
the shared pieces each argument type's ``digit`` is made of."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import isqrt
from typing import Any

__all__ = ["Digit", "listed_digit", "pair", "unpair", "unzigzag", "zigzag"]


class Digit:
    """How one argument's value becomes a number: ``radix`` > 0 for a bounded domain
    (the number is below it), 0 for an unbounded one (numbers, words, free cells)."""

    __slots__ = ("decode", "encode", "radix")

    def __init__(self, radix: int, encode: Callable[[Any], int], decode: Callable[[int], Any]):
        self.radix = radix
        self.encode = encode
        self.decode = decode


def zigzag(value: int) -> int:
    """0, -1, 1, -2, 2 ... as 0, 1, 2, 3, 4 ...: any whole number as a natural one."""
    return 2 * value if value >= 0 else -2 * value - 1


def unzigzag(code: int) -> int:
    return code // 2 if code % 2 == 0 else -(code + 1) // 2


def pair(x: int, y: int) -> int:
    """Cantor's pairing: two natural numbers as one, both recoverable."""
    return (x + y) * (x + y + 1) // 2 + y


def unpair(z: int) -> tuple[int, int]:
    w = (isqrt(8 * z + 1) - 1) // 2
    y = z - w * (w + 1) // 2
    return w - y, y


def listed_digit(items: Sequence[Any], what: str) -> Digit:
    """A value as its index in ``items`` (``what`` names them in errors)."""
    index = {item: position for position, item in enumerate(items)}

    def encode(value: Any) -> int:
        try:
            return index[value]
        except KeyError:
            raise ValueError(f"{value!r} is not one of the {what} ({len(items)})") from None

    return Digit(len(items), encode, items.__getitem__)
