"""The designer's report: one self-contained HTML page, every pack text inert in it,
a section for each part given and none for the rest; and ``vtt report`` writing it."""

from __future__ import annotations

import base64
import math
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from vtt.ai.compare import Comparison, MetricDiff, Sweep
from vtt.ai.findings import CardStat, Contribution, Finding, Restriction
from vtt.ai.simulate import Batch, simulate
from vtt.ai.variants import Variant
from vtt.cli import main
from vtt.studio.report import PackFacts, Played, report_html

ROOT = Path(__file__).resolve().parents[2]
HOSTILE = '<script>alert("x")</script>'
PNG = b"\x89PNG\r\n\x1a\n-a-chart-"


class _Page(HTMLParser):
    """What a page refers to, its section anchors and its tags."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()
        self.tags: set[str] = set()
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        for name, value in attrs:
            if name in ("src", "href", "action", "data", "poster", "srcset"):
                self.links.append(value or "")
            if name == "id":
                self.ids.add(value or "")


@pytest.fixture(scope="module")
def summary():
    return simulate(Batch("war", 8, ("random", "random"), seed=3))


def _played(name: str = "War") -> Played:
    facts = PackFacts("A", name, "war", "", "0123456789abcdef")
    return Played((facts,), ("random", "random"), 8, 3, "2026-11-28 23:00 UTC")


def _parts(summary, name: str = "War") -> dict[str, object]:
    """Every part of a page, made by hand."""
    comparison = Comparison(
        a=Variant(name, "war"),
        b=Variant(f"{name} 2", "war", (("jokers", True),)),
        games=8,
        agents=("random", "random"),
        seed=3,
        metrics=[
            MetricDiff("first-player advantage", 0.02, 0.11, 0.09, 0.03, 0.15, "differs"),
            MetricDiff("length (moves)", 30.5, 28.25, -2.25, -math.inf, math.inf, "unclear"),
        ],
        stopped=f"Stopped after 8 games: {name} differs.",
        reports=(summary, summary),
    )
    sweep = Sweep(option=name, values=[5, name], reports=[summary, summary])
    finding = Finding(
        Restriction("no-joker", f"never play {name}"),
        games=8,
        rate=0.9,
        low=0.6,
        high=0.98,
        baseline=0.5,
        verdict="dominant",
        text=f"Never playing {name} wins 90% of games.",
    )
    stat = CardStat(key=name, how="playing", games=8, rate=0.4, low=0.2, high=0.6)
    contribution = Contribution(
        cards=[stat], suits=[stat], findings=[f"{name} is weak."], baselines={"playing": 0.5}
    )
    return {
        "played": _played(name),
        "summary": summary,
        "comparison": comparison,
        "sweep": sweep,
        "findings": [finding],
        "contribution": contribution,
    }


CHARTS = {"summary": PNG, "comparison": PNG, "sweep": PNG, "contribution": PNG}


def test_the_page_needs_no_other_file_no_script_and_no_network(summary):
    text = report_html("War", **_parts(summary), charts=CHARTS)
    page = _Page(text)
    assert page.links, "the page links its sections and holds its charts"
    for link in page.links:
        assert link.startswith("data:image/png;base64,") or link[1:] in page.ids, link
    charts = [link for link in page.links if link.startswith("data:")]
    assert len(charts) == 4
    assert base64.b64decode(charts[0].split(",", 1)[1]) == PNG
    assert not page.tags & {"script", "link", "iframe", "object", "embed", "base"}
    assert not re.search(r"url\(|@import|https?://", text)


def test_a_hostile_pack_text_comes_out_inert(summary):
    summary.name = HOSTILE
    try:
        text = report_html(HOSTILE, **_parts(summary, HOSTILE), charts=CHARTS)
    finally:
        summary.name = "War"
    assert "<script" not in text.lower()
    assert not _Page(text).tags & {"script"}
    # Each place the name is shown: title, heading, pack facts, labels, findings...
    assert text.count("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;") >= 10


SECTIONS = ["played", "summary", "comparison", "sweep", "findings", "contribution"]


@pytest.mark.parametrize("given", [[part] for part in SECTIONS] + [SECTIONS])
def test_each_part_given_has_its_section_and_no_other(summary, given):
    parts = _parts(summary)
    text = report_html("War", **{name: parts[name] for name in given}, charts=CHARTS)
    sections = set(re.findall(r'<section id="([a-z]+)"', text))
    assert sections == {*given, "reading"}
    assert text.count("data:image/png") == len(set(given) & set(CHARTS))


def test_the_sections_show_their_figures(summary):
    text = report_html("War", **_parts(summary))
    for shown in [
        "0123456789abcdef",  # the pack's content hash
        "random, random",
        f"{summary.seats[0].rate:.1%}",
        f"{summary.first_player_advantage:+.1%}",
        "<td>+9.0 pts</td>",  # the comparison's difference: points of a rate
        "+3.0 .. +15.0 pts",
        "<td>28.2</td><td>-2.2</td><td>? .. ?</td>",  # a count; an interval not known yet
        "Stopped after 8 games",
        "never play War",
        "Never playing War wins 90% of games.",
        "War is weak.",
        "playing (any card: 50%)",
        "40% (20% to 60%, 8 games)",
        "How to read this",
    ]:
        assert shown in text, shown


def test_findings_that_found_no_restriction_say_so(summary):
    text = report_html("War", findings=[])
    assert "No restricted strategy applies" in text


def test_a_page_of_results_in_hand_draws_their_charts_and_names_the_pack(summary):
    from vtt.rules.finder import pack_digest
    from vtt.studio.report import analysis_of, page

    parts = _parts(summary)
    drawn = []

    def chart(kind, data):
        drawn.append((kind, data))
        return PNG

    analysis = analysis_of(
        [Variant("A", "war")],
        agents=("random", "random"),
        games=99,
        summary=summary,
        contribution=parts["contribution"],
    )
    text = page(analysis, chart)
    assert drawn == [("summary", summary), ("contribution", parts["contribution"])]
    assert text.count("data:image/png") == 2
    assert pack_digest("war") in text
    assert "<dd>8</dd>" in text  # the games played, not those asked for


def test_the_contribution_chart_is_a_png_drawn_for_each_way_a_suit_counts():
    from vtt.ui.chart import contribution_chart, report_chart

    suits = [
        CardStat(key, how, games=40, rate=rate, low=rate - 0.1, high=rate + 0.1)
        for how in ("holding", "playing", "capturing")
        for key, rate in (("Rock", 0.3), ("Paper", 0.5), ("Scissors", 0.7))
    ]
    contribution = Contribution(cards=[], suits=suits, findings=[], baselines={"playing": 0.5})
    png = report_chart("contribution", contribution)
    assert png.startswith(b"\x89PNG")
    image = contribution_chart(contribution)
    # Three panels side by side, the bars' length following each rate.
    assert image.width() > 3 * 200 and image.height() >= 3 * 30


def test_vtt_report_writes_the_page_and_prints_its_path(tmp_path, capsys):
    out = tmp_path / "war.html"
    argv = ["report", "war", "--games", "6", "--agents", "random,random", "--seed", "2"]
    code = main([*argv, "--workers", "1", "--html", str(out)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.out.strip() == str(out)
    assert "Counting what each suit and card is worth..." in captured.err
    assert "100%" in captured.err
    text = out.read_text("utf-8")
    sections = set(re.findall(r'<section id="([a-z]+)"', text))
    assert sections == {"played", "summary", "findings", "contribution", "reading"}
    assert "No restricted strategy applies" in text  # War has no choice to restrict
    assert "<td>Water</td>" in text
    assert text.count("data:image/png;base64,") == 2


@pytest.mark.parametrize(
    ("argv", "shown"),
    [
        (["war", "--variant", "A: jokers=false", "--variant", "B: jokers=true"], "comparison"),
        (["war", str(ROOT / "rulesets" / "war" / "pack.yaml")], "comparison"),
        (["tic-tac-rock", "--sweep", "wins_needed=1..2"], "sweep"),
    ],
)
def test_vtt_report_compares_two_variants_or_sweeps_an_option(tmp_path, capsys, argv, shown):
    out = tmp_path / "page.html"
    common = ["--games", "4", "--workers", "1", "--no-findings", "--no-cards"]
    assert main(["report", *argv, *common, "--html", str(out)]) == 0, capsys.readouterr().err
    text = out.read_text("utf-8")
    assert set(re.findall(r'<section id="([a-z]+)"', text)) == {"played", shown, "reading"}
    assert text.count("data:image/png;base64,") == 1


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["no-such-pack"], "no-such-pack"),
        (["war", "--games", "0"], "--games must be at least 1"),
        (["war", "--agents", "nobody"], "unknown agent"),
        (["war", "--variant", "A: nosuch=1"], "nosuch"),
        (["war", "--variant", "A:", "--variant", "B:", "--variant", "C:"], "two variants"),
        (["war", "war", "war"], "one pack or two"),
        (["war", "--sweep", "rounds"], "NAME=a..b"),
        (["war", "--sweep", "rounds=0..2"], "rounds"),
    ],
)
def test_vtt_report_says_what_is_wrong_without_a_traceback(tmp_path, capsys, argv, said):
    out = tmp_path / "x.html"
    assert main(["report", *argv, "--no-findings", "--no-cards", "--html", str(out)]) == 1
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
    assert not out.exists()


def test_vtt_report_says_when_the_page_cannot_be_written(tmp_path, capsys):
    out = tmp_path / "missing" / "x.html"
    argv = ["report", "war", "--games", "2", "--workers", "1", "--no-findings", "--no-cards"]
    code = main([*argv, "--html", str(out)])
    assert code == 1
    assert str(out) in capsys.readouterr().err


def test_a_report_counts_its_progress_over_every_analysis_and_stops_when_cancelled():
    from vtt.ai.simulate import Cancelled
    from vtt.studio.report import ReportRequest, build_report

    request = ReportRequest((Variant("A", "war"),), 4, ("random", "random"))
    seen, said = [], []
    build_report(request, progress=lambda done, total: seen.append((done, total)), say=said.append)
    assert said == [
        "playing the games",
        "looking for dominant and useless strategies",
        "counting what each suit and card is worth",
    ]
    assert seen[-1][0] == seen[-1][1] and {total for _, total in seen} == {seen[-1][1]}
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)

    def cancelled():  # once the second analysis has begun
        return len(said) >= 5

    with pytest.raises(Cancelled):
        build_report(request, cancelled=cancelled, say=said.append)
    assert said[3:] == ["playing the games", "looking for dominant and useless strategies"]
