"""What every agent is: ``choose(view, legal_moves) -> move``, within a budget.

An agent is handed its own seat's view (``State.view(seat)``) and the legal moves,
nothing else: searching agents rebuild positions from the view
(``vtt.rules.sampling``) with the pack the view carries, that seat's own copy with
caches of its own (``Game.for_seat``), so no hidden card reaches them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from vtt.rules.moves import Move

__all__ = ["Agent", "Budget", "Clock"]


class Agent(Protocol):
    """Anything that picks a move from a seat's view and the legal moves."""

    def choose(self, view: Any, legal_moves: Sequence[Move]) -> Move:
        """One of ``legal_moves``."""
        ...


@dataclass(frozen=True)
class Budget:
    """How long an agent may think about one move: seconds, iterations, or both (it
    stops at the first reached). Iterations alone make an agent repeatable: the same
    seed plays the same moves on any machine, however loaded."""

    seconds: float | None = None
    iterations: int | None = None

    def __post_init__(self) -> None:
        if self.seconds is None and self.iterations is None:
            raise ValueError("a budget needs seconds, iterations or both")
        if (self.seconds is not None and self.seconds <= 0) or (
            self.iterations is not None and self.iterations < 1
        ):
            raise ValueError(f"a budget must be positive: {self}")

    def clock(self) -> Clock:
        """A clock for one move, started now."""
        return Clock(self)


class Clock:
    """Counts one move's iterations and time against its budget."""

    __slots__ = ("deadline", "done", "limit")

    def __init__(self, budget: Budget) -> None:
        self.deadline = time.perf_counter() + budget.seconds if budget.seconds is not None else None
        self.limit = budget.iterations
        self.done = 0

    def running(self) -> bool:
        """True while the budget allows one more iteration (always at least one)."""
        if self.done == 0:
            return True
        if self.limit is not None and self.done >= self.limit:
            return False
        return self.deadline is None or time.perf_counter() < self.deadline

    def fraction(self, share: float) -> Budget:
        """A budget of ``share`` of this one's iterations and of the time left."""
        seconds = None
        if self.deadline is not None:
            seconds = max(1e-3, (self.deadline - time.perf_counter()) * share)
        iterations = max(1, int(self.limit * share)) if self.limit is not None else None
        return Budget(seconds, iterations)
