"""Table files (``.jtable``): versioned JSON, written atomically, with an autosave.

A save is written to a temporary file in the same folder, flushed to disk and
then renamed over the old file, so a crash at any moment leaves either the old
file or the new one, never half of one. Loading checks everything and raises
:class:`SaveFileError` naming the file and what is wrong.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeVar

from vtt.table.layout import LayoutError, build_table
from vtt.table.marks import Mark
from vtt.table.model import Table, TableError
from vtt.table.pieces import PIECE_KINDS, Board, CardPiece, Die, Piece, Token
from vtt.table.seats import Seat

FORMAT = "janken-table"
#: The newest format this program writes and reads.
VERSION = 1
SUFFIX = ".jtable"
#: What an unreadable autosave's name gets when it is set aside.
UNREADABLE = "-unreadable-"

_Saved = TypeVar("_Saved")


class SaveFileError(ValueError):
    """A table file that cannot be read, and why."""

    def __init__(self, path: Path | str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = Path(path)
        self.reason = reason


def table_to_data(table: Table) -> dict[str, Any]:
    """The table as plain JSON data."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "seed": table.seed,
        "draws": table.draws,
        "next_id": table.next_id,
        "next_z": table.next_z,
        "seats": [{"name": s.name, "colour": s.colour} for s in table.seats],
        "objects": [piece.to_dict() for piece in table.objects.values()],
        "marks": marks_data(table),
    }
    if table.per_seat:
        data["per_seat"] = table.per_seat
    return data


def marks_data(table: Table) -> list[dict[str, Any]]:
    """The places printed on the table's felt, as plain JSON data."""
    return [
        {
            "x": m.x,
            "y": m.y,
            "width": m.width,
            "height": m.height,
            "label": m.label,
            "at_foot": m.at_foot,
        }
        for m in table.marks
    ]


def table_from_data(data: object, source: Path | str = "<data>") -> Table:
    """Rebuild a table from :func:`table_to_data`'s output, checking every field."""
    reader = _Reader(source)
    top = reader.mapping(data, "the file")
    if top.get("format") != FORMAT:
        reader.fail('this is not a Janken Table file (no "format": "janken-table")')
    version = reader.integer(top, "version")
    if version > VERSION:
        reader.fail(
            f"it was written by a newer Janken Table (file format {version}); "
            f"this version reads up to format {VERSION}. Please update Janken Table."
        )
    if version < 1:
        reader.fail(f"unknown file format version {version}")
    seats = tuple(
        reader.seat(item, f"seats[{i}]") for i, item in enumerate(reader.items(top, "seats"))
    )
    try:
        table = Table(seats, seed=reader.integer(top, "seed"))
    except TableError as error:
        reader.fail(f"'seats': {error}")
    table.objects.clear()
    for index, item in enumerate(reader.items(top, "objects")):
        piece = reader.piece(item, f"objects[{index}]")
        if piece.id in table.objects:
            reader.fail(f"objects[{index}]: the id {piece.id!r} is used twice")
        table.objects[piece.id] = piece
    if "marks" in top:  # tables saved before marks existed have none
        table.marks = tuple(
            reader.mark(item, f"marks[{i}]") for i, item in enumerate(reader.items(top, "marks"))
        )
    table.per_seat = reader.per_seat(top)
    table.draws = reader.integer(top, "draws")
    table.next_id = reader.integer(top, "next_id")
    table.next_z = reader.integer(top, "next_z")
    problems = table.problems()
    if problems:
        reader.fail("the pieces do not fit together: " + "; ".join(problems[:3]))
    for seat in range(len(table.seats)):
        if f"hand-{seat}" not in table.objects:
            reader.fail(f"seat {seat + 1} has no hand")
    return table


def table_text(table: Table) -> str:
    """The text of a table file."""
    return json.dumps(table_to_data(table), indent=1, sort_keys=True)


def save_table(table: Table, path: Path | str) -> None:
    """Write the table to ``path`` atomically."""
    write_atomically(Path(path), table_text(table))


def load_table(path: Path | str) -> Table:
    """Read a table file; raises :class:`SaveFileError` with the reason when it cannot."""
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except OSError as error:
        raise SaveFileError(where, f"cannot be read: {error.strerror or error}") from error
    except UnicodeDecodeError:
        raise SaveFileError(where, "is not a text file") from None
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise SaveFileError(
            where, f"line {error.lineno}, column {error.colno}: broken JSON ({error.msg})"
        ) from None
    except RecursionError:
        raise SaveFileError(where, "broken JSON: nested too deeply") from None
    except ValueError as error:  # an integer of thousands of digits, NaN or Infinity
        raise SaveFileError(where, f"broken JSON: {error}") from None
    return table_from_data(data, where)


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not a number a table holds")


#: The largest coordinate or size a table file may hold: far beyond any table, and
#: well within what floats and the window's geometry can take.
MAX_NUMBER = 1e9
#: An art name: letters, digits, '-' and '_' (no folder, no '..'), as the shipped art;
#: or a pack's image, ``@pack-id/image`` (a die's style: ``@pack-id``), which the
#: window finds only among that pack's checked images (``vtt.rules.art``).
_ART_NAME = re.compile(
    r"[A-Za-z0-9_-]{1,40}|@[a-z0-9][a-z0-9_-]{0,63}(/[A-Za-z0-9][A-Za-z0-9_-]{0,39})?"
)
#: The sides a board may have, in table units.
BOARD_SIDES = (1.0, 10_000.0)


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(path)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _remove_leftovers(path: Path) -> None:
    """Delete the temporary files of earlier writes of ``path`` that a killed program left.

    A write removes its own temporary file when it fails; only a process killed between
    creating and renaming it leaves one, and the next write of the same file is the
    first to know it is stale."""
    for leftover in path.parent.glob(f".{glob.escape(path.name)}.*.tmp"):
        # another program's file, or already gone: the write goes on regardless
        with contextlib.suppress(OSError):
            leftover.unlink()


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows it."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)


class Autosave(Generic[_Saved]):
    """An autosave file: written after every change, offered back after a crash.

    A window writes it on every change and deletes it on a clean exit, so a file
    found at start-up means the last session did not end cleanly. Tables and games
    both use it, each with its own way to write and read the file.
    """

    def __init__(
        self,
        path: Path | str,
        text: Callable[[_Saved], str],
        read: Callable[[Path], _Saved],
    ) -> None:
        self.path = Path(path)
        self._text = text
        self._read = read

    def write(self, saved: _Saved) -> None:
        """Save (atomically)."""
        write_atomically(self.path, self._text(saved))

    def exists(self) -> bool:
        """True if an autosave is waiting to be restored."""
        return self.path.exists()

    def load(self) -> _Saved:
        """What was autosaved."""
        return self._read(self.path)

    def discard(self) -> None:
        """Delete the autosave (after a clean exit, or when the user declines it)."""
        self.path.unlink(missing_ok=True)

    def set_aside(self) -> Path:
        """Keep an autosave that cannot be read under another name, so nothing is lost
        and it is not offered again; returns where it went."""
        kept = self.path.with_name(f"{self.path.stem}{UNREADABLE}{time.strftime('%Y%m%d-%H%M%S')}")
        kept = kept.with_suffix(self.path.suffix)
        os.replace(self.path, kept)
        return kept


def table_autosave(path: Path | str) -> Autosave[Table]:
    """The autosave of a table (a ``.jtable`` file)."""
    return Autosave(path, table_text, load_table)


class _Reader:
    """Checks untrusted JSON data field by field, failing with a precise message."""

    def __init__(self, source: Path | str) -> None:
        self.source = source

    def fail(self, reason: str) -> NoReturn:
        raise SaveFileError(self.source, reason)

    def mapping(self, value: object, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail(f"{where}: expected an object, found {type(value).__name__}")
        return value

    def items(self, data: dict[str, Any], key: str) -> list[Any]:
        value = data.get(key)
        if not isinstance(value, list):
            self.fail(f"{key!r}: expected a list")
        return value

    def integer(self, data: dict[str, Any], key: str) -> int:
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            self.fail(f"{key!r}: expected a whole number, found {value!r}")
        return value

    def per_seat(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The layout of a seat's own pieces (optional), tried out on a table of one seat."""
        items = data.get("per_seat", [])
        if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
            self.fail("'per_seat': expected a list of pieces laid out for each seat")
        try:
            build_table({"per_seat": items}, 1)
        except (LayoutError, KeyError, TypeError, ValueError) as error:
            self.fail(f"'per_seat': {error}")
        return items

    def seat(self, value: object, where: str) -> Seat:
        data = self.mapping(value, where)
        name, colour = data.get("name"), data.get("colour")
        if not isinstance(name, str) or not isinstance(colour, str):
            self.fail(f"{where}: a seat needs a text name and colour")
        return Seat(name, colour)

    def mark(self, value: object, where: str) -> Mark:
        data = self.mapping(value, where)
        numbers = []
        for key in ("x", "y", "width", "height"):
            number = data.get(key)
            if isinstance(number, bool) or not isinstance(number, int | float):
                self.fail(f"{where}.{key}: expected a number, found {_shown(number)}")
            if not _plain_number(number):
                self.fail(f"{where}.{key}: expected a number, found {_shown(number)}")
            numbers.append(float(number))
        label = data.get("label", "")
        if not isinstance(label, str):
            self.fail(f"{where}.label: expected text, found {label!r}")
        at_foot = data.get("at_foot", False)
        if not isinstance(at_foot, bool):
            self.fail(f"{where}.at_foot: expected true or false, found {at_foot!r}")
        x, y, width, height = numbers
        return Mark(x, y, width, height, label, at_foot)

    def piece(self, value: object, where: str) -> Piece:
        data = dict(self.mapping(value, where))
        named = data.pop("kind", None)
        kind = PIECE_KINDS.get(str(named))
        if kind is None:
            self.fail(f"{where}: unknown kind of piece {named!r}")
        known = {f.name: f for f in fields(kind)}
        unknown = set(data) - set(known)
        if unknown:
            self.fail(f"{where}: unknown field {sorted(unknown)[0]!r} for a {kind.KIND}")
        for name, spec in known.items():
            if name in data and not _fits(data[name], str(spec.type)):
                self.fail(f"{where}.{name}: expected {spec.type}, found {_shown(data[name])}")
        if not isinstance(data.get("id"), str) or not data["id"]:
            self.fail(f"{where}: every piece needs an id")
        piece = kind(**data)
        if isinstance(piece, Board) and not all(
            BOARD_SIDES[0] <= side <= BOARD_SIDES[1] for side in (piece.width, piece.height)
        ):
            low, high = BOARD_SIDES
            self.fail(f"{where}: a board's sides are {low:g} to {high:g} table units")
        for name, what in art_names(piece):
            if _ART_NAME.fullmatch(name) is None:
                self.fail(f"{where}: {_shown(name)} cannot name the art of {what}")
        return piece


def _plain_number(value: object) -> bool:
    """A whole number or a finite float no larger than ``MAX_NUMBER`` either way."""
    return isinstance(value, int | float) and -MAX_NUMBER <= value <= MAX_NUMBER


def _shown(value: object) -> str:
    """A value from the file, in an error message: its repr, cut short."""
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else "a huge number"
    return text if len(text) <= 60 else text[:57] + "..."


def art_names(piece: Piece) -> list[tuple[str, str]]:
    """The names of the art a piece is painted with, and what each is for."""
    if isinstance(piece, CardPiece):
        named = [(piece.face, "the card's face"), (piece.back, "the card's back")]
        return [*named, (piece.deck, "the card's deck")] if piece.deck else named
    if isinstance(piece, Die):
        return [
            (piece.style, "the die's style"),
            *((face, "a face of the die") for face in piece.faces),
        ]
    if isinstance(piece, Token):
        return [(piece.face, "the token")]
    if isinstance(piece, Board):
        return [(piece.image, "the board")]
    return []


def _fits(value: object, annotation: str) -> bool:
    """True when a JSON value fits a field's annotation (as written in pieces.py)."""
    checks: dict[str, tuple[type, ...]] = {
        "str": (str,),
        "float": (int, float),
        "int": (int,),
        "bool": (bool,),
        "list[str]": (list,),
    }
    for option in annotation.replace(" ", "").split("|"):
        if option == "None" and value is None:
            return True
        accepted = checks.get(option)
        if accepted is None or (isinstance(value, bool) and bool not in accepted):
            continue
        if isinstance(value, list):
            return option == "list[str]" and all(isinstance(v, str) for v in value)
        if isinstance(value, accepted):
            return not isinstance(value, int | float) or _plain_number(value)
    return False
