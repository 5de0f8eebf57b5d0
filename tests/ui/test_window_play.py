"""A whole game by hand through real mouse and key events, then undone back to the start."""

from __future__ import annotations

import pytest
from conftest import copy_table
from gestures import ALT, SHIFT, double_click, drag, key_over

from vtt.table import CardPiece, Die, Stack
from vtt.ui import dialogs
from vtt.ui.qt import Qt


def deck(window) -> Stack:
    stack = window.session.table.objects["deck"]
    assert isinstance(stack, Stack)
    return stack


def test_a_game_by_hand_undoes_back_to_the_start(sandbox, monkeypatch, tmp_path):
    session, view = sandbox.session, sandbox.view
    table = session.table
    start = copy_table(table)
    here = (deck(sandbox).x, deck(sandbox).y)
    top = deck(sandbox).top

    # drag the top card off the deck onto the empty felt
    drag(view, here, (-450, 250))
    card = table.objects[top]
    assert isinstance(card, CardPiece) and card.parent is None
    assert (card.x, card.y) == (pytest.approx(-450, abs=3), pytest.approx(250, abs=3))
    assert len(deck(sandbox).contents) == 64

    # flip it with F over it
    key_over(view, (-450, 250), Qt.Key.Key_F, text="f")
    assert card.face_up

    # stack it onto the Joker of Rock: it snaps into a stack where the Joker lay
    joker = table.objects["joker-1"]
    drag(view, (-450, 250), (joker.x, joker.y))
    holder = table.objects[table.objects[top].parent or ""]
    assert isinstance(holder, Stack) and holder.contents == ["joker-1", top]
    assert (holder.x, holder.y) == (joker.x, joker.y)

    # shuffle the deck with R
    before = list(deck(sandbox).contents)
    key_over(view, here, Qt.Key.Key_R, text="r")
    assert sorted(deck(sandbox).contents) == sorted(before)
    assert deck(sandbox).contents != before

    # deal 4 to the three seats with D (the dialog answers 4)
    monkeypatch.setattr(dialogs, "ask_number", lambda *args: 4)
    key_over(view, here, Qt.Key.Key_D, text="d")
    assert [len(table.hand(s).contents) for s in range(3)] == [4, 4, 4]
    assert len(deck(sandbox).contents) == 64 - 12

    # roll each die: R over five of them, a double-click on the last
    dice = [p for p in table.on_table() if isinstance(p, Die)]
    assert len(dice) == 6
    draws = table.draws
    for die in dice[:-1]:
        key_over(view, (die.x, die.y), Qt.Key.Key_R, text="r")
    double_click(view, (dice[-1].x, dice[-1].y))
    assert table.draws == draws + 6
    assert all(0 <= d.value < len(d.faces) for d in dice)

    # undo everything: the table is exactly as it started
    steps = len(table.history)
    assert steps == 5 + 6  # drag, flip, stack, shuffle, deal, and every roll
    for _ in range(steps):
        session.undo()
    assert table.history.undo_label is None
    assert table == start
    assert set(view.table_scene.pieces) == {p.id for p in table.on_table()}

    # save and reopen: the same table comes back, with a seed of its own to shuffle anew
    session.redo()
    path = tmp_path / "game.jtable"
    assert sandbox.save_to(path)
    saved = copy_table(table)
    assert sandbox.open_path(path)
    reopened = sandbox.session.table
    assert reopened.seed != saved.seed
    saved.seed = reopened.seed
    assert reopened == saved
    assert sandbox.windowTitle().startswith("game.jtable")


def test_shift_drop_puts_the_card_at_the_bottom(window):
    view, table = window.view, window.session.table
    joker = table.objects["joker-2"]
    drag(view, (joker.x, joker.y), (deck(window).x, deck(window).y), SHIFT)
    assert deck(window).contents[0] == "joker-2"
    assert deck(window).top != "joker-2"
    joker = table.objects["joker-3"]
    drag(view, (joker.x, joker.y), (deck(window).x, deck(window).y))
    assert deck(window).top == "joker-3"


def test_alt_drag_moves_the_whole_stack(window):
    view = window.view
    count = len(deck(window).contents)
    drag(view, (deck(window).x, deck(window).y), (400, 100), ALT)
    assert (deck(window).x, deck(window).y) == (
        pytest.approx(400, abs=3),
        pytest.approx(100, abs=3),
    )
    assert len(deck(window).contents) == count


def test_dragging_the_count_badge_moves_the_whole_stack(window):
    view = window.view
    item = view.table_scene.item("deck")
    badge = item.mapToScene(item.grip_centre())
    drag(view, (badge.x(), badge.y()), (badge.x() + 200, badge.y()))
    assert deck(window).x == pytest.approx(0 + 200, abs=3)
    assert len(deck(window).contents) == 65


def test_dropping_on_a_bag_puts_the_piece_in_and_double_click_takes_one_out(sandbox):
    view, table = sandbox.view, sandbox.session.table
    bag, token = table.objects["bag"], table.objects["token-r"]
    drag(view, (token.x, token.y), (bag.x, bag.y))
    assert table.objects["token-r"].parent == "bag"
    double_click(view, (bag.x, bag.y))
    assert table.objects["token-r"].parent is None
    assert table.objects["bag"].contents == []
