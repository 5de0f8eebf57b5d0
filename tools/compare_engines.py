"""Random playouts per second of the same packs under two checkouts, in alternating runs.

    python tools/compare_engines.py OLD_TREE NEW_TREE [ROUNDS] [SECONDS]

Each run is a fresh process with the tree first on ``sys.path``; the runs alternate so
both see the same drift of this machine's speed, and rates are per second of the
process's own CPU time, so other work on the machine disturbs them less. Each tree
plays its own packs. Prints the median rate of each tree per case and new / old.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

CASES = [
    ["jantori", {}],
    ["war", {"mode": "classic", "jokers": True}],
    ["war", {"mode": "five-card"}],
    ["tic-tac-rock", {}],
    ["tic-tac-rock", {"jokers": True, "boards": 2}],
    ["jokers-wild", {}],
    ["battlefront", {}],
    ["battlefront", {"jokers": True, "deck_per_player": True}],
    ["stones", {}],
    ["green-queen", {}],
    ["corner-edge", {"game": "corner"}],
    ["corner-edge", {"game": "edge"}],
]

PROBE = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from vtt.rules.finder import load_game
cases = json.loads(sys.argv[2])
seconds = float(sys.argv[3])
found = []
for pack, options in cases:
    game = load_game(pack)
    game.new_state(options, 0)
    def playout(seed):
        state = game.new_state(options, seed)
        rng = random.Random(seed)
        while state.outcome is None:
            moves = state.legal_list()
            state.apply_unchecked(moves[rng.randrange(len(moves))])
    count, start = 0, time.process_time()
    while (elapsed := time.process_time() - start) < seconds:
        playout(count)
        count += 1
    # search nodes: clone, apply a random legal move, legal moves of the new position
    state = game.new_state(options, 1)
    rng = random.Random(1)
    nodes, start = 0, time.process_time()
    while (elapsed2 := time.process_time() - start) < seconds:
        if state.outcome is not None:
            state = game.new_state(options, nodes)
        child = state.copy()
        moves = child.legal_list()
        child.apply_unchecked(moves[rng.randrange(len(moves))])
        child.legal_list()
        state = child
        nodes += 1
    found.append([count / elapsed, nodes / elapsed2])
print(json.dumps(found))
"""


def run(tree: str, seconds: float) -> list[list[float]]:
    """Playouts and search nodes per second of every case under ``tree``."""
    out = subprocess.run(
        [sys.executable, "-c", PROBE, tree, json.dumps(CASES), str(seconds)],
        capture_output=True,
        text=True,
        check=True,
    )
    rates: list[list[float]] = json.loads(out.stdout)
    return rates


def main() -> int:
    old, new = sys.argv[1], sys.argv[2]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    seconds = float(sys.argv[4]) if len(sys.argv) > 4 else 0.5
    seen: dict[str, list[list[list[float]]]] = {old: [], new: []}
    for _ in range(rounds):
        for tree in (old, new):
            seen[tree].append(run(tree, seconds))
    print(f"{'case':44} {'measure':8} {'old':>9} {'new':>9} {'new/old':>8}")
    for index, (pack, options) in enumerate(CASES):
        for which, name in enumerate(("playouts", "nodes")):
            before = statistics.median(r[index][which] for r in seen[old])
            after = statistics.median(r[index][which] for r in seen[new])
            label = f"{pack} {options}"
            print(f"{label:44} {name:8} {before:9.1f} {after:9.1f} {after / before:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
