"""Completing a step in the pack editor leaves the cursor where its skeleton says
(``Completion.caret``), so the designer types on without moving it."""

from __future__ import annotations

from gestures import CTRL

from vtt.studio.newgame import templates_dir
from vtt.ui.qt import Qt
from vtt.ui.studio.window import StudioWindow


def test_completing_an_if_step_puts_the_cursor_after_if(qtbot) -> None:
    text = (templates_dir() / "shedding" / "pack.yaml").read_text(encoding="utf-8")
    window = StudioWindow(None, text)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    editor = window.editor
    lines = text.split("\n")
    move = lines.index('      - move: {what: card, from: "hand[me]", to: discard}') + 1
    editor.go_to(move, len(lines[move - 1]) + 1)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.keyClick(editor, Qt.Key.Key_Space, CTRL)
    popup = editor.assistant.completer.popup()
    assert popup.isVisible()
    row = [item.label for item in editor.assistant.offered].index("if")
    for _ in range(row):
        qtbot.keyClick(popup, Qt.Key.Key_Down)
    qtbot.keyClick(popup, Qt.Key.Key_Return)
    qtbot.keyClicks(editor, "card.rank == King")
    written = editor.toPlainText().split("\n")
    assert written[move : move + 3] == [
        "      - if: card.rank == King",
        "        then:",
        "          - ",
    ]
