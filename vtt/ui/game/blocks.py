"""The places of one zone instance laid out (no Qt): a board with its rows along its
edges, a pile, a row of faces; and blocks of places set side by side in bands.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from vtt.janken import Card
from vtt.rules.model import ZoneDef
from vtt.rules.values import Cell, Piece
from vtt.rules.views import View
from vtt.ui.game.places import (
    BAND_MAX,
    CARD_STEP,
    EDGE_GAP,
    GAP,
    LINE_GAP,
    MIN_STEP,
    PAD,
    PIECE_STEP,
    ROW_MIN,
    Face,
    Grid,
    Key,
    Letters,
    Place,
    Rect,
    cell_size,
    face_size,
    labelled,
    owner_of,
    stack_faces,
    zone_label,
)


@dataclass(frozen=True)
class Spec:
    """One zone instance to lay out: its zone, key and what the view shows of it."""

    zone: ZoneDef
    key: Key
    node: Any
    #: How many copies of the zone there are (Tic-Tac-Rock's boards: 1 or 2).
    copies: int = 1


def _cell_place(key: Key, stack: Any, x: float, y: float, owner: int | None, cards: bool) -> Place:
    faces = stack_faces(stack)
    cw, ch = cell_size(cards)
    shown: list[Face] = []
    # A piece standing on a card shows the card too (Corner to Corner: the card under
    # a piece decides its steps): the topmost card beneath, then the piece on it.
    if cards and faces and isinstance(faces[-1], Piece):
        under = [i for i, c in enumerate(faces) if isinstance(c, Card)]
        if under:
            w, h = face_size(True)
            shown.append(
                Face(faces[under[-1]], (x + (cw - w) / 2, y + (ch - h) / 2, w, h), under[-1])
            )
    for c in faces[-1:]:
        w, h = face_size(cards and not isinstance(c, Piece))
        shown.append(Face(c, (x + (cw - w) / 2, y + (ch - h) / 2, w, h), len(faces) - 1))
    return Place(key, "cell", (x, y, cw, ch), str(key[-1]), owner, len(faces), tuple(shown))


def _grid(spec: Spec, cards: bool, letters: Letters) -> tuple[list[Place], Grid, float, float]:
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
        places.append(
            _cell_place((*spec.key, cell), stack, cx, cy, owner_of(zone, spec.key), cards)
        )
    rect = (edge, top, cols * cw, rows * ch)
    grid = Grid(spec.key, rect, cols, rows, zone.look, caption, letters=letters.scale)
    return places, grid, edge + cols * cw, top + rows * ch + edge


def _caption(spec: Spec) -> str:
    """A board's name above it where there are several: a copy's label and number
    ("Board 2"), a seat's own board its label."""
    label = zone_label(spec.zone)
    if spec.copies > 1:
        return f"{label[:1].upper()}{label[1:]} {spec.key[-1] + 1}"
    return label if spec.zone.per_player else ""


def edge_specs(zones: Mapping[str, ZoneDef], view: View) -> tuple[Spec | None, dict[int, Spec]]:
    """The board and the rows of cells each seat has along its edge, in a game of two
    with one board: a seat's grid of one row as wide as the board (Edge to Edge's goal
    positions, one beyond each column). The board is drawn from the first seat's side
    (row 1 at the bottom), so the first seat's row lies along its bottom edge and the
    second's along its top, each beyond that seat's end of the board."""
    boards = [s for s in shared_specs(zones, view) if s.zone.grid is not None and s.copies == 1]
    if len(view.seat_names) != 2 or len(boards) != 1 or boards[0].zone.copies is not None:
        return None, {}
    board = boards[0]
    cols = max((cell.col + 1 for cell in board.node), default=0)
    rows: dict[int, Spec] = {}
    for seat in (0, 1):
        for spec in seat_specs(zones, view, seat):
            cells = list(spec.node) if spec.zone.grid is not None else []
            if (
                spec.zone.copies is None
                and cells
                and all(cell.row == 0 for cell in cells)
                and max(cell.col for cell in cells) + 1 == cols
            ):
                rows[seat] = spec
    return (board, rows) if rows else (None, {})


def edged_board(board: Spec, rows: Mapping[int, Spec], cards: bool, letters: Letters) -> Block:
    """A board with the rows of cells along its edges (see :func:`edge_specs`): each cell
    of a row beyond the board's column it is lined up with, named after the cell of the
    board it lies beyond and the row's zone ("c5 goal", as a move into it is written)."""
    places, grid, width, height = _grid(board, cards, letters)
    cw, ch = cell_size(cards)
    edge = letters.edge
    shift = 0.0
    above, below = rows.get(1), rows.get(0)
    if above is not None:
        shift = letters.caption + ch + EDGE_GAP
    moved = Block(places, width, height, [grid]).moved(0.0, shift)
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
    return Block(places, width, height, grids)


def _pile(spec: Spec, cards: bool, letters: Letters) -> Place:
    faces = stack_faces(spec.node)
    w, h = face_size(cards)
    label = zone_label(spec.zone)
    lines, width = labelled(label, w + 2 * PAD + 24, letters, count=False)
    top = PAD + letters.line * len(lines)
    shown = tuple(Face(c, ((width - w) / 2, top, w, h), len(faces) - 1) for c in faces[-1:])
    rect = (0.0, 0.0, width, top + h + PAD)
    owner = owner_of(spec.zone, spec.key)
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
    spec: Spec,
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
    faces = stack_faces(spec.node)
    w, h = face_size(cards)
    step = CARD_STEP if cards else PIECE_STEP
    # A row that held more than fit in a line at the start goes on in further lines.
    held = max(capacity, len(faces))
    rows = max(1, min(most_lines, math.ceil(held / widest)))
    slots = max(ROW_MIN, min(widest, math.ceil(held / rows) if rows > 1 else capacity))
    if reach is None:
        reach = step * (slots - 1)
    label = zone_label(spec.zone)
    lines, width = labelled(label, w + reach + 2 * PAD, letters, count=True)
    top = PAD + letters.line * len(lines)
    per_line = max(slots, math.ceil(len(faces) / rows)) if rows > 1 else len(faces)
    shown = []
    for line in range(rows):
        part = faces[line * per_line : (line + 1) * per_line]
        y = top + line * (h + LINE_GAP)
        for n, (c, x) in enumerate(zip(part, _row_steps(len(part), reach, cards), strict=True)):
            shown.append(Face(c, (PAD + x, y, w, h), line * per_line + n))
    rect = (0.0, 0.0, width, top + rows * h + (rows - 1) * LINE_GAP + PAD)
    owner = owner_of(spec.zone, spec.key)
    return Place(
        spec.key, "row", rect, label, owner, len(faces), tuple(shown), lines, False, letters.scale
    )


@dataclass
class Block:
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

    def moved(self, dx: float, dy: float) -> Block:
        """The block ``dx``, ``dy`` further on."""
        grids = [replace(g, rect=(g.rect[0] + dx, g.rect[1] + dy, *g.rect[2:])) for g in self.grids]
        plates = [(seat, (x + dx, y + dy, w, h)) for seat, (x, y, w, h) in self.plates]
        places = [p.moved(dx, dy) for p in self.places]
        return Block(places, self.width, self.height, grids, plates, self.x + dx, self.y + dy)


def spec_block(
    spec: Spec,
    cards: bool,
    letters: Letters,
    capacity: Mapping[Key, int],
    widest: int,
    *,
    most_lines: int = 1,
    reach: float | None = None,
) -> Block:
    """A zone instance laid out at 0, 0: a board, a pile, or a row (see :func:`_row`)."""
    zone = spec.zone
    if zone.grid is not None:
        places, grid, width, height = _grid(spec, cards, letters)
        return Block(places, width, height, [grid])
    if zone.visibility == "nobody":
        place = _pile(spec, cards, letters)
    else:
        held = capacity.get(spec.key, 0)
        place = _row(spec, cards, letters, held, widest, most_lines=most_lines, reach=reach)
    return Block([place], place.rect[2], place.rect[3])


def _lines_of(blocks: list[Block], most: float = BAND_MAX) -> list[list[Block]]:
    """Blocks in lines no wider than ``most`` (a block wider alone gets its own line)."""
    lines: list[list[Block]] = [[]]
    width = 0.0
    for block in blocks:
        if lines[-1] and width + GAP + block.width > most:
            lines.append([])
            width = 0.0
        width += (GAP if lines[-1] else 0.0) + block.width
        lines[-1].append(block)
    return [line for line in lines if line]


def lay_band(
    blocks: list[Block], y: float, rim_first: bool, most: float = BAND_MAX
) -> tuple[list[Block], float]:
    """Lay blocks in lines centred on x = 0 from ``y`` down, each line at most ``most``
    wide; the first line nearest the rim (at the top when ``rim_first``, else at the
    bottom). The blocks and where the band ends."""
    lines = _lines_of(blocks, most)
    if not rim_first:
        lines.reverse()
    placed: list[Block] = []
    for line in lines:
        height = max(b.height for b in line)
        x = -(sum(b.width for b in line) + GAP * (len(line) - 1)) / 2
        for block in line:
            placed.append(block.moved(x, y + (height - block.height) / 2))
            x += block.width + GAP
        y += height + GAP
    return placed, (y - GAP if lines else y)


def seat_specs(zones: Mapping[str, ZoneDef], view: View, seat: int) -> list[Spec]:
    found: list[Spec] = []
    for zone in zones.values():
        if zone.per_player:
            node = view.zones[zone.name][seat]
            if zone.copies is None:
                found.append(Spec(zone, (zone.name, seat), node))
            else:
                found.extend(
                    Spec(zone, (zone.name, seat, k), c, len(node)) for k, c in enumerate(node)
                )
    return found


def shared_specs(zones: Mapping[str, ZoneDef], view: View) -> list[Spec]:
    found: list[Spec] = []
    for zone in zones.values():
        if zone.per_player:
            continue
        node = view.zones[zone.name]
        if zone.copies is None:
            found.append(Spec(zone, (zone.name,), node))
        else:
            found.extend(Spec(zone, (zone.name, k), c, len(node)) for k, c in enumerate(node))
    return found
