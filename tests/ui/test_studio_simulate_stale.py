"""The studio's Simulation panel plays the text Simulate was pressed on: once the text
is edited, its Run is off and the panel says to Simulate again, so that no figure is
ever taken for the new rules' when it is the old ones'."""

from __future__ import annotations

import os

from tests.ui.test_studio_play import CTRL, studio, typed  # noqa: F401 (a fixture)
from vtt.ui.qt import Qt

SHIFT = Qt.KeyboardModifier.ShiftModifier


def test_run_is_off_after_an_edit_and_the_panel_says_why(qtbot, studio, monkeypatch) -> None:  # noqa: F811
    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # the games in this process: no pool to start
    qtbot.keyClick(studio.editor, Qt.Key.Key_M, CTRL | SHIFT)
    panel = studio.playground.simulator
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)  # a few games will do
    qtbot.waitUntil(lambda: panel.report is not None, timeout=60_000)
    assert panel.run_button.isEnabled()
    typed(qtbot, studio, 3, 11, 0, " edited")
    assert not panel.run_button.isEnabled()
    assert "Simulate 100 games again" in panel.status.text()
    typed(qtbot, studio, 3, 18, 7, "")  # the text as it was: Run plays it again
    assert panel.run_button.isEnabled()
    assert panel.status.text() == f"{panel.report.games} games played"
