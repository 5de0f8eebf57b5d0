"""A free table shared by several seats (over the network): what each seat is sent of
it, and the operations a seat sends, applied for that seat with its permissions.

**A seat's frame** (:meth:`SeatFramer.frame`) is the table as that seat may see it, in
the save file's form (``table_from_data`` reads it back into a table to draw): seats,
marks, every piece with its position, each container's contents in order. A card whose
face the seat does not see (:meth:`Table.visible_face`) is sent as a *hidden card*: no
face, no label, no stale position, and an id that is a *handle* of this seat's, not the
card's own id. A handle lasts only while neither the card nor what holds it is touched;
any step that touches either (a shuffle of its stack, a card going into or coming out of
a hand) gives it a new, random one, so no seat can follow a hidden card through a
shuffle or into another seat's hand. A bag's contents are sent as blank tokens (a bag
hides everything); another seat's hand as hidden cards (how many it holds is public).

**A command** (:func:`apply`) is JSON: ``{"op": "steps", "frame": N, "label": ...,
"steps": [{"op": NAME, "args": {...}, "result": ...}, ...]}`` (the table operations of
one step, as :class:`Recorder` writes them), ``{"op": "undo", "frame": N}`` or
``{"op": "redo", "frame": N}``. The ids in it are the ids of that seat's frame ``N``;
an id the frame did not send is no piece at all (so no seat can probe the table for a
card it may not see). A seat may not look into, take from or reorder another seat's
hand (it may give cards to it, and deal); seats themselves are the host's to change.

**Undo** is the table's shared history: undo takes back the table's last step,
whoever made it, and redo makes the last undone one again, except that a step another
seat made which changed a third seat's hand (a hand not the undoer's) is that seat's to
take back: undoing Ann's draw would take cards out of Ann's hand.
"""

from __future__ import annotations

import inspect
import math
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from vtt.table.model import Change, Table, TableError
from vtt.table.pieces import Bag, CardPiece, Container, Hand, Piece, Stack, Token
from vtt.table.savefile import FORMAT, VERSION, marks_data

__all__ = [
    "HIDDEN_FACE",
    "MAX_PIECES",
    "MAX_STEPS",
    "OPERATIONS",
    "Recorder",
    "SeatFramer",
    "SeatTable",
    "SharedTable",
]

#: The face a hidden card or a bag's blank token is sent with (it names no art).
HIDDEN_FACE = "hidden"
#: How many operations one command may hold (a fan of the whole deck is 70).
MAX_STEPS = 400
#: The pieces a shared table holds at most (a copy too many is refused).
MAX_PIECES = 4000
#: The frames of a seat whose ids a command may still name (older: "try again").
FRAMES_KEPT = 32
#: The longest label of a step a command may give.
MAX_LABEL = 120
#: The largest coordinate a command may give (as a save file).
MAX_COORDINATE = 1e6

#: The operations a seat may send, and the kind of each argument: ``id`` (a piece of
#: the seat's frame), ``ids``, ``positions`` ({id: [x, y]}), ``point`` ([x, y]),
#: ``seat``, ``seats``, ``int``, ``float``, ``bool``; and what each returns (``id``,
#: ``ids`` or None) so that later operations of the same step may name what it made.
OPERATIONS: dict[str, tuple[dict[str, str], str | None]] = {
    "move": ({"positions": "positions"}, None),
    "flip": ({"piece_id": "id"}, None),
    "rotate": ({"piece_id": "id", "degrees": "float"}, None),
    "lock": ({"piece_id": "id", "locked": "bool"}, None),
    "stack_onto": ({"source_id": "id", "target_id": "id", "bottom": "bool"}, "id"),
    "take": (
        {"stack_id": "id", "count": "int", "to": "point?", "from_bottom": "bool"},
        "id",
    ),
    "shuffle": ({"piece_id": "id"}, None),
    "deal": ({"source_id": "id", "count": "int", "seats": "seats?"}, None),
    "draw": ({"source_id": "id", "seat": "seat", "count": "int"}, "ids"),
    "to_hand": ({"card_id": "id", "seat": "seat", "index": "int?"}, None),
    "play_from_hand": ({"card_id": "id", "to": "point", "face_up": "bool"}, None),
    "reorder_hand": ({"seat": "seat", "order": "ids"}, None),
    "roll": ({"die_id": "id", "reroll_joker": "bool"}, None),
    "reroll_joker": ({"die_id": "id"}, None),
    "turn_die": ({"die_id": "id", "value": "int"}, None),
    "set_counter": ({"counter_id": "id", "value": "int"}, None),
    "put_in_bag": ({"piece_id": "id", "bag_id": "id"}, None),
    "take_from_bag": ({"bag_id": "id", "to": "point?"}, "id"),
    "delete": ({"piece_id": "id"}, None),
    "clone": ({"piece_id": "id", "offset": "point"}, "id"),
}


# ---------------------------------------------------------------- frames


@dataclass
class SeatFramer:
    """The frames of one seat (``None``: a spectator), numbered from 1, with the
    seat's handles for hidden cards and, for the last few frames, what each id sent
    stands for (:meth:`resolver`)."""

    seat: int | None
    number: int = 0
    #: The hidden cards of the last frame: the card's id to its handle.
    handles: dict[str, str] = field(default_factory=dict)
    #: The ids each recent frame sent, to the pieces they stand for.
    sent: dict[int, dict[str, str]] = field(default_factory=dict)

    def frame(
        self, table: Table, touched: frozenset[str] | set[str] = frozenset()
    ) -> dict[str, Any]:
        """The next frame of the table for this seat; ``touched``: the pieces changed
        since this seat's last frame (their hidden cards get new handles)."""
        self.number += 1
        ids = _wire_ids(table, self.seat, self.handles, touched)
        self.handles = {real: wire for real, wire in ids.items() if wire != real}
        self.sent[self.number] = {wire: real for real, wire in ids.items()}
        self.sent.pop(self.number - FRAMES_KEPT, None)
        objects = [_sent_piece(table, piece, ids, self.seat) for piece in _shown(table)]
        objects.sort(key=lambda data: str(data["id"]))
        return {
            "number": self.number,
            "seat": self.seat,
            "undo": table.history.undo_label,
            "redo": table.history.redo_label,
            "table": {
                "format": FORMAT,
                "version": VERSION,
                "seed": 0,
                "draws": 0,
                "next_id": table.next_id,
                "next_z": table.next_z,
                "seats": [{"name": s.name, "colour": s.colour} for s in table.seats],
                "objects": objects,
                "marks": marks_data(table),
            },
        }

    def resolver(self, number: object) -> dict[str, str]:
        """What the ids of this seat's frame ``number`` stand for; TableError when that
        frame is unknown or too old."""
        found = self.sent.get(number) if type(number) is int else None
        if found is None:
            raise TableError("the table changed meanwhile: try again")
        return found


def _in_bag(table: Table, piece: Piece) -> bool:
    """True for a piece inside something inside a bag (a bag's own contents are sent
    as blank tokens, what they hold not at all)."""
    parent = piece.parent
    seen = 0
    while parent is not None and seen < 64:
        holder = table.objects.get(parent)
        if holder is None:
            return False
        if isinstance(holder, Bag) and holder.id != piece.parent:
            return True
        parent, seen = holder.parent, seen + 1
    return False


def _shown(table: Table) -> list[Piece]:
    """The pieces a frame lists: all but what lies inside a bag's contents."""
    return [piece for piece in table.objects.values() if not _in_bag(table, piece)]


def _hidden(table: Table, piece: Piece, seat: int | None) -> bool:
    """True when the seat is sent a blank of this piece: a card whose face it does not
    see, or anything in a bag."""
    holder = table.objects.get(piece.parent or "")
    if isinstance(holder, Bag):
        return True
    return isinstance(piece, CardPiece) and table.visible_face(piece.id, seat) is None


def _wire_ids(
    table: Table, seat: int | None, handles: Mapping[str, str], touched: frozenset[str] | set[str]
) -> dict[str, str]:
    """Each piece sent: its id to the id the seat is sent (its own, or a handle)."""
    ids: dict[str, str] = {}
    taken = set(table.objects)
    for piece in _shown(table):
        if not _hidden(table, piece, seat):
            ids[piece.id] = piece.id
            continue
        kept = handles.get(piece.id)
        if kept is None or piece.id in touched or (piece.parent or "") in touched:
            kept = _new_handle(taken)
        taken.add(kept)
        ids[piece.id] = kept
    return ids


def _new_handle(taken: set[str]) -> str:
    while True:
        handle = f"hidden-{secrets.token_hex(6)}"
        if handle not in taken:
            return handle


def _sent_piece(
    table: Table, piece: Piece, ids: Mapping[str, str], seat: int | None
) -> dict[str, Any]:
    """One piece as the seat is sent it."""
    parent = ids[piece.parent] if piece.parent is not None else None
    if not _hidden(table, piece, seat):
        data = piece.to_dict()
        data["parent"] = parent
        if isinstance(piece, Container):
            data["contents"] = [ids[cid] for cid in piece.contents]
        if piece.parent is not None:  # where it lay before it went in is nobody's business
            data.update(x=0.0, y=0.0, z=0, rotation=0.0, locked=False)
        return data
    if isinstance(table.objects.get(piece.parent or ""), Bag):
        return Token(ids[piece.id], parent=parent, face=HIDDEN_FACE).to_dict()
    assert isinstance(piece, CardPiece)
    blank = CardPiece(ids[piece.id], parent=parent, face=HIDDEN_FACE, face_up=False)
    holder = table.objects.get(piece.parent or "")
    if piece.parent is None:  # lying loose, face down: where it lies is for all to see
        blank.x, blank.y, blank.z, blank.rotation = piece.x, piece.y, piece.z, piece.rotation
        blank.locked, blank.owner = piece.locked, piece.owner
    if piece.parent is None or (isinstance(holder, Stack) and holder.top == piece.id):
        blank.back, blank.deck = piece.back, piece.deck  # its back shows
    return blank.to_dict()


# ---------------------------------------------------------------- commands


class Recorder:
    """Records the operations called on a table (the outermost ones, not those an
    operation makes of others) as a command's steps, with what each returned.

    The window's dry run: the operations run on its copy of the table, are recorded,
    and the copy is put back as it was (the host's frame shows what they came to).
    """

    def __init__(self) -> None:
        self.steps: list[dict[str, Any]] = []
        self.depth = 0

    def call(self, table: Table, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call ``table``'s operation ``name``, recording it when it is outermost."""
        method = getattr(Table, name)
        outermost = self.depth == 0
        self.depth += 1
        try:
            result = method(table, *args, **kwargs)
        finally:
            self.depth -= 1
        if outermost:
            bound = inspect.signature(method).bind(table, *args, **kwargs)
            named = {k: _plain(v) for k, v in bound.arguments.items() if k != "self"}
            self.steps.append({"op": name, "args": named, "result": _plain(result)})
        return result


class SeatTable(Table):
    """A seat's copy of a shared table, drawn from the host's frames: while
    ``recorder`` is set, the operations done on it are recorded (to be sent)."""

    recorder: Recorder | None = None


def _recorded(name: str) -> Callable[..., Any]:
    """The operation ``name`` of a :class:`SeatTable`: recorded while it records."""
    base = getattr(Table, name)

    def operation(self: SeatTable, *args: Any, **kwargs: Any) -> Any:
        if self.recorder is None:
            return base(self, *args, **kwargs)
        return self.recorder.call(self, name, args, kwargs)

    operation.__name__, operation.__doc__ = name, base.__doc__
    return operation


for _name in OPERATIONS:
    setattr(SeatTable, _name, _recorded(_name))


def _plain(value: Any) -> Any:
    """A value as JSON data (tuples as lists, mappings as objects)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


class SharedTable:
    """A table on the host, changed by the seats' commands, each with the seat's
    permissions; it frames the table for each seat (:meth:`framer`)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        #: Who made each step of the history, and each undone one (None: nobody's, as
        #: the steps made before the table was shared).
        self.done_by: list[int | None] = [None] * len(table.history)
        self.undone_by: list[int | None] = [None] * table.history.redo_depth
        #: The pieces changed since the frames were last sent.
        self.touched: set[str] = set()
        table.subscribe(self._changed)

    def _changed(self, change: Change) -> None:
        self.touched |= change.ids

    def take_touched(self) -> frozenset[str]:
        """The pieces changed since the last call (the frames sent now re-key them)."""
        touched, self.touched = frozenset(self.touched), set()
        return touched

    def apply(self, seat: int, command: object, ids: Callable[[object], Mapping[str, str]]) -> str:
        """Do a seat's command; returns what was done (the step's label, for the log).
        ``ids(number)``: what the ids of that seat's frame ``number`` stand for.
        TableError with the reason when it is refused: the table is then as it was."""
        if not isinstance(command, dict):
            raise TableError("a table command is a JSON object")
        op = command.get("op")
        resolve = dict(ids(command.get("frame")))
        if op in ("undo", "redo"):
            return self._undo(seat, redo=op == "redo")
        if op != "steps":
            raise TableError(f"unknown table command {op!r}: steps, undo or redo")
        steps, label = command.get("steps"), command.get("label")
        if not isinstance(steps, list) or not 1 <= len(steps) <= MAX_STEPS:
            raise TableError(f"a command holds 1 to {MAX_STEPS} steps")
        if label is not None and (not isinstance(label, str) or len(label) > MAX_LABEL):
            raise TableError(f"a step's label is text of at most {MAX_LABEL} characters")
        last = self.table.history.peek_undo()
        with self.table.batch(label or ""):  # unlabelled: the first operation's label
            for step in steps:
                self._step(seat, step, resolve)
            if len(self.table.objects) > MAX_PIECES:
                raise TableError(f"a shared table holds at most {MAX_PIECES} pieces")
        if self.table.history.peek_undo() is last:
            return ""  # nothing changed: no step
        self.done_by.append(seat)
        self.undone_by.clear()
        del self.done_by[: max(0, len(self.done_by) - len(self.table.history))]
        return self.table.history.undo_label or ""

    def _step(self, seat: int, step: object, resolve: dict[str, str]) -> None:
        if not isinstance(step, dict) or not isinstance(step.get("args"), dict):
            raise TableError("a step is {op, args, result}")
        name = step.get("op")
        found = OPERATIONS.get(name) if isinstance(name, str) else None
        if found is None or not isinstance(name, str):
            raise TableError(f"{name!r} is not an operation a seat may send")
        spec, returns = found
        args = step["args"]
        unknown = set(args) - set(spec)
        if unknown:
            raise TableError(f"{name}: unknown argument {sorted(unknown)[0]!r}")
        call = {
            key: self._argument(seat, name, key, kind, args[key], resolve)
            for key, kind in spec.items()
            if key in args
        }
        self._may(seat, name, call)
        result = getattr(self.table, name)(**call)
        said = step.get("result")
        if returns == "id" and isinstance(said, str) and isinstance(result, str):
            resolve[said] = result
        elif returns == "ids" and isinstance(said, list) and isinstance(result, list):
            for mine, real in zip(said, result, strict=False):
                if isinstance(mine, str):
                    resolve[mine] = real

    def _argument(
        self, seat: int, op: str, key: str, kind: str, value: Any, resolve: dict[str, str]
    ) -> Any:
        optional = kind.endswith("?")
        kind = kind.rstrip("?")
        if value is None and optional:
            return None
        where = f"{op}: {key!r}"
        if kind == "id":
            return self._piece(seat, value, resolve, where)
        if kind == "ids":
            if not isinstance(value, list) or len(value) > 2000:
                raise TableError(f"{where} is a list of pieces")
            return [self._piece(seat, v, resolve, where) for v in value]
        if kind == "positions":
            if not isinstance(value, dict) or len(value) > 2000:
                raise TableError(f"{where} maps pieces to places")
            return {
                self._piece(seat, k, resolve, where): _point(v, where) for k, v in value.items()
            }
        if kind == "point":
            return _point(value, where)
        if kind in ("int", "seat"):
            if type(value) is not int or abs(value) > 100_000:
                raise TableError(f"{where} is a whole number")
            if kind == "seat":
                self.table.hand(value)
            return value
        if kind == "seats":
            if not isinstance(value, list) or not all(type(v) is int for v in value):
                raise TableError(f"{where} is a list of seats")
            for number in value:
                self.table.hand(number)
            return value
        if kind == "float":
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not math.isfinite(value)
            ):
                raise TableError(f"{where} is a number")
            return float(value)
        if kind == "bool":
            if not isinstance(value, bool):
                raise TableError(f"{where} is true or false")
            return value
        raise TableError(f"{where}: unknown kind {kind}")  # pragma: no cover

    def _piece(self, seat: int, value: object, resolve: Mapping[str, str], where: str) -> str:
        """The piece an id of the seat's frame stands for, if the seat may handle it."""
        real = resolve.get(value) if isinstance(value, str) else None
        piece = self.table.objects.get(real or "")
        if piece is None:
            raise TableError(f"{where}: there is no such piece on the table you see")
        owner = self._hand_of(piece.id)
        if owner is not None and owner != seat:
            name = self.table.seats[owner].name
            raise TableError(f"that is in {name}'s hand: only {name} handles it")
        # A card the seat does not see is handled only where it lies loose: inside a
        # stack or a bag it is no piece of its own (nor would a refusal name it).
        if piece.parent is not None and _hidden(self.table, piece, seat):
            raise TableError(f"{where}: there is no such piece on the table you see")
        return piece.id

    def _hand_of(self, piece_id: str) -> int | None:
        """The seat whose hand is, or holds, this piece (None: no hand's)."""
        piece = self.table.objects.get(piece_id)
        while piece is not None:
            if isinstance(piece, Hand):
                return piece.owner
            piece = self.table.objects.get(piece.parent or "")
        return None

    def _may(self, seat: int, op: str, call: Mapping[str, Any]) -> None:
        """What a seat may not do besides handling another's hand's cards."""
        if op == "reorder_hand" and call["seat"] != seat:
            name = self.table.seats[call["seat"]].name
            raise TableError(f"only {name} arranges {name}'s hand")
        if op == "lock" and self.table.objects[call["piece_id"]].parent is not None:
            raise TableError("only what lies on the table locks")

    def _undo(self, seat: int, *, redo: bool) -> str:
        history = self.table.history
        step = history.peek_redo() if redo else history.peek_undo()
        authors = self.undone_by if redo else self.done_by
        if step is None:
            raise TableError("nothing to redo" if redo else "nothing to undo")
        author = authors[-1] if authors else None
        changed = {
            self._hand_of(pid) for pid, piece in step.before.items() if isinstance(piece, Hand)
        }
        others = sorted(hand for hand in changed if hand is not None and hand != seat)
        if author != seat and others:
            whose = self.table.seats[others[0]].name
            maker = "who made it"
            if author is not None and author < len(self.table.seats):
                maker = self.table.seats[author].name
            verb = "redo" if redo else "undo"
            raise TableError(
                f"the last step ({step.label}) changed {whose}'s hand: only {maker} may {verb} it"
            )
        label = self.table.redo() if redo else self.table.undo()
        if authors:
            authors.pop()
        (self.done_by if redo else self.undone_by).append(author)
        return f"{'Redid' if redo else 'Undid'}: {label}"


def _point(value: object, where: str) -> tuple[float, float]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
        or not all(math.isfinite(v) and abs(v) <= MAX_COORDINATE for v in value)
    ):
        raise TableError(f"{where} is a point [x, y] on the table")
    return (float(value[0]), float(value[1]))
