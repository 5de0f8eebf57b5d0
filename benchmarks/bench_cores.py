"""The window's Hard on every core: how long a move takes, hand-off included.

For each shipped game, a Hard agent as the window makes it (``make_agent("hard",
timed=True)``: ``ParallelSearch`` on a machine of several cores) plays a few moves of
a game against random moves, its workers started with the game as the window starts
them; each move is timed from the call to ``choose`` to its answer (the view pickled
to the workers, their search, their scores back and added up). Goal: Hard's time plus
100 ms at most, every move once the workers are ready. The first move, asked 0.4 s
after the game starts as in the window (the pause before a computer seat moves), is
told apart: it is searched in the window's process while the workers start, and
includes the seat's first start of a position.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from benchmarks import Result
from vtt.ai.agent import Budget
from vtt.ai.levels import LEVELS, make_agent
from vtt.ai.parallel import CONTEXT, ParallelSearch, cores
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
#: Hard's moves timed per pack, once its workers are ready.
MOVES = 6
#: How long the workers may take to be ready (s): a loaded machine is slow.
PATIENCE = 120.0


def _label(pack: str, options: dict[str, object]) -> str:
    return pack + "".join(f" {k}={v}" for k, v in options.items())


@dataclass
class Timed:
    """One pack's figures: the first move (asked 0.4 s after the game starts, searched
    in this process if the workers are not ready yet), how long the workers took to be
    ready, and the moves after that, with the workers that answered each."""

    first: float = 0.0
    ready: float = 0.0
    times: list[float] = field(default_factory=list)
    answered: list[int] = field(default_factory=list)


def _ready(agent: Any) -> bool:
    workers = getattr(agent, "workers", [])
    return bool(workers) and all(worker.poll_ready() for worker in workers)


def _move_times(pack: str, options: dict[str, object]) -> Timed:
    """Hard's moves in games against random moves, timed."""
    game = load_game(pack)
    chooser = random.Random(7)
    timed = Timed()
    seed = 0
    while len(timed.times) < MOVES and seed < 20:
        state = game.new_state(options, seed)
        agent: Any = make_agent("hard", seed=seed, timed=True)
        began = time.perf_counter()
        if hasattr(agent, "start"):
            agent.start(game, view=state.view(0))  # as the window does when it starts
        time.sleep(PAUSE_MS / 1000)  # as the window waits before a computer seat moves
        try:
            while not state.is_terminal() and len(timed.times) < MOVES:
                seat = state.to_move
                assert seat is not None
                legal = list(state.legal_moves)
                if seat != 0 or len(legal) == 1:
                    state.apply(chooser.choice(legal))
                    continue
                view = state.view(seat)
                start = time.perf_counter()
                move = agent.choose(view, legal)
                took = time.perf_counter() - start
                if seed == 0 and not timed.first:
                    timed.first = took
                    while not _ready(agent) and time.perf_counter() - began < PATIENCE:
                        time.sleep(0.01)
                    timed.ready = time.perf_counter() - began
                else:
                    timed.times.append(took)
                    timed.answered.append(getattr(agent, "searched_by", 0))
                state.apply(move)
        finally:
            if hasattr(agent, "close"):
                agent.close()
        seed += 1
    return timed


def _ready_seconds(context: str, pack: str = "tic-tac-rock", runs: int = 3) -> float:
    """Median time (s) until a Hard's workers started by ``context`` are ready."""
    game = load_game(pack)
    view = game.new_state({}, 0).view(0)
    times = []
    for seed in range(runs):
        agent = ParallelSearch(Budget(seconds=1.0), seed, context=context)
        start = time.perf_counter()
        agent.start(game, view=view)
        while not _ready(agent) and time.perf_counter() - start < PATIENCE:
            time.sleep(0.005)
        times.append(time.perf_counter() - start)
        agent.close()
    return statistics.median(times)


def run() -> list[Result]:
    budget = LEVELS["hard"].seconds
    results = []
    if cores() > 1:
        for context in sorted({CONTEXT, "spawn"}):
            results.append(
                Result(
                    GROUP,
                    f"workers ready, {context} (Tic-Tac-Rock)",
                    _ready_seconds(context) * 1000,
                    "ms",
                    note=f"{cores()} workers, median of 3 games; the first {CONTEXT} "
                    "game also starts its server",
                )
            )
    for pack, options in CASES:
        timed = _move_times(pack, options)
        times = timed.times
        worst = max(times)
        spread = sorted(times)
        p95 = spread[min(len(spread) - 1, round(0.95 * (len(spread) - 1)))]
        note = (
            f"{len(times)} moves: median {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, {sum(1 for n in timed.answered if n)} of them by "
            f"the workers ({cores()} cores, ready {timed.ready:.1f} s after the game "
            f"began); the first move {timed.first * 1000:.0f} ms"
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
