"""The solver's transposition table kept in a file, so a long solve can stop and resume.

``vtt solve PACK --table FILE`` saves what the solver has proved (``Solver.table``:
one small integer per position) every minute and when it stops (Ctrl+C, its time
limit), and a later ``vtt solve`` with the same file goes on from there to the same
answer. The file names the pack, its content hash (``pack_digest``) and the position
solved (options, seed, moves, and the start's key), and is refused for another.

The store was chosen by measurement (a million entries, docs/ai.md): SQLite took 26 s
to write them and 8 s to read them back (19 bytes each); this file, 1.8 s and 3.9 s
(12 bytes each). It is a header, then chunks appended at each save::

    b"JANKEN SOLVER TABLE 1\\n", u32 length, the header as JSON
    per chunk: b"CHNK", u32 count, count int64 keys, count int32 entries, u32 CRC-32

A later chunk's entry for a key replaces an earlier one's (a bound proved tighter); a
file holding more than twice the table's entries is written anew (to a file beside
it, then renamed). A file cut short or damaged is refused with a message, never read
half-way.

The table's keys are the solver's position hashes, which must be the same in every
process: Python's ``hash`` of a text or bytes changes with each process (and of None,
before Python 3.12), so a solve kept on disk hashes a position with ``fixed_key``
instead (texts, bytes and None made numbers first, through BLAKE2b).
"""

from __future__ import annotations

import hashlib
import json
import os
import signal
import struct
import threading
import time
import zlib
from array import array
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from vtt.rules.search import stable_position_key

__all__ = ["BadTable", "TableFile", "fixed_key"]

MAGIC = b"JANKEN SOLVER TABLE 1\n"
CHUNK = b"CHNK"
#: Seconds between two saves of a solve under way.
SAVE_EVERY = 60.0


class BadTable(ValueError):
    """A table file that cannot be used: another pack's or position's, cut short, damaged."""


def _digest(data: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "little")


_NONE = _digest(b"None")


def _fixed(value: Any) -> Any:
    """``value`` with every text, bytes and None replaced by a number that is the same
    in every process; numbers, tuples and frozensets of them hash the same everywhere."""
    kind = value.__class__
    if kind is bytes:
        return _digest(value)
    if kind is str:
        return _digest(value.encode("utf-8", "surrogatepass"))
    if isinstance(value, int | float):
        return value
    if value is None:  # hash(None) is None's address before Python 3.12
        return _NONE
    if isinstance(value, tuple):
        return tuple(map(_fixed, value))
    if kind is frozenset:
        return frozenset(map(_fixed, value))
    if kind.__repr__ is not object.__repr__:  # a dataclass (an outcome): its fields
        return _digest(repr(value).encode("utf-8", "surrogatepass"))
    raise BadTable(f"a position holds a {kind.__name__}, which a table on disk cannot name")


def fixed_key(state: Any) -> int:
    """A position's 64-bit hash, the same in every process (unlike ``hash(state.key())``,
    whose texts hash anew in each process and whose pieces are numbered in the order the
    process met them)."""
    return hash(_fixed(stable_position_key(state)))


class TableFile:
    """A solve's table on disk: ``load`` it into a solver, then ``save`` as it goes."""

    def __init__(self, path: str | Path, header: dict[str, object]) -> None:
        self.path = Path(path)
        #: What the table is a solve of: the pack, its digest, options, seed, moves, start.
        self.header = header
        self.written = 0  # entries in the file (a key saved twice counts twice)
        self._saved = time.monotonic()

    # --- reading ------------------------------------------------------------------------

    def load(self) -> dict[int, int]:
        """The table the file holds ({} when there is no file yet); BadTable when it is
        another solve's, cut short or damaged."""
        if not self.path.exists():
            return {}
        table: dict[int, int] = {}
        with self.path.open("rb") as file:
            found = self._read_header(file)
            self._check(found)
            for keys, entries in self._chunks(file):
                table.update(zip(keys, entries, strict=True))
                self.written += len(keys)
        return table

    def _read_header(self, file: BinaryIO) -> dict[str, object]:
        if file.read(len(MAGIC)) != MAGIC:
            raise BadTable(f"{self.path} is not a solver's table (vtt solve --table writes them)")
        size = _read(file, 4, self.path, "its header")
        raw = _read(file, struct.unpack("<I", size)[0], self.path, "its header")
        try:
            header = json.loads(raw)
        except (UnicodeDecodeError, json.JSONDecodeError):
            header = None
        if not isinstance(header, dict):
            raise BadTable(f"{self.path} is damaged: its header is not readable")
        return header

    def _check(self, found: dict[str, object]) -> None:
        """BadTable unless the file is a solve of this pack and this position."""
        want = self.header
        if found.get("digest") != want["digest"]:
            raise BadTable(
                f"{self.path} holds a solve of another pack: {found.get('pack')!s}"
                f" (content {found.get('digest')!s}), not {want['pack']!s}"
                f" (content {want['digest']!s}); give another file to solve this one"
            )
        for name in ("options", "players", "seed", "moves"):
            if found.get(name) != want[name]:
                raise BadTable(
                    f"{self.path} holds a solve of another position of {want['pack']!s}:"
                    f" its {name} {found.get(name)!r}, not {want[name]!r}"
                )
        if found.get("start") != want["start"]:
            raise BadTable(
                f"{self.path} was written by another version of Janken Table (its positions"
                " are named differently); give another file"
            )

    def _chunks(self, file: BinaryIO) -> Iterator[tuple[array[int], array[int]]]:
        number = 0
        while True:
            tag = file.read(len(CHUNK))
            if not tag:
                return
            number += 1
            where = f"part {number} of its table"
            if tag != CHUNK:
                raise BadTable(f"{self.path} is damaged: {where} does not start as one")
            (count,) = struct.unpack("<I", _read(file, 4, self.path, where))
            body = _read(file, 12 * count, self.path, where)
            (crc,) = struct.unpack("<I", _read(file, 4, self.path, where))
            if zlib.crc32(body) != crc:
                raise BadTable(f"{self.path} is damaged: {where} fails its checksum")
            keys, entries = array("q"), array("i")
            keys.frombytes(body[: 8 * count])
            entries.frombytes(body[8 * count :])
            yield keys, entries

    # --- writing ------------------------------------------------------------------------

    def due(self) -> bool:
        """True once a minute: time for a save while the solve goes on."""
        return time.monotonic() - self._saved >= SAVE_EVERY

    def save(self, table: dict[int, int], fresh: dict[int, int], anew: bool = False) -> None:
        """Add the entries made since the last save (``fresh``, emptied), or write the
        whole table anew (``anew``: the solver started its table afresh; or the file
        holds more than twice the table). Ctrl+C waits until the file is whole."""
        with _uninterrupted():
            if anew or not self.path.exists() or self.written + len(fresh) > 2 * len(table) + 1024:
                self._write_all(table)
            elif fresh:
                with self.path.open("ab") as file:
                    self._write_chunk(file, fresh)
                    file.flush()
                    os.fsync(file.fileno())
                self.written += len(fresh)
            fresh.clear()
        self._saved = time.monotonic()

    def _write_all(self, table: dict[int, int]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        new = self.path.with_name(self.path.name + ".new")
        with new.open("wb") as file:
            header = json.dumps(self.header, sort_keys=True).encode("utf-8")
            file.write(MAGIC + struct.pack("<I", len(header)) + header)
            self._write_chunk(file, table)
            file.flush()
            os.fsync(file.fileno())
        os.replace(new, self.path)
        self.written = len(table)

    @staticmethod
    def _write_chunk(file: BinaryIO, entries: dict[int, int]) -> None:
        if not entries:
            return
        body = array("q", entries.keys()).tobytes() + array("i", entries.values()).tobytes()
        count = struct.pack("<I", len(entries))
        file.write(CHUNK + count + body + struct.pack("<I", zlib.crc32(body)))


def _read(file: BinaryIO, size: int, path: Path, what: str) -> bytes:
    data = file.read(size)
    if len(data) != size:
        raise BadTable(
            f"{path} is cut short in {what} (was the solve killed while saving?);"
            " delete it to start the solve afresh"
        )
    return data


@contextmanager
def _uninterrupted() -> Iterator[None]:
    """Ctrl+C held until the block ends (in the main thread: only it gets signals)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[object] = []
    previous = signal.signal(signal.SIGINT, lambda *args: caught.append(args))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if caught:
        raise KeyboardInterrupt
