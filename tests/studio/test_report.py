"""The designer's report: one self-contained HTML page, every pack text inert in it,
a section for each part given and none for the rest; and ``vtt report`` writing it."""

from __future__ import annotations

import base64
import math
import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest

from vtt.ai.simulate import Batch, simulate
from vtt.cli import main
from vtt.studio.report import PackFacts, Played, report_html

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
    """Every part of a page, made by hand in the shapes vtt.ai.compare and
    vtt.ai.findings give (the page reads only the attributes the plan names)."""
    label = SimpleNamespace(label=name)
    metric = SimpleNamespace(
        name="first-player advantage", a=0.02, b=0.11, diff=0.09, low=0.03, high=0.15
    )
    comparison = SimpleNamespace(
        a=label,
        b=SimpleNamespace(label=f"{name} 2"),
        games=8,
        agents=("random", "random"),
        seed=3,
        metrics=[
            SimpleNamespace(**vars(metric), verdict="differs"),
            SimpleNamespace(
                name="length (moves)",
                a=30.5,
                b=28.25,
                diff=-2.25,
                low=-math.inf,
                high=math.inf,
                verdict="unclear",
            ),
        ],
        stopped=f"Stopped after 8 games: {name} differs.",
        reports=(summary, summary),
    )
    sweep = SimpleNamespace(option=name, values=[5, name], reports=[summary, summary])
    restriction = SimpleNamespace(name="no-joker", label=f"never play {name}")
    finding = SimpleNamespace(
        restriction=restriction,
        games=8,
        rate=0.9,
        low=0.6,
        high=0.98,
        baseline=0.5,
        verdict="dominant",
        text=f"Never playing {name} wins 90% of games.",
    )
    stat = SimpleNamespace(key=name, how="playing", games=8, rate=0.4, low=0.2, high=0.6)
    contribution = SimpleNamespace(cards=[stat], suits=[stat], findings=[f"{name} is weak."])
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
        "+9.0%",  # the comparison's difference
        "+3.0% to +15.0%",
        "<td>28.25</td><td>-2.25</td><td>? to ?</td>",  # a count; an interval not known yet
        "Stopped after 8 games",
        "never play War",
        "Never playing War wins 90% of games.",
        "War is weak.",
        "How to read this",
    ]:
        assert shown in text, shown


def test_findings_that_found_no_restriction_say_so(summary):
    text = report_html("War", findings=[])
    assert "No restricted strategy applies" in text


def test_a_page_of_results_in_hand_draws_their_charts_and_names_the_pack(summary):
    from vtt.ai.variants import Variant
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
        SimpleNamespace(key=key, how=how, games=40, rate=rate, low=rate - 0.1, high=rate + 0.1)
        for how in ("holding", "playing", "capturing")
        for key, rate in (("Rock", 0.3), ("Paper", 0.5), ("Scissors", 0.7))
    ]
    contribution = SimpleNamespace(cards=[], suits=suits, findings=[])
    png = report_chart("contribution", contribution)
    assert png.startswith(b"\x89PNG")
    image = contribution_chart(contribution)
    # Three panels side by side, the bars' length following each rate.
    assert image.width() > 3 * 200 and image.height() >= 3 * 30


def test_vtt_report_writes_the_page_and_prints_its_path(tmp_path, capsys):
    out = tmp_path / "war.html"
    argv = ["report", "war", "--games", "6", "--agents", "random,random", "--seed", "2"]
    code = main([*argv, "--workers", "1", "--no-findings", "--no-cards", "--html", str(out)])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.out.strip() == str(out)
    assert "6/6" in captured.err or "100%" in captured.err
    text = out.read_text("utf-8")
    sections = set(re.findall(r'<section id="([a-z]+)"', text))
    assert sections == {"played", "summary", "reading"}
    assert text.count("data:image/png;base64,") == 1


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["no-such-pack"], "no-such-pack"),
        (["war", "--games", "0"], "--games must be at least 1"),
        (["war", "--agents", "nobody"], "unknown agent"),
        (["war", "--variant", "A: nosuch=1"], "nosuch"),
        (["war", "--variant", "A:", "--variant", "B:", "--variant", "C:"], "two variants"),
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
