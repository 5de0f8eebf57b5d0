"""Private hands: dragging into and out of the hand bar, arranging it, and the privacy screen."""

from __future__ import annotations

from gestures import ALT, CTRL, LEFT, SHIFT, drag_pixels, key_over, send_mouse, view_point

from vtt.ui import dialogs
from vtt.ui.qt import (
    QApplication,
    QColor,
    QColorDialog,
    QContextMenuEvent,
    QCursor,
    QEvent,
    QKeyEvent,
    QPoint,
    QPointF,
    Qt,
)

NO_BUTTONS = Qt.MouseButton.NoButton
NO_KEYS = Qt.KeyboardModifier.NoModifier


def hand_point(window, index: int) -> QPoint:
    """The middle of a hand card in the hand bar."""
    rect = window.hand_bar.card_rects(len(window.hand_bar.hand_ids()))[index]
    return QPoint(round(rect.left() + 12), round(rect.center().y()))


def to_hand_bar(window, global_pos: QPoint) -> QPoint:
    return window.hand_bar.mapFromGlobal(global_pos)


def test_drag_from_the_table_into_the_hand_and_back_out(window):
    view, table, bar = window.view, window.session.table, window.hand_bar
    joker = table.objects["joker-1"]
    target = bar.mapToGlobal(QPoint(60, bar.height() // 2))
    start = view_point(view, (joker.x, joker.y))
    drag_pixels(view.viewport(), start, view.viewport().mapFromGlobal(target))
    assert table.hand(0).contents == ["joker-1"]
    assert "joker-1" not in view.table_scene.pieces

    # out of the hand onto the felt: face up where it lands
    felt = view.viewport().mapToGlobal(view_point(view, (300, 200)))
    drag_pixels(bar, hand_point(window, 0), to_hand_bar(window, felt))
    card = table.objects["joker-1"]
    assert card.parent is None and card.face_up
    assert abs(card.x - 300) < 4 and abs(card.y - 200) < 4
    # The card in words (the status bar's "Last:" says it), not in notation ("JkR").
    assert table.history.undo_label == "Ann plays the Joker of Rock"
    assert window.last_action.text() == "Last: Ann plays the Joker of Rock"


def test_shift_plays_face_down_and_drop_on_a_stack_stacks_it(window, monkeypatch):
    view, table, bar = window.view, window.session.table, window.hand_bar
    key_over(view, (0, 0), Qt.Key.Key_2, text="2")
    assert len(table.hand(0).contents) == 2
    first = table.hand(0).contents[0]
    felt = view.viewport().mapToGlobal(view_point(view, (-300, 250)))
    drag_pixels(bar, hand_point(window, 0), to_hand_bar(window, felt), SHIFT)
    assert not table.objects[first].face_up
    second = table.hand(0).contents[0]
    onto = view.viewport().mapToGlobal(view_point(view, (-300, 250)))
    drag_pixels(bar, hand_point(window, 0), to_hand_bar(window, onto))
    stack = table.objects[table.objects[second].parent or ""]
    assert stack.contents == [first, second]
    window.session.undo()
    assert table.objects[second].parent == "hand-0"
    assert table.objects[first].parent is None


def test_cards_are_arranged_by_dragging_within_the_hand(window):
    table, bar = window.session.table, window.hand_bar
    key_over(window.view, (0, 0), Qt.Key.Key_3, text="3")
    order = list(table.hand(0).contents)
    end = QPoint(round(bar.hand_area().right() - 20), bar.height() // 2)
    drag_pixels(bar, hand_point(window, 0), end)
    assert table.hand(0).contents == order[1:] + order[:1]
    assert table.history.undo_label == "Arrange Ann's hand"


def test_the_privacy_screen_hides_the_hand_until_clicked(window, monkeypatch):
    session, table, bar = window.session, window.session.table, window.hand_bar
    table.deal("deck", 2)
    painted: list[str] = []
    real_paint = bar.art.paint
    monkeypatch.setattr(bar.art, "paint", lambda p, a, r: (painted.append(a), real_paint(p, a, r)))
    ben_faces = {f"cards/{table.objects[c].face}" for c in table.hand(1).contents}

    send_mouse(window.seat_bar.chips[1], QEvent.Type.MouseButtonPress, QPoint(20, 10))
    assert session.active_seat == 1 and session.covered
    bar.grab()
    assert not ben_faces & set(painted)

    send_mouse(bar, QEvent.Type.MouseButtonPress, QPoint(100, 100))
    assert not session.covered
    painted.clear()
    bar.grab()
    assert ben_faces <= set(painted)
    ann_faces = {f"cards/{table.objects[c].face}" for c in table.hand(0).contents}
    assert not ann_faces & set(painted)


def test_a_card_dropped_on_a_seat_chip_goes_to_that_hand(window):
    view, table = window.view, window.session.table
    joker = table.objects["joker-4"]
    chip = window.seat_bar.chips[2]
    target = view.viewport().mapFromGlobal(chip.mapToGlobal(QPoint(30, 12)))
    drag_pixels(view.viewport(), view_point(view, (joker.x, joker.y)), target)
    assert table.hand(2).contents == ["joker-4"]


def test_number_keys_draw_to_the_active_seat(window):
    table = window.session.table
    window.session.pass_to(2)
    key_over(window.view, (0, 0), Qt.Key.Key_5, text="5")
    assert len(table.hand(2).contents) == 5
    assert table.hand(0).contents == []


def test_seats_are_added_renamed_and_removed(window, monkeypatch):
    bar, table = window.seat_bar, window.session.table
    bar.add()
    assert [s.name for s in window.session.table.seats] == ["Ann", "Ben", "Cat", "Dan"]
    assert len(bar.chips) == 4
    monkeypatch.setattr(dialogs, "ask_text", lambda *args: "Zoe")
    bar.rename(1)
    assert window.session.table.seats[1].name == "Zoe"
    table.draw("deck", 2, 3)
    bar.remove(1)
    assert [s.name for s in table.seats] == ["Ann", "Cat", "Dan"]
    assert len(table.hand(1).contents) == 3
    table.draw("deck", 0, 1)
    bar.remove(0)
    assert "Ann still holds 1 cards" in window.statusBar().currentMessage()
    assert len(table.seats) == 3


def test_point_helper_is_inside_the_viewport(window):
    view = window.view
    assert view.viewport().rect().contains(view_point(view, QPointF(0, 0)))


def right_click(widget) -> None:
    """What a right click on a widget sends it: a context menu event at its middle."""
    middle = widget.rect().center()
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, middle, widget.mapToGlobal(middle))
    QApplication.sendEvent(widget, event)


def dot_colour(chip) -> str:
    """The colour of a seat chip's dot, as painted."""
    return QColor(chip.grab().toImage().pixel(15, chip.height() // 2)).name()


def choose(menu, text: str) -> None:
    """Click a menu's entry (in a submenu too): it runs, and the menu closes."""
    _menu_action(menu, text).trigger()
    menu.close()


def _menu_action(menu, text: str):
    """The action of a menu (or of one of its submenus) whose text starts with ``text``."""
    for action in menu.actions():
        if action.text().startswith(text):
            return action
        if action.menu() is not None:
            found = _menu_action(action.menu(), text)
            if found is not None:
                return found
    return None


def test_a_seat_takes_another_colour_from_its_menu_and_undo_gives_it_back(
    window, qtbot, monkeypatch
):
    bar, table = window.seat_bar, window.session.table
    chip = bar.chips[1]
    right_click(chip)
    menu = chip.context_menu
    # The palette names who wears each colour already.
    assert _menu_action(menu, "Red").text() == "Red (Ann)"
    choose(menu, "Teal")
    teal = "#1abc9c"
    assert table.seats[1].colour == teal
    assert dot_colour(chip) == teal  # the chip shows it at once
    bens = [
        pid
        for pid, piece in table.objects.items()
        if piece.owner == 1 and piece.KIND == "counter" and pid in window.view.table_scene.pieces
    ]
    assert bens  # Ben's score counter wears his colour on the table too
    assert all(window.view.table_scene.pieces[pid].colour.name() == teal for pid in bens)
    monkeypatch.setattr(QColorDialog, "getColor", lambda *args: QColor("#123456"))
    right_click(chip)
    choose(chip.context_menu, "Other colour")
    assert table.seats[1].colour == "#123456"
    assert table.history.undo_label == "Ben's colour"
    window.activateWindow()
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert table.seats[1].colour == teal


def test_alt_shows_a_hand_card_large_but_never_behind_the_privacy_screen(window):
    bar, table = window.hand_bar, window.session.table
    table.draw("deck", 0, 3)
    first = table.hand(0).contents[0]
    face = table.visible_face(first, 0)
    over = hand_point(window, 0)
    # Moving over the hand with Alt held shows the card under the mouse.
    send_mouse(bar, QEvent.Type.MouseMove, over, Qt.MouseButton.NoButton, NO_BUTTONS, ALT)
    assert bar.lens is not None and bar.lens.isVisible()
    assert bar.lens.asset == f"cards/{face}"
    QApplication.sendEvent(bar, QEvent(QEvent.Type.Leave))
    assert not bar.lens.isVisible()
    # Pressing Alt (the key goes to the table view) with the mouse resting on the card.
    QCursor.setPos(bar.mapToGlobal(over))
    view = window.view
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Alt, ALT))
    assert bar.lens.isVisible() and not view.magnifier.isVisible()
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_Alt, NO_KEYS))
    assert not bar.lens.isVisible()
    # Behind the privacy screen the hand shows nothing, large or small.
    window.session.set_covered(True)
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Alt, ALT))
    assert not bar.lens.isVisible()


def ctrl_click(bar, point: QPoint) -> None:
    """Ctrl+click in the hand bar."""
    send_mouse(bar, QEvent.Type.MouseButtonPress, point, mods=CTRL)
    send_mouse(bar, QEvent.Type.MouseButtonRelease, point, LEFT, NO_BUTTONS, CTRL)


def test_cards_picked_with_ctrl_click_are_played_side_by_side_as_one_step(window):
    view, table, bar = window.view, window.session.table, window.hand_bar
    key_over(view, (0, 0), Qt.Key.Key_4, text="4")
    hand = list(table.hand(0).contents)
    ctrl_click(bar, hand_point(window, 1))
    ctrl_click(bar, hand_point(window, 3))
    assert bar.selection() == [hand[1], hand[3]]
    ctrl_click(bar, hand_point(window, 1))  # a second Ctrl+click puts a card back
    ctrl_click(bar, hand_point(window, 1))
    steps = len(table.history)
    # Dragging one picked card takes both: side by side, in hand order, around the drop.
    felt = view.viewport().mapToGlobal(view_point(view, (300, 200)))
    lifted = hand_point(window, 3) - QPoint(0, 10)  # a picked card stands out of the hand
    drag_pixels(bar, lifted, to_hand_bar(window, felt))
    one, two = (table.objects[card] for card in (hand[1], hand[3]))
    assert one.parent is None and two.parent is None and one.face_up and two.face_up
    assert one.x < 300 < two.x and one.y == two.y and abs(one.y - 200) < 4
    assert abs((one.x + two.x) / 2 - 300) < 4
    assert table.hand(0).contents == [hand[0], hand[2]]
    assert table.history.undo_label == f"Ann plays {one.face_words}, {two.face_words}"
    assert one.face_words.startswith("the ") and " of " in one.face_words
    assert len(table.history) == steps + 1 and bar.selection() == []
    window.session.undo()
    assert table.hand(0).contents == hand


def test_picked_cards_go_to_another_seat_or_move_as_a_block_in_the_hand(window):
    table, bar = window.session.table, window.hand_bar
    key_over(window.view, (0, 0), Qt.Key.Key_4, text="4")
    hand = list(table.hand(0).contents)
    ctrl_click(bar, hand_point(window, 2))
    ctrl_click(bar, hand_point(window, 3))
    drag_pixels(bar, hand_point(window, 2) - QPoint(0, 10), hand_point(window, 0))
    assert table.hand(0).contents == [hand[2], hand[3], hand[0], hand[1]]
    ctrl_click(bar, hand_point(window, 2))  # still picked: hand[2], hand[3], and now hand[0]
    assert set(bar.selection()) == {hand[0], hand[2], hand[3]}
    (seat, row), *_ = bar.other_rows()
    drag_pixels(bar, hand_point(window, 0) - QPoint(0, 10), row.center().toPoint())
    assert table.hand(seat).contents == [hand[2], hand[3], hand[0]]
    assert table.hand(0).contents == [hand[1]]
    assert table.history.undo_label == f"Give 3 cards to {table.seats[seat].name}"
    # A plain click on a card that is not picked lets the others go.
    ctrl_click(bar, hand_point(window, 0))
    send_mouse(bar, QEvent.Type.MouseButtonPress, QPoint(5, 5))
    assert bar.selection() == []


def test_the_seats_menu_holds_each_seats_own_menu(window):
    menu, table = window.seats_menu, window.session.table
    menu.aboutToShow.emit()  # as when the menu opens: built from the seats as they are
    seats = [action for action in menu.actions() if action.menu() is not None]
    assert [action.text() for action in seats] == [seat.name for seat in table.seats]
    choose(seats[1].menu(), "Purple")
    assert table.seats[1].colour == "#9b59b6"
    assert window.pass_action in menu.actions()  # P passes the screen, as before


def test_a_card_dragged_along_the_hand_shows_a_gold_insertion_marker(window, handler_errors_fail):
    table, bar = window.session.table, window.hand_bar
    key_over(window.view, (0, 0), Qt.Key.Key_3, text="3")
    start = hand_point(window, 0)
    end = QPoint(round(bar.hand_area().right() - 20), bar.height() // 2)
    send_mouse(bar, QEvent.Type.MouseButtonPress, start)
    send_mouse(bar, QEvent.Type.MouseMove, end, NO_BUTTONS, LEFT)
    assert bar.hint_index == 3
    assert not handler_errors_fail, handler_errors_fail[0]
    picture = bar.grab().toImage()
    x = round(bar.card_rects(3)[-1].right() + 4)
    y = round(bar.hand_area().center().y())
    assert picture.pixelColor(x, y).name() == "#ffd75e"
    send_mouse(bar, QEvent.Type.MouseButtonRelease, end, LEFT, NO_BUTTONS)
    assert len(table.hand(0).contents) == 3


def test_a_hand_card_dropped_on_a_seats_name_plate_goes_to_that_hand(window):
    from vtt.ui.scene import seat_plate

    view, table, bar = window.view, window.session.table, window.hand_bar
    key_over(view, (0, 0), Qt.Key.Key_1, text="1")
    (card,) = table.hand(0).contents
    plate = seat_plate(1, len(table.seats)).center()
    felt = view.viewport().mapToGlobal(view_point(view, plate))
    drag_pixels(bar, hand_point(window, 0), to_hand_bar(window, felt))
    assert table.hand(1).contents == [card] and table.hand(0).contents == []
    assert table.objects[card].parent == "hand-1"


def test_a_card_dragged_from_the_table_over_the_hand_stays_under_the_cursor(window):
    """Outside the table view the card item is clipped away: a picture of it follows the
    cursor over the hand (the gold marker alone showed, the card seemed lost)."""
    from vtt.ui.handbar import CardGhost

    view, table, bar = window.view, window.session.table, window.hand_bar
    port = view.viewport()
    joker = table.objects["joker-1"]
    start = view_point(view, (joker.x, joker.y))
    over_hand = port.mapFromGlobal(bar.mapToGlobal(QPoint(300, bar.height() // 2)))
    send_mouse(port, QEvent.Type.MouseButtonPress, start)
    for n in range(1, 7):
        at = start + (over_hand - start) * (n / 6)
        send_mouse(port, QEvent.Type.MouseMove, at, NO_BUTTONS, LEFT)
    ghosts = [g for g in window.findChildren(CardGhost) if g.isVisible()]
    assert len(ghosts) == 1 and ghosts[0].asset == "cards/JkR"
    cursor = window.mapFromGlobal(port.mapToGlobal(over_hand))
    assert ghosts[0].geometry().contains(cursor)
    back_on_felt = view_point(view, (300, 100))
    send_mouse(port, QEvent.Type.MouseMove, back_on_felt, NO_BUTTONS, LEFT)
    assert not [g for g in window.findChildren(CardGhost) if g.isVisible()]
    send_mouse(port, QEvent.Type.MouseMove, over_hand, NO_BUTTONS, LEFT)
    send_mouse(port, QEvent.Type.MouseButtonRelease, over_hand, LEFT, NO_BUTTONS)
    assert table.hand(0).contents == ["joker-1"]
    assert not [g for g in window.findChildren(CardGhost) if g.isVisible()]


def painted_faces(bar, monkeypatch) -> set[str]:
    """The assets the hand bar paints when drawn now."""
    painted: list[str] = []
    real_paint = bar.art.paint
    monkeypatch.setattr(bar.art, "paint", lambda p, a, r: (painted.append(a), real_paint(p, a, r)))
    bar.grab()
    monkeypatch.setattr(bar.art, "paint", real_paint)
    return set(painted)


def test_a_saved_table_reopens_behind_the_privacy_screen(qtbot, window, tmp_path, monkeypatch):
    """Saved with Ben at the screen, the table opens (here, or in a window just started)
    behind the privacy screen: no hand shows until the seat named on it clicks."""
    from conftest import make_window

    session, table = window.session, window.session.table
    table.deal("deck", 2)
    faces = {
        seat: {f"cards/{table.objects[c].face}" for c in table.hand(seat).contents}
        for seat in range(3)
    }
    every_face = set().union(*faces.values())
    send_mouse(window.seat_bar.chips[1], QEvent.Type.MouseButtonPress, QPoint(20, 10))
    send_mouse(window.hand_bar, QEvent.Type.MouseButtonPress, QPoint(100, 100))
    assert session.active_seat == 1 and not session.covered
    path = tmp_path / "ben-at-the-screen.jtable"
    assert window.save_to(path)

    later = make_window(qtbot)
    for opened in (window, later):
        assert opened.open_path(path)
        bar = opened.hand_bar
        at_screen = opened.session.active_seat
        assert opened.session.covered
        assert not every_face & painted_faces(bar, monkeypatch)
        send_mouse(bar, QEvent.Type.MouseButtonPress, QPoint(100, 100))
        assert not opened.session.covered
        assert faces[at_screen] <= painted_faces(bar, monkeypatch)


def test_a_table_with_nothing_in_any_hand_opens_uncovered(window, tmp_path):
    path = tmp_path / "empty-hands.jtable"
    assert window.save_to(path)
    assert window.open_path(path)
    assert not window.session.covered
