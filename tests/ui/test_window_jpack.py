"""Sharing a pack from the window: a .jpack dropped on the table, or chosen in File >
Import pack..., is checked and installed (a refusal names the entry and the reason);
File > Export pack... writes one, in the table window and in the studio."""

from __future__ import annotations

import json
import threading
import zipfile
from pathlib import Path

import pytest

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.studio.jpack import MANIFEST, export_pack
from vtt.ui import dialogs
from vtt.ui.game.dialog import NewGameDialog, available_packs
from vtt.ui.qt import (
    QApplication,
    QDragEnterEvent,
    QDropEvent,
    QEvent,
    QFileDialog,
    QMimeData,
    QPoint,
    QProgressDialog,
    QPushButton,
    Qt,
    QTimer,
    QUrl,
)
from vtt.ui.studio.window import StudioWindow

PACK_ID = "my-jantori"


def pack_folder(where: Path) -> Path:
    """A copy of JANTORI with an id of its own."""
    folder = where / PACK_ID
    folder.mkdir(parents=True)
    text = (rulesets_dir() / "jantori" / "pack.yaml").read_text(encoding="utf-8")
    (folder / "pack.yaml").write_text(text.replace("id: jantori", f"id: {PACK_ID}", 1), "utf-8")
    return folder


@pytest.fixture
def shared(tmp_path: Path) -> Path:
    return export_pack(pack_folder(tmp_path / "src"), tmp_path / f"{PACK_ID}.jpack")


def drop_files(widget, paths: list[Path]) -> bool:
    """Drag files from a file manager over ``widget`` and drop them; True if accepted."""
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path)) for path in paths])
    at = QPoint(widget.width() // 2, widget.height() // 2)
    copy, none = Qt.DropAction.CopyAction, Qt.MouseButton.NoButton
    enter = QDragEnterEvent(at, copy, data, none, Qt.KeyboardModifier.NoModifier)
    QApplication.sendEvent(widget, enter)
    if not enter.isAccepted():
        return False
    kind = QEvent.Type.Drop
    drop = QDropEvent(at, copy, data, none, Qt.KeyboardModifier.NoModifier, kind)
    QApplication.sendEvent(widget, drop)
    return drop.isAccepted()


def answer(monkeypatch, *answers: bool) -> list[str]:
    """Answer the window's questions in turn; the questions asked."""
    asked: list[str] = []
    given = list(answers)
    monkeypatch.setattr(
        dialogs, "ask_yes_no", lambda _w, _title, text: asked.append(text) or given.pop(0)
    )
    return asked


def warnings_shown(monkeypatch) -> list[tuple[str, str]]:
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(dialogs, "warn", lambda _w, title, text: shown.append((title, text)))
    return shown


def menu_action(window, menu: str, text: str):
    found = next(a.menu() for a in window.menuBar().actions() if a.text() == menu)
    (action,) = [a for a in found.actions() if a.text() == text]
    return action


def test_a_jpack_dropped_on_the_table_is_installed_and_offered_as_a_game(
    window, shared, monkeypatch
):
    asked = answer(monkeypatch, True)
    offered: list[str] = []

    def run(dialog: NewGameDialog) -> int:
        offered.append(dialog.packs[dialog.pack_list.currentRow()].folder.name)
        return NewGameDialog.DialogCode.Rejected

    monkeypatch.setattr(NewGameDialog, "exec", run)
    table = window.session.table
    assert drop_files(window.view.viewport(), [shared])
    folder = user_packs_dir() / PACK_ID
    (question,) = asked
    assert f"Installed JANTORI in {folder}" in question and "Start a game of it" in question
    assert offered == [PACK_ID]  # Game > New game..., the pack chosen
    assert folder in [entry.folder for entry in available_packs()]
    assert window.session.table is table  # the table stays as it was


def test_a_hostile_jpack_dropped_is_refused_naming_the_entry(window, tmp_path, monkeypatch):
    shown = warnings_shown(monkeypatch)
    hostile = tmp_path / "slip.jpack"
    with zipfile.ZipFile(hostile, "w") as archive:
        archive.writestr("pack.yaml", "id: x\n")
        archive.writestr("../../evil.yaml", "x")
    assert drop_files(window.view.viewport(), [hostile])
    (refused,) = shown
    assert refused[0] == "Cannot install the pack"
    assert "slip.jpack: ../../evil.yaml: '..' in its path" in refused[1]
    assert "Nothing was installed" in refused[1]
    assert not user_packs_dir().exists() and not (tmp_path.parent / "evil.yaml").exists()


def test_file_import_pack_asks_before_replacing_an_installed_pack(window, shared, monkeypatch):
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(shared), ""))
    action = menu_action(window, "&File", "&Import pack…")
    asked = answer(monkeypatch, False)
    action.trigger()
    folder = user_packs_dir() / PACK_ID
    assert (folder / "pack.yaml").is_file() and len(asked) == 1
    (folder / "pack.yaml").write_text("id: mine\n", encoding="utf-8")
    asked = answer(monkeypatch, False)  # keep mine
    action.trigger()
    assert "holds a pack of this id already" in asked[0]
    assert (folder / "pack.yaml").read_text(encoding="utf-8") == "id: mine\n"
    assert "Nothing installed" in window.statusBar().currentMessage()
    asked = answer(monkeypatch, True, False)  # replace it; no game now
    action.trigger()
    assert len(asked) == 2 and "id: my-jantori" in (folder / "pack.yaml").read_text("utf-8")


def test_file_export_pack_writes_a_jpack(window, tmp_path, monkeypatch):
    folder = pack_folder(tmp_path)
    written = tmp_path / "out" / "shared.jpack"
    written.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a: str(folder))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(written), ""))
    menu_action(window, "&File", "E&xport pack…").trigger()
    with zipfile.ZipFile(written) as archive:
        assert json.loads(archive.read(MANIFEST))["id"] == PACK_ID
        assert f"{PACK_ID}/pack.yaml" in archive.namelist()
    assert str(written) in window.statusBar().currentMessage()


def test_the_studio_exports_the_pack_it_edits(qtbot, tmp_path, monkeypatch):
    folder = pack_folder(user_packs_dir())
    window = StudioWindow(folder)
    qtbot.addWidget(window)
    written = tmp_path / "studio.jpack"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(written), ""))
    menu_action(window, "&File", "E&xport pack...").trigger()
    with zipfile.ZipFile(written) as archive:
        assert f"{PACK_ID}/pack.yaml" in archive.namelist()
    window.close()


def test_cancelling_the_check_installs_nothing(qtbot, window, shared, monkeypatch):
    from vtt.studio import jpack

    release = threading.Event()
    checking = jpack.validate_pack

    def slow(path):
        release.wait(60)  # the pack's check takes its time, until the test says
        return checking(path)

    monkeypatch.setattr(jpack, "validate_pack", slow)
    clicked: list[str] = []

    def cancel() -> None:
        shown = [w for w in QApplication.topLevelWidgets() if isinstance(w, QProgressDialog)]
        visible = [dialog for dialog in shown if dialog.isVisible()]
        if visible and not clicked:
            clicked.append(visible[0].labelText())
            button = visible[0].findChild(QPushButton)
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)

    timer = QTimer()
    timer.timeout.connect(cancel)
    timer.start(50)
    assert drop_files(window.view.viewport(), [shared])
    timer.stop()
    assert clicked == [f"Checking {shared.name}…"]
    assert window.statusBar().currentMessage() == f"Cancelled: nothing installed from {shared.name}"
    release.set()  # the abandoned check ends on its own thread, installing nothing
    qtbot.waitUntil(lambda: not any(t.name == "progress" for t in threading.enumerate()))
    assert not (user_packs_dir() / PACK_ID).exists()
