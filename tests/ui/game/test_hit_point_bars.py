"""Dueling Wizards in the window: both wizards' hit points drawn as bars (a pack's
``bar:``), filled as the hands hurt them, and the last hand's damage in sight."""

from __future__ import annotations

import random

from game_windows import open_game
from test_game_play import drag_move, wait_for_person

from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import Qt


def _play_until(qtbot, window, done, chooser: random.Random) -> None:
    """The person drags or clicks legal moves (the computer plays its own) until done."""
    session = window.session
    while not done(session.state):
        wait_for_person(qtbot, window)
        if session.drags().targets:
            before = len(session.moves)
            text = drag_move(window, chooser)
            assert session.moves[before].text == text
        else:
            button = chooser.choice(window.action_buttons)
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
    (draft_second,) = [b for b in window.action_buttons if b.text().endswith("draft second")]
    qtbot.mouseClick(draft_second, Qt.MouseButton.LeftButton)
    chooser = random.Random(4)
    _play_until(qtbot, window, lambda state: state.var("hands") >= 2, chooser)
    hp = session.state.var("hp")
    assert hp != (100, 100)  # (this game: the hands hurt, so the bars move)
    for seat, bar in bars.items():
        assert bar.value() == max(0, min(100, hp[seat]))
        assert bar.text() == f"{names[seat]} · HP {hp[seat]} / 100"
    assert f"last hand: Hand 2: {names[1]} -" in window.scores.text()
