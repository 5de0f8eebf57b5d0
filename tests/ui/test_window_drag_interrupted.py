"""A command that changes the table in the middle of a drag never breaks the drop."""

from __future__ import annotations

import pytest
from gestures import LEFT, send_mouse, view_point

from vtt.ui.qt import QEvent, Qt


def press_and_move(view, start, end):
    """Press on ``start`` and move towards ``end`` without releasing; returns the end point."""
    port = view.viewport()
    a, b = view_point(view, start), view_point(view, end)
    send_mouse(port, QEvent.Type.MouseButtonPress, a)
    for n in range(1, 6):
        send_mouse(
            port, QEvent.Type.MouseMove, a + (b - a) * (n / 5), Qt.MouseButton.NoButton, LEFT
        )
    return b


def release(view, point):
    send_mouse(
        view.viewport(), QEvent.Type.MouseButtonRelease, point, LEFT, Qt.MouseButton.NoButton
    )


@pytest.mark.parametrize(
    ("carried", "command"), [("joker-1", "delete"), ("deck", "delete"), ("joker-1", "roll")]
)
def test_the_carried_piece_changes_mid_drag(sandbox, qtbot, carried, command):
    table, view = sandbox.session.table, sandbox.view
    piece = table.objects[carried]
    end = press_and_move(view, (piece.x, piece.y), (piece.x + 300, piece.y + 300))
    target = "deck" if command == "roll" else carried
    view.run_command(command, [target])
    release(view, end)
    qtbot.wait(20)
    assert table.problems() == []
    assert set(view.table_scene.pieces) == {p.id for p in table.on_table()}
