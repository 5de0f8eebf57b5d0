"""The pack editor in the studio window, driven by real key and mouse events: errors
underlined where they are as you type, their tooltip and the problems list, folding,
find and replace, saving without overwriting, and a slow check never holding the window."""

from __future__ import annotations

import shutil
import threading

import pytest
from gestures import CTRL, LEFT, NONE, send_mouse

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.ui import dialogs
from vtt.ui.qt import (
    QApplication,
    QEvent,
    QHelpEvent,
    Qt,
    QTextCharFormat,
    QTextCursor,
    QToolTip,
)
from vtt.ui.studio import checker as checker_module
from vtt.ui.studio.window import StudioWindow

SHIFT = Qt.KeyboardModifier.ShiftModifier
WAR = rulesets_dir() / "war" / "pack.yaml"
#: The line of war's pack.yaml with the draw move's "from: pool".
DRAW_LINE = 181


def open_window(qtbot, path=WAR, text=None) -> StudioWindow:
    window = StudioWindow(path, text)
    qtbot.addWidget(window)
    window.resize(1366, 740)
    window.show()
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.last is not None and not window.checker.busy)
    return window


def typed_checked(qtbot, window: StudioWindow, keys: str = "", key=None, mods=NONE):
    """Type into the editor and wait for the check of the new text."""
    with qtbot.waitSignal(window.checked) as signal:
        if keys:
            qtbot.keyClicks(window.editor, keys)
        if key is not None:
            qtbot.keyClick(window.editor, key, mods)
    qtbot.waitUntil(lambda: not window.checker.busy)
    return signal.args[0]


def wavy(window: StudioWindow) -> list[tuple[int, int]]:
    """The (start, end) of each wavy underline drawn in the editor."""
    return [
        (mark.cursor.selectionStart(), mark.cursor.selectionEnd())
        for mark in window.editor.extraSelections()
        if mark.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
    ]


def test_typing_an_error_underlines_it_lists_it_and_fixing_it_clears_it(qtbot) -> None:
    window = open_window(qtbot)
    assert window.last.ok and wavy(window) == [] and window.count.text() == "No problems"
    editor = window.editor
    line = editor.document().findBlockByNumber(DRAW_LINE - 1)
    column = line.text().index("from: pool") + len("from: pool")
    editor.go_to(DRAW_LINE, column + 1)
    checked = typed_checked(qtbot, window, "x")
    assert [(d.line, d.column) for d in checked.diagnostics] == [(DRAW_LINE, column - 3)]
    assert "unknown zone 'poolx'" in checked.diagnostics[0].message
    start = line.position() + column - 4
    assert wavy(window) == [(start, start + 5)]
    assert window.count.text() == "1 problem"

    # Hovering the underline shows the message.
    viewport = editor.viewport()
    probe = QTextCursor(editor.document())
    probe.setPosition(start + 2)
    point = editor.cursorRect(probe).center()
    QApplication.sendEvent(
        viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point))
    )
    assert "unknown zone 'poolx'" in QToolTip.text()
    QToolTip.hideText()

    # The problems list shows it; a click on it puts the cursor there.
    editor.go_to(1, 1)
    assert window.problems.count() == 1
    item = window.problems.item(0)
    assert f"line {DRAW_LINE}, column {column - 3}" in item.text()
    send_mouse(
        window.problems.viewport(),
        QEvent.Type.MouseButtonPress,
        window.problems.visualItemRect(item).center(),
    )
    send_mouse(
        window.problems.viewport(),
        QEvent.Type.MouseButtonRelease,
        window.problems.visualItemRect(item).center(),
        LEFT,
        Qt.MouseButton.NoButton,
    )
    assert editor.line_and_column() == (DRAW_LINE, column - 3)

    # Fixing it clears the underline, the list and the count.
    editor.go_to(DRAW_LINE, column + 2)
    checked = typed_checked(qtbot, window, key=Qt.Key.Key_Backspace)
    assert checked.ok and wavy(window) == [] and window.problems.count() == 0
    assert window.count.text() == "No problems"
    assert editor.text() == WAR.read_text(encoding="utf-8")


def fold_marker(editor, line: int):
    """The gutter pixel of a section's fold marker."""
    block = editor.document().findBlockByNumber(line - 1)
    box = editor.blockBoundingGeometry(block).translated(editor.contentOffset())
    return editor.gutter.rect().right() - 6, int(box.center().y())


def test_a_click_on_a_sections_marker_folds_it_and_the_keys_unfold_and_fold_all(qtbot) -> None:
    from vtt.ui.qt import QPoint

    window = open_window(qtbot)
    editor = window.editor
    zones = next(s for s in editor.sections() if s.key == "zones")
    editor.go_to(zones.first, 1)
    x, y = fold_marker(editor, zones.first)
    send_mouse(editor.gutter, QEvent.Type.MouseButtonPress, QPoint(x, y))
    hidden = [
        n + 1
        for n in range(editor.blockCount())
        if not editor.document().findBlockByNumber(n).isVisible()
    ]
    assert hidden == list(range(zones.first + 1, zones.last + 1))
    assert editor.folded() == {"zones"}
    qtbot.keyClick(editor, Qt.Key.Key_BracketRight, CTRL | SHIFT)
    assert editor.folded() == set()
    assert all(
        editor.document().findBlockByNumber(n).isVisible() for n in range(editor.blockCount())
    )
    qtbot.keyClick(editor, Qt.Key.Key_BracketLeft, CTRL | Qt.KeyboardModifier.AltModifier)
    assert editor.folded() == {s.key for s in editor.sections() if s.foldable}
    # Going to a folded line (from the outline, the problems, a search) unfolds it.
    moves = next(s for s in editor.sections() if s.key == "moves")
    editor.go_to(moves.last, 1)
    assert "moves" not in editor.folded() and "zones" in editor.folded()
    assert editor.textCursor().block().isVisible()
    assert not editor.dirty  # folding is no edit


def test_find_next_previous_and_replace_all_as_one_undo(qtbot) -> None:
    window = open_window(qtbot)
    editor = window.editor
    original = editor.text()
    editor.go_to(1, 1)
    qtbot.keyClick(editor, Qt.Key.Key_F, CTRL)
    bar = window.find_bar
    assert bar.isVisible() and not bar.replace.isVisible()
    qtbot.keyClicks(bar.find, "spoils")
    first = editor.textCursor().selectionStart()
    assert editor.textCursor().selectedText() == "spoils"
    assert first == original.index("spoils")
    qtbot.keyClick(bar.find, Qt.Key.Key_Return)
    assert editor.textCursor().selectionStart() == original.index("spoils", first + 1)
    qtbot.keyClick(bar.find, Qt.Key.Key_Return, SHIFT)
    assert editor.textCursor().selectionStart() == first
    qtbot.keyClick(bar.find, Qt.Key.Key_Escape)
    assert not bar.isVisible()

    qtbot.keyClick(editor, Qt.Key.Key_H, CTRL)
    assert bar.replace.isVisible()
    bar.find.clear()
    qtbot.keyClicks(bar.find, "spoils")
    qtbot.keyClicks(bar.replace, "loot")
    qtbot.mouseClick(bar.all_button, Qt.MouseButton.LeftButton)
    count = original.count("spoils")
    assert bar.status.text() == f"{count} replaced"
    assert editor.text() == original.replace("spoils", "loot") and editor.dirty
    qtbot.keyClick(editor, Qt.Key.Key_Z, CTRL)
    assert editor.text() == original


def test_a_shipped_pack_is_saved_as_a_copy_and_no_file_is_overwritten_unasked(
    qtbot, monkeypatch, tmp_path
) -> None:
    window = open_window(qtbot)
    editor = window.editor
    before = WAR.read_text(encoding="utf-8")
    editor.go_to(4, 1)
    qtbot.keyClicks(editor, "# mine")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    assert editor.dirty and window.isWindowModified()
    qtbot.keyClick(editor, Qt.Key.Key_S, CTRL)
    copy = user_packs_dir() / "war" / "pack.yaml"
    assert WAR.read_text(encoding="utf-8") == before  # the shipped pack is untouched
    assert copy.read_text(encoding="utf-8") == editor.text() and "# mine" in editor.text()
    assert (copy.parent / "README.md").read_text(encoding="utf-8") == (
        WAR.parent / "README.md"
    ).read_text(encoding="utf-8")
    assert editor.path == copy and not editor.dirty and not window.isWindowModified()
    assert "Saved your copy" in window.statusBar().currentMessage()

    # Save as over another file asks first; "no" leaves it as it was.
    other = tmp_path / "other.yaml"
    other.write_text("id: other\n", encoding="utf-8")
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda _w, _title, text: asked.append(text) or False)
    assert not editor.save_as(other)
    assert other.read_text(encoding="utf-8") == "id: other\n" and len(asked) == 1
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda _w, _title, text: asked.append(text) or True)
    assert editor.save_as(other)
    assert (
        other.read_text(encoding="utf-8") == editor.text()
        and editor.path == other
        and len(asked) == 2
    )

    # Saving a shipped pack again when the copy exists asks before replacing the copy.
    window2 = open_window(qtbot)
    qtbot.keyClicks(window2.editor, "# again")
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda _w, _title, text: asked.append(text) or False)
    assert not window2.editor.save() and "# again" not in copy.read_text(encoding="utf-8")
    assert len(asked) == 3 and str(copy) in asked[-1]


def test_closing_a_changed_pack_asks_and_a_pack_with_errors_can_be_saved(
    qtbot, monkeypatch, tmp_path
) -> None:
    path = tmp_path / "mine" / "pack.yaml"
    path.parent.mkdir()
    shutil.copy(WAR, path)
    window = open_window(qtbot, path)
    checked = typed_checked(qtbot, window, "zones: [")
    assert checked.diagnostics
    answers: list[str] = []
    monkeypatch.setattr(
        dialogs, "ask_save_changes", lambda _w, name: answers.append(name) or "cancel"
    )
    window.close()
    assert window.isVisible() and answers == ["mine/pack.yaml"]
    monkeypatch.setattr(
        dialogs, "ask_save_changes", lambda _w, name: answers.append(name) or "save"
    )
    window.close()
    assert not window.isVisible()
    assert path.read_text(encoding="utf-8").startswith("zones: [")


def test_a_slow_check_gives_way_to_the_newer_text(qtbot, monkeypatch) -> None:
    """A text whose check never ends (standing for a hostile one) is abandoned once a
    newer text waits, and the newer text's problems are shown."""
    real = checker_module.check_pack_text
    started = threading.Event()

    def check(text: str, file: str):
        if text.startswith("slow"):
            started.set()
            while True:  # pure Python: the worker thread can be interrupted here
                pass
        return real(text, file)

    monkeypatch.setattr(checker_module, "check_pack_text", check)
    window = open_window(qtbot, None, "id: first\n")
    editor = window.editor
    editor.go_to(1, 1)
    qtbot.keyClicks(editor, "slow: 1")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(started.is_set)
    editor.go_to(1, 1)
    with qtbot.waitSignal(window.checked) as signal:
        qtbot.keyClicks(editor, "no: [")  # the text starts "no: [slow: 1": a quick check
    assert signal.args[0].diagnostics
    assert signal.args[0] is window.last
    assert window.count.text() != "Checking..."


def test_completing_a_key_inserts_valid_yaml_and_hovering_a_key_shows_its_help(qtbot) -> None:
    window = open_window(qtbot)
    editor = window.editor
    draw = next(
        n
        for n in range(editor.blockCount())
        if editor.document().findBlockByNumber(n).text() == "  draw:"
    )
    editor.go_to(draw + 1, 8)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "lab")  # the list opens by itself on a word's letters
    popup = editor.assistant.completer.popup()
    assert popup.isVisible()
    assert editor.assistant.offered[0].label == "label"
    with qtbot.waitSignal(window.checked):
        qtbot.keyClick(popup, Qt.Key.Key_Return)
        qtbot.keyClicks(editor, "Draw a card")
    assert not popup.isVisible()
    assert editor.document().findBlockByNumber(draw + 1).text() == "    label: Draw a card"
    qtbot.waitUntil(lambda: not window.checker.busy)
    assert window.last.ok, window.last.diagnostics

    # Ctrl+Space offers what fits at the cursor (the move's other keys); Esc closes it.
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClick(editor, Qt.Key.Key_Space, CTRL)
    assert popup.isVisible()
    offered = {item.label for item in editor.assistant.offered}
    assert "when" in offered and "label" not in offered
    qtbot.keyClick(popup, Qt.Key.Key_Escape)
    assert not popup.isVisible()

    # Hovering a key shows what it means.
    line = editor.document().findBlockByNumber(draw + 1)
    probe = QTextCursor(line)
    probe.setPosition(line.position() + 6)
    point = editor.cursorRect(probe).center()
    viewport = editor.viewport()
    QApplication.sendEvent(
        viewport, QHelpEvent(QEvent.Type.ToolTip, point, viewport.mapToGlobal(point))
    )
    assert "<b>label</b>" in QToolTip.text()
    QToolTip.hideText()


def test_every_pack_editor_key_of_the_shortcut_table_has_an_action(qtbot) -> None:
    from vtt.ui.shortcuts import EDITOR_SHORTCUTS

    window = open_window(qtbot, None, "id: x\n")
    actions = [a for menu in window.menuBar().actions() for a in menu.menu().actions()]
    bound = {seq.toString() for action in actions for seq in action.shortcuts()}
    for shortcut in EDITOR_SHORTCUTS:
        if shortcut.command:
            assert set(shortcut.keys) <= bound, shortcut.command
    assert window.menu("&Game") is window.menu("Game")  # made once, for the playground
    assert [action.text() for action in window.menuBar().actions()] == ["&File", "&Edit", "&Game"]


def test_the_checker_is_busy_until_the_result_reaches_the_ui_thread(qtbot) -> None:
    import time

    window = open_window(qtbot, None, "id: x\n")
    checker = window.checker
    checker.check_now("id: y\nname: [\n")
    end = time.monotonic() + 60
    while (checker._job is not None or checker._running is not None) and time.monotonic() < end:
        time.sleep(0.01)  # the worker is done; its result waits in the UI thread's queue
    assert checker.busy
    qtbot.waitUntil(lambda: not checker.busy)
    assert "not valid YAML" in window.last.diagnostics[0].message


@pytest.mark.parametrize(
    "text",
    [
        "x: " + "y" * 300_000 + "\n",  # one huge line: left plain, checked, drawn
        "\x00\x01\x7f\ufffd binary [[{{ :: \t\t- ? ! & *\n" * 50,
        "a:\n" + "".join("  " * n + f"k{n}:\n" for n in range(120)),
    ],
    ids=["huge-line", "binary", "deep"],
)
def test_a_hostile_text_gets_problems_and_the_window_keeps_answering(qtbot, text) -> None:
    window = open_window(qtbot, None, "id: x\n")
    with qtbot.waitSignal(window.checked) as signal:
        window.editor.setPlainText(text)
    assert signal.args[0].diagnostics
    qtbot.waitUntil(lambda: not window.checker.busy)
    assert window.problems.count() == len(window.last.diagnostics) > 0
    window.editor.go_to(1, 1)
    qtbot.keyClicks(window.editor, "id: ")  # typing still works
    assert window.editor.text().startswith("id: ")
    window.grab()  # and it draws


#: A small game whose var 'tally' is set but never read: one warning on its meaning.
TALLY = """\
format: 1
id: shed
name: Shed
players: {min: 2, max: 3}
components:
  deck: {cards: "cards('AR 2R 3R AP 2P 3P AS 2S 3S')", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
  pile: {}
vars:
  tally: {initial: 0, visibility: nobody}
setup:
  - shuffle: pool
  - deal: {from: pool, to: hand, count: 3}
flow:
  start: play
  phases:
    play: {turn: single, moves: [play]}
moves:
  play:
    text: "play {card}"
    args: {card: {type: card, from: "hand[me]"}}
    effects:
      - move: {what: card, from: "hand[me]", to: pile}
      - add: {tally: 1}
end:
  - check: "any(len(hand[p]) == 0 for p in seats)"
    winners: "[p for p in seats if len(hand[p]) == 0]"
    reason: a hand is empty
"""


def test_a_warning_on_meaning_is_underlined_in_yellow_listed_and_counted(qtbot) -> None:
    from vtt.ui.studio.editor import WARNING

    window = StudioWindow(None, TALLY)
    qtbot.addWidget(window)
    window.show()
    with qtbot.waitSignal(window.checker.warned) as signal:
        pass
    (warning,) = signal.args[0]
    assert warning.severity == "warning" and "tally" in warning.message
    assert warning.line == TALLY.splitlines().index("  tally: {initial: 0, visibility: nobody}") + 1
    marks = [
        mark
        for mark in window.editor.extraSelections()
        if mark.format.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
    ]
    assert [mark.format.underlineColor().name() for mark in marks] == [WARNING.lower()]
    assert window.problems.item(0).text().startswith("\u26a0 line")
    assert window.count.text() == "1 warning"
    position = marks[0].cursor.selectionStart()
    assert window.editor.tooltip_at(position).startswith("<p><b>Warning:</b>")


def test_the_outline_lists_the_five_headings_and_a_click_jumps_there(qtbot) -> None:
    window = open_window(qtbot)
    tree = window.outline
    headings = [tree.topLevelItem(n).text(0) for n in range(tree.topLevelItemCount())]
    assert headings == ["The Object", "The Deck", "The Deal", "The Play", "The End"]
    play = tree.topLevelItem(3)
    groups = {play.child(n).text(0): play.child(n) for n in range(play.childCount())}
    assert set(groups) == {"phases", "moves"}
    moves = groups["moves"]
    draw = next(
        moves.child(n) for n in range(moves.childCount()) if moves.child(n).text(0) == "draw"
    )
    window.editor.fold_all()
    point = tree.visualItemRect(draw).center()
    send_mouse(tree.viewport(), QEvent.Type.MouseButtonPress, point)
    send_mouse(
        tree.viewport(), QEvent.Type.MouseButtonRelease, point, LEFT, Qt.MouseButton.NoButton
    )
    line, column = window.editor.line_and_column()
    assert window.editor.document().findBlockByNumber(line - 1).text() == "  draw:"
    assert column == 1 and window.editor.textCursor().block().isVisible()


def test_save_as_offers_the_users_packs_for_a_shipped_pack_and_open_shows_another(
    qtbot, monkeypatch, tmp_path
) -> None:
    from vtt.ui.studio import window as window_module

    window = open_window(qtbot)
    offered = []
    monkeypatch.setattr(
        window_module, "ask_save_path", lambda _w, start: offered.append(start) or None
    )
    qtbot.keyClick(window.editor, Qt.Key.Key_S, CTRL | SHIFT)
    assert offered == [user_packs_dir() / "war" / "pack.yaml"]
    other = tmp_path / "mine" / "pack.yaml"
    other.parent.mkdir()
    other.write_text("id: mine\nzones: [\n", encoding="utf-8")
    with qtbot.waitSignal(window.checked) as signal:
        window.open_path(other.parent)
    assert window.editor.text() == "id: mine\nzones: [\n" and not window.editor.dirty
    assert window.editor.path == other and "mine/pack.yaml" in window.windowTitle()
    assert signal.args[0].diagnostics
