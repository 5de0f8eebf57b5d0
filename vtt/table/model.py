"""The free-form table: pieces, seats, and the operations people do with them.

Every operation is one undoable step. Operations compose: inside
``with table.batch("Deal and flip"):`` any number of them become a single step,
which is how one drag of several pieces is undone at once. An operation that
cannot be done raises :class:`TableError` and leaves the table as it was.

Observers subscribe with :meth:`Table.subscribe` and receive a :class:`Change`
naming the pieces that changed after every step, undo and redo.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from vtt.table.history import History, Step
from vtt.table.marks import Mark
from vtt.table.pieces import (
    Bag,
    CardPiece,
    Container,
    Counter,
    Die,
    Hand,
    Piece,
    Stack,
)
from vtt.table.seats import MAX_SEATS, MIN_SEATS, Seat, default_seats

Point = tuple[float, float]
_P = TypeVar("_P", bound=Piece)
#: A seat's colour as the save file and the window write it.
_HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class TableError(ValueError):
    """An operation the table cannot do, with the reason in words."""


@dataclass(frozen=True, slots=True)
class Change:
    """What one step, undo or redo changed: piece ids, and whether the seats changed."""

    ids: frozenset[str]
    seats: bool = False
    label: str = ""


Listener = Callable[[Change], None]


@dataclass(slots=True)
class _Edit:
    label: str
    before: dict[str, Piece | None] = field(default_factory=dict)
    seats_before: tuple[Seat, ...] | None = None
    #: Record the step even if nothing changed (a roll that lands on the same face).
    always: bool = False


class Table:
    """A table of pieces and seats with an undo history."""

    def __init__(self, seats: Sequence[Seat] | int = 2, *, seed: int = 0) -> None:
        self.objects: dict[str, Piece] = {}
        #: Places printed on the felt (a game's board), drawn under the pieces.
        self.marks: tuple[Mark, ...] = ()
        self.seed = seed
        #: How many random draws have been made; never undone, so that a shuffle
        #: after an undone shuffle gives a new order.
        self.draws = 0
        self.next_id = 1
        self.next_z = 1
        self.history = History()
        self._seats: tuple[Seat, ...] = ()
        #: The layout's pieces for each seat (``per_seat`` of a pack's ``table:``), kept so
        #: that a seat joining later gets its own (see :func:`vtt.table.layout.add_seat`).
        self.per_seat: list[dict[str, Any]] = []
        self._edit: _Edit | None = None
        self._listeners: list[Listener] = []
        chosen = default_seats(seats) if isinstance(seats, int) else tuple(seats)
        self._check_seat_count(len(chosen))
        self._seats = chosen
        for index in range(len(chosen)):
            self.objects[hand_id(index)] = Hand(hand_id(index), owner=index)

    # ----------------------------------------------------------------- queries

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats, in order."""
        return self._seats

    def get(self, piece_id: str) -> Piece:
        """The piece with this id."""
        try:
            return self.objects[piece_id]
        except KeyError:
            raise TableError(f"there is no piece {piece_id!r} on this table") from None

    def hand(self, seat: int) -> Hand:
        """The hand of a seat."""
        piece = self.objects.get(hand_id(seat))
        if not isinstance(piece, Hand):
            raise TableError(f"there is no seat {seat + 1}")
        return piece

    def on_table(self) -> list[Piece]:
        """Pieces lying loose on the table (not in a container, not hands), bottom first."""
        loose = [p for p in self.objects.values() if p.parent is None and not isinstance(p, Hand)]
        return sorted(loose, key=lambda p: p.z)

    def cards(self) -> list[CardPiece]:
        """Every card, wherever it is."""
        return [p for p in self.objects.values() if isinstance(p, CardPiece)]

    def visible_face(self, piece_id: str, seat: int | None) -> str | None:
        """What ``seat`` sees of a card's face, or None if it sees only the back.

        ``seat`` None is a spectator. A hand's cards show only to its owner; a
        stack shows only its top card, and only when that card is face up; a
        bag hides everything.
        """
        piece = self.get(piece_id)
        if not isinstance(piece, CardPiece):
            return None
        if piece.parent is None:
            return piece.face if piece.face_up else None
        holder = self.objects[piece.parent]
        if isinstance(holder, Hand):
            return piece.face if seat is not None and seat == holder.owner else None
        if isinstance(holder, Stack):
            return piece.face if piece.face_up and holder.top == piece.id else None
        return None

    def view(self, seat: int | None) -> dict[str, str | None]:
        """For every card, the face ``seat`` sees (None where it sees a back)."""
        return {card.id: self.visible_face(card.id, seat) for card in self.cards()}

    def __eq__(self, other: object) -> bool:
        """Equal tables have the same seats, the same pieces in the same state, and seed.

        The running counters (random draws made, the next id and height) are
        bookkeeping: undo does not turn them back, so that a shuffle after an
        undone shuffle gives a new order. :meth:`counters` compares them.
        """
        if not isinstance(other, Table):
            return NotImplemented
        return (
            self._seats == other._seats
            and self.objects == other.objects
            and self.marks == other.marks
            and self.seed == other.seed
        )

    def adopt(self, other: Table) -> Change:
        """Take on another table's pieces, seats and marks (a host's frame of a shared
        table), forgetting this one's history; observers hear of every piece that differs."""
        ids = {
            pid
            for pid in self.objects.keys() | other.objects.keys()
            if self.objects.get(pid) != other.objects.get(pid)
        }
        change = Change(frozenset(ids), self._seats != other._seats or self.marks != other.marks)
        self.objects = dict(other.objects)
        self._seats, self.marks = other._seats, other.marks
        self.next_id, self.next_z = other.next_id, other.next_z
        self.history.clear()
        if change.ids or change.seats:
            self._notify(change)
        return change

    def counters(self) -> tuple[int, int, int]:
        """The bookkeeping that goes on running: random draws, next id, next height."""
        return (self.draws, self.next_id, self.next_z)

    __hash__ = None  # type: ignore[assignment]

    # --------------------------------------------------------------- observers

    def subscribe(self, listener: Listener) -> None:
        """Call ``listener`` with a :class:`Change` after every step, undo and redo."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        """Stop calling ``listener``."""
        self._listeners.remove(listener)

    def _notify(self, change: Change) -> None:
        for listener in list(self._listeners):
            listener(change)

    # ------------------------------------------------------- steps and history

    @contextmanager
    def batch(self, label: str) -> Iterator[None]:
        """Make every operation inside one undoable step called ``label`` (an empty
        label: the first operation's own).

        If anything inside raises, the table is restored and the error passes on.
        """
        if self._edit is not None:
            self._edit.label = self._edit.label or label
            yield
            return
        edit = _Edit(label)
        self._edit = edit
        try:
            yield
        except BaseException:
            self._edit = None
            self._restore(edit.before, edit.seats_before)
            raise
        self._edit = None
        self._commit(edit)

    def undo(self) -> str | None:
        """Undo the last step; returns its label, or None if there was nothing to undo."""
        step = self.history.pop_undo()
        if step is None:
            return None
        self._restore(step.before, step.seats_before)
        self._notify(Change(frozenset(step.before), step.seats_before is not None, step.label))
        return step.label

    def redo(self) -> str | None:
        """Redo the last undone step; returns its label, or None."""
        step = self.history.pop_redo()
        if step is None:
            return None
        self._restore(step.after, step.seats_after)
        self._notify(Change(frozenset(step.after), step.seats_after is not None, step.label))
        return step.label

    def _commit(self, edit: _Edit) -> None:
        after = {
            pid: (self.objects[pid].clone() if pid in self.objects else None) for pid in edit.before
        }
        changed = {pid for pid in edit.before if edit.always or edit.before[pid] != after[pid]}
        seats_changed = edit.seats_before is not None and edit.seats_before != self._seats
        if not changed and not seats_changed:
            return
        step = Step(
            edit.label,
            {pid: edit.before[pid] for pid in changed},
            {pid: after[pid] for pid in changed},
            edit.seats_before if seats_changed else None,
            self._seats if seats_changed else None,
        )
        self.history.record(step)
        self._notify(Change(frozenset(changed), seats_changed, edit.label))

    def _restore(
        self, snapshots: Mapping[str, Piece | None], seats: tuple[Seat, ...] | None
    ) -> None:
        for pid, snapshot in snapshots.items():
            if snapshot is None:
                self.objects.pop(pid, None)
            else:
                self.objects[pid] = snapshot.clone()
        if seats is not None:
            self._seats = seats

    def _touch(self, piece_id: str) -> Piece:
        """The live piece, remembered as it was before this step's first change."""
        edit = self._current_edit()
        piece = self.get(piece_id)
        if piece_id not in edit.before:
            edit.before[piece_id] = piece.clone()
        return piece

    def _add(self, piece: Piece) -> Piece:
        edit = self._current_edit()
        if piece.id in self.objects:
            raise TableError(f"there is already a piece {piece.id!r}")
        edit.before.setdefault(piece.id, None)
        self.objects[piece.id] = piece
        return piece

    def _remove(self, piece_id: str) -> Piece:
        piece = self._touch(piece_id)
        del self.objects[piece_id]
        return piece

    def _current_edit(self) -> _Edit:
        if self._edit is None:
            raise RuntimeError("table changes must happen inside Table.batch()")
        return self._edit

    def _new_id(self, kind: str) -> str:
        while True:
            candidate = f"{kind}-{self.next_id}"
            self.next_id += 1
            if candidate not in self.objects:
                return candidate

    def _raise_z(self, piece: Piece) -> None:
        if piece.KIND == "board":  # a board stays under everything
            piece.z = -1
            return
        piece.z = self.next_z
        self.next_z += 1

    def _rng(self) -> random.Random:
        """A generator for the next random draw: the same seed gives the same game."""
        rng = random.Random(f"{self.seed}:{self.draws}")
        self.draws += 1
        return rng

    # ---------------------------------------------------------------- checks

    def _loose(self, piece_id: str, action: str, *, locked_ok: bool = False) -> Piece:
        """A piece lying on the table that may be changed, or a TableError saying why not.

        ``locked_ok`` allows a locked piece: a locked deck stays in place, but
        cards can still be drawn from it.
        """
        piece = self.get(piece_id)
        if isinstance(piece, Hand):
            raise TableError(f"cannot {action} a hand")
        if piece.parent is not None:
            raise TableError(f"cannot {action} {piece.describe()}: it is inside another piece")
        if piece.locked and not locked_ok:
            raise TableError(f"cannot {action} {piece.describe()}: it is locked")
        return piece

    def _of_kind(self, piece_id: str, kind: type[_P], action: str) -> _P:
        piece = self.get(piece_id)
        if not isinstance(piece, kind):
            raise TableError(f"cannot {action} {piece.describe()}: it is not a {kind.KIND}")
        return piece

    # ------------------------------------------------------------ operations

    def add(self, piece: Piece, *, label: str | None = None) -> str:
        """Put a new piece on the table (or into its ``parent``); returns its id."""
        if not piece.id:
            piece.id = self._new_id(piece.KIND)
        with self.batch(label or f"Add {piece.describe()}"):
            self._add(piece)
            if piece.parent is not None:
                holder = self._touch(piece.parent)
                if not isinstance(holder, Container):
                    raise TableError(f"{holder.describe()} cannot hold pieces")
                holder.contents.append(piece.id)
            else:
                self._raise_z(piece)
        return piece.id

    def move(self, positions: Mapping[str, Point], *, label: str | None = None) -> None:
        """Move loose pieces to new centres, bringing them to the front."""
        name = label or _label_for("Move", [self.get(pid) for pid in positions])
        with self.batch(name):
            for pid in sorted(positions, key=lambda p: self.get(p).z):
                piece = self._loose(pid, "move")
                self._touch(pid)
                piece.x, piece.y = positions[pid]
                self._raise_z(piece)

    def flip(self, piece_id: str) -> None:
        """Turn a card over, or a whole stack (which also reverses its order)."""
        piece = self._loose(piece_id, "flip")
        with self.batch(f"Flip {piece.describe()}"):
            if isinstance(piece, CardPiece):
                self._touch(piece_id)
                piece.face_up = not piece.face_up
            elif isinstance(piece, Stack):
                self._touch(piece_id)
                piece.contents.reverse()
                for cid in piece.contents:
                    card = self._touch(cid)
                    card.face_up = not card.face_up
            else:
                raise TableError(f"cannot flip {piece.describe()}: only cards and stacks flip")

    def rotate(self, piece_id: str, degrees: float) -> None:
        """Turn a piece by ``degrees`` (clockwise, any angle)."""
        piece = self._loose(piece_id, "rotate")
        with self.batch(f"Rotate {piece.describe()}"):
            self._touch(piece_id)
            piece.rotation = (piece.rotation + degrees) % 360.0

    def lock(self, piece_id: str, locked: bool = True) -> None:
        """Lock a piece in place (or unlock it); a locked piece cannot be changed."""
        piece = self.get(piece_id)
        with self.batch(f"{'Lock' if locked else 'Unlock'} {piece.describe()}"):
            self._touch(piece_id)
            piece.locked = locked

    def stack_onto(self, source_id: str, target_id: str, *, bottom: bool = False) -> str:
        """Put a loose card or stack on top of (or under) a card or stack; returns the stack id."""
        source = self._loose(source_id, "stack")
        target = self.get(target_id)
        if source_id == target_id:
            raise TableError("cannot stack a piece onto itself")
        if not isinstance(source, CardPiece | Stack):
            raise TableError(f"only cards and stacks can be stacked, not {source.describe()}")
        if not isinstance(target, CardPiece | Stack) or target.parent is not None:
            raise TableError(
                f"cannot stack onto {target.describe()}: it is not a loose card or stack"
            )
        where = "under" if bottom else "onto"
        with self.batch(f"Stack {source.describe()} {where} {target.describe()}"):
            stack = self._as_stack(target)
            moving = [source_id] if isinstance(source, CardPiece) else list(source.contents)
            if isinstance(source, Stack):
                self._remove(source_id)
            for cid in moving:
                self._touch(cid).parent = stack.id
            if bottom:
                stack.contents[0:0] = moving
            else:
                stack.contents.extend(moving)
            self._raise_z(stack)
            return stack.id

    def _as_stack(self, target: CardPiece | Stack) -> Stack:
        """The target stack, or a new stack made where the target card lies."""
        if isinstance(target, Stack):
            self._touch(target.id)
            return target
        stack = Stack(
            self._new_id("stack"),
            x=target.x,
            y=target.y,
            rotation=target.rotation,
            z=target.z,
            locked=target.locked,
        )
        self._add(stack)
        card = self._touch(target.id)
        # The stack holds the lock now: a card that kept its own would be known again
        # wherever it came out, face down, after a shuffle.
        card.parent, card.locked = stack.id, False
        stack.contents.append(target.id)
        return stack

    def take(
        self,
        stack_id: str,
        count: int = 1,
        to: Point | None = None,
        *,
        from_bottom: bool = False,
    ) -> str:
        """Take ``count`` cards off a stack (top, or bottom) as a card or a new stack.

        Returns the id of what was taken. Taking every card moves the stack itself.
        """
        stack = self._of_kind(stack_id, Stack, "take from")
        self._loose(stack_id, "take from", locked_ok=True)
        if not 1 <= count <= len(stack.contents):
            raise TableError(f"cannot take {count} cards from a stack of {len(stack.contents)}")
        place = to if to is not None else (stack.x + 30.0, stack.y + 30.0)
        noun = "card" if count == 1 else f"{count} cards"
        with self.batch(f"Take {noun} from {stack.describe()}"):
            if count == len(stack.contents) and not stack.locked:
                self.move({stack_id: place})
                return stack_id
            taken = self._pop_cards(stack, count, from_bottom=from_bottom)
            return self._lay_down(taken, place, rotation=stack.rotation)

    def _pop_cards(self, stack: Stack, count: int, *, from_bottom: bool = False) -> list[str]:
        """Remove ``count`` cards from a stack; returned bottom to top. Settles the stack."""
        self._touch(stack.id)
        if from_bottom:
            taken, stack.contents[:count] = stack.contents[:count], []
        else:
            taken = stack.contents[len(stack.contents) - count :]
            del stack.contents[len(stack.contents) - count :]
        for cid in taken:
            self._touch(cid).parent = None
        self._settle(stack)
        return taken

    def _settle(self, stack: Stack) -> None:
        """A stack of one card becomes that card; an empty stack disappears."""
        if len(stack.contents) > 1:
            return
        if stack.contents:
            last = self._touch(stack.contents[0])
            last.parent = None
            last.x, last.y, last.rotation, last.z = stack.x, stack.y, stack.rotation, stack.z
            last.locked = stack.locked
        self._remove(stack.id)

    def _lay_down(self, cards: list[str], place: Point, *, rotation: float = 0.0) -> str:
        """Put cards (bottom to top) loose at ``place``: one card, or a new stack."""
        if len(cards) == 1:
            card = self._touch(cards[0])
            card.x, card.y, card.rotation = place[0], place[1], rotation
            self._raise_z(card)
            return card.id
        stack = Stack(self._new_id("stack"), x=place[0], y=place[1], rotation=rotation)
        self._add(stack)
        for cid in cards:
            self._touch(cid).parent = stack.id
        stack.contents.extend(cards)
        self._raise_z(stack)
        return stack.id

    def _draw_cards(self, source_id: str, count: int) -> list[str]:
        """Up to ``count`` cards off the top of a stack or a lone card, top card first."""
        source = self._loose(source_id, "draw from", locked_ok=True)
        if isinstance(source, CardPiece):
            self._touch(source_id)
            return [source_id] if count > 0 else []
        if not isinstance(source, Stack):
            raise TableError(f"cannot draw from {source.describe()}: it is not a stack")
        taken = self._pop_cards(source, min(count, len(source.contents)))
        taken.reverse()
        return taken

    def shuffle(self, piece_id: str) -> None:
        """Shuffle a stack or a hand into a random order (recorded, so undo and redo are exact)."""
        piece = self.get(piece_id)
        if not isinstance(piece, Stack | Hand):
            raise TableError(f"cannot shuffle {piece.describe()}: only stacks and hands shuffle")
        if isinstance(piece, Stack):
            self._loose(piece_id, "shuffle")
        with self.batch(f"Shuffle {piece.describe()}"):
            self._touch(piece_id)
            self._rng().shuffle(piece.contents)

    def deal(self, source_id: str, count: int, seats: Sequence[int] | None = None) -> int:
        """Deal ``count`` cards to each seat's hand, one at a time in seat order.

        Stops early when the cards run out; returns how many cards were dealt.
        """
        order = list(range(len(self._seats))) if seats is None else list(seats)
        for seat in order:
            self.hand(seat)
        with self.batch(f"Deal {count} to {len(order)} seats"):
            cards = self._draw_cards(source_id, count * len(order))
            for index, cid in enumerate(cards):
                self._into_hand(cid, order[index % len(order)])
            return len(cards)

    def draw(self, source_id: str, seat: int, count: int = 1) -> list[str]:
        """Draw ``count`` cards (as far as they go) from a stack into a seat's hand."""
        self.hand(seat)
        with self.batch(f"{self._seats[seat].name} draws {count}"):
            cards = self._draw_cards(source_id, count)
            for cid in cards:
                self._into_hand(cid, seat)
            return cards

    def _into_hand(self, card_id: str, seat: int, index: int | None = None) -> None:
        hand = self.hand(seat)
        self._touch(hand.id)
        card = self._touch(card_id)
        card.parent, card.locked = hand.id, False  # see _as_stack: no card keeps a mark
        hand.contents.insert(len(hand.contents) if index is None else index, card_id)

    def to_hand(self, card_id: str, seat: int, index: int | None = None) -> None:
        """Put a loose card, or a card from another hand, into a seat's hand."""
        card = self._of_kind(card_id, CardPiece, "take into a hand")
        with self.batch(f"Put {card.describe()} in {self._seats[seat].name}'s hand"):
            if card.parent is not None:
                holder = self.objects[card.parent]
                if not isinstance(holder, Hand):
                    raise TableError(f"{card.describe()} is inside {holder.describe()}")
                self._touch(holder.id)
                holder.contents.remove(card_id)
            else:
                self._loose(card_id, "take into a hand")
            self._into_hand(card_id, seat, index)

    def play_from_hand(self, card_id: str, to: Point, *, face_up: bool = True) -> None:
        """Put a card from a hand on the table at ``to``, face up unless told otherwise."""
        card = self._of_kind(card_id, CardPiece, "play")
        holder = self.objects.get(card.parent or "")
        if not isinstance(holder, Hand):
            raise TableError(f"cannot play {card.describe()}: it is not in a hand")
        shown = card.face_words if face_up else "a card face down"
        with self.batch(f"{self._seats[holder.owner or 0].name} plays {shown}"):
            self._touch(holder.id)
            holder.contents.remove(card_id)
            self._touch(card_id)
            card.parent, card.face_up, card.rotation = None, face_up, 0.0
            card.x, card.y = to
            self._raise_z(card)

    def reorder_hand(self, seat: int, order: Sequence[str]) -> None:
        """Arrange a hand's cards in a new order (the same cards)."""
        hand = self.hand(seat)
        if sorted(order) != sorted(hand.contents):
            raise TableError("a new hand order must hold exactly the hand's cards")
        with self.batch(f"Arrange {self._seats[seat].name}'s hand"):
            self._touch(hand.id)
            hand.contents[:] = order

    def roll(self, die_id: str, *, reroll_joker: bool = False) -> str:
        """Roll a die; returns the face it lands on.

        With ``reroll_joker``, a pip die landing on the Joker rolls again for a
        suit and is marked ``reversed``: that suit plays under Joker rules.
        """
        die = self._of_kind(die_id, Die, "roll")
        self._loose(die_id, "roll")
        with self.batch(f"Roll {die.label or 'die'}"):
            self._touch(die_id)
            self._current_edit().always = True  # a roll is an action even when the face repeats
            rng = self._rng()
            die.value, die.reversed = rng.randrange(len(die.faces)), False
            if reroll_joker and die.shown == "Jk":
                self._reroll(die, rng)
            return die.shown

    def reroll_joker(self, die_id: str) -> str:
        """Roll a die that shows the Joker again for a suit, marking the reversal."""
        die = self._of_kind(die_id, Die, "re-roll")
        self._loose(die_id, "re-roll")
        if die.shown != "Jk":
            raise TableError(f"{die.describe()} does not show the Joker")
        with self.batch(f"Re-roll the Joker on {die.label or 'the die'}"):
            self._touch(die_id)
            self._reroll(die, self._rng())
            return die.shown

    @staticmethod
    def _reroll(die: Die, rng: random.Random) -> None:
        suits = [i for i, face in enumerate(die.faces) if face != "Jk"]
        die.value, die.reversed = rng.choice(suits), True

    def turn_die(self, die_id: str, value: int) -> None:
        """Set a die to a chosen face (to show a suit, or count points)."""
        die = self._of_kind(die_id, Die, "turn")
        self._loose(die_id, "turn")
        if not 0 <= value < len(die.faces):
            raise TableError(f"{die.describe()} has no face {value}")
        with self.batch(f"Turn {die.label or 'die'} to {die.faces[value]}"):
            self._touch(die_id)
            die.value, die.reversed = value, False

    def set_counter(self, counter_id: str, value: int) -> None:
        """Set a counter to a value."""
        counter = self._of_kind(counter_id, Counter, "set")
        with self.batch(f"Set {counter.label or 'counter'} to {value}"):
            self._touch(counter_id)
            counter.value = value

    def put_in_bag(self, piece_id: str, bag_id: str) -> None:
        """Drop a loose piece into a bag."""
        bag = self._of_kind(bag_id, Bag, "put into")
        piece = self._loose(piece_id, "put in a bag")
        if isinstance(piece, Bag):
            raise TableError("a bag cannot go into a bag")
        with self.batch(f"Put {piece.describe()} in {bag.describe()}"):
            self._touch(piece_id).parent = bag_id
            self._touch(bag_id)
            bag.contents.append(piece_id)

    def take_from_bag(self, bag_id: str, to: Point | None = None) -> str:
        """Take one piece out of a bag at random; returns its id."""
        bag = self._of_kind(bag_id, Bag, "take from")
        if not bag.contents:
            raise TableError(f"{bag.describe()} is empty")
        with self.batch(f"Take from {bag.describe()}"):
            self._touch(bag_id)
            pid = bag.contents.pop(self._rng().randrange(len(bag.contents)))
            piece = self._touch(pid)
            # Out at random, it lies straight: as it went in, it would be told apart.
            piece.parent, piece.rotation = None, 0.0
            piece.x, piece.y = to if to is not None else (bag.x + 90.0, bag.y)
            self._raise_z(piece)
            return pid

    def delete(self, piece_id: str) -> None:
        """Remove a loose piece and everything in it from the table."""
        piece = self._loose(piece_id, "delete")
        with self.batch(f"Delete {piece.describe()}"):
            self._delete_tree(piece_id)

    def _delete_tree(self, piece_id: str) -> None:
        piece = self._remove(piece_id)
        if isinstance(piece, Container):
            for cid in piece.contents:
                self._delete_tree(cid)

    def clone(self, piece_id: str, offset: Point = (30.0, 30.0)) -> str:
        """Copy a loose piece (a stack with all its cards); returns the copy's id."""
        piece = self._loose(piece_id, "copy")
        with self.batch(f"Copy {piece.describe()}"):
            twin = self._clone_tree(piece, None)
            twin.x, twin.y = piece.x + offset[0], piece.y + offset[1]
            self._raise_z(twin)
            return twin.id

    def _clone_tree(self, piece: Piece, parent: str | None) -> Piece:
        twin = piece.clone()
        twin.id, twin.parent = self._new_id(piece.KIND), parent
        self._add(twin)
        if isinstance(twin, Container):
            twin.contents = [
                self._clone_tree(self.objects[cid], twin.id).id for cid in twin.contents
            ]
        return twin

    # ----------------------------------------------------------------- seats

    def set_seats(self, seats: Sequence[Seat]) -> None:
        """Change the seats (names, colours, how many); a seat leaving must have an empty hand."""
        new = tuple(seats)
        self._check_seat_count(len(new))
        for index in range(len(new), len(self._seats)):
            left = self.hand(index)
            if left.contents:
                raise TableError(
                    f"{self._seats[index].name} still holds {len(left.contents)} cards: "
                    "put them on the table before the seat leaves"
                )
        with self.batch("Change seats"):
            edit = self._current_edit()
            if edit.seats_before is None:
                edit.seats_before = self._seats
            for index in range(len(new), len(self._seats)):
                self._remove(hand_id(index))
            for index in range(len(self._seats), len(new)):
                self._add(Hand(hand_id(index), owner=index))
            self._seats = new

    def rename_seat(self, seat: int, name: str) -> None:
        """Give a seat a new name; its own pieces' labels ("Score (Ben)") take it too."""
        self.hand(seat)  # a TableError for a seat that does not exist
        seats = list(self._seats)
        old = f" ({seats[seat].name})"
        seats[seat] = Seat(name, seats[seat].colour)
        with self.batch(f"Rename {old.strip(' ()')} to {name}"):
            self.set_seats(seats)
            for piece in self.seat_pieces(seat):
                if piece.label.endswith(old):
                    self._touch(piece.id).label = f"{piece.label[: -len(old)]} ({name})"

    def seat_pieces(self, seat: int) -> list[Piece]:
        """The pieces a seat owns that lie on the table (its Rule Card, its score), bottom first."""
        return [piece for piece in self.on_table() if piece.owner == seat]

    def shift_seat_pieces(self, offsets: Mapping[int, Point]) -> None:
        """Move each seat's own pieces by that seat's offset, locked ones too: they go where
        their seat goes."""
        with self.batch("Move the seats' pieces"):
            for seat, (dx, dy) in offsets.items():
                for piece in self.seat_pieces(seat):
                    live = self._touch(piece.id)
                    live.x, live.y = live.x + dx, live.y + dy

    def remove_seat(self, seat: int) -> None:
        """A seat leaves, with the pieces it owns on the table; the later seats move up one,
        keeping their hands and their pieces. Its hand must be empty."""
        left = self.hand(seat)
        if len(self._seats) == MIN_SEATS:
            raise TableError("a table needs at least one seat")
        if left.contents:
            raise TableError(
                f"{self._seats[seat].name} still holds {len(left.contents)} cards: "
                "put them on the table before the seat leaves"
            )
        with self.batch(f"Remove {self._seats[seat].name}'s seat"):
            for piece in self.seat_pieces(seat):
                self._delete_tree(piece.id)
            for later in range(seat + 1, len(self._seats)):
                # The hand one place up is empty: the leaver's, or the one moved before.
                source, target = self.hand(later), self.hand(later - 1)
                self._touch(source.id)
                self._touch(target.id)
                target.contents, source.contents = source.contents, []
                for card in target.contents:
                    self._touch(card).parent = target.id
                for piece in self.objects.values():
                    if piece.owner == later and not isinstance(piece, Hand):
                        self._touch(piece.id).owner = later - 1
            self.set_seats([s for n, s in enumerate(self._seats) if n != seat])

    def recolour_seat(self, seat: int, colour: str) -> None:
        """Give a seat a new colour, written ``#rrggbb``."""
        self.hand(seat)  # a TableError for a seat that does not exist
        if not _HEX_COLOUR.fullmatch(colour):
            raise TableError(f"{colour!r} is not a colour: expected #rrggbb, like #e74c3c")
        seats = list(self._seats)
        seats[seat] = Seat(seats[seat].name, colour.lower())
        self.set_seats(seats)

    @staticmethod
    def _check_seat_count(count: int) -> None:
        if not MIN_SEATS <= count <= MAX_SEATS:
            raise TableError(f"a table has {MIN_SEATS} to {MAX_SEATS} seats, not {count}")

    # ------------------------------------------------------------- integrity

    def problems(self) -> list[str]:
        """Every way the table breaks its own invariants (empty when all is well)."""
        found: list[str] = []
        held: dict[str, str] = {}
        for piece in self.objects.values():
            if isinstance(piece, Container):
                for cid in piece.contents:
                    if cid in held:
                        found.append(f"{cid} is in both {held[cid]} and {piece.id}")
                    held[cid] = piece.id
                    if cid not in self.objects:
                        found.append(f"{piece.id} holds missing piece {cid}")
            if isinstance(piece, Stack) and len(piece.contents) < 2:
                found.append(f"stack {piece.id} holds {len(piece.contents)} cards")
            found.extend(_misfits(self, piece))
        for piece in self.objects.values():
            if held.get(piece.id) != piece.parent:
                found.append(
                    f"{piece.id} names parent {piece.parent}, held by {held.get(piece.id)}"
                )
        return found


def _misfits(table: Table, piece: Piece) -> list[str]:
    """What is wrong with one piece on its own: values out of range, wrong contents."""
    found: list[str] = []
    if not all(math.isfinite(v) for v in (piece.x, piece.y, piece.rotation)):
        found.append(f"{piece.id} has a position or rotation that is not a number")
    if isinstance(piece, Die) and not 0 <= piece.value < len(piece.faces):
        found.append(f"die {piece.id} shows face {piece.value} of {len(piece.faces)}")
    if isinstance(piece, Hand) and piece.id != hand_id(piece.owner or 0):
        found.append(f"hand {piece.id} belongs to seat {piece.owner}")
    if isinstance(piece, Hand | Stack):
        for cid in piece.contents:
            if not isinstance(table.objects.get(cid), CardPiece | None):
                found.append(f"{piece.id} holds {cid}, which is not a card")
    if isinstance(piece, Bag):
        for cid in piece.contents:
            if isinstance(table.objects.get(cid), Bag | Hand):
                found.append(f"bag {piece.id} holds {cid}, which cannot go in a bag")
    if isinstance(piece, Hand) and piece.parent is not None:
        found.append(f"hand {piece.id} is inside {piece.parent}")
    return found


def hand_id(seat: int) -> str:
    """The id of a seat's hand."""
    return f"hand-{seat}"


def _label_for(verb: str, pieces: Sequence[Piece]) -> str:
    if len(pieces) == 1:
        return f"{verb} {pieces[0].describe()}"
    return f"{verb} {len(pieces)} pieces"
