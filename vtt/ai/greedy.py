"""The greedy agent: looks one move ahead and takes the best value it sees.

A move that wins at once is taken; one that loses at once is avoided; otherwise the
pack's scores decide (``vtt.ai.value.edge``), ties at random. With hidden cards the
position is one deal sampled from the view, so a move is judged on a plausible
deal, never the true one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from vtt.ai.agent import Budget
from vtt.ai.value import edge
from vtt.rules.moves import Move
from vtt.rules.sampling import sample

__all__ = ["GreedyAgent"]


class GreedyAgent:
    """One ply on the pack's value; the same seed makes the same choices."""

    def __init__(
        self, seed: int = 0, budget: Budget | None = None, now: Callable[[], float] | None = None
    ) -> None:
        self.random = random.Random(seed)
        self.cancelled = False
        #: A cap on one choice's time (the window's), looked at before each move judged:
        #: a pack whose moves are heavy gets the best of the moves judged in time.
        self.budget = budget
        self.now = now

    def cancel(self) -> None:
        """Stop thinking: a choice under way returns the best move judged so far (or a
        legal move) before judging another, and so does every later ``choose``."""
        self.cancelled = True

    def choose(self, view: Any, legal_moves: Sequence[Move]) -> Move:
        """The legal move whose next position is worth most to this seat (one of the
        ``best`` at random)."""
        moves = list(legal_moves)
        if not moves:
            raise ValueError("there is no legal move to choose")
        if len(moves) == 1:
            return moves[0]
        best = self.best(view, moves)
        return best[self.random.randrange(len(best))] if best else moves[0]

    def best(self, view: Any, legal_moves: Sequence[Move], deal: Any = None) -> list[Move]:
        """The moves ``choose`` picks among, each as likely: those whose next position,
        on one deal sampled from the view (or on ``deal``, a position the view allows),
        is worth most to this seat (a win 1000, a loss -1000, else the pack's value).
        Empty when cancelled before judging one. ``tools/best_response.py`` reads
        Greedy's choices from here."""
        moves = list(legal_moves)
        if len(moves) == 1:
            return moves
        seat = view.seat
        clock = self.budget.clock(self.now, lambda: self.cancelled) if self.budget else None
        base = sample(view, self.random) if deal is None else deal
        best: list[Move] = []
        top = -float("inf")
        for move in moves:
            if self.cancelled or (clock is not None and clock.expired()):
                break
            state = base.clone()
            state.apply_unchecked(move)
            value = 1000.0 * state.returns()[seat] if state.is_terminal() else edge(state, seat)
            if value > top:
                best, top = [move], value
            elif value == top:
                best.append(move)
        return best
