"""Game > Compare variants... and the studio's Compare with the saved pack, driven by
real mouse and key events: a variant B set by its options is played against A on the
same deals, the table fills with the verdicts and the sentence saying why the games
stopped; Cancel stops between games; the findings run on demand; Save report writes
the page; the studio compares its text as it stands with the file on disk."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ai.packs import LOOP, write_pack
from tests.ui.test_newgame_wizard import menu_item, press, type_text
from vtt.ui.game.compare import FILE, SWEEP, VERDICT_COLOURS, CompareDialog
from vtt.ui.qt import QComboBox, QFileDialog, QWidget


def pick(qtbot, combo: QComboBox, text: str) -> None:
    """Choose a list's entry by typing its first letters, as a person may."""
    combo.setFocus()
    qtbot.keyClicks(combo, text)
    assert combo.currentText().startswith(text)


def settle(dialog: CompareDialog, games: int) -> None:
    """Random players at every seat, ``games`` games at most, in this process."""
    settings = dialog.panel.settings
    for agent in settings.agents:
        agent.setFocus()
        type_text(agent, "random")
    type_text(settings.games, str(games))
    type_text(settings.workers, "1")


def run(qtbot, dialog: CompareDialog) -> None:
    with qtbot.waitSignal(dialog.panel.finished):
        press(dialog.panel.run_button)


def cells(table) -> list[list[str]]:
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_compare_variants_plays_b_against_a_and_says_why_it_stopped(qtbot, window, tmp_path):
    menu_item(window, "&Game", "&Compare variants…")
    dialog = window.compare_dialog
    qtbot.waitExposed(dialog)
    pick(qtbot, dialog.pack, "Tic")
    type_text(dialog.b_options.widgets["wins_needed"], "1")  # B: one round wins
    settle(dialog, 40)
    run(qtbot, dialog)
    result = dialog.panel.result
    # Three rounds against one: the length clearly differs, and the sentence says why
    # the games stopped where they did.
    assert "the length clearly differs" in result.stopped
    view = dialog.panel.view
    assert view.stopped.text() == result.stopped[:1].upper() + result.stopped[1:] + "."
    assert view.sides.text().splitlines() == [
        "A: Tic-Tac-Rock; Rounds to win the game: 3",
        "B: Tic-Tac-Rock; Rounds to win the game: 1",
    ]
    rows = {row[0]: row for row in cells(view.table)}
    assert {"first-player advantage", "length (moves)", "draws"} <= set(rows)
    length = rows["length (moves)"]
    assert length[5] == "differs" and length[3].startswith("−")  # B's games are shorter
    verdicts = [view.table.item(r, 5) for r in range(view.table.rowCount())]
    assert all(
        item.background().color().name() == VERDICT_COLOURS[item_verdict(item)][0]
        for item in verdicts
    )
    assert not view.chart.pixmap().isNull()
    assert dialog.panel.status.text() == f"{result.games} games of each variant played"


def item_verdict(item) -> str:
    return {"the same": "same"}.get(item.text(), item.text())


def test_the_findings_and_save_report_write_one_page(qtbot, tmp_path, monkeypatch):
    dialog = CompareDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    pick(qtbot, dialog.pack, "Tic")
    pick(qtbot, dialog.mode, "One")  # a sweep of one option
    assert dialog.mode.currentText() == SWEEP
    assert dialog.sweep_option.currentText() == "Rounds to win the game"  # the first
    type_text(dialog.sweep_from, "1")
    type_text(dialog.sweep_to, "2")
    assert dialog.sweep_values.text() == "Values: 1, 2"
    settle(dialog, 6)
    run(qtbot, dialog)
    view = dialog.panel.view
    assert [row[0] for row in cells(view.table)] == ["1", "2"]
    assert view.chart_metric.isVisible() and not view.chart.pixmap().isNull()
    # The findings, on demand.
    findings = dialog.findings
    press(dialog.panel.tabs.tabBar(), dialog.panel.tabs.tabBar().tabRect(1).center())
    assert findings.isVisible()
    findings.agent.setFocus()
    type_text(findings.agent, "random")
    type_text(findings.games, "4")
    with qtbot.waitSignal(findings.runner.signals.finished):
        press(findings.look_button)
    assert findings.findings and findings.strategies.rowCount() == len(findings.findings)
    last = findings.contribution.findings[-1]  # every sentence said whole
    assert findings.sentences.text().endswith(last)
    suits = {stat.key for stat in findings.contribution.suits}  # a row each
    assert findings.suits.rowCount() == len(suits) and not findings.part_chart.pixmap().isNull()
    # Save report...: one page with the sweep, its chart and the findings.
    target = tmp_path / "report.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    press(dialog.save_button)
    page = target.read_text(encoding="utf-8")
    assert "<title>Tic-Tac-Rock: wins_needed = 1, 2" in page
    assert 'id="sweep"' in page and 'id="findings"' in page and 'id="contribution"' in page
    assert "data:image/png;base64," in page
    assert dialog.panel.status.text() == f"Wrote the report to {target}"


def test_cancel_stops_the_games_and_keeps_what_was_played(qtbot, tmp_path, monkeypatch):
    endless = Path(write_pack(tmp_path / "packs", LOOP, max_moves=50))
    dialog = CompareDialog(folders=(endless.parent.parent,))
    qtbot.addWidget(dialog)
    dialog.show()
    pick(qtbot, dialog.pack, "Endless")
    pick(qtbot, dialog.mode, "Another")  # B: a pack file, here the same one
    assert dialog.mode.currentText() == FILE
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(endless), ""))
    press(dialog.file_button)
    settle(dialog, 100_000)  # never played to the end: the games never end
    press(dialog.panel.run_button)
    qtbot.waitUntil(lambda: dialog.panel.progress.value() >= 1)
    with qtbot.waitSignal(dialog.panel.finished):
        press(dialog.panel.cancel_button)
    result = dialog.panel.result
    assert result.stopped.startswith("cancelled after")
    assert dialog.panel.status.text().startswith("Cancelled after ")
    assert dialog.panel.run_button.isEnabled() and not dialog.panel.cancel_button.isEnabled()
    # Closing the dialog while games are played stops them and waits for them.
    press(dialog.panel.run_button)
    qtbot.waitUntil(lambda: dialog.panel.progress.value() >= 1)
    dialog.close()
    assert dialog.panel.runner.pool.activeThreadCount() == 0


def test_b_the_same_as_a_is_said_not_played(qtbot):
    dialog = CompareDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    pick(qtbot, dialog.pack, "Tic")
    press(dialog.panel.run_button)
    assert dialog.panel.status.text() == (
        "B's options are A's: change one of B's options to compare"
    )
    assert dialog.panel.run_button.isEnabled()
    # The findings look at A all the same.
    press(dialog.panel.tabs.tabBar(), dialog.panel.tabs.tabBar().tabRect(1).center())
    items = dialog.findings.variant
    assert [items.itemText(i) for i in range(items.count())] == ["A"]


@pytest.fixture
def saved_studio(qtbot, tmp_path, monkeypatch):
    import os

    from tests.match.test_reload import TINY
    from vtt.ui.studio.window import open_studio

    monkeypatch.setattr(os, "cpu_count", lambda: 1)  # the games in this process
    path = Path(write_pack(tmp_path, TINY))
    window = open_studio(path)
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.last is not None and not window.checker.busy)
    yield window
    window.playground.stop_simulation()
    window.editor.document().setModified(False)  # closed without asking
    window.close()


def test_the_studio_compares_its_text_with_the_saved_pack(qtbot, saved_studio):
    from tests.ui.test_studio_play import rename_middle

    studio = saved_studio
    menu_item(studio, "&Game", "Compare with the sa&ved pack")
    assert studio.playground.comparer is None
    assert "The text is as saved" in studio.statusBar().currentMessage()
    rename_middle(qtbot, studio)  # an edit, not saved
    with qtbot.waitSignal(studio.playground.compare_action.triggered):
        menu_item(studio, "&Game", "Compare with the sa&ved pack")
    panel = studio.playground.comparer
    qtbot.waitUntil(lambda: panel.result is not None)
    assert studio.playground.dock.widget() is panel
    assert panel.view.sides.text().splitlines()[1] == "as edited: Tiny; the text as it stands"
    assert cells(panel.view.table)[0][0] == "first-player advantage"
    # A renamed zone plays the same games: the comparison says they play alike.
    assert "clearly play alike" in panel.view.stopped.text()
    assert isinstance(panel.view, QWidget) and panel.tabs.count() == 1
