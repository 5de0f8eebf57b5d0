"""The designer's charts, drawn with QPainter on a QImage, so the command line needs
no plotting library and the windows show the same images:

- a simulation's: win rates with their intervals, and a histogram of lengths, under
  a title naming the pack, the agents and the games (``vtt simulate --chart``);
- a comparison's: each metric's difference B - A with its 95% interval and a zero
  line, the rates in points of win rate, the counts in percent of A's mean
  (``vtt compare --chart``);
- a sweep's: one metric against an option's values, with interval bars;
- a contribution's: the win rate of a seat holding, playing or capturing each suit,
  with its interval (``vtt report``).

``png(image)`` gives an image's PNG bytes (for a report page); ``save_image`` writes
one, drawing offscreen when there is no window.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from itertools import pairwise
from typing import Any

from vtt.ai.simulate import Rate
from vtt.ui.qt import (
    QApplication,
    QBuffer,
    QColor,
    QFont,
    QImage,
    QIODevice,
    QPainter,
    QPen,
    QPointF,
    QRectF,
    Qt,
)

__all__ = [
    "chart_image",
    "comparison_chart",
    "contribution_chart",
    "offscreen",
    "png",
    "report_chart",
    "save_chart",
    "save_comparison_chart",
    "save_image",
    "save_sweep_chart",
    "sweep_chart",
]

WIDTH, HEIGHT = 900, 440
_BAR = QColor("#3c78b4")
_INTERVAL = QColor("#202020")
_FAIR = QColor("#c04040")


def chart_image(report: Any) -> QImage:
    """The chart of a ``vtt.ai.simulate.Report``."""
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont()
    font.setPixelSize(13)
    painter.setFont(font)
    try:
        top = _heading(painter, report)
        rates = [*report.seats, *report.by_agent]
        height = HEIGHT - top - 20
        fair = 1 / len(report.seats) if report.seats else None
        _rates(painter, QRectF(20, top, WIDTH / 2 - 40, height), rates, fair)
        _histogram(painter, QRectF(WIDTH / 2 + 20, top, WIDTH / 2 - 40, height), report)
    finally:
        painter.end()
    return image


def offscreen() -> None:
    """Make sure there is an application to draw with: on the command line, one without
    a screen."""
    global _app
    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # The widgets' application, as the window and its tests make, so a later one
        # in the same process finds the kind it expects.
        _app = QApplication([])


_app: Any = None  # the command line's application, kept while the process draws


def save_image(draw: Callable[[], QImage], path: str) -> None:
    """Draw a chart and write it as a PNG file; OSError when it cannot be written."""
    offscreen()
    if not draw().save(path, "PNG"):
        raise OSError(f"{path}: the chart could not be written")


def png(draw: Callable[[], QImage]) -> bytes:
    """A chart's PNG bytes (``png(lambda: comparison_chart(c))``), drawn offscreen when
    there is no window."""
    offscreen()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    draw().save(buffer, "PNG")
    return bytes(buffer.data().data())


def save_chart(report: Any, path: str) -> None:
    """Write a simulation's chart as a PNG file; OSError when it cannot be written."""
    save_image(lambda: chart_image(report), path)


def heading(report: Any) -> str:
    """What the chart shows: the pack, the agents and the games (the options go under it)."""
    games = f"{report.games:,} game{'s' if report.games != 1 else ''}"
    return f"{report.name or report.pack}: {' v '.join(report.agents)}, {games}"


def _heading(painter: QPainter, report: Any) -> float:
    """Draw the chart's heading and the options in words; the top of what comes under."""
    font = painter.font()
    bold = QFont(font)
    bold.setBold(True)
    bold.setPixelSize(15)
    lines = [(bold, heading(report)), (font, report.option_words)]
    painter.setPen(QPen(QColor("black")))
    top = 12.0
    for line_font, text in lines:
        if not text:
            continue
        painter.setFont(line_font)
        shown = painter.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, WIDTH - 40)
        painter.drawText(QRectF(20, top, WIDTH - 40, 20), int(Qt.AlignmentFlag.AlignLeft), shown)
        top += 22
    painter.setFont(font)
    return top + 14


def _title(painter: QPainter, area: QRectF, text: str) -> QRectF:
    painter.setPen(QPen(QColor("black")))
    painter.drawText(QRectF(area.left(), area.top(), area.width(), 20), text)
    return QRectF(area.left(), area.top() + 28, area.width(), area.height() - 28)


def _rates(
    painter: QPainter,
    area: QRectF,
    rates: list[Any],
    fair: float | None,
    title: str = "Win rate (95% interval); the line is a fair share",
) -> None:
    """Each rate's bar and interval; a dashed line at the ``fair`` rate."""
    plot = _title(painter, area, title)
    label_width = 110.0
    bars = QRectF(plot.left() + label_width, plot.top(), plot.width() - label_width - 10, 0)
    row = min(34.0, plot.height() / max(1, len(rates)))
    for index, rate in enumerate(rates):
        top = plot.top() + index * row
        painter.setPen(QPen(QColor("black")))
        painter.drawText(
            QRectF(plot.left(), top, label_width - 6, row - 6),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            rate.name,
        )
        width = bars.width() * rate.rate
        painter.fillRect(QRectF(bars.left(), top + 4, width, row - 14), _BAR)
        painter.setPen(QPen(_INTERVAL, 2))
        middle = top + 4 + (row - 14) / 2
        painter.drawLine(
            int(bars.left() + bars.width() * rate.low),
            int(middle),
            int(bars.left() + bars.width() * rate.high),
            int(middle),
        )
        painter.drawText(
            QRectF(bars.left() + bars.width() * max(rate.rate, rate.high) + 6, top, 60, row - 6),
            int(Qt.AlignmentFlag.AlignVCenter),
            f"{rate.rate:.0%}",
        )
    if fair is not None:
        x = bars.left() + bars.width() * fair
        painter.setPen(QPen(_FAIR, 1, Qt.PenStyle.DashLine))
        painter.drawLine(int(x), int(plot.top()), int(x), int(plot.top() + row * len(rates)))


def _histogram(painter: QPainter, area: QRectF, report: Any) -> None:
    stopped = (
        f"; {report.unfinished:,} stopped at {report.max_moves:,} moves not shown"
        if report.unfinished
        else ""
    )
    plot = _title(painter, area, f"Game length in moves ({report.ended:,} games{stopped})")
    counts = _bins(report.length_counts)
    if not counts:
        return
    axis = 44.0  # room for the counts on the y axis
    base = plot.bottom() - 36
    left, width = plot.left() + axis, (plot.width() - axis) / len(counts)
    top = max(count for _, _, count in counts)
    painter.setPen(QPen(QColor("black")))
    for tick in sorted({0, (top + 1) // 2, top}):
        y = base - (base - plot.top() - 16) * tick / top
        painter.drawLine(int(left - 4), int(y), int(left), int(y))
        painter.drawText(
            QRectF(plot.left(), y - 9, axis - 8, 18),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            f"{tick:,}",
        )
    painter.drawLine(int(left), int(base), int(left), int(plot.top() + 8))
    painter.drawLine(int(left), int(base), int(plot.right()), int(base))
    for index, (low, high, count) in enumerate(counts):
        height = (base - plot.top() - 16) * count / top
        x = left + index * width
        painter.fillRect(QRectF(x + 1, base - height, width - 2, height), _BAR)
        painter.setPen(QPen(QColor("black")))
        if count and width >= 18:
            painter.drawText(
                QRectF(x, base - height - 16, width, 16),
                int(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignBottom),
                f"{count:,}",
            )
        if index in (0, len(counts) - 1) or len(counts) <= 8:
            painter.drawText(
                QRectF(x - 20, base + 2, width + 40, 16),
                int(Qt.AlignmentFlag.AlignHCenter),
                str(low) if low == high else f"{low}-{high}",
            )
    painter.drawText(
        QRectF(left, base + 18, plot.right() - left, 16),
        int(Qt.AlignmentFlag.AlignHCenter),
        "moves in the game; bars: games of that length",
    )


def _bins(lengths: dict[int, int]) -> list[tuple[int, int, int]]:
    """At most 20 bins of equal width over the lengths: (least, most, games) each.

    >>> _bins({10: 2, 12: 1})
    [(10, 10, 2), (11, 11, 0), (12, 12, 1)]
    """
    if not lengths:
        return []
    low, high = min(lengths), max(lengths)
    bins = max(1, min(20, high - low + 1))
    step = max(1, -(-(high - low + 1) // bins))
    bins = -(-(high - low + 1) // step)
    counts = [0] * bins
    for length, count in lengths.items():
        counts[(length - low) // step] += count
    return [
        (low + index * step, min(high, low + index * step + step - 1), count)
        for index, count in enumerate(counts)
    ]


# --- comparing variants -----------------------------------------------------------------

_VERDICT = {"differs": QColor("#c04040"), "same": QColor("#3c9040"), "unclear": QColor("#707070")}
_ZERO = QColor("#909090")


def _painter(image: QImage) -> QPainter:
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont()
    font.setPixelSize(13)
    painter.setFont(font)
    return painter


def _lines(painter: QPainter, lines: list[tuple[bool, str]], width: int) -> float:
    """Draw heading lines (bold or not, at most two rows each, elided past them); the top
    of what comes under."""
    font = painter.font()
    bold = QFont(font)
    bold.setBold(True)
    bold.setPixelSize(15)
    painter.setPen(QPen(QColor("black")))
    top = 12.0
    for strong, text in lines:
        if not text:
            continue
        painter.setFont(bold if strong else font)
        metrics = painter.fontMetrics()
        rows = [text]
        if metrics.horizontalAdvance(text) > width - 40:
            cut = text.rfind(" ", 0, len(text) * (width - 40) // metrics.horizontalAdvance(text))
            rows = [text[:cut], text[cut + 1 :]] if cut > 0 else rows
        for row in rows:
            said = metrics.elidedText(row, Qt.TextElideMode.ElideRight, width - 40)
            painter.drawText(QRectF(20, top, width - 40, 20), int(Qt.AlignmentFlag.AlignLeft), said)
            top += 20
        top += 2
    painter.setFont(font)
    return top + 10


def _is_rate(name: str) -> bool:
    return name.startswith("seat ") or name in ("first-player advantage", "draws")


def comparison_chart(comparison: Any) -> QImage:
    """The chart of a ``vtt.ai.compare.Comparison``: each metric's difference B - A as a
    dot with its 95% interval, coloured by its verdict, against a zero line; rates in
    points of win rate, counts in percent of A's mean."""
    rates = [diff for diff in comparison.metrics if _is_rate(diff.name)]
    counts = [diff for diff in comparison.metrics if not _is_rate(diff.name)]
    row = 30.0
    height = int(200 + row * (len(rates) + len(counts)) + 2 * 74)
    image = QImage(WIDTH, height, QImage.Format.Format_RGB32)
    painter = _painter(image)
    try:
        first = comparison.reports[0]
        games = f"{comparison.games:,} game{'s' if comparison.games != 1 else ''} of each"
        top = _lines(
            painter,
            [
                (
                    True,
                    f"{first.name or first.pack}: B - A, {' v '.join(comparison.agents)}, {games}",
                ),
                (False, f"A = {_side(comparison.a, first)}"),
                (False, f"B = {_side(comparison.b, comparison.reports[1])}"),
                (False, comparison.stopped[:1].upper() + comparison.stopped[1:]),
            ],
            WIDTH,
        )
        panels = [
            ("Rates: B - A in points of win rate (95% interval)", rates, lambda d, v: 100 * v),
            ("Counts: B - A in % of A's mean (95% interval)", counts, _percent_of_a),
        ]
        for title, diffs, scale in panels:
            if not diffs:
                continue
            area = QRectF(20, top, WIDTH - 40, 40 + row * len(diffs) + 24)
            _differences(painter, area, title, diffs, scale, row)
            top = area.bottom() + 14
        _legend(painter, top)
    finally:
        painter.end()
    return image


def _side(variant: Any, report: Any) -> str:
    return variant.label + (f" ({report.option_words})" if report.option_words else "")


def _percent_of_a(diff: Any, value: float) -> float:
    base = abs(diff.a) or abs(diff.b) or 1.0
    return 100 * value / base


def _differences(
    painter: QPainter,
    area: QRectF,
    title: str,
    diffs: list[Any],
    scale: Callable[[Any, float], float],
    row: float,
) -> None:
    plot = _title(painter, area, title)
    label, value_width = 170.0, 190.0
    left, right = plot.left() + label, plot.right() - value_width
    shown = [(diff, [scale(diff, x) for x in (diff.diff, diff.low, diff.high)]) for diff in diffs]
    finite = [abs(x) for _, xs in shown for x in xs if math.isfinite(x)]
    reach = _nice(max(finite, default=1.0) * 1.1 or 1.0)

    def x_of(value: float) -> float:
        value = max(-reach, min(reach, value))
        return left + (right - left) * (value + reach) / (2 * reach)

    bottom = plot.top() + row * len(diffs)
    painter.setPen(QPen(_ZERO, 1, Qt.PenStyle.DashLine))
    painter.drawLine(QPointF(x_of(0), plot.top() - 4), QPointF(x_of(0), bottom))
    painter.setPen(QPen(QColor("black")))
    painter.drawLine(QPointF(left, bottom), QPointF(right, bottom))
    for tick in (-reach, -reach / 2, 0.0, reach / 2, reach):
        x = x_of(tick)
        painter.drawLine(QPointF(x, bottom), QPointF(x, bottom + 4))
        painter.drawText(
            QRectF(x - 40, bottom + 5, 80, 16),
            int(Qt.AlignmentFlag.AlignHCenter),
            f"{tick:+g}" if tick else "0",
        )
    for index, (diff, (mid, low, high)) in enumerate(shown):
        y = plot.top() + index * row + row / 2
        colour = _VERDICT.get(diff.verdict, _VERDICT["unclear"])
        painter.setPen(QPen(QColor("black")))
        painter.drawText(
            QRectF(plot.left(), y - row / 2, label - 10, row),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            diff.name,
        )
        painter.setPen(QPen(colour, 2))
        x_low, x_high = x_of(low), x_of(high)
        painter.drawLine(QPointF(x_low, y), QPointF(x_high, y))
        for x, value in ((x_low, low), (x_high, high)):
            if math.isfinite(value) and abs(value) <= reach:  # a cap; an arrow's end if cut
                painter.drawLine(QPointF(x, y - 5), QPointF(x, y + 5))
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(x_of(mid), y), 4.5, 4.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour))
        painter.drawText(
            QRectF(right + 10, y - row / 2, value_width - 10, row),
            int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter),
            f"{_said(diff)}  {diff.verdict}",
        )


def _said(diff: Any) -> str:
    """The difference in words beside its row: points of a rate, a count and its percent."""
    if _is_rate(diff.name):
        return f"{100 * diff.diff:+.0f} points"
    return f"{diff.diff:+.1f} ({_percent_of_a(diff, diff.diff):+.0f}%)"


def _nice(value: float) -> float:
    """The round number at or above ``value`` an axis ends at.

    >>> _nice(0.7), _nice(13), _nice(260)
    (1.0, 20.0, 500.0)
    """
    power = 10 ** math.floor(math.log10(value))
    return next(step * power for step in (1.0, 2.0, 5.0, 10.0) if step * power >= value)


def _legend(painter: QPainter, top: float) -> None:
    x = 20.0
    for verdict, colour in _VERDICT.items():
        painter.setPen(QPen(colour))
        painter.setBrush(colour)
        painter.drawEllipse(QPointF(x + 5, top + 8), 4.5, 4.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        said = {
            "differs": "differs: the interval leaves out 0",
            "same": "same: the interval lies inside the margin",
            "unclear": "unclear: neither yet",
        }[verdict]
        painter.drawText(QRectF(x + 14, top, 280, 16), int(Qt.AlignmentFlag.AlignLeft), said)
        x += 290


def save_comparison_chart(comparison: Any, path: str) -> None:
    """Write a comparison's chart as a PNG file; OSError when it cannot be written."""
    save_image(lambda: comparison_chart(comparison), path)


# --- sweeping an option -------------------------------------------------------------------


def sweep_chart(sweep: Any, metric: str) -> QImage:
    """The chart of a ``vtt.ai.compare.Sweep``: the metric (a name of
    ``vtt.ai.compare``'s metrics) at each value of the option, with its 95% interval."""
    image = QImage(WIDTH, HEIGHT, QImage.Format.Format_RGB32)
    painter = _painter(image)
    try:
        first = sweep.reports[0] if sweep.reports else None
        name = (first.name or first.pack) if first is not None else sweep.option
        options = sweep.base.options if sweep.base is not None else ()
        base = ", ".join(f"{k}={v}" for k, v in options if k != sweep.option)
        top = _lines(
            painter,
            [
                (True, f"{name}: {metric} against {sweep.option}"),
                (
                    False,
                    f"{' v '.join(sweep.agents)}, {sweep.games:,} games per value, seed "
                    f"{sweep.seed}",
                ),
                (False, f"with {base}" if base else ""),
            ],
            WIDTH,
        )
        _points(painter, QRectF(20, top, WIDTH - 40, HEIGHT - top - 16), sweep, metric)
    finally:
        painter.end()
    return image


def _points(painter: QPainter, area: QRectF, sweep: Any, metric: str) -> None:
    estimates = sweep.metric(metric)
    known = [e for e in estimates if e is not None]
    values = [x for e in known for x in (e.low, e.mean, e.high) if math.isfinite(x)]
    if _is_rate(metric):
        values.append(0.0)  # a rate's zero is in sight
    if not values:
        return
    ticks = _ticks(min(values), max(values))
    least, most = ticks[0], ticks[-1]
    axis = 60.0
    plot = QRectF(area.left() + axis, area.top() + 8, area.width() - axis - 10, area.height() - 50)

    def y_of(value: float) -> float:
        value = max(least, min(most, value))
        return plot.bottom() - plot.height() * (value - least) / (most - least)

    step = plot.width() / max(1, len(estimates))

    def x_of(index: int) -> float:
        return plot.left() + step * (index + 0.5)

    painter.setPen(QPen(QColor("black")))
    painter.drawLine(QPointF(plot.left(), plot.top()), QPointF(plot.left(), plot.bottom()))
    painter.drawLine(QPointF(plot.left(), plot.bottom()), QPointF(plot.right(), plot.bottom()))
    for value in ticks:
        y = y_of(value)
        painter.drawLine(QPointF(plot.left() - 4, y), QPointF(plot.left(), y))
        painter.drawText(
            QRectF(area.left(), y - 9, axis - 8, 18),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            f"{value:g}",
        )
    if least < 0 < most:
        painter.setPen(QPen(_ZERO, 1, Qt.PenStyle.DashLine))
        painter.drawLine(QPointF(plot.left(), y_of(0)), QPointF(plot.right(), y_of(0)))
    painter.setPen(QPen(QColor("black")))
    every = max(1, math.ceil(len(estimates) * 60 / plot.width()))
    for index, value in enumerate(sweep.values):
        if index % every == 0 or index == len(estimates) - 1:
            painter.drawText(
                QRectF(x_of(index) - 40, plot.bottom() + 4, 80, 16),
                int(Qt.AlignmentFlag.AlignHCenter),
                str(value),
            )
    painter.drawText(
        QRectF(plot.left(), plot.bottom() + 24, plot.width(), 16),
        int(Qt.AlignmentFlag.AlignHCenter),
        f"{sweep.option}; dots: the mean, bars: its 95% interval",
    )
    painter.setPen(QPen(_BAR, 1.5))
    line = [(x_of(i), y_of(e.mean)) for i, e in enumerate(estimates) if e is not None]
    for (x1, y1), (x2, y2) in pairwise(line):
        painter.drawLine(QPointF(x1, y1), QPointF(x2, y2))
    for index, estimate in enumerate(estimates):
        if estimate is None:
            continue
        x = x_of(index)
        painter.setPen(QPen(_INTERVAL, 1.5))
        if math.isfinite(estimate.low) and math.isfinite(estimate.high):
            painter.drawLine(QPointF(x, y_of(estimate.low)), QPointF(x, y_of(estimate.high)))
            for end in (estimate.low, estimate.high):
                painter.drawLine(QPointF(x - 5, y_of(end)), QPointF(x + 5, y_of(end)))
        painter.setBrush(_BAR)
        painter.setPen(QPen(_BAR))
        painter.drawEllipse(QPointF(x, y_of(estimate.mean)), 4.5, 4.5)
        painter.setBrush(Qt.BrushStyle.NoBrush)


def _ticks(least: float, most: float) -> list[float]:
    """Round values for an axis from ``least`` to ``most``: four to eight steps.

    >>> _ticks(7.6, 163.5), _ticks(-0.27, 0.4)
    ([0.0, 50.0, 100.0, 150.0, 200.0], [-0.4, -0.2, 0.0, 0.2, 0.4])
    """
    if most - least < 1e-9:
        least, most = least - 0.5, most + 0.5
    step = _nice((most - least) / 4)
    first = math.floor(least / step + 1e-9)
    last = math.ceil(most / step - 1e-9)
    return [round(index * step, 10) + 0.0 for index in range(first, last + 1)]


def save_sweep_chart(sweep: Any, metric: str, path: str) -> None:
    """Write a sweep's chart of one metric as a PNG file; OSError when it cannot be written."""
    save_image(lambda: sweep_chart(sweep, metric), path)


# ---- the designer's report (vtt.studio.report) -------------------------------------

#: How a seat met a suit, in the order the contribution chart's panels show them.
_HOWS = ("holding", "playing", "capturing")


def contribution_chart(contribution: Any) -> QImage:
    """The per-suit chart of a ``vtt.ai.findings.Contribution``: the win rate of a seat
    holding, playing or capturing each suit, with its 95% interval, a panel for each;
    the dashed line is the win rate of a seat for any card so met."""
    hows = [how for how in _HOWS if any(stat.how == how for stat in contribution.suits)]
    hows += sorted({stat.how for stat in contribution.suits} - set(hows))
    rows = max([sum(stat.how == how for stat in contribution.suits) for how in hows] or [1])
    height = int(70 + 28 + 34 * rows + 10)
    image = QImage(WIDTH, height, QImage.Format.Format_RGB32)
    painter = _painter(image)
    try:
        title = "Win rate by suit (95% interval); the line: any card"
        top = _lines(painter, [(True, title)], WIDTH)
        baselines = getattr(contribution, "baselines", {})
        width = (WIDTH - 20) / max(1, len(hows))
        for index, how in enumerate(hows):
            stats = [_rate_of(stat) for stat in contribution.suits if stat.how == how]
            area = QRectF(10 + index * width, top, width - 10, height - top - 10)
            _rates(painter, area, stats, baselines.get(how), f"when the seat is {how} it")
    finally:
        painter.end()
    return image


def _rate_of(stat: Any) -> Rate:
    """A contribution's row as the rates panel draws it."""
    return Rate(stat.key, stat.games, 0, 0, stat.rate, stat.low, stat.high)


#: The metric a report's sweep chart shows.
REPORT_SWEEP_METRIC = "first-player advantage"


def report_chart(kind: str, data: Any) -> bytes:
    """A chart of the designer's report as PNG bytes (``vtt.studio.report.ChartMaker``):
    "summary" (a Report), "comparison", "sweep" or "contribution"."""
    draw: dict[str, Callable[[], QImage]] = {
        "summary": lambda: chart_image(data),
        "comparison": lambda: comparison_chart(data),
        "sweep": lambda: sweep_chart(data, REPORT_SWEEP_METRIC),
        "contribution": lambda: contribution_chart(data),
    }
    return png(draw[kind])
