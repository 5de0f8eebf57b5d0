"""The agents' subcommands of ``vtt``: solve a pack, simulate batches of games.

This module sits above the agents and the window's chart, like the ``vtt`` command.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Any, TextIO

from vtt.ai.solver import NotSolvable, Solver, TooBig
from vtt.ai.solvetable import BadTable, TableFile, fixed_key
from vtt.ai.value import judge
from vtt.rules.commands import parse_options
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game, pack_digest
from vtt.rules.shown import ERROR_CHARS, echo, shown, shown_name

__all__ = ["add_simulate_parser", "add_solve_parser", "simulate_command", "solve_command"]


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
    solve.add_argument(
        "--table",
        metavar="FILE",
        help="keep the solver's table in FILE (saved every minute and when stopped):"
        " the same command with the same file resumes the solve",
    )


def solve_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Solve a pack's start (or the position after ``--moves``); print the proof's result."""
    out = out or sys.stdout
    try:
        if args.max_seconds is not None and not (
            math.isfinite(args.max_seconds) and args.max_seconds > 0
        ):
            raise ValueError(f"--max-seconds must be a number above 0, not {args.max_seconds}")
        game = load_game(args.pack)
        state = game.new_state(parse_options(game, args.option), args.seed, players=args.players)
        for text in filter(None, (part.strip() for part in args.moves.split(";"))):
            state.apply(text)
    except (RulesError, FileNotFoundError, ValueError) as error:
        echo(f"vtt solve: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    names = tuple(shown_name(name) for name in state.seat_names)

    solver = Solver(seconds=args.max_seconds)
    solver.score = judge(game)
    try:
        store = _table_file(args, game, state, solver) if getattr(args, "table", None) else None
    except (BadTable, OSError) as error:
        echo(f"vtt solve: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1

    def progress(nodes: int, positions: int, seconds: float) -> None:
        rate = nodes / seconds if seconds else 0.0
        echo(
            f"  {nodes:,} positions searched, {positions:,} kept, {seconds:,.0f} s ({rate:,.0f}/s)",
            file=sys.stderr,
            flush=True,
        )
        if store is not None and store.due():
            _save(store, solver)

    echo(f"Solving {shown_name(game.name)} ({len(names)} players)...", file=sys.stderr, flush=True)
    try:
        solution = solver.solve(state, progress)
    except NotSolvable as error:
        echo(f"vtt solve: {shown_name(game.name)} cannot be solved: {error}", file=sys.stderr)
        return 1
    except TooBig as error:
        kept = _saved(store, solver)
        echo(f"vtt solve: {error}; {solver.nodes:,} positions searched{kept}", file=out)
        return 2
    except KeyboardInterrupt:
        kept = _saved(store, solver)
        echo(f"vtt solve: stopped; {solver.nodes:,} positions searched{kept}", file=sys.stderr)
        return 130
    except Exception as error:  # the pack failed in a position of the search
        cause = str(error) if isinstance(error, RulesError) else f"{type(error).__name__}: {error}"
        echo(
            f"vtt solve: {shown_name(game.name)} ({shown(args.pack)}, seed {args.seed}) failed"
            f" during the search: {shown(cause, ERROR_CHARS)}",
            file=sys.stderr,
        )
        return 1
    verdict = (
        "a draw" if solution.value == 0 else f"{names[0] if solution.value > 0 else names[1]} wins"
    )
    echo(f"{shown_name(game.name)}: {verdict} with perfect play.", file=out)
    if solution.actions:
        mover = names[solution.to_move]
        for action, value in solution.actions.items():
            kept = "keeps" if value == solution.value else "loses"
            result = "draw" if value == 0 else f"{names[0] if value > 0 else names[1]} wins"
            move = state.action_to_move(action)
            echo(f"  {mover}: {shown(move)}  -> {result} ({kept} the value)", file=out)
    rate = solution.nodes / solution.seconds if solution.seconds else 0.0
    echo(
        f"{solution.nodes:,} positions searched, {solution.positions:,} kept in the table, "
        f"{solution.seconds:,.1f} s ({rate:,.0f} a second).",
        file=out,
    )
    if store is not None:
        try:
            _save(store, solver)
        except OSError as error:
            echo(f"vtt solve: {shown(error, ERROR_CHARS)}", file=sys.stderr)
            return 1
    return 0


def _table_file(args: argparse.Namespace, game: Any, state: Any, solver: Solver) -> TableFile:
    """The solve's table on disk (``--table``), loaded into ``solver``: BadTable when the
    file is another pack's or position's, cut short or damaged."""
    header: dict[str, object] = {
        "pack": game.id,
        "digest": pack_digest(game.path) if game.path is not None else None,
        "options": {name: _plain(value) for name, value in state.options.items()},
        "players": state.players,
        "seed": args.seed,
        "moves": args.moves,
        "start": fixed_key(state),  # the engine's names for positions, as this version has them
    }
    store = TableFile(args.table, header)
    solver.key = fixed_key
    solver.table = store.load()
    solver.fresh = {}
    if solver.table:
        echo(
            f"Resuming from {shown(args.table)}: {len(solver.table):,} positions known.",
            file=sys.stderr,
            flush=True,
        )
    return store


def _plain(value: object) -> object:
    """An option's value as JSON keeps it."""
    return value if isinstance(value, bool | int | float | str) or value is None else str(value)


def _save(store: TableFile, solver: Solver) -> None:
    assert solver.fresh is not None
    store.save(solver.table, solver.fresh, anew=solver.restarted)
    solver.restarted = False


def _saved(store: TableFile | None, solver: Solver) -> str:
    """Save a stopped solve's table; the words that say where (and how to resume)."""
    if store is None:
        return ""
    try:
        _save(store, solver)
    except OSError as error:
        return f"; the table could not be saved: {shown(error, ERROR_CHARS)}"
    return (
        f"; {len(solver.table):,} positions kept in {shown(str(store.path))}:"
        " the same command resumes the solve"
    )


def add_simulate_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``vtt simulate`` subcommand's arguments."""
    from vtt.ai.levels import AGENTS

    simulate = sub.add_parser(
        "simulate", help="play batches of games between agents and report designer metrics"
    )
    simulate.add_argument("pack", help="a pack id, folder or pack.yaml")
    simulate.add_argument("--games", type=int, default=100, help="how many games (100)")
    simulate.add_argument(
        "--agents",
        default="random,random",
        metavar="NAME,NAME",
        help=f"the agents, seated in turn ({', '.join(AGENTS)}); default random,random",
    )
    simulate.add_argument("--option", "--options", action="append", default=[], metavar="N=V")
    simulate.add_argument("--players", type=int, help="number of players")
    simulate.add_argument("--seed", type=int, default=0, help="the batch's seed (0)")
    simulate.add_argument(
        "--max-moves",
        type=int,
        metavar="N",
        help="stop a game after N moves (default: the pack's max_moves:, else 2,000)",
    )
    simulate.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (all cores)"
    )
    simulate.add_argument("--dask", metavar="ADDRESS", help="run on this Dask scheduler")
    simulate.add_argument("--json", metavar="FILE", help="write the report as JSON")
    simulate.add_argument("--chart", metavar="FILE.png", help="draw win rates and lengths")


def simulate_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play a batch with a progress bar; print the metrics, write JSON and a chart."""
    from vtt.ai.simulate import Batch, simulate, table

    out = out or sys.stdout
    try:
        agents = _agents(args.agents)
        _check_count("--games", args.games, 1)
        _check_count("--workers", args.workers, 1, 4 * (os.cpu_count() or 1))
        if args.max_moves is not None:
            _check_count("--max-moves", args.max_moves, 1, 1_000_000)
        game = load_game(args.pack)
        options = parse_options(game, args.option)
        game.new_state(options, args.seed, players=args.players)  # options checked here
    except (RulesError, FileNotFoundError, ValueError) as error:
        echo(f"vtt simulate: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    batch = Batch(
        str(game.path or args.pack),
        args.games,
        agents,
        tuple(options.items()),
        args.seed,
        args.players,
        args.max_moves,
    )
    bar = _Bar(args.games)
    try:
        rep = simulate(batch, workers=args.workers, progress=bar.show, dask=args.dask)
    except KeyboardInterrupt:
        bar.end()
        echo(f"vtt simulate: interrupted after {bar.done} of {args.games} games", file=sys.stderr)
        return 130
    except (RulesError, ValueError, OSError) as error:
        bar.end()
        echo(f"vtt simulate: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    rep.pack = game.id
    echo(table(rep), file=out)
    try:
        if args.json:
            with open(args.json, "w", encoding="utf-8") as file:
                json.dump(rep.as_json(), file, indent=2, default=str)
        if args.chart:
            from vtt.ui.chart import save_chart

            save_chart(rep, args.chart)
    except OSError as error:
        echo(f"vtt simulate: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    return 0


def _agents(text: str) -> tuple[str, ...]:
    """The agents named by ``--agents``; ValueError names one that is not an agent."""
    from vtt.ai.levels import AGENTS

    agents = tuple(name.strip().lower() for name in text.split(",") if name.strip())
    # NAME~POLICY: an agent held to a policy (vtt.ai.restricted), e.g. greedy~no-joker.
    unknown = [n for n in agents if n.partition("~")[0] not in AGENTS or not _restricted(n)]
    if unknown or not agents:
        raise ValueError(
            f"unknown agent {unknown[0] if unknown else text!r}; "
            f"the agents are: {', '.join(AGENTS)}"
        )
    return agents


def _restricted(name: str) -> bool:
    """False for ``NAME~POLICY`` naming no policy."""
    from vtt.ai.restricted import policy

    try:
        return "~" not in name or bool(policy(name.partition("~")[2]))
    except ValueError:
        return False


def _check_count(flag: str, value: int, low: int, high: int | None = None) -> None:
    """ValueError when a whole number given on the command line is out of its range."""
    if value < low:
        raise ValueError(f"{flag} must be at least {low:,}, not {value:,}")
    if high is not None and value > high:
        raise ValueError(f"{flag} must be at most {high:,}, not {value:,}")


class _Bar:
    """The progress bar on stderr: drawn at once, then as games end (ten times a
    second at most)."""

    def __init__(self, total: int) -> None:
        self.total, self.done, self._drawn = total, 0, 0.0
        self.show(0, total)

    def show(self, done: int, total: int) -> None:
        self.done = done
        now = time.monotonic()
        if done < total and now - self._drawn < 0.1 and done:
            return
        self._drawn = now
        filled = 30 * done // total
        print(  # numbers only: the carriage return goes to the terminal as it is
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {done:,}/{total:,} games",
            end="" if done < total else "\n",
            file=sys.stderr,
            flush=True,
        )

    def end(self) -> None:
        """End the bar's line before a message, unless it ended with the batch."""
        if self.done < self.total:
            print(file=sys.stderr, flush=True)
