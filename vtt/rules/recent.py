"""A cache that keeps its most recently used entries only.

A game keeps what it works out per tuple of seat names (the Moves spelled with those
names, the blank position, the first position): a host that plays game after game
with ever new names would otherwise keep every one of them.

>>> kept = Recent[str, int](2)
>>> kept.keep("a", 1), kept.keep("b", 2), kept.find("a")
(1, 2, 1)
>>> kept.keep("c", 3)  # "b" is the least recently used: it goes
3
>>> sorted(kept), kept.find("b")
(['a', 'c'], None)
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TypeVar

__all__ = ["SEAT_NAMES_KEPT", "Recent"]

#: How many tuples of seat names a game keeps what it worked out for (its caches per
#: seat names): games played at the same time beyond this still play right, but
#: work their Moves out again.
SEAT_NAMES_KEPT = 32

K = TypeVar("K")
V = TypeVar("V")


class Recent(OrderedDict[K, V]):
    """A mapping of at most ``size`` entries: ``keep`` adds one and lets the least
    recently used go; ``find`` looks one up and marks it used."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def find(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        found = self.get(key)
        if found is not None:
            self.move_to_end(key)
        return found

    def keep(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key``; the least recently used entry goes when full."""
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)
        return value
