"""The value of a position short of its end, from what a pack declares: its scores.

Greedy play, the solver's move ordering and playouts cut short all read the pack's
``scores:`` (JANTORI's points, War's cards won...). A pack without scores gives every
unfinished position the same value.
"""

from __future__ import annotations

import math
from typing import Any

__all__ = ["edge", "estimate", "lead"]


def edge(state: Any, seat: int) -> float:
    """How far ``seat``'s score leads the best other seat's (0 without scores)."""
    scores = state.game.scores
    if scores is None:
        return 0.0
    return lead(scores(state.env), seat)


def lead(scores: Any, seat: int) -> float:
    """How far ``seat``'s score leads the best other one (0 for scores that are not
    numbers)."""
    try:
        mine = float(scores[seat])
        others = [float(v) for i, v in enumerate(scores) if i != seat]
    except (TypeError, ValueError, IndexError):
        return 0.0
    return mine - max(others, default=0.0)


def estimate(state: Any) -> list[float]:
    """Returns in (-1, 1) for an unfinished position: each seat's score lead squashed,
    or the true returns at the end."""
    if state.is_terminal():
        return list(state.returns())
    count = state.players
    return [math.tanh(edge(state, seat) / 4.0) * 0.5 for seat in range(count)]
