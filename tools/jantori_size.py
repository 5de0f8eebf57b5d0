"""How big JANTORI is: the distinct positions after each placement.

A measurement for the solver's goal (docs/ai.md, "The exact solver"), not part of the
program: it asks how many positions a proof of JANTORI from the start could have to
look at, whatever engine runs it. A position here keeps only what the rest of a game
depends on: the top piece of each cell (the pieces below never count again: nothing
is ever taken off the board, and scores and legal placements read only the tops),
both markers and the pieces each player has left. The engine's own key keeps whole
stacks, so it tells more positions apart; these counts are a lower bound for it.

The rules are restated here in a few lines (the pack is the authority:
``tests/ai/test_jantori_size.py`` checks these counts against the engine's moves for
the first placements).

    .venv/bin/python tools/jantori_size.py --plies 9
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator

# Kinds: 0 Rock, 1 Paper, 2 Scissors; a top is owner * 3 + kind, or -1 for an empty cell.
BEATS = {(0, 2), (2, 1), (1, 0)}  # Rock > Scissors > Paper > Rock
KINDS = "RPS"

Position = tuple[tuple[int, ...], int, int, tuple[int, ...]]  # tops, markers, pieces left


def _reach() -> list[list[tuple[int, int]]]:
    """For each cell, each orthogonal neighbour and the cell beyond it (-1 off the board)."""
    found = []
    for cell in range(9):
        row, col = divmod(cell, 3)
        steps = []
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r1, c1, r2, c2 = row + dr, col + dc, row + 2 * dr, col + 2 * dc
            if 0 <= r1 < 3 and 0 <= c1 < 3:
                beyond = r2 * 3 + c2 if 0 <= r2 < 3 and 0 <= c2 < 3 else -1
                steps.append((r1 * 3 + c1, beyond))
        found.append(steps)
    return found


REACH = _reach()
START: Position = ((-1,) * 9, 0, 8, (4, 4, 4, 4, 4, 4))  # White on a3, Black on c1


def cell_index(name: str) -> int:
    """The index of a cell named as the pack names it: a3 is 0 (top left), c1 is 8."""
    return (3 - int(name[1])) * 3 + "abc".index(name[0])


def placements(position: Position, turn: int) -> Iterator[Position]:
    """The positions after each legal placement of the seat to move."""
    tops, white, black, left = position
    mine, theirs = (white, black) if turn == 0 else (black, white)
    for near, beyond in REACH[mine]:
        target = near
        if near == theirs:  # a jump over the other marker, never onto it
            if beyond < 0:
                continue
            target = beyond
        top = tops[target]
        for kind in range(3):
            if not left[turn * 3 + kind]:
                continue
            if top < 0 or top // 3 == turn or (kind, top % 3) in BEATS:
                new_tops = (*tops[:target], turn * 3 + kind, *tops[target + 1 :])
                new_left = list(left)
                new_left[turn * 3 + kind] -= 1
                if turn == 0:
                    yield new_tops, target, black, tuple(new_left)
                else:
                    yield new_tops, white, target, tuple(new_left)


def levels(plies: int) -> Iterator[tuple[int, set[Position], int]]:
    """Each placement's distinct positions, and how many positions before it had no move."""
    level = {START}
    for ply in range(plies):
        turn = ply % 2
        following: set[Position] = set()
        stuck = 0
        for position in level:
            before = len(following)
            moved = False
            for after in placements(position, turn):
                following.add(after)
                moved = True
            stuck += not moved and len(following) == before
        yield ply + 1, following, stuck
        level = following


def main() -> None:
    """Print the positions after each placement, with the time it took."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--plies", type=int, default=8, help="placements to count (8)")
    args = parser.parse_args()
    started = time.perf_counter()
    total = 1
    print("placements  positions  stuck before  total so far  seconds")
    for ply, level, stuck in levels(args.plies):
        total += len(level)
        spent = time.perf_counter() - started
        print(f"{ply:10d} {len(level):10,d} {stuck:13,d} {total:13,d} {spent:8.0f}", flush=True)


if __name__ == "__main__":
    main()
