"""A shared free table: each seat's frame shows only what it may see (hidden cards as
handles that a shuffle or a hand renews), commands recorded on a seat's copy are done
on the host's table with the seat's permissions, and undo is the table's shared one."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.table.test_operations import new_table
from vtt.table import CardPiece, Stack, Table, TableError
from vtt.table.savefile import table_from_data
from vtt.table.shared import HIDDEN_FACE, Recorder, SeatFramer, SharedTable


class Seat:
    """One seat of a shared table: its frames, its copy of the table, its commands."""

    def __init__(self, shared: SharedTable, seat: int) -> None:
        self.shared, self.seat = shared, seat
        self.framer = SeatFramer(seat)
        self.frame: dict[str, Any] = {}
        self.copy = Table(1)
        self.look()

    def look(self, touched: frozenset[str] = frozenset()) -> dict[str, Any]:
        self.frame = json.loads(json.dumps(self.framer.frame(self.shared.table, touched)))
        self.copy = table_from_data(self.frame["table"])
        return self.frame

    def do(self, *operations: tuple[Any, ...], label: str | None = None) -> str:
        """Record operations (name, args[, keywords]) on this seat's copy and do them
        on the host."""
        recorder = Recorder()
        for name, args, *keywords in operations:
            recorder.call(self.copy, name, args, keywords[0] if keywords else {})
        command = {"op": "steps", "frame": self.frame["number"], "label": label}
        return self.shared.apply(
            self.seat, {**command, "steps": recorder.steps}, self.framer.resolver
        )

    def ask(self, op: str) -> str:
        return self.shared.apply(
            self.seat, {"op": op, "frame": self.frame["number"]}, self.framer.resolver
        )

    def wire(self, real: str) -> str:
        """The id this seat's last frame gave the piece ``real``."""
        sent = self.framer.sent[self.frame["number"]]
        return next(wire for wire, piece in sent.items() if piece == real)

    def pieces(self) -> dict[str, dict[str, Any]]:
        return {p["id"]: p for p in self.frame["table"]["objects"]}


def seats(count: int = 2) -> tuple[SharedTable, list[Seat]]:
    shared = SharedTable(new_table(count))
    return shared, [Seat(shared, n) for n in range(count)]


def everyone_looks(shared: SharedTable, people: list[Seat]) -> None:
    touched = shared.take_touched()
    for seat in people:
        seat.look(touched)


def faces(frame: dict[str, Any]) -> set[str]:
    return {p.get("face", "") for p in frame["table"]["objects"] if p["kind"] == "card"}


def test_a_seat_sees_its_own_hand_and_only_the_count_of_another() -> None:
    shared, (ann, ben) = seats()
    ann.do(("draw", (ann.wire("deck"), 0, 3)))
    everyone_looks(shared, [ann, ben])
    held = shared.table.hand(0).contents
    in_hand = {
        shared.table.objects[c].face for c in held if isinstance(shared.table.objects[c], CardPiece)
    }
    assert in_hand <= faces(ann.frame)
    assert not in_hand & faces(ben.frame)
    bens_view = ben.pieces()["hand-0"]["contents"]
    assert len(bens_view) == 3 and not set(bens_view) & set(held)
    for handle in bens_view:
        card = ben.pieces()[handle]
        assert card["face"] == HIDDEN_FACE and not card["face_up"] and card["label"] == ""
    # Nothing of a face-down deck's cards is sent but how many there are.
    deck = shared.table.objects["deck"]
    assert isinstance(deck, Stack)
    assert not {shared.table.objects[c].face for c in deck.contents} & faces(ben.frame)  # type: ignore[attr-defined]


def test_a_shuffle_or_a_hand_gives_hidden_cards_new_handles() -> None:
    shared, (ann, ben) = seats()
    before = set(ben.pieces()["deck"]["contents"])
    ann.do(("shuffle", (ann.wire("deck"),)))
    everyone_looks(shared, [ann, ben])
    after = set(ben.pieces()["deck"]["contents"])
    assert len(after) == len(before) and not before & after
    # A face-down card lying on the table keeps its handle while nobody touches it ...
    ann.do(("take", (ann.wire("deck"), 1, (500.0, 0.0))))
    everyone_looks(shared, [ann, ben])
    lying = [p for p in shared.table.on_table() if isinstance(p, CardPiece) and not p.face_up]
    handle = ben.wire(lying[0].id)
    ann.do(("roll", (ann.wire("die"),)))
    everyone_looks(shared, [ann, ben])
    assert ben.wire(lying[0].id) == handle
    # ... but not once it has been in a hand and out again.
    ann.do(("to_hand", (ann.wire(lying[0].id), 0)))
    everyone_looks(shared, [ann, ben])
    assert handle not in ben.pieces()
    ann.do(("play_from_hand", (ann.wire(lying[0].id), (0.0, 400.0)), {"face_up": False}))
    everyone_looks(shared, [ann, ben])
    assert ben.wire(lying[0].id) != handle and not ben.wire(lying[0].id).startswith("c-")


def test_where_a_card_lay_before_it_went_in_is_not_sent() -> None:
    shared, (ann, ben) = seats()
    ann.do(("stack_onto", (ann.wire("loose"), ann.wire("deck"))))
    ann.do(("flip", (ann.wire("deck"),)))  # the card is now the face-down bottom
    everyone_looks(shared, [ann, ben])
    for piece in ben.frame["table"]["objects"]:
        if piece["parent"] is not None:
            assert (piece["x"], piece["y"], piece["z"], piece["rotation"]) == (0.0, 0.0, 0, 0.0)


def test_a_seat_may_give_cards_but_not_take_look_or_reorder_another_hand() -> None:
    shared, (ann, ben) = seats()
    ann.do(("deal", (ann.wire("deck"), 2)))
    everyone_looks(shared, [ann, ben])
    theirs = ben.pieces()["hand-0"]["contents"]
    refusals = [
        ("to_hand", (theirs[0], 1)),
        ("play_from_hand", (theirs[0], (0.0, 0.0))),
        ("reorder_hand", (0, list(reversed(theirs)))),
        ("shuffle", ("hand-0",)),
    ]
    for name, args in refusals:
        with pytest.raises(TableError, match="Ann's hand"):
            ben.shared.apply(
                1,
                {
                    "op": "steps",
                    "frame": ben.frame["number"],
                    "label": None,
                    "steps": [{"op": name, "args": _named(name, args), "result": None}],
                },
                ben.framer.resolver,
            )
    assert shared.table.hand(0).contents == [
        shared.table.hand(0).contents[0],
        shared.table.hand(0).contents[1],
    ]
    # Giving is fine: Ben puts the face-up card into Ann's hand.
    ben.do(("to_hand", (ben.wire("loose"), 0)))
    assert "loose" in shared.table.hand(0).contents


def _named(name: str, args: tuple[Any, ...]) -> dict[str, Any]:
    import inspect

    bound = inspect.signature(getattr(Table, name)).bind(None, *args)
    return {
        k: list(v) if isinstance(v, tuple) else v for k, v in bound.arguments.items() if k != "self"
    }


def test_an_id_the_seat_was_not_sent_is_no_piece() -> None:
    shared, (ann, ben) = seats()
    hidden = shared.table.objects["deck"]
    assert isinstance(hidden, Stack)
    for probe in (hidden.contents[0], "nothing-here"):
        with pytest.raises(TableError, match="no such piece"):
            shared.apply(
                1,
                {
                    "op": "steps",
                    "frame": ben.frame["number"],
                    "label": None,
                    "steps": [{"op": "flip", "args": {"piece_id": probe}, "result": None}],
                },
                ben.framer.resolver,
            )
    # A card inside a face-down deck, or a blank in a bag, is no piece of its own either:
    # naming its handle gets the same answer (no refusal that names what it is).
    ann.do(("put_in_bag", (ann.wire("die"), ann.wire("bag"))))
    everyone_looks(shared, [ann, ben])
    inside = [ben.pieces()["deck"]["contents"][0], ben.pieces()["bag"]["contents"][0]]
    for probe in inside:
        step = {"op": "roll", "args": {"die_id": probe}, "result": None}
        command = {"op": "steps", "frame": ben.frame["number"], "label": None, "steps": [step]}
        with pytest.raises(TableError, match="no such piece"):
            shared.apply(1, command, ben.framer.resolver)
    with pytest.raises(TableError, match="try again"):
        shared.apply(1, {"op": "undo", "frame": 999}, ben.framer.resolver)


def test_a_step_that_makes_a_piece_can_be_named_by_the_next_of_the_same_command() -> None:
    shared, (ann, _ben) = seats()
    two = ann.do(
        ("take", (ann.wire("deck"), 2, (400.0, 0.0))),
        ("move", ({f"stack-{ann.copy.next_id}": (450.0, 50.0)},)),
        label="Take two and move them",
    )
    assert two == "Take two and move them"
    moved = [p for p in shared.table.on_table() if isinstance(p, Stack) and p.id != "deck"]
    assert [(p.x, p.y) for p in moved] == [(450.0, 50.0)]


def test_undo_is_shared_but_not_of_another_seats_step_in_a_third_hand() -> None:
    shared, (ann, ben) = seats()
    ann.do(("draw", (ann.wire("deck"), 0, 2)))
    everyone_looks(shared, [ann, ben])
    with pytest.raises(TableError, match="changed Ann's hand: only Ann may undo it"):
        ben.ask("undo")
    assert ann.ask("undo").startswith("Undid: Ann draws 2")
    assert shared.table.hand(0).contents == []
    ben.do(("flip", (ben.wire("loose"),)))
    everyone_looks(shared, [ann, ben])
    assert ann.ask("undo") == "Undid: Flip QL"  # anyone's step that touched no hand
    assert ben.ask("redo") == "Redid: Flip QL"


def test_a_locked_card_loses_its_mark_in_a_stack_so_it_cannot_be_followed() -> None:
    table = new_table(2)
    table.lock("loose")
    card = table.take("deck", 1, (500.0, 0.0))
    pile = table.stack_onto(card, "loose")
    assert table.objects[pile].locked and not table.objects["loose"].locked


def test_a_command_may_not_fill_the_table_past_its_limit() -> None:
    shared, (ann, _ben) = seats()
    copies = [("clone", (ann.wire("deck"), (10.0, 10.0)))] * 400
    with pytest.raises(TableError, match="at most 4000 pieces"):
        ann.do(*copies, label="Copy the deck")
    assert len(shared.table.objects) < 100 and shared.table.history.undo_label is None
