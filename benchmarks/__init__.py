"""Speed and memory benchmarks, run by ``make bench`` (never by the test suite).

Each ``benchmarks/bench_*.py`` module has a ``run() -> list[Result]``. The runner
(``python -m benchmarks``) calls them all, prints the figures and rewrites the
generated part of ``docs/performance.md``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Result:
    """One measured figure, with the goal it is held to (if any)."""

    group: str  # the section of docs/performance.md, e.g. "Table model"
    name: str  # what was measured, e.g. "shuffle a 70-card stack"
    value: float
    unit: str  # "ms", "MB", "playouts/s", "x", ...
    goal: str = ""  # e.g. "< 10 ms"
    met: bool | None = None  # None when there is no goal
    note: str = ""


def median_ms(
    action: Callable[[], object], *, repeat: int = 50, setup: Callable[[], object] | None = None
) -> float:
    """Median wall time of ``action`` in milliseconds over ``repeat`` runs.

    ``setup`` runs before each timed call and is not timed.
    """
    times: list[float] = []
    for _ in range(repeat):
        if setup is not None:
            setup()
        start = time.perf_counter()
        action()
        times.append((time.perf_counter() - start) * 1000.0)
    return statistics.median(times)


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of ``values`` fall (nearest rank)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]
