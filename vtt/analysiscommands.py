"""The designer's analysis subcommands of ``vtt``: compare two variants, sweep an option.

``vtt compare PACK --variant 'A: size=5' --variant 'B: size=6'`` (or two pack files,
``vtt compare BEFORE AFTER``) plays both on the same games (``vtt.ai.compare``) and
prints each metric side by side with the difference, its 95% interval and a verdict;
``vtt compare PACK --sweep size=5..8`` plays the pack at each value of an option.
This module sits above the agents and the window's chart, like the ``vtt`` command.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from vtt.agentcommands import _agents, _Bar, _check_count
from vtt.rules.commands import parse_options
from vtt.rules.errors import RulesError
from vtt.rules.finder import load_game
from vtt.rules.shown import ERROR_CHARS, echo, shown

if TYPE_CHECKING:
    from vtt.ai.variants import Variant

Progress = Callable[[int, int], None]
#: What a job does: its games in all, how it plays them, how it writes what it found.
Job = tuple[int, Callable[[Progress], Any], Callable[[Any, TextIO], None]]

__all__ = ["add_compare_parser", "compare_command", "comparison_table", "sweep_table", "variants"]

#: ``--games`` when not given: a comparison's cap, and a sweep's games per value.
COMPARE_GAMES, SWEEP_GAMES = 1000, 100


class _Usage(ValueError):
    """Arguments that do not go together (exit status 2, as argparse's)."""


def add_compare_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``vtt compare`` subcommand's arguments."""
    from vtt.ai.levels import AGENTS

    parser = sub.add_parser(
        "compare",
        help="play two variants on the same games and compare their metrics, or sweep an option",
        description="Compare two variants of a pack (--variant twice, or two pack files) on "
        "the same seeds and agents, stopping once the difference is clear or clearly absent; "
        "or play one option over a range (--sweep).",
    )
    parser.add_argument(
        "packs", nargs="+", metavar="PACK", help="a pack id, folder or pack.yaml; or two of them"
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="'LABEL: NAME=VALUE ...'",
        help="a variant of the pack (twice): its label and options",
    )
    parser.add_argument(
        "--sweep",
        metavar="NAME=RANGE",
        help="one option over a range: size=5..8, rounds=5..50/5, mode=a,b",
    )
    parser.add_argument(
        "--metric",
        help="the metric a sweep shows: first-player-advantage (the default), seat-1-wins, "
        "draws, length, decisive-moves, lead-changes",
    )
    parser.add_argument(
        "--games",
        type=int,
        help=f"most games of each variant ({COMPARE_GAMES:,}); a sweep's games per value "
        f"({SWEEP_GAMES})",
    )
    parser.add_argument(
        "--agents",
        default="random,random",
        metavar="NAME,NAME",
        help=f"the agents, seated in turn ({', '.join(AGENTS)}); default random,random",
    )
    parser.add_argument(
        "--option",
        "--options",
        action="append",
        default=[],
        metavar="N=V",
        help="an option both variants (every point of a sweep) play with",
    )
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--seed", type=int, default=0, help="the games' seed (0)")
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (all cores)"
    )
    parser.add_argument("--dask", metavar="ADDRESS", help="run on this Dask scheduler")
    parser.add_argument(
        "--no-sequential",
        dest="sequential",
        action="store_false",
        help="play every game, without stopping once the answer is clear",
    )
    parser.add_argument("--json", metavar="FILE", help="write the results as JSON")
    parser.add_argument("--chart", metavar="FILE.png", help="draw the differences (or the sweep)")


def variants(
    packs: list[str], texts: list[str], common: list[str], seed: int, players: int | None
) -> tuple[Variant, Variant]:
    """The two variants a ``vtt compare`` names: two packs with the same options, or one
    pack and two ``--variant`` texts (each one's options over the common ones); every
    option checked against its pack. ValueError (or RulesError, FileNotFoundError) says
    what is wrong."""
    from vtt.ai.variants import Variant, parse_variant

    if len(packs) == 2:
        if texts:
            raise _Usage("give two packs or one pack with two --variant, not both")
        first, second = (
            Variant(_label(pack), *_checked(pack, common, seed, players)) for pack in packs
        )
        return first, second
    if len(texts) != 2:
        raise _Usage(
            f"a comparison needs two variants: --variant 'A: NAME=VALUE ...' twice (got "
            f"{len(texts)}), or two pack files"
        )
    out = []
    for text in texts:
        label, pairs = parse_variant(text, packs[0])
        out.append(Variant(label, *_checked(packs[0], [*common, *pairs], seed, players)))
    return out[0], out[1]


def _checked(
    pack: str, pairs: list[str], seed: int, players: int | None
) -> tuple[str, tuple[tuple[str, object], ...]]:
    """A pack's path (as a batch names it) and options, checked by starting a game;
    a ValueError names the pack."""
    game = load_game(pack)
    try:
        options = parse_options(game, pairs)
    except ValueError as error:
        raise ValueError(f"{pack}: {error}") from None
    game.new_state(options, seed, players=players)  # the values are checked here
    return str(game.path or pack), tuple(options.items())


def _label(pack: str) -> str:
    """A pack file's label: its folder's name when it is a pack.yaml."""
    path = Path(pack)
    return path.parent.name if path.name == "pack.yaml" and path.parent.name else pack


def compare_command(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Compare two variants (or sweep an option) with a progress bar; print the table,
    write JSON and a chart."""
    out = out or sys.stdout
    try:
        agents = _agents(args.agents)
        if len(args.packs) > 2:
            raise _Usage(f"give one pack or two, not {len(args.packs)}")
        games = (
            args.games if args.games is not None else (SWEEP_GAMES if args.sweep else COMPARE_GAMES)
        )
        _check_count("--games", games, 1, 10_000_000)
        _check_count("--workers", args.workers, 1, 4 * (os.cpu_count() or 1))
        if args.sweep:
            if args.variant or len(args.packs) != 1:
                raise _Usage("--sweep takes one pack, without --variant")
            job = _sweep_job(args, agents, games)
        else:
            job = _compare_job(args, agents, games)
    except _Usage as error:
        echo(f"vtt compare: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 2
    except (RulesError, FileNotFoundError, ValueError) as error:
        echo(f"vtt compare: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    total, play, write = job
    bar = _Bar(total)
    try:
        result = play(bar.show)
    except KeyboardInterrupt:
        bar.end()
        echo(f"vtt compare: interrupted after {bar.done:,} of {total:,} games", file=sys.stderr)
        return 130
    except (RulesError, ValueError, OSError) as error:
        bar.end()
        echo(f"vtt compare: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    bar.end()
    try:
        write(result, out)
        if args.json:
            with open(args.json, "w", encoding="utf-8") as file:
                json.dump(result.as_json(), file, indent=2, default=str)
    except OSError as error:
        echo(f"vtt compare: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    return 0


def _compare_job(args: argparse.Namespace, agents: tuple[str, ...], games: int) -> Job:
    from vtt.ai.compare import compare

    if args.metric is not None:
        raise _Usage("--metric names what a --sweep charts; a comparison shows every metric")
    a, b = variants(args.packs, args.variant, args.option, args.seed, args.players)

    def play(progress: Progress) -> Any:
        return compare(
            a, b, games=games, agents=agents, seed=args.seed, players=args.players,
            sequential=args.sequential, workers=args.workers, dask=args.dask, progress=progress,
        )  # fmt: skip

    def write(comparison: Any, out: TextIO) -> None:
        echo(comparison_table(comparison), file=out)
        if args.chart:
            from vtt.ui.chart import save_comparison_chart

            save_comparison_chart(comparison, args.chart)

    return 2 * games, play, write


def _sweep_job(args: argparse.Namespace, agents: tuple[str, ...], games: int) -> Job:
    from vtt.ai.compare import metric_name, option_range, sweep
    from vtt.ai.variants import Variant

    name, equals, text = args.sweep.partition("=")
    if not equals or not name.strip():
        raise ValueError(
            f"--sweep {args.sweep!r}: expected NAME=RANGE, as in size=5..8 or mode=a,b"
        )
    name = name.strip()
    metric = metric_name(args.metric or "first-player-advantage")
    game = load_game(args.packs[0])
    base = parse_options(game, args.option)
    values = []
    for value in option_range(text):
        options = {**base, **parse_options(game, [f"{name}={value}"])}
        game.new_state(options, args.seed, players=args.players)  # each value checked
        values.append(options[name])
    pack = str(game.path or args.packs[0])
    variant = Variant(game.name or pack, pack, tuple(base.items()))

    def play(progress: Progress) -> Any:
        return sweep(
            variant, name, values, games=games, agents=agents, seed=args.seed,
            players=args.players, workers=args.workers, dask=args.dask, progress=progress,
        )  # fmt: skip

    def write(result: Any, out: TextIO) -> None:
        echo(sweep_table(result, metric), file=out)
        if args.chart:
            from vtt.ui.chart import save_sweep_chart

            save_sweep_chart(result, metric, args.chart)

    return games * len(values), play, write


# --- the tables ---------------------------------------------------------------------------


def _heading(report: Any, agents: tuple[str, ...], seed: int) -> str:
    return f"{report.name or report.pack}: {' v '.join(agents)}, seed {seed}"


def comparison_table(comparison: Any) -> str:
    """A comparison for the terminal: the variants, each metric side by side with the
    difference, its interval and verdict, and why the games stopped."""
    from vtt.ai.compare import COUNT_MARGIN, RATE_MARGIN, figure, interval, number
    from vtt.ai.simulate import unfinished_text

    first, second = comparison.reports
    lines = [_heading(first, comparison.agents, comparison.seed), ""]
    for side, variant, report in (("A", comparison.a, first), ("B", comparison.b, second)):
        said = f"  ({report.option_words})" if report.option_words else ""
        pack = "" if comparison.a.pack == comparison.b.pack else f"  [{shown(variant.pack)}]"
        lines.append(f"{side} = {shown(variant.label)}{pack}{said}")
    lines += ["", f"{'metric':<24}{'A':>9}{'B':>9}{'B - A':>11}   {'95% interval':<18}  verdict"]
    for diff in comparison.metrics:
        each = (figure(diff.name, diff.a), figure(diff.name, diff.b))
        ci = interval(diff.name, diff.low, diff.high)
        lines.append(
            f"{diff.name:<24}{each[0]:>9}{each[1]:>9}{number(diff.name, diff.diff):>11}"
            f"   {ci:<18}  {diff.verdict}"
        )
    lines += ["", comparison.stopped[:1].upper() + comparison.stopped[1:] + "."]
    for side, report in (("A", first), ("B", second)):
        if report.unfinished:
            lines.append(f"{side}: {unfinished_text(report)}; the pairs count the games that ended")
    lines.append(
        "The intervals hold at 95%"
        + (" whenever the games stop" if comparison.sequential else "")
        + ", the main metrics' (first-player advantage, length) together;"
    )
    lines.append(
        f"'same': inside +-{RATE_MARGIN * 100:.0f} points (pts) of a rate, {COUNT_MARGIN:.0%}"
        " of a count's mean."
    )
    return "\n".join(line.rstrip() for line in lines)


def sweep_table(result: Any, metric: str) -> str:
    """A sweep for the terminal: the metric at each value with its interval, and a text
    chart of them (``o`` the mean, ``-`` the interval, ``|`` zero)."""
    from vtt.ai.compare import figure
    from vtt.ai.simulate import unfinished_text

    first = result.reports[0] if result.reports else None
    lines = []
    if first is not None:
        lines.append(
            f"{_heading(first, result.agents, result.seed)}; {result.games:,} games per value"
        )
    lines += [f"{metric} against {result.option}", ""]
    estimates = result.metric(metric)
    known = [e for e in estimates if e is not None and math.isfinite(e.low)]
    low = min((e.low for e in known), default=0.0)
    high = max((e.high for e in known), default=1.0)
    if metric == "first-player advantage" or metric == "draws" or metric.startswith("seat "):
        low, high = min(low, 0.0), max(high, 0.0)
    width = max(len(result.option), *(len(str(v)) for v in result.values)) if result.values else 6
    lines.append(f"{result.option:<{width}}  {'mean':>8}   {'95% interval':<18}")
    for value, estimate in zip(result.values, estimates, strict=True):
        if estimate is None:
            lines.append(f"{value!s:<{width}}  {'n/a':>8}")
            continue
        mean = figure(metric, estimate.mean)
        interval = f"{figure(metric, estimate.low)} .. {figure(metric, estimate.high)}"
        lines.append(
            f"{value!s:<{width}}  {mean:>8}   {interval:<18}"
            f"{_text_bar(estimate.mean, estimate.low, estimate.high, low, high)}"
        )
    if not result.values:
        lines.append("(no value played)")
    for value, report in zip(result.values, result.reports, strict=True):
        if report.unfinished:
            lines.append(f"{result.option}={value}: {unfinished_text(report)}")
    return "\n".join(line.rstrip() for line in lines)


def _text_bar(
    mean: float, low: float, high: float, least: float, most: float, width: int = 32
) -> str:
    """One row of the text chart.

    >>> _text_bar(0.5, 0.25, 0.75, 0.0, 1.0, 9)
    '[| --o--  ]'
    """
    cells = [" "] * width
    span = (most - least) or 1.0

    def at(value: float) -> int:
        return min(width - 1, max(0, round((value - least) / span * (width - 1))))

    if math.isfinite(low) and math.isfinite(high):
        for cell in range(at(low), at(high) + 1):
            cells[cell] = "-"
    if least <= 0 <= most:
        cells[at(0.0)] = "|"
    cells[at(mean)] = "o"
    return "[" + "".join(cells) + "]"
