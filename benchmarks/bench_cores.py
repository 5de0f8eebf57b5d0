"""The window's Hard on every core: how long a move takes, hand-off included.

For each shipped game, a Hard agent as the window makes it (``make_agent("hard",
timed=True)``: ``ParallelSearch`` on a machine of several cores) plays a few moves of
a game against random moves, its workers started with the game as the window starts
them; each move is timed from the call to ``choose`` to its answer (the view pickled
to the workers, their search, their scores back and added up). Goal: Hard's time plus
100 ms at most, every move (a first move may be searched in the window's own process
while the workers start: it is counted too). As in the window, the first move is
asked 0.4 s after the game starts (the pause before a computer seat moves).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from benchmarks import Result
from vtt.ai.levels import LEVELS, make_agent
from vtt.ai.parallel import cores
from vtt.rules.finder import load_game
from vtt.ui.game.agents import PAUSE_MS

GROUP = "Hard on every core (the window's computer)"
#: Every shipped game (an option set each where it has several games).
CASES: tuple[tuple[str, dict[str, object]], ...] = (
    ("battlefront", {}),
    ("corner-edge", {"game": "corner"}),
    ("corner-edge", {"game": "edge"}),
    ("dueling-wizards", {}),
    ("green-queen", {}),
    ("janken-go", {}),
    ("jantori", {}),
    ("jokers-wild", {}),
    ("stones", {}),
    ("tic-tac-rock", {}),
    ("war", {"mode": "five-card"}),
)
#: Hard's moves timed per pack.
MOVES = 6


def _label(pack: str, options: dict[str, object]) -> str:
    return pack + "".join(f" {k}={v}" for k, v in options.items())


def _move_times(pack: str, options: dict[str, object]) -> tuple[list[float], list[int]]:
    """Wall times (s) of Hard's moves in a game against random moves, and the workers
    that answered each."""
    game = load_game(pack)
    chooser = random.Random(7)
    times: list[float] = []
    answered: list[int] = []
    seed = 0
    while len(times) < MOVES and seed < 20:
        state = game.new_state(options, seed)
        agent: Any = make_agent("hard", seed=seed, timed=True)
        if hasattr(agent, "start"):
            agent.start(game, view=state.view(0))  # as the window does when it starts
        time.sleep(PAUSE_MS / 1000)  # as the window waits before a computer seat moves
        try:
            while not state.is_terminal() and len(times) < MOVES:
                seat = state.to_move
                assert seat is not None
                legal = list(state.legal_moves)
                if seat != 0 or len(legal) == 1:
                    state.apply(chooser.choice(legal))
                    continue
                view = state.view(seat)
                start = time.perf_counter()
                move = agent.choose(view, legal)
                times.append(time.perf_counter() - start)
                answered.append(getattr(agent, "searched_by", 0))
                state.apply(move)
        finally:
            if hasattr(agent, "close"):
                agent.close()
        seed += 1
    return times, answered


def run() -> list[Result]:
    budget = LEVELS["hard"].seconds
    results = []
    for pack, options in CASES:
        times, answered = _move_times(pack, options)
        worst = max(times)
        spread = sorted(times)
        p95 = spread[min(len(spread) - 1, round(0.95 * (len(spread) - 1)))]
        note = (
            f"{len(times)} moves: median {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms; searched by the workers in "
            f"{sum(1 for n in answered if n)} of them ({cores()} cores)"
        )
        results.append(
            Result(
                GROUP,
                f"Hard move, {_label(pack, options)} (max)",
                worst * 1000,
                "ms",
                f"<= {(budget + 0.1) * 1000:.0f} ms",
                worst <= budget + 0.1,
                note,
            )
        )
    return results
