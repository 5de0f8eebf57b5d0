"""The agents' subcommands of ``vtt``: solve a pack, simulate batches of games."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from vtt.ai.solver import NotSolvable, Solver, TooBig
from vtt.rules.commands import parse_options
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game

__all__ = ["add_solve_parser", "solve_command"]


def add_solve_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``vtt solve`` subcommand's arguments."""
    solve = sub.add_parser(
        "solve", help="prove who wins a small game with perfect play, and by which first moves"
    )
    solve.add_argument("pack", help="a pack id, folder or pack.yaml")
    solve.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    solve.add_argument("--players", type=int, help="number of players (the solver needs 2)")
    solve.add_argument("--seed", type=int, default=0, help="the random seed of the start")
    solve.add_argument(
        "--moves", default="", metavar="MOVE;MOVE", help="moves played before solving, ';' apart"
    )
    solve.add_argument("--max-seconds", type=float, help="give up after this long")


def solve_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Solve a pack's start (or the position after ``--moves``); print the proof's result."""
    out = out or sys.stdout
    try:
        game = load_game(args.pack)
        state = game.new_state(parse_options(game, args.option), args.seed, players=args.players)
        for text in filter(None, (part.strip() for part in args.moves.split(";"))):
            state.apply(text)
    except (RulesError, FileNotFoundError, ValueError) as error:
        print(f"vtt solve: {error}", file=sys.stderr)
        return 1
    names = state.seat_names

    def progress(nodes: int, positions: int, seconds: float) -> None:
        rate = nodes / seconds if seconds else 0.0
        print(
            f"  {nodes:,} positions searched, {positions:,} kept, {seconds:,.0f} s ({rate:,.0f}/s)",
            file=sys.stderr,
            flush=True,
        )

    solver = Solver(seconds=args.max_seconds)
    solver.score = game.scores.fast if game.scores is not None else None
    print(f"Solving {game.name} ({len(names)} players)...", file=sys.stderr, flush=True)
    try:
        solution = solver.solve(state, progress)
    except NotSolvable as error:
        print(f"vtt solve: {game.name} cannot be solved: {error}", file=sys.stderr)
        return 1
    except TooBig as error:
        print(f"vtt solve: {error}; {solver.nodes:,} positions searched", file=out)
        return 2
    verdict = (
        "a draw" if solution.value == 0 else f"{names[0] if solution.value > 0 else names[1]} wins"
    )
    print(f"{game.name}: {verdict} with perfect play.", file=out)
    if solution.actions:
        mover = names[solution.to_move]
        for action, value in solution.actions.items():
            kept = "keeps" if value == solution.value else "loses"
            result = "draw" if value == 0 else f"{names[0] if value > 0 else names[1]} wins"
            move = state.action_to_move(action)
            print(f"  {mover}: {move}  -> {result} ({kept} the value)", file=out)
    print(
        f"{solution.nodes:,} positions searched, {solution.positions:,} kept in the table, "
        f"{solution.seconds:,.1f} s.",
        file=out,
    )
    return 0
