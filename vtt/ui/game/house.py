"""House rules: an enforced game's table turned into a free one, every card where it lay.

Each place of the projection becomes free-table objects at the same spot (table
units are the same), the whole moved to the middle of the felt, and every place is
printed on the felt as a :class:`Mark`, so a board's cells stay in sight. A row's
faces become loose cards; a pile or a grid cell of cards one stack, of pieces a
pile of tokens (only cards stack on a free table). A stack every seat could see
lies face up; one nobody could see lies face down; one only its owner could see (a
hand) goes into that seat's private hand, so what was secret stays secret. Pieces
become tokens of their suit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from vtt.janken import Card
from vtt.match import HouseTable
from vtt.resources import assets_dir
from vtt.rules.values import Component, Piece
from vtt.table import SEAT_COLOURS, CardPiece, Mark, Seat, Stack, Table, Token, hand_id
from vtt.table.model import Point
from vtt.ui.game.places import GAP, Key, Layout, Place, Rect

__all__ = ["house_table"]

SUIT_TOKENS = {"R", "P", "S", "W", "L"}
#: The seat tokens the art has (seat-1 to seat-8).
SEAT_TOKENS = 8
#: A game too large for the free table's felt is drawn in, in so many steps at most,
#: down to this fraction of its size.
FIT_STEPS, FIT_LEAST = 20, 0.5
#: How much higher on the felt each piece of a pile lies than the one beneath it.
PILE_STEP = 5.0


def _object(component: Component, names: Sequence[str], x: float, y: float, up: bool) -> Any:
    if isinstance(component, Card):
        return CardPiece("", x=x, y=y, face=str(component), face_up=up)
    piece: Piece = component  # type: ignore[assignment]
    face = _token_face(piece)
    owner = piece.owner if piece.owner >= 0 else None
    label = f"{names[piece.owner]} {piece.kind}" if owner is not None else piece.kind
    return Token("", x=x, y=y, face=face, owner=owner, label=label)


def _token_face(piece: Piece) -> str:
    """The free table's token for a piece, drawn as the game window draws it: its suit's,
    else its kind's own (a King's crown, a wall), else its owner's seat token (a pawn)."""
    if piece.kind in SUIT_TOKENS:
        return f"suit-{piece.kind}"
    if (assets_dir() / "tokens" / f"piece-{piece.kind}.svg").is_file():
        return f"piece-{piece.kind}"
    return f"seat-{max(piece.owner, 0) % SEAT_TOKENS + 1}"


def _private(place: Place, seen: list[bool]) -> bool:
    """A place only its owner sees (a hand): it goes into that seat's private hand."""
    return place.owner is not None and seen[place.owner] and not all(seen)


def _lay_place(
    table: Table, place: Place, real: list[Component], seen: list[bool], at: Callable[..., Point]
) -> None:
    names = [seat.name for seat in table.seats]
    if _private(place, seen):
        for component in real:
            piece = _object(component, names, 0.0, 0.0, True)
            piece.parent = hand_id(place.owner or 0)
            table.add(piece)
        return
    up = all(seen)
    if place.kind == "row":
        for face, component in zip(place.faces, real, strict=True):
            x, y, w, h = face.rect
            table.add(_object(component, names, *at(x + w / 2, y + h / 2), up))
        return
    if not real or not place.faces:
        return
    x, y, w, h = place.faces[-1].rect
    cx, cy = at(x + w / 2, y + h / 2)
    if len(real) == 1:
        table.add(_object(real[0], names, cx, cy, up))
        return
    if not all(isinstance(component, Card) for component in real):
        # Only cards stack on a free table: pieces lie piled up, the top one last (highest),
        # each a little higher on the felt so the pile shows.
        for level, component in enumerate(real):
            lift = PILE_STEP * (level - len(real) + 1)
            table.add(_object(component, names, cx, cy + lift, up))
        return
    stack_id = table.add(Stack("", x=cx, y=cy, label=place.label))
    for component in real:
        piece = _object(component, names, cx, cy, up)
        piece.parent = stack_id
        table.add(piece)


def _centring(rects: list[tuple[float, float, float, float]]) -> Point:
    """How far to move these rectangles so that together they sit in the felt's middle."""
    if not rects:
        return 0.0, 0.0
    left = min(r[0] for r in rects)
    top = min(r[1] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    bottom = max(r[1] + r[3] for r in rects)
    return -(left + right) / 2, -(top + bottom) / 2


def _inside(outer: Rect, inner: Rect) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[0] + inner[2] <= outer[0] + outer[2]
        and inner[1] + inner[3] <= outer[1] + outer[3]
    )


def _meets(one: Rect, other: Rect) -> bool:
    return (
        one[0] < other[0] + other[2]
        and other[0] < one[0] + one[2]
        and one[1] < other[1] + other[3]
        and other[1] < one[1] + one[3]
    )


def _scaled(rect: Rect, shift: Point, scale: float) -> Rect:
    """A place's rectangle moved by ``shift`` with its middle drawn ``scale`` times as
    far from the felt's middle, and its size ``scale`` times as large."""
    x, y, w, h = rect
    cx, cy = (x + w / 2 + shift[0]) * scale, (y + h / 2 + shift[1]) * scale
    return cx - w * scale / 2, cy - h * scale / 2, w * scale, h * scale


def _fitting(places: list[Place], shift: Point, felt: Rect, plates: Sequence[Rect]) -> float:
    """How much closer together the places must lie (1: as in the game window) for every
    face to lie whole on ``felt`` and off the ``plates``, and every place on the felt:
    a game laid out for a larger table is drawn in, its cards overlapping a little."""
    for step in range(FIT_STEPS + 1):
        scale = 1.0 - (1.0 - FIT_LEAST) * step / FIT_STEPS
        fits = True
        for place in places:
            if not _inside(felt, _scaled(place.rect, shift, scale)):
                fits = False
                break
            for face in place.faces:
                x, y, w, h = _scaled(face.rect, shift, scale)
                body = (x + w / 2 - face.rect[2] / 2, y + h / 2 - face.rect[3] / 2, *face.rect[2:])
                if not _inside(felt, body) or any(_meets(body, plate) for plate in plates):
                    fits = False
                    break
            if not fits:
                break
        if fits:
            return scale
    return FIT_LEAST


def _mark(place: Place, names: Sequence[str], labels: Mapping[str, str]) -> Mark:
    """A place as the game window names it: a cell by its name, else the zone's label,
    after its owner's name."""
    if place.kind == "cell":
        return Mark(*place.rect, place.label, at_foot=True)
    label = labels.get(place.key[0], place.label)
    if place.owner is not None:
        label = f"{names[place.owner]} · {label}"
    return Mark(*place.rect, label)


def _on_the_felt(layout: Layout, seen: Mapping[Key, list[bool]]) -> dict[Key, Place]:
    """The places, those of the hand area that everyone sees (JANTORI's pieces in hand)
    laid on the felt below the others, side by side; the rest where they lay."""
    places = dict(layout.places)
    shown = [p for p in places.values() if p.in_hand and not _private(p, seen[p.key])]
    if not shown:
        return places
    _, top, _, height = layout.bounds()
    x = -(sum(p.rect[2] for p in shown) + GAP * (len(shown) - 1)) / 2
    for place in shown:
        px, py, _, _ = place.rect
        places[place.key] = place.moved(x - px, top + height + GAP - py)
        x += place.rect[2] + GAP
    return places


def house_table(
    house: HouseTable,
    layout: Layout,
    names: Sequence[str],
    colours: Sequence[str] = (),
    labels: Mapping[str, str] | None = None,
    *,
    felt: Rect | None = None,
    plates: Sequence[Rect] = (),
) -> Table:
    """A free table holding the match's components (``house``: every place with what
    lies there and which seats saw it) as ``layout`` shows them, moved
    together to the middle of the felt, with the places printed on it as marks; the
    seats keep their names and ``colours`` (else each seat's usual colour); ``labels``
    name the zones as the game window does. Given the free table's ``felt`` and its
    name ``plates``, the places are drawn closer together as far as needed for every
    card and piece to lie on the felt and off the plates."""
    seats = [
        Seat(name, colours[i] if i < len(colours) else SEAT_COLOURS[i % len(SEAT_COLOURS)])
        for i, name in enumerate(names)
    ]
    table = Table(seats, seed=house.seed)
    seen = {key: list(house.seen[key]) for key in layout.places}
    places = _on_the_felt(layout, seen)
    lying = [place for key, place in places.items() if not _private(place, seen[key])]
    shift = _centring([place.rect for place in lying])
    scale = _fitting(lying, shift, felt, plates) if felt is not None else 1.0

    def at(x: float, y: float) -> Point:
        return (x + shift[0]) * scale, (y + shift[1]) * scale

    for key, place in places.items():
        _lay_place(table, place, list(house.places[key]), seen[key], at)
    marks = []
    for place in lying:
        mark = _mark(place, names, labels or {})
        x, y, w, h = _scaled(place.rect, shift, scale)
        marks.append(Mark(x, y, w, h, mark.label, mark.at_foot))
    table.marks = tuple(marks)
    table.history.clear()
    return table
