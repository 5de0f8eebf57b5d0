"""Files: save and open, a bad file, recent files, autosave and restoring it after a crash."""

from __future__ import annotations

import pytest
from conftest import copy_table, make_window

from vtt.rules.setups import load_setup
from vtt.ui import dialogs
from vtt.ui.qt import QApplication, QMessageBox


def test_a_bad_file_is_reported_and_the_table_kept(window, tmp_path):
    broken = tmp_path / "broken.jtable"
    broken.write_text('{"format": "janken-table", "version": 1, "seats": [', "utf-8")
    before = window.session.table
    assert not window.open_path(broken)
    assert window.session.table is before
    message = window.statusBar().currentMessage()
    assert "broken.jtable" in message and "line 1" in message
    boxes = [b for b in window.findChildren(QMessageBox) if b.isVisible()]
    assert boxes and "broken JSON" in boxes[0].text()
    boxes[0].close()


def test_save_marks_the_title_and_remembers_the_file(window, tmp_path):
    window.session.table.flip("joker-1")
    assert window.isWindowModified()
    path = tmp_path / "mine.jtable"
    assert window.save_to(path)
    assert not window.isWindowModified()
    assert window.windowTitle().startswith("mine.jtable")
    assert window.recent.paths() == [path.resolve()]
    window.session.table.flip("joker-1")
    assert window.isWindowModified()


def test_autosave_is_written_after_a_change_and_offered_after_a_crash(qtbot, monkeypatch):
    first = make_window(qtbot)
    first.session.table.flip("joker-2")
    qtbot.waitUntil(first.autosave.exists)
    crashed = copy_table(first.session.table)

    # a second start finds the autosave: the user says yes and gets the table back
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda *args: True)
    second = make_window(qtbot, "janken-sandbox", 2)
    assert second.offer_restore()
    assert second.session.table == crashed
    assert second.session.table.objects["joker-2"].face_up is False


def test_changes_made_faster_than_the_autosave_waits_are_all_kept_but_the_last(window):
    """However fast changes come (here with no time passing at all), the autosave never
    lacks more than the last one once the window has drawn it (the event loop turns
    once: the change waiting is written after the drawing, never inside the update)."""
    table = window.session.table
    for count in range(1, 7):
        table.move({"joker-2": (10.0 * count, 0.0)})
        QApplication.processEvents()
        if count > 1:
            assert window.autosave.load().objects["joker-2"].x >= 10.0 * (count - 1)


def test_declining_the_restore_discards_the_autosave(qtbot, monkeypatch):
    first = make_window(qtbot)
    first.session.table.flip("joker-2")
    first.write_autosave()
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda *args: False)
    second = make_window(qtbot)
    assert not second.offer_restore()
    assert not second.autosave.exists()


def test_a_clean_exit_discards_the_autosave(window):
    window.session.table.flip("joker-2")
    window.write_autosave()
    assert window.autosave.exists()
    window.close()
    assert not window.autosave.exists()


def test_new_table_from_a_setup_replaces_the_table(window):
    setup = load_setup("janken-sandbox")
    assert window.start_table(setup, 5)
    table = window.session.table
    assert len(table.seats) == 5
    assert "pip-die" in window.view.table_scene.pieces
    assert len(window.seat_bar.chips) == 5
    assert not window.start_table(setup, 9)
    assert window.session.table is table


def test_closing_a_changed_table_asks_to_save(window, monkeypatch, tmp_path):
    asked: list[str] = []
    window.session.table.flip("joker-1")
    monkeypatch.setattr(
        dialogs, "ask_save_changes", lambda _w, name: asked.append(name) or "cancel"
    )
    assert not window.close()
    assert window.isVisible() and asked == ["this table"]
    path = tmp_path / "kept.jtable"
    window.session.path = path
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda _w, name: "save")
    assert window.close()
    assert path.exists() and not window.autosave.exists()


def test_the_new_table_dialog_offers_both_setups_and_names_the_seats(window):
    dialog = dialogs.NewTableDialog(window.setups, None, window)
    names = [dialog.choice.itemText(i) for i in range(dialog.choice.count())]
    assert {"Janken Deck Games", "Janken Sandbox"} <= set(names)
    dialog.choice.setCurrentIndex(names.index("Janken Sandbox"))
    assert dialog.count.value() == 4 and dialog.count.maximum() == 8
    dialog.count.setValue(2)
    dialog.names[1].setText("Bo")
    assert [s.name for s in dialog.seats()] == ["Ann", "Bo"]
    assert dialog.setup().id == "janken-sandbox"


def test_an_unreadable_autosave_is_reported_kept_and_not_offered_again(qtbot, monkeypatch):
    first = make_window(qtbot)
    first.autosave.path.parent.mkdir(parents=True, exist_ok=True)
    first.autosave.path.write_text("{ half a file", "utf-8")
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda *args: True)
    second = make_window(qtbot)
    assert not second.offer_restore()
    assert "It was kept as" in second.statusBar().currentMessage()
    for box in second.findChildren(QMessageBox):
        box.close()
    kept = list(second.autosave.path.parent.glob("autosave-unreadable-*.jtable"))
    assert len(kept) == 1 and kept[0].read_text("utf-8") == "{ half a file"
    assert not second.offer_restore()  # not offered again


@pytest.mark.parametrize(
    ("change", "missing"),
    [
        ({"face": "ZZ"}, "cards/ZZ"),
        ({"back": "nothing"}, "cards/nothing"),
    ],
)
def test_a_table_whose_cards_have_no_art_is_refused_and_the_table_kept(
    window, tmp_path, change, missing
):
    import json

    from vtt.table.savefile import save_table

    path = tmp_path / "odd.jtable"
    save_table(window.session.table, path)
    data = json.loads(path.read_text())
    card = next(o for o in data["objects"] if o["kind"] == "card" and o.get("parent") is None)
    card.update(change)
    path.write_text(json.dumps(data))
    before = window.session.table
    assert not window.open_path(path)
    assert window.session.table is before
    message = window.statusBar().currentMessage()
    assert str(path) in message and f"has no art {missing!r}" in message
    for box in window.findChildren(QMessageBox):
        box.close()


@pytest.mark.parametrize(
    ("change", "missing"),
    [
        ({"face": "ZZ"}, "cards/ZZ"),
        ({"back": "nothing"}, "cards/nothing"),
        ({"face": "QL", "back": "nothing-either"}, "cards/nothing-either"),
    ],
)
def test_an_autosave_whose_cards_have_no_art_is_kept_aside_not_restored(
    qtbot, monkeypatch, change, missing
):
    import json

    first = make_window(qtbot)
    first.write_autosave()
    data = json.loads(first.autosave.path.read_text("utf-8"))
    card = next(o for o in data["objects"] if o["kind"] == "card" and o.get("parent") is None)
    card.update(change)
    first.autosave.path.write_text(json.dumps(data), "utf-8")
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda *args: True)
    second = make_window(qtbot)
    before = second.session.table
    assert not second.offer_restore()
    assert second.session.table is before
    message = second.statusBar().currentMessage()
    assert f"has no art {missing!r}" in message and "It was kept as" in message
    for box in second.findChildren(QMessageBox):
        box.close()
    assert not second.offer_restore()  # set aside: not offered again


def answer_save_changes(monkeypatch, answer: str) -> list[str]:
    """Answer every "Save changes?" question with ``answer``; the names asked about."""
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda _w, name: asked.append(name) or answer)
    return asked


def test_opening_a_table_over_a_changed_one_asks_to_save_it_first(window, monkeypatch, tmp_path):
    other = tmp_path / "other.jtable"
    assert window.save_to(other)
    window.session.path = None
    window.session.table.flip("joker-1")
    changed = window.session.table
    asked = answer_save_changes(monkeypatch, "cancel")
    assert not window.open_path(other)
    assert asked == ["this table"] and window.session.table is changed
    asked = answer_save_changes(monkeypatch, "discard")
    assert window.open_path(other)
    assert asked == ["this table"] and window.session.table.objects["joker-1"].face_up


def test_a_new_table_over_a_changed_one_asks_to_save_it_first(window, monkeypatch):
    from vtt.ui.qt import QApplication, QTimer

    def lay_out_sandbox() -> None:
        QTimer.singleShot(0, lambda: QApplication.activeModalWidget().accept())
        window.ask_new_table(load_setup("janken-sandbox"))

    window.session.table.flip("joker-1")
    changed = window.session.table
    asked = answer_save_changes(monkeypatch, "cancel")
    lay_out_sandbox()
    assert asked == ["this table"] and window.session.table is changed
    asked = answer_save_changes(monkeypatch, "discard")
    lay_out_sandbox()
    assert asked == ["this table"] and "pip-die" in window.session.table.objects
    # A table just laid out has nothing to lose: the next one replaces it unasked.
    assert not window.isWindowModified()
    asked = answer_save_changes(monkeypatch, "cancel")
    lay_out_sandbox()
    assert asked == [] and "pip-die" in window.session.table.objects


def test_a_reopened_table_shuffles_anew(window, tmp_path, monkeypatch):
    """The file keeps the table's seed: opened again, the table shuffled as it did after
    the save, so a table saved before a deal dealt the same cards every time it was opened."""
    from test_window_first_hour import shuffled_top

    path = tmp_path / "before-the-deal.jtable"
    assert window.save_to(path)
    first = shuffled_top(window)
    answer_save_changes(monkeypatch, "discard")
    assert window.open_path(path)
    assert not window.session.table.hand(0).contents
    assert shuffled_top(window) != first
