"""Undo and redo of moves: real key presses, back to the last decision, never past a reveal."""

from __future__ import annotations

import random

from game_windows import open_game
from test_game_play import WAIT_MS, drag_move, wait_for_person

from vtt.match import revelation
from vtt.rules import load_game
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import Qt

CTRL = Qt.KeyboardModifier.ControlModifier


def press(qtbot, window, key, modifier=CTRL) -> None:
    """A key press where the focus is, as a person would type it."""
    window.activateWindow()
    qtbot.keyClick(window.view, key, modifier)


def test_ctrl_z_takes_back_the_persons_move_and_the_computers_reply(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER), seed=3)
    session = window.session
    fresh = session.match.state.copy()
    chooser = random.Random(2)
    drag_move(window, chooser)
    wait_for_person(qtbot, window)
    first_two = list(session.moves)
    after_reply = session.match.state.copy()
    assert len(first_two) == 2
    drag_move(window, chooser)
    wait_for_person(qtbot, window)
    assert len(session.moves) == 4
    press(qtbot, window, Qt.Key.Key_Z)
    assert session.moves == first_two and session.match.state == after_reply
    assert session.human_to_move()
    press(qtbot, window, Qt.Key.Key_Z)
    assert session.moves == [] and session.match.state == fresh
    press(qtbot, window, Qt.Key.Key_Y)
    assert session.moves == first_two and session.match.state == after_reply
    assert window.board.places  # the board was redrawn from the state
    press(qtbot, window, Qt.Key.Key_Y)
    assert len(session.moves) == 4
    press(qtbot, window, Qt.Key.Key_Y)
    assert window.message.text() == "Nothing to redo" and len(session.moves) == 4


def test_a_new_move_clears_what_could_be_redone(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN), seed=3)
    session = window.session
    chooser = random.Random(4)
    drag_move(window, chooser)
    assert window.undo() and session.match.undone
    drag_move(window, chooser)
    assert not session.match.undone and not window.redo()
    assert window.message.text() == "Nothing to redo"


def test_undo_stops_at_a_card_shown_to_the_other_player(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), seed=2)
    session = window.session
    wait_for_person(qtbot, window)
    before = len(session.moves)
    drag_move(window, random.Random(1))
    qtbot.waitUntil(lambda: len(session.moves) > before + 1 or session.over, timeout=WAIT_MS)
    wait_for_person(qtbot, window)
    made = list(session.moves)
    press(qtbot, window, Qt.Key.Key_Z)
    text = window.message.text()
    assert text.startswith("Cannot undo past '") and "it showed" in text
    assert session.moves == made


def test_undo_is_in_the_edit_menu_and_says_when_there_is_nothing(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    assert "Undo" in window.undo_action.text()
    window.undo_action.trigger()
    assert window.message.text() == "Nothing to undo"


def test_a_computer_only_past_cannot_be_undone(qtbot):
    window = open_game(qtbot, "jantori", (COMPUTER, HUMAN), seed=3)
    wait_for_person(qtbot, window)
    assert len(window.session.moves) == 1
    assert not window.undo()
    assert window.message.text() == "Nothing to undo: no person has moved yet"


def test_what_a_move_reveals_is_read_from_the_views():
    war = load_game("war")
    state = war.new_state({"mode": "classic"}, 3)
    before = state.copy()
    state.apply("flip")
    assert revelation(before, state).startswith("it showed ")
    jantori = load_game("jantori").new_state()
    before = jantori.copy()
    jantori.apply("place P at b3")
    assert revelation(before, jantori) is None


def test_a_secret_choice_reveals_nothing_until_both_have_chosen():
    state = load_game("war").new_state({"mode": "five-card"}, 3)
    before = state.copy()
    state.apply(state.legal_list()[0])
    assert revelation(before, state) is None
    before = state.copy()
    state.apply(state.legal_list()[0])
    assert revelation(before, state) is not None
