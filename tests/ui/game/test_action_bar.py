"""The action bar keeps its moves in sight: after a move that keeps the turn (Janken Go's
steps, Battlefront's attacks) the next moves are buttons on screen, of their full size,
that a click makes; a move of many values (Stones' bids) is one grid, every value in
sight and reached from the keyboard, made afresh each hand."""

from __future__ import annotations

import random

from game_windows import drag_face, open_game
from gestures import LEFT, key, paint_windows, send_mouse
from test_janken_go_table import face_on, place_of

from vtt.ui.game.choices import COLUMNS
from vtt.ui.game.session import HUMAN
from vtt.ui.qt import QApplication, QEvent, Qt


def on_screen(window, button) -> bool:
    """True if the button shows whole in the window, at its size, and a click at its
    middle lands on it (nothing covers it, no scroll area hides it), once the screen
    shows it."""
    paint_windows()
    if not button.isVisible() or button.width() < 40 or button.height() < 20:
        return False
    seen = button.visibleRegion().boundingRect()
    if seen.size() != button.size():
        return False
    middle = button.mapTo(window, button.rect().center())
    return window.childAt(middle) is button


def click_button(window, words: str) -> None:
    """Click the action bar's button ending in ``words`` where it shows on screen."""
    [button] = [b for b in window.action_bar.buttons if b.text().endswith(words)]
    assert on_screen(window, button), (button.text(), button.geometry())
    at = button.rect().center()
    send_mouse(button, QEvent.Type.MouseButtonPress, at)
    send_mouse(button, QEvent.Type.MouseButtonRelease, at, LEFT, Qt.MouseButton.NoButton)


def test_after_each_step_of_a_janken_go_turn_its_moves_are_buttons_on_screen(qtbot):
    window = open_game(qtbot, "janken-go", (HUMAN, HUMAN))
    session = window.session
    drag_face(window, face_on(window, "d1"), place_of(window, "d2").place.centre)
    assert all(on_screen(window, b) for b in window.action_bar.buttons)
    drag_face(window, face_on(window, "d2"), place_of(window, "d3").place.centre)
    assert [m.text for m in session.moves] == ["step R d1 d2", "step R d2 d3"]
    assert session.match.state.to_move == 0  # the turn goes on: its moves are listed
    assert len(window.action_bar.buttons) == 2
    assert all(on_screen(window, b) for b in window.action_bar.buttons)
    click_button(window, "end turn")
    assert session.moves[-1].text == "end turn" and session.match.state.to_move == 1


def test_after_an_attack_in_battlefront_the_further_attacks_and_the_turns_end_show(qtbot):
    window = open_game(qtbot, "battlefront", (HUMAN, HUMAN), seed=3)
    session = window.session
    attacks = [b for b in window.action_bar.buttons if "attack" in b.text()]
    assert attacks
    click_button(window, attacks[0].text()[-12:])
    assert session.moves[-1].text.startswith("attack") and session.match.state.to_move == 0
    texts = [b.text() for b in window.action_bar.buttons]
    # The turn's end first (key 1), then the attacks still open.
    assert texts[0] == "&1 end" and len(texts) > 1, texts
    assert all(on_screen(window, b) for b in window.action_bar.buttons)
    click_button(window, texts[1][3:])
    assert session.moves[-1].text == texts[1][3:] and session.match.state.to_move == 0
    assert all(on_screen(window, b) for b in window.action_bar.buttons)
    click_button(window, "&1 end")
    assert session.moves[-1].text == "end" and session.match.state.to_move == 1


FOUR = (HUMAN, HUMAN, HUMAN, HUMAN)


def bids(window) -> list[str]:
    """The legal bids of the person to move, as their values."""
    return [m.text.removeprefix("bid ") for m in window.session.match.state.legal_list()]


def test_every_bid_of_stones_is_in_sight_at_once_and_a_click_makes_it(qtbot):
    window = open_game(qtbot, "stones", FOUR, seed=2)
    session = window.session
    assert session.match.state.phase == "bid"
    [grid] = window.action_bar.grids.values()
    assert [b.text() for b in grid.buttons] == bids(window)
    assert len(grid.buttons) > 9  # more than the number keys reach
    assert all(on_screen(window, b) for b in grid.buttons)
    click_button(window, "7")  # (the only value ending in 7)
    assert session.moves[-1].text == "bid 7"


def test_every_bid_is_reached_from_the_keyboard(qtbot):
    window = open_game(qtbot, "stones", FOUR, seed=2)
    [grid] = window.action_bar.grids.values()
    buttons = grid.buttons
    focused = QApplication.focusWidget
    key(window.view, Qt.Key.Key_1, text="1")  # the grid's number key: its first value
    assert focused() is buttons[0] and buttons[0].text() == "nil"
    key(focused(), Qt.Key.Key_Right)
    assert focused() is buttons[1]
    key(focused(), Qt.Key.Key_Down)
    assert focused() is buttons[1 + COLUMNS]
    key(focused(), Qt.Key.Key_End)
    assert focused() is buttons[-1]
    key(focused(), Qt.Key.Key_Home)
    assert focused() is buttons[0]
    for typed in "12":  # typing a value goes to it: 1, then 12
        key(focused(), getattr(Qt.Key, f"Key_{typed}"), text=typed)
    assert focused().text() == "12"
    key(focused(), Qt.Key.Key_Escape)  # back to the table, no move made
    assert focused() is window.view and window.session.moves == []
    key(window.view, Qt.Key.Key_1, text="1")
    key(focused(), Qt.Key.Key_1, text="1")
    key(focused(), Qt.Key.Key_Return)
    assert [m.text for m in window.session.moves] == ["bid 1"]
    # The keys leave the grid with the move: to the cover passing the screen on.
    assert window.cover.isVisible() and focused() is window.cover


def test_the_next_hands_bids_start_afresh(qtbot):
    window = open_game(qtbot, "stones", FOUR, seed=2)
    session = window.session
    key(window.view, Qt.Key.Key_1, text="1")
    key(QApplication.focusWidget(), Qt.Key.Key_End)
    key(QApplication.focusWidget(), Qt.Key.Key_Return)  # the highest bid
    chooser = random.Random(4)
    for _ in range(300):  # the other bids and the hand's tricks, to the next hand's bids
        state = session.match.state
        if state.phase == "bid" and state.var("hands_played") == 1:
            break
        legal = state.legal_list()
        session.play(legal[chooser.randrange(len(legal))])
    assert session.match.state.phase == "bid" and session.match.state.var("hands_played") == 1
    if window.cover.isVisible():
        qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    [grid] = window.action_bar.grids.values()
    assert [b.text() for b in grid.buttons] == bids(window)
    assert all(on_screen(window, b) for b in grid.buttons)
    key(window.view, Qt.Key.Key_1, text="1")
    assert QApplication.focusWidget() is grid.buttons[0]  # not the last hand's bid
