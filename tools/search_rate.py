"""MCTS iterations per CPU second on a few positions of a pack, for side-by-side runs.

    python tools/search_rate.py janken-go
    python tools/search_rate.py war mode=five-card

Each position is a seeded game after three random moves; the search has a fixed
iteration budget, so two trees of the program (``PYTHONPATH=OTHER_TREE``) can be
compared in one sitting on a machine whose speed drifts.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from vtt.ai.agent import Budget
from vtt.ai.mcts import SearchAgent
from vtt.rules import load_game

ITERATIONS = 300


def rate(pack: str, options: dict[str, str], positions: int = 4) -> float:
    """The median iterations per CPU second over ``positions`` seeded positions."""
    game = load_game(pack)
    rates = []
    for seed in range(positions):
        state = game.new_state(options, seed)
        chooser = random.Random(seed)
        for _ in range(3):
            if not state.is_terminal():
                state.apply(chooser.choice(list(state.legal_moves)))
        seat = state.current_player()
        if state.is_terminal() or seat < 0:  # over, or a simultaneous choice
            continue
        agent = SearchAgent(Budget(iterations=ITERATIONS), seed=seed)
        start = time.process_time()
        agent.choose(state.view(seat), list(state.legal_moves))
        rates.append(ITERATIONS / (time.process_time() - start))
    return statistics.median(rates)


if __name__ == "__main__":
    name, *pairs = sys.argv[1:]
    chosen = dict(pair.split("=", 1) for pair in pairs)
    print(f"{name} {chosen}: {rate(name, chosen):.0f} iterations per CPU second")
