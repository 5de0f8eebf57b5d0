"""``vtt findings PACK``: what is broken in a game, in the terminal.

Restricted play (is there a strategy that always wins, a rule nobody needs?) and
the win rate of each card and suit held, played and captured (``vtt.ai.findings``).
``vtt report`` writes the same findings into a designer's HTML page.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, TextIO

from vtt.agentcommands import _Bar, _check_count
from vtt.rules.commands import parse_options
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game
from vtt.rules.shown import ERROR_CHARS, echo, shown

__all__ = ["add_findings_parser", "findings_command"]


def add_findings_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``vtt findings`` subcommand's arguments."""
    from vtt.ai.levels import AGENTS

    findings = sub.add_parser(
        "findings",
        help="look for dominant and useless strategies and for the cards and suits that win",
    )
    findings.add_argument("pack", help="a pack id, folder or pack.yaml")
    findings.add_argument("--option", "--options", action="append", default=[], metavar="N=V")
    findings.add_argument("--players", type=int, help="number of players")
    findings.add_argument(
        "--agent",
        default="greedy",
        help=f"the agent playing itself held to each restriction ({', '.join(AGENTS)});"
        " default greedy (hard is the strongest, at minutes a game)",
    )
    findings.add_argument(
        "--games", type=int, default=100, help="games per restriction, and for the cards (100)"
    )
    findings.add_argument(
        "--only",
        action="append",
        metavar="RESTRICTION",
        help="only this restriction (repeatable): no-joker, highest, prefer-water, forbid-draw...",
    )
    findings.add_argument("--no-cards", action="store_true", help="skip the cards and suits")
    findings.add_argument("--no-strategies", action="store_true", help="skip the restricted play")
    findings.add_argument("--seed", type=int, default=0, help="the batches' seed (0)")
    findings.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (all cores)"
    )
    findings.add_argument("--dask", metavar="ADDRESS", help="run on this Dask scheduler")
    findings.add_argument("--json", metavar="FILE", help="write the findings as JSON")


def findings_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Play the restricted batches and the cards' batch with a progress bar; print the
    findings table and the cards' tables, and write JSON."""
    from vtt.ai.findings import (
        contribution,
        contribution_table,
        find_strategies,
        findings_table,
        restrictions,
    )
    from vtt.ai.levels import make_agent
    from vtt.ai.variants import Variant

    out = out or sys.stdout
    try:
        make_agent(args.agent)  # an unknown agent is named here
        _check_count("--games", args.games, 1)
        _check_count("--workers", args.workers, 1, 4 * (os.cpu_count() or 1))
        game = load_game(args.pack)
        options = parse_options(game, args.option)
        state = game.new_state(options, args.seed, players=args.players)  # options checked
        variant = Variant(game.name, str(game.path or args.pack), tuple(options.items()))
        offered = [r.name for r in restrictions(variant, args.players)]
        for name in args.only or ():
            if name not in offered:
                has = f"it has: {', '.join(offered)}" if offered else "it has none"
                raise ValueError(f"{game.name} has no restriction {name!r}; {has}")
    except (RulesError, FileNotFoundError, ValueError) as error:
        echo(f"vtt findings: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    agent = args.agent.strip().lower()
    found: dict[str, Any] = {}
    try:
        chosen = args.only or offered
        if not args.no_strategies and not chosen:
            echo(
                f"{game.name}: no restriction applies (one kind of move, no card to choose)",
                file=out,
            )
        elif not args.no_strategies:
            echo(
                f"{game.name}: {agent} against itself held to each of {len(chosen)}"
                f" restrictions, {args.games} games each",
                file=out,
            )
            bar = _Bar(args.games * max(1, len(chosen)))
            findings = find_strategies(
                variant,
                agent=agent,
                games=args.games,
                seed=args.seed,
                players=args.players,
                only=chosen,
                workers=args.workers,
                dask=args.dask,
                progress=bar.show,
            )
            bar.end()
            echo(findings_table(findings), file=out)
            found["strategies"] = [f.as_json() for f in findings]
        if not args.no_cards:
            agents = (agent,) * state.players
            echo(f"\n{game.name}: the cards of {args.games} games, {', '.join(agents)}", file=out)
            bar = _Bar(args.games)
            cards = contribution(
                variant,
                agents=agents,
                games=args.games,
                seed=args.seed,
                players=args.players,
                workers=args.workers,
                dask=args.dask,
                progress=bar.show,
            )
            bar.end()
            echo(contribution_table(cards), file=out)
            found["contribution"] = cards.as_json()
    except KeyboardInterrupt:
        echo("vtt findings: interrupted", file=sys.stderr)
        return 130
    except (RulesError, ValueError, OSError) as error:
        echo(f"vtt findings: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as file:
                json.dump(found, file, indent=2, default=str)
        except OSError as error:
            echo(f"vtt findings: {shown(error, ERROR_CHARS)}", file=sys.stderr)
            return 1
    return 0
