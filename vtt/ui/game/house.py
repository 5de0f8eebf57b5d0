"""House rules: an enforced game's table turned into a free one, every card where it lay.

Each place of the projection becomes free-table objects at the same spot (table
units are the same): a row's faces become loose cards, a pile or a grid cell one
stack. A stack every seat could see lies face up; one nobody could see lies face
down; one only its owner could see (a hand) goes into that seat's private hand, so
what was secret stays secret. Pieces become tokens of their suit.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vtt.janken import Card
from vtt.rules import State
from vtt.rules.values import Component, Piece
from vtt.rules.views import Hidden, View
from vtt.table import SEAT_COLOURS, CardPiece, Seat, Stack, Table, Token, hand_id
from vtt.ui.game.projection import Key, Layout, Place

__all__ = ["house_table"]

SUIT_TOKENS = {"R", "P", "S", "W", "L"}


def _node(zones: Any, key: Key) -> Any:
    node = zones[key[0]]
    for index in key[1:]:
        node = node[index]
    return node


def _seen_by(views: Sequence[View], key: Key) -> list[bool]:
    return [not isinstance(_node(view.zones, key), Hidden) for view in views]


def _object(component: Component, names: Sequence[str], x: float, y: float, up: bool) -> Any:
    if isinstance(component, Card):
        return CardPiece("", x=x, y=y, face=str(component), face_up=up)
    piece: Piece = component  # type: ignore[assignment]
    face = f"suit-{piece.kind}" if piece.kind in SUIT_TOKENS else piece.kind
    owner = piece.owner if piece.owner >= 0 else None
    label = f"{names[piece.owner]} {piece.kind}" if owner is not None else piece.kind
    return Token("", x=x, y=y, face=face, owner=owner, label=label)


def _lay_place(table: Table, place: Place, real: list[Component], seen: list[bool]) -> None:
    names = [seat.name for seat in table.seats]
    owner = place.owner
    if owner is not None and seen[owner] and not all(seen):
        for component in real:
            piece = _object(component, names, 0.0, 0.0, True)
            piece.parent = hand_id(owner)
            table.add(piece)
        return
    up = all(seen)
    if place.kind == "row":
        for face, component in zip(place.faces, real, strict=True):
            x, y, w, h = face.rect
            table.add(_object(component, names, x + w / 2, y + h / 2, up))
        return
    if not real or not place.faces:
        return
    x, y, w, h = place.faces[-1].rect
    centre = (x + w / 2, y + h / 2)
    if len(real) == 1:
        table.add(_object(real[0], names, *centre, up))
        return
    stack_id = table.add(Stack("", x=centre[0], y=centre[1], label=place.label))
    for component in real:
        piece = _object(component, names, *centre, up)
        piece.parent = stack_id
        table.add(piece)


def house_table(
    state: State, layout: Layout, names: Sequence[str], colours: Sequence[str] = ()
) -> Table:
    """A free table holding the state's components where ``layout`` shows them; the
    seats keep their names and ``colours`` (else each seat's usual colour)."""
    seats = [
        Seat(name, colours[i] if i < len(colours) else SEAT_COLOURS[i % len(SEAT_COLOURS)])
        for i, name in enumerate(names)
    ]
    table = Table(seats, seed=state.seed)
    views = [state.view(seat) for seat in range(state.players)]
    zones = {name: state.zone(name) for name in state.game.zones}
    for key, place in layout.places.items():
        real = list(_node(zones, key))
        _lay_place(table, place, real, _seen_by(views, key))
    table.history.clear()
    return table
