"""A newcomer's first minutes at the table: keys, the magnifier, status texts, tooltips."""

from __future__ import annotations

from gestures import hover, key

from vtt.ui.qt import Qt


def test_keys_reach_the_table_from_launch(qtbot, window):
    """Nothing clicked yet: 3 over the deck draws three cards, Space adds no seat."""
    window.activateWindow()
    qtbot.waitActive(window)
    focus = window.focusWidget()
    assert focus is window.view
    table = window.session.table
    deck = table.objects["deck"]
    hover(window.view, (deck.x, deck.y))
    key(focus, Qt.Key.Key_3, text="3")
    assert len(table.hand(0).contents) == 3
    seats = len(table.seats)
    key(window.focusWidget(), Qt.Key.Key_Space, text=" ")
    assert len(table.seats) == seats
    assert window.focusWidget() is window.view
