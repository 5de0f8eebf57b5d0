"""Agents and the simulator: time per move at each level, MCTS iterations per second,
simulated games per second on one core, and the speed-up of a batch on two processes.

Move times are for the levels' simulation budgets (a fixed number of iterations, as
``vtt simulate`` plays them); in the window a level thinks for its time instead
(Easy 0.1 s, Normal 0.3 s, Hard 1 s), reaching as many iterations as the figures
below allow.
"""

from __future__ import annotations

import random
import statistics
import time

from benchmarks import Result
from vtt.ai import simulate
from vtt.ai.agent import Budget
from vtt.ai.levels import LEVELS, make_agent
from vtt.ai.mcts import SearchAgent
from vtt.ai.simulate import Batch
from vtt.rules.finder import load_game

GROUP = "Agents and simulation"
CASES: tuple[tuple[str, dict[str, object]], ...] = (
    ("jantori", {}),
    ("tic-tac-rock", {}),
    ("war", {"mode": "five-card"}),
    ("war", {"mode": "aces-and-kings"}),
)
#: Packs whose move times and search speed are measured, without batches of games
#: (a random game of Edge to Edge or Janken Go runs to hundreds of moves).
SEARCH_CASES: tuple[tuple[str, dict[str, object]], ...] = (
    ("corner-edge", {"game": "edge"}),
    ("battlefront", {}),
    ("janken-go", {}),
)


def _label(pack: str, options: dict[str, object]) -> str:
    return pack + "".join(f" {k}={v}" for k, v in options.items())


def _positions(pack: str, options: dict[str, object], count: int) -> list[object]:
    """Positions a few random moves into games, with more than one legal move."""
    game = load_game(pack)
    found = []
    rng = random.Random(1)
    seed = 0
    while len(found) < count:
        state = game.new_state(options, seed)
        seed += 1
        for _ in range(rng.randrange(2, 8)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_moves) > 1:
            found.append(state)
    return found


def _move_seconds(name: str, states: list[object]) -> float:
    times = []
    for index, state in enumerate(states):
        agent = make_agent(name, seed=index)
        seat = state.to_move  # type: ignore[attr-defined]
        view, moves = state.view(seat), list(state.legal_moves)  # type: ignore[attr-defined]
        start = time.perf_counter()
        agent.choose(view, moves)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _iterations_per_second(states: list[object]) -> float:
    rates = []
    for index, state in enumerate(states):
        agent = SearchAgent(Budget(iterations=300), seed=index, solver=False)
        seat = state.to_move  # type: ignore[attr-defined]
        view, moves = state.view(seat), list(state.legal_moves)  # type: ignore[attr-defined]
        start = time.perf_counter()
        agent.choose(view, moves)
        rates.append(agent.iterations / (time.perf_counter() - start))
    return statistics.median(rates)


def _games_per_second(batch: Batch, workers: int) -> float:
    start = time.perf_counter()
    simulate.run(batch, workers=workers)
    return batch.games / (time.perf_counter() - start)


def search_figures(pack: str, options: dict[str, object]) -> list[Result]:
    """A pack's move time at each level and MCTS iterations a second."""
    label = _label(pack, options)
    states = _positions(pack, options, 5)
    results = [
        Result(
            GROUP,
            f"move time, {level.label} ({level.iterations} iterations): {label}",
            _move_seconds(level.name, states) * 1000,
            "ms",
            note="median of 5 positions",
        )
        for level in LEVELS.values()
    ]
    results.append(Result(GROUP, f"MCTS iterations: {label}", _iterations_per_second(states), "/s"))
    return results


def run() -> list[Result]:
    """Every figure of this module."""
    results: list[Result] = []
    for pack, options in CASES:
        label = _label(pack, options)
        results += search_figures(pack, options)
        for agents in (("random", "random"), ("greedy", "random")):
            batch = Batch(pack, 40, agents, tuple(options.items()), seed=1)
            results.append(
                Result(
                    GROUP,
                    f"simulated games, {' v '.join(agents)}, one core: {label}",
                    _games_per_second(batch, 1),
                    "games/s",
                )
            )
    for pack, options in SEARCH_CASES:
        results += search_figures(pack, options)
    # A batch long enough (half a minute on one core) for starting the processes to
    # matter little, as in a designer's real batches.
    batch = Batch("jantori", 48, ("easy", "random"), seed=1)
    one = _games_per_second(batch, 1)
    two = _games_per_second(batch, 2)
    results.append(
        Result(
            GROUP,
            "speed-up with 2 worker processes (48 JANTORI games, easy v random)",
            two / one,
            "x",
            note=f"{one:.2g} -> {two:.2g} games/s; starting the processes included",
        )
    )
    return results
