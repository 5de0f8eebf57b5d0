"""Hard on every core against Hard on one, each thinking for Hard's time a move.

``python -m benchmarks.cores_match PACK[:OPTION=VALUE,...] ... --games N [--until HH:MM]``
plays rounds of two games per pack (one in each seat order: the first seat is the
all-cores Hard in even games) and writes each game as a JSON line to ``--out``; with
``--report`` it reads that file and prints the table for docs/ai.md. Not part of
``make bench``: games of Hard against Hard take minutes. The games are timed, so they
differ from run to run and machine to machine (the point: what the cores buy in the
same second).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from vtt.ai.agent import Budget
from vtt.ai.levels import LEVELS
from vtt.ai.mcts import SearchAgent
from vtt.ai.parallel import ParallelSearch, cores
from vtt.ai.simulate import wilson
from vtt.rules.finder import load_game


def _case(text: str) -> tuple[str, dict[str, object]]:
    pack, _, given = text.partition(":")
    options: dict[str, object] = {}
    for pair in filter(None, given.split(",")):
        name, _, value = pair.partition("=")
        options[name] = int(value) if value.isdigit() else value
    return pack, options


def play(case: str, index: int, seconds: float, cap: int) -> dict[str, object]:
    """One game; the all-cores agent sits first in even games."""
    pack, options = _case(case)
    game = load_game(pack)
    state = game.new_state(options, seed=1000 + index)
    many = ParallelSearch(Budget(seconds=seconds), seed=2 * index + 1)
    one = SearchAgent(Budget(seconds=seconds), seed=2 * index + 2)
    many.start(game)
    first = index % 2 == 0
    seats = {0: many, 1: one} if first else {0: one, 1: many}
    iterations: dict[str, list[int]] = {"many": [], "one": []}
    moves = 0
    try:
        while not state.is_terminal() and moves < cap:
            seat = state.to_move
            assert seat is not None
            legal = list(state.legal_moves)
            agent = seats[seat]
            move = agent.choose(state.view(seat), legal)
            if len(legal) > 1:
                iterations["many" if agent is many else "one"].append(agent.iterations)
            state.apply(move)
            moves += 1
    finally:
        many.close()
    outcome = state.outcome
    winners = list(outcome.winners) if outcome is not None else []
    many_seat = 0 if first else 1
    if outcome is None or not winners or len(winners) > 1:
        score = 0.5
    else:
        score = 1.0 if many_seat in winners else 0.0
    return {
        "case": case,
        "index": index,
        "many_seat": many_seat,
        "score": score,
        "ended": outcome is not None,
        "moves": moves,
        "iterations_many": _median(iterations["many"]),
        "iterations_one": _median(iterations["one"]),
        "cores": cores(),
        "load": Path("/proc/loadavg").read_text().split()[0]
        if Path("/proc/loadavg").exists()
        else "",
    }


def _median(values: list[int]) -> float:
    ordered = sorted(values)
    return float(ordered[len(ordered) // 2]) if ordered else 0.0


def report(path: Path) -> str:
    """The table of the games written to ``path``."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    lines = [
        "| pack | games | all cores' score (95% interval) | as first / as second "
        "| iterations a move, all cores / one (medians) | load average |",
        "|---|---:|---|---|---|---|",
    ]
    for case in dict.fromkeys(row["case"] for row in rows):
        games = [row for row in rows if row["case"] == case]
        score = sum(row["score"] for row in games)
        low, high = wilson(score, len(games))
        firsts = [row["score"] for row in games if row["many_seat"] == 0]
        seconds = [row["score"] for row in games if row["many_seat"] == 1]
        many = _median([int(row["iterations_many"]) for row in games])
        one = _median([int(row["iterations_one"]) for row in games])
        loads = sorted(float(row["load"]) for row in games if row["load"])
        lines.append(
            f"| {case} | {len(games)} | {score:g} of {len(games)} "
            f"({score / len(games):.0%}, {low:.0%}-{high:.0%}) "
            f"| {sum(firsts):g} of {len(firsts)} / {sum(seconds):g} of {len(seconds)} "
            f"| {many:g} / {one:g} | {loads[0]:.1f} to {loads[-1]:.1f} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("cases", nargs="*")
    parser.add_argument("--games", type=int, default=10, help="games per pack")
    parser.add_argument("--seconds", type=float, default=LEVELS["hard"].seconds)
    parser.add_argument("--cap", type=int, default=400, help="moves before a game is a draw")
    parser.add_argument("--until", help="start no game after this time (HH:MM, UTC)")
    parser.add_argument("--out", type=Path, default=Path("cores-match.jsonl"))
    parser.add_argument("--report", action="store_true")
    args = parser.parse_args()
    if args.report:
        print(report(args.out))
        return
    stop = None
    if args.until:
        hours, minutes = (int(part) for part in args.until.split(":"))
        now = time.gmtime()
        stop = time.time() + ((hours - now.tm_hour) * 60 + minutes - now.tm_min) * 60
    random.seed(0)
    with args.out.open("a") as out:
        for index in range(args.games):
            for case in args.cases:
                if stop is not None and time.time() > stop:
                    return
                row = play(case, index, args.seconds, args.cap)
                print(json.dumps(row), flush=True)
                out.write(json.dumps(row) + "\n")
                out.flush()


if __name__ == "__main__":
    main()
