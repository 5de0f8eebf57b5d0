"""Keys, menus, counters, dice and stack commands on the table."""

from __future__ import annotations

from itertools import pairwise

import pytest
from gestures import CTRL, click, double_click, drag, hover, key, key_over
from pytestqt.qtbot import QtBot

from vtt.table import CardPiece, Die, Stack
from vtt.ui import dialogs
from vtt.ui.menus import piece_menu
from vtt.ui.qt import QApplication, QEvent, QKeyEvent, QPointF, Qt


def test_rotate_lock_delete_and_clone_by_keys(window):
    view, table = window.view, window.session.table
    joker = table.objects["joker-1"]
    at = (joker.x, joker.y)
    key_over(view, at, Qt.Key.Key_E, text="e")
    assert table.objects["joker-1"].rotation == 45
    key_over(view, at, Qt.Key.Key_Q, text="q")
    key_over(view, at, Qt.Key.Key_Q, Qt.KeyboardModifier.ShiftModifier, "Q")
    assert table.objects["joker-1"].rotation == 180
    key_over(view, at, Qt.Key.Key_L, text="l")
    assert table.objects["joker-1"].locked
    drag(view, at, (500, 300))
    assert (table.objects["joker-1"].x, table.objects["joker-1"].y) == at
    assert "locked" in window.statusBar().currentMessage()
    key_over(view, at, Qt.Key.Key_L, text="l")
    key_over(view, at, Qt.Key.Key_C, CTRL)
    hover(view, (400, 300))
    key(view, Qt.Key.Key_V, CTRL)
    copies = [p for p in table.on_table() if isinstance(p, CardPiece) and p.face == "JkR"]
    assert len(copies) == 2
    copy = next(p for p in copies if p.id != "joker-1")
    assert abs(copy.x - 400) < 3 and abs(copy.y - 300) < 3
    key_over(view, (copy.x, copy.y), Qt.Key.Key_Delete)
    assert copy.id not in table.objects


def test_keys_act_on_the_selection_when_no_piece_is_under_the_cursor(window):
    view, table = window.view, window.session.table
    first, second = table.objects["joker-1"], table.objects["joker-2"]
    click(view, (first.x, first.y))
    click(view, (second.x, second.y), CTRL)
    assert set(view.table_scene.selected_ids()) == {"joker-1", "joker-2"}
    key_over(view, (600, 500), Qt.Key.Key_F, text="f")
    assert not first.face_up and not second.face_up
    assert table.history.undo_label == "Flip 2 pieces"
    drag(view, (first.x, first.y), (first.x, first.y + 300))
    assert first.y == pytest.approx(-190 + 300, abs=3)
    assert second.y == pytest.approx(-190 + 300, abs=3)
    window.session.undo()
    assert table.objects["joker-1"].y == table.objects["joker-2"].y == -190


def test_rubber_band_selects_the_pieces_inside(window):
    view = window.view
    drag(view, (-330, -300), (330, -100), CTRL)
    assert set(view.table_scene.selected_ids()) == {f"joker-{n}" for n in range(1, 6)}


def test_undo_and_redo_keys(window, qtbot: QtBot):
    table = window.session.table
    table.flip("joker-1")
    qtbot.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert table.objects["joker-1"].face_up
    qtbot.keyClick(window.view, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert not table.objects["joker-1"].face_up
    assert "Flip JkR" in window.undo_action.text()


def test_fan_out_and_gather_give_back_the_same_stack(window):
    view, table = window.view, window.session.table
    deck = table.objects["deck"]
    assert isinstance(deck, Stack)
    order = list(deck.contents)
    key_over(view, (deck.x, deck.y), Qt.Key.Key_G, text="g")
    assert "deck" not in table.objects
    row = [table.objects[c] for c in order]
    assert all(c.parent is None for c in row)
    assert row[-1].x < row[0].x  # the top card lies at the left
    key_over(view, (row[0].x, row[0].y), Qt.Key.Key_G, Qt.KeyboardModifier.ShiftModifier, "G")
    stack = table.objects[row[0].parent or ""]
    assert isinstance(stack, Stack) and stack.contents == order
    assert len(table.history) == 2


def test_the_stack_menu_offers_every_stack_command(window):
    view = window.view
    menu = piece_menu(view, ["deck"], QPointF(0, 0))
    texts = [a.text() for a in menu.actions()]
    for wanted in ("Flip", "Shuffle\tR", "Deal to every seat", "Draw to Ann's hand", "Fan"):
        assert any(t.startswith(wanted) for t in texts), wanted
    assert any("Count" in t for t in texts)
    shuffle = next(a for a in menu.actions() if a.data() == "roll")
    before = list(window.session.table.objects["deck"].contents)
    shuffle.trigger()
    assert window.session.table.objects["deck"].contents != before
    deal = next(a for a in menu.actions() if a.text().startswith("Deal")).menu()
    next(a for a in deal.actions() if a.text() == "3").trigger()
    assert [len(window.session.table.hand(s).contents) for s in range(3)] == [3, 3, 3]


def test_count_says_how_many_cards(window):
    key_over(window.view, (0, 0), Qt.Key.Key_C, text="c")
    assert window.statusBar().currentMessage() == "Deck: 65 cards"


def test_counters_step_by_clicks_and_take_typed_values(window, monkeypatch):
    view, table = window.view, window.session.table
    counter = table.objects["score-1"]
    item = view.table_scene.item("score-1")
    plus = item.mapToScene(item.button_rect(1).center())
    minus = item.mapToScene(item.button_rect(-1).center())
    click(view, plus)
    click(view, plus)
    click(view, minus)
    assert counter.value == 1
    monkeypatch.setattr(dialogs, "ask_number", lambda *args: 42)
    double_click(view, (counter.x, counter.y))
    assert counter.value == 42


def test_a_pip_die_joker_offers_the_reversed_re_roll(sandbox):
    view, table = sandbox.view, sandbox.session.table
    die = table.objects["pip-die"]
    assert isinstance(die, Die)
    for _ in range(80):
        key_over(view, (die.x, die.y), Qt.Key.Key_R, text="r")
        if die.shown == "Jk":
            break
    assert die.shown == "Jk"
    assert sandbox.joker_button.isVisibleTo(sandbox)
    sandbox.joker_button.click()
    assert die.shown != "Jk" and die.reversed
    assert not sandbox.joker_button.isVisibleTo(sandbox)
    assert view.table_scene.item("pip-die").reversed


def test_alt_shows_the_magnifier_over_a_card(window):
    view = window.view
    hover(view, (0, -190))
    alt = Qt.KeyboardModifier.AltModifier
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Alt, alt))
    assert view.magnifier.isVisible() and view.magnifier.asset == "cards/JkS"
    none = Qt.KeyboardModifier.NoModifier
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_Alt, none))
    assert not view.magnifier.isVisible()


def test_refused_moves_snap_back_and_say_why(window):
    view, table = window.view, window.session.table
    table.lock("deck")
    drag(view, (0, 0), (300, 300))
    assert len(table.objects["deck"].contents) == 65
    assert view.table_scene.item("deck").pos() == QPointF(0, 0)
    assert "locked" in window.statusBar().currentMessage()


def test_shuffle_and_roll_animate_then_show_the_model(sandbox, qtbot):
    view, table = sandbox.view, sandbox.session.table
    key_over(view, (-200, 0), Qt.Key.Key_R, text="r")
    stack_item = view.table_scene.item("deck")
    assert view.commands.animator.busy()
    qtbot.waitUntil(lambda: not view.commands.animator.busy())
    assert stack_item.shuffle_phase == 0.0
    die = table.objects["pip-die"]
    key_over(view, (die.x, die.y), Qt.Key.Key_R, text="r")
    item = view.table_scene.item("pip-die")
    qtbot.waitUntil(lambda: not view.commands.animator.busy())
    assert item.tumble_face is None and item.face == table.objects["pip-die"].shown
    assert item.rotation() == table.objects["pip-die"].rotation


@pytest.mark.parametrize(("cards", "at"), [(65, (0, 0)), (65, (-500, 300)), (6, (0, 0))])
def test_a_fanned_stack_stays_on_the_felt(window, cards, at):
    """The whole deck fanned out (G) ran 2,000 units wide, past both ends of the table and
    over everything on its way; a few cards still lie a third of a card apart."""
    from vtt.table import CARD_WIDTH
    from vtt.ui.commands import FAN_STEP
    from vtt.ui.scene import FELT

    view, table = window.view, window.session.table
    table.move({"deck": at})
    deck = table.objects["deck"]
    if cards < len(deck.contents):
        table.take("deck", len(deck.contents) - cards, (600, 400))
    order = list(table.objects["deck"].contents)
    key_over(view, at, Qt.Key.Key_G, text="g")
    xs = sorted(table.objects[c].x for c in order)
    half = CARD_WIDTH / 2
    assert FELT.left() <= xs[0] - half and xs[-1] + half <= FELT.right()
    steps = {round(b - a, 3) for a, b in pairwise(xs)}
    assert len(steps) == 1  # evenly spread
    if cards < 10:
        assert steps == {round(FAN_STEP, 3)}
    key_over(view, (xs[0], at[1]), Qt.Key.Key_G, Qt.KeyboardModifier.ShiftModifier, "G")
    assert len(table.objects[table.objects[order[0]].parent].contents) == cards
