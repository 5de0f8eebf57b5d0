"""The comparison's and the sweep's charts: each difference drawn on its side of the zero
line in its verdict's colour; a sweep's points rising with the metric; PNG bytes."""

from __future__ import annotations

from vtt.ai.compare import Comparison, Estimate, MetricDiff, Sweep
from vtt.ai.simulate import Report
from vtt.ai.variants import Variant
from vtt.ui.chart import _BAR, _VERDICT, comparison_chart, png, sweep_chart
from vtt.ui.qt import QImage


def _comparison(diff: float, verdict: str) -> Comparison:
    report = Report("war", {}, ["random", "random"], 40, 0, name="War")
    metrics = [
        MetricDiff("first-player advantage", 0.0, diff, diff, diff - 0.05, diff + 0.05, verdict),
        MetricDiff("length (moves)", 60.0, 60.0, 0.0, -1.0, 1.0, "same", margin=3.0),
    ]
    a, b = Variant("A", "war"), Variant("B", "war")
    return Comparison(a, b, 40, ("random", "random"), 0, metrics, "stopped", (report, report))


def _where(image: QImage, colour: object) -> list[tuple[int, int]]:
    """The pixels of one colour (every second pixel looked at)."""
    rgb = colour.rgb()  # type: ignore[attr-defined]
    return [
        (x, y)
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
        if image.pixel(x, y) == rgb
    ]


def test_each_difference_is_drawn_on_its_side_of_zero_in_its_verdicts_colour(qapp) -> None:
    more = _where(comparison_chart(_comparison(0.2, "differs")), _VERDICT["differs"])
    less = _where(comparison_chart(_comparison(-0.2, "differs")), _VERDICT["differs"])
    # The legend is the same in both: the rows' dots and intervals move the mean.
    assert sum(x for x, _ in more) / len(more) > sum(x for x, _ in less) / len(less) + 20
    alike = comparison_chart(_comparison(0.0, "same"))
    assert len(_where(alike, _VERDICT["same"])) > len(
        _where(comparison_chart(_comparison(0.2, "differs")), _VERDICT["same"])
    )


def test_a_sweeps_points_rise_with_the_metric_and_the_chart_comes_as_png(qapp) -> None:
    means = [10.0, 20.0, 40.0]
    sweep = Sweep(
        "wins_needed",
        [1, 2, 3],
        [Report("tic-tac-rock", {}, ["random"], 5, 0, name="Tic-Tac-Rock")] * 3,
        [{"length (moves)": Estimate("length (moves)", m, m - 2, m + 2, 5)} for m in means],
        5,
        ("random", "random"),
    )
    image = sweep_chart(sweep, "length (moves)")
    dots = _where(image, _BAR)
    third = image.width() // 3
    heights = [
        sum(y for x, y in dots if part * third <= x < (part + 1) * third)
        / max(1, len([x for x, _ in dots if part * third <= x < (part + 1) * third]))
        for part in range(3)
    ]
    assert heights[0] > heights[1] > heights[2]  # higher on the image: a smaller y
    assert png(lambda: image).startswith(b"\x89PNG\r\n\x1a\n")
