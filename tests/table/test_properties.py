"""Properties of random sequences of table operations (hypothesis).

- Nothing is lost or duplicated: every card is in exactly one place.
- Undoing everything restores the start; redoing everything returns to the end.
- Saving and loading gives back an equal table.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vtt.table import CardPiece, Container, Hand, Piece, Stack, Table, TableError
from vtt.table.layout import build_table
from vtt.table.savefile import load_table, save_table, table_from_data, table_to_data

LAYOUT = {
    "objects": [
        {"stack": "deck", "cards": {"suits": ["R", "P"]}, "face_up": False},
        {"row": "row", "cards": {"only": ["AW", "KW", "JkL"]}, "at": [0, -200]},
        {"die": "pip", "faces": "pip", "at": [200, 0]},
        {"die": "rank", "faces": "rank", "suit": "W", "at": [260, 0]},
        {"bag": "bag", "at": [-300, 0]},
        {"token": "tok", "face": "suit-R", "at": [-200, 100]},
    ],
    "per_seat": [{"counter": "score", "label": "Score", "at": [100, 0]}],
}

# An operation: a name and three small numbers that pick its targets and amounts.
Operation = tuple[str, int, int, int]
CONSERVING = [
    "move", "flip", "rotate", "stack", "stack_bottom", "take", "shuffle", "deal", "draw",
    "play", "to_hand", "roll", "reroll", "lock", "unlock", "bag_in", "bag_out", "counter",
    "reorder", "undo", "redo",
]  # fmt: skip
CHANGING = ["delete", "clone"]


def operations(names: list[str]) -> st.SearchStrategy[list[Operation]]:
    """Lists of random operations drawn from ``names``."""
    one = st.tuples(
        st.sampled_from(names),
        st.integers(0, 50),
        st.integers(0, 50),
        st.integers(1, 6),
    )
    return st.lists(one, max_size=40)


def pick(pieces: list[Piece], index: int) -> str | None:
    return pieces[index % len(pieces)].id if pieces else None


def loose(table: Table, kind: type[Piece] | tuple[type[Piece], ...] = Piece) -> list[Piece]:
    return [p for p in table.on_table() if isinstance(p, kind)]


def hand_cards(table: Table) -> list[Piece]:
    return [table.get(c) for h in table.objects.values() if isinstance(h, Hand) for c in h.contents]


def perform(table: Table, op: Operation) -> None:
    """Apply one random operation; operations the table refuses must change nothing."""
    name, a, b, n = op
    seats = len(table.seats)
    actions: dict[str, Callable[[], object]] = {
        "move": lambda: table.move({pick(loose(table), a) or "": (float(b * 10), float(n * 7))}),
        "flip": lambda: table.flip(pick(loose(table, (CardPiece, Stack)), a) or ""),
        "rotate": lambda: table.rotate(pick(loose(table), a) or "", 45.0 * n),
        "stack": lambda: table.stack_onto(
            pick(loose(table, (CardPiece, Stack)), a) or "",
            pick(loose(table, (CardPiece, Stack)), b) or "",
        ),
        "stack_bottom": lambda: table.stack_onto(
            pick(loose(table, (CardPiece, Stack)), a) or "",
            pick(loose(table, (CardPiece, Stack)), b) or "",
            bottom=True,
        ),
        "take": lambda: table.take(
            pick(loose(table, Stack), a) or "", n, (b, b), from_bottom=a % 2 == 0
        ),
        "shuffle": lambda: table.shuffle(pick(loose(table, Stack), a) or ""),
        "deal": lambda: table.deal(pick(loose(table, (CardPiece, Stack)), a) or "", n),
        "draw": lambda: table.draw(pick(loose(table, (CardPiece, Stack)), a) or "", b % seats, n),
        "play": lambda: table.play_from_hand(
            pick(hand_cards(table), a) or "", (b, n), face_up=a % 2 == 0
        ),
        "to_hand": lambda: table.to_hand(pick(loose(table, CardPiece), a) or "", b % seats),
        "roll": lambda: table.roll("pip" if a % 2 else "rank", reroll_joker=b % 2 == 0),
        "reroll": lambda: (table.turn_die("pip", 5), table.reroll_joker("pip")),
        "lock": lambda: table.lock(pick(loose(table), a) or ""),
        "unlock": lambda: table.lock(pick([p for p in loose(table) if p.locked], a) or "", False),
        "bag_in": lambda: table.put_in_bag(pick(loose(table), a) or "", "bag"),
        "bag_out": lambda: table.take_from_bag("bag", (b, n)),
        "counter": lambda: table.set_counter("score-1", a - b),
        "reorder": lambda: table.reorder_hand(b % seats, table.hand(b % seats).contents[::-1]),
        "undo": table.undo,
        "redo": table.redo,
        "delete": lambda: table.delete(pick(loose(table), a) or ""),
        "clone": lambda: table.clone(pick(loose(table), a) or ""),
    }  # fmt: skip
    before = copy.deepcopy(table.objects)
    try:
        actions[name]()
    except TableError:
        assert table.objects == before, f"{name} failed but changed the table"


def placed(table: Table) -> dict[str, str | None]:
    """Where every piece is: its container, or None when loose."""
    return {pid: piece.parent for pid, piece in table.objects.items()}


def fresh() -> Table:
    return build_table(LAYOUT, 3, seed=11)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations(CONSERVING))
def test_nothing_is_lost_or_duplicated(ops: list[Operation]) -> None:
    table = fresh()
    lasting = {pid for pid, piece in table.objects.items() if not isinstance(piece, Stack)}
    faces = sorted(c.face for c in table.cards())
    for op in ops:
        perform(table, op)
        assert table.problems() == [], op
        cards = table.cards()
        assert sorted(c.face for c in cards) == faces, op
        # Stacks come and go as cards gather and part; every other piece stays.
        assert {p for p, x in table.objects.items() if not isinstance(x, Stack)} == lasting
        held = [
            cid for p in table.objects.values() if isinstance(p, Container) for cid in p.contents
        ]
        assert len(held) == len(set(held)), op


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations(CONSERVING[:-2] + CHANGING))
def test_undo_all_restores_start_and_redo_all_returns(ops: list[Operation]) -> None:
    table = fresh()
    start = copy.deepcopy(table.objects), table.seats
    for op in ops:
        perform(table, op)
    end = copy.deepcopy(table.objects), table.seats
    while table.undo() is not None:
        pass
    assert (table.objects, table.seats) == start
    while table.redo() is not None:
        pass
    assert (table.objects, table.seats) == end
    assert table.problems() == []


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(operations(CONSERVING + CHANGING))
def test_save_and_load_round_trip(ops: list[Operation]) -> None:
    table = fresh()
    for op in ops:
        perform(table, op)
    again = table_from_data(copy.deepcopy(table_to_data(table)))
    assert again == table
    assert again.counters() == table.counters()


def test_save_file_round_trip_on_disk(tmp_path: Path) -> None:
    table = fresh()
    table.shuffle("deck")
    table.deal("deck", 4)
    path = tmp_path / "game.jtable"
    save_table(table, path)
    again = load_table(path)
    assert again == table and again.counters() == table.counters()
    assert placed(again) == placed(table)
    # The random stream continues where it left off after loading.
    again.shuffle("deck")
    table.shuffle("deck")
    assert again == table
