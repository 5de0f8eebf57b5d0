"""Two trees of the program side by side, paired and alternating, on a machine whose speed drifts.

    git worktree add --detach /tmp/old REV
    python tools/paired_rates.py /tmp/old . war,jantori playout,clone_playout,clones,mcts 9

Two worker processes, one per tree (``PYTHONPATH``), are asked in turn (old first, then
new first) for a rate over 0.25 s of their own CPU time; each row prints both medians
and the median of the per-pair ratios, new / old (above 1: the new tree is faster).

- ``playout``: a seeded random game from ``new_state`` to its end, its journal kept
  (as the simulator plays one);
- ``clone_playout``: the same from ``clone()`` (as a search's rollout);
- ``clones``: ``clone()`` of a position 10 random moves in;
- ``nodes``: search nodes (``benchmarks.bench_search.walk``: clone, ``apply_action``,
  ``legal_actions`` of the child) down random lines from four seeded starts;
- ``mcts``: ``SearchAgent`` iterations per CPU second (``tools/search_rate.py``'s positions).
- ``search``: ``SearchAgent(Budget(iterations=100), solver=False)`` iterations per CPU
  second at positions a few random moves in with more than one legal move, simultaneous
  choices too (each asks the seat asked now), the seat's rules compiled beforehand:
  every pack has a figure.

``python tools/paired_rates.py --worker`` is one tree's side: it reads ``PACK METRIC
SECONDS`` lines and answers each with a rate (or None where the metric has no position).
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any

WARM_SEED = 10_000


def playout(game: Any, clone: bool, seed: int) -> int:
    """One seeded random game to its end (at most 3,000 moves), from a clone or not;
    the number of moves made (tools/move_counts.py counts the same games)."""
    state = game.new_state({}, seed)
    if clone:
        state = state.clone()
    rng = random.Random(seed)
    moves = 0
    while state.outcome is None and moves < 3000:
        legal = state.legal_list()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def _position(game: Any, seed: int, moves: int) -> Any:
    state = game.new_state({}, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.outcome is None:
            state.apply(rng.choice(state.legal_list()))
    return state


def _searched_position(game: Any, seed: int) -> Any:
    """A position 2 to 7 seeded random moves in, with more than one legal move."""
    chooser = random.Random(seed)
    while True:
        state = game.new_state({}, seed)
        for _ in range(chooser.randrange(2, 8)):
            if state.is_terminal():
                break
            state.apply_action(chooser.choice(state.legal_actions()))
        if not state.is_terminal() and len(state.legal_list()) > 1:
            return state
        seed += 1000


def _search_rate(game: Any, asked: int) -> float:
    """Iterations per CPU second of a search of 100 iterations without the solver."""
    from vtt.ai.agent import Budget
    from vtt.ai.mcts import SearchAgent

    state = _searched_position(game, asked % 4)
    view, moves = state.view(state.to_move), list(state.legal_moves)
    SearchAgent(Budget(iterations=2), solver=False).choose(view, moves)  # the seat's rules
    agent = SearchAgent(Budget(iterations=100), seed=asked, solver=False)
    start = time.process_time()
    agent.choose(view, moves)
    return agent.iterations / (time.process_time() - start)


def _rate(games: dict[str, Any], pack: str, metric: str, seconds: float, asked: int) -> Any:
    from vtt.ai.agent import Budget
    from vtt.ai.mcts import SearchAgent
    from vtt.rules import load_game

    if pack not in games:
        games[pack] = load_game(pack)
        for clone in (False, True):  # compiled and warm before any timing
            playout(games[pack], clone, WARM_SEED)
    game = games[pack]
    if metric == "search":
        return _search_rate(game, asked)
    if metric == "mcts":
        seed = asked % 4
        state = _position(game, seed, 3)
        seat = state.current_player()
        if state.is_terminal() or seat < 0 or len(state.legal_list()) < 2:
            return None
        agent = SearchAgent(Budget(iterations=100), seed=seed)
        start = time.process_time()
        agent.choose(state.view(seat), list(state.legal_moves))
        return 100 / (time.process_time() - start)
    if metric == "nodes":
        from benchmarks.bench_search import NODES, walk

        roots = [game.new_state({}, seed) for seed in range(4)]
        kind = type(roots[0])

        def work(index: int) -> None:
            walk(
                index,
                roots=roots,
                copy=kind.clone,
                play=kind.apply_action,
                moves_of=kind.legal_actions,
            )

        per = NODES
    elif metric == "clones":
        state = _position(game, 1, 10)

        def work(_: int) -> None:
            for _ in range(100):
                state.clone()

        per = 100
    else:
        clone = metric == "clone_playout"

        def work(index: int) -> None:
            playout(game, clone, index)

        per = 1
    count, start = 0, time.process_time()
    while (spent := time.process_time() - start) < seconds or count < 2:
        work(count)
        count += 1
    return per * count / spent


def worker() -> None:
    """One tree's side: a rate for each ``PACK METRIC SECONDS`` line read."""
    games: dict[str, Any] = {}
    for asked, line in enumerate(sys.stdin):
        pack, metric, seconds = line.split()
        print(repr(_rate(games, pack, metric, float(seconds), asked)), flush=True)


def main(old: str, new: str, packs: list[str], metrics: list[str], rounds: int) -> None:
    """Print one Markdown row per pack and metric: old, new and the median ratio."""
    trees = {"old": old, "new": new}
    workers = {
        name: subprocess.Popen(
            [sys.executable, os.path.abspath(__file__), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": os.path.abspath(path)},
        )
        for name, path in trees.items()
    }

    def ask(name: str, pack: str, metric: str) -> Any:
        process = workers[name]
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(f"{pack} {metric} 0.25\n")
        process.stdin.flush()
        text = process.stdout.readline().strip()
        return None if text in ("", "None") else float(text)

    print("| pack | metric | old | new | new / old | pairs |")
    print("|---|---|---:|---:|---:|---:|")
    for pack in packs:
        for metric in metrics:
            pairs = []
            for index in range(rounds):
                order = ("old", "new") if index % 2 == 0 else ("new", "old")
                got = {name: ask(name, pack, metric) for name in order}
                if got["old"] and got["new"]:
                    pairs.append((got["old"], got["new"]))
            if not pairs:
                print(f"| {pack} | {metric} | - | - | - | 0 |", flush=True)
                continue
            before = statistics.median(pair[0] for pair in pairs)
            after = statistics.median(pair[1] for pair in pairs)
            ratio = statistics.median(pair[1] / pair[0] for pair in pairs)
            row = f"| {pack} | {metric} | {before:,.1f} | {after:,.1f} | {ratio:.2f}"
            print(f"{row} | {len(pairs)} |", flush=True)
    for process in workers.values():
        assert process.stdin is not None
        process.stdin.close()
        process.wait()


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker()
    elif len(sys.argv) == 6:
        old, new, packs, metrics, rounds = sys.argv[1:]
        main(old, new, packs.split(","), metrics.split(","), int(rounds))
    else:
        sys.exit(__doc__)
