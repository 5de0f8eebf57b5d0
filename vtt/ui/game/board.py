"""The table of an enforced game: the free table's felt, rim, plates and view, with the
game's places on it and the hand of the seat at the screen in a hand area below.

It follows the session's frames (``GameSession.frame``): after every change the
frame is projected afresh and the items follow the difference, a place or a face that
stayed keeping its item (moved or drawn anew), so only what changed is made anew. A
move nobody at the screen made (the computer's, or the rules' own) is shown moving:
each card that arrived somewhere slides there from the place it left. The hand area
shows the hand in the order the person chose (``vtt.ui.game.handorder``); each card of
a trick wears the name of the seat that played it (``View.played``). The items are in
``vtt.ui.game.items``, their looks in ``vtt.ui.game.painting``, the views and their
mouse and keys in ``vtt.ui.game.boardview``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping

from vtt.match.frames import SeatFrame
from vtt.rules.build import Target
from vtt.rules.footprint import Footprint
from vtt.rules.sampling import pack_components
from vtt.rules.values import Component
from vtt.rules.views import View
from vtt.ui.art import Art
from vtt.ui.game.building import MoveBuilder
from vtt.ui.game.handorder import HandOrder, arrange, chosen_order, keep_order
from vtt.ui.game.items import FaceItem, HandLabel, PlaceItem
from vtt.ui.game.known import with_known_faces
from vtt.ui.game.lines import table_line_count
from vtt.ui.game.painting import LIFTED_Z, MOMENT_HOLD, measure, paint_board, paint_lines, qrect
from vtt.ui.game.places import Face, Key, Layout, Place, Screen, capacities, is_hand
from vtt.ui.game.projection import project
from vtt.ui.game.session import GameSession
from vtt.ui.qt import (
    QEasingCurve,
    QPainter,
    QPointF,
    QRectF,
    QTimer,
    QVariantAnimation,
)
from vtt.ui.scene import WORLD, FeltScene

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


def _what(face: Face) -> str | None:
    """What a face shows, as its item names it (None: a back)."""
    return str(face.component) if face.component is not None else None


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


def _shows(place: Place, what: str | None) -> bool:
    """True if ``place`` showed a face written ``what``."""
    return what is not None and any(str(face.component) == what for face in place.faces)


def _start(place: Place, what: str | None) -> tuple[float, float, float, float]:
    """Where a face written ``what`` lay in a place: its own face if it showed there,
    else the place's topmost face, else the place itself."""
    found = [f.rect for f in place.faces if what is not None and str(f.component) == what]
    return (found or [f.rect for f in place.faces] or [place.rect])[-1]


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
        #: The game's components (``pack_components``), by the setup they were counted for.
        self._made: tuple[object, Counter[Component]] = (None, Counter())
        self._before: tuple[int, int, Layout] | None = None
        #: The moments of the last move still to show, each a frame, the last the session's.
        self._moments: list[SeatFrame] = []
        self._moment_timer = QTimer(self)
        self._moment_timer.setSingleShot(True)
        self._moment_timer.timeout.connect(self._next_moment)
        #: The order the hand area shows the hand in, kept per game (``handorder``).
        self.hand_order = chosen_order(session.game.id)
        #: The window's room for the table: the felt takes its shape, the hands its width.
        self.screen = Screen()
        #: What the felt was drawn from last (``_backdrop_of``).
        self._backdrop: tuple[object, ...] = ()
        self.setSceneRect(WORLD)
        session.picks_changed.connect(self.mark_picks)

    def _backdrop_of(self, layout: Layout, world: QRectF) -> tuple[object, ...]:
        """Everything ``drawBackground`` draws from: the felt, the plates, the boards
        and the lines written on the table (the felt is drawn again when it changes)."""
        session = self.session
        return (
            layout.felt,
            layout.letters,
            tuple(layout.plates),
            tuple(layout.grids),
            layout.lines,
            tuple(self.written.items()),
            session.names,
            session.colours,
            world.getRect(),
        )

    def plates(self) -> list[tuple[QRectF, str, str]]:
        names, colours = self.session.names, self.session.colours
        return [(qrect(rect), names[seat], colours[seat]) for seat, rect in self.layout.plates]

    def paint_on_felt(self, painter: QPainter) -> None:
        for grid in self.layout.grids:
            zone = grid.key[0] if grid.key else ""
            image = self.art.board_asset(str(zone)) if not grid.beyond else None
            paint_board(painter, grid, self.art if image else None, image)
        strip = self.layout.lines
        if strip is not None and self.written:
            paint_lines(painter, qrect(strip), list(self.written.values()))

    def capacity(self) -> dict[Key, int]:
        """How many faces each place held at the start: its room on the table."""
        session = self.session
        if self._capacity[0] is not session.setup:
            first = session.view(session.first_frame())
            self._capacity = (session.setup, capacities(session.game.zones, first))
        return self._capacity[1]

    def _known_faces(self, view: View) -> View:
        """``with_known_faces``, the game's components counted once a game."""
        session = self.session
        game = view.game
        if game is None or not game.lacks:
            return view
        if self._made[0] is not session.setup:
            self._made = (session.setup, pack_components(view))
        return with_known_faces(view, self._made[1])

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
            self._draw(self.session.frame, None, final=True)

    def rebuild(self) -> None:
        """Show the session's frame (its items follow the difference: ``_show_items``).
        After a move, with sliding on, the moments of its aftermath (``Match.beats``)
        come first, one after another, each sliding from the one before."""
        self._moment_timer.stop()
        session = self.session
        made = len(session.frame.history)
        before = self._before
        frame = session.frame
        if (
            before is None
            or before[0] + 1 != made
            or before[1] != session.viewer
            or self.slide_ms <= 0
        ):
            self._moments = []
            self._draw(frame, None, final=True)
            return
        moments = self._shown_moments(before[2], frame)
        self._moments = [*moments[1:], frame] if moments else []
        self._draw(moments[0] if moments else frame, before[2], final=not moments)
        if moments:
            self._moment_timer.start(self.moment_ms())

    def finish_moments(self) -> None:
        """Show the frame itself at once, skipping the moments of the last move still to
        come (a person acts, or the table is handed on as it lies)."""
        if self._moments:
            self._moment_timer.stop()
            frame, self._moments = self._moments[-1], []
            self._draw(frame, None, final=True)

    def moment_ms(self) -> int:
        """How long one moment of a move stays: its slide and a look at it."""
        return int(self.slide_ms * (1 + MOMENT_HOLD))

    def busy_ms(self) -> int:
        """How long the moments of the last move still take to show, the frame's own
        slide at the end included (0: none left)."""
        left = len(self._moments)
        if not left:
            return 0
        waiting = self._moment_timer.remainingTime()
        return max(0, waiting) + (left - 1) * self.moment_ms() + self.slide_ms

    def _next_moment(self) -> None:
        if not self._moments:
            return
        frame, *self._moments = self._moments
        self._draw(frame, self.layout, final=not self._moments, foot=False)
        if self._moments:
            self._moment_timer.start(self.moment_ms())

    def _shown_moments(self, before: Layout, final: SeatFrame) -> list[SeatFrame]:
        """The views of the last move's moments worth a look: each showing something
        else than the one before it (the table before the move first) and than the end."""
        session = self.session
        zones, cards, room = session.shown_zones(), session.uses_cards, self.capacity()

        def shows(frame: SeatFrame) -> dict[Key, Held]:
            # What each place holds, not where: the letters' size does not matter here.
            view = session.view(frame)
            layout = project(zones, view, cards, capacity=room, measure=measure, letters=1.0)
            return _holds(layout, hands)

        hands = self.hand_zones()
        last, end = _holds(before, hands), shows(final)
        found: list[SeatFrame] = []
        for beat in session.beats():
            held = shows(beat)
            if held != last and held != end:
                found.append(beat)
                last = held
        return found

    def _draw(
        self, frame: SeatFrame, slide_from: Layout | None, final: bool, foot: bool = True
    ) -> None:
        """Lay the table out for ``frame`` (the seat on view's, or a moment's); slide the
        faces that arrived from where they were in ``slide_from``, the move's own
        component by its footprint (``foot``). The ``final`` drawing (the frame's own)
        marks the last move and takes its place as the table before the next move."""
        for slide in self.slides:
            slide.stop()
        self.slides.clear()
        session = self.session
        cards = session.uses_cards
        zones = session.shown_zones()
        game = session.game
        # Another seat's hand the viewer knows card by card (a face-up draft) shows so.
        view = self._known_faces(session.view(frame))
        self.written = {line.var: line.text for line in frame.table_lines}
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
        self.felt = qrect(layout.felt)
        self.plate_letters = layout.letters
        made = len(session.frame.history)
        recent = self._recent(made) if final else frozenset()
        marked: dict[Key, list[int]] = {}
        for key, seat, _name in layout.markers:
            marked.setdefault(key, []).append(seat)
        self._show_items(layout, marked, view.played, recent)
        world = QRectF(WORLD)
        if layout.hand is not None:
            world = world.united(qrect(layout.hand))
        self.setSceneRect(world)
        backdrop = self._backdrop_of(layout, world)
        if backdrop != self._backdrop:  # else the felt is drawn as it was
            self._backdrop = backdrop
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

    def _show_items(
        self,
        layout: Layout,
        marked: Mapping[Key, list[int]],
        played: Mapping[Key, tuple[int | None, ...]],
        recent: frozenset[Key],
    ) -> None:
        """Make the items show ``layout``, keeping those already there: a place keeps
        its item; a face that stayed where it was keeps its item, one that moved or
        turned takes an item left over, and only what is left over after that is
        removed or made anew. Nothing is rebuilt after a move but what changed."""
        session, colours, cards = self.session, self.session.colours, self.session.uses_cards
        for label in self.hand_labels:
            self.removeItem(label)
        self.hand_labels.clear()
        old_places, self.places = self.places, {}
        for key, place in layout.places.items():
            name = self._name(place)
            lines = (f"{session.names[place.owner]}'s {place.label}",) if place.in_hand else ()
            item = old_places.pop(key, None)
            if item is None:
                item = PlaceItem(place, marked.get(key, []), name, colours, lines)
                self.addItem(item)
            else:
                item.show_place(place, marked.get(key, []), name, colours, lines)
            item.recent = key in recent
            self.places[key] = item
            if place.in_hand:
                label = HandLabel(item)
                self.addItem(label)
                self.hand_labels.append(label)
        for item in old_places.values():
            self.removeItem(item)
        # The faces: where they lay (the same place, index and face), then by what they
        # show (a card that moved), then any face left over (a card turned over).
        wanted = [(place, face) for place in layout.places.values() for face in place.faces]
        lying = {(f.place.key, f.face.index, f.what): f for f in self.faces}
        found: list[FaceItem | None] = [
            lying.pop((place.key, face.index, _what(face)), None) for place, face in wanted
        ]
        by_what: dict[str | None, list[FaceItem]] = {}
        for item in lying.values():
            by_what.setdefault(item.what, []).append(item)
        for index, (_, face) in enumerate(wanted):
            if found[index] is None and by_what.get(_what(face)):
                found[index] = by_what[_what(face)].pop()
        spare = [item for items in by_what.values() for item in items]
        self.faces = []
        for (place, face), kept in zip(wanted, found, strict=True):
            item = kept or (spare.pop() if spare else None)
            if item is None:
                item = FaceItem(face, place, self.art, cards, colours)
                self.addItem(item)
            else:
                item.show_face(face, place)
            players = played.get(place.key, ())
            player = players[face.index] if face.index < len(players) else None
            if player is not None and face.component is not None:
                plate = _foot_shows(place, face)
                item.set_player(session.names[player], colours[player], plate)
            self.faces.append(item)
        for item in spare:
            self.removeItem(item)

    def hand_zones(self) -> frozenset[str]:
        """The zones of the game that are the seats' hands (shown in the hand area)."""
        return frozenset(name for name, zone in self.session.game.zones.items() if is_hand(zone))

    def order_hand(self, order: HandOrder) -> None:
        """Show the hand in ``order`` from now on, in every game of this pack."""
        self.hand_order = order
        keep_order(self.session.game.id, order)
        self.finish_moments()
        self._draw(self.session.frame, None, final=True)
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
        mover = session.frame.to_move if session.human_to_move() else None
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
        undone = made < made_before and not self.session.replaying
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
        before = session.frame_before()
        if before is None:
            return {}
        view = session.view(before)
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
        return owner is None or owner == self.session.frame.to_move

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
