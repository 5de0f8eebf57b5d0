"""Checks on meaning (``vtt.studio.meaning``): what the studio runs after each check pass.

Per shipped pack with rules, the median thread CPU time of the static checks on its
checked spec (a phase never reached, a move never legal...), held to 50 ms so that
they add little to the check pass as a designer types; and the cost of the random
games ``vtt validate --games 8`` plays, per pack, with no goal (they run on request,
or in the studio's background).
"""

from __future__ import annotations

from benchmarks import Result
from benchmarks.bench_loader import CPU_NOTE, median_ms, packs
from vtt.rules.loader import check_pack
from vtt.studio.meaning import meaning_warnings

GROUP = "Checks on meaning"
#: The static checks' goal, per pack.
STATIC_GOAL_MS = 50.0
#: The random games measured, as ``vtt validate --games 8`` plays them.
GAMES = 8


def run() -> list[Result]:
    """Every figure of this module."""
    results: list[Result] = []
    for folder in packs():
        checked = check_pack(folder)
        if checked.spec is None or checked.spec.kind != "game":
            continue
        static = median_ms(lambda checked=checked: meaning_warnings(checked))
        goal = f"< {STATIC_GOAL_MS:.0f} ms"
        results.append(
            Result(
                GROUP,
                f"static checks: {folder.name}",
                static,
                "ms",
                goal,
                static < STATIC_GOAL_MS,
                CPU_NOTE,
            )
        )
        played = median_ms(lambda checked=checked: meaning_warnings(checked, games=GAMES), 1)
        results.append(
            Result(GROUP, f"{GAMES} random games: {folder.name}", played, "ms", note=CPU_NOTE)
        )
    return results
