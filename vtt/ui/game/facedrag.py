"""Dragging a face on the table of an enforced game: the face follows the mouse while the
legal places glow; on release, ONE thing happens: a move built card by card starts
(the face dropped on a card it may attack), or the drop is handed to the session
(``GameSession.drop``), or the face goes back where it lay.

Like the free table's :class:`vtt.ui.drag.PieceDrag`, a :class:`FaceDrag` has a start
(made by :meth:`FaceDrag.begin`), moves (:meth:`FaceDrag.move`), and a finish
(:meth:`FaceDrag.finish`) or a cancel (:meth:`FaceDrag.cancel`). It only moves items
and shows targets; the session decides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from vtt.rules.build import Target
from vtt.ui.game.board import BoardScene
from vtt.ui.game.building import MoveBuilder
from vtt.ui.game.items import FaceItem
from vtt.ui.game.painting import LIFTED_Z
from vtt.ui.game.places import Key
from vtt.ui.qt import QPoint, QPointF

#: What a drop asks the session: the component written so, onto a place (None: none),
#: from a place; True if it made a move.
Drop = Callable[[str, Key | None, Key | None], bool]


class DragSurface(Protocol):
    """What a drag needs of the view it runs in (the table's view)."""

    board: BoardScene
    builder: MoveBuilder

    def scene_point_at(self, global_pos: QPoint) -> QPointF:
        """The scene point under a global point (the table's, or the hand area's)."""

    def source(self, face: FaceItem) -> Key | None:
        """Where a face picked up is taken from, as its legal drags know it."""

    def aims(self, face: FaceItem) -> set[Target]:
        """The cards a face may be dropped on to start a move built card by card."""


class FaceDrag:
    """One drag of a face (a card or a piece) from the table or the hand area."""

    def __init__(self, surface: DragSurface, face: FaceItem, grip: QPointF) -> None:
        self.surface = surface
        self.board = surface.board
        self.face = face
        #: Where the face was held, from its corner: it keeps that point under the mouse.
        self.grip = grip

    @classmethod
    def begin(cls, surface: DragSurface, face: FaceItem, point: QPointF) -> FaceDrag:
        """Pick a face up at a scene point; the legal places for it glow."""
        drag = cls(surface, face, point - face.pos())
        board = surface.board
        face.setZValue(LIFTED_Z)
        board.lift_labels(True)
        assert face.what is not None
        drags = board.session.drags()
        shared = {place for what, place in drags.several if what == face.what}
        source = surface.source(face)
        board.show_targets(set(drags.targets_of(face.what, source)) | shared)
        board.show_build(surface.builder, surface.aims(face))
        return drag

    def move(self, global_pos: QPoint) -> None:
        """Carry the face to a global point."""
        self.face.setPos(self.surface.scene_point_at(global_pos) - self.grip)

    def finish(self, global_pos: QPoint, on_drop: Drop) -> None:
        """Drop the face at a global point: a move built on the card there, the move
        ``on_drop`` makes of it, or back it goes."""
        face, board = self.face, self.board
        self._end()
        point = self.surface.scene_point_at(global_pos)
        place = board.place_at(point)
        assert face.what is not None
        if self._build_on(board.face_at(point, skip=face)):
            self.snap_back()
            return
        key = place.key if place is not None and place.key != face.place.key else None
        if key is None and place is not None:
            self.snap_back()
            return
        if key is not None:
            board.dropped = (face.what, key)
        if not on_drop(face.what, key, face.place.key):
            board.dropped = None
            self.snap_back()

    def cancel(self) -> None:
        """Put the face back where it lay; nothing is dropped."""
        self._end()
        self.snap_back()

    def snap_back(self) -> None:
        """Put the face back where it lay."""
        self.face.setPos(self.face.home)
        self.face.setZValue(self.face.face.index)

    def _end(self) -> None:
        """The places stop glowing and the labels come down again."""
        self.board.lift_labels(False)
        self.board.show_targets(set())
        self.board.show_build(self.surface.builder)

    def _build_on(self, under: FaceItem | None) -> bool:
        """Start building a move with the face dropped on the card ``under`` (legal yet
        or not: the move under construction says why not); False when no move of the
        person's is aimed at that card with it (the drop is then a plain one)."""
        face, builder = self.face, self.surface.builder
        card, spot = face.target, under.target if under is not None else None
        if card is None or spot is None or under is None:
            return False
        drags = self.board.session.drags()
        aims = self.surface.aims(face)
        if spot not in aims and under.place.key in drags.targets_of(face.what or ""):
            return False  # a legal drop onto the place the card lies in
        if not self.board.mine(face) or not builder.can_start(card.card):
            return False
        return builder.start(spot, card.card)
