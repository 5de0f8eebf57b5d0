"""Search against search: two settings of ``SearchAgent`` play the same games.

    python tools/search_variants.py PACK --a 'guide=0.5' --b '' --games 40 --iterations 600
    python tools/search_variants.py PACK --a 'mast=0.2' --seconds 0.5 --games 20

plays game ``i`` of a ``vtt simulate`` batch (its deal from the seed) with agent A in
seat ``i % 2`` and B in the other (both seat orders equally often; with more seats,
A in one seat and B in the rest), at equal iterations (``--iterations``) or equal
time (``--seconds``), or A with other iterations than B (``--a-iterations``: what
more iterations buy), or A as ``--a-trees K`` searches of its iterations whose scores
are added (the window's all-cores Hard, ``ParallelSearch``, at iterations), and prints
A's wins, draws and losses with a 95% Wilson interval. Settings are ``NAME=VALUE``
words of ``SearchAgent``'s keywords (``guide``, ``mast``, ``widen``, ``reuse``,
``exploration``); an empty string is the defaults.
With ``--against greedy`` (or ``random``) A plays that agent instead of B.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from vtt.ai.agent import Budget
from vtt.ai.levels import make_agent
from vtt.ai.mcts import SearchAgent, best_of
from vtt.ai.parallel import worker_seed
from vtt.ai.simulate import Batch, _seed, wilson
from vtt.rules.commands import parse_options
from vtt.rules.finder import load_game


def settings(text: str) -> dict[str, Any]:
    """``'guide=0.5 reuse=1'`` as keywords."""
    found: dict[str, Any] = {}
    for word in text.split():
        name, _, value = word.partition("=")
        if value in ("none", "None"):
            found[name] = None
        elif name == "reuse":
            found[name] = value not in ("0", "false", "no")
        else:
            found[name] = float(value)
    return found


class Trees:
    """Root parallelism without processes: ``ParallelSearch``'s scheme at iterations
    instead of time (each tree seeded as its worker would be, their scores added, the
    best of the sum played), so that what the window's all-cores Hard buys can be
    measured the same on a loaded machine as on an idle one."""

    def __init__(self, searches: list[SearchAgent]) -> None:
        self.searches = searches

    def choose(self, view: Any, legal: list[Any]) -> Any:
        total: dict[Any, float] = {}
        for search in self.searches:
            for move, score in search.scores(view, legal).items():
                total[move] = total.get(move, 0.0) + score
        return best_of(total, legal)


def play(job: tuple[Any, ...]) -> tuple[int, float, int, float]:
    """Game ``index``: A's score (1 won, 0.5 drawn, 0 lost), moves, A's mean seconds a move."""
    pack, options, players, seed, index, a, b, against, iterations, seconds, a_iterations, trees = (
        job
    )
    batch = Batch(pack, 1, ("a", "b"), tuple(options.items()), seed, players)
    game = batch.game()
    state = game.new_state(dict(options), batch.game_seed(index), players=players)
    count = state.players
    mine = index % count if count > 2 else index % 2
    budget = Budget(seconds=seconds) if seconds else Budget(iterations=iterations)
    a_budget = Budget(iterations=a_iterations) if a_iterations else budget

    def agent(seat: int) -> Any:
        agent_seed = _seed(seed, index, f"seat{seat}")
        if seat == mine and trees > 1:
            seeds = [worker_seed(agent_seed, k) for k in range(trees)]
            return Trees([SearchAgent(a_budget, one, **settings(a)) for one in seeds])
        if seat == mine:
            return SearchAgent(a_budget, agent_seed, **settings(a))
        if against:
            return make_agent(against, agent_seed)
        return SearchAgent(budget, agent_seed, **settings(b))

    agents = [agent(seat) for seat in range(count)]
    moves, spent, chosen = 0, 0.0, 0
    while not state.is_terminal() and moves < batch.move_cap(game):
        seat = state.to_move
        legal = list(state.legal_moves)
        start = time.perf_counter()
        move = agents[seat].choose(state.view(seat), legal)
        if seat == mine and len(legal) > 1:
            spent += time.perf_counter() - start
            chosen += 1
        state.apply_unchecked(move)
        moves += 1
    outcome = state.outcome
    if outcome is None or not outcome.winners or len(set(outcome.winners)) >= count:
        score = 0.5
    else:
        score = 1.0 if mine in outcome.winners else 0.0
    return index, score, moves, spent / max(chosen, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pack")
    parser.add_argument("--a", default="")
    parser.add_argument("--b", default="")
    parser.add_argument("--against", default="")
    parser.add_argument("--option", action="append", default=[])
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=600)
    parser.add_argument("--seconds", type=float, default=0.0)
    parser.add_argument("--a-iterations", type=int, default=0)
    parser.add_argument("--a-trees", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    options = parse_options(load_game(args.pack), args.option)
    jobs = [
        (
            args.pack,
            options,
            args.players,
            args.seed,
            index,
            args.a,
            args.b,
            args.against,
            args.iterations,
            args.seconds,
            args.a_iterations,
            args.a_trees,
        )
        for index in range(args.first, args.first + args.games)
    ]
    wins = draws = losses = 0
    times: list[float] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for index, score, moves, spent in pool.map(play, jobs):
            wins += score == 1.0
            draws += score == 0.5
            losses += score == 0.0
            times.append(spent)
            print(f"game {index}: A {score} in {moves} moves, A {spent:.3f} s a move", flush=True)
    played = wins + draws + losses
    low, high = wilson(wins + draws / 2, played)
    b = args.against or (args.b or "defaults")
    if args.a_trees > 1:
        b += f", A as {args.a_trees} trees, their scores added"
    if args.a_iterations:
        b += f", A at {args.a_iterations} iterations a move, B at {args.iterations}"
    print(
        f"{args.pack} {options} A [{args.a or 'defaults'}] v {b}: {wins}-{losses}, {draws} drawn "
        f"of {played} ({(wins + draws / 2) / played:.0%}, {low:.0%}-{high:.0%}); "
        f"A {sum(times) / len(times):.3f} s a move"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
