"""A designer's report: one self-contained HTML page for sharing with playtesters.

The page holds what was played (the pack, its content hash, the agents, games, seed
and options), the simulator's metrics, a comparison of two variants or a sweep of one
option, the strategies restricted play found dominant or useless, and each suit's and
card's contribution to winning, with a short note on how to read them. It needs no
other file, no script and no network: the style sheet is inline and the charts are
PNG images inside the page (``data:`` addresses). Every text that comes from a pack
or from the user is escaped, so a pack named ``<script>`` shows as those characters.

This module is pure (no Qt): the charts come in as PNG bytes from a chart maker the
caller passes (``vtt.ui.chart.report_chart`` for ``vtt report`` and the window).
``analyse`` runs the analyses a ``ReportRequest`` asks for, ``page`` draws the
results, and ``build_report`` does both.
"""

from __future__ import annotations

import base64
import hashlib
import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from vtt.ai.compare import figure, interval, number
from vtt.ai.simulate import Cancelled, Progress, Report, option_words, simulate
from vtt.ai.variants import Variant
from vtt.rules.finder import pack_digest

if TYPE_CHECKING:
    from vtt.ai.compare import Comparison, Sweep
    from vtt.ai.findings import CardStat, Contribution, Finding

__all__ = [
    "Analysis",
    "ChartMaker",
    "PackFacts",
    "Played",
    "ReportRequest",
    "analyse",
    "analysis_of",
    "build_report",
    "page",
    "report_html",
]

#: Draws one of the page's charts as PNG bytes: ``(kind, results)``, the kind being
#: "summary" (a Report), "comparison", "sweep" or "contribution".
ChartMaker = Callable[[str, Any], bytes]


@dataclass(frozen=True)
class PackFacts:
    """One variant as the page names it: its label, the pack's name and id, its
    options in words and the pack's content hash (``vtt.rules.finder.pack_digest``)."""

    label: str
    name: str
    pack: str
    options: str
    digest: str
    unsaved: bool = False


@dataclass(frozen=True)
class Played:
    """What was played, for the page's first section."""

    variants: tuple[PackFacts, ...]
    agents: tuple[str, ...]
    games: int
    seed: int
    date: str
    sweep: str = ""  # "size = 5, 6, 7" when one option was swept


# ---- the page ----------------------------------------------------------------------

_STYLE = """
:root { color-scheme: light; }
body { font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  color: #1d1d1f; background: #fafaf7; margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
h1 { font-size: 1.7rem; margin: 1rem 0 0.25rem; }
h2 { font-size: 1.3rem; margin: 2rem 0 0.5rem; border-bottom: 2px solid #3c78b4;
  padding-bottom: 0.2rem; }
h3 { font-size: 1.05rem; margin: 1.2rem 0 0.4rem; }
nav { font-size: 0.95rem; margin: 0.5rem 0 1rem; }
nav a { margin-right: 0.9rem; white-space: nowrap; }
a { color: #2a5d8f; }
.note { color: #555; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.95rem; }
th, td { padding: 0.3rem 0.6rem; border-bottom: 1px solid #ddd; text-align: right;
  white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
thead th { background: #eef3f8; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
code { font-size: 0.9em; background: #eee; padding: 0 0.2em; border-radius: 3px; }
img { max-width: 100%; height: auto; border: 1px solid #ddd; background: white; }
.differs, .dominant { color: #a02020; font-weight: 600; }
.useless { color: #8a5a00; font-weight: 600; }
.same { color: #2d7a2d; }
.unclear, .weaker { color: #555; }
.stopped { font-style: italic; }
@media (max-width: 40rem) {
  body { font-size: 15px; } main { padding: 0.5rem 0.75rem 2rem; }
  dl.facts { grid-template-columns: 1fr; } dl.facts dd { margin-bottom: 0.4rem; }
}
@media print {
  body { background: white; font-size: 11pt; } nav { display: none; }
  h2 { break-after: avoid; } table, img, figure { break-inside: avoid; }
  a { color: inherit; text-decoration: none; }
}
"""


def report_html(
    title: str,
    *,
    played: Played | None = None,
    summary: Report | None = None,
    comparison: Comparison | None = None,
    sweep: Sweep | None = None,
    findings: Sequence[Finding] | None = None,
    contribution: Contribution | None = None,
    charts: Mapping[str, bytes] | None = None,
) -> str:
    """The page: a section for each part given (``findings`` None: not run; empty:
    run, and no restriction applies), with the charts given by kind ("summary",
    "comparison", "sweep", "contribution") as PNG bytes."""
    charts = charts or {}
    sections: list[tuple[str, str, str]] = []  # anchor, heading, body
    if played is not None:
        sections.append(("played", "What was played", _played(played)))
    if summary is not None:
        sections.append(("summary", "The games", _summary(summary, charts.get("summary"))))
    if comparison is not None:
        sections.append(
            ("comparison", "The comparison", _comparison(comparison, charts.get("comparison")))
        )
    if sweep is not None:
        sections.append(("sweep", f"Sweeping {sweep.option}", _sweep(sweep, charts.get("sweep"))))
    if findings is not None:
        sections.append(("findings", "Dominant and useless strategies", _findings(findings)))
    if contribution is not None:
        body = _contribution(contribution, charts.get("contribution"))
        sections.append(("contribution", "What each suit and card is worth", body))
    sections.append(("reading", "How to read this", _READING))
    nav = " ".join(f'<a href="#{anchor}">{_e(heading)}</a>' for anchor, heading, _ in sections)
    body = "\n".join(
        f'<section id="{anchor}">\n<h2>{_e(heading)}</h2>\n{text}\n</section>'
        for anchor, heading, text in sections
    )
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n<main>\n"
        f"<h1>{_e(title)}</h1>\n"
        "<p class=\"note\">A designer's report, made by Janken Table's <code>vtt report</code>"
        " for the game's playtesters.</p>\n"
        f"<nav>{nav}</nav>\n{body}\n</main>\n</body>\n</html>\n"
    )


def _e(value: object) -> str:
    """Text from a pack or the user, made inert in HTML."""
    return html.escape(str(value), quote=True)


def _pct(value: float) -> str:
    return f"{value:.1%}"


def _signed_pct(value: float) -> str:
    return f"{value:+.1%}"


def _interval(low: float, high: float) -> str:
    return f"{low:.1%} to {high:.1%}"


def _table(heads: Sequence[str], rows: Sequence[Sequence[str]], escaped: bool = False) -> str:
    """A table in a scrolling box (wide tables scroll on a phone); cells are escaped
    unless ``escaped`` says they are HTML already."""
    cell = (lambda text: text) if escaped else _e
    head = "".join(f"<th>{_e(text)}</th>" for text in heads)
    body = "\n".join("<tr>" + "".join(f"<td>{cell(c)}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f'<div class="scroll"><table>\n<thead><tr>{head}</tr></thead>\n'
        f"<tbody>\n{body}\n</tbody></table></div>"
    )


def _facts(pairs: Sequence[tuple[str, str]]) -> str:
    items = "\n".join(f"<dt>{_e(term)}</dt><dd>{_e(text)}</dd>" for term, text in pairs)
    return f'<dl class="facts">\n{items}\n</dl>'


def _image(png: bytes | None, words: str) -> str:
    """A chart inside the page, as a ``data:`` address; nothing without one."""
    if not png:
        return ""
    data = base64.b64encode(png).decode("ascii")
    return f'<figure><img src="data:image/png;base64,{data}" alt="{_e(words)}"></figure>'


def _played(played: Played) -> str:
    pairs: list[tuple[str, str]] = []
    for facts in played.variants:
        prefix = f"{facts.label}: " if len(played.variants) > 1 else ""
        pack = f"{facts.name} ({facts.pack})"
        hashed = f"{facts.digest}{' (text not saved)' if facts.unsaved else ''}"
        pairs += [
            (f"{prefix}pack", pack),
            (f"{prefix}options", facts.options or "the pack's defaults"),
            (f"{prefix}content hash", hashed),
        ]
    if played.sweep:
        pairs.append(("option swept", played.sweep))
    pairs += [
        ("agents", ", ".join(played.agents) + " (seated in turn)"),
        ("games", f"{played.games:,}" + _each(played)),
        ("seed", str(played.seed)),
        ("made", played.date),
    ]
    return (
        _facts(pairs) + '\n<p class="note">The content hash names the exact text of the rules: '
        "a pack with the same hash plays the same game. The same seed, agents and number "
        "of games deal the same games again.</p>"
    )


def _each(played: Played) -> str:
    if played.sweep:
        return " for each value"
    return " of each variant" if len(played.variants) > 1 else ""


def _summary(rep: Report, chart: bytes | None) -> str:
    parts = []
    if rep.option_words:
        parts.append(f"<p>{_e(rep.option_words)}</p>")
    if rep.unfinished:
        parts.append(
            f"<p><strong>{rep.unfinished:,} of {rep.games:,} games did not end within "
            f"{rep.max_moves:,} moves</strong> (see game {_e(rep.unfinished_game)}, seed "
            f"{_e(rep.unfinished_seed)}); the figures count the {rep.ended:,} that did.</p>"
        )
    if not rep.ended:
        return "\n".join(parts)
    rows = [
        [
            rate.name,
            f"{rate.games:,}",
            f"{rate.wins:,}",
            f"{rate.draws:,}",
            _pct(rate.rate),
            _interval(rate.low, rate.high),
        ]
        for rate in [*rep.seats, *rep.by_agent]
    ]
    parts.append(_table(["", "games", "wins", "draws", "win rate", "95% interval"], rows))
    decisive = f"{rep.decisiveness:.0%} of the game" if rep.decisiveness is not None else "n/a"
    leads = f"{rep.lead_changes:.1f}" if rep.lead_changes is not None else "n/a (no scores)"
    parts.append(
        _facts(
            [
                ("first-player advantage", _signed_pct(rep.first_player_advantage)),
                ("balance", f"{rep.balance:.2f} (1 is fair)"),
                ("draws", _pct(rep.draws)),
                (
                    "game length",
                    f"{rep.length_mean:.1f} moves (sd {rep.length_sd:.1f}, "
                    f"{rep.length_min:,} to {rep.length_max:,})",
                ),
                ("decisive moment", f"{decisive} (the winner leads for good from there)"),
                ("decisions per game", f"{rep.decisions:.1f}"),
                ("branching factor", f"{rep.branching:.1f} (legal moves at a decision)"),
                ("lead changes per game", leads),
            ]
        )
    )
    parts.append(_image(chart, "win rates with their intervals, and the games' lengths"))
    return "\n".join(part for part in parts if part)


def _verdict(verdict: str) -> str:
    return f'<span class="{_e(verdict)}">{_e(verdict)}</span>'


def _comparison(comparison: Comparison, chart: bytes | None) -> str:
    sides = "\n".join(
        f"<li><strong>{letter}</strong> = {_side(letter, variant.label, report.option_words)}</li>"
        for letter, variant, report in zip(
            "AB", (comparison.a, comparison.b), comparison.reports, strict=False
        )
    )
    rows = [
        [
            _e(m.name),
            _e(figure(m.name, m.a)),
            _e(figure(m.name, m.b)),
            _e(number(m.name, m.diff)),
            _e(interval(m.name, m.low, m.high)),
            _verdict(m.verdict),
        ]
        for m in comparison.metrics
    ]
    stopped = comparison.stopped[:1].upper() + comparison.stopped[1:]
    return "\n".join(
        part
        for part in [
            f"<ul>\n{sides}\n</ul>\n<p>{comparison.games:,} games of each, the same deals and "
            "seats game by game.</p>",
            _table(["metric", "A", "B", "B - A", "95% interval", "verdict"], rows, True),
            f'<p class="stopped">{_e(stopped)}</p>',
            _image(chart, "each metric's difference B - A with its interval"),
        ]
        if part
    )


def _side(letter: str, label: str, words: str) -> str:
    """A compared variant: its label (unless just the letter) and its options in words."""
    named = "" if label == letter else f"<strong>{_e(label)}</strong>"
    said = _e(words or "the pack's defaults")
    return f"{named} ({said})" if named else said


def _sweep(sweep: Sweep, chart: bytes | None) -> str:
    seats = max((len(rep.seats) for rep in sweep.reports), default=0)
    heads = [sweep.option, "games", "first-player advantage"]
    heads += [f"seat {seat + 1} wins" for seat in range(seats)]
    heads += ["draws", "length (moves)", "decisive moment", "lead changes"]
    rows = []
    for value, rep in zip(sweep.values, sweep.reports, strict=False):
        rates = [_pct(rate.rate) for rate in rep.seats] + [""] * (seats - len(rep.seats))
        rows.append(
            [
                str(value),
                f"{rep.ended:,}",
                _signed_pct(rep.first_player_advantage),
                *rates,
                _pct(rep.draws),
                f"{rep.length_mean:.1f}",
                "n/a" if rep.decisiveness is None else f"{rep.decisiveness:.0%}",
                "n/a" if rep.lead_changes is None else f"{rep.lead_changes:.1f}",
            ]
        )
    return _table(heads, rows) + "\n" + _image(chart, f"the metrics against {sweep.option}")


def _findings(findings: Sequence[Finding]) -> str:
    if not findings:
        return "<p>No restricted strategy applies to this pack.</p>"
    rows = [
        [
            _e(f.restriction.label),
            f"{f.games:,}",
            _pct(f.rate),
            _interval(f.low, f.high),
            _pct(f.baseline),
            _verdict(f.verdict),
        ]
        for f in findings
    ]
    heads = ["restricted to", "games", "win rate", "95% interval", "fair share", "verdict"]
    said = "\n".join(f"<li>{_e(f.text)}</li>" for f in findings if f.text)
    return (
        f"<p>Each row pits {_e(findings[0].agent or 'the agent')} against copies of "
        "itself, one of them held to a restriction. A restriction that wins more than a "
        "seat's fair share is a dominant strategy; one that changes nothing is a rule or "
        "a move nobody needs.</p>\n"
        + _table(heads, rows, True)
        + (f"\n<ul>\n{said}\n</ul>" if said else "")
    )


def _stats(stats: Sequence[CardStat], baselines: Mapping[str, float]) -> str:
    """A row for each suit or card, a column for each way a seat met it (holding,
    playing, capturing): the win rate and its interval; each column's heading gives
    the rate for any card so met, what a suit or card is measured against."""
    hows = list(dict.fromkeys(stat.how for stat in stats))
    cells: dict[str, dict[str, CardStat]] = {}
    for stat in stats:
        cells.setdefault(stat.key, {})[stat.how] = stat
    rows = [[key] + [_rate_cell(by_how.get(how)) for how in hows] for key, by_how in cells.items()]
    heads = [f"{how} (any card: {baselines[how]:.0%})" if how in baselines else how for how in hows]
    return _table(["", *heads], rows)


def _rate_cell(stat: CardStat | None) -> str:
    if stat is None:
        return ""
    games = f"{stat.games:,} game{'s' if stat.games != 1 else ''}"
    return f"{stat.rate:.0%} ({stat.low:.0%} to {stat.high:.0%}, {games})"


def _contribution(contribution: Contribution, chart: bytes | None) -> str:
    parts = [
        "<p>The win rate of a seat holding, playing or capturing each suit and card: in a "
        "balanced cycle every suit's interval overlaps the others'.</p>"
    ]
    if contribution.findings:
        items = "\n".join(f"<li>{_e(text)}</li>" for text in contribution.findings)
        parts.append(f"<ul>\n{items}\n</ul>")
    if contribution.suits:
        parts += ["<h3>Suits</h3>", _stats(contribution.suits, contribution.baselines)]
    parts.append(_image(chart, "each suit's win rate with its interval"))
    if contribution.cards:
        parts.append(
            f"<details><summary>Every card ({len({s.key for s in contribution.cards}):,})"
            "</summary>\n"
            f"{_stats(contribution.cards, contribution.baselines)}\n</details>"
        )
    return "\n".join(part for part in parts if part)


_READING = """<ul>
<li><strong>Win rate</strong>: the share of games a seat or agent won (a draw counts half).
The <strong>95% interval</strong> is where the true rate lies, 19 times in 20: with few
games it is wide, and two rates whose intervals overlap may not differ at all.</li>
<li><strong>First-player advantage</strong>: the first seat's win rate less the seats'
mean; above 0 the first player is favoured. <strong>Balance</strong> is 1 less the gap
between the best and worst seat: 1 is perfectly fair.</li>
<li><strong>Decisive moment</strong>: how far into a game the winner took the lead for
good; late is tense, early means the rest of the game is a formality.
<strong>Lead changes</strong> count how often the leader changed (packs with scores).</li>
<li><strong>Branching factor</strong>: the legal moves at a real choice; more choices,
more to think about.</li>
<li>In a <strong>comparison</strong> both variants are dealt the same games (the same
seeds and seats), so the difference B - A is measured pair by pair.
<em>differs</em>: the interval of the difference leaves out 0; <em>same</em>: it is
narrow around 0; <em>unclear</em>: more games are needed.</li>
<li>The computer players are not people: a finding is a question to put to your
playtesters, not an answer.</li>
</ul>"""


# ---- running the analyses ----------------------------------------------------------


@dataclass(frozen=True)
class ReportRequest:
    """What a report plays: one variant (its summary) or two (their comparison), or a
    sweep of one option over ``sweep``'s values from the first variant; and whether
    to look for dominant strategies and each card's contribution (of the last variant,
    the one being tried). The findings pit the first agent against restricted copies
    of itself."""

    variants: tuple[Variant, ...]
    games: int
    agents: tuple[str, ...]
    seed: int = 0
    players: int | None = None
    workers: int = 1
    sweep: tuple[str, tuple[object, ...]] | None = None
    findings: bool = True
    contribution: bool = True


@dataclass
class Analysis:
    """The results a page shows."""

    title: str
    played: Played
    summary: Report | None = None
    comparison: Comparison | None = None
    sweep: Sweep | None = None
    findings: list[Finding] | None = None
    contribution: Contribution | None = None
    charts: dict[str, bytes] = field(default_factory=dict)


def analyse(
    request: ReportRequest,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    say: Callable[[str], None] | None = None,
) -> Analysis:
    """Run the analyses ``request`` asks for, one after another; ``progress`` gets
    (done, total) over all of them, ``say`` each one's name as it starts. Raises
    ``vtt.ai.simulate.Cancelled`` when ``cancelled()`` turns true."""
    if not request.variants:
        raise ValueError("a report needs a variant to play")
    last = request.variants[-1]
    compared = request.sweep is None and len(request.variants) >= 2
    steps: list[tuple[str, Callable[[Progress], Any]]] = []
    common: dict[str, Any] = dict(
        games=request.games, agents=request.agents, seed=request.seed, players=request.players
    )
    run: dict[str, Any] = dict(workers=request.workers, cancelled=cancelled)
    if request.sweep is not None:
        from vtt.ai.compare import sweep

        option, values = request.sweep
        steps.append(
            (
                f"sweeping {option}",
                lambda p: sweep(request.variants[0], option, values, progress=p, **common, **run),
            )
        )
    elif compared:
        from vtt.ai.compare import compare

        a, b = request.variants[:2]
        steps.append(
            (
                f"comparing {a.label} and {b.label}",
                lambda p: compare(a, b, progress=p, **common, **run),
            )
        )
    else:
        batch = last.batch(request.games, request.agents, request.seed, request.players)
        steps.append(("playing the games", lambda p: simulate(batch, progress=p, **run)))
    if request.findings:
        from vtt.ai.findings import find_strategies

        steps.append(
            (
                "looking for dominant and useless strategies",
                lambda p: find_strategies(
                    last,
                    agent=request.agents[0],
                    games=request.games,
                    seed=request.seed,
                    players=request.players,
                    progress=p,
                    **run,
                ),
            )
        )
    if request.contribution:
        from vtt.ai.findings import contribution

        steps.append(
            (
                "counting what each suit and card is worth",
                lambda p: contribution(
                    last,
                    agents=request.agents,
                    games=request.games,
                    seed=request.seed,
                    players=request.players,
                    progress=p,
                    **run,
                ),
            )
        )
    results = _run_steps(steps, progress, cancelled, say)
    first = results.pop(0)
    kind = "sweep" if request.sweep is not None else "comparison" if compared else "summary"
    return analysis_of(
        request.variants,
        agents=request.agents,
        games=request.games,
        seed=request.seed,
        summary=first if kind == "summary" else None,
        comparison=first if kind == "comparison" else None,
        sweep=first if kind == "sweep" else None,
        findings=list(results.pop(0)) if request.findings else None,
        contribution=results.pop(0) if request.contribution else None,
    )


def analysis_of(
    variants: Sequence[Variant],
    *,
    agents: tuple[str, ...],
    games: int,
    seed: int = 0,
    summary: Report | None = None,
    comparison: Comparison | None = None,
    sweep: Sweep | None = None,
    findings: Sequence[Finding] | None = None,
    contribution: Contribution | None = None,
) -> Analysis:
    """An analysis of results already in hand (the window's comparison, say): the
    variants they played, named with their packs' content hashes, and the results."""
    facts = tuple(_facts_of(variant) for variant in variants)
    swept = ""
    name = facts[0].name if facts else ""
    title = name
    if sweep is not None:
        swept = f"{sweep.option} = {', '.join(str(value) for value in sweep.values)}"
        title = f"{name}: {swept}"
    elif comparison is not None:
        games = comparison.games  # fewer than asked when the sequential test settled it
        title = f"{name}: {comparison.a.label} and {comparison.b.label} compared"
    elif summary is not None:
        games = summary.games
    date = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    return Analysis(
        title,
        Played(facts, tuple(agents), games, seed, date, swept),
        summary,
        comparison,
        sweep,
        None if findings is None else list(findings),
        contribution,
    )


def _run_steps(
    steps: Sequence[tuple[str, Callable[[Progress], Any]]],
    progress: Progress | None,
    cancelled: Callable[[], bool] | None,
    say: Callable[[str], None] | None,
) -> list[Any]:
    """Each step's result; the progress of step ``i`` of ``n`` runs from i/n to (i+1)/n
    (in thousandths), whatever its own count of games."""
    results = []
    scale = 1000
    for index, (words, step) in enumerate(steps):
        if cancelled is not None and cancelled():
            raise Cancelled()
        if say is not None:
            say(words)

        def part(done: int, total: int, index: int = index) -> None:
            if progress is not None:
                share = done * scale // total if total else scale
                progress(index * scale + share, len(steps) * scale)

        results.append(step(part))
        part(1, 1)
    if cancelled is not None and cancelled():
        raise Cancelled()
    return results


def _facts_of(variant: Variant) -> PackFacts:
    game = variant.batch(1, ("random",)).game()
    if variant.text is not None:
        digest = hashlib.sha256(variant.text.encode("utf-8")).hexdigest()[:16]
    else:
        digest = pack_digest(variant.pack)
    words = option_words(game, dict(variant.options))
    return PackFacts(
        variant.label, game.name, game.id, words, digest, unsaved=variant.text is not None
    )


def page(analysis: Analysis, chart_maker: ChartMaker | None = None) -> str:
    """The page of an analysis, its charts drawn by ``chart_maker`` (none: no charts)."""
    charts = dict(analysis.charts)
    drawn: dict[str, object] = {
        "summary": analysis.summary,
        "comparison": analysis.comparison,
        "sweep": analysis.sweep,
    }
    if analysis.contribution is not None and analysis.contribution.suits:
        drawn["contribution"] = analysis.contribution  # no chart of a game without cards
    if chart_maker is not None:
        for kind, data in drawn.items():
            if data is not None and kind not in charts:
                charts[kind] = chart_maker(kind, data)
    return report_html(
        analysis.title,
        played=analysis.played,
        summary=analysis.summary,
        comparison=analysis.comparison,
        sweep=analysis.sweep,
        findings=analysis.findings,
        contribution=analysis.contribution,
        charts=charts,
    )


def build_report(
    request: ReportRequest,
    *,
    progress: Progress | None = None,
    cancelled: Callable[[], bool] | None = None,
    chart_maker: ChartMaker | None = None,
    say: Callable[[str], None] | None = None,
) -> str:
    """Run the analyses ``request`` asks for and make their page (``analyse``, ``page``)."""
    return page(analyse(request, progress, cancelled, say), chart_maker)
