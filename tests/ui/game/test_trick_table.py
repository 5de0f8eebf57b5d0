"""The trick packs on the table, through real mouse and key events: Green Queen's pass of
three cards picked in the hand, Stones' bids from the action bar, the trick in the
middle, the tricks stacked by their taker, the point suit, and the score sheet."""

from __future__ import annotations

from game_windows import drag_face, open_game
from gestures import LEFT, key, send_mouse

from vtt.rules.sheet import SHEET
from vtt.ui.game.items import FaceItem
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import QApplication, QEvent, QPointF, Qt

WAIT_MS = 60_000  # for what will happen: a busy machine is slow, never wrong
FOUR = (HUMAN, COMPUTER, COMPUTER, COMPUTER)


def wait_for_person(qtbot, window) -> None:
    """Wait until the person is to move or the game is over (computers move meanwhile)."""
    session = window.session
    qtbot.waitUntil(lambda: session.human_to_move() or session.over, timeout=WAIT_MS)


def hand_faces(window) -> list[FaceItem]:
    """The faces of the hand area, left to right."""
    faces = [f for f in window.board.faces if f.place.in_hand]
    return sorted(faces, key=lambda f: f.sceneBoundingRect().left())


def click_in_hand(window, face: FaceItem) -> None:
    """Click a card of the hand area where it shows: its left strip, which the next card
    does not cover."""
    rect = face.sceneBoundingRect()
    at = window.hand_view.mapFromScene(QPointF(rect.left() + 12, rect.center().y()))
    widget = window.hand_view.viewport()
    send_mouse(widget, QEvent.Type.MouseButtonPress, at, LEFT, LEFT)
    send_mouse(widget, QEvent.Type.MouseButtonRelease, at, LEFT, Qt.MouseButton.NoButton)


def test_three_cards_picked_in_the_hand_are_passed_and_only_their_receiver_sees_them(qtbot):
    window = open_game(qtbot, "green-queen", FOUR, seed=3)
    session = window.session
    wait_for_person(qtbot, window)
    assert session.match.state.phase == "pass"
    # One button for the pass, not one per set of three cards.
    assert [b.text() for b in window.action_bar.buttons] == ["&1 pass: pick 3 cards"]
    assert not window.action_bar.buttons[0].isEnabled()
    faces = hand_faces(window)
    chosen = [faces[0], faces[4], faces[9]]
    for face in chosen[:2]:
        click_in_hand(window, face)
    assert window.action_bar.buttons[0].text() == "&1 pass: pick 3 cards · 2 picked"
    assert not window.action_bar.buttons[0].isEnabled()
    # A fourth card picked is one too many; clicked again, it is put back.
    extra = faces[12]
    click_in_hand(window, chosen[2])
    click_in_hand(window, extra)
    assert "4 picked" in window.action_bar.buttons[0].text()
    click_in_hand(window, extra)
    # The picked cards stand up from the others, edged in gold.
    picked = [f for f in hand_faces(window) if f.picked]
    assert {f.what for f in picked} == {f.what for f in chosen}
    lifted = {f.what: f.pos().y() for f in hand_faces(window)}
    assert all(lifted[f.what] < lifted[extra.what] for f in chosen)
    button = window.action_bar.buttons[0]
    assert button.isEnabled()
    given = {f.what for f in chosen}
    assert set(button.text().removeprefix("&1 pass ").split()) == given
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    mine = [m for m in session.moves if m.text.startswith("pass ")]
    assert any(set(m.text.split()[1:]) == given for m in mine)
    # Everyone passes, then the cards go round: Ann's to the left, to Ben's hand.
    qtbot.waitUntil(lambda: session.match.state.phase != "pass", timeout=WAIT_MS)
    state = session.match.state
    ben_holds = {str(c) for c in state.zone("hand")[1]}
    assert given <= ben_holds
    assert not given & {str(c) for c in state.zone("hand")[0]}
    # Ben alone reads Ann's pass; Cat and Dan read that she chose, and never the cards.
    index = next(
        i
        for i, m in enumerate(state.history)
        if m.kind.name == "pass" and set(m.text.split()[1:]) == given
    )
    assert state.view(1).history[index] == state.history[index].text
    for seat in (2, 3):
        view = state.view(seat)
        assert view.history[index] == "chooses"
        assert not any(card in line.split() for line in view.log for card in given)
    # Nor does the table Ann sees show Ben's hand: only its count.
    shown = {f.what for f in window.board.faces if f.place.owner == 1 and not f.place.in_hand}
    assert shown <= {None}


def test_the_table_holds_still_while_the_cards_to_pass_are_chosen(qtbot):
    # Four people at one screen: each picks three cards and passes, then hands the screen
    # on. The places for the cards passed are on the table from the start of the pass:
    # they did not appear at the first pass, making the felt taller and moving the rest.
    window = open_game(qtbot, "green-queen", (HUMAN,) * 4, seed=3)
    session = window.session
    assert session.match.state.phase == "pass"
    board = window.board
    first = (set(board.places), board.layout.felt)
    assert any(key[0] == "passing" for key in first[0])
    for _ in range(3):
        faces = hand_faces(window)
        for face in (faces[0], faces[4], faces[9]):
            click_in_hand(window, face)
            assert (set(board.places), board.layout.felt) == first
        qtbot.mouseClick(window.action_bar.buttons[0], Qt.MouseButton.LeftButton)
        assert session.match.state.phase == "pass"
        qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)  # the next person
        assert (set(board.places), board.layout.felt) == first


def test_stones_bids_from_the_action_bar_and_everyone_reads_them(qtbot):
    window = open_game(qtbot, "stones", FOUR, seed=2)
    session = window.session
    wait_for_person(qtbot, window)
    assert session.match.state.phase == "bid"
    # Every bid in one grid, Nil first: its key (1) takes it, typing a bid goes to it.
    [grid] = window.action_bar.grids.values()
    texts = [b.text() for b in window.action_bar.buttons]
    assert texts[:4] == ["nil", "1", "2", "3"] and grid.heading.text() == "1 bid:"
    key(window.view, Qt.Key.Key_1, text="1")
    assert QApplication.focusWidget() is grid.buttons[0]
    key(grid.buttons[0], Qt.Key.Key_3, text="3")
    assert QApplication.focusWidget() is grid.buttons[3]
    key(grid.buttons[3], Qt.Key.Key_Return)
    assert session.match.state.var("bid")[0] == 3
    # The bid is there for everyone to read, with the scores and counts.
    assert "bid: P1 3, P2 " in window.scores.text()


def _play_a_card(qtbot, window) -> str:
    """Drag the first card the rules let the person play onto the trick."""
    session = window.session
    trick = window.board.places[("trick",)]
    target = trick.sceneBoundingRect().center()
    faces = [f for f in hand_faces(window) if window.view.can_drag(f)]
    assert faces, "no card may be played"
    face = faces[0]
    what = face.what
    before = len(session.moves)
    drag_face(window, face, (target.x(), target.y()))
    assert session.moves[before].text == f"play {what}"
    return what


def test_a_hand_of_green_queen_on_the_table_and_its_score_sheet(qtbot):
    window = open_game(qtbot, "green-queen", FOUR, seed=5, options={"hand_limit": 1})
    session = window.session
    board = window.board
    wait_for_person(qtbot, window)
    for face in hand_faces(window)[:3]:
        click_in_hand(window, face)
    qtbot.mouseClick(window.action_bar.buttons[0], Qt.MouseButton.LeftButton)
    wait_for_person(qtbot, window)
    assert session.match.state.phase == "play"
    # The point suit is shown with the scores, in players' words.
    point = session.match.state.var("point")
    assert f"point suit: {point.title}" in window.scores.text()
    # The trick lies in the middle of the table; each seat's tricks lie by its name.
    felt = board.felt
    trick = board.places[("trick",)].sceneBoundingRect()
    assert abs(trick.center().x() - felt.center().x()) < felt.width() / 4
    # (The others' tricks lie by their hands, under their names: beside them across the
    # table, below them at the sides; the person's own by the name plate at the foot of
    # the table, the hand being in the hand area.)
    for seat in (1, 2, 3):
        taken = board.places[("taken", seat)].sceneBoundingRect()
        hand = board.places[("hand", seat)].sceneBoundingRect()
        beside = abs(taken.top() - hand.top()) < 2 and 0 < taken.left() - hand.right() < 100
        below = hand.left() < taken.center().x() < hand.right()
        assert beside or (below and 0 < taken.top() - hand.bottom() < 100), seat
    at = board.places[("taken", 0)].sceneBoundingRect().center()
    nearest = min(board.plates(), key=lambda plate: (plate[0].center() - at).manhattanLength())
    assert nearest[1] == session.names[0]
    tricks_seen = 0
    for _ in range(40):
        wait_for_person(qtbot, window)
        if session.over:
            break
        _play_a_card(qtbot, window)
        # A finished trick lies face down by its taker: four more cards there.
        taken = [len(c) for c in session.match.state.zone("taken")]
        if sum(taken) > tricks_seen * 4:
            tricks_seen = sum(session.match.state.var("tricks"))
            counts = {seat: board.places[("taken", seat)].place.count for seat in range(4)}
            assert counts == dict(enumerate(taken))
    assert session.over
    # Ctrl+H opens the score sheet: a row for the hand, each seat's figures under its name.
    qtbot.keyClick(window.view, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    sheet = window.score_sheet
    assert sheet is not None and sheet.isVisible()
    table = sheet.table
    assert table.rowCount() == 1
    headings = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    assert headings[:3] == ["Hand", "Point suit", "Pass"]
    assert headings[3:7] == ["P1\npoints taken", "P1\nmoon", "P1\nhand", "P1\ntotal"]
    cells = [table.item(0, c).text() for c in range(table.columnCount())]
    assert cells[:3] == ["1", point.title, "left"]
    scores = list(session.match.state.outcome.scores)
    totals = [cells[3 + 4 * seat + 3] for seat in range(4)]
    assert totals == [str(s) for s in scores]
    # Every point card was taken by someone: the 13 of the point suit and the Green Queen.
    ((_, seats),) = session.match.state.var(SHEET)
    assert sum(values[0] for values in seats) == 26
    assert sum(int(cells[3 + 4 * seat]) for seat in range(4)) == 26


def test_the_score_sheet_opens_as_wide_as_its_columns_within_the_screen(qtbot):
    window = open_game(qtbot, "stones", FOUR, seed=2)
    qtbot.mouseClick(window.sheet_button, Qt.MouseButton.LeftButton)
    sheet = window.score_sheet
    assert sheet is not None and sheet.isVisible()
    assert sheet.table.columnCount() == 2 + 4 * 5  # hand, dealer; five columns a seat
    assert sheet.note.text().startswith("No hand has been scored yet")
    header = sheet.table.horizontalHeader().length()
    screen = window.screen().availableGeometry().width()
    assert sheet.width() >= min(header, screen - 40)
