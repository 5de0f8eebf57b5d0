"""The free table's log: dice and shuffles said in words, undo told, the end in view."""

from __future__ import annotations

from gestures import double_click, key, key_over, paint_windows

from vtt.table import Die
from vtt.ui.commands import face_words
from vtt.ui.qt import Qt

SUITS = {"R": "Rock", "P": "Paper", "S": "Scissors", "W": "Water", "L": "Lizard", "Jk": "Joker"}


def roll_over(window, die_id: str) -> Die:
    """Press R over a die on the table; the die after the roll."""
    die = window.session.table.objects[die_id]
    key_over(window.view, (die.x, die.y), Qt.Key.Key_R, text="r")
    return window.session.table.objects[die_id]


def test_the_pip_die_says_its_suit_on_the_status_line_and_in_the_log(qtbot, sandbox):
    bar, log = sandbox.statusBar(), sandbox.log
    for rolls in range(1, 100):  # until a Joker: the Sandbox then offers a re-roll
        die = roll_over(sandbox, "pip-die")
        assert log.lines()[-1] == f"Ann rolls the pip die: {SUITS[die.shown]}"
        assert len(log.lines()) == rolls
        if die.shown == "Jk":
            break
        assert bar.currentMessage() == log.lines()[-1]
    assert die.shown == "Jk" and bar.currentMessage().startswith("Joker!")
    qtbot.mouseClick(sandbox.joker_button, Qt.MouseButton.LeftButton)
    suit = SUITS[die.shown]
    said = f"Ann re-rolls the Joker on the pip die: {suit}, under reversed (Joker) rules"
    assert die.reversed and log.lines()[-1] == said and bar.currentMessage() == said
    die = roll_over(sandbox, "pip-die")
    assert die.shown != "Jk"
    said = f"Ann rolls the pip die: {SUITS[die.shown]}"
    assert log.lines()[-1] == said and bar.currentMessage() == said


def test_a_rank_die_says_its_rank(sandbox):
    die = roll_over(sandbox, "rank-die-w")
    rank = {"J": "a Jack", "Q": "a Queen", "pip": "the pip (Ace or King)"}.get(die.shown, die.shown)
    said = f"Ann rolls {rank} on the Water rank die"
    assert sandbox.statusBar().currentMessage() == said
    assert sandbox.log.lines() == [said]


def test_a_shuffle_and_an_undo_are_in_the_log_too(sandbox):
    deck = sandbox.session.table.objects["deck"]
    key_over(sandbox.view, (deck.x, deck.y), Qt.Key.Key_R, text="r")
    key(sandbox.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sandbox.log.lines() == ["Ann shuffles the deck", "Ann undoes: Shuffle Deck"]


def test_a_piece_taken_from_the_bag_is_in_the_log_a_face_down_card_unnamed(sandbox):
    table = sandbox.session.table
    bag = table.objects["bag"]
    table.put_in_bag("token-r", "bag")
    double_click(sandbox.view, (bag.x, bag.y))
    said = "Ann takes the Rock token out of the bag"
    assert sandbox.log.lines() == [said] and sandbox.statusBar().currentMessage() == said
    # A face-down card comes out face down: the log says a card, never which one.
    card = table.take("deck", 1, (-300.0, 200.0))
    if table.objects[card].face_up:
        table.flip(card)
    table.put_in_bag(card, "bag")
    double_click(sandbox.view, (bag.x, bag.y))
    assert table.objects[card].parent is None and not table.objects[card].face_up
    assert sandbox.log.lines()[-1] == "Ann takes a face-down card out of the bag"
    assert table.objects[card].face not in sandbox.log.lines()[-1]


def test_the_log_keeps_its_last_line_in_view(sandbox):
    log = sandbox.log
    scroll = log.verticalScrollBar()
    while scroll.maximum() < 150:
        die = roll_over(sandbox, "rank-die-r")
        paint_windows()
        assert log.lines()[-1].endswith(f"{face_words(die.shown)} on the Rock rank die")
        last = log.visualItemRect(log.item(log.count() - 1))
        assert log.viewport().rect().contains(last), f"after {log.count()} rolls"


def test_a_new_table_starts_a_new_log(sandbox):
    roll_over(sandbox, "pip-die")
    assert sandbox.log.count() == 1
    sandbox.start_table(sandbox.setups[0], 2)
    assert sandbox.log.count() == 0


def ink_pixels(widget) -> int:
    """How many pixels of a widget differ clearly from its ground (its text)."""
    image = widget.viewport().grab().toImage()
    ground = image.pixelColor(2, image.height() - 3).lightness()
    return sum(
        abs(image.pixelColor(x, y).lightness() - ground) > 60
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
    )


def test_the_empty_log_says_what_it_will_hold_until_its_first_line(sandbox):
    """An empty dark panel beside the table told a newcomer nothing."""
    log = sandbox.log
    assert log.lines() == []
    paint_windows()
    assert ink_pixels(log) > 40
    assert log.placeholder.startswith("Rolls, shuffles, what comes out of a bag and undos")
    roll_over(sandbox, "rank-die-r")
    assert len(log.lines()) == 1
    sandbox.start_table(sandbox.setups[0], 2)  # a new table: its log starts afresh
    paint_windows()
    assert log.lines() == [] and ink_pixels(log) > 40
