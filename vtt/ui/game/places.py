"""The places of an enforced game's table and their sizes (no Qt): a *place* is one zone
instance (a pile, a row, one cell of a grid), keyed by its path in the state's zones:
``("reserve", 1)``, ``("board", Cell(1, 1))``, ``("board", 0, Cell(1, 1))``. Here are
the values a layout is made of (:class:`Place`, :class:`Face`, :class:`Grid`,
:class:`Layout`), the table's measures, and what a zone is (a hand, its instances, the
room each needs).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from vtt.janken import Card
from vtt.rules.model import ZoneDef
from vtt.rules.values import Cell, Component, Piece
from vtt.rules.views import Hidden, View

CARD_W, CARD_H = 100.0, 140.0
PIECE = 64.0
#: A grid cell holds a card with a margin; a board of pieces has square cells.
CARD_CELL, PIECE_CELL = (124.0, 164.0), (112.0, 112.0)
#: Between a place's edge and its faces.
PAD = 12.0
#: Between places side by side, between bands of places.
GAP, BAND_GAP = 36.0, 64.0
#: Faces side by side in a row: how far apart; fanned closer when more than fit; at least.
CARD_STEP, PIECE_STEP, MIN_STEP = CARD_W + 10.0, PIECE + 10.0, 9.0
#: A row has room for this many faces at least and at most (more are fanned closer).
ROW_MIN, ROW_MAX = 3, 12
#: A row in the middle of the table with room for more than ROW_MAX faces (a draft
#: pool of 24) lies in up to this many lines of faces, this far apart.
MIDDLE_LINES, LINE_GAP = 2, 10.0
#: A band of places wider than this goes on in a second line.
BAND_MAX = 1800.0
#: The height of a line of a place's label, in table units (its letters: LABEL_PX).
LABEL_LINE, LABEL_PX = 30.0, 22.0
#: The room a label leaves in its place's width: margins and the owner's dot.
LABEL_INSET = 56.0
#: A label up to this wide stays on one line, widening its place if need be.
LABEL_LINE_MAX = 260.0
#: The name plate of a seat: its height, and the room around its name.
PLATE_H, PLATE_ROOM = 38.0, 44.0
#: The board's edge, where the names of its columns and rows are printed; the room
#: above a board for its caption (clear of its frame).
EDGE, CAPTION_ROOM = 34.0, 44.0
#: Between a board's frame (or the names below its columns) and a row along its edge.
EDGE_GAP = 30.0
#: Seats at the sides of the table (and several across the top) have room in a row for
#: this many faces, their lines of places at most so wide; between seats side by side.
SIDE_ROW, SIDE_MOST, TOP_MOST, SIDE_GAP = 5, 620.0, 900.0, 72.0
#: Two seats around a board taller than this have their places beside it.
BESIDE_HEIGHT = 600.0
#: Room between the places and the felt's edge; the smallest felt.
FELT_PAD = 56.0
MIN_FELT = (1000.0, 720.0)
FELT_SHAPE = 1.25
#: The room of a line of text a pack writes on the table (a var's ``on_table``): two
#: lines of its letters, so that a long text is broken in two, not cut short.
TABLE_LINE = 72.0
#: Where the hand area lies: far below the table, out of the table's view.
HAND_Y = 20000.0
#: The table's part of the game window at its first size (1300 x 900 less the side
#: panel), in pixels, less the hand area's height when there is one; the room around the
#: felt when it is fitted there (its rim and a margin), in table units.
FIRST_VIEW, HAND_AREA_PX, FIT_ROOM = (1036.0, 853.0), 190.0, 2 * (44.0 + 24.0)
#: A large table (a 13x13 board) is drawn small: its labels, the names on its boards'
#: edges and their captions are drawn larger, so that at the first view they are this
#: many pixels high at least (up to LETTERS_MOST times their usual size).
LEAST_PX, LETTERS_MOST = 11.0, 1.75

Key = tuple[Any, ...]
Rect = tuple[float, float, float, float]  # x, y, width, height
#: The width of a text in table units, at the labels' size.
Measure = Callable[[str], float]


def estimate(text: str) -> float:
    """A text's width at the labels' size, guessed from its length (no fonts here)."""
    return len(text) * LABEL_PX * 0.56


@dataclass(frozen=True)
class Letters:
    """The letters of the labels on a table: how wide a text is at LABEL_PX
    (``measure``), and how much larger than that they are drawn (``scale``), with the
    room they take scaled alike."""

    measure: Measure = estimate
    scale: float = 1.0

    def width(self, text: str) -> float:
        """How wide ``text`` is drawn."""
        return self.measure(text) * self.scale

    @property
    def line(self) -> float:
        """The height of a line of a label."""
        return LABEL_LINE * self.scale

    @property
    def edge(self) -> float:
        """The room for the names on a board's edge."""
        return EDGE * self.scale

    @property
    def caption(self) -> float:
        """The room above a board for its caption."""
        return CAPTION_ROOM * self.scale


@dataclass(frozen=True)
class Screen:
    """The window's room for the table: the shape of its table view (width over
    height), and how wide its hand area is in pixels (None: not known)."""

    shape: float = FELT_SHAPE
    hand_px: float | None = None


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
    #: The label as printed above the faces, one or two lines (none for a cell).
    lines: tuple[str, ...] = ()
    #: True for a hand of the seat at the screen, in the hand area.
    in_hand: bool = False
    #: How much larger than LABEL_PX its label is drawn (see :class:`Letters`).
    letters: float = 1.0

    @property
    def line(self) -> float:
        """The height of a line of its label."""
        return LABEL_LINE * self.letters

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the place."""
        x, y, w, h = self.rect
        return x + w / 2, y + h / 2

    def first_slot(self, size: tuple[float, float]) -> tuple[float, float]:
        """The middle of where a first face of ``size`` lies: a row's leftmost slot
        under its label, else the middle of the place."""
        x, y, _w, _h = self.rect
        if self.kind != "row":
            return self.centre
        width, height = size
        return x + PAD + width / 2, y + PAD + self.line * len(self.lines) + height / 2

    def moved(self, dx: float, dy: float) -> Place:
        """The same place ``dx``, ``dy`` further on."""
        x, y, w, h = self.rect
        faces = tuple(
            Face(f.component, (f.rect[0] + dx, f.rect[1] + dy, *f.rect[2:]), f.index)
            for f in self.faces
        )
        return Place(
            self.key,
            self.kind,
            (x + dx, y + dy, w, h),
            self.label,
            self.owner,
            self.count,
            faces,
            self.lines,
            self.in_hand,
            self.letters,
        )


@dataclass(frozen=True)
class Grid:
    """A board: the key of its cells without the cell, where its cells lie, its size."""

    key: Key
    rect: Rect
    cols: int
    rows: int
    #: How it is drawn: "cells" (squares) or "lines" (a go board), as its zone says.
    look: str = "cells"
    #: Its name printed above it, where a table has several boards (Tic-Tac-Rock's
    #: "Board 1" and "Board 2", Edge to Edge's "goal beyond row 5"); else none.
    caption: str = ""
    #: For a row of cells laid along the board's edge (Edge to Edge's goal): the name of
    #: the board's row it lies beyond; its cells are named after the board's columns.
    beyond: str = ""
    #: The caption is printed below the cells (a row along the board's bottom edge).
    caption_below: bool = False
    #: How much larger than LABEL_PX its caption and names are drawn (:class:`Letters`).
    letters: float = 1.0

    @property
    def caption_rect(self) -> Rect:
        """Where the caption is printed: a line above the board's frame (below it, for a
        row along the board's bottom edge)."""
        x, y, w, h = self.rect
        line, room = LABEL_LINE * self.letters, CAPTION_ROOM * self.letters
        if self.caption_below:
            return x, y + h + room - line, w, line
        return x, y - room, w, line

    @property
    def columns(self) -> tuple[str, ...]:
        """The names printed below the columns, left to right (a, b, c ...); none for a
        row along a board's edge (it stands in the board's columns)."""
        if self.beyond:
            return ()
        return tuple(Cell(col, 0).name[0] for col in range(self.cols))

    @property
    def row_names(self) -> tuple[str, ...]:
        """The names printed beside the rows, bottom to top (1, 2, 3 ...); none for a row
        along a board's edge."""
        if self.beyond:
            return ()
        return tuple(str(row + 1) for row in range(self.rows))


@dataclass
class Layout:
    """Every place of a view, the felt they lie on, the seats' plates, the boards, the
    hand area, and the cells marked by a seat's marker var."""

    places: dict[Key, Place] = field(default_factory=dict)
    markers: list[tuple[Key, int, str]] = field(default_factory=list)  # place, seat, var
    felt: Rect = (-MIN_FELT[0] / 2, -MIN_FELT[1] / 2, *MIN_FELT)
    plates: list[tuple[int, Rect]] = field(default_factory=list)
    grids: list[Grid] = field(default_factory=list)
    #: The hand area (None when the seat at the screen has no hand).
    hand: Rect | None = None
    #: The strip for the lines a pack writes on the table, one TABLE_LINE each (None: no lines).
    lines: Rect | None = None
    #: How much larger than LABEL_PX the labels on the felt are drawn (:class:`Letters`).
    letters: float = 1.0
    #: The felt as a window of the first view's shape (``Screen()``) has it: the
    #: letters' size is reckoned on it, whatever the window's shape.
    first_felt: Rect = (-MIN_FELT[0] / 2, -MIN_FELT[1] / 2, *MIN_FELT)

    def bounds(self) -> Rect:
        """The rectangle holding every place on the felt."""
        rects = [p.rect for p in self.places.values() if not p.in_hand]
        return union(rects) if rects else self.felt


def union(rects: list[Rect]) -> Rect:
    left = min(r[0] for r in rects)
    top = min(r[1] for r in rects)
    right = max(r[0] + r[2] for r in rects)
    bottom = max(r[1] + r[3] for r in rects)
    return left, top, right - left, bottom - top


def zone_label(zone: ZoneDef) -> str:
    """The words for a zone: its label, else its name with spaces."""
    return zone.label or zone.name.replace("_", " ")


def is_hand(zone: ZoneDef) -> bool:
    """True for a seat's hand: a zone of each player called *hand* (by its name or its
    label, as "pieces in hand"), shown to the seat at the screen in the hand area."""
    if not zone.per_player or zone.grid is not None or zone.copies is not None:
        return False
    words = {*zone.name.lower().split("_"), *zone.label.lower().split()}
    return "hand" in words


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


def capacities(zones: Mapping[str, ZoneDef], view: View) -> dict[Key, int]:
    """How many faces each stack holds in ``view``: a row is given room for as many as
    it held at the start of the game."""
    return {
        key: len(node)
        for zone in zones.values()
        for key, node in instances(zone, view.zones[zone.name])
    }


def stack_faces(stack: Any) -> tuple[Component | None, ...]:
    if isinstance(stack, Hidden):
        return (None,) * stack.count
    return tuple(stack)


def owner_of(zone: ZoneDef, key: Key) -> int | None:
    return key[1] if zone.per_player else None


def cell_size(cards: bool) -> tuple[float, float]:
    """The width and height of one grid cell."""
    return CARD_CELL if cards else PIECE_CELL


def face_size(cards: bool) -> tuple[float, float]:
    return (CARD_W, CARD_H) if cards else (PIECE, PIECE)


def in_two_lines(label: str, room: float, measure: Measure) -> tuple[str, ...]:
    """A label in one line if it fits ``room``, else in two, broken at the space that
    leaves the longer line shortest.

    >>> in_two_lines("spell cast face down", 100.0, lambda text: 10.0 * len(text))
    ('spell cast', 'face down')
    """
    words = label.split()
    if measure(label) <= room or len(words) < 2:
        return (label,)
    splits = [(" ".join(words[:n]), " ".join(words[n:])) for n in range(1, len(words))]
    return min(splits, key=lambda pair: max(measure(pair[0]), measure(pair[1])))


def labelled(
    label: str, content: float, letters: Letters, count: bool
) -> tuple[tuple[str, ...], float]:
    """The label's lines and the place's width: room for its faces and its label (and a
    count after the label, for a row)."""
    measure, scale = letters.width, letters.scale
    extra = measure(" (99)") if count else 0.0
    # A label as wide as a few cards stays on one line, the place widened for it.
    room = max(content - LABEL_INSET * scale - extra, LABEL_LINE_MAX * scale)
    lines = in_two_lines(label, room, measure)
    widest = max(measure(line) for line in lines) + extra
    # Whole table units, so that every position is exact (no 0.1 + 0.2 anywhere).
    return lines, float(math.ceil(max(content, widest + LABEL_INSET * scale)))
