"""A newcomer's first minutes in a game window: the message line, the log."""

from __future__ import annotations

from game_windows import open_game

from vtt.ui.game.session import HUMAN
from vtt.ui.statusbar import STATUS_MS


def test_a_refused_moves_reason_fades_after_a_few_seconds(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4)
    assert not window.play("pass")
    assert window.message.text() == "You can play a card, so you cannot pass"
    timer = window.message_timer
    assert timer.isActive() and timer.interval() == STATUS_MS
    timer.timeout.emit()  # the few seconds pass
    assert window.message.text() == ""
