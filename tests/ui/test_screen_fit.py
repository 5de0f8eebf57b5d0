"""Every window and dialog opens within the screen's free room, its title bar and
borders counted (issue 23: at 1366x768 the game window opened 1300x900, the rules'
reasons for an illegal drop below the screen's edge until maximised)."""

from __future__ import annotations

import pytest

from vtt.ui import screen
from vtt.ui.qt import QRect, QSize

#: The free room of a 1366x768 laptop under a 24-pixel panel, and of a smaller screen.
ROOMS = [QRect(0, 24, 1366, 744), QRect(0, 0, 1024, 600)]


@pytest.fixture(params=ROOMS, ids=["1366x768", "1024x600"])
def room(request, monkeypatch) -> QRect:
    """A screen of this free room for every window opened in the test."""
    monkeypatch.setattr(screen, "screen_room", lambda widget=None: request.param)
    return request.param


def fits(window, room: QRect) -> bool:
    """True if the window, with a title bar and borders, fits the room, and can be that
    small (its layout's least size fits too)."""
    framed = window.size() + screen.FRAME
    least = window.minimumSizeHint() + screen.FRAME
    return all(
        size.width() <= room.width() and size.height() <= room.height() for size in (framed, least)
    )


def opened(qtbot, window):
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_the_game_window_opens_within_the_screen(qtbot, room):
    from vtt.ui.game.session import HUMAN, GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    window = opened(qtbot, GameWindow(GameSetup("janken-go", seats, {}, 1), pause_ms=5))
    assert fits(window, room), (window.size(), window.minimumSizeHint())
    # Its foot, where the rules say why a drop is refused, is inside the window.
    message = window.message.mapTo(window, window.message.rect().bottomLeft())
    assert window.rect().contains(message)


def test_the_table_window_opens_within_the_screen(qtbot, room):
    from vtt.rules.setups import load_setup
    from vtt.ui.window import TableWindow

    window = opened(qtbot, TableWindow(load_setup("janken-deck-games").new_table(3, seed=7)))
    assert fits(window, room), (window.size(), window.minimumSizeHint())


def test_the_game_dialogs_open_within_the_screen(qtbot, room):
    from vtt.ui.game.dialog import NewGameDialog

    dialog = opened(qtbot, NewGameDialog())
    names = [entry.name for entry in dialog.packs]
    for name in names:  # the tallest of the packs' options and seats
        dialog.pack_list.setCurrentRow(names.index(name))
        dialog.players.setValue(dialog.players.maximum())
        assert fits(dialog, room), (name, dialog.size(), dialog.minimumSizeHint())
    dialog.show_rules()
    assert fits(opened(qtbot, dialog.rules_window), room)


def test_compare_variants_opens_within_the_screen_for_every_pack(qtbot, room):
    from vtt.ui.game.compare import CompareDialog

    dialog = opened(qtbot, CompareDialog())
    for index in range(dialog.pack.count()):  # the most options, the most players
        dialog.pack.setCurrentIndex(index)
        dialog.players.setValue(dialog.players.maximum())
        for mode in range(dialog.mode.count()):
            dialog.mode.setCurrentIndex(mode)
            qtbot.wait(1)  # the choices' height is set once laid out
            assert fits(dialog, room), (index, mode, dialog.size(), dialog.minimumSizeHint())


def test_the_help_and_table_dialogs_open_within_the_screen(qtbot, room):
    from vtt.rules.setups import list_setups
    from vtt.ui.dialogs import NewTableDialog, ShortcutsWindow

    assert fits(opened(qtbot, ShortcutsWindow()), room)
    assert fits(opened(qtbot, NewTableDialog(list_setups())), room)


def test_a_size_is_cut_to_the_room_less_the_frame(room):
    fitted = screen.fitted_to_screen(QSize(1300, 900))
    assert fitted.width() == min(1300, room.width() - screen.FRAME.width())
    assert fitted.height() == room.height() - screen.FRAME.height()
