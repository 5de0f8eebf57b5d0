"""The random agent: picks uniformly among the legal moves, from its own seeded RNG."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

__all__ = ["RandomAgent"]

M = TypeVar("M")


class RandomAgent:
    """An agent that plays any legal move; the same seed makes the same choices."""

    def __init__(self, seed: int = 0) -> None:
        self._random = random.Random(seed)

    def cancel(self) -> None:
        """Nothing to stop: a random choice is made at once (every agent has ``cancel``)."""

    def choose(self, view: object, legal_moves: Iterable[M]) -> M:
        """One of the legal moves, chosen at random (the view is not needed)."""
        moves: Sequence[M] = legal_moves if isinstance(legal_moves, list) else list(legal_moves)
        if not moves:
            raise ValueError("there is no legal move to choose")
        return moves[self._random.randrange(len(moves))]
