"""Lay out a free-form table from a pack's ``table:`` section (plain data, already parsed).

The section's shape is checked by ``layout.schema.json`` when a pack loads;
:func:`build_table` checks what a schema cannot (card notation, duplicate ids,
what a bag holds) and raises :class:`LayoutError` with the key path.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import Any, Protocol

from vtt.janken import PRINTED_RANKS, Card, NotationError, Rank, Suit, deck
from vtt.table.model import Point, Table, TableError
from vtt.table.pieces import (
    CARD_WIDTH,
    PIP_FACES,
    RANK_FACES,
    Bag,
    Board,
    CardPiece,
    Counter,
    Die,
    Piece,
    Stack,
    Token,
)
from vtt.table.seats import Seat


class _Sized(Protocol):
    @property
    def size(self) -> tuple[int, int]: ...


class PackImages(Protocol):
    """A pack's own images, as the rules layer reads them (``vtt.rules.art.PackArt``)."""

    @property
    def pack(self) -> str: ...
    @property
    def images(self) -> Mapping[str, _Sized]: ...
    @property
    def back(self) -> str | None: ...
    def asset(self, image: str) -> str: ...


#: Seats sit on an ellipse around the centre, seat 1 at the bottom, then clockwise.
SEAT_RADIUS: Point = (640.0, 430.0)
KINDS = ("stack", "row", "card", "die", "token", "bag", "counter", "board")
#: A board's width when the layout gives no ``size``, in table units.
BOARD_WIDTH = 600.0


class LayoutError(ValueError):
    """A layout that cannot be built; ``path`` is the key path, e.g. ``objects[2].cards``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"table.{path}: {message}")
        self.path = path
        self.message = message


@cache
def layout_schema() -> dict[str, Any]:
    """The JSON Schema of a ``table:`` section."""
    text = resources.files("vtt.table").joinpath("layout.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def seat_place(seat: int, seats: int) -> Point:
    """Where a seat sits around the table (its pieces are laid out around this point)."""
    angle = math.pi / 2 + 2 * math.pi * seat / seats
    return (round(SEAT_RADIUS[0] * math.cos(angle), 1), round(SEAT_RADIUS[1] * math.sin(angle), 1))


def build_table(
    layout: Mapping[str, Any],
    seats: Sequence[Seat] | int,
    *,
    seed: int = 0,
    art: PackImages | None = None,
) -> Table:
    """A new table with the layout's pieces on it and an empty undo history.

    ``art`` is the pack's own images (``vtt.rules.art``): a board shows one, a token
    whose face names one wears it, and a die whose faces all name one shows them.

    Every seat's own pieces (``per_seat``) belong to it (``owner``), so they move
    round with it when seats join or leave, and the table keeps ``per_seat`` for a
    seat that joins later.
    """
    table = Table(seats, seed=seed)
    table.per_seat = [dict(item) for item in layout.get("per_seat", [])]
    builder = _Builder(table, art=art)
    with table.batch("Lay out the table"):
        builder.place_all(layout.get("objects", []), "objects", None)
        for seat in range(len(table.seats)):
            builder.place_all(table.per_seat, "per_seat", seat)
        builder.fill_bags()
    table.history.clear()
    return table


def add_seat(table: Table, seat: Seat) -> None:
    """Seat one more person (one undo step): every seat's own pieces move round to its new
    place, and the newcomer gets the layout's pieces for a seat (a Rule Card, a score)."""
    before = len(table.seats)
    with table.batch(f"Seat {seat.name}"):
        table.set_seats([*table.seats, seat])
        _move_round(table, {n: n for n in range(before)}, before)
        builder = _Builder(table, fresh_ids=True)
        builder.place_all(table.per_seat, "per_seat", before)
        builder.fill_bags()


def remove_seat(table: Table, seat: int) -> None:
    """A seat leaves with its own pieces (one undo step); the others move round to their
    new places. TableError if its hand is not empty or it is the last seat."""
    before = len(table.seats)
    name = table.seats[seat].name if 0 <= seat < before else f"seat {seat + 1}"
    with table.batch(f"Remove {name}'s seat"):
        table.remove_seat(seat)
        _move_round(table, {n: n if n < seat else n + 1 for n in range(before - 1)}, before)


def _move_round(table: Table, was: Mapping[int, int], count_before: int) -> None:
    """Shift each seat's pieces from where its place was (seat ``was[n]`` of
    ``count_before``) to where it is now."""
    count = len(table.seats)
    offsets: dict[int, Point] = {}
    for seat, old in was.items():
        (x0, y0), (x1, y1) = seat_place(old, count_before), seat_place(seat, count)
        offsets[seat] = (x1 - x0, y1 - y0)
    table.shift_seat_pieces(offsets)


def cards_of(spec: Mapping[str, Any] | None) -> list[Card]:
    """The Janken cards a ``cards:`` spec names, in printed order.

    >>> [str(c) for c in cards_of({"suits": ["R"], "ranks": ["A", "K"], "jokers": False})]
    ['AR', 'KR']
    """
    spec = spec or {}
    if "only" in spec:
        chosen = [Card.parse(text) for text in spec["only"]]
    else:
        suits = [Suit.parse(s) for s in spec.get("suits", "RPSWL")]
        ranks = [Rank.parse(r) for r in spec["ranks"]] if "ranks" in spec else PRINTED_RANKS
        chosen = deck(jokers=spec.get("jokers", True), suits=suits, ranks=ranks)
    return chosen * int(spec.get("decks", 1))


class _Builder:
    def __init__(
        self, table: Table, *, fresh_ids: bool = False, art: PackImages | None = None
    ) -> None:
        self.table = table
        self.art = art
        self.bags: list[tuple[str, str, list[str]]] = []
        #: Give a piece whose id is taken another one (a seat laid out later), instead of
        #: refusing the layout.
        self.fresh_ids = fresh_ids

    def place_all(self, items: Sequence[Mapping[str, Any]], section: str, seat: int | None) -> None:
        for index, item in enumerate(items):
            path = f"{section}[{index}]"
            try:
                self.place(item, path, seat)
            except (TableError, NotationError) as error:
                raise LayoutError(path, str(error)) from None

    def place(self, item: Mapping[str, Any], path: str, seat: int | None) -> None:
        kinds = [k for k in KINDS if k in item]
        if len(kinds) != 1:
            raise LayoutError(path, f"say exactly one of {', '.join(KINDS)}")
        kind = kinds[0]
        base = str(item[kind]) if seat is None else f"{item[kind]}-{seat + 1}"
        if self.fresh_ids and self._taken(base):
            base = next(f"{base}-{n}" for n in range(2, 10_000) if not self._taken(f"{base}-{n}"))
        if base in self.table.objects:
            raise LayoutError(path, f"the id {base!r} is used twice")
        x, y = item.get("at", (0.0, 0.0))
        if seat is not None:
            sx, sy = seat_place(seat, len(self.table.seats))
            x, y = x + sx, y + sy
        label = str(item.get("label", ""))
        if seat is not None and label:
            label = f"{label} ({self.table.seats[seat].name})"
        common: dict[str, Any] = {
            "x": float(x),
            "y": float(y),
            "rotation": float(item.get("rotation", 0.0)),
            "locked": bool(item.get("locked", kind == "board")),
            "label": label,
            "owner": seat,
        }
        if kind in ("stack", "row"):
            self.lay_cards(kind, base, item, common)
        else:
            self.table.add(self.make(kind, base, item, common, seat))
        if kind == "bag":
            self.bags.append((path, base, [str(h) for h in item.get("holds", [])]))

    def _taken(self, base: str) -> bool:
        """True if ``base`` or an id made from it (a row's ``base-1``) is in use."""
        return any(pid == base or pid.startswith(f"{base}-") for pid in self.table.objects)

    def lay_cards(
        self, kind: str, base: str, item: Mapping[str, Any], common: dict[str, Any]
    ) -> None:
        faces = [str(card) for card in cards_of(item.get("cards"))]
        face_up = bool(item.get("face_up", kind == "row"))
        back = self.art.asset(self.art.back) if self.art and self.art.back else "back"
        if kind == "row":
            step = CARD_WIDTH + float(item.get("gap", 20.0))
            left = common["x"] - step * (len(faces) - 1) / 2
            for n, face in enumerate(faces):
                spot = dict(common, x=left + n * step)
                self.table.add(
                    CardPiece(f"{base}-{n + 1}", face=face, back=back, face_up=face_up, **spot)
                )
            return
        ids = [f"{base}-{n + 1}" for n in range(len(faces))]
        if len(ids) == 1:
            self.table.add(CardPiece(base, face=faces[0], back=back, face_up=face_up, **common))
            return
        self.table.add(Stack(base, **common))
        for cid, face in zip(ids, faces, strict=True):
            self.table.add(CardPiece(cid, face=face, back=back, face_up=face_up, parent=base))
        if item.get("shuffled", False):
            self.table.shuffle(base)  # by the table's seed: a saved table keeps its order

    def make(
        self, kind: str, pid: str, item: Mapping[str, Any], common: dict[str, Any], seat: int | None
    ) -> Piece:
        if kind == "card":
            return CardPiece(
                pid,
                face=self.own(str(item.get("face", pid))),
                back=self.own(str(item.get("back", "back"))),
                face_up=bool(item.get("face_up", True)),
                **common,
            )
        if kind == "die":
            return self.make_die(pid, item, common)
        if kind == "token":
            face = str(item.get("face", pid))
            if face == "seat":
                face = f"seat-{(seat or 0) + 1}"
            return Token(pid, face=self.own(face), **common)
        if kind == "board":
            return self.make_board(pid, item, common)
        if kind == "bag":
            return Bag(pid, **common)
        return Counter(pid, value=int(item.get("value", 0)), **common)

    def own(self, name: str) -> str:
        """The art of a face: the pack's image of that name (``@pack/name``), if any."""
        return self.art.asset(name) if self.art is not None and name in self.art.images else name

    def make_board(self, pid: str, item: Mapping[str, Any], common: dict[str, Any]) -> Board:
        name = str(item.get("image", ""))
        if self.art is None or name not in self.art.images:
            raise TableError(f"there is no image {name!r} in the pack's art")
        if "size" in item:
            width, height = (float(side) for side in item["size"])
        else:
            pixels = self.art.images[name].size
            width, height = BOARD_WIDTH, round(BOARD_WIDTH * pixels[1] / pixels[0], 1)
        return Board(pid, image=self.art.asset(name), width=width, height=height, **common)

    def make_die(self, pid: str, item: Mapping[str, Any], common: dict[str, Any]) -> Die:
        faces = item.get("faces", "pip")
        if faces == "pip":
            return Die(pid, faces=list(PIP_FACES), style="pip", **common)
        if faces == "rank":
            suit = Suit.parse(str(item.get("suit", "R")))
            return Die(pid, faces=list(RANK_FACES), style=f"rank-{suit.letter}", **common)
        named = [str(face) for face in faces]
        if self.art is not None and all(face in self.art.images for face in named):
            return Die(pid, faces=named, style=f"@{self.art.pack}", **common)
        return Die(pid, faces=named, style="custom", **common)

    def fill_bags(self) -> None:
        for path, bag, held in self.bags:
            for index, pid in enumerate(held):
                if pid not in self.table.objects:
                    raise LayoutError(f"{path}.holds[{index}]", f"there is no piece {pid!r}")
                try:
                    self.table.put_in_bag(pid, bag)
                except TableError as error:
                    raise LayoutError(f"{path}.holds[{index}]", str(error)) from None
