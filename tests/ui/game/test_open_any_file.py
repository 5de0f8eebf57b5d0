"""The main window opens tables, saved games and game records: File > Open, the command
line and a drop. Saved games name their pack by id and fingerprint, not by path."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

from game_windows import open_game
from test_game_play import drag_move, wait_for_person

from vtt.resources import rulesets_dir
from vtt.rules.finder import pack_digest
from vtt.ui.game.saved import load_saved_game, saved_game_text
from vtt.ui.game.session import COMPUTER, HUMAN, GameSetup, SeatChoice
from vtt.ui.qt import (
    QApplication,
    QDragEnterEvent,
    QDropEvent,
    QEvent,
    QFileDialog,
    QMessageBox,
    QMimeData,
    QPoint,
    Qt,
    QUrl,
)

CTRL = Qt.KeyboardModifier.ControlModifier
SAMPLE = rulesets_dir() / "tic-tac-rock" / "records" / "sample.yaml"


def saved_jantori(qtbot, path: Path) -> list[str]:
    """Play a little JANTORI against the computer, save it to ``path``; the moves."""
    game = open_game(qtbot, "jantori", (HUMAN, COMPUTER), seed=3)
    chooser = random.Random(7)
    for _ in range(2):
        wait_for_person(qtbot, game)
        drag_move(game, chooser)
    wait_for_person(qtbot, game)
    assert game.save_game(path)
    moves = [move.text for move in game.session.moves]
    game.close()
    return moves


def ctrl_o(qtbot, window, monkeypatch, path: Path) -> list[str]:
    """Press Ctrl+O on the table and choose ``path``; the filter the dialog offered."""
    offered: list[str] = []

    def choose(_parent, _title, _start, kinds):
        offered.append(kinds)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", choose)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.view, Qt.Key.Key_O, CTRL)
    return offered


def only_game(qtbot, window):
    (game,) = window.game_windows
    qtbot.addWidget(game)
    return game


def test_file_open_resumes_a_saved_game_in_a_game_window(qtbot, window, monkeypatch, tmp_path):
    saved = tmp_path / "evening.jgame"
    moves = saved_jantori(qtbot, saved)
    table = window.session.table
    (offered,) = ctrl_o(qtbot, window, monkeypatch, saved)
    assert "*.jgame" in offered and "*.yaml" in offered and "*.jtable" in offered
    game = only_game(qtbot, window)
    assert game.isVisible() and [m.text for m in game.session.moves] == moves
    assert game.session.human_to_move() and game.path == saved
    assert "evening.jgame" in game.windowTitle()
    assert window.session.table is table  # the table stays as it was
    assert window.recent.paths() == [saved.resolve()]


def test_file_open_steps_through_a_game_record(qtbot, window, monkeypatch):
    ctrl_o(qtbot, window, monkeypatch, SAMPLE)
    replay = only_game(qtbot, window)
    assert replay.session.replaying and replay.replay_bar.isVisible()
    assert replay.session.game.id == "tic-tac-rock"
    assert replay.replay_bar.label.text() == "Replay · move 0 of 3"


def test_vtt_open_with_a_saved_game_opens_it(qtbot, tmp_path):
    from vtt.ui.app import start_window

    saved = tmp_path / "evening.jgame"
    moves = saved_jantori(qtbot, saved)
    window = start_window(str(saved))
    qtbot.addWidget(window)
    game = only_game(qtbot, window)
    assert [m.text for m in game.session.moves] == moves


def drop_files(widget, paths: list[Path]) -> bool:
    """Drag files from a file manager over ``widget`` and drop them; True if accepted."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    at = QPoint(widget.width() // 2, widget.height() // 2)
    action = Qt.DropAction.CopyAction
    enter = QDragEnterEvent(
        at, action, data, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier
    )
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    drop = QDropEvent(
        at, action, data, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, QEvent.Type.Drop
    )
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()


def test_a_saved_game_dropped_on_the_table_opens(qtbot, window, tmp_path):
    saved = tmp_path / "dropped.jgame"
    moves = saved_jantori(qtbot, saved)
    assert drop_files(window.view.viewport(), [saved])
    game = only_game(qtbot, window)
    assert [m.text for m in game.session.moves] == moves


def test_a_table_file_dropped_on_the_table_opens_and_other_files_are_refused(
    qtbot, window, tmp_path
):
    from vtt.rules.setups import load_setup
    from vtt.table.savefile import save_table

    other = load_setup("janken-sandbox").new_table(4)
    path = tmp_path / "sandbox.jtable"
    save_table(other, path)
    assert not drop_files(window.view.viewport(), [tmp_path / "notes.txt"])
    assert drop_files(window.view.viewport(), [path])
    assert len(window.session.table.seats) == 4 and window.session.path == path


def test_a_broken_saved_game_is_reported_by_name_not_as_json(qtbot, window, tmp_path):
    bad = tmp_path / "bad.jgame"
    bad.write_text("pack: jantori\nseats: [{name: A, kind: Wizard}]\nmoves: []\n", "utf-8")
    assert not window.open_path(bad)
    message = window.statusBar().currentMessage()
    assert "bad.jgame: seats[0]: unknown kind 'Wizard'" in message
    assert "JSON" not in message and window.game_windows == []
    for box in window.findChildren(QMessageBox):
        box.close()


def test_a_saved_game_names_its_pack_by_id_and_digest_never_by_path(tmp_path):
    folder = rulesets_dir() / "jantori"
    setup = GameSetup(str(folder), (SeatChoice("Ann"), SeatChoice("Ben")), {}, 3)
    text = saved_game_text(setup, ["place P at b3"])
    assert "pack: jantori\n" in text and f"pack_digest: {pack_digest(folder)}\n" in text
    assert str(folder) not in text
    path = tmp_path / "g.jgame"
    path.write_text(text, "utf-8")
    saved = load_saved_game(path)
    assert saved.setup.pack == "jantori" and saved.note == ""


def test_an_old_saved_game_with_a_path_from_another_machine_still_opens(qtbot, window, tmp_path):
    old = tmp_path / "old.jgame"
    old.write_text(
        "pack: /home/user/janken/rulesets/tic-tac-rock\noptions: {}\nplayers: 2\nseed: 4\n"
        "seats: [{name: Ann, kind: Human}, {name: Ben, kind: Human}]\nmoves: []\n",
        "utf-8",
    )
    assert load_saved_game(old).setup.pack == "tic-tac-rock"
    here = tmp_path / "here.jgame"  # and one whose path exists here: only its id is used
    here.write_text(old.read_text().replace("/home/user/janken/rulesets", str(rulesets_dir())))
    assert load_saved_game(here).setup.pack == "tic-tac-rock"
    assert window.open_path(old)
    game = only_game(qtbot, window)
    assert game.session.game.id == "tic-tac-rock" and game.session.names == ("Ann", "Ben")


def test_the_pack_is_found_by_id_wherever_it_is_installed(user_home, tmp_path):
    # A user's copy of JANTORI, in a folder of another name, with changed text.
    mine = user_home / "packs" / "my-jantori"
    shutil.copytree(rulesets_dir() / "jantori", mine)
    (mine / "pack.yaml").write_text("# my copy\n" + (mine / "pack.yaml").read_text("utf-8"))
    setup = GameSetup(str(mine), (SeatChoice("Ann"), SeatChoice("Ben")), {}, 3)
    path = tmp_path / "mine.jgame"
    path.write_text(saved_game_text(setup, []), "utf-8")
    saved = load_saved_game(path)
    assert Path(saved.setup.pack) == mine and saved.note == ""
    # The same file where the user's copy has changed again: the shipped pack, and a note.
    (mine / "pack.yaml").write_text("# changed\n" + (mine / "pack.yaml").read_text("utf-8"))
    changed = load_saved_game(path)
    assert changed.setup.pack == "jantori" and "has changed" in changed.note


def test_a_saved_game_whose_pack_is_not_installed_says_so(tmp_path):
    import pytest

    from vtt.ui.game.saved import SavedGameError

    path = tmp_path / "lost.jgame"
    path.write_text("pack: no-such-game\nseats: [{name: A}]\nmoves: []\n", "utf-8")
    with pytest.raises(SavedGameError, match=r"lost\.jgame: pack: no pack with the id 'no-such"):
        load_saved_game(path)
