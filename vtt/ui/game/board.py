"""The board of an enforced game: places with outlines and labels, faces drawn with the art.

It is rebuilt from a fresh projection after every move. A drag starts only on a
face that has somewhere legal to go; while it moves, the legal places glow; the
drop is handed to the session (``GameSession.drop``), and when that refuses, the
face snaps back to where it lay.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence

from vtt.janken import Card
from vtt.rules.values import Piece
from vtt.ui.art import Art, card_asset, felt_colour, palette
from vtt.ui.game.projection import Face, Key, Layout, Place, project
from vtt.ui.game.session import GameSession
from vtt.ui.magnifier import Magnifier, claim_alt
from vtt.ui.qt import (
    QColor,
    QEvent,
    QFocusEvent,
    QFont,
    QFontMetricsF,
    QGraphicsItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPen,
    QPixmap,
    QPoint,
    QPointF,
    QRectF,
    Qt,
)

OUTLINE = QColor(255, 255, 255, 90)
LABEL = QColor(255, 255, 255, 170)
LEGAL = QColor(120, 255, 140)
RECENT = QColor(255, 215, 94, 190)  # the places the last move changed
MARGIN = 160.0


def seat_colour(seat: int, chosen: Sequence[str] = ()) -> QColor:
    """The colour of a seat (its ring on pieces, its marker on the board): the one
    chosen for it in ``chosen`` (``#rrggbb``), else the art's colour for that seat."""
    if 0 <= seat < len(chosen) and chosen[seat]:
        return QColor(chosen[seat])
    colours = palette()["seats"]
    assert isinstance(colours, list)
    return QColor(str(colours[seat % len(colours)]))


#: What a place holds, as far as the viewer sees: how many, and each face (None: a back).
Held = tuple[int, tuple[object, ...]]


def _changed(before: Held | None, now: Held) -> bool:
    """True if a place holds something else now (a place that was not there: changed)."""
    if before is None or before[0] != now[0]:
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
    painter.drawPixmap(area, picture, QRectF(0, 0, width, height))


class PlaceItem(QGraphicsRectItem):
    """The outline of a place, its label and count; it glows while it is a legal target."""

    def __init__(
        self, place: Place, markers: list[int], name: str, colours: Sequence[str] = ()
    ) -> None:
        super().__init__(_rect(place.rect))
        self.place = place
        self.key = place.key
        self.markers = markers
        self.colours = tuple(colours)
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
            self.setToolTip(f"{name} ({place.count})")

    def set_legal(self, legal: bool) -> None:
        """Glow (or stop glowing) as a place the dragged face may go."""
        if legal != self.legal:
            self.legal = legal
            self.update()

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        rect = self.rect()
        count = self.place.count if self.place.kind != "cell" else None
        look = ("place", rect.width(), rect.height(), self.legal, self.look_colours)
        draw_kept(painter, (*look, self.name, count), rect, self._draw)
        if self.recent and not self.legal:  # a picture of its own: it comes and goes
            draw_kept(painter, ("recent", rect.width(), rect.height()), rect, self._draw_edge)

    def _draw_edge(self, painter: QPainter) -> None:
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(RECENT, 3))
        painter.drawRoundedRect(self.rect().adjusted(5, 5, -5, -5), 9, 9)

    def _draw(self, painter: QPainter) -> None:
        body = self.rect().adjusted(4, 4, -4, -4)
        if self.legal:
            glow = QColor(LEGAL)
            glow.setAlpha(70)
            painter.setBrush(glow)
            painter.setPen(QPen(LEGAL, 5))
        else:
            painter.setBrush(QColor(0, 0, 0, 40))
            painter.setPen(QPen(OUTLINE, 2, Qt.PenStyle.DashLine))
        painter.drawRoundedRect(body, 10, 10)
        for seat in self.markers:
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(seat_colour(seat, self.colours), 6))
            painter.drawRoundedRect(body.adjusted(5, 5, -5, -5), 8, 8)
        if self.place.kind != "cell":
            painter.setPen(LABEL)
            font = QFont("Sans", 11)
            painter.setFont(font)
            room = body.adjusted(8, 3, -6, 0)
            if self.place.owner is not None:  # whose place: a dot of the seat's colour
                metrics = QFontMetricsF(font)
                size = metrics.ascent() * 0.7
                middle = room.top() + metrics.ascent() / 2 + 2
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(seat_colour(self.place.owner, self.colours))
                painter.drawEllipse(QRectF(room.left(), middle - size / 2, size, size))
                painter.setPen(LABEL)
                room = room.adjusted(size + 5, 0, 0, 0)
            count = f" ({self.place.count})"
            # A narrow pile cannot hold its whole name: shorten the name, never the count
            # (the tooltip has it all).
            metrics = QFontMetricsF(font)
            name = metrics.elidedText(
                self.name,
                Qt.TextElideMode.ElideRight,
                room.width() - metrics.horizontalAdvance(count),
            )
            painter.drawText(room, Qt.AlignmentFlag.AlignLeft, name + count)


class CellLabel(QGraphicsRectItem):
    """A cell's name and stack height, drawn above the faces so a card never hides it."""

    def __init__(self, place: Place) -> None:
        x, y, _w, h = place.rect
        super().__init__(QRectF(x + 8, y + h - 28, 44 if place.count > 1 else 28, 20))
        self.place = place
        self.setZValue(900)

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(0, 0, 0, 120))
        painter.drawRoundedRect(self.rect(), 6, 6)
        painter.setPen(QColor(255, 255, 255, 220))
        painter.setFont(QFont("Sans", 10))
        count = self.place.count
        text = f"{self.place.label}×{count}" if count > 1 else self.place.label
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, text)


class FaceItem(QGraphicsRectItem):
    """One component: a card's art, a back, or a piece's suit token in its owner's ring."""

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
        self.setToolTip(self.what or "face down")
        owner = face.component.owner if isinstance(face.component, Piece) else -1
        #: The colour of a piece's ring (its owner's), worked out once; "" for none.
        self.ring = seat_colour(owner, self.colours).name() if owner >= 0 else ""

    def paint(self, painter: QPainter, option: object, widget: object = None) -> None:
        body = self.rect()
        component = self.face.component
        if isinstance(component, Card) or (component is None and self.cards):
            # Card art and shadows are pictures the art keeps already.
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
            self.art.paint_shadow(painter, body.translated(2, 3), 6)
            self.art.paint(painter, card_asset(str(component) if component else "back"), body)
            return
        piece = component if isinstance(component, Piece) else None
        kind = piece.kind if piece is not None else ""
        look = ("piece", self.ring, kind, body.width(), body.height())
        draw_kept(painter, look, body, lambda inner: self._paint_piece(inner, body, piece))

    def magnified_asset(self) -> str | None:
        """The picture the magnifier shows for this face: a face-up card, a piece's
        suit token; None for a face-down card or a piece with no token."""
        component = self.face.component
        if isinstance(component, Card):
            return card_asset(str(component))
        return self._token(component) if isinstance(component, Piece) else None

    def _token(self, piece: Piece | None) -> str | None:
        """The suit token drawn on a piece (R, P, S, W, L), if the art has it."""
        suit = piece.suit if piece is not None else None
        asset = f"tokens/suit-{suit.letter}" if suit is not None else ""
        return asset if asset and self.art.exists(asset) else None

    def _paint_piece(self, painter: QPainter, body: QRectF, piece: Piece | None) -> None:
        owner = piece.owner if piece is not None else -1
        painter.setPen(QPen(seat_colour(owner, self.colours) if owner >= 0 else OUTLINE, 6))
        painter.setBrush(QColor(250, 246, 236))
        painter.drawEllipse(body.adjusted(3, 3, -3, -3))
        asset = self._token(piece)
        if asset is not None:
            self.art.paint(painter, asset, body.adjusted(9, 9, -9, -9))
        elif piece is not None:
            painter.setPen(QColor(30, 30, 30))
            painter.drawText(body, Qt.AlignmentFlag.AlignCenter, piece.kind)


class BoardScene(QGraphicsScene):
    """The places and faces of the session's game, as one seat sees it."""

    def __init__(self, session: GameSession, art: Art) -> None:
        super().__init__()
        self.session = session
        self.art = art
        self.places: dict[Key, PlaceItem] = {}
        self.faces: list[FaceItem] = []
        self.layout = Layout()
        self.setBackgroundBrush(felt_colour())
        #: Moves made, what each place held then, and the places found changed.
        self._last: tuple[int, dict[Key, Held], frozenset[Key]] = (-1, {}, frozenset())

    def rebuild(self) -> None:
        """Draw the game again from a fresh projection of the viewer's view."""
        self.clear()
        self.places.clear()
        self.faces.clear()
        session = self.session
        view = session.view()
        cards = session.uses_cards
        self.layout = project(session.shown_zones(), view, cards)
        recent = self._recent(len(session.state.history))
        marked: dict[Key, list[int]] = {}
        for key, seat, _name in self.layout.markers:
            marked.setdefault(key, []).append(seat)
        colours = session.colours
        for key, place in self.layout.places.items():
            item = PlaceItem(place, marked.get(key, []), self._name(place), colours)
            item.recent = key in recent
            self.addItem(item)
            self.places[key] = item
            if place.kind == "cell":
                self.addItem(CellLabel(place))
            for face in place.faces:
                face_item = FaceItem(face, place, self.art, cards, colours)
                self.addItem(face_item)
                self.faces.append(face_item)
        x, y, w, h = self.layout.bounds()
        self.setSceneRect(QRectF(x, y, w, h).adjusted(-MARGIN, -MARGIN, MARGIN, MARGIN))

    def _recent(self, made: int) -> frozenset[Key]:
        """The places whose contents the last move changed: what differs from the board
        one move ago. Drawn again with no move in between, the same; after an undo or a
        jump in a replay, none. The seat at the screen may have changed with the move:
        where either side shows a card's back, only the number of cards is compared."""
        holds = {
            key: (place.count, tuple(face.component for face in place.faces))
            for key, place in self.layout.places.items()
        }
        made_before, held_before, recent = self._last
        if made == made_before:
            found = recent
        elif made == made_before + 1 and held_before:  # (not the first drawing)
            found = frozenset(k for k, v in holds.items() if _changed(held_before.get(k), v))
        else:
            found = frozenset()
        self._last = (made, holds, found)
        return found

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

    def face_at(self, point: QPointF) -> FaceItem | None:
        """The topmost face under a scene point."""
        for item in self.items(point):
            if isinstance(item, FaceItem):
                return item
        return None

    def show_targets(self, keys: set[Key]) -> None:
        """Make exactly these places glow."""
        for key, item in self.places.items():
            item.set_legal(key in keys)


class BoardView(QGraphicsView):
    """Shows the board fitted to the window and turns drags into drops on places."""

    def __init__(
        self, scene: BoardScene, on_drop: Callable[[str, Key | None, Key | None], bool]
    ) -> None:
        super().__init__(scene)
        self.board = scene
        self.on_drop = on_drop
        self.dragging: FaceItem | None = None
        self.grip = QPointF()
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)
        # Hold Alt over a card to see it large, as on the free table.
        self.magnifier = Magnifier(scene.art, self.viewport())
        self.hover = QPoint()
        self.viewport().setMouseTracking(True)

    def fit(self) -> None:
        """Show the whole board."""
        self.fitInView(self.board.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        self.fit()

    def can_drag(self, face: FaceItem) -> bool:
        """True if the person to move may pick this face up."""
        session = self.board.session
        if face.what is None or face.place.kind == "cell" or not session.human_to_move():
            return False
        owner = face.place.owner
        return (owner is None or owner == session.state.to_move) and session.drags().draggable(
            face.what
        )

    def mousePressEvent(self, event: QMouseEvent) -> None:
        point = self.mapToScene(event.position().toPoint())
        face = self.board.face_at(point)
        if event.button() != Qt.MouseButton.LeftButton or face is None or not self.can_drag(face):
            super().mousePressEvent(event)
            return
        self.dragging = face
        self.grip = point - face.pos()
        face.setZValue(1000)
        face.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, False)
        assert face.what is not None
        self.board.show_targets(set(self.board.session.drags().targets[face.what]))

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        self.hover = event.position().toPoint()
        if self.dragging is None:
            if event.modifiers() & Qt.KeyboardModifier.AltModifier:
                self.magnify(self.hover)
            else:
                self.magnifier.hide()
            super().mouseMoveEvent(event)
            return
        self.dragging.setPos(self.mapToScene(event.position().toPoint()) - self.grip)

    def event(self, event: QEvent) -> bool:
        return claim_alt(event) or super().event(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        self.magnifier.hide()  # Alt let go elsewhere never comes back here
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Alt and self.dragging is None:
            self.magnify(self.hover)
            return
        super().keyPressEvent(event)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Alt:
            self.magnifier.hide()
            return
        super().keyReleaseEvent(event)

    def magnify(self, at: QPoint) -> None:
        """Show the card (or piece token) under ``at`` (view coordinates) large; a
        face-down card shows nothing."""
        face = self.board.face_at(self.mapToScene(at))
        asset = face.magnified_asset() if face is not None else None
        if asset:
            self.magnifier.show_asset(asset, at)
        else:
            self.magnifier.hide()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        face = self.dragging
        if face is None:
            super().mouseReleaseEvent(event)
            return
        self.dragging = None
        place = self.board.place_at(self.mapToScene(event.position().toPoint()))
        self.board.show_targets(set())
        assert face.what is not None
        key = place.key if place is not None and place.key != face.place.key else None
        if key is None and place is not None:
            self.snap_back(face)
            return
        if not self.on_drop(face.what, key, face.place.key):
            self.snap_back(face)

    def snap_back(self, face: FaceItem) -> None:
        """Put a face back where it lay."""
        face.setPos(face.home)
        face.setZValue(face.face.index)
