"""The game state as places on a table, and its legal moves as drags and actions (no Qt).

A *place* is one zone instance (a pile, a row, one cell of a grid), keyed by its
path in the state's zones: ``("reserve", 1)``, ``("board", Cell(1, 1))``,
``("board", 0, Cell(1, 1))``. The viewer's seat sits at the bottom, the other seats
at the top, shared zones in the middle. Faces are computed from the viewer's
:class:`View` only, so nothing hidden reaches the window.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from vtt.janken import Card
from vtt.rules import Move, State
from vtt.rules.footprint import Footprint
from vtt.rules.model import ZoneDef
from vtt.rules.values import Cell, Component, Piece
from vtt.rules.views import Hidden, View

__all__ = ["Drags", "Face", "Layout", "Place", "drags_of", "project"]

CARD_W, CARD_H = 100.0, 140.0
PIECE = 64.0
#: A grid cell holds a card with a margin; a board of pieces has square cells.
CARD_CELL, PIECE_CELL = (124.0, 184.0), (104.0, 104.0)
#: The strip at the bottom of a cell that holds its name.
CELL_BAND = 28.0
GAP = 36.0
BAND_GAP = 90.0
#: Fan steps of a row: how far apart its faces lie.
CARD_STEP, PIECE_STEP = 34.0, 52.0
#: A row is at least this many faces wide, so it does not shrink as it empties.
ROW_MIN = 5
#: Up to this many cards lie side by side in a row; more overlap.
ROW_SPREAD = 6
#: The strip above a pile or row that holds its label.
LABEL_BAND = 26.0

Key = tuple[Any, ...]
Rect = tuple[float, float, float, float]  # x, y, width, height


@dataclass(frozen=True)
class Face:
    """One component shown in a place: its face, or None for a back; rect in table units."""

    component: Component | None
    rect: Rect
    index: int


@dataclass(frozen=True)
class Place:
    """One zone instance on the table: where it lies, what it is called, what it shows."""

    key: Key
    kind: str  # "cell", "pile" or "row"
    rect: Rect
    label: str
    owner: int | None
    count: int
    faces: tuple[Face, ...]

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the place."""
        x, y, w, h = self.rect
        return x + w / 2, y + h / 2


@dataclass
class Layout:
    """Every place of a view, and the cells marked by a seat's marker var."""

    places: dict[Key, Place] = field(default_factory=dict)
    markers: list[tuple[Key, int, str]] = field(default_factory=list)  # place, seat, var

    def bounds(self) -> Rect:
        """The rectangle holding every place."""
        rects = [p.rect for p in self.places.values()]
        left = min(r[0] for r in rects)
        top = min(r[1] for r in rects)
        right = max(r[0] + r[2] for r in rects)
        bottom = max(r[1] + r[3] for r in rects)
        return left, top, right - left, bottom - top


def zone_label(zone: ZoneDef) -> str:
    """The words for a zone: its name with spaces."""
    return zone.name.replace("_", " ")


def _is_stack(node: Any) -> bool:
    return isinstance(node, Hidden) or (
        isinstance(node, tuple) and (not node or isinstance(node[0], Card | Piece))
    )


def instances(zone: ZoneDef, node: Any, path: Key = ()) -> Iterator[tuple[Key, Any]]:
    """Every stack of a zone in a view, with its path (zone name first)."""
    path = path or (zone.name,)
    if _is_stack(node):
        yield path, node
        return
    items = node.items() if isinstance(node, dict) else enumerate(node)
    for index, child in items:
        yield from instances(zone, child, (*path, index))


def _size(component: Component | None, cards: bool) -> tuple[float, float]:
    if isinstance(component, Piece) or (component is None and not cards):
        return PIECE, PIECE
    return CARD_W, CARD_H


def _stack_faces(stack: Any, cards: bool) -> tuple[Component | None, ...]:
    if isinstance(stack, Hidden):
        return (None,) * stack.count
    return tuple(stack)


def _owner(zone: ZoneDef, key: Key) -> int | None:
    return key[1] if zone.per_player else None


def cell_size(cards: bool) -> tuple[float, float]:
    """The width and height of one grid cell."""
    return CARD_CELL if cards else PIECE_CELL


def _cell_place(key: Key, stack: Any, x: float, y: float, owner: int | None, cards: bool) -> Place:
    faces = _stack_faces(stack, cards)
    top = faces[-1:] if faces else ()
    w, h = _size(top[0] if top else None, cards)
    cw, ch = cell_size(cards)
    top_y = y + (ch - CELL_BAND - h) / 2 + 4 if cards else y + (ch - h) / 2
    shown = tuple(Face(c, (x + (cw - w) / 2, top_y, w, h), len(faces) - 1) for c in top)
    return Place(key, "cell", (x, y, cw, ch), str(key[-1]), owner, len(faces), shown)


def _grid_places(
    zone: ZoneDef, key: Key, grid: Any, x: float, y: float, cards: bool
) -> list[Place]:
    rows = zone.grid[1] if zone.grid else 0
    cw, ch = cell_size(cards)
    places = []
    for cell, stack in grid.items():
        cx = x + cell.col * cw
        cy = y + (rows - 1 - cell.row) * ch  # row 1 at the bottom, as on a chessboard
        places.append(_cell_place((*key, cell), stack, cx, cy, _owner(zone, key), cards))
    return places


def _pile_place(zone: ZoneDef, key: Key, stack: Any, x: float, y: float, cards: bool) -> Place:
    faces = _stack_faces(stack, cards)
    w, h = (CARD_W, CARD_H) if cards else (PIECE, PIECE)
    rect = (x, y, w + 20, h + 20 + LABEL_BAND)
    top = faces[-1:]
    shown = tuple(Face(c, (x + 10, y + 10 + LABEL_BAND, w, h), len(faces) - 1) for c in top)
    return Place(key, "pile", rect, zone_label(zone), _owner(zone, key), len(faces), shown)


def _row_place(zone: ZoneDef, key: Key, stack: Any, x: float, y: float, cards: bool) -> Place:
    faces = _stack_faces(stack, cards)
    step = PIECE_STEP
    if cards:
        step = CARD_W + 10 if len(faces) <= ROW_SPREAD else CARD_STEP
    w, h = (CARD_W, CARD_H) if cards else (PIECE, PIECE)
    width = w + step * (max(ROW_MIN, len(faces)) - 1) + 20
    top = y + 10 + LABEL_BAND
    shown = tuple(
        Face(c, (x + 10 + i * step, top, *_size(c, cards)), i) for i, c in enumerate(faces)
    )
    rect = (x, y, width, h + 20 + LABEL_BAND)
    return Place(key, "row", rect, zone_label(zone), _owner(zone, key), len(faces), shown)


def _zone_places(
    zone: ZoneDef, node: Any, key: Key, x: float, y: float, cards: bool
) -> tuple[list[Place], float, float]:
    """The places of one zone instance (a grid or a stack) at x, y; and its width, height."""
    if zone.grid is not None:
        cols, rows = zone.grid
        cw, ch = cell_size(cards)
        return _grid_places(zone, key, node, x, y, cards), cols * cw, rows * ch
    if zone.visibility == "nobody":
        place = _pile_place(zone, key, node, x, y, cards)
    else:
        place = _row_place(zone, key, node, x, y, cards)
    return [place], place.rect[2], place.rect[3]


def _lay_out_row(
    entries: list[tuple[ZoneDef, Key, Any]], y: float, cards: bool, layout: Layout
) -> float:
    """Lay zone instances left to right, centred on x = 0; the height of the row."""
    placed: list[tuple[list[Place], float]] = []
    height = 0.0
    x = 0.0
    for zone, key, node in entries:
        places, w, h = _zone_places(zone, node, key, x, y, cards)
        placed.append((places, x))
        height = max(height, h)
        x += w + GAP
    shift = -(x - GAP) / 2
    for places, _x in placed:
        for place in places:
            px, py, pw, ph = place.rect
            moved = [
                Face(f.component, (f.rect[0] + shift, f.rect[1], f.rect[2], f.rect[3]), f.index)
                for f in place.faces
            ]
            layout.places[place.key] = Place(
                place.key,
                place.kind,
                (px + shift, py, pw, ph),
                place.label,
                place.owner,
                place.count,
                tuple(moved),
            )
    return height


def _shared(zone: ZoneDef, node: Any) -> list[tuple[ZoneDef, Key, Any]]:
    if zone.copies is None:
        return [(zone, (zone.name,), node)]
    return [(zone, (zone.name, k), child) for k, child in enumerate(node)]


def _seat_entries(zones: Mapping[str, ZoneDef], view: View, seat: int) -> list:
    found: list[tuple[ZoneDef, Key, Any]] = []
    for zone in zones.values():
        if zone.per_player:
            node = view.zones[zone.name][seat]
            if zone.copies is None:
                found.append((zone, (zone.name, seat), node))
            else:
                found.extend((zone, (zone.name, seat, k), c) for k, c in enumerate(node))
    return found


def project(zones: Mapping[str, ZoneDef], view: View, cards: bool = True) -> Layout:
    """The places of a view: other seats on top, shared zones in the middle, the viewer below."""
    layout = Layout()
    seats = range(len(view.seat_names))
    others = [s for s in seats if s != view.seat]
    y = 0.0
    for seat in others:
        entries = _seat_entries(zones, view, seat)
        if entries:
            y += _lay_out_row(entries, y, cards, layout) + GAP
    y += BAND_GAP - GAP if others else 0.0
    shared = [e for z in zones.values() if not z.per_player for e in _shared(z, view.zones[z.name])]
    if shared:
        y += _lay_out_row(shared, y, cards, layout) + BAND_GAP
    if view.seat in seats:
        _lay_out_row(_seat_entries(zones, view, view.seat), y, cards, layout)
    layout.markers = _markers(view, layout)
    return layout


def _markers(view: View, layout: Layout) -> list[tuple[Key, int, str]]:
    """Seat markers: a per-player var holding cells marks those cells of the only grid."""
    grid_keys = {key[:-1] for key in layout.places if isinstance(key[-1], Cell)}
    if len(grid_keys) != 1:
        return []
    (grid,) = grid_keys
    found = []
    for name, value in view.vars.items():
        if isinstance(value, tuple) and value and all(isinstance(v, Cell) for v in value):
            found.extend(((*grid, cell), seat, name) for seat, cell in enumerate(value))
    return found


# ------------------------------------------------------------------ moves as drags


@dataclass
class Drags:
    """The legal moves of the seat to move, split into drags and actions.

    ``targets[what][place key]`` is the move that putting a component written
    ``what`` (``QL``, ``R``) on that place means; ``footprints`` tells, for each
    of those moves, where the component comes from too.
    """

    targets: dict[str, dict[Key, Move]] = field(default_factory=dict)
    actions: list[Move] = field(default_factory=list)
    footprints: dict[Move, Footprint] = field(default_factory=dict)

    def draggable(self, what: str) -> bool:
        """True if a component written ``what`` has somewhere to go."""
        return what in self.targets


def drags_of(state: State) -> Drags:
    """The legal moves of the seat to move, as drags onto places and as actions: a move
    with a footprint (it moves a card or piece of its own) is a drag onto the place it
    reaches, any other an action."""
    drags = Drags()
    feet = state.footprints()
    for move in state.legal_list():
        foot = feet.get(move)
        if foot is None or foot.target in drags.targets.get(foot.what, {}):
            drags.actions.append(move)
            continue
        drags.targets.setdefault(foot.what, {})[foot.target] = move
        drags.footprints[move] = foot
    return drags
