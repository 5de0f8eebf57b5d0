"""The views of the table of an enforced game: the table itself (zoomed and panned as
the free table is) and the hand area below it, with their mouse and keys.

A drag (``vtt.ui.game.facedrag.FaceDrag``) starts on a face that has somewhere legal
to go, or on any card of the hand of the person to move (one the rules do not let them
play now is dimmed, their reason in its tooltip); while it moves, the legal places
glow; the drop is handed to the session (``GameSession.drop``), and when that
refuses, the face snaps back to where it lay and the message line gives the rules'
reason.
"""

from __future__ import annotations

from vtt.rules.build import Target
from vtt.rules.shown import shown_name
from vtt.ui.game.board import BoardScene
from vtt.ui.game.building import MoveBuilder
from vtt.ui.game.facedrag import Drop, FaceDrag
from vtt.ui.game.handorder import ORDERS, following
from vtt.ui.game.items import FaceItem
from vtt.ui.game.painting import FIT_MARGIN, HAND_HEIGHT, qrect
from vtt.ui.game.places import Key
from vtt.ui.magnifier import Magnifier, claim_alt
from vtt.ui.qt import (
    QActionGroup,
    QColor,
    QContextMenuEvent,
    QEvent,
    QFocusEvent,
    QGraphicsView,
    QKeyEvent,
    QKeySequence,
    QLinearGradient,
    QMenu,
    QMouseEvent,
    QPainter,
    QPoint,
    QPointF,
    QRectF,
    Qt,
    QTransform,
    QWidget,
)
from vtt.ui.scene import RIM, WORLD
from vtt.ui.shortcuts import game_keys
from vtt.ui.view import FeltView


class BoardView(FeltView):
    """The table of the game, zoomed and panned as the free table is; drags of faces
    (from the table or from the hand area) become drops on places."""

    def __init__(self, scene: BoardScene, on_drop: Drop) -> None:
        super().__init__(scene)
        self.board = scene
        self.on_drop = on_drop
        self.configure()
        self.setSceneRect(WORLD)
        #: The face being dragged, from the table or the hand area.
        self.drag: FaceDrag | None = None
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
        room = RIM + FIT_MARGIN
        shown = self.board.felt.adjusted(-room, -room, room, room)
        # As fitInView from no scale at all (its margin of 2 pixels), but the table is
        # drawn again only when the scale changes (setTransform to the same does nothing).
        port = QRectF(self.viewport().rect()).adjusted(2, 2, -2, -2)
        if port.isEmpty() or shown.isEmpty():
            return
        scale = min(port.width() / shown.width(), port.height() / shown.height())
        self.setTransform(QTransform.fromScale(scale, scale))
        self.centerOn(shown.center())

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        size = self.viewport().size()
        if self.drag is None and size.height() > 0:
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
        return face.place.owner == session.frame.to_move

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
        return face.place.owner == session.frame.to_move and session.drags().pickable(face.what)

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
        if self.drag is not None:
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
        if self.drag is not None:
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
        self.drag = FaceDrag.begin(self, face, point)

    def drag_to(self, global_pos: QPoint) -> None:
        """Carry the face picked up to a global point."""
        if self.drag is not None:
            self.drag.move(global_pos)

    def finish_drag(self, global_pos: QPoint) -> None:
        """Drop the face picked up at a global point: its move, or back it goes."""
        drag, self.drag = self.drag, None
        if drag is not None:
            drag.finish(global_pos, self.on_drop)

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
        if event.key() == Qt.Key.Key_Alt and self.drag is None:
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
        #: The colour drawn along the top: the seat at the screen's.
        self.edge = ""

    def fit(self) -> None:
        """Show the hand area from its left edge, as large as the strip allows."""
        hand = self.board.layout.hand
        if hand is None:
            return
        area = qrect(hand)
        scale = min(1.0, self.height() / area.height(), self.width() / max(1.0, area.width()))
        self.setTransform(QTransform.fromScale(scale, scale))  # the same: nothing redrawn
        self.setSceneRect(QRectF(area.left(), area.top(), self.width() / scale, area.height()))
        session = self.board.session
        edge = session.colours[session.viewer]
        if edge != self.edge:  # the seat at the screen's colour, along the top
            self.edge = edge
            self.viewport().update()

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        if self.table.drag is None:
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
        if self.table.drag is not None:
            self.table.drag_to(self.hover)
            return
        if event.modifiers() & Qt.KeyboardModifier.AltModifier:
            self.magnify_at(self.viewport().mapToGlobal(pos))
        else:
            self.magnifier.hide()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.table.drag is not None:
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
