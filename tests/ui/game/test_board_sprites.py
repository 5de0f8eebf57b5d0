"""The board keeps the looks it has drawn: a rebuilt board copies pictures, not paths."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from vtt.ui.game import painting
from vtt.ui.qt import QColor, QImage, QPainter, QRectF, Qt


@pytest.fixture(autouse=True)
def _no_kept_looks() -> Iterator[None]:
    painting._SPRITES.clear()
    yield
    painting._SPRITES.clear()


def _canvas() -> QImage:
    image = QImage(200, 200, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    return image


def _square(calls: list[str], colour: str):  # type: ignore[no-untyped-def]
    def draw(painter: QPainter) -> None:
        calls.append(colour)
        painter.fillRect(QRectF(10, 10, 40, 40), QColor(colour))

    return draw


def test_a_look_is_drawn_once_and_then_copied(qapp: object) -> None:
    calls: list[str] = []
    first, second = _canvas(), _canvas()
    for image in (first, second):
        painter = QPainter(image)
        painting.draw_kept(
            painter, ("square", "red"), QRectF(10, 10, 40, 40), _square(calls, "red")
        )
        painter.end()
    assert calls == ["red"]
    assert first == second
    assert QColor(second.pixel(30, 30)) == QColor("red")  # the copy lands where drawn


def test_another_look_or_another_scale_is_drawn_anew(qapp: object) -> None:
    calls: list[str] = []
    image = _canvas()
    painter = QPainter(image)
    area = QRectF(10, 10, 40, 40)
    painting.draw_kept(painter, ("square", "red"), area, _square(calls, "red"))
    painting.draw_kept(painter, ("square", "blue"), area, _square(calls, "blue"))
    painter.scale(2, 2)  # a zoomed view needs a sharper picture
    painting.draw_kept(painter, ("square", "red"), area, _square(calls, "red"))
    painter.end()
    assert calls == ["red", "blue", "red"]
    assert QColor(image.pixel(60, 60)) == QColor("red")  # drawn at twice the size


def test_only_so_many_pixels_are_kept(qapp: object, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(painting, "SPRITE_PIXELS", 40 * 40 * 3)
    image = _canvas()
    painter = QPainter(image)
    for index in range(6):
        painting.draw_kept(painter, ("square", index), QRectF(10, 10, 40, 40), lambda p: None)
    painter.end()
    assert [key[0][1] for key in painting._SPRITES] == [3, 4, 5]  # the oldest went first


def test_a_kept_picture_lands_pixel_for_pixel_at_a_zoom_that_is_not_whole(qapp: object) -> None:
    # A label's thin letters (the ")" of "(0)") are one pixel wide when the table is
    # zoomed out: a picture stretched a fraction of a pixel smaller loses such columns.
    area = QRectF(-165, 276, 346, 194)
    scale = 0.5823076923076923  # Dueling Wizards' first zoom, where ")" faded
    columns: list[int] = []

    def stripes(painter: QPainter) -> None:
        # Every other device pixel column of the kept picture, black on white.
        width = painter.device().width()
        step = area.width() / width
        painter.fillRect(area, QColor("white"))
        for n in range(0, width, 2):
            painter.fillRect(
                QRectF(area.x() + n * step, area.y(), step, area.height()), QColor("black")
            )
        columns.append(width)

    image = QImage(400, 300, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    # As the view's painter may be after drawing a card's art.
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    painter.translate(197.4, 20.6)
    painter.scale(scale, scale)
    painting.draw_kept(painter, ("stripes",), area, stripes)
    painter.end()
    (width,) = columns
    row = round(20.6 + (area.y() + area.height() / 2) * scale)
    shades = [image.pixelColor(x, row) for x in range(image.width())]
    dark = [x for x, c in enumerate(shades) if c.alpha() and c.red() < 128]
    # Every stripe is there, each one pixel wide and crisp: none merged, dropped or blurred.
    assert all(c.red() < 40 or c.red() > 215 for c in shades if c.alpha() == 255)
    assert len(dark) == (width + 1) // 2
    assert all(b - a == 2 for a, b in itertools.pairwise(dark))
