"""A newcomer's first minutes in a game window: the message line, the log."""

from __future__ import annotations

from game_windows import open_game
from gestures import paint_windows

from vtt.ui.game.session import HUMAN
from vtt.ui.qt import Qt
from vtt.ui.statusbar import STATUS_MS


def test_a_refused_moves_reason_fades_after_a_few_seconds(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4)
    assert not window.play("pass")
    assert window.message.text() == "You can play a card, so you cannot pass"
    timer = window.message_timer
    assert timer.isActive() and timer.interval() == STATUS_MS
    timer.timeout.emit()  # the few seconds pass
    assert window.message.text() == ""


#: How far past its height the log must have grown for the test to have seen it scroll.
OVERFLOW_PX = 150


def last_line_in_view(log) -> bool:
    """True if the log's last line lies wholly inside its viewport (long lines wrap)."""
    last = log.visualItemRect(log.item(log.count() - 1))
    return log.viewport().rect().contains(last)


def test_the_log_keeps_its_last_line_in_view(qtbot):
    """Move after move, past the first screenful of lines (when the scroll bar comes)."""
    window = open_game(qtbot, "war", (HUMAN, HUMAN), options={"mode": "classic"})
    log, session = window.log, window.session
    scroll = log.verticalScrollBar()
    while scroll.maximum() < OVERFLOW_PX and not session.over:
        assert window.play("flip")
        paint_windows()
        if window.cover.isVisible():
            qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
        assert last_line_in_view(log), f"after move {len(session.moves)}"
    assert scroll.maximum() >= OVERFLOW_PX  # the lines overflowed the log by some way


def test_keys_go_back_to_the_table_when_a_menu_closes_with_esc(qtbot):
    """As on the free table: the menu bar must not keep the keys, unseen, in its
    keyboard mode after Esc closed a menu opened with the mouse."""
    from gestures import open_and_escape_menu

    from vtt.ui.qt import QApplication

    window = open_game(qtbot, "jantori", (HUMAN, HUMAN))
    with qtbot.waitActive(window):
        window.activateWindow()
    assert QApplication.focusWidget() is window.view
    bar = window.menuBar()
    assert open_and_escape_menu(bar) is bar.actions()[0].menu()  # Game
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view)
    assert QApplication.activePopupWidget() is None and bar.activeAction() is None
