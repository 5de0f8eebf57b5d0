"""The seeded random numbers of a game: a small PRNG whose whole state is one integer.

A state's chance (shuffles, deals, random draws) comes from here, so the same seed
and the same moves give the same game, and copying a state copies one integer.

>>> a, b = Rng(7), Rng(7)
>>> [a.below(10) for _ in range(5)] == [b.below(10) for _ in range(5)]
True
"""

from __future__ import annotations

import sys
from array import array
from hashlib import shake_128
from typing import Any

__all__ = ["Rng"]

_MASK = (1 << 64) - 1
_BIG_ENDIAN = sys.byteorder == "big"
if array("Q").itemsize != 8:  # pragma: no cover - every platform CPython supports today
    raise ImportError("vtt.rules.rng needs 8-byte unsigned integers in array('Q')")


class Rng:
    """SplitMix64: fast, good enough for card games, and fully determined by ``state``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``, without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle ``items`` in place: one draw from this generator seeds the whole shuffle.

        Shuffling the deck was most of the cost of starting a card game, so the random
        numbers come from C: SHAKE-128 stretches the drawn number into one 64-bit number
        per item (read little-endian on every machine, so a seed deals the same cards
        everywhere), and a Fisher-Yates pass swaps each item with one at or before it.
        Taking a 64-bit number modulo at most the deck's size favours some choices by
        less than one part in 2**50 for any deck a game can hold."""
        seed = self.next64()
        count = len(items)
        if count < 2:
            return
        numbers = array("Q", shake_128(seed.to_bytes(8, "little")).digest(8 * count))
        if _BIG_ENDIAN:
            numbers.byteswap()
        for index in range(count - 1, 0, -1):
            other = numbers[index] % (index + 1)
            items[index], items[other] = items[other], items[index]

    def copy(self) -> Rng:
        """An independent generator at the same point."""
        return Rng(self.state)
