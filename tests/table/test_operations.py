"""Each table operation: what it does, that undo reverts it and redo repeats it."""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from vtt.janken import full_deck
from vtt.table import (
    SEAT_COLOURS,
    Bag,
    CardPiece,
    Change,
    Counter,
    Die,
    Seat,
    Stack,
    Table,
    TableError,
    Token,
    hand_id,
)


def new_table(seats: int = 3, cards: int = 10) -> Table:
    """A table with a face-down stack ``deck`` of the first ``cards`` cards, a die,
    a bag, a token, a counter and a loose face-up card ``loose``."""
    table = Table(seats, seed=7)
    with table.batch("set up"):
        table.add(Stack("deck", x=0, y=0))
        for card in full_deck()[:cards]:
            table.add(CardPiece(f"c-{card}", face=str(card), face_up=False, parent="deck"))
        table.add(CardPiece("loose", face="QL", x=300, y=0))
        table.add(Die("die", x=-300))
        table.add(Bag("bag", x=0, y=300))
        table.add(Token("token", face="seat-1", x=100, y=300))
        table.add(Counter("score", label="Score", x=200, y=300))
    table.history.clear()
    return table


def undo_redo_round_trip(table: Table, action: Callable[[], object]) -> None:
    """Do ``action``; undo must restore the table exactly and redo must repeat it."""
    before = (copy.deepcopy(table.objects), table.seats)
    action()
    assert table.problems() == []
    after = (copy.deepcopy(table.objects), table.seats)
    assert after != before
    assert table.undo() is not None
    assert (table.objects, table.seats) == before
    assert table.redo() is not None
    assert (table.objects, table.seats) == after


def deck(table: Table) -> Stack:
    piece = table.get("deck")
    assert isinstance(piece, Stack)
    return piece


def test_move_brings_to_front_and_undoes() -> None:
    table = new_table()
    undo_redo_round_trip(table, lambda: table.move({"loose": (10, 20), "token": (30, 40)}))
    assert (table.get("loose").x, table.get("loose").y) == (10, 20)
    assert table.on_table()[-1].id in {"loose", "token"}


def test_flip_card_and_flip_stack_reverses_order() -> None:
    table = new_table()
    undo_redo_round_trip(table, lambda: table.flip("loose"))
    assert table.get("loose").face_up is False
    order = list(deck(table).contents)
    undo_redo_round_trip(table, lambda: table.flip("deck"))
    assert deck(table).contents == order[::-1]
    assert all(table.get(c).face_up for c in order)


def test_rotate_any_angle() -> None:
    table = new_table()
    undo_redo_round_trip(table, lambda: table.rotate("loose", 45))
    table.rotate("loose", 180)
    table.rotate("loose", 180)
    assert table.get("loose").rotation == 45


def test_stack_card_onto_card_makes_a_stack() -> None:
    table = new_table()
    table.move({"token": (0, 0)})
    table.add(CardPiece("other", face="AR", x=500, y=0))
    undo_redo_round_trip(table, lambda: table.stack_onto("loose", "other"))
    stack = table.get(table.get("loose").parent or "")
    assert isinstance(stack, Stack)
    assert stack.contents == ["other", "loose"]
    assert (stack.x, stack.y) == (500, 0)


def test_stack_onto_top_and_bottom() -> None:
    table = new_table()
    undo_redo_round_trip(table, lambda: table.stack_onto("loose", "deck"))
    assert deck(table).top == "loose"
    table.undo()
    table.stack_onto("loose", "deck", bottom=True)
    assert deck(table).contents[0] == "loose"


def test_stack_a_stack_onto_a_stack_keeps_order() -> None:
    table = new_table(cards=6)
    small = table.take("deck", 3, (400, 400))
    lower = list(deck(table).contents)
    upper = list(table.get(small).contents)  # type: ignore[attr-defined]
    undo_redo_round_trip(table, lambda: table.stack_onto(small, "deck"))
    assert deck(table).contents == lower + upper
    assert small not in table.objects


def test_take_top_cards_and_bottom_card() -> None:
    table = new_table(cards=5)
    top_two = deck(table).contents[-2:]
    undo_redo_round_trip(table, lambda: table.take("deck", 2, (50, 50)))
    taken = table.get(table.get(top_two[0]).parent or "")
    assert isinstance(taken, Stack) and taken.contents == top_two
    bottom = deck(table).contents[0]
    single = table.take("deck", 1, (70, 70), from_bottom=True)
    assert single == bottom and table.get(bottom).parent is None


def test_stack_left_with_one_card_becomes_that_card() -> None:
    table = new_table(cards=2)
    first, second = deck(table).contents
    table.take("deck", 1, (200, 200))
    assert "deck" not in table.objects
    assert table.get(first).parent is None
    assert (table.get(first).x, table.get(first).y) == (0, 0)
    assert table.problems() == []
    table.undo()
    assert deck(table).contents == [first, second]


def test_take_every_card_moves_the_stack() -> None:
    table = new_table(cards=4)
    assert table.take("deck", 4, (90, 90)) == "deck"
    assert (deck(table).x, deck(table).y) == (90, 90)
    with pytest.raises(TableError, match="cannot take 5 cards from a stack of 4"):
        table.take("deck", 5)


def test_shuffle_is_seeded_and_undo_restores_order() -> None:
    a, b = new_table(cards=30), new_table(cards=30)
    order = list(deck(a).contents)
    undo_redo_round_trip(a, lambda: a.shuffle("deck"))
    b.shuffle("deck")
    assert deck(a).contents == deck(b).contents != order
    a.undo()
    assert deck(a).contents == order
    a.shuffle("deck")  # a new shuffle after undo gives a new order
    assert deck(a).contents != deck(b).contents


def test_deal_round_robin_and_running_out() -> None:
    table = new_table(seats=3, cards=10)
    top_first = deck(table).contents[::-1]
    undo_redo_round_trip(table, lambda: table.deal("deck", 3))
    for seat in range(3):
        assert table.hand(seat).contents == top_first[seat:9:3]
    assert table.get(top_first[9]).parent is None  # the last card is loose now
    assert table.deal(top_first[9], 5) == 1
    assert table.hand(0).contents[-1] == top_first[9]


def test_deal_to_chosen_seats() -> None:
    table = new_table(seats=4, cards=10)
    assert table.deal("deck", 2, seats=[1, 3]) == 4
    assert len(table.hand(1).contents) == len(table.hand(3).contents) == 2
    assert table.hand(0).contents == []


def test_draw_play_and_reorder_hand() -> None:
    table = new_table(cards=6)
    undo_redo_round_trip(table, lambda: table.draw("deck", 1, 3))
    hand = table.hand(1).contents
    assert len(hand) == 3
    card = hand[0]
    undo_redo_round_trip(table, lambda: table.play_from_hand(card, (5, 5), face_up=True))
    assert table.get(card).parent is None and table.get(card).face_up
    table.to_hand(card, 2)
    assert table.hand(2).contents == [card]
    undo_redo_round_trip(table, lambda: table.reorder_hand(1, table.hand(1).contents[::-1]))
    with pytest.raises(TableError, match="exactly the hand's cards"):
        table.reorder_hand(1, [])


def test_hands_are_private() -> None:
    table = new_table(cards=6)
    table.draw("deck", 0, 2)
    table.flip("deck")
    mine = table.hand(0).contents[0]
    assert table.visible_face(mine, 0) is not None
    assert table.visible_face(mine, 1) is None
    assert table.visible_face(mine, None) is None
    view = table.view(1)
    top = deck(table).top
    assert view[top] == table.get(top).face  # type: ignore[attr-defined]
    hidden_in_stack = deck(table).contents[0]
    assert view[hidden_in_stack] is None
    assert view["loose"] == "QL"


def test_roll_is_seeded_and_reroll_marks_reversal() -> None:
    table = new_table()
    faces = set()
    for _ in range(60):
        faces.add(table.roll("die"))
    assert faces == {"R", "P", "S", "W", "L", "Jk"}
    die = table.get("die")
    assert isinstance(die, Die)
    table.turn_die("die", 5)
    assert die.shown == "Jk"
    undo_redo_round_trip(table, lambda: table.reroll_joker("die"))
    rolled = table.get("die")
    assert isinstance(rolled, Die) and rolled.reversed and rolled.shown != "Jk"
    with pytest.raises(TableError, match="does not show the Joker"):
        table.reroll_joker("die")
    for _ in range(40):
        assert table.roll("die", reroll_joker=True) != "Jk"


def test_lock_stops_changes() -> None:
    table = new_table()
    undo_redo_round_trip(table, lambda: table.lock("loose"))
    for action in (
        lambda: table.move({"loose": (1, 1)}),
        lambda: table.flip("loose"),
        lambda: table.rotate("loose", 90),
        lambda: table.delete("loose"),
    ):
        with pytest.raises(TableError, match="locked"):
            action()
    table.lock("loose", False)
    table.flip("loose")


def test_bag_in_and_out() -> None:
    table = new_table()
    undo_redo_round_trip(table, lambda: table.put_in_bag("token", "bag"))
    table.put_in_bag("loose", "bag")
    bag = table.get("bag")
    assert isinstance(bag, Bag) and set(bag.contents) == {"token", "loose"}
    out = table.take_from_bag("bag", (1, 2))
    assert out in {"token", "loose"} and table.get(out).parent is None
    table.take_from_bag("bag")
    with pytest.raises(TableError, match="is empty"):
        table.take_from_bag("bag")
    with pytest.raises(TableError, match="a bag cannot go into a bag"):
        table.add(Bag("bag2"))
        table.put_in_bag("bag2", "bag")


def test_counter() -> None:
    table = new_table()
    undo_redo_round_trip(table, lambda: table.set_counter("score", 12))
    counter = table.get("score")
    assert isinstance(counter, Counter) and counter.value == 12


def test_delete_and_clone_whole_stacks() -> None:
    table = new_table(cards=5)
    count = len(table.objects)
    undo_redo_round_trip(table, lambda: table.clone("deck"))
    assert len(table.objects) == count + 6
    copies = [p for p in table.objects.values() if isinstance(p, Stack) and p.id != "deck"]
    assert len(copies) == 1 and len(copies[0].contents) == 5
    assert set(copies[0].contents).isdisjoint(deck(table).contents)
    undo_redo_round_trip(table, lambda: table.delete("deck"))
    assert len(table.objects) == count
    assert not any(c.startswith("c-") for c in table.objects)


def test_batch_is_one_step_and_failure_rolls_back() -> None:
    table = new_table()
    start = copy.deepcopy(table.objects)
    with table.batch("Drag two"):
        table.move({"loose": (1, 1)})
        table.flip("loose")
    assert table.history.undo_label == "Drag two"
    table.undo()
    assert table.objects == start
    with pytest.raises(TableError), table.batch("half done"):
        table.flip("loose")
        table.flip("token")  # tokens do not flip
    assert table.objects == start
    assert table.history.undo_label is None


def test_listeners_hear_every_change() -> None:
    table = new_table()
    heard: list[Change] = []
    table.subscribe(heard.append)
    table.flip("loose")
    table.undo()
    table.redo()
    assert [sorted(c.ids) for c in heard] == [["loose"]] * 3
    assert heard[0].label == "Flip QL"
    table.unsubscribe(heard.append)
    table.flip("loose")
    assert len(heard) == 3


def test_nothing_changed_is_no_step() -> None:
    table = new_table()
    table.move({"loose": (300, 0)})  # same place, but brought to front: a step
    steps = len(table.history)
    with table.batch("nothing"):
        pass
    assert len(table.history) == steps


def test_seats_change_undoably() -> None:
    table = new_table(seats=2)
    undo_redo_round_trip(table, lambda: table.rename_seat(0, "Zoe"))
    assert table.seats[0].name == "Zoe"
    table.undo()
    assert table.seats[0].name == "Ann"
    table.set_seats([*table.seats, table.seats[0]])
    assert hand_id(2) in table.objects
    table.undo()
    assert hand_id(2) not in table.objects and len(table.seats) == 2
    table.draw("deck", 1)
    with pytest.raises(TableError, match="Ben still holds 1 cards"):
        table.set_seats(table.seats[:1])
    with pytest.raises(TableError, match="1 to 8 seats"):
        table.set_seats([])


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (lambda t: t.flip("die"), "only cards and stacks flip"),
        (lambda t: t.stack_onto("loose", "loose"), "onto itself"),
        (lambda t: t.stack_onto("token", "deck"), "only cards and stacks can be stacked"),
        (lambda t: t.stack_onto("loose", "die"), "not a loose card or stack"),
        (lambda t: t.shuffle("token"), "only stacks and hands shuffle"),
        (lambda t: t.roll("token"), "it is not a die"),
        (lambda t: t.get("nope"), "no piece 'nope'"),
        (lambda t: t.hand(5), "there is no seat 6"),
        (lambda t: t.move({hand_id(0): (0, 0)}), "cannot move a hand"),
        (lambda t: t.play_from_hand("loose", (0, 0)), "not in a hand"),
        (lambda t: t.turn_die("die", 9), "has no face 9"),
    ],
)
def test_errors_say_why_and_change_nothing(action: Callable[[Table], object], message: str) -> None:
    table = new_table()
    start = copy.deepcopy(table.objects)
    with pytest.raises(TableError, match=message):
        action(table)
    assert table.objects == start
    assert len(table.history) == 0


def test_changes_outside_a_batch_are_refused() -> None:
    table = new_table()
    with pytest.raises(RuntimeError, match=r"inside Table\.batch"):
        table._touch("loose")


def test_a_roll_is_a_step_even_when_the_face_repeats() -> None:
    table = new_table()
    steps = len(table.history)
    faces = [table.roll("die") for _ in range(30)]
    assert len(set(faces)) < len(faces)  # some face repeated
    assert len(table.history) == steps + 30
    assert table.history.undo_label == "Roll die"


def test_cards_can_be_drawn_from_a_locked_deck() -> None:
    table = new_table(cards=5)
    table.lock("deck")
    table.draw("deck", 0, 2)
    taken = table.take("deck", 1, (400, 0))
    assert table.get(taken).parent is None
    assert len(deck(table).contents) == 2 and deck(table).locked
    with pytest.raises(TableError, match="locked"):
        table.shuffle("deck")
    rest = list(deck(table).contents)
    pile = table.take("deck", 2, (500, 0))  # the cards come away; the locked deck stays put
    assert pile != "deck" and table.get(pile).contents == rest  # type: ignore[attr-defined]
    assert "deck" not in table.objects and table.problems() == []


def test_equality_ignores_the_running_counters() -> None:
    table = new_table()
    start = copy.deepcopy(table)
    table.shuffle("deck")
    table.undo()
    assert table == start
    assert table.counters() != start.counters()


def test_labels_and_messages_never_name_a_hidden_card() -> None:
    table = new_table(cards=10)
    table.shuffle("deck")
    hidden = {table.get(c).face for c in deck(table).contents}  # type: ignore[attr-defined]
    said: list[str] = []
    table.subscribe(lambda change: said.append(change.label))
    card = table.take("deck", 1, (400, 400))
    table.move({card: (450, 450)})
    table.rotate(card, 45)
    table.lock(card)
    with pytest.raises(TableError) as refused:
        table.move({card: (0, 0)})
    said.append(str(refused.value))
    table.lock(card, False)
    table.to_hand(card, 1)
    table.draw("deck", 0, 2)
    table.play_from_hand(table.hand(0).contents[0], (0, 300), face_up=False)
    table.stack_onto(table.on_table()[-1].id, "deck")
    table.delete("deck")
    assert said and not any(face in line.split() for line in said for face in hidden), said
    # Once a card is played face up, it may be named.
    table.play_from_hand(card, (100, 100))
    assert table.history.undo_label == f"Ben plays {table.get(card).face_words}"  # type: ignore[attr-defined]


def test_a_seat_changes_colour_undoably_and_only_to_a_colour() -> None:
    table = new_table(seats=2)
    undo_redo_round_trip(table, lambda: table.recolour_seat(1, "#123ABC"))
    assert table.seats[1] == Seat("Ben", "#123abc")
    table.undo()
    assert table.seats[1].colour == SEAT_COLOURS[1]
    with pytest.raises(TableError, match="'blue' is not a colour: expected #rrggbb"):
        table.recolour_seat(0, "blue")
    with pytest.raises(TableError, match="there is no seat 3"):
        table.recolour_seat(2, "#000000")


def test_renaming_a_missing_seat_is_refused() -> None:
    with pytest.raises(TableError, match="there is no seat 9"):
        new_table().rename_seat(8, "Ghost")


def test_seats_join_and_leave_with_their_own_pieces_in_one_undoable_step() -> None:
    from vtt.table import Seat
    from vtt.table.layout import add_seat, build_table, remove_seat, seat_place

    layout = {"per_seat": [{"counter": "score", "label": "Score", "at": [70, 0]}]}
    table = build_table(layout, 2)
    undo_redo_round_trip(table, lambda: add_seat(table, Seat("Cat", "#2ecc71")))
    assert table.objects["score-3"].label == "Score (Cat)"
    assert (table.objects["score-2"].x, table.objects["score-2"].y) == (
        seat_place(1, 3)[0] + 70,
        seat_place(1, 3)[1],
    )
    table.add(CardPiece("jk", face="JkR", parent=hand_id(2)))
    undo_redo_round_trip(table, lambda: remove_seat(table, 1))
    assert [s.name for s in table.seats] == ["Ann", "Cat"]
    assert table.hand(1).contents == ["jk"] and table.objects["jk"].parent == hand_id(1)
    assert table.objects["score-3"].owner == 1 and "score-2" not in table.objects
    with pytest.raises(TableError, match="Cat still holds 1 cards"):
        remove_seat(table, 1)
    table.rename_seat(1, "Kit")
    assert table.objects["score-3"].label == "Score (Kit)"
