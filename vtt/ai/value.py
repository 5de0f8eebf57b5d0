"""The value of a position short of its end, from what a pack declares.

Greedy play, the solver's move ordering and playouts cut short read the pack's
``value:`` (each seat's standing: rows advanced, pieces taken...) when it declares
one, else its ``scores:`` (JANTORI's points, War's cards won...). A pack with
neither gives every unfinished position the same value. A random playout runs at
most the pack's ``playout:`` moves (400 when it sets none) before it is judged so.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

__all__ = ["PLAYOUT_LIMIT", "edge", "estimate", "judge", "lead", "playout_limit"]

#: A playout longer than this many moves is stopped and judged by the value, unless
#: the pack sets its own ``playout:``.
PLAYOUT_LIMIT = 400


def judge(game: Any) -> Callable[[Any], Any] | None:
    """What a position is worth to each seat: the pack's ``value:``, else its
    ``scores:`` (an expression of the environment), else None."""
    found: Callable[[Any], Any] | None = game.value if game.value is not None else game.scores
    return found


def playout_limit(game: Any) -> int:
    """How many random moves a playout runs before the value judges it."""
    return PLAYOUT_LIMIT if game.playout is None else int(game.playout)


def edge(state: Any, seat: int) -> float:
    """How far ``seat``'s value leads the best other seat's (0 with nothing to go by)."""
    standing = judge(state.game)
    if standing is None:
        return 0.0
    return lead(standing(state.env), seat)


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
    """Returns in (-1, 1) for an unfinished position: each seat's lead in value
    squashed (a lead of 4 is worth about 0.4 of a win), or the true returns at the end."""
    if state.is_terminal():
        return list(state.returns())
    count = state.players
    return [math.tanh(edge(state, seat) / 4.0) * 0.5 for seat in range(count)]
