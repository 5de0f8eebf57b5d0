"""The action bar keeps its moves in sight: after a move that keeps the turn (Janken Go's
steps, Battlefront's attacks) the next moves are buttons on screen, of their full size,
that a click makes."""

from __future__ import annotations

from game_windows import drag_face, open_game
from gestures import LEFT, paint_windows, send_mouse
from test_janken_go_table import face_on, place_of

from vtt.ui.game.session import HUMAN
from vtt.ui.qt import QEvent, Qt


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
    [button] = [b for b in window.action_buttons if b.text().endswith(words)]
    assert on_screen(window, button), (button.text(), button.geometry())
    at = button.rect().center()
    send_mouse(button, QEvent.Type.MouseButtonPress, at)
    send_mouse(button, QEvent.Type.MouseButtonRelease, at, LEFT, Qt.MouseButton.NoButton)


def test_after_each_step_of_a_janken_go_turn_its_moves_are_buttons_on_screen(qtbot):
    window = open_game(qtbot, "janken-go", (HUMAN, HUMAN))
    session = window.session
    drag_face(window, face_on(window, "d1"), place_of(window, "d2").place.centre)
    assert all(on_screen(window, b) for b in window.action_buttons)
    drag_face(window, face_on(window, "d2"), place_of(window, "d3").place.centre)
    assert [m.text for m in session.moves] == ["step R d1 d2", "step R d2 d3"]
    assert session.state.to_move == 0  # the turn goes on: its moves are listed
    assert len(window.action_buttons) == 2
    assert all(on_screen(window, b) for b in window.action_buttons)
    click_button(window, "end turn")
    assert session.moves[-1].text == "end turn" and session.state.to_move == 1


def test_after_an_attack_in_battlefront_the_further_attacks_and_the_turns_end_show(qtbot):
    window = open_game(qtbot, "battlefront", (HUMAN, HUMAN), seed=3)
    session = window.session
    attacks = [b for b in window.action_buttons if "attack" in b.text()]
    assert attacks
    click_button(window, attacks[0].text()[-12:])
    assert session.moves[-1].text.startswith("attack") and session.state.to_move == 0
    texts = [b.text() for b in window.action_buttons]
    # The turn's end first (key 1), then the attacks still open.
    assert texts[0] == "&1 end" and len(texts) > 1, texts
    assert all(on_screen(window, b) for b in window.action_buttons)
    click_button(window, texts[1][3:])
    assert session.moves[-1].text == texts[1][3:] and session.state.to_move == 0
    assert all(on_screen(window, b) for b in window.action_buttons)
    click_button(window, "&1 end")
    assert session.moves[-1].text == "end" and session.state.to_move == 1
