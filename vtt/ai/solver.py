"""An exact solver for small two-player games of perfect information.

Alpha-beta search over the engine's search interface (``legal_actions``,
``apply_action``, ``clone``, ``returns``), with a transposition table on
``state.key()`` and move ordering from the table's best move, then the history
heuristic (actions that cut off the search before come first). Values are seat 0's
return under perfect play: +1 seat 0 wins, -1 seat 1 wins, 0 a draw.

A solve is a proof only when nothing is left to chance or hidden: a move that draws
from the random generator raises ``NotSolvable`` rather than proving the outcome of
one deal.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from vtt.ai.value import lead
from vtt.rules.search import SIMULTANEOUS, TERMINAL, hidden_stacks

__all__ = ["NotSolvable", "Solution", "Solver", "TooBig"]

_EXACT, _LOWER, _UPPER = 0, 1, 2


class NotSolvable(ValueError):
    """The position is not a two-player game of perfect information without chance."""


class TooBig(Exception):
    """The search passed its node limit before proving the value."""


#: A line of play longer than this is not followed (Python's stack holds about 1,000
#: calls, and a game this long is no small game).
MAX_DEPTH = 300


@dataclass
class Solution:
    """The value of a position under perfect play, and the first moves that keep it."""

    value: int  # seat 0's return: +1 seat 0 wins, -1 seat 1 wins, 0 draw
    to_move: int
    #: Each legal action of the seat to move and seat 0's value after it.
    actions: dict[int, int] = field(default_factory=dict)
    nodes: int = 0
    seconds: float = 0.0
    positions: int = 0  # entries in the transposition table

    @property
    def best(self) -> list[int]:
        """The actions that keep the value for the seat to move."""
        return [a for a, v in self.actions.items() if v == self.value]


Progress = Callable[[int, int, float], None]  # nodes, table entries, seconds


def hashed_key(state: Any) -> int:
    """A position's 64-bit hash in the table (this process's: ``hash`` of a text or
    bytes differs in another; ``vtt.ai.solvetable.fixed_key`` is the same everywhere)."""
    return hash(state.key())


class Solver:
    """Alpha-beta with a transposition table; keep one solver to reuse what it learnt."""

    def __init__(self, node_limit: int | None = None, seconds: float | None = None) -> None:
        # hash(key) -> (value + 1) + 3 * bound + 9 * (best action + 1): one small int per
        # position keeps tens of millions of them in a few GB. Two positions of one
        # search share a 64-bit hash with a chance below 1e-4 at 50 million positions.
        self.table: dict[int, int] = {}
        self.history: dict[int, int] = {}
        self.node_limit = node_limit
        self.seconds = seconds  # stop (TooBig) after this long
        #: Asked before each move the solver applies: True stops it (TooBig) at once.
        self.stop: Callable[[], bool] | None = None
        self.max_positions = 40_000_000  # the table starts afresh past this (a few GB)
        #: How a position is found in the table (``hashed_key``; a table kept on disk
        #: needs a hash that is the same in every process).
        self.key: Callable[[Any], int] = hashed_key
        #: When given, each entry written to the table is written here too (what a
        #: table on disk has not saved yet), and ``restarted`` is set when the table
        #: starts afresh.
        self.fresh: dict[int, int] | None = None
        self.restarted = False
        self.nodes = 0
        self._limit = 0
        self._progress: Progress | None = None
        self._every = 1 << 16
        self._reported = 0  # the node count at the last progress report
        self._started = 0.0
        #: The pack's value or scores (an expression of the environment), to order
        #: moves by (``vtt.ai.value.judge``).
        self.score: Callable[[Any], Any] | None = None
        #: The positions on the line being searched (their hashes), to find one coming back.
        self._line: set[int] = set()

    def check(self, state: Any) -> None:
        """Refuse a position the solver cannot prove."""
        if state.players != 2:
            raise NotSolvable(f"the solver plays two-player games, not {state.players}-player")
        if state.current_player() == SIMULTANEOUS:
            raise NotSolvable("seats choose at the same time in secret here")
        for seat in range(state.players):
            if any(hidden_stacks(state, seat)):
                raise NotSolvable(
                    f"{state.seat_names[seat]} cannot see every card: a solve would"
                    " hold for this deal only"
                )

    def solve(self, state: Any, progress: Progress | None = None) -> Solution:
        """The value of ``state`` and of each legal move; TooBig past the node limit."""
        self.check(state)
        self._progress = progress
        self._started = time.perf_counter()
        self._limit = self.nodes + self.node_limit if self.node_limit is not None else -1
        self._line = set()
        start_nodes = self.nodes
        solution = Solution(0, state.current_player())
        if state.is_terminal():
            solution.value = int(state.returns()[0])
        else:
            mover = state.current_player()
            best = -2 if mover == 0 else 2
            for action in self._ordered(state, state.legal_actions(), None):
                child = self._child(state, action)
                value = self._search(child, -1, 1)
                solution.actions[action] = value
                best = max(best, value) if mover == 0 else min(best, value)
            solution.value = best
        solution.nodes = self.nodes - start_nodes
        solution.seconds = time.perf_counter() - self._started
        solution.positions = len(self.table)
        return solution

    def value(self, state: Any) -> int:
        """Seat 0's value of ``state`` under perfect play."""
        self.check(state)
        self._started = time.perf_counter()
        self._limit = self.nodes + self.node_limit if self.node_limit is not None else -1
        self._line = set()
        return self._search(state, -1, 1)

    def best_action(self, state: Any) -> int | None:
        """The action the table holds as best at ``state`` after ``value`` proved it."""
        entry = self.table.get(self.key(state))
        return entry // 9 - 1 if entry is not None and entry >= 9 else None

    def _tick(self) -> None:
        spent = time.perf_counter() - self._started
        if self.seconds is not None and spent > self.seconds:
            raise TooBig(f"not solved within {self.seconds:g} s")
        if self._progress is not None and self.nodes >= self._reported + self._every:
            self._reported = self.nodes
            self._progress(self.nodes, len(self.table), spent)

    def _child(self, state: Any, action: int) -> Any:
        if self.stop is not None and self.stop():
            raise TooBig("out of time")
        child = state.clone()
        child.apply_action(action)
        if child.rng.state != state.rng.state:
            raise NotSolvable("a move draws by chance: a solve would hold for one deal only")
        return child

    def _ordered(self, state: Any, actions: list[int], first: int | None) -> list[int]:
        history = self.history
        actions.sort(key=lambda a: -history.get(a, 0))
        if first is not None and first in actions:
            actions.remove(first)
            actions.insert(0, first)
        return actions

    def _children(self, state: Any, mover: int, first: int | None) -> list[tuple[int, Any]]:
        """The actions in the order to try them: the table's best first, then by the
        pack's score for the mover after the move (when it declares one), then history."""
        actions = self._ordered(state, state.legal_actions(), first)
        score = self.score
        if score is None or len(actions) < 3:
            return [(a, None) for a in actions]
        children = [(a, self._child(state, a)) for a in actions]
        # Each child made to be scored is a position's work: it counts toward the limit
        # (Janken Go scores some 80 children at every position).
        self.nodes += len(children) - 1
        if 0 <= self._limit <= self.nodes:
            raise TooBig(f"more than {self.node_limit} positions")
        # Enhanced transposition cutoff: a child already known to win for the mover (or
        # a won end) is tried first, before any search below the others.
        goal = 1 if mover == 0 else -1
        table = self.table
        for pair in children:
            child = pair[1]
            if child.is_terminal():
                if child.returns()[0] == goal:
                    return [pair]
                continue
            entry = table.get(self.key(child))
            if entry is not None and entry % 9 == goal + 1:  # exact: the ends are exact
                return [pair]
        head = children[:1] if first is not None and actions[0] == first else []
        rest = children[len(head) :]
        rest.sort(key=lambda pair: -lead(score(pair[1].env), mover))
        return head + rest

    def _search(self, state: Any, alpha: int, beta: int) -> int:
        """Seat 0's value of ``state`` when it lies within (alpha, beta); a bound else."""
        mover = state.current_player()
        if mover == TERMINAL:
            return int(state.returns()[0])
        self.nodes += 1
        if 0 <= self._limit <= self.nodes:
            raise TooBig(f"more than {self.node_limit} positions")
        if self.nodes & 15 == 0:  # a position of a big game can take milliseconds
            self._tick()
        if mover < 0:
            raise NotSolvable("seats choose at the same time in secret here")
        key = self.key(state)
        line = self._line
        if key in line:
            # A position that comes back (a turn taken back, pieces stepping to and fro)
            # has no value of its own: which side gains depends on the way there.
            raise NotSolvable(
                "a position comes back in one line of play:"
                " the solver proves games that never repeat"
            )
        if len(line) >= MAX_DEPTH:
            raise NotSolvable(f"a line of play longer than {MAX_DEPTH} moves: no small game")
        entry = self.table.get(key)
        first = None
        if entry is not None:
            value, bound = entry % 3 - 1, entry // 3 % 3
            first = entry // 9 - 1
            if bound == _EXACT:
                return value
            if bound == _LOWER:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                return value
        low, high = alpha, beta
        line.add(key)
        maximizing = mover == 0
        best = -2 if maximizing else 2
        best_action = -1
        for action, child in self._children(state, mover, first):
            if child is None:
                child = self._child(state, action)
            value = self._search(child, alpha, beta)
            if maximizing:
                if value > best:
                    best, best_action = value, action
                    alpha = max(alpha, value)
            elif value < best:
                best, best_action = value, action
                beta = min(beta, value)
            if alpha >= beta:
                self.history[action] = self.history.get(action, 0) + 1
                break
        line.discard(key)
        if best in (-1, 1):  # the ends of the scale: a bound there is the value itself
            bound = _EXACT
        elif best <= low:
            bound = _UPPER
        elif best >= high:
            bound = _LOWER
        else:
            bound = _EXACT
        if len(self.table) >= self.max_positions:  # memory before completeness
            self.table.clear()
            self.restarted = True
        entry = self.table[key] = best + 1 + 3 * bound + 9 * (best_action + 1)
        if self.fresh is not None:
            self.fresh[key] = entry
        return best
