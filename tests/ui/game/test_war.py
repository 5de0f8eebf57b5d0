"""War in the window: classic War through the action bar, and 5 Card War's secret choices."""

from __future__ import annotations

import random

from game_windows import open_game
from test_game_play import drag_move, wait_for_person

from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import Qt


def test_classic_war_played_to_the_end_through_the_action_bar(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=6, options={"mode": "classic"})
    window.board.slide_ms = 0  # a whole game: the computer need not wait for the table
    session = window.session
    flips = 0
    while True:
        wait_for_person(qtbot, window)
        if session.over:
            break
        (button,) = window.action_bar.buttons
        assert button.text() == "&1 flip"
        before = len(session.moves)
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert session.moves[before].text == "flip"
        flips += 1
    state = session.match.state
    won = [len(state.zone("won")[seat]) for seat in range(2)]
    left = sum(len(state.zone(zone)[seat]) for zone in ("stock", "battle") for seat in range(2))
    shared = len(state.zone("spoils")) + len(state.zone("pool"))  # pool: the odd card out
    assert flips >= 1 and sum(won) + left + shared == len(list(state.components()))
    assert "cards won" in state.outcome.reason or "no card" in state.outcome.reason
    assert list(state.outcome.scores) == won
    assert window.result.isVisible() and window.action_bar.buttons == []
    leader = max(range(2), key=lambda seat: won[seat])
    if won[0] != won[1]:
        assert state.outcome.winners == (leader,) or list(state.outcome.winners) == [leader]
        assert session.names[leader] in window.result.label.text()


def chosen_faces(window, seat: int) -> list:
    """The faces the board shows in a seat's place for its chosen card."""
    return [face for face in window.board.faces if face.place.key == ("chosen", seat)]


def test_five_card_war_choices_stay_secret_until_both_have_chosen(qtbot):
    window = open_game(qtbot, "war", (HUMAN, HUMAN), seed=3, options={"mode": "five-card"})
    session = window.session
    chooser = random.Random(3)
    first = drag_move(window, chooser).removeprefix("play ")
    assert session.moves[-1].text == f"play {first}"
    assert window.cover.isVisible()
    qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    assert session.viewer == 1
    hidden = chosen_faces(window, 0)
    assert len(hidden) == 1 and hidden[0].what is None  # a back, not the card
    assert all(face.what != first for face in window.board.faces if face.place.key[-1] == 0)
    log = [window.log.item(row).text() for row in range(window.log.count())]
    assert log == [f"{session.names[0]}: chooses"]
    second = drag_move(window, chooser).removeprefix("play ")
    qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    wait_for_person(qtbot, window)
    log = [window.log.item(row).text() for row in range(window.log.count())]
    assert log[:2] == [f"{session.names[0]}: play {first}", f"{session.names[1]}: play {second}"]
    assert any(first in line and second in line for line in log[2:])
    shown = {face.what for face in window.board.faces}
    assert {first, second} <= shown
    assert chosen_faces(window, 0) == [] and chosen_faces(window, 1) == []


def test_the_computers_flip_is_seen_in_the_middle_before_the_cards_go_to_the_winner(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=6, options={"mode": "classic"})
    session, board = window.session, window.board
    board.slide_ms = 600_000  # the moments are driven by the test: never over before it looks
    wait_for_person(qtbot, window)
    qtbot.keyClick(window.view, Qt.Key.Key_1)  # Ann flips; the computer flips after her
    qtbot.waitUntil(lambda: len(session.moves) == 2)
    state = session.match.state
    assert sum(len(cards) for cards in state.zone("battle")) == 0  # the round is decided
    # First the table shows both cards side by side, the computer's sliding in from its
    # stack; the winner has not taken them yet.
    battle = {f.place.key: f for f in board.faces if f.place.key[0] == "battle"}
    assert set(battle) == {("battle", 0), ("battle", 1)}
    theirs, mine = battle[("battle", 1)], battle[("battle", 0)]
    assert [f for f in board.faces if f.pos() != f.home] == [theirs]
    assert len(board.slides) == 1 and board.busy_ms() > 0
    # The computer waits for the table: no move of its own is due before the end.
    assert window.computers.showing == board.busy_ms
    # Moment after moment, then the state itself: both cards with the winner's.
    while board.busy_ms():
        board._moment_timer.timeout.emit()
    faces = {f.what: f for f in board.faces}
    assert faces[theirs.what].place.key[0] == "won" and faces[mine.what].place.key[0] == "won"
    assert any(f.pos() != f.home for f in board.faces)  # they slide there
    for slide in list(board.slides):
        slide.setCurrentTime(slide.duration())
    assert all(f.pos() == f.home for f in board.faces)
