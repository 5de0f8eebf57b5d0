"""The table view: zoom, pan, selection, drags, keys and the right-click menu.

Every gesture ends in one model step through the session: a drag becomes a
:class:`PieceDrag`, a key or menu item a :class:`PieceCommands` command.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from vtt.table import CARD_WIDTH, CardPiece
from vtt.ui.art import Art
from vtt.ui.commands import PieceCommands
from vtt.ui.drag import HandDropZone, PieceDrag
from vtt.ui.handbar import CardGhost
from vtt.ui.items import BagItem, CounterItem, DieItem, PieceItem, StackItem
from vtt.ui.magnifier import Magnifier, claim_alt
from vtt.ui.menus import piece_menu, table_menu
from vtt.ui.qt import (
    QApplication,
    QCursor,
    QEnterEvent,
    QEvent,
    QFocusEvent,
    QGraphicsView,
    QKeyEvent,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPixmapCache,
    QPoint,
    QPointF,
    QResizeEvent,
    Qt,
    QToolTip,
    QWheelEvent,
    QWidget,
)
from vtt.ui.scene import FELT, TableScene, seat_plate
from vtt.ui.session import TableSession
from vtt.ui.shortcuts import by_command, key_commands

#: Between cards played from a hand together, side by side, in table units.
HAND_PLAY_GAP = 12.0
MIN_ZOOM = 0.12
MAX_ZOOM = 6.0
WHEEL_STEP = 1.0015  # per eighth of a degree of wheel turn
PIXMAP_CACHE_KB = 384 * 1024


class Lens(Protocol):
    """A widget beside the view that shows its own cards large while Alt is held."""

    def magnify_at(self, global_pos: QPoint) -> bool:
        """Show the card under ``global_pos`` large; False if there is none there."""

    def hide_magnifier(self) -> None:
        """Stop showing a card large."""


class FeltView(QGraphicsView):
    """A view of a table: drawn as the free table is drawn, zoomed with the wheel towards
    the cursor, panned by dragging the felt. The free table and an enforced game's
    table are both shown by one."""

    def configure(self) -> None:
        """The settings every table view shares."""
        # Every item keeps its picture in Qt's pixmap cache (see PieceItem); the default
        # 10 MB holds fewer than 200 cards, and a thrashing cache repaints every item.
        QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PIXMAP_CACHE_KB))
        # No smooth pixmap hint for the view: it would make Qt blit every cached item
        # through the slow filtered path. Items set their own hints when they paint.
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setCacheMode(QGraphicsView.CacheModeFlag.CacheBackground)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontAdjustForAntialiasing)
        # Items restore what they change (save/restore around transforms).
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setResizeAnchor(QGraphicsView.ViewportAnchor.AnchorViewCenter)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setMouseTracking(True)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setFrameShape(QGraphicsView.Shape.NoFrame)

    def zoom(self) -> float:
        """The current scale (1.0: one table unit per pixel)."""
        return self.transform().m11()

    def zoom_by(self, factor: float) -> None:
        """Zoom by ``factor`` towards the cursor, within limits."""
        target = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom() * factor))
        self.scale(target / self.zoom(), target / self.zoom())

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom_by(WHEEL_STEP ** event.angleDelta().y())

    def pan_by(self, delta: QPoint) -> None:
        """Slide the table under the view by ``delta`` pixels (a drag on the felt)."""
        self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - delta.x())
        self.verticalScrollBar().setValue(self.verticalScrollBar().value() - delta.y())


class TableView(FeltView):
    """Shows the table scene and turns mouse and keys into table commands."""

    def __init__(self, session: TableSession, art: Art, parent: QWidget | None = None) -> None:
        self.table_scene = TableScene(session, art)
        super().__init__(self.table_scene, parent)
        self.session = session
        self.commands = PieceCommands(session, self.table_scene, self)
        self.zones: list[HandDropZone] = []
        self.magnifier = Magnifier(art, self.viewport())
        #: Other places Alt magnifies in (the hand bar): the key comes to the view.
        self.lenses: list[Lens] = []
        #: Window-wide keys (undo, save ...) are the window's actions; the view takes piece keys.
        self.keys = {
            key: command
            for key, command in key_commands().items()
            if by_command()[command].group in ("Pieces", "Stacks")
        }
        self.drag: PieceDrag | None = None
        #: The dragged piece's picture over the hand bar (see _show_carried).
        self.carried: CardGhost | None = None
        self.pressed: tuple[PieceItem, QPointF, QPoint] | None = None
        #: The press (middle button) moves a whole stack.
        self.press_whole = False
        self.panning: QPoint | None = None
        self.space_held = False
        self.whole_stack_next: str | None = None
        self.hover = QPointF()
        #: The cursor is over the view (keys act on the piece under it only then).
        self.pointer_on_table = False
        #: The view shows the whole table (as reset_view left it), and keeps doing so.
        self.fits_table = True
        self.commands.whole_stack_armed.connect(self._arm_whole_stack)
        # A tooltip tells of the table as it was: after any step (a fanned stack, a draw)
        # it would name a piece that is gone or count cards that have moved.
        session.changed.connect(lambda _change: QToolTip.hideText())
        self._configure()

    def _configure(self) -> None:
        self.configure()
        self.setRubberBandSelectionMode(Qt.ItemSelectionMode.IntersectsItemShape)

    @property
    def scene_(self) -> TableScene:
        """The table scene."""
        return self.table_scene

    # ---------------------------------------------------------------- zoom

    def fit_all(self) -> None:
        """Show every piece (and the whole felt)."""
        self.fitInView(
            self.table_scene.pieces_rect().united(FELT).adjusted(-40, -40, 40, 40),
            Qt.AspectRatioMode.KeepAspectRatio,
        )

    def reset_view(self) -> None:
        """Show the whole table, centred (and keep it so as the view changes size)."""
        self.resetTransform()
        self.fitInView(FELT.adjusted(-60, -60, 60, 60), Qt.AspectRatioMode.KeepAspectRatio)
        self.fits_table = True

    def zoom_by(self, factor: float) -> None:
        """Zoom by ``factor`` towards the cursor; the view keeps this zoom from now on."""
        self.fits_table = False
        super().zoom_by(factor)

    def pan_by(self, delta: QPoint) -> None:
        """Slide the table by ``delta`` pixels; the view keeps this place from now on."""
        self.fits_table = False
        super().pan_by(delta)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # The window manager maximizes a window after its first showing, and people
        # resize it: the table fills the view anew unless they have zoomed or panned.
        if self.fits_table:
            self.reset_view()

    # --------------------------------------------------------------- mouse

    def item_at(self, view_pos: QPoint) -> PieceItem | None:
        """The piece item under a viewport point."""
        return self.table_scene.piece_at(self.mapToScene(view_pos))

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.magnifier.hide()
        pos = event.position().toPoint()
        item = self.item_at(pos)
        mods = event.modifiers()
        button = event.button()
        middle = button == Qt.MouseButton.MiddleButton
        if (middle and (item is None or self.space_held)) or (
            button == Qt.MouseButton.LeftButton and (self.space_held or (item is None and not mods))
        ):
            self.panning = pos
            self.viewport().setCursor(Qt.CursorShape.ClosedHandCursor)
            return
        if middle:
            # Middle-drag moves a whole stack: Alt-drag, its twin, is taken by many Linux
            # window managers to move the window.
            self.table_scene.clearSelection()
            item.setSelected(True)
            self.pressed = (item, self.mapToScene(pos), pos)
            self.press_whole = True
            return
        if button != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        if item is None:
            self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
            super().mousePressEvent(event)
            return
        if mods & Qt.KeyboardModifier.ControlModifier:
            item.setSelected(not item.isSelected())
            return
        if not item.isSelected():
            self.table_scene.clearSelection()
            item.setSelected(True)
        self.pressed = (item, self.mapToScene(pos), pos)
        self.press_whole = False

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        self.hover = self.mapToScene(pos)
        self.pointer_on_table = True
        if self.panning is not None:
            delta = pos - self.panning
            self.panning = pos
            self.pan_by(delta)
            return
        if self.pressed is not None and self.drag is None:
            item, press, start = self.pressed
            if (pos - start).manhattanLength() >= QApplication.startDragDistance():
                self._begin_drag(item, press, event.modifiers())
        if self.drag is not None:
            global_pos = self.viewport().mapToGlobal(pos)
            self.drag.move(self.hover, global_pos)
            self._show_carried(global_pos if self.drag.in_zone else None)
            return
        if event.modifiers() & Qt.KeyboardModifier.AltModifier:
            self._magnify(pos)
        super().mouseMoveEvent(event)

    def _begin_drag(self, item: PieceItem, press: QPointF, mods: Qt.KeyboardModifier) -> None:
        if item.locked:
            self.session.message.emit(f"{item.description} is locked (L unlocks it)")
            self.pressed = None
            return
        whole = (
            bool(mods & Qt.KeyboardModifier.AltModifier)
            or self.press_whole
            or self.whole_stack_next == item.piece_id
            or (isinstance(item, StackItem) and item.on_grip(item.mapFromScene(press)))
        )
        self.whole_stack_next = None
        self.magnifier.hide()
        self.drag = PieceDrag(
            self.session, self.table_scene, self.zones, item, press, whole_stack=whole
        )

    def _show_carried(self, global_pos: QPoint | None) -> None:
        """Over the hand or the seat bar, off the view, the dragged piece is clipped
        away: a picture of it follows the cursor there (None: none is shown)."""
        if global_pos is None or self.drag is None:
            if self.carried is not None:
                self.carried.hide()
                self.carried.deleteLater()
                self.carried = None
            return
        if self.carried is None:
            item = self.drag.items[0]
            asset = item.magnified_asset() or "cards/back"
            size = self.mapFromScene(item.mapRectToScene(item.body())).boundingRect().size()
            count = len(self.drag.items)
            self.carried = CardGhost(self.magnifier.art, asset, size, self.window(), count)
        self.carried.follow(global_pos)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        pos = event.position().toPoint()
        if self.panning is not None:
            self.panning = None
            self.viewport().unsetCursor()
            return
        if self.drag is not None:
            self._show_carried(None)
            bottom = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
            drag, self.drag, self.pressed = self.drag, None, None
            drag.finish(self.mapToScene(pos), self.viewport().mapToGlobal(pos), bottom=bottom)
            return
        if self.pressed is not None:
            item, press, _ = self.pressed
            self.pressed = None
            if event.button() == Qt.MouseButton.LeftButton:
                self._click(item, item.mapFromScene(press))
            return
        super().mouseReleaseEvent(event)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)

    def _click(self, item: PieceItem, local: QPointF) -> None:
        if isinstance(item, CounterItem) and (step := item.step_at(local)):
            self.commands.step_counter(item.piece_id, step)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        item = self.item_at(event.position().toPoint())
        ids = [item.piece_id] if item is not None else []
        if isinstance(item, CounterItem):
            local = item.mapFromScene(self.mapToScene(event.position().toPoint()))
            if step := item.step_at(local):
                self.commands.step_counter(item.piece_id, step)
            else:
                self.commands.run("type-value", ids)
        elif isinstance(item, DieItem):
            self.commands.run("roll", ids)
        elif isinstance(item, BagItem):
            self.commands.run("take-from-bag", ids)
        else:
            super().mouseDoubleClickEvent(event)

    def contextMenuEvent(self, event: object) -> None:
        pos = self.mapFromGlobal(self.cursor().pos())
        if hasattr(event, "pos"):
            pos = event.pos()
        item = self.item_at(pos)
        at = self.mapToScene(pos)
        if item is None:
            menu = table_menu(self, at)
        else:
            if not item.isSelected():
                self.table_scene.clearSelection()
                item.setSelected(True)
            menu = piece_menu(self, self.targets_for(item), at)
        menu.popup(self.viewport().mapToGlobal(pos))
        self.context_menu = menu

    # ---------------------------------------------------------------- keys

    def targets_for(self, item: PieceItem | None) -> list[str]:
        """The pieces a command acts on: the selection if ``item`` is in it, else ``item``."""
        if item is None:
            return self.table_scene.selected_ids()
        if item.isSelected():
            return self.table_scene.selected_ids()
        return [item.piece_id]

    def hovered_item(self) -> PieceItem | None:
        """The piece under the cursor (None while the cursor is off the table view)."""
        if not self.pointer_on_table:
            return None
        return self.table_scene.piece_at(self.hover)

    def viewportEvent(self, event: QEvent) -> bool:
        # Off the view (over the hand, the log, a menu), the cursor points at no piece:
        # Del there must not delete the card it last passed over on the table.
        if event.type() == QEvent.Type.Leave:
            self.pointer_on_table = False
        elif isinstance(event, QEnterEvent):
            self.pointer_on_table = True
            self.hover = self.mapToScene(event.position().toPoint())
        return super().viewportEvent(event)

    def event(self, event: QEvent) -> bool:
        return claim_alt(event) or super().event(event)

    def focusOutEvent(self, event: QFocusEvent) -> None:
        # A key let go while another widget has the focus never reaches us: no Alt is held.
        self._release_alt()
        super().focusOutEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key == Qt.Key.Key_Alt:
            if any(lens.magnify_at(QCursor.pos()) for lens in self.lenses):
                self.magnifier.hide()
                return
            self._magnify(self.mapFromScene(self.hover))
            return
        if key == Qt.Key.Key_Space and not event.isAutoRepeat():
            self.space_held = True
            self.viewport().setCursor(Qt.CursorShape.OpenHandCursor)
            return
        if key == Qt.Key.Key_Escape and self.drag is not None:
            self._show_carried(None)
            self.drag.cancel()
            self.drag = self.pressed = None
            return
        mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        text = QKeySequence(event.keyCombination().key() | mods).toString()
        command = self.keys.get(text)
        if command is None:
            super().keyPressEvent(event)
            return
        if command == "draw":
            command = f"draw-{text}"
        self.run_command(command)

    def keyReleaseEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Alt:
            self._release_alt()
        elif event.key() == Qt.Key.Key_Space and not event.isAutoRepeat():
            self.space_held = False
            self.viewport().unsetCursor()
        else:
            super().keyReleaseEvent(event)

    def _release_alt(self) -> None:
        self.magnifier.hide()
        for lens in self.lenses:
            lens.hide_magnifier()

    def run_command(self, command: str, ids: Sequence[str] | None = None) -> None:
        """Run a piece command on ``ids``, or on the piece under the cursor / the selection."""
        chosen = list(ids) if ids is not None else self.targets_for(self.hovered_item())
        self.commands.run(command, chosen, self.hover)

    def _magnify(self, view_pos: QPoint) -> None:
        item = self.item_at(view_pos)
        asset = item.magnified_asset() if item is not None else None
        if asset and item is not None:
            self.magnifier.show_asset(asset, view_pos, item.rotation())
        else:
            self.magnifier.hide()

    def _arm_whole_stack(self, stack_id: str) -> None:
        self.whole_stack_next = stack_id

    # ------------------------------------------------------ from the hand bar

    def seat_plate_at(self, global_pos: QPoint) -> int | None:
        """The seat whose name plate on the felt lies under a global point."""
        local = self.viewport().mapFromGlobal(global_pos)
        if not self.viewport().rect().contains(local):
            return None
        at = self.mapToScene(local)
        seats = len(self.session.table.seats)
        return next((n for n in range(seats) if seat_plate(n, seats).contains(at)), None)

    def drop_from_hand(self, cards: Sequence[str], global_pos: QPoint, face_up: bool) -> bool:
        """Play hand cards at a global point: onto a card or stack there, or on the felt,
        several side by side around the point, in their hand order (one step to undo)."""
        local = self.viewport().mapFromGlobal(global_pos)
        if not self.viewport().rect().contains(local) or not cards:
            return False
        at = self.mapToScene(local)
        target = self.table_scene.piece_at(at)
        table = self.session.table
        if target is not None and target.kind not in ("card", "stack"):
            target = None
        step = CARD_WIDTH + HAND_PLAY_GAP
        first = at.x() - step * (len(cards) - 1) / 2

        def play() -> None:
            for index, card_id in enumerate(cards):
                x = at.x() if target is not None else first + index * step
                table.play_from_hand(card_id, (x, at.y()), face_up=face_up)
                if target is not None:
                    table.stack_onto(card_id, target.piece_id)

        # Played face up, the cards are shown to everybody, so the label may name them.
        faces = []
        for card_id in cards:
            card = table.get(card_id)
            faces.append(card.face_words if isinstance(card, CardPiece) else card.describe())
        if face_up:
            shown = ", ".join(faces)
        else:
            shown = "a card face down" if len(cards) == 1 else f"{len(cards)} cards face down"
        where = f" onto {target.description}" if target is not None else ""
        label = f"{self.session.seat_name()} plays {shown}{where}"
        return self.session.run(label, play) is not None
