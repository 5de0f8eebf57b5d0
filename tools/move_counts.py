"""Python calls and opcodes a move, counted over seeded random games: a measure of the
engine's work that a busy machine cannot blur (the timers of ``paired_rates.py`` read
a few per cent apart from run to run at a load of 7 on 2 cores).

    PYTHONPATH=TREE python tools/move_counts.py jantori,war 40

For each pack, ``GAMES`` seeded random games (as ``paired_rates.py``'s playouts) with
the journal kept and from ``clone()``, traced with ``sys.settrace``: the Python frames
run (calls, generated code included) and the opcodes they execute, per move. Run it
once per tree (``git worktree add --detach /tmp/old REV``) and compare.
"""

from __future__ import annotations

import sys
from types import FrameType
from typing import Any

from paired_rates import playout  # the same seeded random games


def counts(pack: str, games: int, clone: bool) -> tuple[float, float]:
    """(calls, opcodes) a move over ``games`` seeded games of ``pack``."""
    from vtt.rules import load_game

    game = load_game(pack)
    for seed in range(games):  # the same games first, untraced: compiled and warm
        playout(game, clone, seed)
    found = [0, 0]

    def local(frame: FrameType, event: str, arg: object) -> Any:
        if event == "opcode":
            found[1] += 1
        return local

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        found[0] += 1
        return local

    moves = 0
    sys.settrace(tracer)
    try:
        for seed in range(games):
            moves += playout(game, clone, seed)
    finally:
        sys.settrace(None)
    return found[0] / moves, found[1] / moves


def main(packs: list[str], games: int) -> None:
    print("| pack | playouts | calls a move | opcodes a move |")
    print("|---|---|---:|---:|")
    for pack in packs:
        for clone in (False, True):
            calls, opcodes = counts(pack, games, clone)
            kind = "search (clone)" if clone else "game (journal)"
            print(f"| {pack} | {kind} | {calls:,.1f} | {opcodes:,.0f} |")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1].split(","), int(sys.argv[2]))
