"""A simulation's chart: win rates with their intervals, and a histogram of lengths.

Drawn with QPainter on a QImage, so ``vtt simulate --chart`` needs no plotting
library; the Simulate dialog shows the same image.
"""

from __future__ import annotations

import os
from typing import Any

from vtt.ui.qt import QApplication, QColor, QFont, QImage, QPainter, QPen, QRectF, Qt

__all__ = ["chart_image", "save_chart"]

WIDTH, HEIGHT = 900, 420
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
        rates = [*report.seats, *report.by_agent]
        _rates(painter, QRectF(20, 20, WIDTH / 2 - 40, HEIGHT - 40), rates, len(report.seats))
        _histogram(painter, QRectF(WIDTH / 2 + 20, 20, WIDTH / 2 - 40, HEIGHT - 40), report)
    finally:
        painter.end()
    return image


def save_chart(report: Any, path: str) -> None:
    """Write the chart as a PNG file; OSError when it cannot be written."""
    if QApplication.instance() is None:  # the command line: draw without a screen
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        # The widgets' application, as the window and its tests make, so a later one
        # in the same process finds the kind it expects.
        _app = QApplication([])  # kept alive while drawing
    if not chart_image(report).save(path, "PNG"):
        raise OSError(f"{path}: the chart could not be written")


def _title(painter: QPainter, area: QRectF, text: str) -> QRectF:
    painter.setPen(QPen(QColor("black")))
    painter.drawText(QRectF(area.left(), area.top(), area.width(), 20), text)
    return QRectF(area.left(), area.top() + 28, area.width(), area.height() - 28)


def _rates(painter: QPainter, area: QRectF, rates: list[Any], seats: int) -> None:
    plot = _title(painter, area, "Win rate (95% interval); the line is a fair share")
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
    plot = _title(painter, area, f"Game length in moves ({report.games} games)")
    lengths: list[int] = list(report.lengths)
    if not lengths:
        return
    low, high = min(lengths), max(lengths)
    bins = max(1, min(20, high - low + 1))
    step = max(1, -(-(high - low + 1) // bins))
    counts = [0] * bins
    for length in lengths:
        counts[min(bins - 1, (length - low) // step)] += 1
    top = max(counts)
    base = plot.bottom() - 20
    width = plot.width() / bins
    for index, count in enumerate(counts):
        height = (base - plot.top()) * count / top
        painter.fillRect(
            QRectF(plot.left() + index * width + 1, base - height, width - 2, height), _BAR
        )
    painter.setPen(QPen(QColor("black")))
    painter.drawText(QRectF(plot.left(), base + 2, 80, 18), str(low))
    painter.drawText(
        QRectF(plot.right() - 80, base + 2, 80, 18), int(Qt.AlignmentFlag.AlignRight), str(high)
    )
