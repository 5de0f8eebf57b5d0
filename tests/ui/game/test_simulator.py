"""Game > Simulate...: the window's pack and options played in batches, with progress,
the designer's table and chart, and a Cancel button that stops the batch."""

from __future__ import annotations

from game_windows import open_game

from vtt.ui.game.session import HUMAN, NORMAL
from vtt.ui.qt import Qt


def _simulator(qtbot, options=None):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, NORMAL), options=options)
    window.simulate_action.trigger()
    dialog = window.simulator
    qtbot.waitExposed(dialog)
    return dialog


def _type(qtbot, spin, value: int) -> None:
    spin.selectAll()
    qtbot.keyClicks(spin, str(value))


def test_a_batch_of_the_windows_game_shows_progress_the_table_and_the_chart(qtbot):
    dialog = _simulator(qtbot, {"wins_needed": 1})
    assert dialog.windowTitle() == "Simulate — Tic-Tac-Rock"
    dialog.agents[0].setCurrentText("greedy")
    _type(qtbot, dialog.games, 6)
    _type(qtbot, dialog.workers, 1)
    assert dialog.batch().options == (("wins_needed", 1),)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=60_000)
    assert dialog.progress.value() == 6 and dialog.status.text() == "6 games played"
    assert "greedy" in dialog.results.text() and "first-player advantage" in dialog.results.text()
    assert not dialog.chart.pixmap().isNull()
    assert dialog.run_button.isEnabled() and not dialog.cancel_button.isEnabled()


def test_cancel_stops_the_batch_with_the_games_played(qtbot):
    dialog = _simulator(qtbot)
    dialog.agents[0].setCurrentText("easy")
    _type(qtbot, dialog.games, 500)
    _type(qtbot, dialog.workers, 1)
    qtbot.mouseClick(dialog.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.progress.value() >= 1, timeout=60_000)
    qtbot.mouseClick(dialog.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=60_000)
    assert dialog.report.games < 500
    assert dialog.status.text() == f"Cancelled after {dialog.report.games} games"
    dialog.close()
