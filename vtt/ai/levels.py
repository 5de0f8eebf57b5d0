"""The agents by name, as the window and the simulator offer them.

``random`` and ``greedy``, and three levels of search (``SearchAgent``): Easy,
Normal and Hard, each a time per move for people to wait on and an iteration count
for repeatable simulations. Hard thinks 1 s a move in the window, on every core
of the machine (``vtt.ai.parallel``) when it has more than one.

``AGENT~POLICY`` is that agent held to a policy (``hard~no-joker``: see
``vtt.ai.restricted``), by name like the others, so it plays in worker processes
and on Dask too.
"""

from __future__ import annotations

from dataclasses import dataclass

from vtt.ai.agent import Agent, Budget
from vtt.ai.greedy import GreedyAgent
from vtt.ai.mcts import SearchAgent
from vtt.ai.parallel import ParallelSearch, cores
from vtt.ai.random_agent import RandomAgent
from vtt.ai.restricted import RestrictedAgent, policy

__all__ = ["AGENTS", "LEVELS", "Level", "make_agent"]


@dataclass(frozen=True)
class Level:
    """A strength of the search agent."""

    name: str
    label: str
    seconds: float  # per move, in the window
    iterations: int  # per move, in simulations (repeatable)


LEVELS: dict[str, Level] = {
    level.name: level
    for level in (
        Level("easy", "Easy", 0.1, 30),
        Level("normal", "Normal", 0.3, 150),
        Level("hard", "Hard", 1.0, 600),
    )
}
#: Every agent name ``make_agent`` knows.
AGENTS: tuple[str, ...] = ("random", "greedy", *LEVELS)


def make_agent(name: str, seed: int = 0, timed: bool = False) -> Agent:
    """The agent called ``name`` (see ``AGENTS``); ``timed``: a level thinks for its time
    per move (the window), on every core when the machine has more than one
    (``ParallelSearch``: call its ``close`` when the game ends), else for its
    iterations (simulations: one search per game, the same on any machine);
    ``AGENT~POLICY`` is AGENT held to a policy (``vtt.ai.restricted.policy``).
    ValueError for an unknown name."""
    base, tilde, rule = name.partition("~")
    if tilde:
        return RestrictedAgent(make_agent(base, seed, timed), policy(rule))
    key = name.strip().lower()
    if key == "random":
        return RandomAgent(seed)
    if key == "greedy":  # in the window, capped at Hard's time (a heavy pack's moves)
        return GreedyAgent(seed, Budget(seconds=LEVELS["hard"].seconds) if timed else None)
    level = LEVELS.get(key)
    if level is None:
        raise ValueError(f"unknown agent {name!r}; the agents are: {', '.join(AGENTS)}")
    if not timed:
        return SearchAgent(Budget(iterations=level.iterations), seed)
    if cores() > 1:
        return ParallelSearch(Budget(seconds=level.seconds), seed)
    return SearchAgent(Budget(seconds=level.seconds), seed)
