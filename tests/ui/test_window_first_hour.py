"""A newcomer's first minutes at the table: keys, the magnifier, status texts, tooltips."""

from __future__ import annotations

import pytest
from gestures import (
    MIDDLE,
    SHIFT,
    click,
    drag,
    hover,
    key,
    key_over,
    open_and_escape_menu,
    paint_windows,
    view_point,
)

from vtt.rules.setups import load_setup
from vtt.ui.qt import QApplication, QEvent, QHelpEvent, Qt, QToolTip
from vtt.ui.statusbar import STATUS_MS


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


def test_alt_pressed_and_let_go_leaves_no_magnifier_and_f_still_flips(qtbot, window):
    """Alt alone must not put the menu bar in keyboard mode: the next F flips the card."""
    window.activateWindow()
    qtbot.waitActive(window)
    view, table = window.view, window.session.table
    joker = table.objects["joker-1"]
    click(view, (600, 500))  # the felt
    hover(view, (joker.x, joker.y))
    qtbot.keyPress(window.focusWidget(), Qt.Key.Key_Alt, Qt.KeyboardModifier.AltModifier)
    assert view.magnifier.isVisible()
    qtbot.keyRelease(window.focusWidget(), Qt.Key.Key_Alt)
    paint_windows()
    assert not view.magnifier.isVisible()
    assert window.focusWidget() is view
    qtbot.keyClick(window.focusWidget(), Qt.Key.Key_F)
    paint_windows()
    assert QApplication.activePopupWidget() is None
    assert not table.objects["joker-1"].face_up


def test_a_middle_drag_moves_the_whole_stack_and_on_the_felt_pans(window):
    view, table = window.view, window.session.table
    deck = table.objects["deck"]
    count = len(deck.contents)
    drag(view, (deck.x, deck.y), (deck.x + 300, deck.y + 100), button=MIDDLE)
    assert table.objects["deck"].parent is None and len(table.objects["deck"].contents) == count
    assert (deck.x, deck.y) == pytest.approx((0 + 300, 0 + 100), abs=3)
    assert table.history.undo_label == "Move Deck"
    before = view.mapToScene(view.viewport().rect().center())
    drag(view, (600, 500), (500, 450), button=MIDDLE)
    after = view.mapToScene(view.viewport().rect().center())
    assert after.x() > before.x() + 50


def show_tooltip(view, point) -> str:
    """Hover a scene point and let the tooltip come, as resting the mouse does."""
    hover(view, point)
    pos = view_point(view, point)
    event = QHelpEvent(QEvent.Type.ToolTip, pos, view.viewport().mapToGlobal(pos))
    QApplication.sendEvent(view.viewport(), event)
    paint_windows()
    return QToolTip.text() if QToolTip.isVisible() else ""


def test_a_stacks_tooltip_goes_when_the_stack_fans_out(qtbot, window):
    window.activateWindow()
    qtbot.waitActive(window)
    view, table = window.view, window.session.table
    deck = table.objects["deck"]
    assert show_tooltip(view, (deck.x, deck.y)) == "Deck: 65 cards"
    key(view, Qt.Key.Key_G, text="g")
    assert "deck" not in table.objects  # fanned out into a row of cards
    # Qt lets a hidden tooltip go a moment later; left alone it would stay for 10 s.
    qtbot.waitUntil(lambda: not QToolTip.isVisible())


def joker_rules_at_top(magnifier) -> bool:
    """True if the magnified Rule Card has its purple JOKER RULES band at the top (it is
    at the foot of the card's upright picture, written upside down)."""
    image = magnifier.grab().toImage()
    card_height = image.height() - 16

    def purple(top: float, bottom: float) -> int:
        found = 0
        for y in range(round(card_height * top), round(card_height * bottom), 2):
            for x in range(8, image.width() - 16, 2):
                colour = image.pixelColor(x, y)
                found += colour.blue() > 120 and colour.red() > 90 and colour.green() < 90
        return found

    top, bottom = purple(0.02, 0.2), purple(0.8, 0.98)
    assert top + bottom > 50, "no purple band found: is the Rule Card's art the same?"
    return top > bottom


@pytest.mark.parametrize(("turns", "joker_side_up"), [(0, False), (1, True), (2, False)])
def test_the_magnifier_shows_the_rule_card_the_way_up_it_lies(qtbot, window, turns, joker_side_up):
    """Turned half round (Shift+E), the Rule Card's Joker rules are the right way up on the
    table, and so in the magnifier; turned back, its usual side is."""
    window.activateWindow()
    qtbot.waitActive(window)
    view, table = window.view, window.session.table
    card = table.objects["rule-card-1"]
    hover(view, (card.x, card.y))
    for _ in range(turns):
        key(view, Qt.Key.Key_E, SHIFT, "E")
    assert card.rotation == (180.0 * turns) % 360
    qtbot.keyPress(view, Qt.Key.Key_Alt, Qt.KeyboardModifier.AltModifier)
    assert view.magnifier.isVisible() and view.magnifier.asset == "cards/rule-card-front"
    assert joker_rules_at_top(view.magnifier) is joker_side_up
    qtbot.keyRelease(view, Qt.Key.Key_Alt)


def test_a_card_a_quarter_turn_round_magnifies_level_and_upright(qtbot, window):
    view, table = window.view, window.session.table
    card = table.objects["rule-card-1"]
    hover(view, (card.x, card.y))
    key(view, Qt.Key.Key_E, text="e")
    key(view, Qt.Key.Key_E, text="e")
    assert card.rotation == 90.0
    qtbot.keyPress(view, Qt.Key.Key_Alt, Qt.KeyboardModifier.AltModifier)
    assert view.magnifier.isVisible() and not joker_rules_at_top(view.magnifier)
    qtbot.keyRelease(view, Qt.Key.Key_Alt)


def test_a_status_text_fades_after_a_few_seconds_back_to_the_hint(window):
    bar, view = window.statusBar(), window.view
    deck = window.session.table.objects["deck"]
    key_over(view, (deck.x, deck.y), Qt.Key.Key_C, text="c")
    assert bar.currentMessage() == "Deck: 65 cards"
    assert bar.fade_timer.isActive() and bar.fade_timer.interval() == STATUS_MS
    bar.fade_timer.timeout.emit()  # the few seconds pass
    paint_windows()
    assert bar.currentMessage() == "" and window.hint.isVisible()


def test_a_status_text_said_without_a_time_fades_too(window):
    bar = window.statusBar()
    window.start_table(load_setup("janken-sandbox"), 2)
    assert bar.currentMessage().startswith("New table: Janken Sandbox")
    assert bar.fade_timer.isActive() and bar.fade_timer.interval() == STATUS_MS


def test_the_next_action_takes_the_last_ones_status_text_away(window):
    bar, view, table = window.statusBar(), window.view, window.session.table
    deck = table.objects["deck"]
    key_over(view, (deck.x, deck.y), Qt.Key.Key_C, text="c")
    assert bar.currentMessage() == "Deck: 65 cards"
    joker = table.objects["joker-1"]
    drag(view, (joker.x, joker.y), (joker.x + 200, joker.y + 300))
    assert table.history.undo_label == "Move JkR"
    assert bar.currentMessage() == "" and not bar.fade_timer.isActive()


def test_keys_reach_the_table_after_a_menu_is_opened_and_closed_with_esc(qtbot, window):
    """Esc on a menu opened with the mouse closes it and hands the keys back to the table:
    the menu bar must not keep them, unseen, for its keyboard mode."""
    window.activateWindow()
    qtbot.waitActive(window)
    bar, view, table = window.menuBar(), window.view, window.session.table
    assert open_and_escape_menu(bar) is bar.actions()[0].menu()  # File
    assert QApplication.activePopupWidget() is None
    assert QApplication.focusWidget() is view
    assert bar.activeAction() is None  # no menu title left in keyboard mode
    deck = table.objects["deck"]
    hover(view, (deck.x, deck.y))
    key(QApplication.focusWidget(), Qt.Key.Key_3, text="3")
    assert len(table.hand(0).contents) == 3


def test_on_a_screen_too_small_for_it_the_window_opens_maximized(qtbot):
    """The offscreen screen (800x800) has less room than the window's usual size and its
    title bar: shown at that size, the status bar would lie below the screen's edge (as
    on a 1366x768 laptop), so the window manager is asked to fit it instead."""
    from vtt.ui.app import start_window
    from vtt.ui.window import USUAL_SIZE

    room = QApplication.primaryScreen().availableGeometry()
    assert USUAL_SIZE.height() > room.height() - 40
    window = start_window()
    qtbot.addWidget(window)
    assert window.isMaximized()


def whole_felt_shown(view) -> bool:
    """True if the whole felt (and its rim) lies inside the view."""
    from vtt.ui.scene import FELT

    return view.viewport().rect().contains(view.mapFromScene(FELT).boundingRect())


@pytest.mark.parametrize("height", [600, 1100])
def test_the_table_fits_the_view_again_when_the_window_changes_size(qtbot, window, height):
    """Maximized by the window manager after its first showing, or resized by the person,
    the window shows the whole table, as large as it fits, until the person zooms."""
    view = window.view
    first = view.zoom()
    window.resize(1400, height)
    paint_windows()
    assert whole_felt_shown(view)
    assert (view.zoom() < first) if height < 950 else (view.zoom() > first)
    fitted = view.zoom()
    qtbot.keyClick(view, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    zoomed = view.zoom()
    assert zoomed == pytest.approx(fitted * 1.25)
    window.resize(1400, 950)
    paint_windows()
    assert view.zoom() == pytest.approx(zoomed)


def test_keys_forget_the_piece_once_the_cursor_leaves_the_table(window):
    """Pointing at a card in the hand (or at the log) and pressing Del must not delete the
    card last hovered on the table, nor 2 draw from the deck the cursor left."""
    from vtt.ui.qt import QEnterEvent, QPointF

    view, table = window.view, window.session.table
    port = view.viewport()
    joker, deck = table.objects["joker-2"], table.objects["deck"]
    hover(view, (joker.x, joker.y))
    QApplication.sendEvent(port, QEvent(QEvent.Type.Leave))  # the cursor goes off the view
    key(view, Qt.Key.Key_Delete)
    assert "joker-2" in table.objects
    key(view, Qt.Key.Key_2, text="2")
    assert table.hand(0).contents == []
    # Coming back over the deck (the window opening under the cursor, say), without a move:
    at = QPointF(view_point(view, (deck.x, deck.y)))
    QApplication.sendEvent(port, QEnterEvent(at, at, QPointF(port.mapToGlobal(at.toPoint()))))
    key(view, Qt.Key.Key_2, text="2")
    assert len(table.hand(0).contents) == 2


def shuffled_top(window) -> list[str]:
    """Shuffle the deck with R over it and draw three: the faces drawn."""
    table = window.session.table
    deck = table.objects["deck"]
    key_over(window.view, (deck.x, deck.y), Qt.Key.Key_R, text="r")
    key_over(window.view, (deck.x, deck.y), Qt.Key.Key_3, text="3")
    return [table.objects[card].face for card in table.hand(0).contents]


def test_every_table_shuffles_its_own_way(qtbot):
    """Each table laid out in the window (at launch or by New table) had seed 0: the deck
    shuffled into the same order at every launch, KR 7S JW on top."""
    from vtt.ui.window import TableWindow

    first, second = TableWindow(), TableWindow()
    for window in (first, second):
        qtbot.addWidget(window)
        window.show()
    assert shuffled_top(first) != shuffled_top(second)
    first.start_table(load_setup("janken-deck-games"), 2)
    second.start_table(load_setup("janken-deck-games"), 2)
    assert shuffled_top(first) != shuffled_top(second)
