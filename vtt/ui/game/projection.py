"""The game state as places on a table, and its legal moves as drags and actions (no Qt).

A *place* is one zone instance (a pile, a row, one cell of a grid), keyed by its
path in the state's zones: ``("reserve", 1)``, ``("board", Cell(1, 1))``,
``("board", 0, Cell(1, 1))``. The places lie on a felt as the free table's seats
do: the seat at the screen at the bottom, the others across the top, each seat's
places in a band beside its name plate, shared zones in the middle. The hands of
the seat at the screen (its zones called *hand*, by name or label) lie apart in
the hand area (:attr:`Layout.hand`), shown at the bottom of the window as the free
table's hand bar is.

Every place is sized for what it may hold, not for what it holds now: a row has
room for as many faces as it held at the start (within limits) and fans more out
closer together, so nothing moves when a pile grows. Faces are computed from the
viewer's :class:`View` only, so nothing hidden reaches the window.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from vtt.janken import Card
from vtt.match.drags import Drags, Picking, sorted_drags
from vtt.rules import Move, State
from vtt.rules.argtypes import Role
from vtt.rules.footprint import Footprint
from vtt.rules.model import ZoneDef
from vtt.rules.values import Cell, Component, Piece
from vtt.rules.views import Hidden, View

__all__ = [
    "Drags",
    "Face",
    "Grid",
    "Layout",
    "Picking",
    "Place",
    "Screen",
    "capacities",
    "drags_of",
    "in_two_lines",
    "is_hand",
    "project",
]

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
        return replace(self, rect=(x + dx, y + dy, w, h), faces=faces)


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

    def bounds(self) -> Rect:
        """The rectangle holding every place on the felt."""
        rects = [p.rect for p in self.places.values() if not p.in_hand]
        return _union(rects) if rects else self.felt


def _union(rects: list[Rect]) -> Rect:
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


def _stack_faces(stack: Any) -> tuple[Component | None, ...]:
    if isinstance(stack, Hidden):
        return (None,) * stack.count
    return tuple(stack)


def _owner(zone: ZoneDef, key: Key) -> int | None:
    return key[1] if zone.per_player else None


def cell_size(cards: bool) -> tuple[float, float]:
    """The width and height of one grid cell."""
    return CARD_CELL if cards else PIECE_CELL


def _face_size(cards: bool) -> tuple[float, float]:
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


def _labelled(
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


@dataclass(frozen=True)
class _Spec:
    """One zone instance to lay out: its zone, key and what the view shows of it."""

    zone: ZoneDef
    key: Key
    node: Any
    #: How many copies of the zone there are (Tic-Tac-Rock's boards: 1 or 2).
    copies: int = 1


def _cell_place(key: Key, stack: Any, x: float, y: float, owner: int | None, cards: bool) -> Place:
    faces = _stack_faces(stack)
    cw, ch = cell_size(cards)
    shown: list[Face] = []
    # A piece standing on a card shows the card too (Corner to Corner: the card under
    # a piece decides its steps): the topmost card beneath, then the piece on it.
    if cards and faces and isinstance(faces[-1], Piece):
        under = [i for i, c in enumerate(faces) if isinstance(c, Card)]
        if under:
            w, h = _face_size(True)
            shown.append(
                Face(faces[under[-1]], (x + (cw - w) / 2, y + (ch - h) / 2, w, h), under[-1])
            )
    for c in faces[-1:]:
        w, h = _face_size(cards and not isinstance(c, Piece))
        shown.append(Face(c, (x + (cw - w) / 2, y + (ch - h) / 2, w, h), len(faces) - 1))
    return Place(key, "cell", (x, y, cw, ch), str(key[-1]), owner, len(faces), tuple(shown))


def _grid(spec: _Spec, cards: bool, letters: Letters) -> tuple[list[Place], Grid, float, float]:
    """The cells of a board at 0, 0 (its edge of names to the left and below)."""
    zone = spec.zone
    # The size is the game's (a grid may be sized by options): read off its cells.
    cols = max((cell.col + 1 for cell in spec.node), default=0)
    rows = max((cell.row + 1 for cell in spec.node), default=0)
    cw, ch = cell_size(cards)
    caption = _caption(spec)
    edge = letters.edge
    top = letters.caption if caption else 0.0
    places = []
    for cell, stack in spec.node.items():
        cx = edge + cell.col * cw
        cy = top + (rows - 1 - cell.row) * ch  # row 1 at the bottom, as on a chessboard
        places.append(_cell_place((*spec.key, cell), stack, cx, cy, _owner(zone, spec.key), cards))
    rect = (edge, top, cols * cw, rows * ch)
    grid = Grid(spec.key, rect, cols, rows, zone.look, caption, letters=letters.scale)
    return places, grid, edge + cols * cw, top + rows * ch + edge


def _caption(spec: _Spec) -> str:
    """A board's name above it where there are several: a copy's label and number
    ("Board 2"), a seat's own board its label."""
    label = zone_label(spec.zone)
    if spec.copies > 1:
        return f"{label[:1].upper()}{label[1:]} {spec.key[-1] + 1}"
    return label if spec.zone.per_player else ""


def _edge_rows(zones: Mapping[str, ZoneDef], view: View) -> tuple[_Spec | None, dict[int, _Spec]]:
    """The board and the rows of cells each seat has along its edge, in a game of two
    with one board: a seat's grid of one row as wide as the board (Edge to Edge's goal
    positions, one beyond each column). The board is drawn from the first seat's side
    (row 1 at the bottom), so the first seat's row lies along its bottom edge and the
    second's along its top, each beyond that seat's end of the board."""
    boards = [s for s in _shared_specs(zones, view) if s.zone.grid is not None and s.copies == 1]
    if len(view.seat_names) != 2 or len(boards) != 1 or boards[0].zone.copies is not None:
        return None, {}
    board = boards[0]
    cols = max((cell.col + 1 for cell in board.node), default=0)
    rows: dict[int, _Spec] = {}
    for seat in (0, 1):
        for spec in _seat_specs(zones, view, seat):
            cells = list(spec.node) if spec.zone.grid is not None else []
            if (
                spec.zone.copies is None
                and cells
                and all(cell.row == 0 for cell in cells)
                and max(cell.col for cell in cells) + 1 == cols
            ):
                rows[seat] = spec
    return (board, rows) if rows else (None, {})


def _edged_board(board: _Spec, rows: Mapping[int, _Spec], cards: bool, letters: Letters) -> _Block:
    """A board with the rows of cells along its edges (see :func:`_edge_rows`): each cell
    of a row beyond the board's column it is lined up with, named after the cell of the
    board it lies beyond and the row's zone ("c5 goal", as a move into it is written)."""
    places, grid, width, height = _grid(board, cards, letters)
    cw, ch = cell_size(cards)
    edge = letters.edge
    shift = 0.0
    above, below = rows.get(1), rows.get(0)
    if above is not None:
        shift = letters.caption + ch + EDGE_GAP
    moved = _Block(places, width, height, [grid]).moved(0.0, shift)
    places, grids = list(moved.places), list(moved.grids)
    board_y = moved.grids[0].rect[1]
    height += shift
    for spec, top, beyond, last in (
        (above, letters.caption, str(grid.rows), False),
        (below, board_y + grid.rect[3] + edge + EDGE_GAP, "1", True),
    ):
        if spec is None:
            continue
        word = spec.zone.name.replace("_", " ")
        for cell, stack in spec.node.items():
            # Part of the board, as its cells are: it takes the other seat's pieces.
            place = _cell_place((*spec.key, cell), stack, edge + cell.col * cw, top, None, cards)
            places.append(replace(place, label=f"{Cell(cell.col, 0).name[0]}{beyond} {word}"))
        cols = max(cell.col + 1 for cell in spec.node)
        caption = f"{word} beyond row {beyond}"
        look = spec.zone.look
        rect = (edge, top, cols * cw, ch)
        grids.append(Grid(spec.key, rect, cols, 1, look, caption, beyond, last, letters.scale))
        if last:
            height = top + ch + letters.caption
    return _Block(places, width, height, grids)


def _pile(spec: _Spec, cards: bool, letters: Letters) -> Place:
    faces = _stack_faces(spec.node)
    w, h = _face_size(cards)
    label = zone_label(spec.zone)
    lines, width = _labelled(label, w + 2 * PAD + 24, letters, count=False)
    top = PAD + letters.line * len(lines)
    shown = tuple(Face(c, ((width - w) / 2, top, w, h), len(faces) - 1) for c in faces[-1:])
    rect = (0.0, 0.0, width, top + h + PAD)
    owner = _owner(spec.zone, spec.key)
    return Place(
        spec.key, "pile", rect, label, owner, len(faces), shown, lines, False, letters.scale
    )


def _row_steps(count: int, room: float, cards: bool) -> list[float]:
    """Where each of ``count`` faces lies along a row whose faces may lie ``room``
    apart from the first to the last: side by side while they fit, then fanned closer,
    the oldest piled under the first shown."""
    step = CARD_STEP if cards else PIECE_STEP
    if count > 1 and step * (count - 1) > room:
        step = room / (count - 1)
    if step >= MIN_STEP:
        return [n * step for n in range(count)]
    hidden = count - (int(room // MIN_STEP) + 1)
    return [max(0, n - hidden) * MIN_STEP for n in range(count)]


def _row(
    spec: _Spec,
    cards: bool,
    letters: Letters,
    capacity: int,
    widest: int,
    *,
    most_lines: int = 1,
    reach: float | None = None,
) -> Place:
    """A row of faces under its label, with room for as many as it held at the start
    (``capacity``), at most ``widest`` side by side in up to ``most_lines`` lines; more
    are fanned closer. ``reach``: how far apart its first and last faces of a line may
    lie instead (a hand given the hand area's room)."""
    faces = _stack_faces(spec.node)
    w, h = _face_size(cards)
    step = CARD_STEP if cards else PIECE_STEP
    # A row that held more than fit in a line at the start goes on in further lines.
    held = max(capacity, len(faces))
    rows = max(1, min(most_lines, math.ceil(held / widest)))
    slots = max(ROW_MIN, min(widest, math.ceil(held / rows) if rows > 1 else capacity))
    if reach is None:
        reach = step * (slots - 1)
    label = zone_label(spec.zone)
    lines, width = _labelled(label, w + reach + 2 * PAD, letters, count=True)
    top = PAD + letters.line * len(lines)
    per_line = max(slots, math.ceil(len(faces) / rows)) if rows > 1 else len(faces)
    shown = []
    for line in range(rows):
        part = faces[line * per_line : (line + 1) * per_line]
        y = top + line * (h + LINE_GAP)
        for n, (c, x) in enumerate(zip(part, _row_steps(len(part), reach, cards), strict=True)):
            shown.append(Face(c, (PAD + x, y, w, h), line * per_line + n))
    rect = (0.0, 0.0, width, top + rows * h + (rows - 1) * LINE_GAP + PAD)
    owner = _owner(spec.zone, spec.key)
    return Place(
        spec.key, "row", rect, label, owner, len(faces), tuple(shown), lines, False, letters.scale
    )


@dataclass
class _Block:
    """Places laid out together at 0, 0 (a pile, a row or a board), and their size."""

    places: list[Place]
    width: float
    height: float
    grids: list[Grid] = field(default_factory=list)
    #: The name plates among them (a seat's group of places has its plate).
    plates: list[tuple[int, Rect]] = field(default_factory=list)
    #: Where its top left corner lies (a board's names lie outside its cells).
    x: float = 0.0
    y: float = 0.0

    def moved(self, dx: float, dy: float) -> _Block:
        """The block ``dx``, ``dy`` further on."""
        grids = [replace(g, rect=(g.rect[0] + dx, g.rect[1] + dy, *g.rect[2:])) for g in self.grids]
        plates = [(seat, (x + dx, y + dy, w, h)) for seat, (x, y, w, h) in self.plates]
        places = [p.moved(dx, dy) for p in self.places]
        return _Block(places, self.width, self.height, grids, plates, self.x + dx, self.y + dy)


def _block(
    spec: _Spec,
    cards: bool,
    letters: Letters,
    capacity: Mapping[Key, int],
    widest: int,
    *,
    most_lines: int = 1,
    reach: float | None = None,
) -> _Block:
    """A zone instance laid out at 0, 0: a board, a pile, or a row (see :func:`_row`)."""
    zone = spec.zone
    if zone.grid is not None:
        places, grid, width, height = _grid(spec, cards, letters)
        return _Block(places, width, height, [grid])
    if zone.visibility == "nobody":
        place = _pile(spec, cards, letters)
    else:
        held = capacity.get(spec.key, 0)
        place = _row(spec, cards, letters, held, widest, most_lines=most_lines, reach=reach)
    return _Block([place], place.rect[2], place.rect[3])


def _lines_of(blocks: list[_Block], most: float = BAND_MAX) -> list[list[_Block]]:
    """Blocks in lines no wider than ``most`` (a block wider alone gets its own line)."""
    lines: list[list[_Block]] = [[]]
    width = 0.0
    for block in blocks:
        if lines[-1] and width + GAP + block.width > most:
            lines.append([])
            width = 0.0
        width += (GAP if lines[-1] else 0.0) + block.width
        lines[-1].append(block)
    return [line for line in lines if line]


def _band(
    blocks: list[_Block], y: float, rim_first: bool, most: float = BAND_MAX
) -> tuple[list[_Block], float]:
    """Lay blocks in lines centred on x = 0 from ``y`` down, each line at most ``most``
    wide; the first line nearest the rim (at the top when ``rim_first``, else at the
    bottom). The blocks and where the band ends."""
    lines = _lines_of(blocks, most)
    if not rim_first:
        lines.reverse()
    placed: list[_Block] = []
    for line in lines:
        height = max(b.height for b in line)
        x = -(sum(b.width for b in line) + GAP * (len(line) - 1)) / 2
        for block in line:
            placed.append(block.moved(x, y + (height - block.height) / 2))
            x += block.width + GAP
        y += height + GAP
    return placed, (y - GAP if lines else y)


def _seat_specs(zones: Mapping[str, ZoneDef], view: View, seat: int) -> list[_Spec]:
    found: list[_Spec] = []
    for zone in zones.values():
        if zone.per_player:
            node = view.zones[zone.name][seat]
            if zone.copies is None:
                found.append(_Spec(zone, (zone.name, seat), node))
            else:
                found.extend(
                    _Spec(zone, (zone.name, seat, k), c, len(node)) for k, c in enumerate(node)
                )
    return found


def _shared_specs(zones: Mapping[str, ZoneDef], view: View) -> list[_Spec]:
    found: list[_Spec] = []
    for zone in zones.values():
        if zone.per_player:
            continue
        node = view.zones[zone.name]
        if zone.copies is None:
            found.append(_Spec(zone, (zone.name,), node))
        else:
            found.extend(_Spec(zone, (zone.name, k), c, len(node)) for k, c in enumerate(node))
    return found


def _plate(seat: int, name: str, y: float, letters: Letters) -> tuple[int, Rect]:
    scale = letters.scale
    width = float(math.ceil(max(160.0 * scale, letters.width(name) * 1.15 + PLATE_ROOM * scale)))
    return seat, (-width / 2, y, width, PLATE_H * scale)


def _group(
    specs: list[_Spec],
    plate: tuple[int, str],
    plate_first: bool,
    make: Callable[[_Spec, int], _Block],
    widest: int,
    most: float,
    letters: Letters,
) -> _Block:
    """One seat's places in lines under its name plate (over it, for the seat at the
    screen, unless ``plate_first``), as one block from 0, 0."""
    seat, name = plate
    blocks = [make(spec, widest) for spec in specs]
    parts: list[_Block] = []
    plates: list[tuple[int, Rect]] = []
    y = 0.0
    if plate_first:
        plates.append(_plate(seat, name, y, letters))
        y += PLATE_H * letters.scale + GAP / 2
        parts, y = _band(blocks, y, True, most)
    else:
        parts, y = _band(blocks, y, False, most)
        y += GAP / 2 if parts else 0.0
        plates.append(_plate(seat, name, y, letters))
    places = [p for b in parts for p in b.places]
    grids = [g for b in parts for g in b.grids]
    extents = [(b.x, b.y, b.width, b.height) for b in parts] + [r for _, r in plates]
    left, top, width, height = _union(extents)
    group = _Block(places, width, height, grids, plates, left, top)
    return group.moved(-left, -top)


def _row_of(blocks: list[_Block], gap: float, align: str = "top") -> _Block:
    """Blocks side by side from 0, 0, ``gap`` apart, lined up at the top, the middle
    or the bottom of the tallest; one block of them all."""
    height = max((b.height for b in blocks), default=0.0)
    x = 0.0
    placed: list[_Block] = []
    for block in blocks:
        y = {"top": 0.0, "middle": (height - block.height) / 2}.get(align, height - block.height)
        placed.append(block.moved(x, y))
        x += block.width + gap
    width = x - gap if blocks else 0.0
    return _Block(
        [p for b in placed for p in b.places],
        width,
        height,
        [g for b in placed for g in b.grids],
        [r for b in placed for r in b.plates],
    )


def _seating(others: list[int]) -> tuple[list[int], list[int], list[int]]:
    """Where the other seats sit, in the order of play from the seat at the screen:
    the next on the left, the last on the right, the rest across the top (one alone
    sits across the table)."""
    if len(others) < 2:
        return [], others, []
    return others[:1], others[1:-1], others[-1:]


def project(
    zones: Mapping[str, ZoneDef],
    view: View,
    cards: bool = True,
    *,
    capacity: Mapping[Key, int] | None = None,
    measure: Measure = estimate,
    hand_area: bool = True,
    lines: int = 0,
    letters: float | None = None,
    screen: Screen | None = None,
) -> Layout:
    """The places of a view on the felt, each seat's by its name plate around the
    table: the seat at the screen at the bottom, the next on its left, the last on its
    right, the others across the top; shared zones in the middle; the viewer's hands
    in the hand area (unless not ``hand_area``). In a game of two around a tall board
    the seats' places lie beside it, each on its own side. ``capacity`` gives each row
    room for that many faces (as many as it held at the start); ``measure`` is a
    label's width at the labels' size; ``lines`` lines of text (a pack's ``on_table``
    vars) are kept room for across the felt above the viewer's places. On a large table
    the labels are drawn larger (``Layout.letters``), so as to be LEAST_PX high at the
    first view where LETTERS_MOST allows (else ``letters`` times their size). The
    felt takes the shape of the window's ``screen``, and the hands its hand area's room.
    """
    screen = screen or Screen()

    def lay(scale: float, on: Screen) -> Layout:
        letters = Letters(measure, scale)
        return _project(zones, view, cards, capacity or {}, letters, hand_area, lines, on)

    if letters is not None:
        return lay(letters, screen)
    scale = 1.0
    while True:
        # The letters' size is the first view's (the same in a window of any size).
        layout = lay(scale, Screen())
        wanted = min(LETTERS_MOST, LEAST_PX / (LABEL_PX * first_zoom(layout)))
        # Round up to a twentieth, so that sizes stay round; a few tries at most, as the
        # felt grows a little with its letters.
        wanted = math.ceil(wanted * 20 - 1e-9) / 20
        if wanted <= scale:
            break
        scale = wanted
    return layout if screen == Screen() else lay(scale, screen)


def first_zoom(layout: Layout) -> float:
    """How large the felt is drawn when fitted to the table's part of the window at its
    first size (pixels per table unit)."""
    width, height = FIRST_VIEW
    if layout.hand is not None:
        height -= HAND_AREA_PX
    _x, _y, felt_w, felt_h = layout.felt
    return min(width / (felt_w + FIT_ROOM), height / (felt_h + FIT_ROOM))


def _project(
    zones: Mapping[str, ZoneDef],
    view: View,
    cards: bool,
    room: Mapping[Key, int],
    letters: Letters,
    hand_area: bool,
    lines: int,
    screen: Screen,
) -> Layout:
    """The layout of :func:`project` with labels in these ``letters``."""
    measure = letters.measure
    layout = Layout(letters=letters.scale)
    seats = range(len(view.seat_names))
    names = view.seat_names
    viewer = view.seat if view.seat in seats else None
    if viewer is None:
        others = list(seats)
    else:
        others = [(viewer + k) % len(seats) for k in range(1, len(seats))]
    left, top, right = _seating(others)

    def make(spec: _Spec, widest: int) -> _Block:
        return _block(spec, cards, letters, room, widest)

    board, edge_rows = _edge_rows(zones, view)
    along = {spec.key for spec in edge_rows.values()}

    def group(seat: int, widest: int, most: float, plate_first: bool = True) -> _Block:
        specs = [s for s in _seat_specs(zones, view, seat) if s.key not in along]
        if hand_area and seat == viewer:
            specs = [s for s in specs if not is_hand(s.zone)]
        return _group(specs, (seat, names[seat]), plate_first, make, widest, most, letters)

    def middle_block(spec: _Spec) -> _Block:
        if board is not None and spec.key == board.key:
            return _edged_board(spec, edge_rows, cards, letters)
        return _block(spec, cards, letters, room, ROW_MAX, most_lines=MIDDLE_LINES)

    # Seats at the sides and several across the top fan their rows closer: they share
    # the table's width.
    crowded = bool(left)
    widest = SIDE_ROW if crowded else ROW_MAX
    shared = [middle_block(spec) for spec in _shared_specs(zones, view)]
    middle_band, _end = _band(shared, 0.0, True)
    middle = _stacked(middle_band) if middle_band else _Block([], 0.0, 0.0)
    tops = [group(seat, widest, BAND_MAX if not crowded else TOP_MOST) for seat in top]
    sides = [group(seat, SIDE_ROW, SIDE_MOST) for seat in (*left, *right)]
    mine = group(viewer, ROW_MAX, BAND_MAX, plate_first=False) if viewer is not None else None
    rows: list[_Block] = []
    middle_width = 0.0
    if (
        mine is not None
        and not crowded
        and len(tops) == 1
        and not tops[0].grids  # a seat's own rows of cells line up with the board's
        and not mine.grids
        and middle.height > BESIDE_HEIGHT
        and middle.height >= tops[0].height + mine.height
    ):
        # Two around a tall board: each seat's places on its own side of the board, at
        # its own end, so the board can fill the table's height.
        assert viewer is not None
        theirs = group(top[0], ROW_MAX, SIDE_MOST)
        mine = group(viewer, ROW_MAX, SIDE_MOST, plate_first=False)
        height = max(middle.height, theirs.height + mine.height + GAP)
        rows.append(
            _Block(
                *_merged(
                    mine.moved(0, height - mine.height),
                    middle.moved(mine.width + SIDE_GAP, (height - middle.height) / 2),
                    theirs.moved(mine.width + middle.width + 2 * SIDE_GAP, 0),
                ),
            )
        )
    else:
        if tops:
            rows.append(_row_of(tops, SIDE_GAP))
        beside = [*sides[: len(left)], middle, *sides[len(left) :]]
        beside = [b for b in beside if b.places or b.plates]
        if beside:
            rows.append(_row_of(beside, SIDE_GAP, "middle"))
            middle_width = rows[-1].width
        if mine is not None:
            rows.append(mine)
    y = 0.0
    if lines:
        # Across the felt, between the middle and the viewer's places.
        strip = _Block([], 0.0, lines * TABLE_LINE)
        rows.insert(
            len(rows) - 1 if mine is not None and rows and rows[-1] is mine else len(rows), strip
        )
    strip_y: float | None = None
    blocks: list[_Block] = []
    for row in rows:
        if lines and row is strip:
            strip_y = y
        else:
            blocks.append(row.moved(-row.width / 2, y))
        y += row.height + BAND_GAP
    kept = [(b.x, b.y, b.width, b.height) for b in blocks]
    if strip_y is not None:
        kept.append((0.0, strip_y, 0.0, lines * TABLE_LINE))
    left_x, top_y, width, height = _union(kept)
    felt_w = max(MIN_FELT[0], width + 2 * FELT_PAD)
    felt_h = max(MIN_FELT[1], height + 2 * FELT_PAD)
    # A table wider than it is deep, as wide as the window's shape asks: fitted there,
    # its rim and margin around it, it fills the window's width and height.
    wide = max(FELT_SHAPE, screen.shape)
    felt_w = max(felt_w, felt_h * FELT_SHAPE, wide * (felt_h + FIT_ROOM) - FIT_ROOM)
    # Everything moves so that the felt is centred on 0, 0.
    dx, dy = -(left_x + width / 2), -(top_y + height / 2)
    layout.felt = (-felt_w / 2, -felt_h / 2, felt_w, felt_h)
    for block in blocks:
        moved = block.moved(dx, dy)
        for place in moved.places:
            layout.places[place.key] = place
        layout.grids.extend(moved.grids)
        layout.plates.extend(moved.plates)
    if left or right:
        _spread(layout, left, right, middle_width, along)
    layout.plates.sort(key=lambda plate: (plate[0] != viewer, plate[0]))
    if viewer is not None and hand_area:
        hands = [s for s in _seat_specs(zones, view, viewer) if is_hand(s.zone)]
        if hands:
            _lay_hands(layout, hands, cards, measure, room, screen.hand_px)
    if strip_y is not None:
        layout.lines = (
            -felt_w / 2 + FELT_PAD,
            strip_y + dy,
            felt_w - 2 * FELT_PAD,
            lines * TABLE_LINE,
        )
    layout.markers = _markers(view, layout)
    return layout


def _spread(
    layout: Layout, left: list[int], right: list[int], width: float, along: Collection[Key] = ()
) -> None:
    """Move the seats at the sides out to the felt's edges, as people sit at a table:
    the row of them and the middle was ``width`` wide. The rows of cells ``along`` the
    board's edges stay with the board."""
    slack = (layout.felt[2] - 2 * FELT_PAD - width) / 2
    if slack <= 0:
        return
    shift = {seat: -slack for seat in left} | {seat: slack for seat in right}
    for key, place in list(layout.places.items()):
        if place.owner in shift and not place.in_hand and key[:-1] not in along:
            layout.places[key] = place.moved(shift[place.owner], 0.0)
    layout.plates = [
        (seat, (x + shift.get(seat, 0.0), y, w, h)) for seat, (x, y, w, h) in layout.plates
    ]


def _stacked(blocks: list[_Block]) -> _Block:
    """Blocks laid out already (by :func:`_band`), as one block from 0, 0."""
    places = [p for b in blocks for p in b.places]
    left, top, width, height = _union([(b.x, b.y, b.width, b.height) for b in blocks])
    whole = _Block(places, width, height, [g for b in blocks for g in b.grids], [], left, top)
    return whole.moved(-left, -top)


def _merged(
    *blocks: _Block,
) -> tuple[list[Place], float, float, list[Grid], list[tuple[int, Rect]]]:
    """The places, size, grids and plates of blocks laid out from 0, 0, as one."""
    places = [p for b in blocks for p in b.places]
    plates = [r for b in blocks for r in b.plates]
    _left, _top, width, height = _union([(b.x, b.y, b.width, b.height) for b in blocks])
    return places, _left + width, _top + height, [g for b in blocks for g in b.grids], plates


def _lay_hands(
    layout: Layout,
    hands: list[_Spec],
    cards: bool,
    measure: Measure,
    room: Mapping[Key, int],
    hand_px: float | None,
) -> None:
    """The viewer's hands side by side in the hand area, from its left edge, spread
    over the hand area's width (``hand_px`` pixels, when known): side by side while
    they fit, else fanned closer, each as far as its share of the room allows."""
    # The hand area is fitted to its strip of the window on its own: its letters stay.
    letters = Letters(measure)
    blocks = [_block(spec, cards, letters, room, 2 * ROW_MAX) for spec in hands]
    if hand_px is not None:
        reaches = _hand_reaches(hands, blocks, cards, room, hand_px)
        blocks = [
            _block(spec, cards, letters, room, 2 * ROW_MAX, reach=reach)
            for spec, reach in zip(hands, reaches, strict=True)
        ]
    x = 0.0
    height = 0.0
    for block in blocks:
        block = block.moved(x, HAND_Y)
        for place in block.places:
            layout.places[place.key] = replace(place, in_hand=True)
        x += block.width + GAP
        height = max(height, block.height)
    layout.hand = (-PAD, HAND_Y - PAD, x - GAP + 2 * PAD, height + 2 * PAD)


def _hand_reaches(
    hands: list[_Spec],
    blocks: list[_Block],
    cards: bool,
    capacity: Mapping[Key, int],
    hand_px: float,
) -> list[float]:
    """How far apart the first and last faces of each hand may lie in a hand area
    ``hand_px`` pixels wide: as far as its faces side by side need, or, when they all
    do not fit, the room there is shared out as they need it."""
    step = CARD_STEP if cards else PIECE_STEP
    w, _h = _face_size(cards)
    height = max(b.height for b in blocks) + 2 * PAD
    # The hand area is drawn as large as its strip's height allows, at most full size.
    width = hand_px / min(1.0, HAND_AREA_PX / height)
    # Room for as many as each held at the start, or holds now, side by side.
    held = [max(ROW_MIN, min(2 * ROW_MAX, capacity.get(s.key, 0)), len(s.node)) for s in hands]
    wanted = [step * (n - 1) for n in held]
    free = width - 2 * PAD - GAP * (len(hands) - 1) - len(hands) * (w + 2 * PAD)
    if sum(wanted) <= free:
        return wanted
    total = sum(wanted) or 1.0
    return [max(0.0, free * want / total) for want in wanted]


def _markers(view: View, layout: Layout) -> list[tuple[Key, int, str]]:
    """Seat markers: a per-player var holding cells marks those cells of the only grid."""
    grid_keys = {key[:-1] for key in layout.places if isinstance(key[-1], Cell)}
    if len(grid_keys) != 1:
        return []
    (grid,) = grid_keys
    found: list[tuple[Key, int, str]] = []
    for name, value in view.vars.items():
        if isinstance(value, tuple) and value and all(isinstance(v, Cell) for v in value):
            found.extend(((*grid, cell), seat, name) for seat, cell in enumerate(value))
    return found


# ------------------------------------------------------------------ moves as drags


def _picked_cards(move: Move) -> tuple[str, int, int, frozenset[str]] | None:
    """For a move whose kind's one argument is a set of cards: its kind's name, how
    many cards it takes at least and at most, and the cards it takes; else None."""
    kind = move.kind
    if kind is None or len(kind.args) != 1 or kind.args[0].argtype.role is not Role.SET:
        return None
    arg = kind.args[0]
    return kind.name, arg.low, arg.high, frozenset(str(card) for card in move.values[0])


def drags_of(state: State, feet: Mapping[Move, Footprint] | None = None) -> Drags[Move]:
    """The legal moves of the seat to move, as drags onto places and as actions
    (``vtt.match.drags``). ``feet``: ``state.footprints()``, when the caller has them
    already."""
    feet = state.footprints() if feet is None else feet
    return sorted_drags((move, feet.get(move), _picked_cards(move)) for move in state.legal_list())
