"""No game is lost: closing asks to save, Quit closes every window, and a crash is undone.

A game window autosaves after every move with the table's own autosave
mechanism; the next start offers each game a crash left behind.
"""

from __future__ import annotations

import random

from test_game_play import drag_move
from test_saved_games import played_jantori

from vtt.ui import dialogs
from vtt.ui.game.saved import autosaved_games, load_saved_game
from vtt.ui.game.window import GameWindow
from vtt.ui.qt import QApplication, QFileDialog, Qt

CTRL = Qt.KeyboardModifier.ControlModifier


def autosaved_moves(window: GameWindow) -> list[str] | None:
    """The moves in the window's autosave, or None while there is none."""
    if not window.autosave.exists():
        return None
    return list(load_saved_game(window.autosave.path).moves)


def texts(window: GameWindow) -> list[str]:
    return [move.text for move in window.session.moves]


def asked_and_answer(monkeypatch, answer: str) -> list[str]:
    """Answer every "Save the changes?" with ``answer``; the names asked about."""
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_save_changes", lambda _w, name: asked.append(name) or answer)
    return asked


def test_closing_a_game_under_way_asks_and_cancel_keeps_it(qtbot, monkeypatch):
    game = played_jantori(qtbot, moves_by_person=2)
    asked = asked_and_answer(monkeypatch, "cancel")
    assert not game.close()
    assert game.isVisible() and asked == ["this game of JANTORI"]
    assert game.isWindowModified()


def test_save_in_the_close_prompt_writes_the_game_then_closes(qtbot, monkeypatch, tmp_path):
    game = played_jantori(qtbot, moves_by_person=2)
    target = tmp_path / "evening.jgame"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    asked_and_answer(monkeypatch, "save")
    moves = texts(game)
    assert game.close()
    assert list(load_saved_game(target).moves) == moves
    assert not game.autosave.exists()  # a clean close leaves no autosave behind


def test_a_saved_game_closes_without_asking_until_another_move(qtbot, monkeypatch, tmp_path):
    game = played_jantori(qtbot, moves_by_person=2)
    game.save_game(tmp_path / "kept.jgame")
    assert "kept.jgame" in game.windowTitle() and not game.isWindowModified()
    asked = asked_and_answer(monkeypatch, "cancel")
    drag_move(game, random.Random(3))
    assert game.isWindowModified()
    assert not game.close() and asked == ["kept.jgame"]
    game.save()  # Ctrl+S now writes to the game's own file without asking where
    assert list(load_saved_game(tmp_path / "kept.jgame").moves) == texts(game)
    assert game.close()


def test_ctrl_q_in_a_game_window_quits_every_window_each_asking(qtbot, window, monkeypatch):
    game = played_jantori(qtbot, moves_by_person=2)
    qtbot.addWidget(game)
    window.session.table.flip("joker-1")  # the table has changes of its own
    asked = asked_and_answer(monkeypatch, "discard")
    game.activateWindow()
    qtbot.waitUntil(game.isActiveWindow)
    qtbot.keyClick(game.view, Qt.Key.Key_Q, CTRL)
    assert not game.isVisible() and not window.isVisible()
    assert asked == ["this game of JANTORI", "this table"]  # the game first, then the table


def test_ctrl_q_on_the_table_closes_its_game_windows_and_cancel_stops_it(
    qtbot, window, monkeypatch
):
    game = played_jantori(qtbot, moves_by_person=2)
    window.game_windows.append(game)
    asked = asked_and_answer(monkeypatch, "cancel")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.view, Qt.Key.Key_Q, CTRL)
    assert asked == ["this game of JANTORI"]
    assert game.isVisible() and window.isVisible()  # Cancel: nothing closed
    asked_and_answer(monkeypatch, "discard")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.view, Qt.Key.Key_Q, CTRL)
    assert not game.isVisible() and not window.isVisible()
    assert not [w for w in QApplication.topLevelWidgets() if w.isVisible()]


def test_a_game_autosaves_after_every_move_and_comes_back_after_a_crash(qtbot, window, monkeypatch):
    game = played_jantori(qtbot, moves_by_person=3)
    qtbot.waitUntil(lambda: autosaved_moves(game) == texts(game))
    left_behind = game.autosave.path.read_bytes()
    state, moves = game.session.match.state, texts(game)
    game.close()
    assert autosaved_games() == []  # a clean close discards it
    # The crash: the window went away without closing, and its autosave stayed.
    game.autosave.path.write_bytes(left_behind)

    questions: list[str] = []
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda _w, _t, text: questions.append(text) or True)
    assert window.offer_restore()
    assert "Resume the game of JANTORI" in questions[0] and "White, Black" in questions[0]
    (back,) = window.game_windows
    qtbot.addWidget(back)
    assert back.isVisible() and back.session.match.state == state and texts(back) == moves
    assert back.session.agents.keys() == {1}
    # The old file is gone and the resumed game keeps its own autosave from the start.
    assert autosaved_games() == [back.autosave.path]
    assert autosaved_moves(back) == moves


def test_declining_a_game_restore_discards_its_autosave(qtbot, window, monkeypatch):
    game = played_jantori(qtbot, moves_by_person=2)
    game.write_autosave()
    left_behind = game.autosave.path.read_bytes()
    game.close()
    game.autosave.path.write_bytes(left_behind)
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda *args: False)
    assert not window.offer_restore()
    assert window.game_windows == [] and autosaved_games() == []


def test_switching_to_house_rules_asks_nothing_and_leaves_no_game_autosave(qtbot, monkeypatch):
    game = played_jantori(qtbot, moves_by_person=2)
    game.write_autosave()
    asked = asked_and_answer(monkeypatch, "cancel")
    free = game.to_house_rules()
    qtbot.addWidget(free)
    assert asked == [] and not game.isVisible() and not game.autosave.exists()


def test_a_resumed_game_keeps_its_last_move_marked(qtbot, window, monkeypatch):
    game = played_jantori(qtbot, moves_by_person=2)
    qtbot.waitUntil(lambda: autosaved_moves(game) == texts(game))
    last = game.session.moves[-1]
    cell = ("board", last.values[-1])
    assert game.board.places[cell].recent  # the computer's piece, just placed
    marked = {key for key, item in game.board.places.items() if item.recent}
    left_behind = game.autosave.path.read_bytes()
    game.close()
    game.autosave.path.write_bytes(left_behind)
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda *_: True)
    assert window.offer_restore()
    (back,) = window.game_windows
    qtbot.addWidget(back)
    # Marked as before the crash: the cell it went to, the reserve it came from.
    assert {key for key, item in back.board.places.items() if item.recent} == marked


def test_moves_made_faster_than_the_autosave_waits_are_all_kept_but_the_last(qtbot):
    """The computer's moves at the Instant pace come faster than the autosave's wait:
    whenever the program may crash, its autosave lacks no more than the last move. The
    moves are made here with no time passing at all, the fastest play can be: the
    window only draws each (the event loop turns once, as between the computer's moves),
    and the move waiting is written after that drawing, never inside the update."""
    from game_windows import open_game

    from vtt.ui.game.session import COMPUTER

    game = open_game(qtbot, "jantori", (COMPUTER, COMPUTER), seed=2)
    game.computers.stop()  # the test makes the computers' moves
    session = game.session
    chooser = random.Random(5)
    made = len(session.moves)
    for count in range(made + 1, made + 9):
        assert session.play(chooser.choice(list(session.match.state.legal_moves)))
        QApplication.processEvents()
        assert len(autosaved_moves(game) or []) >= count - 1


def test_a_change_waiting_to_be_autosaved_is_written_before_closing_asks(qtbot, monkeypatch):
    # The autosave is written after the window has drawn a change, on a timer: a window
    # asked to close while one waits writes it first, so the file holds every move
    # while the person is asked (and after a crash during the question).
    game = played_jantori(qtbot, moves_by_person=2)
    qtbot.waitUntil(lambda: not game.autosave_clock.pending())
    monkeypatch.setattr("vtt.ui.session.AUTOSAVE_MS", 60_000)  # it waits for the close
    assert game.undo()
    assert game.autosave_clock.pending() and autosaved_moves(game) != texts(game)
    seen: list[list[str] | None] = []
    monkeypatch.setattr(
        dialogs,
        "ask_save_changes",
        lambda _w, _name: seen.append(autosaved_moves(game)) or "cancel",
    )
    assert not game.close()
    assert seen == [texts(game)]
