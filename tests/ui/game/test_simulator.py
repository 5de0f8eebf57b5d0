"""Game > Simulate...: the window's pack and options played in batches, with progress,
the designer's table and chart, and a Cancel button that stops the batch."""

from __future__ import annotations

import multiprocessing

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
    dialog.panel.agents[0].setCurrentText("greedy")
    _type(qtbot, dialog.panel.games, 6)
    _type(qtbot, dialog.panel.workers, 1)
    assert dialog.panel.batch().options == (("wins_needed", 1),)
    qtbot.mouseClick(dialog.panel.run_button, Qt.MouseButton.LeftButton)
    # The batch ends with a report, or with a failure the status line names.
    qtbot.waitUntil(
        lambda: dialog.panel.report is not None or dialog.panel.run_button.isEnabled(),
        timeout=120_000,
    )
    assert dialog.panel.report is not None, dialog.panel.status.text()
    assert dialog.panel.progress.value() == 6 and dialog.panel.status.text() == "6 games played"
    assert (
        "greedy" in dialog.panel.results.text()
        and "first-player advantage" in dialog.panel.results.text()
    )
    assert not dialog.panel.chart.pixmap().isNull()
    assert dialog.panel.run_button.isEnabled() and not dialog.panel.cancel_button.isEnabled()


def test_cancel_stops_the_batch_with_the_games_played(qtbot):
    dialog = _simulator(qtbot)
    dialog.panel.agents[0].setCurrentText("easy")
    _type(qtbot, dialog.panel.games, 500)
    _type(qtbot, dialog.panel.workers, 1)
    qtbot.mouseClick(dialog.panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.panel.progress.value() >= 1, timeout=60_000)
    qtbot.mouseClick(dialog.panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.panel.report is not None, timeout=60_000)
    assert dialog.panel.report.games < 500
    assert dialog.panel.status.text() == f"Cancelled after {dialog.panel.report.games} games"
    dialog.close()


def _looping_simulator(qtbot, tmp_path, pack=None):
    from tests.ai.packs import LOOP, write_pack

    window = open_game(qtbot, write_pack(tmp_path, pack or LOOP), (HUMAN, HUMAN))
    window.simulate_action.trigger()
    dialog = window.simulator
    qtbot.waitExposed(dialog)
    return dialog


def test_cancel_stops_every_worker_of_a_batch_whose_games_never_end(qtbot, tmp_path):
    dialog = _looping_simulator(qtbot, tmp_path)
    _type(qtbot, dialog.panel.games, 1000)
    _type(qtbot, dialog.panel.workers, 2)
    qtbot.mouseClick(dialog.panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(multiprocessing.active_children()) == 2, timeout=60_000)
    qtbot.mouseClick(dialog.panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.panel.report is not None, timeout=120_000)
    assert multiprocessing.active_children() == []
    assert dialog.panel.status.text() == f"Cancelled after {dialog.panel.report.games} games"
    assert dialog.panel.run_button.isEnabled()


def test_closing_the_dialog_during_a_batch_returns_and_stops_its_workers(qtbot, tmp_path):
    dialog = _looping_simulator(qtbot, tmp_path)
    _type(qtbot, dialog.panel.games, 1000)
    _type(qtbot, dialog.panel.workers, 2)
    qtbot.mouseClick(dialog.panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: len(multiprocessing.active_children()) == 2, timeout=60_000)
    dialog.close()
    assert multiprocessing.active_children() == []


def test_games_that_never_end_are_reported_and_the_results_stay_on_the_screen(qtbot, tmp_path):
    dialog = _looping_simulator(qtbot, tmp_path)
    _type(qtbot, dialog.panel.games, 2)
    _type(qtbot, dialog.panel.workers, 1)
    qtbot.mouseClick(dialog.panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.panel.report is not None, timeout=120_000)
    assert "2 of 2 games did not end within 2,000 moves: see game 1" in dialog.panel.results.text()
    _within_the_screen(dialog)


def test_the_results_name_the_pack_and_its_options_in_words_and_fit_the_screen(qtbot):
    dialog = _simulator(qtbot, {"wins_needed": 1, "easy": True})
    dialog.panel.agents[0].setCurrentText("greedy")
    _type(qtbot, dialog.panel.games, 4)
    _type(qtbot, dialog.panel.workers, 1)
    qtbot.mouseClick(dialog.panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: dialog.panel.report is not None, timeout=60_000)
    first, second = dialog.panel.results.text().splitlines()[:2]
    assert first.startswith("Tic-Tac-Rock: 4 games, agents greedy, random")
    assert second == "Rounds to win the game: 1; Easy: Rock, Paper and Scissors only: yes"
    assert "/" not in first and "{" not in dialog.panel.results.text()
    _within_the_screen(dialog)
    dialog.panel.scroll.ensureWidgetVisible(dialog.panel.chart)  # the chart can be scrolled to
    assert not dialog.panel.chart.visibleRegion().isEmpty()


def _within_the_screen(dialog) -> None:
    from vtt.ui.screen import FRAME

    room = dialog.screen().availableGeometry()
    assert dialog.width() + FRAME.width() <= room.width()
    assert dialog.height() + FRAME.height() <= room.height()


def test_a_pack_failing_in_a_game_is_told_with_the_game_and_its_seed(qtbot, tmp_path):
    from tests.ai.packs import FAILS_IN_PLAY

    dialog = _looping_simulator(qtbot, tmp_path, FAILS_IN_PLAY)
    _type(qtbot, dialog.panel.games, 3)
    _type(qtbot, dialog.panel.workers, 1)
    qtbot.mouseClick(dialog.panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(dialog.panel.run_button.isEnabled, timeout=60_000)
    status = dialog.panel.status.text()
    assert status.startswith("The simulation stopped: Fails in Play (")
    assert "failed in game 1, seed " in status and "ZeroDivisionError" in status
    assert "GameFailed" not in status
