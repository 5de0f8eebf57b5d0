"""A computer seat plays at the level chosen for it in the New game dialog."""

from __future__ import annotations

import random

from game_windows import open_game
from test_game_play import WAIT_MS, drag_move, wait_for_person

from vtt.ai.agent import Budget
from vtt.ai.mcts import SearchAgent
from vtt.ai.parallel import ParallelSearch
from vtt.ui.game.dialog import NewGameDialog
from vtt.ui.game.session import HUMAN, GameSession
from vtt.ui.qt import Qt


def test_each_computer_seat_gets_its_own_level_from_the_dialog(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    names = [entry.name for entry in dialog.packs]
    dialog.pack_list.setCurrentRow(names.index("Tic-Tac-Rock"))
    dialog.players.setValue(3)
    levels = []
    for _, kind, _ in dialog.seat_rows:
        levels.append([kind.itemText(i) for i in range(kind.count())])
    assert levels[1][:4] == [HUMAN, "Computer (Easy)", "Computer (Normal)", "Computer (Hard)"]
    kind1, kind2 = dialog.seat_rows[1][1], dialog.seat_rows[2][1]
    kind1.setFocus()
    qtbot.keyClick(kind1, Qt.Key.Key_Down)  # Normal -> Hard
    kind2.setFocus()
    qtbot.keyClick(kind2, Qt.Key.Key_Up)  # Normal -> Easy
    setup = dialog.setup()
    assert setup is not None
    assert [seat.kind for seat in setup.seats] == [HUMAN, "Computer (Hard)", "Computer (Easy)"]
    session = GameSession(setup)
    hard, easy = session.agents[1], session.agents[2]
    assert isinstance(hard, SearchAgent) and isinstance(easy, SearchAgent)
    assert hard.budget.seconds == 1.0 and easy.budget.seconds < hard.budget.seconds
    assert 0 not in session.agents


def test_a_game_against_the_easy_computer_goes_on_move_by_move(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, "Computer (Easy)"), seed=3)
    session = window.session
    chooser = random.Random(2)
    for _ in range(3):
        wait_for_person(qtbot, window)
        before = len(session.moves)
        drag_move(window, chooser)
        assert len(session.moves) == before + 1
    wait_for_person(qtbot, window)
    assert len(session.moves) == 6  # the computer answered each move


def test_a_computer_on_every_core_moves_in_the_window_and_closing_ends_its_workers(
    qtbot, monkeypatch
):
    monkeypatch.setenv("VTT_CORES", "2")  # the window tests search on one core otherwise
    window = open_game(qtbot, "jantori", (HUMAN, "Computer (Hard)"), seed=3)
    session = window.session
    agent = session.agents[1]
    assert isinstance(agent, ParallelSearch) and agent.started  # started with the game
    agent.budget = agent.local.budget = Budget(iterations=30)  # repeatable, and quick
    qtbot.waitUntil(lambda: sum(w.poll_ready() for w in agent.workers) == 2, timeout=WAIT_MS)
    chooser = random.Random(2)
    drag_move(window, chooser)
    wait_for_person(qtbot, window)
    assert len(session.moves) == 2 and agent.searched_by == 2  # both workers answered
    processes = [worker.process for worker in agent.workers]
    agent.budget = Budget(iterations=10**9)  # a search that would never end by itself
    drag_move(window, chooser)
    qtbot.waitUntil(window.computers.thinking, timeout=WAIT_MS)
    choice = window.computers.choice
    assert window.close() and agent.closed
    choice.thread.join(WAIT_MS / 1000)
    assert not choice.thread.is_alive()
    assert not agent.workers and not any(process.is_alive() for process in processes)
