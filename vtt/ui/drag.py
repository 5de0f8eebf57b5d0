"""Dragging pieces on the table: a visual preview while the mouse moves, one model step on release.

Like orange-canvas-core's interactions, a :class:`PieceDrag` has a start
(:meth:`PieceDrag.begin`), moves, and a finish or a cancel. While it runs it
only moves items; on release it issues ONE operation (or one batch): move,
stack on top or at the bottom, put in a bag, or put into a hand. If the model
refuses, the items go back where the model says they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from vtt.table import Bag, CardPiece, Stack, Table
from vtt.ui.items import PieceItem, StackItem, make_item
from vtt.ui.qt import QPoint, QPointF
from vtt.ui.scene import TableScene
from vtt.ui.session import TableSession

#: Dragged items float above everything else.
DRAG_Z = 1e9


class HandDropZone(Protocol):
    """A widget that takes cards into a seat's hand (the hand bar, the seat bar)."""

    def hand_drop_at(self, global_pos: QPoint) -> tuple[int, int | None] | None:
        """The (seat, index in the hand) a drop at ``global_pos`` goes to, or None."""

    def show_drop_hint(self, global_pos: QPoint | None) -> None:
        """Show where a drop would land (None: hide the hint)."""


class PieceDrag:
    """One drag of a piece, a selection, or the top card of a stack."""

    def __init__(
        self,
        session: TableSession,
        scene: TableScene,
        zones: Sequence[HandDropZone],
        grabbed: PieceItem,
        press: QPointF,
        *,
        whole_stack: bool,
    ) -> None:
        self.session = session
        self.scene = scene
        self.zones = zones
        self.press = press
        self.source_stack: str | None = None
        self.ghost: PieceItem | None = None
        self.target: PieceItem | None = None
        if isinstance(grabbed, StackItem) and not whole_stack:
            self.items = [self._lift_top_card(grabbed)]
        else:
            chosen = [grabbed]
            if grabbed.isSelected():
                chosen = [i for i in scene.selectedItems() if isinstance(i, PieceItem)]
            self.items = sorted(chosen, key=lambda i: i.zValue())
        self.starts = {item: item.pos() for item in self.items}
        #: The cursor is over a hand drop zone (the hand bar, the seat bar), off the table.
        self.in_zone = False
        for n, item in enumerate(self.items):
            item.setZValue(DRAG_Z + n)

    @property
    def table(self) -> Table:
        """The session's table."""
        return self.session.table

    def _lift_top_card(self, stack_item: StackItem) -> PieceItem:
        """A stand-in item for the top card, so the drag shows the card leaving the stack."""
        stack = self.table.get(stack_item.piece_id)
        assert isinstance(stack, Stack)
        card = self.table.get(stack.top).clone()
        card.x, card.y, card.rotation, card.parent = stack.x, stack.y, stack.rotation, None
        ghost = make_item(card, self.scene.art)
        ghost.sync(card, self.table)
        self.scene.addItem(ghost)
        stack_item.lifted = 1
        stack_item.update()
        self.source_stack = stack.id
        self.ghost = ghost
        return ghost

    def moved_ids(self) -> list[str]:
        """The ids of the pieces being carried (the stack itself for a top-card drag)."""
        if self.source_stack is not None:
            return [self.source_stack]
        return [item.piece_id for item in self.items]

    # -------------------------------------------------------------- moving

    def move(self, scene_pos: QPointF, global_pos: QPoint) -> None:
        """Carry the items along and light up where they would land."""
        delta = scene_pos - self.press
        for item, start in self.starts.items():
            item.setPos(start + delta)
        in_zone = any(zone.hand_drop_at(global_pos) is not None for zone in self.zones)
        self.in_zone = in_zone
        for zone in self.zones:
            zone.show_drop_hint(global_pos if in_zone else None)
        self._set_target(None if in_zone else self._target_at(scene_pos))

    def _target_at(self, scene_pos: QPointF) -> PieceItem | None:
        skip = set(self.moved_ids()) | {i.piece_id for i in self.items}
        found = self.scene.piece_at(scene_pos, skip)
        if found is None:
            return None
        carried = [self._carried_piece(item) for item in self.items]
        if found.kind == "bag" and all(not isinstance(p, Bag) for p in carried):
            return found
        stackable = all(isinstance(p, CardPiece | Stack) for p in carried)
        if found.kind in ("card", "stack") and stackable:
            return found
        return None

    def _carried_piece(self, item: PieceItem) -> object:
        return self.table.objects.get(item.piece_id)

    def _set_target(self, target: PieceItem | None) -> None:
        if self.target is not None and self.target is not target:
            self.target.set_drop_target(False)
        self.target = target
        if target is not None:
            target.set_drop_target(True)

    # ----------------------------------------------------- finish / cancel

    def finish(self, scene_pos: QPointF, global_pos: QPoint, *, bottom: bool) -> bool:
        """Drop: make the one model step; returns True if the model accepted it."""
        if any(self._origin_id(item) not in self.table.objects for item in self.items):
            # A key or menu command removed what was being carried (Delete mid-drag).
            self.cancel()
            return False
        self.move(scene_pos, global_pos)
        target = self.target
        seat_slot = next(
            (found for zone in self.zones if (found := zone.hand_drop_at(global_pos))), None
        )
        places = {self._origin_id(item): (round(item.x()), round(item.y())) for item in self.items}
        self._clear_preview()
        ids = list(places)
        if seat_slot is not None:
            done = self._to_hand(ids, seat_slot)
        elif target is not None:
            done = self._onto(ids, places, target, bottom=bottom)
        else:
            done = self._move(places)
        if not done:
            self.scene.sync(self.moved_ids() + [i.piece_id for i in self.items])
        return done

    def cancel(self) -> None:
        """Put everything back where the model has it."""
        self._clear_preview()
        self.scene.sync(self.moved_ids())

    def _origin_id(self, item: PieceItem) -> str:
        return self.source_stack if item is self.ghost and self.source_stack else item.piece_id

    def _clear_preview(self) -> None:
        self._set_target(None)
        for zone in self.zones:
            zone.show_drop_hint(None)
        if self.ghost is not None:
            self.scene.removeItem(self.ghost)
        for item in self.items:
            piece = self.table.objects.get(item.piece_id)
            if item is not self.ghost and piece is not None:
                item.setZValue(piece.z)

    def _take(self, pid: str, place: tuple[int, int]) -> str:
        """The card to carry: the top card taken off the source stack, or the piece itself."""
        if pid == self.source_stack:
            return self.table.take(pid, 1, place)
        return pid

    def _move(self, places: dict[str, tuple[int, int]]) -> bool:
        if self.source_stack is not None:
            stack = self.source_stack
            taken = self.session.run(None, lambda: self.table.take(stack, 1, places[stack]))
            return taken is not None

        def move() -> bool:
            self.table.move(places)
            return True

        return self.session.run(None, move) is not None

    def _onto(
        self,
        ids: list[str],
        places: dict[str, tuple[int, int]],
        target: PieceItem,
        *,
        bottom: bool,
    ) -> bool:
        if target.kind == "bag":
            bag = target.piece_id

            def bag_all() -> bool:
                for pid in ids:
                    self.table.put_in_bag(self._take(pid, places[pid]), bag)
                return True

            return self.session.run(f"Put {self._noun(ids)} in the bag", bag_all) is not None

        def stack_all() -> str:
            onto = target.piece_id
            for pid in ids:
                onto = self.table.stack_onto(self._take(pid, places[pid]), onto, bottom=bottom)
            return onto

        where = "under" if bottom else "onto"
        name = self.table.get(target.piece_id).describe()
        noun = self._noun(ids)
        return self.session.run(f"Stack {noun} {where} {name}", stack_all) is not None

    def _to_hand(self, ids: list[str], slot: tuple[int, int | None]) -> bool:
        seat, index = slot

        def into_hand() -> int:
            at = index
            for pid in ids:
                piece = self.table.get(pid)
                if isinstance(piece, Stack) and pid != self.source_stack:
                    self.table.draw(pid, seat, len(piece.contents))
                    continue
                self.table.to_hand(self._take(pid, (piece.x, piece.y)), seat, at)
                at = None if at is None else at + 1
            return len(ids)

        name = self.table.seats[seat].name
        return self.session.run(f"Put {self._noun(ids)} in {name}'s hand", into_hand) is not None

    def _noun(self, ids: list[str]) -> str:
        if self.source_stack is not None:
            top = self.table.get(self.table.get(self.source_stack).top)
            return top.describe() if isinstance(top, CardPiece) and top.face_up else "a card"
        if len(ids) == 1:
            return self.table.get(ids[0]).describe()
        return f"{len(ids)} pieces"
