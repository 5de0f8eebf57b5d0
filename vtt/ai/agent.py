"""What every agent is: ``choose(view, legal_moves) -> move``, within a budget.

An agent is handed its own seat's view (``State.view(seat)``) and the legal moves,
nothing else: searching agents rebuild positions from the view
(``vtt.rules.sampling``) with the pack the view carries, that seat's own copy with
caches of its own (``Game.for_seat``), so no hidden card reaches them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from vtt.rules.moves import Move

__all__ = ["Agent", "Budget", "Clock", "OutOfTime"]


class Agent(Protocol):
    """Anything that picks a move from a seat's view and the legal moves."""

    def choose(self, view: Any, legal_moves: Sequence[Move]) -> Move:
        """One of ``legal_moves``."""
        ...

    def cancel(self) -> None:
        """Stop thinking, from any thread: a ``choose`` under way returns a legal move
        within one move's work, and so does every later one."""
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

    def clock(
        self, now: Callable[[], float] | None = None, stop: Callable[[], bool] | None = None
    ) -> Clock:
        """A clock for one move, started now (``now``: the time source, ``stop``: asked
        with the time, True to stop at once)."""
        return Clock(self, now, stop)


class OutOfTime(Exception):
    """The move's time ran out (or it was cancelled) in the middle of its work."""


class Clock:
    """Counts one move's iterations and time against its budget.

    The time is looked at before each iteration and, through ``tick``, before each
    move a search applies, so one heavy playout cannot overrun the deadline by more
    than one move's work."""

    __slots__ = ("deadline", "done", "limit", "now", "stop")

    def __init__(
        self,
        budget: Budget,
        now: Callable[[], float] | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.now = now if now is not None else time.perf_counter
        self.stop = stop
        self.deadline = self.now() + budget.seconds if budget.seconds is not None else None
        self.limit = budget.iterations
        self.done = 0

    def expired(self) -> bool:
        """True once the time is up or ``stop`` says so (iterations aside)."""
        if self.stop is not None and self.stop():
            return True
        return self.deadline is not None and self.now() >= self.deadline

    def tick(self) -> None:
        """Raise OutOfTime once the time is up: called before each move applied."""
        if self.expired():
            raise OutOfTime

    def running(self) -> bool:
        """True while the budget allows one more iteration."""
        if self.limit is not None and self.done >= self.limit:
            return False
        return not self.expired()

    def fraction(self, share: float) -> Budget:
        """A budget of ``share`` of this one's iterations and of the time left."""
        seconds = None
        if self.deadline is not None:
            seconds = max(1e-3, (self.deadline - self.now()) * share)
        iterations = max(1, int(self.limit * share)) if self.limit is not None else None
        return Budget(seconds, iterations)
