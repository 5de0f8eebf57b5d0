"""How the solver's work grows with the placements left in JANTORI (docs/ai.md, "How long
JANTORI from the start would take"): solve the position after a random line of
placements, for a number of pieces and placements made, and print the positions
searched and the rate in CPU seconds (what one free core would take, however loaded
the machine is).

    .venv/bin/python tools/solve_growth.py --pieces 3 --made 12,10,8,6,4 --seed 3
    .venv/bin/python tools/solve_growth.py --pieces 2 --made 0 --fixed-key
"""

from __future__ import annotations

import argparse
import random
import time

from vtt.ai.solver import Solver, TooBig
from vtt.ai.solvetable import fixed_key
from vtt.ai.value import judge
from vtt.rules import load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--pieces", type=int, default=3)
    parser.add_argument("--made", default="12,10,8,6", help="placements made before solving")
    parser.add_argument("--seed", type=int, default=3, help="the random line's seed")
    parser.add_argument("--seconds", type=float, default=900, help="give up after (wall)")
    parser.add_argument("--fixed-key", action="store_true", help="hash as --table does")
    args = parser.parse_args()
    game = load_game("jantori")
    for made in (int(part) for part in args.made.split(",")):
        state = game.new_state({"pieces": args.pieces}, 0)
        line = random.Random(args.seed)
        moves = []
        for _ in range(made):
            moves.append(str(line.choice(list(state.legal_moves))))
            state.apply(moves[-1])
        solver = Solver(seconds=args.seconds)
        solver.score = judge(game)
        if args.fixed_key:
            solver.key = fixed_key
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            value: int | None = solver.solve(state).value
        except TooBig:
            value = None
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        left = 6 * args.pieces - made
        print(
            f"pieces={args.pieces}, {left} placements left: {solver.nodes:,} positions,"
            f" {len(solver.table):,} kept, {cpu:.1f} s CPU ({wall:.1f} s wall),"
            f" {solver.nodes / max(cpu, 1e-9):,.0f} a CPU second, value {value}"
            f" after: {'; '.join(moves) or 'the start'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
