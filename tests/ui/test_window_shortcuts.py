"""One shortcut table feeds the keys, the menus, the Help window and docs/shortcuts.md."""

from __future__ import annotations

from pathlib import Path

import gestures

from vtt.ui.commands import APPLIES
from vtt.ui.qt import QFontMetrics, Qt
from vtt.ui.shortcuts import SHORTCUTS, by_command, key_commands, markdown

DOC = Path(__file__).resolve().parents[2] / "docs" / "shortcuts.md"


def test_docs_shortcuts_md_is_generated_from_the_table():
    assert DOC.read_text("utf-8") == markdown(), (
        "docs/shortcuts.md is stale: python -m vtt.ui.shortcuts > docs/shortcuts.md"
    )


def test_the_help_window_lists_every_shortcut(window):
    window.show_shortcuts()
    grid = window.shortcuts_window.grid
    assert grid.rowCount() == len(SHORTCUTS)
    keys = {grid.item(row, 1).text() for row in range(grid.rowCount())}
    assert "F" in keys and "Ctrl+Z" in keys and "Shift+drop" in keys


def test_no_key_means_two_things_and_every_piece_key_has_a_command():
    seen: dict[str, str] = {}
    for shortcut in SHORTCUTS:
        if not shortcut.command:
            continue
        for key in shortcut.keys:
            assert key not in seen, f"{key} is both {seen[key]} and {shortcut.command}"
            seen[key] = shortcut.command
    piece_commands = {c for c in key_commands().values() if by_command()[c].group == "Pieces"}
    assert piece_commands - {"magnify", "paste"} <= set(APPLIES)


def test_every_window_command_has_an_action(window):
    bound = {seq.toString() for action in window.actions() for seq in action.shortcuts()}
    for shortcut in SHORTCUTS:
        if shortcut.group in ("Table", "View", "File"):
            assert set(shortcut.keys) <= bound, shortcut.command


def test_the_help_window_shows_every_description_whole_at_its_first_size(qtbot, window):
    """No text is cut off or elided: a long description wraps onto more lines."""
    gestures.key(window.view, Qt.Key.Key_F1)
    help_window = window.shortcuts_window
    qtbot.waitExposed(help_window)
    grid = help_window.grid
    metrics = QFontMetrics(grid.font())
    room = grid.viewport().width()
    for row in range(grid.rowCount()):
        for column in range(grid.columnCount()):
            item = grid.item(row, column)
            cell = grid.visualItemRect(item).adjusted(4, 1, -4, -1)  # the cell's text margins
            flags = int(Qt.AlignmentFlag.AlignLeft) | int(Qt.TextFlag.TextWordWrap)
            needed = metrics.boundingRect(cell, flags, item.text())
            assert needed.width() <= cell.width() and needed.height() <= cell.height(), (
                f"{item.text()!r} needs {needed.size()}, has {cell.size()}"
            )
            assert cell.right() <= room, f"{item.text()!r} lies beyond the window's edge"
