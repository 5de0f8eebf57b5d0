"""The host of network play: a WebSocket server on asyncio holding rooms, each a
:class:`~vtt.match.Match` with its seats (a remote person's, a computer's), each
seat's token, and spectators. See docs/network.md.

Each connection is sent only its own seat's frames (a spectator: the spectator's
frame), whole, after every change; a command is taken only from the connection that
holds the seat's token, for that seat, and the match refuses what is not legal with
the reason. Computer seats think on the host, off the event loop, with their seat's
view. Bad messages are answered with an error; a connection that keeps sending them,
or floods, or reads too slowly, is closed; the room goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from vtt.match import COMPUTER, REMOTE, HouseRules, Match, MatchSeat, command_from_json
from vtt.net.protocol import (
    MAX_WIRE,
    Invite,
    ProtocolError,
    TokenBucket,
    decode_client,
    encode,
    new_room_code,
    new_token,
)
from vtt.rules.errors import RulesError
from vtt.rules.finder import pack_digest
from vtt.rules.game import Game
from vtt.table.savefile import write_atomically

__all__ = ["Connection", "Host", "Room", "SeatSpec", "parse_seats"]

#: Commands a connection may send: a burst, then a steady rate per second.
COMMAND_BURST, COMMAND_RATE = 60, 30.0
#: Errors a connection may earn: a burst, then a rate per second; beyond, it is closed.
ABUSE_BURST, ABUSE_RATE = 30, 1.0
#: Messages waiting for a slow reader at most; beyond, it is closed.
MAX_OUTBOX = 256
#: Spectators per room at most.
MAX_SPECTATORS = 32
#: Seconds a new connection has to say hello.
HELLO_WITHIN = 30.0


@dataclass(frozen=True)
class SeatSpec:
    """One seat as the host sets it up: a person's (open until someone takes it) or a
    computer's of a ``level``."""

    kind: str  # "person" or "computer"
    level: str = ""
    name: str = ""


def parse_seats(text: str) -> list[SeatSpec]:
    """``human,computer:normal,...`` as seats; ValueError naming a wrong one.

    >>> parse_seats("human,computer:hard")
    [SeatSpec(kind='person', level='', name=''), SeatSpec(kind='computer', level='hard', name='')]
    """
    from vtt.ai.levels import AGENTS

    found = []
    for word in text.split(","):
        kind, _, level = word.strip().partition(":")
        if kind in ("human", "person", "open") and not level:
            found.append(SeatSpec("person"))
        elif kind == "computer" and (level or "normal") in AGENTS:
            found.append(SeatSpec("computer", level or "normal"))
        else:
            raise ValueError(
                f"seat {word.strip()!r}: human, or computer:LEVEL ({', '.join(AGENTS)})"
            )
    return found


class Connection:
    """One client: its outgoing messages (numbered, sent by a task of their own so a
    slow reader holds up nobody), its limits, and the seat it plays (None: watching)."""

    def __init__(self, socket: ServerConnection) -> None:
        self.socket = socket
        self.seq = 0
        self.last_seq = 0
        self.seat: int | None = None
        self.room: Room | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue()
        self.commands = TokenBucket(COMMAND_BURST, COMMAND_RATE, time.monotonic)
        self.abuse = TokenBucket(ABUSE_BURST, ABUSE_RATE, time.monotonic)
        self.closing = False

    def send(self, kind: str, **fields: Any) -> None:
        """Queue one message; a reader too slow to take them is closed."""
        if self.closing:
            return
        if self.outbox.qsize() >= MAX_OUTBOX:
            self.close("you read too slowly")
            return
        self.seq += 1
        self.outbox.put_nowait(encode(kind, self.seq, **fields))

    def error(self, code: str, message: str, reply_to: int | None = None) -> None:
        """Answer with an error (``reply_to``: the seq of the message it answers, when
        it could be read); one error too many closes the connection."""
        self.send("error", code=code, message=message, reply_to=reply_to)
        if not self.abuse.take():
            self.close("too many bad messages")

    def close(self, reason: str) -> None:
        """Say goodbye and close once the messages queued are sent."""
        if self.closing:
            return
        self.seq += 1
        self.outbox.put_nowait(encode("bye", self.seq, reason=reason))
        self.outbox.put_nowait(None)
        self.closing = True

    async def pump(self) -> None:
        """Send the queued messages in order until the connection closes."""
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.outbox.get()) is not None:
                await self.socket.send(text)
            await self.socket.close(1000)


@dataclass
class Seat:
    """A seat of a room: who plays it, its token once taken, its connection now."""

    spec: SeatSpec
    token: str | None = None
    player: str = ""
    connection: Connection | None = None

    def info(self, name: str) -> dict[str, Any]:
        """The seat as every client is told (never its token)."""
        return {
            "name": name,
            "kind": self.spec.kind,
            "level": self.spec.level,
            "player": self.player,
            "taken": self.spec.kind == COMPUTER or self.token is not None,
            "connected": self.spec.kind == COMPUTER or self.connection is not None,
        }


@dataclass
class Room:
    """One game on the host."""

    code: str
    match: Match
    pack_path: Path
    pack_id: str
    digest: str
    pack_text: str
    seats: list[Seat]
    spectators: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    thinking: asyncio.Task[None] | None = None

    def connections(self) -> list[Connection]:
        """Everyone connected: the seats' players and the spectators."""
        found = [seat.connection for seat in self.seats if seat.connection is not None]
        return found + list(self.spectators)

    def presence(self) -> list[dict[str, Any]]:
        """The seats as every client is told."""
        return [seat.info(name) for seat, name in zip(self.seats, self.match.names, strict=True)]

    def send_frame(self, connection: Connection) -> None:
        """The connection's own frame (a seat's, or the spectator's)."""
        seat = connection.seat
        frame = self.match.spectator_frame() if seat is None else self.match.frame(seat)
        connection.send("frame", frame=frame.to_json())

    def broadcast(self) -> None:
        """Every connection's own frame, after a change."""
        for connection in self.connections():
            self.send_frame(connection)

    def tell_presence(self) -> None:
        """Who is connected, to everyone."""
        seats = self.presence()
        for connection in self.connections():
            connection.send("presence", seats=seats)


class Host:
    """The server: rooms by code, served on one address and port."""

    def __init__(self, autosave: Path | None = None) -> None:
        self.rooms: dict[str, Room] = {}
        self.server: Server | None = None
        self.address = ("127.0.0.1", 0)
        #: The folder each room is saved in after every change (ROOMCODE.json), if any.
        self.autosave = autosave

    def add_room(
        self,
        game: Game,
        pack: str | Path,
        seats: Sequence[SeatSpec],
        options: dict[str, object] | None = None,
        seed: int = 0,
        code: str | None = None,
    ) -> Room:
        """A new room playing ``game`` (from the pack at ``pack``) with ``seats``."""
        match_seats = [
            MatchSeat(spec.name or f"P{index + 1}", COMPUTER, spec.level)
            if spec.kind == COMPUTER
            else MatchSeat(spec.name or f"P{index + 1}", REMOTE)
            for index, spec in enumerate(seats)
        ]
        match = Match(game, match_seats, options or {}, seed)
        from vtt.rules.finder import find_pack

        path = find_pack(pack)
        while code is None or code in self.rooms:
            code = new_room_code()
        room = Room(
            code,
            match,
            path,
            game.id,
            pack_digest(path),
            path.read_text(encoding="utf-8"),
            [Seat(spec) for spec in seats],
        )
        self.rooms[code] = room
        return room

    def save(self, room: Room) -> None:
        """Write ``room`` to the autosave folder (if any), whole or not at all: the
        pack, seats with their tokens, options, seed and the moves made."""
        if self.autosave is None:
            return
        match = room.match
        data = {
            "room": room.code,
            "pack": str(room.pack_path),
            "pack_digest": room.digest,
            "seats": [
                {**seat.info(name), "token": seat.token}
                for seat, name in zip(room.seats, match.names, strict=True)
            ],
            "options": match.options,
            "seed": match.seed,
            "moves": [move.text for move in match.moves],
            "resigned": match.resigned,
        }
        write_atomically(self.autosave / f"{room.code}.json", json.dumps(data, indent=1))

    def resume(self, file: Path) -> Room:
        """The room saved in ``file``, as it was (the same code and tokens: players
        reconnect to it); ValueError naming the file when it cannot be."""
        from vtt.rules.finder import load_game

        try:
            data = json.loads(file.read_text(encoding="utf-8"))
            path = Path(data["pack"])
            if pack_digest(path) != data["pack_digest"]:
                raise ValueError(f"the pack {path} has changed since the room was saved")
            seats = [SeatSpec(seat["kind"], seat["level"]) for seat in data["seats"]]
            room = self.add_room(
                load_game(path), path, seats, data["options"], data["seed"], data["room"]
            )
            room.match.resume(data["moves"], str(file))
            room.match.resigned = data["resigned"]
            for seat, saved in zip(room.seats, data["seats"], strict=True):
                seat.token, seat.player = saved["token"], saved["player"]
        except (OSError, KeyError, TypeError, ValueError, RulesError) as error:
            raise ValueError(f"{file}: cannot resume the room: {error}") from None
        return room

    def invite(self, room: Room) -> Invite:
        """Where to find ``room``."""
        return Invite(self.address[0], self.address[1], room.code)

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Serve on ``host``:``port`` (0: a free port); the port served."""
        self.server = await serve(self._serve, host, port, max_size=MAX_WIRE)
        bound = next(iter(self.server.sockets)).getsockname()
        self.address = (host, bound[1])
        for room in self.rooms.values():
            self._drive(room)
        return int(bound[1])

    async def stop(self) -> None:
        """Close every connection and stop serving."""
        for room in self.rooms.values():
            if room.thinking is not None:
                room.thinking.cancel()
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    # ------------------------------------------------------------ connections

    async def _serve(self, socket: ServerConnection) -> None:
        connection = Connection(socket)
        pump = asyncio.create_task(connection.pump())
        try:
            await self._converse(connection)
        except ConnectionClosed:
            pass
        except TimeoutError:
            connection.close(f"no hello within {HELLO_WITHIN:.0f} seconds")
        finally:
            self._leave(connection)
            connection.close("goodbye")
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(pump, 5)

    async def _converse(self, connection: Connection) -> None:
        socket = connection.socket
        while connection.room is None:
            if connection.closing:
                return
            text = await asyncio.wait_for(socket.recv(), HELLO_WITHIN)
            message = self._read(connection, text)
            if message is None:
                continue
            if message["type"] != "hello":
                connection.error(
                    "not-hello", "say hello first: which room and seat", message["seq"]
                )
                continue
            await self._hello(connection, message)
        async for text in socket:
            if connection.closing:  # read and dropped, so the client hears the goodbye
                continue
            message = self._read(connection, text)
            if message is not None:
                await self._on_message(connection, message)

    def _read(self, connection: Connection, text: str | bytes) -> dict[str, Any] | None:
        try:
            message = decode_client(text)
        except ProtocolError as error:
            connection.error(error.code, error.message)
            return None
        if message["seq"] <= connection.last_seq:
            connection.error(
                "bad-seq", f"'seq' counts up: the last was {connection.last_seq}", message["seq"]
            )
            return None
        connection.last_seq = message["seq"]
        return message

    async def _hello(self, connection: Connection, message: dict[str, Any]) -> None:
        room = self.rooms.get(message["room"].upper())
        if room is None:
            connection.error(
                "no-room", f"there is no room {message['room']!r} here", message["seq"]
            )
            return
        async with room.lock:
            seat = self._seat_for(room, connection, message)
            if seat is False:
                return
            connection.room = room
            self.save(room)  # a seat taken: its token is kept
            if seat is None:
                room.spectators.add(connection)
            if message["pack_digest"] != room.digest:
                connection.send(
                    "pack", pack=room.pack_id, pack_digest=room.digest, text=room.pack_text
                )
            token = room.seats[seat].token if seat is not None else None
            connection.send(
                "welcome",
                seat=seat,
                token=token,
                room=room.code,
                pack=room.pack_id,
                pack_digest=room.digest,
                seats=room.presence(),
            )
            room.send_frame(connection)
            room.tell_presence()

    def _seat_for(
        self, room: Room, connection: Connection, message: dict[str, Any]
    ) -> int | bool | None:
        """The seat the hello takes (None: watching), or False, answered with why not."""
        token, want = message["token"], message["want"]
        if token is not None:
            found = [i for i, seat in enumerate(room.seats) if seat.token == token]
            if not found:
                connection.error(
                    "bad-token", "that token holds no seat of this room", message["seq"]
                )
                return False
            seat = room.seats[found[0]]
            if seat.connection is not None:  # the same player again: the old link is dead
                seat.connection.close("your seat was taken up by a new connection")
            seat.connection, connection.seat = connection, found[0]
            seat.player = message["name"] or seat.player
            return found[0]
        if want == "watch":
            if len(room.spectators) >= MAX_SPECTATORS:
                connection.error("room-full", f"at most {MAX_SPECTATORS} may watch", message["seq"])
                return False
            return None
        free = [
            i
            for i, seat in enumerate(room.seats)
            if seat.spec.kind != COMPUTER and seat.token is None
        ]
        if want != "any" and want not in free:
            why = "no such seat" if want >= len(room.seats) else "that seat is taken"
            connection.error(
                "seat-taken", f"seat {want}: {why}; free: {free or 'none'}", message["seq"]
            )
            return False
        if not free:
            connection.error("seat-taken", "every seat is taken: watch instead", message["seq"])
            return False
        number = free[0] if want == "any" else want
        seat = room.seats[number]
        seat.token, seat.connection, seat.player = new_token(), connection, message["name"]
        connection.seat = number
        return number

    def _leave(self, connection: Connection) -> None:
        room = connection.room
        if room is None:
            return
        room.spectators.discard(connection)
        if connection.seat is not None:
            seat = room.seats[connection.seat]
            if seat.connection is connection:
                seat.connection = None  # the seat stays the player's: away
        connection.room = None
        room.tell_presence()

    # ------------------------------------------------------------ messages

    async def _on_message(self, connection: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "ping":
            connection.send("pong", reply_to=message["seq"])
        elif kind == "hello":
            connection.error(
                "bad-message", "this connection has said hello already", message["seq"]
            )
        elif not connection.commands.take():
            connection.error("rate-limit", "too many commands: slow down", message["seq"])
        else:
            await self._command(connection, message)

    async def _command(self, connection: Connection, message: dict[str, Any]) -> None:
        room = connection.room
        assert room is not None
        if connection.seat is None:
            connection.error("not-your-seat", "a spectator gives no commands", message["seq"])
            return
        try:
            command = command_from_json(message["command"])
        except ValueError as error:
            connection.error("bad-command", str(error), message["seq"])
            return
        if command.seat != connection.seat:
            connection.error(
                "not-your-seat",
                f"you play seat {connection.seat}, not seat {command.seat}",
                message["seq"],
            )
            return
        if isinstance(command, HouseRules):  # it would hand over every secret
            connection.error(
                "not-allowed", "house rules are for a game at one screen", message["seq"]
            )
            return
        async with room.lock:
            generation = room.match.generation
            try:
                answer = room.match.send(command)
            except RulesError as error:  # the pack fails on it: said, the room goes on
                connection.send(
                    "error", code="rules-failed", message=str(error), reply_to=message["seq"]
                )
                return
            connection.send("answer", answer=answer.to_json(), reply_to=message["seq"])
            if room.match.generation != generation:
                self.save(room)
                room.broadcast()
        self._drive(room)

    # ------------------------------------------------------------ computers

    def _drive(self, room: Room) -> None:
        """Let the computer seats move while it is theirs to (one task a room)."""
        idle = room.thinking is None or room.thinking.done()
        if idle and room.match.computer_to_move() is not None:
            room.thinking = asyncio.create_task(self._think(room))

    async def _think(self, room: Room) -> None:
        while True:
            async with room.lock:
                seat = room.match.computer_to_move()
                if seat is None:
                    return
                # Off the event loop: the others' pings and refusals are answered meanwhile.
                try:
                    answer = await asyncio.to_thread(room.match.think, seat)
                except RulesError as error:  # the pack fails on its move: every seat is told
                    for connection in room.connections():
                        connection.send("error", code="rules-failed", message=str(error))
                    return
                if answer.accepted:
                    self.save(room)
                    room.broadcast()
                else:  # never loop on a computer that cannot move
                    return
