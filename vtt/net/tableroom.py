"""A free table's room on the host (issue 29): a Janken Sandbox table, or a saved one,
shared by the seats that join it as a game's room is (see docs/network.md).

The host keeps the table (:class:`~vtt.table.shared.SharedTable`). Each connection is
sent ``table`` messages: its own seat's frame (a spectator's: no hand shows), after
every change, with what was done and by whom. A seat's ``command`` is a table command
(``steps``, ``undo``, ``redo``) naming the ids of its own frames; it is answered with an
``answer`` (accepted, or the reason it is refused) and, when it changed the table, every
connection's next frame. The table's random seed is the host's secret: no seat can
work out a shuffle.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vtt.net.host import MAX_SPECTATORS, Connection, Host, Seat, SeatSpec
from vtt.table import Table, TableError
from vtt.table.savefile import SaveFileError, table_from_data, table_to_data
from vtt.table.shared import SeatFramer, SharedTable

__all__ = [
    "TABLE_PACK",
    "TableRoom",
    "add_table_room",
    "is_table_file",
    "resume_table_room",
    "secret_seed",
]

#: What a table room names as its pack (it plays no rules).
TABLE_PACK = "free-table"


def secret_seed() -> int:
    """A table seed nobody can guess: with it, a seat could work out every shuffle."""
    return secrets.randbits(62)


@dataclass
class TableRoom:
    """One shared free table on the host, with the seats' tokens and connections."""

    code: str
    shared: SharedTable
    seats: list[Seat]
    spectators: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    thinking: asyncio.Task[None] | None = None
    #: Each connection's frames (its handles for the cards it may not see).
    framers: dict[Connection, SeatFramer] = field(default_factory=dict)
    pack_id: str = TABLE_PACK
    digest: str = TABLE_PACK
    pack_text: str = ""
    #: The pieces the step being told changed (their hidden cards get new handles).
    touched: frozenset[str] = frozenset()
    #: A free table sends no pack (the host's hello asks a game's room for it).
    jpack: tuple[str | None, str] | None = None

    @property
    def table(self) -> Table:
        """The table the room keeps."""
        return self.shared.table

    @property
    def names(self) -> list[str]:
        """The seats' names, as the table has them."""
        return [seat.name for seat in self.table.seats]

    def lobby(self) -> dict[str, Any]:
        """The room as one about to join is told: a free table, its seats (free, taken
        by whom) and whether one more may watch."""
        return {
            "room": self.code,
            "pack": self.pack_id,
            "pack_name": "a free table",
            "pack_digest": self.digest,
            "seats": self.presence(),
            "watch": len(self.spectators) < MAX_SPECTATORS,
        }

    def rename(self) -> bool:
        """Name the seats after the players who took them ("Cat", not "Ann"), as a
        step of the table's (its log line says so); True if any was."""
        renamed = False
        for number, seat in enumerate(self.seats):
            name = seat.player.strip()
            if not name or name.casefold() in {n.casefold() for n in self.names}:
                continue  # no name given, or this or another seat's already
            with contextlib.suppress(TableError):
                self.table.rename_seat(number, name)
                renamed = True
        return renamed

    def connections(self) -> list[Connection]:
        """Everyone connected: the seats' players and the spectators."""
        found = [seat.connection for seat in self.seats if seat.connection is not None]
        return found + list(self.spectators)

    def presence(self) -> list[dict[str, Any]]:
        """The seats as every client is told."""
        names = [seat.name for seat in self.table.seats]
        return [seat.info(name) for seat, name in zip(self.seats, names, strict=True)]

    def send_frame(self, connection: Connection, said: str = "") -> None:
        """The connection's own frame of the table (its first: all its handles new)."""
        framer = self.framers.get(connection)
        if framer is None or framer.seat != connection.seat:
            framer = self.framers[connection] = SeatFramer(connection.seat)
        connection.send("table", table=framer.frame(self.table, self.touched), said=said)

    def broadcast(self, said: str = "") -> None:
        """Every connection's own frame, after a change; ``said``: what was done."""
        self.touched = self.shared.take_touched()
        here = self.connections()
        for gone in set(self.framers) - set(here):
            del self.framers[gone]
        for connection in here:
            self.send_frame(connection, said)
        self.touched = frozenset()

    def tell_presence(self) -> None:
        """Who is connected, to everyone."""
        seats = self.presence()
        for connection in self.connections():
            connection.send("presence", seats=seats)

    async def command(self, connection: Connection, command: dict[str, Any], seq: int) -> bool:
        """Do a seat's table command; answer it; True when it changed the table."""
        seat = connection.seat
        assert seat is not None
        async with self.lock:
            framer = self.framers.get(connection)
            if framer is None:
                framer = self.framers[connection] = SeatFramer(seat)
            try:
                said = self.shared.apply(seat, command, framer.resolver)
            except TableError as error:
                reason = str(error)
                connection.send("answer", answer=_answer(False, reason), reply_to=seq)
                return False
            connection.send("answer", answer=_answer(True, ""), reply_to=seq)
            if not said:
                return False
            self.broadcast(said_by(self.table.seats[seat].name, said))
            return True

    def saved(self) -> str:
        """The room as its autosave holds it: the table (its seed too: the file stays
        on the host), the seats with their tokens."""
        names = [seat.name for seat in self.table.seats]
        data = {
            "room": self.code,
            "kind": "table",
            "table": table_to_data(self.table),
            "seats": [
                {**seat.info(name), "token": seat.token}
                for seat, name in zip(self.seats, names, strict=True)
            ],
        }
        return json.dumps(data, indent=1)


def said_by(name: str, done: str) -> str:
    """What a seat did, for the log: its name first, once.

    >>> said_by("Ann", "Shuffle Deck"), said_by("Ben", "Ben plays the Ace of Paper")
    ('Ann: Shuffle Deck', 'Ben plays the Ace of Paper')
    """
    return done if done.startswith(f"{name} ") else f"{name}: {done}"


def _answer(accepted: bool, reason: str) -> dict[str, Any]:
    """An answer as the game rooms write it (``vtt.match.Answer``'s JSON form)."""
    reason = reason[:1].upper() + reason[1:]
    return {"accepted": accepted, "reason": reason, "frame": None, "text": None}


def add_table_room(host: Host, table: Table, code: str | None = None) -> TableRoom:
    """A new room on ``host`` sharing ``table``, one open seat for each of its seats.
    The host should own ``table``: nothing else may change it."""
    from vtt.net.protocol import new_room_code

    while code is None or code in host.rooms:
        code = new_room_code()
    seats = [Seat(SeatSpec("person")) for _ in table.seats]
    room = TableRoom(code, SharedTable(table), seats)
    host.rooms[code] = room
    return room


def resume_table_room(host: Host, file: Path) -> TableRoom:
    """The table room saved in ``file`` (by the host's autosave), as it was: the same
    code and tokens; ValueError naming the file when it cannot be."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("kind") != "table":
            raise ValueError("it is not a table room's autosave")
        table = table_from_data(data["table"], file)
        room = add_table_room(host, table, str(data["room"]))
        saved = data["seats"]
        if not isinstance(saved, list) or len(saved) != len(room.seats):
            raise ValueError("its seats do not match its table's")
        for seat, entry in zip(room.seats, saved, strict=True):
            token, player = entry["token"], entry["player"]
            if not (token is None or isinstance(token, str)) or not isinstance(player, str):
                raise ValueError("a seat's token or player is not text")
            seat.token, seat.player = token, player
    except SaveFileError as error:
        raise ValueError(str(error)) from None
    except (OSError, KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{file}: cannot resume the room: {error}") from None
    return room


def is_table_file(file: Path) -> bool:
    """True for a host's autosave of a table room (``vtt serve --resume`` tells)."""
    try:
        data = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("kind") == "table"
