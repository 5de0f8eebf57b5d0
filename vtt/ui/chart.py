"""A simulation's chart: win rates with their intervals, and a histogram of lengths,
under a title naming the pack, the agents and the games.

Drawn with QPainter on a QImage, so ``vtt simulate --chart`` needs no plotting
library; the Simulate dialog shows the same image.
"""

from __future__ import annotations

import os
from typing import Any

from vtt.ai.simulate import Rate
from vtt.ui.qt import (
    QApplication,
    QBuffer,
    QByteArray,
    QColor,
    QFont,
    QImage,
    QPainter,
    QPen,
    QRectF,
    Qt,
)

__all__ = ["chart_image", "contribution_chart", "png_bytes", "report_chart", "save_chart"]

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
        _rates(painter, QRectF(20, top, WIDTH / 2 - 40, height), rates, len(report.seats))
        _histogram(painter, QRectF(WIDTH / 2 + 20, top, WIDTH / 2 - 40, height), report)
    finally:
        painter.end()
    return image


def save_chart(report: Any, path: str) -> None:
    """Write the chart as a PNG file; OSError when it cannot be written."""
    _application()
    if not chart_image(report).save(path, "PNG"):
        raise OSError(f"{path}: the chart could not be written")


def _application() -> None:
    """An application to draw with (fonts need one): on the command line, one without
    a screen."""
    if QApplication.instance() is None:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # The widgets' application, as the window and its tests make, so a later one
        # in the same process finds the kind it expects; Qt keeps it as the instance.
        QApplication([])


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
    seats: int,
    title: str = "Win rate (95% interval); the line is a fair share",
) -> None:
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
    if seats:
        fair = bars.left() + bars.width() / seats
        painter.setPen(QPen(_FAIR, 1, Qt.PenStyle.DashLine))
        painter.drawLine(int(fair), int(plot.top()), int(fair), int(plot.top() + row * len(rates)))


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


# ---- the designer's report (vtt.studio.report) -------------------------------------

#: How a seat met a suit, in the order the contribution chart's panels show them.
_HOWS = ("holding", "playing", "capturing")


def contribution_chart(contribution: Any) -> QImage:
    """The per-suit chart of a ``vtt.ai.findings.Contribution``: the win rate of a seat
    holding, playing or capturing each suit, with its 95% interval, a panel for each."""
    hows = [how for how in _HOWS if any(stat.how == how for stat in contribution.suits)]
    hows += sorted({stat.how for stat in contribution.suits} - set(hows))
    rows = max([sum(stat.how == how for stat in contribution.suits) for how in hows] or [1])
    height = int(70 + 28 + 34 * rows + 10)
    image = QImage(WIDTH, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont()
    font.setPixelSize(13)
    bold = QFont(font)
    bold.setBold(True)
    bold.setPixelSize(15)
    try:
        painter.setFont(bold)
        painter.drawText(QRectF(20, 12, WIDTH - 40, 20), "Win rate by suit (95% interval)")
        painter.setFont(font)
        width = (WIDTH - 20) / max(1, len(hows))
        for index, how in enumerate(hows):
            stats = [_rate_of(stat) for stat in contribution.suits if stat.how == how]
            area = QRectF(10 + index * width, 50, width - 10, height - 60)
            _rates(painter, area, stats, 0, f"when the seat is {how} it")
    finally:
        painter.end()
    return image


def _rate_of(stat: Any) -> Rate:
    """A contribution's row as the rates panel draws it."""
    return Rate(stat.key, stat.games, 0, 0, stat.rate, stat.low, stat.high)


def png_bytes(image: QImage) -> bytes:
    """An image as the bytes of a PNG file."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QBuffer.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def report_chart(kind: str, data: Any) -> bytes:
    """A chart of the designer's report as PNG bytes (``vtt.studio.report.ChartMaker``):
    "summary" (a Report), "contribution"; the window or the command line alike."""
    _application()
    draw = {"summary": chart_image, "contribution": contribution_chart}
    return png_bytes(draw[kind](data))
