"""The items of the table of an enforced game: a place (a pile, a row, a cell) with its
label, the label of a hand, and a face (a card or a piece, or a back) lying in a place.
"""

from __future__ import annotations

from collections.abc import Sequence

from vtt.janken import Card
from vtt.rules.build import Target
from vtt.rules.shown import shown_name
from vtt.rules.values import Piece
from vtt.ui.art import Art, card_asset, dot_edge, tinted
from vtt.ui.game.painting import (
    AIMED,
    BARRED,
    CHOSEN,
    LABEL,
    LEGAL,
    LIFTED_Z,
    MARKER_PEN,
    MARKER_TAG,
    OUTLINE,
    PICK_LIFT,
    PLAYER_H,
    RECENT,
    TALLY_H,
    TALLY_PX,
    draw_kept,
    label_font,
    player_font,
    qrect,
    seat_colour,
)
from vtt.ui.game.places import Face, Place
from vtt.ui.items import paint_count_badge, paint_stack_edge
from vtt.ui.plaintext import tip
from vtt.ui.qt import (
    QColor,
    QFont,
    QFontMetricsF,
    QGraphicsRectItem,
    QPainter,
    QPen,
    QPointF,
    QRectF,
    Qt,
)


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
        super().__init__(qrect(place.rect))
        self.key = place.key
        self.legal = False
        self.setZValue(-1)
        self.show_place(place, markers, name, colours, lines)

    def show_place(
        self,
        place: Place,
        markers: list[int],
        name: str,
        colours: Sequence[str] = (),
        lines: Sequence[str] = (),
    ) -> None:
        """Show the place as it is laid out now (the same key: the item stays)."""
        self.prepareGeometryChange()
        self.setRect(qrect(place.rect))
        self.place = place
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
        self.setToolTip(tip(f"{name} ({place.count})") if place.kind != "cell" else "")
        self.update()

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
        super().__init__()
        self.art = art
        self.cards = cards
        self.colours = tuple(colours)
        self.tip_text = ""
        self.show_face(face, place)

    def show_face(self, face: Face, place: Place) -> None:
        """Show ``face`` of ``place`` as laid out now: the item is moved and drawn anew
        (a face that stayed keeps its item; see ``BoardScene``)."""
        x, y, w, h = face.rect
        rect, home = QRectF(-w / 2, -h / 2, w, h), QPointF(x + w / 2, y + h / 2)
        # Only what changed is told to the scene: its size, or a plate or tally gone.
        if rect != self.rect() or getattr(self, "player", None) or getattr(self, "tally", ""):
            self.prepareGeometryChange()
            self.setRect(rect)
        if home != self.pos():  # (a face dragged, or stopped in its slide, too)
            self.setPos(home)
        self.face = face
        self.place = place
        self.what = str(face.component) if face.component is not None else None
        self.home = home
        self.setZValue(face.index)
        self._tip(tip(self.what or "face down"))
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
        self.show()
        self.update()

    def _tip(self, text: str) -> None:
        """Set the tooltip, unless it says that already."""
        if text != self.tip_text:
            self.tip_text = text
            self.setToolTip(text)

    def set_player(self, name: str, colour: str, plate: bool = True) -> None:
        """Name the seat that played this card in its tooltip, and on a small plate at
        its foot unless ``plate`` is False (the next card of a row lies over its foot)."""
        self.prepareGeometryChange()
        self.player = (name, colour) if plate else None
        self._tip(tip(f"{self.what}, played by {name}"))

    def _player_rect(self) -> QRectF:
        body = self.rect()
        wide = QFontMetricsF(player_font()).horizontalAdvance(self._player_name())
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
        font = player_font()
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
            self._tip(tip(f"{self.what}: {reason}" if reason else self.what or "face down"))
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
            own = self._own_picture(piece)
            look = ("piece", self.ring, kind, body.width(), body.height(), self.height > 1, own)
            draw_kept(
                painter,
                look,
                body.adjusted(0, 0, 0, 8),
                lambda inner: self._paint_piece(inner, body, piece, own),
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
        if isinstance(component, Piece) and (own := self._own_picture(component)):
            return own
        return self._token(component) if isinstance(component, Piece) else None

    def _token(self, piece: Piece | None) -> str | None:
        """The token drawn on a piece: its suit's (R, P, S, W, L), else its kind's own
        (``tokens/piece-K``, a King's crown), if the art has it."""
        if piece is None:
            return None
        suit = piece.suit
        asset = f"tokens/suit-{suit.letter}" if suit is not None else f"tokens/piece-{piece.kind}"
        return asset if self.art.exists(asset) else None

    def _own_picture(self, piece: Piece | None) -> str:
        """The pack's own picture of the piece (tinted in its owner's colour where the
        pack says so), or "" for the usual token in its owner's ring."""
        found = self.art.piece_look(piece.kind) if piece is not None else None
        if found is None:
            return ""
        asset, tint = found
        return tinted(asset, self.ring) if tint and self.ring else asset

    def _paint_piece(
        self, painter: QPainter, body: QRectF, piece: Piece | None, own: str = ""
    ) -> None:
        owner = piece.owner if piece is not None else -1
        ring = seat_colour(owner, self.colours) if owner >= 0 else OUTLINE
        if own:  # the pack's picture, the pieces beneath as its shadow
            if self.height > 1:
                painter.setPen(Qt.PenStyle.NoPen)
                painter.setBrush(QColor(0, 0, 0, 90))
                painter.drawEllipse(body.adjusted(4, 8, -4, 4))
            self.art.paint(painter, own, body)
            return
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
