"""The table of an enforced game: the free table's felt, rim, plates and view, with the
game's places on it and the hand of the seat at the screen in a hand area below.

It is rebuilt from a fresh projection after every move. A drag starts on a face
that has somewhere legal to go, or on any card of the hand of the person to move
(one the rules do not let them play now is dimmed, their reason in its tooltip);
while it moves, the legal places glow; the drop is handed to the session
(``GameSession.drop``), and when that refuses, the face snaps back to where it lay
and the message line gives the rules' reason. The hand area shows the hand in the
order the person chose (``vtt.ui.game.handorder``); each card of a trick wears the
name of the seat that played it (``View.played``). A move nobody at the screen made
(the computer's, or the rules' own) is shown moving: each card that arrived
somewhere slides there from the place it left.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable, Sequence
from functools import cache

from vtt.janken import Card
from vtt.rules.build import Target
from vtt.rules.footprint import Footprint
from vtt.rules.shown import shown_name
from vtt.rules.values import Piece
from vtt.rules.views import View
from vtt.ui.art import DARK_DOT, LIGHT_DOT, Art, card_asset, dot_edge, palette
from vtt.ui.game.building import MoveBuilder
from vtt.ui.game.handorder import ORDERS, HandOrder, arrange, chosen_order, following, keep_order
from vtt.ui.game.known import with_known_faces
from vtt.ui.game.lines import table_line_count, table_lines
from vtt.ui.game.projection import (
    EDGE,
    LABEL_PX,
    Face,
    Grid,
    Key,
    Layout,
    Place,
    Screen,
    capacities,
    in_two_lines,
    is_hand,
    project,
)
from vtt.ui.game.session import GameSession
from vtt.ui.items import paint_count_badge, paint_stack_edge
from vtt.ui.magnifier import Magnifier, claim_alt
from vtt.ui.plaintext import tip
from vtt.ui.qt import (
    QActionGroup,
    QColor,
    QContextMenuEvent,
    QEasingCurve,
    QEvent,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QGraphicsRectItem,
    QGraphicsView,
    QImage,
    QKeyEvent,
    QKeySequence,
    QLinearGradient,
    QMenu,
    QMouseEvent,
    QPainter,
    QPen,
    QPixmap,
    QPoint,
    QPointF,
    QRectF,
    Qt,
    QTimer,
    QVariantAnimation,
    QWidget,
)
from vtt.ui.scene import RIM, WORLD, FeltScene
from vtt.ui.shortcuts import game_keys
from vtt.ui.view import FeltView

OUTLINE = QColor(255, 255, 255, 90)
LABEL = QColor(255, 255, 255, 200)
#: The letters of the lines a pack writes on the table (``on_table``), in table units.
TABLE_LINE_PX = 26.0
LEGAL = QColor(120, 255, 140)
RECENT = QColor(255, 215, 94, 190)  # the places the last move changed
#: A seat's marker on a cell: its ring's width, and the tag in the cell's corner.
MARKER_PEN, MARKER_TAG = 7.0, 20.0
#: A move built on the table: the card aimed at, the cards chosen, those that can join.
AIMED, CHOSEN = QColor(255, 110, 80), QColor(255, 215, 94)
#: The tally under the card aimed at: its letters and its room, in table units.
TALLY_PX, TALLY_H = 19, 32.0
#: Room left around the table when it is fitted to the view.
FIT_MARGIN = 24.0
#: A face being dragged or sliding lies above every other.
LIFTED_Z = 1000.0
#: A moment of a move's aftermath (War's two cards side by side before the winner takes
#: them) stays in view this many slides' time after its cards arrive.
MOMENT_HOLD = 1.2
#: The ground of a seat's dot in the side panel when its colour is too dark or too light.
DOT_GROUND = "#8c8c8c"
#: The plate naming who played a card (a trick's), in table units: its height, letters.
PLAYER_H, PLAYER_PX = 30.0, 20
#: The veil over a card of the hand that cannot be played now.
BARRED = QColor(24, 16, 10, 120)
#: How far a card picked in the hand (one of three to pass) stands up from the others.
PICK_LIFT = 16.0
#: The hand area's height in pixels (as the free table's hand bar).
HAND_HEIGHT = 190


def _player_font() -> QFont:
    """The letters of the plate naming who played a card."""
    font = QFont(label_font())
    font.setPixelSize(PLAYER_PX)
    font.setBold(True)
    return font


def seat_colour(seat: int, chosen: Sequence[str] = ()) -> QColor:
    """The colour of a seat (its ring on pieces, its marker on the board): the one
    chosen for it in ``chosen`` (``#rrggbb``), else the art's colour for that seat."""
    if 0 <= seat < len(chosen) and chosen[seat]:
        return QColor(chosen[seat])
    colours = palette()["seats"]
    assert isinstance(colours, list)
    return QColor(str(colours[seat % len(colours)]))


def status_dot(colour: QColor) -> str:
    """A seat's dot for the rich text of the side panel: on a grey ground when the colour
    is so dark or so light (Black, White) that a dark or a light panel would hide it."""
    if DARK_DOT <= colour.lightness() <= LIGHT_DOT:
        return f'<span style="color:{colour.name()}">●</span>'
    ground = f"background-color:{DOT_GROUND}; color:{colour.name()}"
    return f'<span style="{ground}">&nbsp;●&nbsp;</span>'


@cache
def label_font(letters: float = 1.0) -> QFont:
    """The letters of the places' labels (table units: they grow with the zoom), drawn
    ``letters`` times their usual size (a large table's, see ``Layout.letters``)."""
    font = QFont("Sans Serif")
    font.setPixelSize(round(LABEL_PX * letters))
    return font


def measure(text: str) -> float:
    """How wide ``text`` is in the labels' letters, in table units, with room to spare:
    drawn small (the table zoomed out), hinted letters come out a little wider."""
    return QFontMetricsF(label_font()).horizontalAdvance(text) * 1.1


#: What a place holds, as far as the viewer sees: how many, and each face (None: a back).
Held = tuple[int, tuple[object, ...]]


def _holds(layout: Layout, hands: Collection[str] = ()) -> dict[Key, Held]:
    """What each place of a layout shows: how many, and each face (None: a back); the
    faces of the zones ``hands`` in any order (the hand area's order is the person's
    choice, and a hand on the table is the same hand)."""
    held: dict[Key, Held] = {}
    for key, place in layout.places.items():
        faces = tuple(face.component for face in place.faces)
        held[key] = (place.count, tuple(sorted(faces, key=str)) if key[0] in hands else faces)
    return held


def _foot_shows(place: Place, face: Face) -> bool:
    """True if no later face of a place lies over the foot of ``face`` (a fanned row's
    cards overlap: only the last shows its foot)."""
    x, _y, w, _h = face.rect
    return all(f.rect[0] >= x + w for f in place.faces if f.index > face.index)


def _changed(before: Held | None, now: Held) -> bool:
    """True if a place holds something else now (a place that was not there: changed,
    unless it is laid out empty, as a zone the pack shows from now on)."""
    if before is None:
        return now[0] > 0
    if before[0] != now[0]:
        return True
    if None in before[1] or None in now[1]:  # a back on either side: the count decides
        return False
    return before[1] != now[1]


def _rect(rect: tuple[float, float, float, float]) -> QRectF:
    return QRectF(*rect)


#: Looks already drawn, by what they show and their size in device pixels, most recent
#: last. The board is built anew after every move; its places and faces mostly look as
#: they did, so drawing them is copying a picture, not antialiasing outlines and art.
_SPRITES: OrderedDict[tuple[Hashable, int, int], QPixmap] = OrderedDict()
#: At most this many pixels are kept (4 bytes each), the least recently drawn go first.
SPRITE_PIXELS = 8_000_000


def draw_kept(
    painter: QPainter, look: Hashable, area: QRectF, draw: Callable[[QPainter], None]
) -> None:
    """Draw ``area`` as ``draw`` would, from a picture kept for ``look`` at this scale.

    ``look`` must name everything ``draw`` shows; ``draw`` paints in item coordinates
    and inside ``area``. A rotated or sheared view is drawn directly."""
    transform = painter.worldTransform()
    if transform.m12() or transform.m21():
        draw(painter)
        return
    device = painter.device()
    ratio = device.devicePixelRatioF() if device is not None else 1.0
    width = max(1, math.ceil(area.width() * abs(transform.m11()) * ratio))
    height = max(1, math.ceil(area.height() * abs(transform.m22()) * ratio))
    key = (look, width, height)
    picture = _SPRITES.get(key)
    if picture is None:
        # Drawn on an image with the device's resolution, so text comes out the same size.
        image = QImage(width, height, QImage.Format.Format_ARGB32_Premultiplied)
        if device is not None:
            image.setDotsPerMeterX(round(device.logicalDpiX() / 0.0254))
            image.setDotsPerMeterY(round(device.logicalDpiY() / 0.0254))
        image.fill(Qt.GlobalColor.transparent)
        inner = QPainter(image)
        inner.setRenderHint(QPainter.RenderHint.Antialiasing)
        inner.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        inner.scale(width / area.width(), height / area.height())
        inner.translate(-area.x(), -area.y())
        draw(inner)
        inner.end()
        picture = QPixmap.fromImage(image)
        _SPRITES[key] = picture
        kept = sum(w * h for _, w, h in _SPRITES)
        while kept > SPRITE_PIXELS and len(_SPRITES) > 1:
            (_, w, h), _ = _SPRITES.popitem(last=False)
            kept -= w * h
    else:
        _SPRITES.move_to_end(key)
    if transform.m11() > 0 and transform.m22() > 0:
        # Copied pixel for pixel at a whole pixel: stretched to the area's fractional size,
        # a picture would lose the one-pixel columns of thin letters when zoomed out.
        corner = transform.map(area.topLeft())
        painter.save()
        painter.resetTransform()
        picture.setDevicePixelRatio(ratio)
        painter.drawPixmap(QPointF(round(corner.x()), round(corner.y())), picture)
        painter.restore()
        return
    painter.drawPixmap(area, picture, QRectF(0, 0, width, height))


def _shows(place: Place, what: str | None) -> bool:
    """True if ``place`` showed a face written ``what``."""
    return what is not None and any(str(face.component) == what for face in place.faces)


def _start(place: Place, what: str | None) -> tuple[float, float, float, float]:
    """Where a face written ``what`` lay in a place: its own face if it showed there,
    else the place's topmost face, else the place itself."""
    found = [f.rect for f in place.faces if what is not None and str(f.component) == what]
    return (found or [f.rect for f in place.faces] or [place.rect])[-1]


class PlaceItem(QGraphicsRectItem):
    """A place on the table: a dashed outline with its label (a pile or a row), or one
    cell of a board; it glows while it is a legal target, and wears a gold edge when
    the last move changed it."""

    def __init__(
        self,
        place: Place,
        markers: list[int],
        name: str,
        colours: Sequence[str] = (),
        lines: Sequence[str] = (),
    ) -> None:
        super().__init__(_rect(place.rect))
        self.place = place
        self.key = place.key
        self.markers = markers
        self.colours = tuple(colours)
        #: The label as printed (its lines), the count after it for a row.
        self.lines = tuple(lines or place.lines)
        #: The last move changed what this place holds: it wears a soft gold edge.
        self.recent = False
        # The colours its picture shows, worked out once (paint runs every frame).
        owner = place.owner
        self.look_colours = (
            tuple(seat_colour(seat, self.colours).name() for seat in markers),
            seat_colour(owner, self.colours).name() if owner is not None else "",
        )
        self.name = name
        self.legal = False
        self.setZValue(-1)
        if place.kind != "cell":
            self.setToolTip(tip(f"{name} ({place.count})"))

    def set_legal(self, legal: bool) -> None:
        """Glow (or stop glowing) as a place the dragged face may go."""
        if legal != self.legal:
            self.legal = legal
            self.update()

    def count_text(self) -> str:
        """What follows the label: a row's count (a pile's is on its top card)."""
        return f" ({self.place.count})" if self.place.kind == "row" else ""

    def font(self) -> QFont:
        """The letters of its label."""
        return label_font(self.place.letters)

    def label_room(self) -> QRectF:
        """Where the label is printed (after the owner's dot)."""
        body = self.rect().adjusted(4, 4, -4, -4)
        room = QRectF(body.left() + 10, body.top() + 4, body.width() - 18, self.place.line)
        if self.place.owner is not None:
            room.adjust(self.dot_size() + 7, 0, 0, 0)
        return room

    def dot_size(self) -> float:
        """The owner's dot before the label."""
        return QFontMetricsF(self.font()).ascent() * 0.62

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        rect = self.rect()
        look = (
            "place",
            rect.width(),
            rect.height(),
            self.legal,
            self.look_colours,
            self.place.letters,
        )
        draw_kept(painter, (*look, self.lines, self.count_text()), rect, self._draw)
        if self.recent and not self.legal:  # a picture of its own: it comes and goes
            draw_kept(painter, ("recent", rect.width(), rect.height()), rect, self._draw_edge)

    def _draw_edge(self, painter: QPainter) -> None:
        if self.place.kind == "cell":
            # A ring at the cell's very edge, outside a marker's (which it leaves whole).
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(RECENT, 3))
            painter.drawRoundedRect(self.rect().adjusted(2, 2, -2, -2), 6, 6)
            return
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(RECENT, 4))
        painter.drawRoundedRect(self.rect().adjusted(5, 5, -5, -5), 9, 9)

    def _draw_marker(self, painter: QPainter, seat: int, inset: float) -> None:
        """A seat's marker on a cell: a ring of its colour on a halo that stands out
        from the board (light round Black, dark round White), and a tag of its colour
        in the cell's top left corner."""
        colour = seat_colour(seat, self.colours)
        halo = dot_edge(colour)
        halo.setAlpha(230)
        ring = self.rect().adjusted(inset, inset, -inset, -inset)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(halo, MARKER_PEN + 5))
        painter.drawRoundedRect(ring, 8, 8)
        painter.setPen(QPen(colour, MARKER_PEN))
        painter.drawRoundedRect(ring, 8, 8)
        painter.setPen(QPen(halo, 2.5))
        painter.setBrush(colour)
        tag = MARKER_TAG
        painter.drawEllipse(QRectF(ring.left() + 4, ring.top() + 4, tag, tag))

    def _draw(self, painter: QPainter) -> None:
        body = self.rect().adjusted(4, 4, -4, -4)
        cell = self.place.kind == "cell"
        if self.legal:
            glow = QColor(LEGAL)
            glow.setAlpha(70)
            painter.setBrush(glow)
            painter.setPen(QPen(LEGAL, 5))
            painter.drawRoundedRect(body, 10, 10)
        elif not cell:  # a board draws its own cells
            painter.setBrush(QColor(0, 0, 0, 40))
            painter.setPen(QPen(OUTLINE, 2, Qt.PenStyle.DashLine))
            painter.drawRoundedRect(body, 10, 10)
        for n, seat in enumerate(self.markers):
            self._draw_marker(painter, seat, 10 + n * (MARKER_PEN + 6))
        if not cell and not self.place.in_hand:  # a hand's label is a HandLabel, on top
            self.draw_label(painter)

    def label_area(self) -> QRectF:
        """Where the label is printed, its lines and the owner's dot."""
        room = self.label_room()
        room.setHeight(self.place.line * len(self.lines))
        if self.place.owner is not None:
            room.adjust(-self.dot_size() - 7, 0, 0, 0)
        return room

    def printed(self) -> list[str]:
        """The lines of the label as printed, the count after the last."""
        lines = list(self.lines)
        lines[-1] += self.count_text()
        return lines

    def draw_label(self, painter: QPainter) -> None:
        """Print the label (and the owner's dot) at the top of the place."""
        painter.setFont(self.font())
        room = self.label_room()
        if self.place.owner is not None:  # whose place: a dot of the seat's colour
            size = self.dot_size()
            middle = room.top() + self.place.line / 2
            colour = seat_colour(self.place.owner, self.colours)
            painter.setPen(QPen(dot_edge(colour), 1.5))
            painter.setBrush(colour)
            painter.drawEllipse(QRectF(room.left() - size - 7, middle - size / 2, size, size))
        painter.setPen(LABEL)
        for line in self.printed():
            align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
            painter.drawText(room, align, shown_name(line))
            room.translate(0, self.place.line)


class HandLabel(QGraphicsRectItem):
    """The label of a hand in the hand area, on a dark ground of its own: under the
    cards (a card picked to pass stands up over it), and above the card being dragged
    while a drag is under way, so that a card carried over it leaves it readable."""

    #: Its height among the items at rest: over its place, under the cards.
    RESTING = -0.5

    def __init__(self, place: PlaceItem) -> None:
        area = place.label_area()
        metrics = QFontMetricsF(place.font())
        words = max(metrics.horizontalAdvance(shown_name(line)) for line in place.printed())
        area.setWidth(min(area.width(), words + area.width() - place.label_room().width()))
        super().__init__(area.adjusted(-6, 0, 8, 0))
        self.place = place
        self.setToolTip(place.toolTip())
        self.setZValue(self.RESTING)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def lift(self, up: bool) -> None:
        """Lie above the card being dragged (or back under the cards)."""
        self.setZValue(LIFTED_Z + 1 if up else self.RESTING)

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(36, 25, 18, 215))  # the hand area's wood, nearly opaque
        painter.drawRoundedRect(self.rect(), 8, 8)
        self.place.draw_label(painter)


class FaceItem(QGraphicsRectItem):
    """One component: a card's art, a back, or a piece's suit token in its owner's ring.

    The top face of a pile or a board's cell shows how high its stack is: the
    edges of what lies beneath and a count badge."""

    def __init__(
        self, face: Face, place: Place, art: Art, cards: bool, colours: Sequence[str] = ()
    ) -> None:
        x, y, w, h = face.rect
        self.colours = tuple(colours)
        super().__init__(QRectF(-w / 2, -h / 2, w, h))
        self.setPos(x + w / 2, y + h / 2)
        self.face = face
        self.place = place
        self.art = art
        self.cards = cards
        self.what = str(face.component) if face.component is not None else None
        self.home = self.pos()
        self.setZValue(face.index)
        self.setToolTip(tip(self.what or "face down"))
        owner = face.component.owner if isinstance(face.component, Piece) else -1
        #: The colour of a piece's ring (its owner's), worked out once; "" for none.
        self.ring = seat_colour(owner, self.colours).name() if owner >= 0 else ""
        #: How many this face stands for: itself and those hidden beneath it, down to
        #: the next face shown (a piece shown on its card stands for itself alone).
        below = max((f.index for f in place.faces if f.index < face.index), default=-1)
        self.height = face.index - below if place.kind in ("pile", "cell") else 1
        #: Picked in the hand for a move taking a set of cards: it stands up, edged in gold.
        self.picked = False
        #: Its part in a move built on the table: "aimed" (the target), "chosen", "can"
        #: (it can join, or be aimed at while a card is dragged), or "".
        self.mark = ""
        #: The tally shown under the card aimed at, and whether the move is legal now.
        self.tally = ""
        self.ready = False
        #: Why this card of the person's hand cannot be played now (the rules' reason,
        #: ``GameSession.hand_reason``): it is drawn dimmed, the reason in its tooltip.
        self.barred = ""
        #: Who played the card where it lies (a trick's card): their name and colour.
        self.player: tuple[str, str] | None = None

    def set_player(self, name: str, colour: str, plate: bool = True) -> None:
        """Name the seat that played this card in its tooltip, and on a small plate at
        its foot unless ``plate`` is False (the next card of a row lies over its foot)."""
        self.prepareGeometryChange()
        self.player = (name, colour) if plate else None
        self.setToolTip(tip(f"{self.what}, played by {name}"))

    def _player_rect(self) -> QRectF:
        body = self.rect()
        wide = QFontMetricsF(_player_font()).horizontalAdvance(self._player_name())
        width = min(body.width() + 16, wide + 20)
        return QRectF(body.center().x() - width / 2, body.bottom() - PLAYER_H / 2, width, PLAYER_H)

    def _player_name(self) -> str:
        return shown_name(self.player[0]) if self.player is not None else ""

    def _paint_player(self, painter: QPainter) -> None:
        assert self.player is not None
        room = self._player_rect()
        painter.setPen(QPen(QColor(self.player[1]), 2))
        painter.setBrush(QColor(30, 22, 16, 235))
        painter.drawRoundedRect(room, PLAYER_H / 2, PLAYER_H / 2)
        font = _player_font()
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255))
        text = QFontMetricsF(font).elidedText(
            self._player_name(), Qt.TextElideMode.ElideRight, room.width() - 12
        )
        painter.drawText(room, Qt.AlignmentFlag.AlignCenter, text)

    def set_barred(self, reason: str) -> None:
        """Dim the card with the rules' reason it cannot be played now ("": playable)."""
        if reason != self.barred:
            self.barred = reason
            self.setToolTip(tip(f"{self.what}: {reason}" if reason else self.what or "face down"))
            self.update()

    def set_picked(self, picked: bool) -> None:
        """Stand up (or back down) as a card picked for a set of cards."""
        if picked != self.picked:
            self.picked = picked
            self.home = self.home + QPointF(0, -PICK_LIFT if picked else PICK_LIFT)
            self.setPos(self.home)
            self.update()

    @property
    def target(self) -> Target | None:
        """The face as a card in its place, as a built move names its target."""
        component = self.face.component
        return Target(component, self.place.key) if isinstance(component, Card) else None

    def set_mark(self, mark: str, tally: str = "", ready: bool = False) -> None:
        """Show the face's part in the move built on the table (see ``mark``)."""
        if (mark, tally, ready) != (self.mark, self.tally, self.ready):
            self.prepareGeometryChange()
            self.mark, self.tally, self.ready = mark, tally, ready
            self.update()

    def boundingRect(self) -> QRectF:
        # Room for the edges of the cards beneath and the count badge, and a mark's ring.
        room = self.rect().adjusted(-10, -10, 14, 16)
        if self.tally:
            room = room.united(self._tally_rect())
        if self.player is not None:
            room = room.united(self._player_rect().adjusted(-2, -2, 2, 2))
        return room

    def _tally_rect(self) -> QRectF:
        font = QFont(label_font())
        font.setPixelSize(TALLY_PX)
        font.setBold(True)
        width = QFontMetricsF(font).horizontalAdvance(self.tally) + 24
        body = self.rect()
        return QRectF(body.center().x() - width / 2, body.bottom() + 8, width, TALLY_H)

    def _paint_mark(self, painter: QPainter) -> None:
        colour = {"aimed": AIMED, "chosen": CHOSEN}.get(self.mark, LEGAL)
        ring = self.rect().adjusted(-5, -5, 5, 5)
        if self.mark == "can":
            glow = QColor(LEGAL)
            glow.setAlpha(60)
            painter.setBrush(glow)
        else:
            painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(colour, 6 if self.mark != "can" else 4))
        painter.drawRoundedRect(ring, 10, 10)
        if not self.tally:
            return
        room = self._tally_rect()
        painter.setPen(QPen(LEGAL if self.ready else AIMED, 2))
        painter.setBrush(QColor(30, 22, 16, 235))
        painter.drawRoundedRect(room, TALLY_H / 2, TALLY_H / 2)
        font = QFont(label_font())
        font.setPixelSize(TALLY_PX)
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(QColor(255, 255, 255))
        painter.drawText(room, Qt.AlignmentFlag.AlignCenter, self.tally)

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        body = self.rect()
        component = self.face.component
        if isinstance(component, Card) or (component is None and self.cards):
            # Card art and shadows are pictures the art keeps already.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            self.art.paint_shadow(painter, body.translated(2, 3), 6)
            if self.height > 1:
                paint_stack_edge(painter, body, self.height)
            self.art.paint(painter, card_asset(str(component) if component else "back"), body)
        else:
            piece = component if isinstance(component, Piece) else None
            kind = piece.kind if piece is not None else ""
            look = ("piece", self.ring, kind, body.width(), body.height(), self.height > 1)
            draw_kept(
                painter,
                look,
                body.adjusted(0, 0, 0, 8),
                lambda inner: self._paint_piece(inner, body, piece),
            )
        if self.height > 1:
            paint_count_badge(painter, body.topRight() + QPointF(-4, 4), str(self.height))
        if self.barred:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(BARRED)
            painter.drawRoundedRect(body, 6, 6)
        if self.picked:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(RECENT, 4))
            painter.drawRoundedRect(body.adjusted(-2, -2, 2, 2), 8, 8)
        if self.mark:
            self._paint_mark(painter)
        if self.player is not None:
            self._paint_player(painter)

    def magnified_asset(self) -> str | None:
        """The picture the magnifier shows for this face: a face-up card, a piece's
        suit token; None for a face-down card or a piece with no token."""
        component = self.face.component
        if isinstance(component, Card):
            return card_asset(str(component))
        return self._token(component) if isinstance(component, Piece) else None

    def _token(self, piece: Piece | None) -> str | None:
        """The token drawn on a piece: its suit's (R, P, S, W, L), else its kind's own
        (``tokens/piece-K``, a King's crown), if the art has it."""
        if piece is None:
            return None
        suit = piece.suit
        asset = f"tokens/suit-{suit.letter}" if suit is not None else f"tokens/piece-{piece.kind}"
        return asset if self.art.exists(asset) else None

    def _paint_piece(self, painter: QPainter, body: QRectF, piece: Piece | None) -> None:
        owner = piece.owner if piece is not None else -1
        ring = seat_colour(owner, self.colours) if owner >= 0 else OUTLINE
        disc = body.adjusted(3, 3, -3, -3)
        if self.height > 1:  # the pieces beneath: an edge below this one
            painter.setPen(QPen(QColor(40, 40, 40), 1.5))
            painter.setBrush(ring.darker(130))
            painter.drawEllipse(disc.translated(0, 6))
        painter.setPen(QPen(ring, 6))
        painter.setBrush(QColor(250, 246, 236))
        painter.drawEllipse(disc)
        # A thin dark line round the ring, so a white ring shows on a light piece.
        painter.setPen(QPen(QColor(40, 40, 40, 200), 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawEllipse(disc.adjusted(-3, -3, 3, 3))
        painter.drawEllipse(disc.adjusted(3, 3, -3, -3))
        asset = self._token(piece)
        if asset is not None:
            self.art.paint(painter, asset, body.adjusted(9, 9, -9, -9))
        elif piece is not None:
            painter.setPen(QColor(30, 30, 30))
            painter.drawText(body, Qt.AlignmentFlag.AlignCenter, shown_name(piece.kind))


def paint_board(painter: QPainter, grid: Grid) -> None:
    """A board on the felt: a wooden frame, its cells (or, for a grid drawn as lines,
    the lines through them, as on a go board), and the names of its columns (below)
    and rows (to the left) on its edge."""
    x, y, w, h = grid.rect
    cells = QRectF(x, y, w, h)
    if grid.caption:
        painter.setFont(label_font(grid.letters))
        painter.setPen(LABEL)
        align = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
        painter.drawText(_rect(grid.caption_rect), align, shown_name(grid.caption))
    if grid.look == "lines":
        _paint_lines(painter, grid)
        _paint_names(painter, grid)
        return
    painter.setPen(QPen(QColor("#2e1d10"), 2))
    frame = QLinearGradient(cells.topLeft(), cells.bottomRight())
    frame.setColorAt(0.0, QColor("#8a5a33"))
    frame.setColorAt(1.0, QColor("#5a3720"))
    painter.setBrush(frame)
    painter.drawRoundedRect(cells.adjusted(-9, -9, 9, 9), 10, 10)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor("#184d31"))
    painter.drawRect(cells)
    painter.setPen(QPen(QColor(255, 255, 255, 70), 1.5))
    cw, ch = w / grid.cols, h / grid.rows
    for col in range(1, grid.cols):
        painter.drawLine(QPointF(x + col * cw, y), QPointF(x + col * cw, y + h))
    for row in range(1, grid.rows):
        painter.drawLine(QPointF(x, y + row * ch), QPointF(x + w, y + row * ch))
    _paint_names(painter, grid)


def _paint_lines(painter: QPainter, grid: Grid) -> None:
    """A go board: light wood, a line through each row and column of cells, and the
    star points a go board of that size has."""
    x, y, w, h = grid.rect
    cw, ch = w / grid.cols, h / grid.rows
    painter.setPen(QPen(QColor("#2e1d10"), 2))
    wood = QLinearGradient(QPointF(x, y), QPointF(x + w, y + h))
    wood.setColorAt(0.0, QColor("#e4bf79"))
    wood.setColorAt(1.0, QColor("#c99a52"))
    painter.setBrush(wood)
    painter.drawRoundedRect(QRectF(x, y, w, h).adjusted(-9, -9, 9, 9), 10, 10)
    painter.setPen(QPen(QColor(40, 26, 12), 1.6))
    left, right = x + cw / 2, x + w - cw / 2
    top, bottom = y + ch / 2, y + h - ch / 2
    for col in range(grid.cols):
        painter.drawLine(QPointF(left + col * cw, top), QPointF(left + col * cw, bottom))
    for row in range(grid.rows):
        painter.drawLine(QPointF(left, top + row * ch), QPointF(right, top + row * ch))
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(40, 26, 12))
    radius = min(cw, ch) * 0.07
    for col, row in star_points(grid.cols, grid.rows):
        centre = QPointF(left + col * cw, bottom - row * ch)
        painter.drawEllipse(centre, radius, radius)


def star_points(cols: int, rows: int) -> tuple[tuple[int, int], ...]:
    """The column and row (from 0, bottom left) of a go board's star points: the corner
    points two lines in (three on 12 lines and more), the centre on an odd board, and on
    15 lines and more the middles of the sides.

    >>> star_points(9, 9)
    ((2, 2), (2, 6), (4, 4), (6, 2), (6, 6))
    """
    if min(cols, rows) < 7:
        return ()
    inset = 3 if min(cols, rows) >= 12 else 2
    xs = [inset, cols - 1 - inset]
    ys = [inset, rows - 1 - inset]
    if cols % 2 and cols >= 15:
        xs.append(cols // 2)
    if rows % 2 and rows >= 15:
        ys.append(rows // 2)
    points = {(c, r) for c in xs for r in ys}
    if cols % 2 and rows % 2:
        points.add((cols // 2, rows // 2))
    return tuple(sorted(points))


def _paint_names(painter: QPainter, grid: Grid) -> None:
    """The names of the columns below the board and of the rows to its left."""
    x, y, w, h = grid.rect
    cw, ch = w / grid.cols, h / grid.rows
    font = QFont(label_font(grid.letters))
    font.setBold(True)
    painter.setFont(font)
    painter.setPen(LABEL)
    centre = Qt.AlignmentFlag.AlignCenter
    # The edge is EDGE wide (scaled with the letters), the frame 9 of it.
    edge = EDGE * grid.letters
    for col, name in enumerate(grid.columns):
        painter.drawText(QRectF(x + col * cw, y + h + 9, cw, edge - 8), centre, name)
    for row, name in enumerate(grid.row_names):
        top = y + (grid.rows - 1 - row) * ch
        painter.drawText(QRectF(x - edge - 2, top, edge - 8, ch), centre, name)


def table_text(text: str, width: float) -> tuple[QFont, tuple[str, ...]]:
    """A line a pack writes on the table as drawn in ``width``: its letters, and its
    text in one line, or broken in two when it is too wide, drawn smaller only when the
    two are too wide still, and cut short with an ellipsis as a last resort."""
    font = QFont(label_font())
    font.setBold(True)
    size = TABLE_LINE_PX
    while True:
        font.setPixelSize(round(size))
        metrics = QFontMetricsF(font)
        parts = in_two_lines(text, width, metrics.horizontalAdvance)
        if size <= LABEL_PX * 0.75 or max(map(metrics.horizontalAdvance, parts)) <= width:
            break
        size -= 1
    elide = Qt.TextElideMode.ElideRight
    return font, tuple(metrics.elidedText(part, elide, width) for part in parts)


def paint_lines(painter: QPainter, strip: QRectF, lines: Sequence[str]) -> None:
    """The pack's lines of text, one under the other in the strip kept for them, centred
    (each broken in two when it is too wide for the felt, see :func:`table_text`)."""
    height, width = strip.height() / max(1, len(lines)), strip.width()
    painter.setPen(LABEL)
    for index, line in enumerate(lines):
        font, parts = table_text(shown_name(line), width)
        painter.setFont(font)
        row = QRectF(strip.left(), strip.top() + index * height, width, height)
        painter.drawText(row, Qt.AlignmentFlag.AlignCenter, "\n".join(parts))


class BoardScene(FeltScene):
    """The places and faces of the session's game, as one seat sees it, on the felt."""

    def __init__(self, session: GameSession, art: Art) -> None:
        super().__init__(art)
        self.session = session
        self.places: dict[Key, PlaceItem] = {}
        self.faces: list[FaceItem] = []
        self.hand_labels: list[HandLabel] = []
        self.layout = Layout()
        #: How long a card slides to where a move put it (0: it is simply there).
        self.slide_ms = 0
        #: The slides under way.
        self.slides: list[QVariantAnimation] = []
        #: The face a person just dropped, and where: it is there already, no slide.
        self.dropped: tuple[str, Key] | None = None
        #: The move built on the table, marked again whenever the board is drawn.
        self.builder: MoveBuilder | None = None
        #: The lines the pack writes on the table now (its ``on_table`` vars), by var.
        self.written: dict[str, str] = {}
        #: Moves made, what each place held then, and the places found changed.
        self._last: tuple[int, dict[Key, Held], frozenset[Key]] = (-1, {}, frozenset())
        self._capacity: tuple[object, dict[Key, int]] = (None, {})
        self._before: tuple[int, int, Layout] | None = None
        #: The moments of the last move still to show, each a view, the last the state's.
        self._moments: list[View] = []
        self._moment_timer = QTimer(self)
        self._moment_timer.setSingleShot(True)
        self._moment_timer.timeout.connect(self._next_moment)
        #: The order the hand area shows the hand in, kept per game (``handorder``).
        self.hand_order = chosen_order(session.game.id)
        #: The window's room for the table: the felt takes its shape, the hands its width.
        self.screen = Screen()
        self.setSceneRect(WORLD)
        session.picks_changed.connect(self.mark_picks)

    def plates(self) -> list[tuple[QRectF, str, str]]:
        names, colours = self.session.names, self.session.colours
        return [(_rect(rect), names[seat], colours[seat]) for seat, rect in self.layout.plates]

    def paint_on_felt(self, painter: QPainter) -> None:
        for grid in self.layout.grids:
            paint_board(painter, grid)
        strip = self.layout.lines
        if strip is not None and self.written:
            paint_lines(painter, _rect(strip), list(self.written.values()))

    def capacity(self) -> dict[Key, int]:
        """How many faces each place held at the start: its room on the table."""
        session = self.session
        if self._capacity[0] is not session.setup:
            first = session.first_state()
            self._capacity = (session.setup, capacities(session.game.zones, first.view(0)))
        return self._capacity[1]

    def set_screen(self, shape: float | None = None, hand_px: float | None = None) -> None:
        """The table view took this shape (width over height), or the hand area this
        width in pixels: the table is laid out again for it (the felt as wide as the
        window, the hands spread over their room), unless the change is too small to
        show or the moments of a move are still being shown (they end laid out anew)."""
        now = self.screen
        shape = now.shape if shape is None else shape
        hand_px = now.hand_px if hand_px is None else hand_px
        same_hand = now.hand_px is not None and hand_px is not None
        if abs(shape - now.shape) < 0.01 * now.shape and (
            now.hand_px == hand_px or (same_hand and abs(hand_px - now.hand_px) < 2)
        ):
            return
        self.screen = Screen(shape, hand_px)
        if self._before is not None and not self._moments:
            self._draw(self.session.view(), None, final=True)

    def rebuild(self) -> None:
        """Draw the game again from a fresh projection of the viewer's view. After a
        move, with sliding on, the moments of its aftermath (``State.beats``) come
        first, one after another, each sliding from the one before."""
        self._moment_timer.stop()
        session = self.session
        made = len(session.state.history)
        before = self._before
        view = session.view()
        if (
            before is None
            or before[0] + 1 != made
            or before[1] != session.viewer
            or self.slide_ms <= 0
        ):
            self._moments = []
            self._draw(view, None, final=True)
            return
        moments = self._shown_moments(before[2], view)
        self._moments = [*moments[1:], view] if moments else []
        self._draw(moments[0] if moments else view, before[2], final=not moments)
        if moments:
            self._moment_timer.start(self.moment_ms())

    def finish_moments(self) -> None:
        """Show the state itself at once, skipping the moments of the last move still to
        come (a person acts, or the table is handed on as it lies)."""
        if self._moments:
            self._moment_timer.stop()
            view, self._moments = self._moments[-1], []
            self._draw(view, None, final=True)

    def moment_ms(self) -> int:
        """How long one moment of a move stays: its slide and a look at it."""
        return int(self.slide_ms * (1 + MOMENT_HOLD))

    def busy_ms(self) -> int:
        """How long the moments of the last move still take to show, the state's own
        slide at the end included (0: none left)."""
        left = len(self._moments)
        if not left:
            return 0
        waiting = self._moment_timer.remainingTime()
        return max(0, waiting) + (left - 1) * self.moment_ms() + self.slide_ms

    def _next_moment(self) -> None:
        if not self._moments:
            return
        view, *self._moments = self._moments
        self._draw(view, self.layout, final=not self._moments, foot=False)
        if self._moments:
            self._moment_timer.start(self.moment_ms())

    def _shown_moments(self, before: Layout, final: View) -> list[View]:
        """The views of the last move's moments worth a look: each showing something
        else than the one before it (the table before the move first) and than the end."""
        session = self.session
        zones, cards, room = session.shown_zones(), session.uses_cards, self.capacity()

        def shows(view: View) -> dict[Key, Held]:
            # What each place holds, not where: the letters' size does not matter here.
            layout = project(zones, view, cards, capacity=room, measure=measure, letters=1.0)
            return _holds(layout, hands)

        hands = self.hand_zones()
        last, end = _holds(before, hands), shows(final)
        found: list[View] = []
        for beat in session.beats:
            view = beat.view(session.viewer)
            held = shows(view)
            if held != last and held != end:
                found.append(view)
                last = held
        return found

    def _draw(self, view: View, slide_from: Layout | None, final: bool, foot: bool = True) -> None:
        """Lay the table out for ``view``; slide the faces that arrived from where they
        were in ``slide_from``, the move's own component by its footprint (``foot``).
        The ``final`` drawing (the state's own) marks the last move and takes its place
        as the table before the next move."""
        for slide in self.slides:
            slide.stop()
        self.slides.clear()
        self.clear()
        self.places.clear()
        self.faces.clear()
        self.hand_labels.clear()
        session = self.session
        cards = session.uses_cards
        zones = session.shown_zones()
        game = session.game
        # Another seat's hand the viewer knows card by card (a face-up draft) shows so.
        view = with_known_faces(view)
        self.written = table_lines(game, view.vars, session.state.env, session.names)
        lines = table_line_count(game)
        layout = project(
            zones,
            view,
            cards,
            capacity=self.capacity(),
            measure=measure,
            lines=lines,
            screen=self.screen,
        )
        arrange(layout, self.hand_order)
        self.layout = layout
        self.felt = _rect(layout.felt)
        self.plate_letters = layout.letters
        made = len(session.state.history)
        recent = self._recent(made) if final else frozenset()
        marked: dict[Key, list[int]] = {}
        for key, seat, _name in layout.markers:
            marked.setdefault(key, []).append(seat)
        colours = session.colours
        played = view.played
        for key, place in layout.places.items():
            name = self._name(place)
            lines = (f"{session.names[place.owner]}'s {place.label}",) if place.in_hand else ()
            item = PlaceItem(place, marked.get(key, []), name, colours, lines)
            item.recent = key in recent
            self.addItem(item)
            self.places[key] = item
            if place.in_hand:
                label = HandLabel(item)
                self.addItem(label)
                self.hand_labels.append(label)
            players = played.get(key, ())
            for face in place.faces:
                face_item = FaceItem(face, place, self.art, cards, colours)
                player = players[face.index] if face.index < len(players) else None
                if player is not None and face.component is not None:
                    plate = _foot_shows(place, face)
                    face_item.set_player(session.names[player], colours[player], plate)
                self.addItem(face_item)
                self.faces.append(face_item)
        world = QRectF(WORLD)
        if layout.hand is not None:
            world = world.united(_rect(layout.hand))
        self.setSceneRect(world)
        self.invalidate(world, FeltScene.SceneLayer.BackgroundLayer)
        if slide_from is not None:
            self._slide(slide_from, session.last_footprint if foot else None)
        if not final:
            return
        self._before = (made, session.viewer, layout)
        self.dropped = None
        if self.builder is not None and self.builder.active:
            self.show_build(self.builder)
        self.mark_picks()
        self.mark_barred()

    def hand_zones(self) -> frozenset[str]:
        """The zones of the game that are the seats' hands (shown in the hand area)."""
        return frozenset(name for name, zone in self.session.game.zones.items() if is_hand(zone))

    def order_hand(self, order: HandOrder) -> None:
        """Show the hand in ``order`` from now on, in every game of this pack."""
        self.hand_order = order
        keep_order(self.session.game.id, order)
        self.finish_moments()
        self._draw(self.session.view(), None, final=True)
        words = order.label.replace("&", "")
        self.session.message.emit(f"The hand is shown {words[:1].lower()}{words[1:]}")

    def plain_layout(self) -> Layout:
        """The table as laid out now with labels of their usual size (a large table's
        are drawn larger): its places as close together as they can be."""
        session = self.session
        return project(
            session.shown_zones(),
            session.view(),
            session.uses_cards,
            capacity=self.capacity(),
            measure=measure,
            lines=table_line_count(session.game),
            letters=1.0,
        )

    def mark_picks(self) -> None:
        """Stand up the cards the person has picked in the hand (``GameSession.picked``)."""
        session = self.session
        session.drags()  # (forgets picks no move could take any more)
        for face in self.faces:
            mine = face.place.owner is not None and face.place.owner == session.picked_by
            face.set_picked(mine and face.place.in_hand and face.what in session.picked)

    def mark_barred(self) -> None:
        """Dim the cards of the hand of the person to move that cannot be played now,
        each with the rules' reason (``GameSession.hand_reason``)."""
        session = self.session
        mover = session.state.to_move if session.human_to_move() else None
        for face in self.faces:
            mine = face.place.in_hand and mover is not None and face.place.owner == mover
            what = face.what if mine else None
            why = session.hand_reason(what, face.place.key) if what is not None else None
            face.set_barred(why or "")

    def _slide(self, before: Layout, foot: Footprint | None) -> None:
        """Slide each face that arrived at a place from the place it left: the move's
        own component from where its footprint says, the others (a card drawn, a
        trick gathered) from the places that hold fewer now."""
        if self.slide_ms <= 0:
            return
        change = {key: place.count for key, place in self.layout.places.items()}
        for key, place in before.places.items():
            change[key] = change.get(key, 0) - place.count
        journeys: list[tuple[FaceItem, Place]] = []
        if foot is not None and foot.source in before.places and foot.target in self.places:
            change[foot.target] -= 1
            change[foot.source] += 1
            face = self._top_face(foot.target, str(foot.component))
            if face is not None:
                journeys.append((face, before.places[foot.source]))
        sources = [key for key, n in change.items() if n < 0 for _ in range(-n)]
        # The faces that arrived at each place: its topmost ones, not counting a face
        # whose journey is known already.
        known = {id(face) for face, _ in journeys}
        arrivals: set[int] = set()
        for key, arrived in change.items():
            if arrived > 0 and key in self.places:
                mine = [f for f in self.faces if f.place.key == key and id(f) not in known]
                mine.sort(key=lambda f: f.face.index, reverse=True)
                arrivals |= {id(f) for f in mine[:arrived]}
        for face in self.faces:
            if id(face) not in arrivals or not sources:
                continue
            key = next((k for k in sources if _shows(before.places[k], face.what)), sources[0])
            sources.remove(key)
            journeys.append((face, before.places[key]))
        for face, source in journeys:
            if source.in_hand != face.place.in_hand or self.dropped == (face.what, face.place.key):
                continue  # from the hand area to the table: it is not seen between them
            x, y, w, h = _start(source, face.what)
            self._slide_face(face, QPointF(x + w / 2, y + h / 2))

    def _top_face(self, key: Key, what: str) -> FaceItem | None:
        """The topmost face of a place showing ``what``, else its topmost face."""
        mine = [face for face in self.faces if face.place.key == key]
        shown = [face for face in mine if face.what == what] or mine
        return max(shown, key=lambda face: face.face.index, default=None)

    def _slide_face(self, face: FaceItem, start: QPointF) -> None:
        """Slide a face from ``start`` to where it lies."""
        end = face.home
        slide = QVariantAnimation(self)
        slide.setDuration(self.slide_ms)
        slide.setStartValue(0.0)
        slide.setEndValue(1.0)
        slide.setEasingCurve(QEasingCurve.Type.InOutCubic)
        face.setPos(start)
        face.setZValue(LIFTED_Z)

        def step(value: object) -> None:
            face.setPos(start + (end - start) * float(value))  # type: ignore[arg-type]

        def done() -> None:
            face.setPos(end)
            face.setZValue(face.face.index)
            if slide in self.slides:
                self.slides.remove(slide)

        slide.valueChanged.connect(step)
        slide.finished.connect(done)
        self.slides.append(slide)
        slide.start()

    def _recent(self, made: int) -> frozenset[Key]:
        """The places whose contents the last move changed: what differs from the board
        one move ago. Drawn again with no move in between, the same; after an undo, none;
        opened on a resumed game or a jump in a replay, the board one move ago is worked
        out afresh. The seat
        at the screen may have changed with the move: where either side shows a card's
        back, only the number of cards is compared."""
        holds = _holds(self.layout, self.hand_zones())
        made_before, held_before, recent = self._last
        undone = made < made_before and self.session.replay_states is None
        if made == made_before:
            found = recent
        elif undone:  # an undo is not a move to point at
            found = frozenset()
        else:
            if made != made_before + 1 or not held_before:
                held_before = self._held_one_move_ago()
            found = frozenset(k for k, v in holds.items() if _changed(held_before.get(k), v))
            if not held_before:  # no move made yet
                found = frozenset()
        self._last = (made, holds, found)
        return found

    def _held_one_move_ago(self) -> dict[Key, Held]:
        """What each place showed the viewer before the last move (nothing when no move
        has been made)."""
        session = self.session
        if session.replay_states is not None:
            before = session.replay_states[session.replay_at - 1] if session.replay_at else None
        else:
            before = session.states()[-2] if session.moves else None
        if before is None:
            return {}
        open_hands = session.replay_states is not None and session.replay_seat is None
        view = before.view(session.viewer, open_hands=open_hands)
        layout = project(
            session.shown_zones(),
            view,
            session.uses_cards,
            capacity=self.capacity(),
            measure=measure,
            letters=1.0,  # (what the places hold, not where they lie)
        )
        return _holds(layout, self.hand_zones())

    def _name(self, place: Place) -> str:
        label = self.session.game.zones[place.key[0]].label or place.label
        if place.owner is None:
            return label
        return f"{self.session.names[place.owner]} · {label}"

    def place_at(self, point: QPointF) -> PlaceItem | None:
        """The place under a scene point."""
        for item in self.items(point):
            if isinstance(item, PlaceItem):
                return item
        return None

    def face_at(self, point: QPointF, skip: FaceItem | None = None) -> FaceItem | None:
        """The topmost face under a scene point (other than ``skip``)."""
        for item in self.items(point):
            if (
                isinstance(item, FaceItem)
                and item is not skip
                and item.rect().contains(item.mapFromScene(point))
            ):
                return item
        return None

    def mine(self, face: FaceItem) -> bool:
        """True if a face lies in a place of the seat to move (or a shared one)."""
        owner = face.place.owner
        return owner is None or owner == self.session.state.to_move

    def show_build(self, builder: MoveBuilder, aims: Collection[Target] = ()) -> None:
        """Mark the faces of the move being built (or, while a card is dragged, the
        cards it may be dropped on to start one: ``aims``)."""
        target, chosen = builder.target, builder.chosen
        helpers = builder.helpers()
        verdict = builder.verdict
        ready = verdict is not None and verdict.move is not None
        tally = (verdict.tally or "") if verdict is not None else ""
        for face in self.faces:
            spot = face.target
            if spot is None:
                continue
            if spot == target:
                face.set_mark("aimed", tally, ready)
            elif spot in aims:
                face.set_mark("can")
            elif target is not None and self.mine(face) and spot.card in chosen:
                face.set_mark("chosen")
            elif target is not None and self.mine(face) and spot.card in helpers:
                face.set_mark("can")
            else:
                face.set_mark("")

    def lift_labels(self, up: bool) -> None:
        """Lay the hands' labels above the card being dragged (or back under the cards)."""
        for label in self.hand_labels:
            label.lift(up)

    def show_targets(self, keys: set[Key]) -> None:
        """Make exactly these places glow."""
        for key, item in self.places.items():
            item.set_legal(key in keys)


class BoardView(FeltView):
    """The table of the game, zoomed and panned as the free table is; drags of faces
    (from the table or from the hand area) become drops on places."""

    def __init__(
        self, scene: BoardScene, on_drop: Callable[[str, Key | None, Key | None], bool]
    ) -> None:
        super().__init__(scene)
        self.board = scene
        self.on_drop = on_drop
        self.configure()
        self.setSceneRect(WORLD)
        self.dragging: FaceItem | None = None
        self.grip = QPointF()
        self.panning: QPoint | None = None
        #: The person zoomed or panned: a new move or a resize keeps their view.
        self.moved_by_hand = False
        #: The hand area below the table, when the game has hands.
        self.hand_view: HandView | None = None
        # Hold Alt over a card to see it large, as on the free table.
        self.magnifier = Magnifier(scene.art, self.viewport())
        self.hover = QPoint()
        #: The move built on the table card by card (Battlefront's attack).
        self.builder = MoveBuilder(scene.session, self)
        scene.builder = self.builder
        self.builder.changed.connect(lambda: scene.show_build(self.builder))

    def fit(self) -> None:
        """Show the whole table, rim and all."""
        self.moved_by_hand = False
        self.resetTransform()
        room = RIM + FIT_MARGIN
        self.fitInView(
            self.board.felt.adjusted(-room, -room, room, room), Qt.AspectRatioMode.KeepAspectRatio
        )

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        if self.dragging is None and size.height() > 0:
            self.board.set_screen(shape=size.width() / size.height())
            if self.hand_view is not None:
                self.hand_view.fit()
        if not self.moved_by_hand:
            self.fit()

    def zoom_by(self, factor: float) -> None:
        self.moved_by_hand = True
        super().zoom_by(factor)

    def can_drag(self, face: FaceItem) -> bool:
        """True if the person to move may pick this face up."""
        session = self.board.session
        if face.what is None or not session.human_to_move():
            return False
        source = self.source(face)
        if not self.board.mine(face):
            return session.drags().draggable(face.what, source)
        spot = face.target
        buildable = spot is not None and self.builder.can_start(spot.card)
        return session.drags().draggable(face.what, source) or buildable

    def can_lift(self, face: FaceItem) -> bool:
        """True if the person to move may pick this card of their hand up though no legal
        move takes it: dropped, it goes back and the message line gives the rules' reason
        (``GameSession.drop``)."""
        session = self.board.session
        if face.what is None or not face.place.in_hand or not session.human_to_move():
            return False
        return face.place.owner == session.state.to_move

    def source(self, face: FaceItem) -> Key | None:
        """Where a face picked up is taken from, as its legal drags know it; None: it
        goes wherever a face showing the same goes."""
        # A face in a cell is picked up only when a legal move takes it from there (a
        # pawn that steps); a board's cards stay put. Another seat's face moves only as
        # a legal move takes it from where it lies (Battlefront's attacked card onto
        # the attacker's captured pile; with a deck each, not the same card elsewhere).
        if face.place.kind == "cell" or not self.board.mine(face):
            return face.place.key
        return None

    def aims(self, face: FaceItem) -> set[Target]:
        """The cards a face of the person's may be dropped on to start a legal move built
        card by card (none for another seat's face: with a deck each, an equal card of
        the person's is not that one)."""
        spot = face.target
        if spot is None or not self.board.mine(face):
            return set()
        return self.builder.targets(spot.card)

    def click_face(self, face: FaceItem) -> None:
        """A click on a face while a move is being built."""
        spot = face.target
        if spot is not None:
            self.builder.click(spot, self.board.mine(face))

    def can_pick(self, face: FaceItem) -> bool:
        """True if the person to move may pick this card of their hand for a move
        taking a set of cards (passing three)."""
        session = self.board.session
        if face.what is None or not face.place.in_hand or not session.human_to_move():
            return False
        return face.place.owner == session.state.to_move and session.drags().pickable(face.what)

    # ------------------------------------------------------------ mouse

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.magnifier.hide()
        self.board.finish_moments()  # a person acts on the table as it is now
        pos = event.position().toPoint()
        point = self.mapToScene(pos)
        face = self.board.face_at(point) if self.viewport().rect().contains(pos) else None
        button = event.button()
        if button == Qt.MouseButton.LeftButton and face is not None and self.builder.active:
            self.click_face(face)
            return
        if button == Qt.MouseButton.LeftButton and face is not None and self.can_drag(face):
            self.begin_drag(face, point)
            return
        if button in (Qt.MouseButton.LeftButton, Qt.MouseButton.MiddleButton):
            self.panning = pos
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        self.hover = pos
        if self.hand_view is not None:
            self.hand_view.hover = None
        if self.panning is not None:
            delta, self.panning = pos - self.panning, pos
            if not delta.isNull():
                self.moved_by_hand = True
                self.pan_by(delta)
            return
        if self.dragging is not None:
            self.drag_to(self.viewport().mapToGlobal(pos))
            return
        if event.modifiers() & Qt.KeyboardModifier.AltModifier:
            self.magnify(pos)
        else:
            self.magnifier.hide()
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.panning is not None:
            self.panning = None
            self.viewport().unsetCursor()
            return
        if self.dragging is not None:
            self.finish_drag(self.viewport().mapToGlobal(event.position().toPoint()))
            return
        super().mouseReleaseEvent(event)

    # ------------------------------------------------------------ drags

    def scene_point_at(self, global_pos: QPoint) -> QPointF:
        """The scene point under a global point: on the table, or in the hand area."""
        hand = self.hand_view
        if hand is not None and hand.isVisible():
            local = hand.viewport().mapFromGlobal(global_pos)
            if hand.viewport().rect().contains(local):
                return hand.mapToScene(local)
        return self.mapToScene(self.viewport().mapFromGlobal(global_pos))

    def begin_drag(self, face: FaceItem, point: QPointF) -> None:
        """Pick a face up at a scene point; the legal places for it glow."""
        self.dragging = face
        self.grip = point - face.pos()
        face.setZValue(LIFTED_Z)
        self.board.lift_labels(True)
        assert face.what is not None
        drags = self.board.session.drags()
        shared = {place for what, place in drags.several if what == face.what}
        source = self.source(face)
        self.board.show_targets(set(drags.targets_of(face.what, source)) | shared)
        self.board.show_build(self.builder, self.aims(face))

    def drag_to(self, global_pos: QPoint) -> None:
        """Carry the face picked up to a global point."""
        if self.dragging is not None:
            self.dragging.setPos(self.scene_point_at(global_pos) - self.grip)

    def finish_drag(self, global_pos: QPoint) -> None:
        """Drop the face picked up at a global point: its move, or back it goes."""
        face, self.dragging = self.dragging, None
        self.board.lift_labels(False)
        if face is None:
            return
        point = self.scene_point_at(global_pos)
        place = self.board.place_at(point)
        self.board.show_targets(set())
        self.board.show_build(self.builder)
        assert face.what is not None
        if self.build_on(face, self.board.face_at(point, skip=face)):
            self.snap_back(face)
            return
        key = place.key if place is not None and place.key != face.place.key else None
        if key is None and place is not None:
            self.snap_back(face)
            return
        if key is not None:
            self.board.dropped = (face.what, key)
        if not self.on_drop(face.what, key, face.place.key):
            self.board.dropped = None
            self.snap_back(face)

    def build_on(self, face: FaceItem, under: FaceItem | None) -> bool:
        """Start building a move with ``face`` dropped on the card ``under`` (legal yet or
        not: the move under construction says why not); False when no move of the
        person's is aimed at that card with it (the drop is then a plain one)."""
        card, spot = face.target, under.target if under is not None else None
        if card is None or spot is None or under is None:
            return False
        drags = self.board.session.drags()
        if spot not in self.aims(face) and under.place.key in drags.targets_of(face.what or ""):
            return False  # a legal drop onto the place the card lies in
        if not self.board.mine(face) or not self.builder.can_start(card.card):
            return False
        return self.builder.start(spot, card.card)

    def snap_back(self, face: FaceItem) -> None:
        """Put a face back where it lay."""
        face.setPos(face.home)
        face.setZValue(face.face.index)

    # ------------------------------------------------------------ keys

    def event(self, event: QEvent) -> bool:
        return claim_alt(event) or super().event(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.magnifier.hide()  # Alt let go elsewhere never comes back here
        if self.hand_view is not None:
            self.hand_view.magnifier.hide()
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.builder.active and event.key() == Qt.Key.Key_Escape:
            self.builder.cancel()
            return
        if self.builder.active and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self.builder.play()
            return
        if self._is_key(event, "sort-hand") and self.board.layout.hand is not None:
            self.board.order_hand(following(self.board.hand_order))
            return
        if event.key() == Qt.Key.Key_Alt and self.dragging is None:
            hand = self.hand_view
            if hand is not None and hand.hover is not None and hand.magnify_at(hand.hover):
                return
            self.magnify(self.hover)
            return
        super().keyPressEvent(event)

    @staticmethod
    def _is_key(event: QKeyEvent, command: str) -> bool:
        """True if ``event`` is one of the keys of a game window's command."""
        pressed = QKeySequence(event.keyCombination())
        return any(pressed == QKeySequence(keys) for keys in game_keys(command))

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Alt:
            self.magnifier.hide()
            if self.hand_view is not None:
                self.hand_view.magnifier.hide()
            return
        super().keyReleaseEvent(event)

    def magnify(self, at: QPoint) -> None:
        """Show the card (or piece token) under ``at`` (view coordinates) large; a
        face-down card shows nothing."""
        inside = self.viewport().rect().contains(at)
        face = self.board.face_at(self.mapToScene(at)) if inside else None
        asset = face.magnified_asset() if face is not None else None
        if asset:
            self.magnifier.show_asset(asset, at)
        else:
            self.magnifier.hide()


class HandView(QGraphicsView):
    """The hand area at the foot of the window: the hands of the seat at the screen,
    on dark wood as the free table's hand bar, drawn from the same scene as the table.
    A face dragged from here goes onto the table view."""

    def __init__(self, table: BoardView, parent: QWidget | None = None) -> None:
        super().__init__(table.board, parent)
        self.table = table
        self.board = table.board
        table.hand_view = self
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        self.setFixedHeight(HAND_HEIGHT)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay on the table (Alt, 1-9)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setMouseTracking(True)
        self.magnifier = Magnifier(table.board.art, table.window())
        #: Where the mouse is over the hand area (global), for Alt pressed on the table.
        self.hover: QPoint | None = None
        #: The menu opened last by a right click (kept alive while it shows).
        self.context_menu: QMenu | None = None

    def fit(self) -> None:
        """Show the hand area from its left edge, as large as the strip allows."""
        hand = self.board.layout.hand
        if hand is None:
            return
        area = _rect(hand)
        scale = min(1.0, self.height() / area.height(), self.width() / max(1.0, area.width()))
        self.resetTransform()
        self.scale(scale, scale)
        self.setSceneRect(QRectF(area.left(), area.top(), self.width() / scale, area.height()))

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        if self.table.dragging is None:
            self.board.set_screen(hand_px=float(self.viewport().width()))
        self.fit()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:
        painter.save()
        painter.resetTransform()
        area = QRectF(self.viewport().rect())
        shade = QLinearGradient(0, 0, 0, area.height())
        shade.setColorAt(0, QColor("#3b2a1e"))
        shade.setColorAt(1, QColor("#241912"))
        painter.fillRect(area, shade)
        session = self.board.session
        painter.fillRect(QRectF(0, 0, area.width(), 3), QColor(session.colours[session.viewer]))
        painter.restore()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.board.finish_moments()  # a person acts on the table as it is now
        point = self.mapToScene(event.position().toPoint())
        face = self.board.face_at(point)
        left = event.button() == Qt.MouseButton.LeftButton
        if left and face is not None and self.table.builder.active:
            self.table.click_face(face)
            return
        if left and face is not None and self.table.can_drag(face):
            self.magnifier.hide()
            self.table.begin_drag(face, point)
        elif left and face is not None and self.table.can_pick(face):
            self.board.session.toggle_pick(face.what or "")
        elif left and face is not None and self.table.can_lift(face):
            self.magnifier.hide()
            self.table.begin_drag(face, point)  # to be told why not, where it is dropped

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        self.hover = self.viewport().mapToGlobal(pos)
        if self.table.dragging is not None:
            self.table.drag_to(self.hover)
            return
        if event.modifiers() & Qt.KeyboardModifier.AltModifier:
            self.magnify_at(self.viewport().mapToGlobal(pos))
        else:
            self.magnifier.hide()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.table.dragging is not None:
            self.table.finish_drag(self.viewport().mapToGlobal(event.position().toPoint()))

    def leaveEvent(self, event: object) -> None:
        self.hover = None
        self.magnifier.hide()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        menu = self.hand_menu()
        menu.popup(event.globalPos())
        self.context_menu = menu

    def hand_menu(self) -> QMenu:
        """The hand area's menu: the orders the hand can be shown in."""
        menu = QMenu(self)
        session = self.board.session
        keys = " / ".join(game_keys("sort-hand"))
        name = shown_name(session.names[session.viewer])
        menu.addSection(f"Show {name}'s hand ({keys}: the next order)")
        group = QActionGroup(menu)
        for order in ORDERS:
            action = menu.addAction(order.label)
            action.setCheckable(True)
            action.setChecked(order == self.board.hand_order)
            group.addAction(action)
            action.triggered.connect(lambda _=False, o=order: self.board.order_hand(o))
        return menu

    def magnify_at(self, global_pos: QPoint) -> bool:
        """Show the face under ``global_pos`` large above the hand area; False (nothing
        shown) when no face shows there."""
        local = self.viewport().mapFromGlobal(global_pos)
        face = None
        if self.isVisible() and self.viewport().rect().contains(local):
            face = self.board.face_at(self.mapToScene(local))
        asset = face.magnified_asset() if face is not None else None
        if not asset:
            self.magnifier.hide()
            return False
        window = self.magnifier.parentWidget()
        top = window.mapFromGlobal(self.mapToGlobal(QPoint(0, 0))).y()
        self.magnifier.show_above(asset, window.mapFromGlobal(global_pos), top)
        return True
