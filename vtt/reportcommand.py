"""``vtt report``: a designer's report on a pack, one self-contained HTML page.

vtt report PACK --html FILE                                   the games, findings, cards
vtt report PACK --variant 'A: ...' --variant 'B: ...' --html FILE     a comparison
vtt report BEFORE AFTER --html FILE                           two pack files compared
vtt report PACK --sweep NAME=a..b --html FILE                 one option over a range

The variants are read as ``vtt compare`` reads them (``vtt.analysiscommands``).

This module sits above the studio's report and the window's charts, like the ``vtt``
command.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import TextIO

from vtt.agentcommands import _agents, _check_count
from vtt.ai.simulate import Cancelled
from vtt.ai.variants import Variant, parse_variant
from vtt.rules.commands import parse_options
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game
from vtt.rules.shown import ERROR_CHARS, echo, shown

__all__ = ["add_report_parser", "report_command"]


def add_report_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``vtt report`` subcommand's arguments."""
    report = sub.add_parser(
        "report",
        help="write a designer's report on a pack: one HTML page to share with playtesters",
        description="Play a pack (one variant, two compared, or one option swept), look "
        "for dominant and useless strategies and what each suit is worth, and write it all "
        "as one HTML page with its charts inside.",
    )
    report.add_argument(
        "packs",
        nargs="+",
        metavar="PACK",
        help="a pack id, folder or pack.yaml; or two of them to compare (before and after)",
    )
    report.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="'LABEL: NAME=VALUE ...'",
        help="a variant by its options (once: report on it; twice: compare the two)",
    )
    report.add_argument(
        "--option",
        "--options",
        action="append",
        default=[],
        metavar="N=V",
        help="an option every variant (every value of a sweep) plays with",
    )
    report.add_argument(
        "--sweep", metavar="NAME=a..b", help="play one option over a range (or a,b,c)"
    )
    report.add_argument("--games", type=int, default=100, help="games per variant (100)")
    report.add_argument(
        "--agents",
        default="random,random",
        metavar="NAME,NAME",
        help="the agents, seated in turn (default random,random); the findings pit the "
        "first against restricted copies of itself",
    )
    report.add_argument("--players", type=int, help="number of players")
    report.add_argument("--seed", type=int, default=0, help="the games' seed (0)")
    report.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (all cores)"
    )
    report.add_argument(
        "--no-findings", action="store_true", help="leave out dominant and useless strategies"
    )
    report.add_argument(
        "--no-cards", action="store_true", help="leave out each suit's and card's contribution"
    )
    report.add_argument("--html", required=True, metavar="FILE", help="the page to write")


def report_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run the analyses with progress on stderr, write the page, print its path."""
    from vtt.studio.report import ReportRequest, build_report
    from vtt.ui.chart import report_chart

    out = out or sys.stdout
    try:
        agents = _agents(args.agents)
        _check_count("--games", args.games, 1)
        _check_count("--workers", args.workers, 1, 4 * (os.cpu_count() or 1))
        variants, sweep = _variants(args)
    except (RulesError, FileNotFoundError, ValueError) as error:
        echo(f"vtt report: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    request = ReportRequest(
        variants,
        args.games,
        agents,
        args.seed,
        args.players,
        args.workers,
        sweep,
        findings=not args.no_findings,
        contribution=not args.no_cards,
    )
    bar = _Progress()
    try:
        page = build_report(request, progress=bar.show, chart_maker=report_chart, say=bar.say)
    except (KeyboardInterrupt, Cancelled):
        bar.end()
        echo("vtt report: interrupted; no page written", file=sys.stderr)
        return 130
    except (RulesError, ValueError, OSError) as error:
        bar.end()
        echo(f"vtt report: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    bar.end()
    try:
        Path(args.html).write_text(page, encoding="utf-8")
    except OSError as error:
        echo(f"vtt report: {args.html}: {shown(error.strerror or error)}", file=sys.stderr)
        return 1
    echo(args.html, file=out)
    return 0


def _variants(
    args: argparse.Namespace,
) -> tuple[tuple[Variant, ...], tuple[str, tuple[object, ...]] | None]:
    """The variants the arguments name (two packs, two ``--variant``, or one pack with
    at most one) and the sweep, each option checked against its pack; ValueError,
    RulesError or FileNotFoundError says what is wrong."""
    from vtt.analysiscommands import variants

    packs, texts = args.packs, args.variant
    if len(packs) > 2:
        raise ValueError(f"give one pack or two, not {len(packs)}")
    if len(texts) > 2:
        raise ValueError(f"give one or two variants, not {len(texts)}")
    if args.sweep and (len(packs) > 1 or len(texts) > 1):
        raise ValueError("--sweep starts from one pack and at most one --variant")
    if len(packs) == 2 or len(texts) == 2:
        return tuple(variants(packs, texts, args.option, args.seed, args.players)), None
    game = load_game(packs[0])
    label, pairs = parse_variant(texts[0], game.id) if texts else (game.id, [])
    options = parse_options(game, [*args.option, *pairs])
    game.new_state(options, args.seed, players=args.players)  # the options checked here
    variant = Variant(label, str(game.path or packs[0]), tuple(options.items()))
    if not args.sweep:
        return (variant,), None
    from vtt.ai.compare import option_range

    name, equals, values = args.sweep.partition("=")
    name = name.strip()
    if not equals or not name:
        raise ValueError(f"--sweep wants NAME=a..b or NAME=a,b,c, not {args.sweep!r}")
    swept = []
    for value in option_range(values):
        each = {**options, **parse_options(game, [f"{name}={value}"])}
        game.new_state(each, args.seed, players=args.players)  # each value checked
        swept.append(each[name])
    return (variant,), (name, tuple(swept))


class _Progress:
    """Each analysis's name, then a bar of the whole report's progress, on stderr."""

    def __init__(self) -> None:
        self.open = False
        self._drawn = 0.0

    def say(self, words: str) -> None:
        self.end()
        echo(f"{words[:1].upper()}{words[1:]}...", file=sys.stderr, flush=True)

    def show(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self._drawn < 0.1 and self.open:
            return
        self._drawn, self.open = now, True
        filled = 30 * done // total if total else 30
        percent = 100 * done // total if total else 100
        print(  # numbers only: the carriage return goes to the terminal as it is
            f"\r[{'#' * filled}{'.' * (30 - filled)}] {percent}%",
            end="",
            file=sys.stderr,
            flush=True,
        )

    def end(self) -> None:
        """End the bar's line."""
        if self.open:
            print(file=sys.stderr, flush=True)
            self.open = False
