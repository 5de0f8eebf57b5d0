"""The game state as places on a table (no Qt).

The places (``vtt.ui.game.places``) lie on a felt as the free table's seats do: the
seat at the screen at the bottom, the others across the top, each seat's places in a
band beside its name plate, shared zones in the middle. The hands of the seat at the
screen (its zones called *hand*, by name or label) lie apart in the hand area
(:attr:`Layout.hand`), shown at the bottom of the window as the free table's hand bar
is.

Every place is sized for what it may hold, not for what it holds now: a row has
room for as many faces as it held at the start (within limits) and fans more out
closer together, so nothing moves when a pile grows. Faces are computed from the
viewer's :class:`View` only, so nothing hidden reaches the window.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from dataclasses import replace

from vtt.rules.model import ZoneDef
from vtt.rules.values import Cell
from vtt.rules.views import View
from vtt.ui.game.blocks import (
    Block,
    Spec,
    edge_specs,
    edged_board,
    lay_band,
    seat_specs,
    shared_specs,
    spec_block,
)
from vtt.ui.game.places import (
    BAND_GAP,
    BAND_MAX,
    BESIDE_HEIGHT,
    CARD_STEP,
    FELT_PAD,
    FELT_SHAPE,
    FIRST_VIEW,
    FIT_ROOM,
    GAP,
    HAND_AREA_PX,
    HAND_Y,
    LABEL_PX,
    LEAST_PX,
    LETTERS_MOST,
    MIDDLE_LINES,
    MIN_FELT,
    PAD,
    PIECE_STEP,
    PLATE_H,
    PLATE_ROOM,
    ROW_MAX,
    ROW_MIN,
    SIDE_GAP,
    SIDE_MOST,
    SIDE_ROW,
    TABLE_LINE,
    TOP_MOST,
    Grid,
    Key,
    Layout,
    Letters,
    Measure,
    Place,
    Rect,
    Screen,
    estimate,
    face_size,
    is_hand,
    union,
)


def _plate(seat: int, name: str, y: float, letters: Letters) -> tuple[int, Rect]:
    scale = letters.scale
    width = float(math.ceil(max(160.0 * scale, letters.width(name) * 1.15 + PLATE_ROOM * scale)))
    return seat, (-width / 2, y, width, PLATE_H * scale)


def _group(
    specs: list[Spec],
    plate: tuple[int, str],
    plate_first: bool,
    make: Callable[[Spec, int], Block],
    widest: int,
    most: float,
    letters: Letters,
) -> Block:
    """One seat's places in lines under its name plate (over it, for the seat at the
    screen, unless ``plate_first``), as one block from 0, 0."""
    seat, name = plate
    blocks = [make(spec, widest) for spec in specs]
    parts: list[Block] = []
    plates: list[tuple[int, Rect]] = []
    y = 0.0
    if plate_first:
        plates.append(_plate(seat, name, y, letters))
        y += PLATE_H * letters.scale + GAP / 2
        parts, y = lay_band(blocks, y, True, most)
    else:
        parts, y = lay_band(blocks, y, False, most)
        y += GAP / 2 if parts else 0.0
        plates.append(_plate(seat, name, y, letters))
    places = [p for b in parts for p in b.places]
    grids = [g for b in parts for g in b.grids]
    extents = [(b.x, b.y, b.width, b.height) for b in parts] + [r for _, r in plates]
    left, top, width, height = union(extents)
    group = Block(places, width, height, grids, plates, left, top)
    return group.moved(-left, -top)


def _row_of(blocks: list[Block], gap: float, align: str = "top") -> Block:
    """Blocks side by side from 0, 0, ``gap`` apart, lined up at the top, the middle
    or the bottom of the tallest; one block of them all."""
    height = max((b.height for b in blocks), default=0.0)
    x = 0.0
    placed: list[Block] = []
    for block in blocks:
        y = {"top": 0.0, "middle": (height - block.height) / 2}.get(align, height - block.height)
        placed.append(block.moved(x, y))
        x += block.width + gap
    width = x - gap if blocks else 0.0
    return Block(
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
        # The letters' size is the first view's (the same in a window of any size): it
        # is reckoned on the layout's felt at the first view's shape (``first_felt``).
        layout = lay(scale, screen)
        wanted = min(LETTERS_MOST, LEAST_PX / (LABEL_PX * first_zoom(layout)))
        # Round up to a twentieth, so that sizes stay round; a few tries at most, as the
        # felt grows a little with its letters.
        wanted = math.ceil(wanted * 20 - 1e-9) / 20
        if wanted <= scale:
            break
        scale = wanted
    return layout


def first_zoom(layout: Layout) -> float:
    """How large the felt is drawn when fitted to the table's part of the window at its
    first size (pixels per table unit)."""
    width, height = FIRST_VIEW
    if layout.hand is not None:
        height -= HAND_AREA_PX
    _x, _y, felt_w, felt_h = layout.first_felt
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

    def make(spec: Spec, widest: int) -> Block:
        return spec_block(spec, cards, letters, room, widest)

    board, edge_rows = edge_specs(zones, view)
    along = {spec.key for spec in edge_rows.values()}

    def group(seat: int, widest: int, most: float, plate_first: bool = True) -> Block:
        specs = [s for s in seat_specs(zones, view, seat) if s.key not in along]
        if hand_area and seat == viewer:
            specs = [s for s in specs if not is_hand(s.zone)]
        return _group(specs, (seat, names[seat]), plate_first, make, widest, most, letters)

    def middle_block(spec: Spec) -> Block:
        if board is not None and spec.key == board.key:
            return edged_board(spec, edge_rows, cards, letters)
        return spec_block(spec, cards, letters, room, ROW_MAX, most_lines=MIDDLE_LINES)

    # Seats at the sides and several across the top fan their rows closer: they share
    # the table's width.
    crowded = bool(left)
    widest = SIDE_ROW if crowded else ROW_MAX
    shared = [middle_block(spec) for spec in shared_specs(zones, view)]
    middle_band, _end = lay_band(shared, 0.0, True)
    middle = _stacked(middle_band) if middle_band else Block([], 0.0, 0.0)
    tops = [group(seat, widest, BAND_MAX if not crowded else TOP_MOST) for seat in top]
    sides = [group(seat, SIDE_ROW, SIDE_MOST) for seat in (*left, *right)]
    mine = group(viewer, ROW_MAX, BAND_MAX, plate_first=False) if viewer is not None else None
    rows: list[Block] = []
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
            Block(
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
        strip = Block([], 0.0, lines * TABLE_LINE)
        rows.insert(
            len(rows) - 1 if mine is not None and rows and rows[-1] is mine else len(rows), strip
        )
    strip_y: float | None = None
    blocks: list[Block] = []
    for row in rows:
        if lines and row is strip:
            strip_y = y
        else:
            blocks.append(row.moved(-row.width / 2, y))
        y += row.height + BAND_GAP
    kept = [(b.x, b.y, b.width, b.height) for b in blocks]
    if strip_y is not None:
        kept.append((0.0, strip_y, 0.0, lines * TABLE_LINE))
    left_x, top_y, width, height = union(kept)
    felt_w = max(MIN_FELT[0], width + 2 * FELT_PAD)
    felt_h = max(MIN_FELT[1], height + 2 * FELT_PAD)
    # A table wider than it is deep, as wide as the window's shape asks: fitted there,
    # its rim and margin around it, it fills the window's width and height.
    wide = max(FELT_SHAPE, screen.shape)
    first_w = _widened(felt_w, felt_h, FELT_SHAPE)
    felt_w = _widened(felt_w, felt_h, wide)
    # Everything moves so that the felt is centred on 0, 0.
    dx, dy = -(left_x + width / 2), -(top_y + height / 2)
    layout.felt = (-felt_w / 2, -felt_h / 2, felt_w, felt_h)
    layout.first_felt = (-first_w / 2, -felt_h / 2, first_w, felt_h)
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
        hands = [s for s in seat_specs(zones, view, viewer) if is_hand(s.zone)]
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


def _widened(width: float, height: float, shape: float) -> float:
    """A felt's width, at least this ``shape`` (width over height) once the rim and
    margin around it are counted, and never narrower than FELT_SHAPE."""
    return max(width, height * FELT_SHAPE, shape * (height + FIT_ROOM) - FIT_ROOM)


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


def _stacked(blocks: list[Block]) -> Block:
    """Blocks laid out already (by :func:`lay_band`), as one block from 0, 0."""
    places = [p for b in blocks for p in b.places]
    left, top, width, height = union([(b.x, b.y, b.width, b.height) for b in blocks])
    whole = Block(places, width, height, [g for b in blocks for g in b.grids], [], left, top)
    return whole.moved(-left, -top)


def _merged(
    *blocks: Block,
) -> tuple[list[Place], float, float, list[Grid], list[tuple[int, Rect]]]:
    """The places, size, grids and plates of blocks laid out from 0, 0, as one."""
    places = [p for b in blocks for p in b.places]
    plates = [r for b in blocks for r in b.plates]
    _left, _top, width, height = union([(b.x, b.y, b.width, b.height) for b in blocks])
    return places, _left + width, _top + height, [g for b in blocks for g in b.grids], plates


def _lay_hands(
    layout: Layout,
    hands: list[Spec],
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
    blocks = [spec_block(spec, cards, letters, room, 2 * ROW_MAX) for spec in hands]
    if hand_px is not None:
        reaches = _hand_reaches(hands, blocks, cards, room, hand_px)
        blocks = [
            spec_block(spec, cards, letters, room, 2 * ROW_MAX, reach=reach)
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
    hands: list[Spec],
    blocks: list[Block],
    cards: bool,
    capacity: Mapping[Key, int],
    hand_px: float,
) -> list[float]:
    """How far apart the first and last faces of each hand may lie in a hand area
    ``hand_px`` pixels wide: as far as its faces side by side need, or, when they all
    do not fit, the room there is shared out as they need it."""
    step = CARD_STEP if cards else PIECE_STEP
    w, _h = face_size(cards)
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
