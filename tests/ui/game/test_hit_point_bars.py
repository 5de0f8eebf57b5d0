"""Dueling Wizards in the window: both wizards' hit points drawn as bars (a pack's
``bar:``), filled as the hands hurt them, and the last hand's damage written on the
table (a pack's ``on_table:``) until the next hand."""

from __future__ import annotations

import random

from game_windows import open_game
from test_game_play import drag_move, wait_for_person

from vtt.ui.game.painting import TABLE_LINE_PX
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import QColor, QImage, QPainter, QRectF, Qt


def _play_until(qtbot, window, done, chooser: random.Random, look_first=False) -> None:
    """The person drags or clicks legal moves (the computer plays its own) until done;
    ``look_first``: done is looked at once the computer has moved too."""
    session = window.session
    while True:
        if look_first:
            wait_for_person(qtbot, window)
        if done(session.match.state):
            return
        if not look_first:
            wait_for_person(qtbot, window)
        if session.drags().targets:
            before = len(session.moves)
            text = drag_move(window, chooser)
            assert session.moves[before].text == text
        else:
            button = chooser.choice(window.action_bar.buttons)
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def test_hit_points_are_bars_that_follow_each_hand(qtbot):
    window = open_game(qtbot, "dueling-wizards", (HUMAN, COMPUTER), seed=4)
    session = window.session
    bars = {seat: window.bars.bars[("hp", seat)] for seat in range(2)}
    names = session.names
    for seat, bar in bars.items():
        assert bar.isVisible() and bar.maximum() == 100 and bar.value() == 100
        assert bar.text() == f"{names[seat]} · HP 100 / 100"
    # The bars stand for the var: the text list does not repeat it.
    assert "HP:" not in window.scores.text()
    (draft_second,) = [b for b in window.action_bar.buttons if b.text().endswith("draft second")]
    qtbot.mouseClick(draft_second, Qt.MouseButton.LeftButton)
    chooser = random.Random(4)
    _play_until(qtbot, window, lambda state: state.var("hands") >= 2, chooser)
    hp = session.match.state.var("hp")
    assert hp != (100, 100)  # (this game: the hands hurt, so the bars move)
    for seat, bar in bars.items():
        assert bar.value() == max(0, min(100, hp[seat]))
        assert bar.text() == f"{names[seat]} · HP {hp[seat]} / 100"
    # The hand's damage is on the table now, not in the list (see the test below).
    assert "last hand" not in window.scores.text()


def _bright_pixels(window, strip: QRectF) -> int:
    """How many pixels of the table's strip are drawn in light letters over the felt."""
    image = QImage(int(strip.width()), int(strip.height()), QImage.Format.Format_RGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    window.board.render(painter, QRectF(image.rect()), strip)
    painter.end()
    return sum(
        1
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
        if QColor(image.pixel(x, y)).lightness() > 180
    )


def test_the_last_hands_damage_is_written_on_the_table_until_the_next_hand(qtbot):
    window = open_game(qtbot, "dueling-wizards", (HUMAN, COMPUTER), seed=4)
    session, board = window.session, window.board
    names = session.names
    layout = board.layout
    assert layout.lines is not None  # room kept from the start: nothing moves later
    strip = QRectF(*layout.lines)
    assert QRectF(*layout.felt).contains(strip)
    assert not any(strip.intersects(QRectF(*p.rect)) for p in layout.places.values())
    assert not any(strip.intersects(QRectF(*r)) for _, r in layout.plates)
    # Written big enough to read at the window's own zoom.
    assert TABLE_LINE_PX * window.view.transform().m11() >= 12
    assert board.written == {} and _bright_pixels(window, strip) == 0
    (draft_second,) = [b for b in window.action_bar.buttons if b.text().endswith("draft second")]
    qtbot.mouseClick(draft_second, Qt.MouseButton.LeftButton)  # the person attacks first
    chooser = random.Random(4)
    _play_until(qtbot, window, lambda state: state.var("hands") >= 1, chooser, look_first=True)
    # The person attacked; the computer defended, then cast its own attack at once:
    # the next hand has begun, and the line of the hand before is still there.
    assert session.match.state.var("hands") == 1 and session.match.state.zone("casting")[1]
    board.finish_moments()  # the table as the state has it, not a moment of the hand
    hp = session.match.state.var("hp")
    line = board.written["last"]
    assert line.startswith(f"Round 1, hand 1: {names[0]}'s attack: ")
    # The damage it tells is what the bars lost: to the defender, or reflected.
    if hp[1] < 100:
        assert f"{100 - hp[1]} damage to {names[1]}" in line
    if hp[0] < 100:
        assert f"{100 - hp[0]} damage reflected to {names[0]}" in line
    if hp == (100, 100):
        assert line.endswith("no damage")
    assert _bright_pixels(window, strip) > 50
    _play_until(qtbot, window, lambda state: state.var("hands") >= 2, chooser, look_first=True)
    board.finish_moments()
    assert board.written["last"].startswith(f"Round 1, hand 2: {names[1]}'s attack: ")
