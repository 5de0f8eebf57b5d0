"""Comparing variants (``vtt compare``): simulated games a second in a comparison, on
one core and on two processes, and what pairing the games costs over playing both
variants' batches alone.

A comparison plays both variants' games in one stream, dealt in turn, and counts
each matched pair in index order; the figures count both variants' games.
"""

from __future__ import annotations

import time

from benchmarks import Result
from vtt.ai import simulate
from vtt.ai.compare import compare
from vtt.ai.variants import Variant

GROUP = "Comparing variants"
#: War's five-card game with and without the Jokers, random v random: quick games
#: whose length and draws differ, so the figures are a designer's real case.
A = Variant("A", "war", (("mode", "five-card"), ("jokers", False)))
B = Variant("B", "war", (("mode", "five-card"), ("jokers", True)))
AGENTS = ("random", "random")
GAMES = 200


def _compare_seconds(workers: int) -> float:
    start = time.perf_counter()
    compare(A, B, games=GAMES, agents=AGENTS, seed=1, sequential=False, workers=workers)
    return time.perf_counter() - start


def _batches_seconds() -> float:
    start = time.perf_counter()
    for variant in (A, B):
        simulate.simulate(variant.batch(GAMES, AGENTS, seed=1))
    return time.perf_counter() - start


def run() -> list[Result]:
    """Every figure of this module."""
    label = f"{GAMES} pairs of War five-card, Jokers or not, random v random"
    compare(A, B, games=2, agents=AGENTS)  # the packs loaded before the clock starts
    # The fastest of two of each, taken in turn: a busy machine slows one or the other.
    alone = min(_batches_seconds(), _batches_seconds())
    one = min(_compare_seconds(1), _compare_seconds(1))
    alone = min(alone, _batches_seconds())
    two = _compare_seconds(2)
    return [
        Result(
            GROUP, f"games a second in a comparison, one core ({label})", 2 * GAMES / one, "games/s"
        ),
        Result(
            GROUP,
            f"games a second in a comparison, 2 worker processes ({label})",
            2 * GAMES / two,
            "games/s",
            note="starting the processes included",
        ),
        Result(
            GROUP,
            "a comparison's time over its two batches played alone, one core",
            one / alone,
            "x",
            goal="< 1.2 x",
            met=one / alone < 1.2,
            note=f"{one:.2g} s against {alone:.2g} s",
        ),
    ]
