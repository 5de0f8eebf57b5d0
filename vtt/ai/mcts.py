"""Monte Carlo tree search from one seat's view: MCTS and information-set MCTS.

Every iteration starts from a position rebuilt from the view and dealt anew
(``vtt.rules.sampling.sample``: the cards the seat cannot see, and future chance),
walks down one tree of action sequences (single-observer information-set MCTS: a
child is chosen by UCB among those legal in this deal, counting how often each was
available), adds one node, plays the rest at random and backs each seat's return
up. With nothing hidden and no chance every deal is the same position: plain MCTS.
A playout stops after the pack's ``playout:`` moves and is judged by its value
(``vtt.ai.value``); a move taking the turn back is searched only when nothing else
is legal (``vtt.rules.search.onward``).

Seats that choose at the same time in secret (``SIMULTANEOUS``) are searched
decoupled: each seat picks its action from its own statistics at that node, never
knowing the others' picks, and the node's children are the joint actions. A seat
asked after others chose sees their choices as unknown cards in the sampled deal,
so no search peeks at a secret choice.

When nothing is hidden and two seats play, the exact solver (``vtt.ai.solver``)
tries first on part of the budget: once the rest of the game is small enough to
prove, the agent plays a proven move.

Four switches, off in the levels (docs/ai.md, "More from each iteration", says what
they measured): ``guide`` (playouts epsilon-greedy on the pack's ``value:``),
``mast`` (playouts by each seat's mean return per action), ``widen`` (progressive
widening) and ``reuse`` (the subtree of the moves played, kept where nothing is
hidden). With all off, a search draws the same random numbers as without them.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from vtt.ai.agent import Budget, Clock, OutOfTime
from vtt.ai.solver import NotSolvable, Solver, TooBig
from vtt.ai.value import estimate, judge, lead, playout_limit
from vtt.rules.moves import Move
from vtt.rules.sampling import has_hidden, sample, state_of_view
from vtt.rules.search import SIMULTANEOUS, TERMINAL, onward

__all__ = ["SearchAgent", "best_of"]

#: A secret choice among more options than this is searched by its parts (``_by_parts``).
WIDE = 64
#: The kept tree is searched this many moves deep for the position of the next choice,
REUSE_DEPTH = 4
#: looking at no more than this many positions.
REUSE_POSITIONS = 2000


class _Node:
    """Statistics of one action sequence from the root."""

    __slots__ = ("available", "children", "joint", "parts", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0  # the return of the seat that moved into this node, summed
        self.available = 0  # iterations in which this node's action was legal
        #: At a simultaneous node: per seat, action -> [visits, total return].
        self.joint: dict[int, dict[int, list[float]]] | None = None
        #: At a wide simultaneous node: per seat, part of a choice -> [visits, total].
        self.parts: dict[int, dict[Any, list[float]]] | None = None


class SearchAgent:
    """MCTS / information-set MCTS within a budget per move, with the solver's endgame."""

    def __init__(
        self,
        budget: Budget,
        seed: int = 0,
        exploration: float = 1.4,
        solve_share: float = 0.3,
        solver: bool = True,
        now: Callable[[], float] | None = None,
        guide: float = 0.0,
        mast: float | None = None,
        widen: float | None = None,
        reuse: bool = False,
    ) -> None:
        self.budget = budget
        self.now = now  # the time source (time.perf_counter unless a test gives its own)
        self.cancelled = False
        self.random = random.Random(seed)
        self.exploration = exploration
        self.solve_share = solve_share
        self.use_solver = solver
        self._solver: Solver | None = None
        self._parts: dict[int, tuple[Any, ...]] = {}  # action -> its parts, for wide choices
        self._codec_state: Any = None  # a state of the game, to read actions as moves
        #: The share of playout moves chosen by one move's lookahead on the pack's
        #: ``value:`` (epsilon-greedy; only for a pack that declares a ``value:``).
        self.guide = guide
        #: MAST: a playout move is the one of best mean return so far this search
        #: (per seat and action), but at random with this probability; None: off.
        self.mast = mast
        #: Progressive widening: a node tries at most ``widen * sqrt(visits + 1)``
        #: children before choosing among them; None: every child first.
        self.widen = widen
        #: Keep the subtree of the position reached at the next choice (nothing hidden).
        self.reuse = reuse
        self._mast_stats: dict[tuple[int, int], list[float]] = {}
        self._kept: tuple[Any, _Node] | None = None  # the last search's base state and root
        self.reused = 0  # the visits the last choice started from (kept from before)
        self.tree: _Node | None = None  # the last choice's tree, for tests
        self.iterations = 0  # of the last choice, for benchmarks and tests
        self.proven: int | None = None  # the proven value of the last choice, if any

    def cancel(self) -> None:
        """Stop thinking: a search under way returns within one move's work (the best
        move found so far, or a legal move), and so does every later ``choose``. Safe to
        call from another thread."""
        self.cancelled = True

    def choose(self, view: Any, legal_moves: Sequence[Move]) -> Move:
        """The most visited move after searching within the budget.

        The deadline and ``cancel`` are looked at before every move the search
        applies (in the tree, the playouts and the solver), so a pack whose moves are
        heavy costs at most one move's work past the budget: the move is then the
        best found so far, or a legal move when nothing was searched."""
        moves = list(legal_moves)
        if not moves:
            raise ValueError("there is no legal move to choose")
        if len(moves) == 1:
            self.iterations, self.proven = 0, None
            return moves[0]
        by_action, scored = self._search(view, moves)
        if not scored:
            return moves[0]
        return by_action[max(scored, key=lambda a: (scored[a], -a))]

    def scores(self, view: Any, legal_moves: Sequence[Move]) -> dict[Move, float]:
        """Search within the budget and score each legal move: the higher, the better for
        ``view.seat`` (its visits at the root, or its summed mean return where a wide
        secret choice is searched by parts; a move the solver proves winning scores
        ``inf``). Scores of several searches of the same view add up (their sum ranks
        the moves as one bigger search would): ``best_of`` picks from them."""
        by_action, scored = self._search(view, list(legal_moves))
        return {move: scored.get(action, 0.0) for action, move in by_action.items()}

    def _search(self, view: Any, moves: list[Move]) -> tuple[dict[int, Move], dict[int, float]]:
        """The legal moves by action, and the scores of those the search tried."""
        self.iterations, self.proven = 0, None
        base = state_of_view(view)
        by_action = {base.move_to_action(move): move for move in moves}
        clock = self.budget.clock(self.now, lambda: self.cancelled)
        hidden = has_hidden(view)
        if self.use_solver and not hidden:
            proven = self._solve(base, view.seat, clock)
            if proven is not None and proven in by_action:
                return by_action, {proven: math.inf}
        root = self._kept_root(base) if self.reuse and not hidden else _Node()
        self.reused = root.visits
        self._mast_stats = {}
        rng = self.random
        while clock.running():
            state = sample(view, rng, base)
            try:
                self._iterate(root, state, clock)
            except OutOfTime:
                break  # the unfinished iteration counts for nothing
            clock.done += 1
        self.iterations = clock.done
        self._kept = (base, root) if self.reuse and not hidden else None
        self.tree = root
        return by_action, self._scores(root, view.seat, by_action)

    # --- the subtree of the moves played since the last choice ---------------------------

    def _kept_root(self, base: Any) -> _Node:
        """The node of the last search's tree whose position is ``base`` (the moves
        played since, found by the position's key within a few moves), else a new
        root. Only with nothing hidden: then the tree's positions are the game's, and
        every statistic in it came from this seat's own earlier views."""
        kept, self._kept = self._kept, None
        if kept is None:
            return _Node()
        start, root = kept
        if start.game is not base.game:
            return _Node()
        wanted = base.key()
        level: list[tuple[Any, _Node]] = [(start, root)]
        tried = 0
        for _ in range(REUSE_DEPTH):
            deeper: list[tuple[Any, _Node]] = []
            for state, node in level:
                for action, child in node.children.items():
                    if isinstance(action, tuple) or tried >= REUSE_POSITIONS:
                        continue  # a joint choice: its seats chose in secret
                    tried += 1
                    after = state.clone()
                    after.apply_action(action)
                    if after.key() == wanted:
                        return child
                    deeper.append((after, child))
            level = deeper
        return _Node()

    # --- the endgame solver ------------------------------------------------------------

    def _solve(self, state: Any, seat: int, clock: Clock) -> int | None:
        """A proven best action, or None when the position is too big for a share of
        the budget (or a move of the game draws by chance: then the solver is not
        tried again)."""
        if state.players != 2 or state.current_player() != seat:
            return None
        budget = clock.fraction(self.solve_share)
        if self._solver is None:
            self._solver = Solver()
            self._solver.score = judge(state.game)
        solver = self._solver
        if len(solver.table) > 2_000_000:  # a long session: start afresh
            solver.table.clear()
        solver.node_limit = budget.iterations * 20 if budget.iterations is not None else None
        solver.seconds = budget.seconds
        solver.stop = clock.expired
        try:
            value = solver.value(state)
        except TooBig:
            return None
        except NotSolvable:
            self.use_solver = False
            return None
        self.proven = value
        if value != (1 if seat == 0 else -1):
            return None  # lost or drawn with perfect play: let the search look for chances
        return solver.best_action(state)

    # --- one iteration -----------------------------------------------------------------

    def _iterate(self, root: _Node, state: Any, clock: Clock) -> None:
        path: list[tuple[_Node, Any]] = []  # (node, the seat or joint seats that moved in)
        moved: list[tuple[int, int]] = []  # (seat, action) of every move, for MAST
        node = root
        rng = self.random
        widen = self.widen
        while True:
            mover = state.current_player()
            if mover == TERMINAL:
                break
            if mover == SIMULTANEOUS:
                joint = self._joint(node, state)
                clock.tick()
                state.apply_actions(dict(joint))
                found = node.children.get(tuple(joint))
                new = found is None
                child = node.children[tuple(joint)] = found or _Node()
                path.append((child, joint))
                node = child
                if new:
                    break
                continue
            actions = onward(state, state.legal_actions())
            children = node.children
            untried = [a for a in actions if a not in children]
            if untried and widen is not None and self._wide_enough(node, actions, untried):
                actions = [a for a in actions if a in children]
                untried = []
            if untried:
                action = untried[rng.randrange(len(untried))]
                for a in actions:
                    if a in children:
                        children[a].available += 1
                clock.tick()
                state.apply_action(action)
                child = children[action] = _Node()
                child.available = 1
                path.append((child, mover))
                moved.append((mover, action))
                node = child
                break
            action = self._select(node, actions)
            node = children[action]
            path.append((node, mover))
            moved.append((mover, action))
            clock.tick()
            state.apply_action(action)
        returns = self._playout(state, clock, moved)
        root.visits += 1
        if self.mast is not None:
            self._note_moves(moved, returns)
        for child, who in path:
            child.visits += 1
            if isinstance(who, int):
                child.total += returns[who]
        # Decoupled statistics of simultaneous nodes: each seat's own action.
        node = root
        for child, who in path:
            if not isinstance(who, int) and node.joint is not None:
                for seat, action in who:
                    stats = node.joint[seat][action]
                    stats[0] += 1
                    stats[1] += returns[seat]
                    parts = node.parts.get(seat) if node.parts is not None else None
                    if parts is not None:
                        for part in self._parts_of(action):
                            stats = parts[part]
                            stats[0] += 1
                            stats[1] += returns[seat]
            node = child

    def _note_moves(self, moved: list[tuple[int, int]], returns: list[float]) -> None:
        """MAST: each seat's return counted for every action it took this iteration."""
        stats = self._mast_stats
        for seat, action in moved:
            found = stats.get((seat, action))
            if found is None:
                stats[(seat, action)] = [1.0, returns[seat]]
            else:
                found[0] += 1
                found[1] += returns[seat]

    def _wide_enough(self, node: _Node, actions: list[int], untried: list[int]) -> bool:
        """Progressive widening: a node whose children legal in this deal number
        ``widen * sqrt(visits + 1)`` or more chooses among them, adding no other."""
        assert self.widen is not None
        tried = len(actions) - len(untried)
        return tried > 0 and tried >= self.widen * math.sqrt(node.visits + 1)

    def _select(self, node: _Node, actions: list[int]) -> int:
        children = node.children
        c = self.exploration
        best, chosen = -math.inf, actions[0]
        for action in actions:
            child = children[action]
            child.available += 1
            if not child.visits:  # added by an iteration the deadline cut (a kept tree)
                score = math.inf
            else:
                score = child.total / child.visits + c * math.sqrt(
                    math.log(child.available) / child.visits
                )
            if score > best:
                best, chosen = score, action
        return chosen

    def _joint(self, node: _Node, state: Any) -> list[tuple[int, int]]:
        """Each seat still to choose picks from its own statistics (decoupled UCT)."""
        if node.joint is None:
            node.joint = {}
        rng = self.random
        c = self.exploration
        joint = []
        for seat in state.pending:
            stats = node.joint.setdefault(seat, {})
            actions = state.legal_actions(seat)
            if len(actions) > WIDE:
                action = self._by_parts(node, seat, actions, state)
                stats.setdefault(action, [0, 0.0])
                joint.append((seat, action))
                continue
            untried = [a for a in actions if a not in stats]
            if untried:
                action = untried[rng.randrange(len(untried))]
                stats[action] = [0, 0.0]
            else:
                total = sum(stats[a][0] for a in actions) or 1
                log_total = math.log(total)
                action = max(
                    actions,
                    key=lambda a: (
                        stats[a][1] / max(stats[a][0], 1)
                        + c * math.sqrt(log_total / max(stats[a][0], 1))
                    ),
                )
            joint.append((seat, action))
        return joint

    def _parts_of(self, action: int) -> tuple[Any, ...]:
        """The parts of a choice: each argument's value, each card of a set of cards."""
        found = self._parts.get(action)
        if found is None:
            move = self._codec_state.action_to_move(action)
            parts: list[Any] = []
            for index, value in enumerate(move.values):
                if isinstance(value, tuple):
                    parts += ((index, item) for item in value)
                else:
                    parts.append((index, value))
            found = self._parts[action] = tuple(parts)
        return found

    def _by_parts(self, node: _Node, seat: int, actions: list[int], state: Any) -> int:
        """A choice among too many to try each (Green Queen's pass of 3 cards of 16: 560)
        picked by what is known of its parts: the cards passed, each scored over every
        choice that held it (UCB on the sum of the parts' scores)."""
        if node.parts is None:
            node.parts = {}
        parts = node.parts.setdefault(seat, {})
        if self._codec_state is None or self._codec_state.game is not state.game:
            self._parts.clear()  # actions are numbered per pack
        self._codec_state = state
        rng = self.random
        c = self.exploration
        log_total = math.log(sum(s[0] for s in parts.values()) + 1)
        best, chosen = -math.inf, actions[0]
        for action in actions:
            score = rng.random() * 1e-6  # ties at random
            for part in self._parts_of(action):
                stats = parts.get(part)
                if stats is None:
                    stats = parts[part] = [0, 0.0]
                if stats[0] == 0:
                    score += 1e6  # a part never tried first
                else:
                    score += stats[1] / stats[0] + c * math.sqrt(log_total / stats[0])
            if score > best:
                best, chosen = score, action
        return chosen

    def _playout(
        self, state: Any, clock: Clock, moved: list[tuple[int, int]] | None = None
    ) -> list[float]:
        """Play on to the end, or for the pack's ``playout:`` moves and judge by the
        value: at random, or guided (``guide``, ``mast``: its moves noted in ``moved``)."""
        rng = self.random
        if moved is None:
            moved = []
        standing = state.game.value
        guide = self.guide if standing is not None else 0.0
        mast = self.mast
        for _ in range(playout_limit(state.game)):
            if state.current_player() == TERMINAL:
                return list(state.returns())
            actions = onward(state, state.legal_actions())
            if guide and len(actions) > 1 and rng.random() < guide:
                assert standing is not None
                action = self._lookahead(state, actions, standing, clock)
            elif mast is not None and len(actions) > 1 and rng.random() >= mast:
                action = self._best_known(state.to_move, actions)
            else:
                action = actions[rng.randrange(len(actions))]
            if mast is not None:
                moved.append((state.to_move, action))
            clock.tick()
            state.apply_action(action)
        return estimate(state)

    def _lookahead(
        self, state: Any, actions: list[int], standing: Callable[[Any], Any], clock: Clock
    ) -> int:
        """The action after which the pack's value favours the seat to move most (a
        win at once first), ties at random: Greedy's rule, in a playout."""
        seat = state.to_move
        best: list[int] = []
        top = -math.inf
        for action in actions:
            after = state.clone()
            clock.tick()
            after.apply_action(action)
            if after.outcome is not None:
                value = 1000.0 * after.returns()[seat]
            else:
                value = lead(standing(after.env), seat)
            if value > top:
                best, top = [action], value
            elif value == top:
                best.append(action)
        return best[self.random.randrange(len(best))]

    def _best_known(self, seat: int, actions: list[int]) -> int:
        """MAST: the action of best mean return to ``seat`` in this search so far (an
        action never seen counts as a draw), ties to the first."""
        stats = self._mast_stats
        best, top = actions[0], -math.inf
        for action in actions:
            found = stats.get((seat, action))
            mean = found[1] / (found[0] + 1) if found is not None else 0.0
            if mean > top:
                best, top = action, mean
        return best

    def _scores(self, root: _Node, seat: int, by_action: dict[int, Move]) -> dict[int, float]:
        if root.parts is not None and seat in root.parts:
            parts = root.parts[seat]

            def mean(action: int) -> float:
                scores = [parts.get(part, [0, 0.0]) for part in self._parts_of(action)]
                return sum(total / visits for visits, total in scores if visits)

            return {action: mean(action) for action in by_action}
        if root.joint is not None and seat in root.joint:
            stats = root.joint[seat]
            return {a: float(s[0]) for a, s in stats.items() if a in by_action}
        return {a: float(child.visits) for a, child in root.children.items() if a in by_action}


def best_of(scores: dict[Move, float], moves: Sequence[Move]) -> Move:
    """The move of highest score; ties (and no scores at all) go to the earliest of
    ``moves``, the legal moves in the game's order."""
    order = {move: index for index, move in enumerate(moves)}
    return max(moves, key=lambda move: (scores.get(move, 0.0), -order[move]))
