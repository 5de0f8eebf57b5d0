"""The table uses the room the window gives it: the felt takes the window's shape, a
row with room for more than a line holds lies in two lines, and the hands spread over
the hand area's width (fanned closer only when they must)."""

from __future__ import annotations

import itertools
import random

from game_windows import open_game

from vtt.ui.game.session import HUMAN
from vtt.ui.qt import QApplication, QRectF, Qt


def _resize(qtbot, window, width: int, height: int) -> None:
    """Resize the window and wait until the table is laid out for its new shape."""
    window.resize(width, height)
    view = window.view.viewport()
    qtbot.waitUntil(
        lambda: (
            view.width() > 0
            and abs(window.board.screen.shape - view.width() / view.height()) < 0.02
        ),
        timeout=5000,
    )
    QApplication.processEvents()


def _faces(window, key) -> list:
    return sorted((f for f in window.board.faces if f.place.key == key), key=lambda f: f.pos().x())


def _hand_faces(window) -> list:
    faces = [f for f in window.board.faces if f.place.in_hand]
    return sorted(faces, key=lambda f: f.pos().x())


def _take_screen(qtbot, window) -> None:
    if window.cover.isVisible():
        qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)


def _wizards(qtbot):
    window = open_game(
        qtbot, "dueling-wizards", (HUMAN, HUMAN), seed=4, options={"spells": "two-card"}
    )
    _resize(qtbot, window, 1920, 1080)
    return window


def _draft(qtbot, window) -> None:
    """Play the order and the whole draft (24 elements, 12 to each wizard)."""
    chooser = random.Random(4)
    session = window.session
    while session.match.state.phase in ("order", "draft"):
        legal = session.match.state.legal_list()
        session.play(legal[chooser.randrange(len(legal))])
        _take_screen(qtbot, window)
    QApplication.processEvents()


def test_a_pool_of_24_lies_without_overlapping_at_1920_by_1080(qtbot):
    window = _wizards(qtbot)
    pool = _faces(window, ("pool",))
    assert len(pool) == 24
    rects = [f.sceneBoundingRect().intersected(f.mapRectToScene(f.rect())) for f in pool]
    for n, rect in enumerate(rects):
        for other in rects[n + 1 :]:
            overlap = rect.intersected(other)
            assert overlap.width() < 1 or overlap.height() < 1
    # Every card is in sight, and large enough to read (a third of its full size at least).
    view = window.view
    seen = QRectF(view.viewport().rect())
    for face in pool:
        shown = view.mapFromScene(face.mapRectToScene(face.rect())).boundingRect()
        assert seen.contains(QRectF(shown))
        assert shown.width() > face.rect().width() / 3


def test_a_twelve_card_hand_spreads_over_the_hand_area(qtbot):
    window = _wizards(qtbot)
    _draft(qtbot, window)
    hand_view = window.hand_view
    faces = _hand_faces(window)
    assert len(faces) == 12
    width = faces[0].rect().width()
    steps = [b.pos().x() - a.pos().x() for a, b in itertools.pairwise(faces)]
    # Side by side: the room is there (1,650 pixels for 12 cards).
    assert min(steps) >= width
    area = QRectF(hand_view.viewport().rect())
    for face in faces:
        shown = hand_view.mapFromScene(face.mapRectToScene(face.rect())).boundingRect()
        assert area.contains(QRectF(shown))
    # Made smaller, the hand fans closer, every card still in the hand area.
    _resize(qtbot, window, 1000, 760)
    qtbot.waitUntil(lambda: window.board.screen.hand_px == hand_view.viewport().width())
    faces = _hand_faces(window)
    steps = [b.pos().x() - a.pos().x() for a, b in itertools.pairwise(faces)]
    assert min(steps) < width  # fanned: the room is not there
    assert min(steps) > width / 4  # but each card still shows a good part of itself
    area = QRectF(hand_view.viewport().rect())
    for face in faces:
        shown = hand_view.mapFromScene(face.mapRectToScene(face.rect())).boundingRect()
        assert area.contains(QRectF(shown))
