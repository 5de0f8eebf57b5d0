"""JANTORI's markers on the board: each seat's stands out from the board at a glance,
White's and Black's alike, and the last move's highlight leaves it whole."""

from __future__ import annotations

from vtt.rules.values import Cell
from vtt.ui.game.session import HUMAN, GameSetup, SeatChoice
from vtt.ui.game.window import GameWindow
from vtt.ui.qt import QColor, QImage, QPainter

BOARD = QColor("#184d31")  # the board's cells (board.paint_board)


def _band(item) -> list[QColor]:
    """The pixels of a cell painted alone on the board's green, along the middle of its
    height, from its left edge to a third of its width."""
    rect = item.rect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(BOARD)
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    item.paint(painter, None)
    painter.end()
    middle = int(rect.height() / 2)
    return [QColor(image.pixel(x, middle)) for x in range(int(rect.width() / 3))]


def _near(a: QColor, b: QColor) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) < 40


def _marked_cells(qtbot):
    seats = (SeatChoice("White", HUMAN), SeatChoice("Black", HUMAN))
    window = GameWindow(GameSetup("jantori", seats, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    places = window.board.places
    cells = {seat: places[("board", Cell.parse(at))] for seat, at in ((0, "a3"), (1, "c1"))}
    assert [cells[0].markers, cells[1].markers] == [[0], [1]]
    return window, cells


def test_each_marker_stands_out_from_the_board(qtbot):
    window, cells = _marked_cells(qtbot)
    for seat, cell in cells.items():
        colour = QColor(window.session.colours[seat])
        band = _band(cell)
        assert any(_near(pixel, colour) for pixel in band)  # its own colour
        # Something of it is far lighter or darker than the board: Black's black ring on
        # the dark green alone is not seen at a glance.
        assert any(abs(p.lightness() - BOARD.lightness()) > 100 for p in band), seat


def test_the_last_moves_highlight_leaves_the_marker_whole(qtbot):
    _window, cells = _marked_cells(qtbot)
    for cell in cells.values():
        plain = _band(cell)
        cell.recent = True
        lit = _band(cell)
        cell.recent = False
        # The marker's ring and halo look as they did ...
        marker = [x for x, p in enumerate(plain) if not _near(p, BOARD)]
        assert marker and all(_near(plain[x], lit[x]) for x in marker)
        # ... and the highlight shows beside it, at the cell's edge.
        gold = [p for p in lit[: marker[0]] if 35 <= p.hue() <= 65 and p.hsvSaturation() > 100]
        assert any(p.value() > 150 for p in gold)
