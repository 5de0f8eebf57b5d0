"""A client of a network host (issue 29), on a worker thread: no asyncio, no Qt.

The client speaks the protocol of docs/network.md: JSON text messages, each one object
``{"v": 1, "seq": N, "type": ...}``. It says ``hello`` (the room, the seat's token when
it has one, a name and the seat wanted), then hears ``welcome`` (its seat and token),
whole ``frame`` messages, ``answer`` messages to its commands (``reply_to`` its seq),
``presence`` and ``error``. When the connection drops it says so (``status``
"reconnecting") and connects again with the seat's token, which gives the seat back.

Whoever uses it hears every event through one callable, ``on_event(kind, data)``,
called on the worker thread: ``welcome``, ``frame`` (a :class:`SeatFrame`; a free
table's room sends ``table``, its frame as JSON data, with what was done), ``answer``
(an :class:`Answer` and the command it answers), ``presence`` (the seats' list),
``pack`` (a :class:`SentPack`, when the host sends its copy), ``chat`` (seat, name,
text), ``error``, ``refused`` (the host would not seat us: why; the client stops),
``status`` ("connected", "reconnecting", "closed"), ``retry`` (the try and the seconds
until it) and ``bye`` (its code and reason). A host that says ``bye`` because it stops
(code ``shutdown``) may come back, resumed from its autosave: the client keeps trying,
with its token; any other ``bye`` ends it. The window forwards the events to its own
thread with a Qt signal.

``fetch_lobby`` asks a host about a room before joining it: its pack and seats.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from vtt.match import Command, answer_from_json, frame_from_json
from vtt.net.protocol import MAX_HOST_MESSAGE, Invite, encode

__all__ = ["LobbyError", "NetClient", "SentPack", "fetch_lobby"]

#: The largest message the client reads (the host's own limit).
MAX_MESSAGE = MAX_HOST_MESSAGE
#: Seconds between tries to connect again, doubling up to the last.
RETRY_WAITS = (0.2, 0.5, 1.0, 2.0, 4.0)

Listener = Callable[[str, Any], None]
#: Seconds to wait for a host's answer about a room.
LOBBY_WAIT = 10.0


class LobbyError(ValueError):
    """A room that could not be asked about: the reason."""


def fetch_lobby(invite: Invite, wait: float = LOBBY_WAIT) -> dict[str, Any]:
    """What the host says of the room before one joins: ``pack``, ``pack_name``,
    ``pack_digest``, ``seats`` (as ``presence``) and ``watch``; LobbyError why not."""
    try:
        with connect(invite.url, max_size=MAX_MESSAGE, open_timeout=wait) as connection:
            connection.send(encode("lobby", 1, room=invite.room))
            while True:
                message = json.loads(connection.recv(wait))
                if message.get("type") == "lobby" and isinstance(message.get("seats"), list):
                    return dict(message)
                if message.get("type") in ("error", "bye"):
                    code = message.get("code")
                    if code == "unknown-type":
                        raise LobbyError("this host does not list its seats (an older one)")
                    raise LobbyError(str(message.get("message") or message.get("reason")))
    except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError) as error:
        raise LobbyError(f"no host answers at {invite}: {error}") from None
    except (ValueError, TypeError, AttributeError) as error:
        if isinstance(error, LobbyError):
            raise
        raise LobbyError(f"the host's answer is not understood: {error}") from None


@dataclass(frozen=True)
class SentPack:
    """The pack a host sent: its id and digest, and its ``.jpack`` archive, or None
    and why the host could not send it."""

    pack: str
    digest: str
    archive: bytes | None
    reason: str = ""


class NetClient:
    """One connection to a room, kept up on a worker thread (``start``, ``close``).

    ``want`` is a seat number, ``"watch"`` or ``"any"``; ``token`` gives a seat back.
    """

    def __init__(
        self,
        invite: Invite,
        name: str,
        want: int | str,
        on_event: Listener,
        token: str | None = None,
        pack_digest: str | None = None,
        knows: Callable[[dict[str, Any]], str | None] | None = None,
    ) -> None:
        self.invite = invite
        self.name = name
        self.want: int | str | None = want
        self.token = token
        self.pack_digest = pack_digest
        #: Asked, on the worker thread, with the room's lobby before the first hello
        #: (when no ``pack_digest`` is given): the digest of the room's pack if it is
        #: here (the host then sends no copy), else None.
        self.knows = knows
        self.on_event = on_event
        #: The seat the host gave (None: watching, or not welcomed yet).
        self.seat: int | None = None
        #: Welcomed on the connection open now.
        self.welcomed = False
        self._seq = 0
        #: The commands sent and not answered yet, by their seq.
        self._asked: dict[int, Command] = {}
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._connection: ClientConnection | None = None
        self._thread = threading.Thread(target=self._run, name="vtt-net-client", daemon=True)

    def start(self) -> None:
        """Connect on the worker thread; events follow."""
        self._thread.start()

    def close(self, wait: float = 5.0) -> None:
        """Leave the room and stop the worker thread (waiting at most ``wait`` s)."""
        self._closing.set()
        connection = self._connection
        if connection is not None:
            connection.close()
        if self._thread.is_alive() and threading.current_thread() is not self._thread:
            self._thread.join(wait)

    def drop(self) -> None:
        """Cut the connection as a lost network would (the client connects again)."""
        connection = self._connection
        if connection is not None:
            connection.close()

    def say(self, text: str) -> bool:
        """Say a line to the room (the host passes it on to all as ``chat``); False
        when there is no connection now."""
        with self._lock:
            connection = self._connection
            if connection is None or not self.welcomed:
                return False
            try:
                connection.send(encode("chat", self._next_seq(), text=text))
            except ConnectionClosed:
                return False
        return True

    def send_command(self, command: Command) -> bool:
        """Send a command for the host to answer (``answer`` event); False when there
        is no connection now (the window says so)."""
        with self._lock:
            connection = self._connection
            if connection is None:
                return False
            seq = self._next_seq()
            self._asked[seq] = command
            try:
                connection.send(encode("command", seq, command=command.to_json()))
            except ConnectionClosed:
                self._asked.pop(seq, None)
                return False
        return True

    # ------------------------------------------------------------- the worker thread

    def _next_seq(self) -> int:
        self._seq += 1
        return self._seq

    def _run(self) -> None:
        if self.pack_digest is None and self.knows is not None:
            with contextlib.suppress(LobbyError):  # an older host, or none: the hello says
                self.pack_digest = self.knows(fetch_lobby(self.invite))
        tries = 0
        while not self._closing.is_set():
            try:
                with connect(self.invite.url, max_size=MAX_MESSAGE, open_timeout=10) as connection:
                    tries = 0
                    self._serve(connection)
            except (OSError, ConnectionClosed, InvalidHandshake, InvalidURI, TimeoutError):
                pass
            finally:
                with self._lock:
                    self._connection = None
                    self._asked.clear()
                    self._seq = 0
            if self._closing.is_set() or self.want is None:
                break
            self.on_event("status", "reconnecting")
            wait = RETRY_WAITS[min(tries, len(RETRY_WAITS) - 1)]
            tries += 1
            self.on_event("retry", (tries, wait))
            if self._closing.wait(wait):
                break
        self.on_event("status", "closed")

    def _serve(self, connection: ClientConnection) -> None:
        with self._lock:
            self._seq = 0
            self.welcomed = False
            hello = encode(
                "hello",
                self._next_seq(),
                room=self.invite.room,
                token=self.token,
                name=self.name,
                want=self.want,
                pack_digest=self.pack_digest,
            )
            connection.send(hello)
            self._connection = connection
        for text in connection:
            if self._closing.is_set():
                return
            self._heard(text)

    def _heard(self, text: str | bytes) -> None:
        """One message from the host, told to the listener; a message that is no
        protocol message is told as an ``error`` (the connection goes on)."""
        try:
            message = json.loads(text)
            kind = message["type"]
            if kind == "welcome":
                self.welcomed = True
                self.seat = message.get("seat")
                self.token = message.get("token") or self.token
                if self.seat is not None:
                    self.want = self.seat
                self.on_event("status", "connected")
                self.on_event("welcome", message)
            elif kind == "frame":
                self.on_event("frame", frame_from_json(message["frame"]))
            elif kind == "table":  # a free table's frame (vtt.net.tableroom), read by its window
                self.on_event("table", {"table": message["table"], "said": message.get("said")})
            elif kind == "answer":
                with self._lock:
                    command = self._asked.pop(message.get("reply_to", -1), None)
                self.on_event("answer", (answer_from_json(message["answer"]), command))
            elif kind == "pack":
                self.on_event("pack", _sent_pack(message))
            elif kind == "presence":
                self.on_event("presence", list(message["seats"]))
            elif kind == "chat":
                seat = message.get("seat")
                seat = seat if type(seat) is int else None
                self.on_event("chat", (seat, str(message["name"]), str(message["text"])))
            elif kind == "error":
                why = str(message.get("message", message.get("code", "")))
                if not self.welcomed and message.get("reply_to") == 1:  # the hello refused
                    self.want = None
                    self.on_event("refused", why)
                    self.drop()
                else:
                    self.on_event("error", why)
            elif kind == "bye":
                code = str(message.get("code", ""))
                if code != "shutdown":  # the host sent us away: no coming back
                    self.want = None
                self.on_event("bye", (code, str(message.get("reason", ""))))
        except (ValueError, KeyError, TypeError, binascii.Error) as error:
            self.on_event("error", f"a message from the host is not understood: {error}")


def _sent_pack(message: dict[str, Any]) -> SentPack:
    """The ``pack`` message read (its archive decoded from base64)."""
    archive = message.get("jpack")
    data = base64.b64decode(archive, validate=True) if isinstance(archive, str) else None
    return SentPack(
        str(message["pack"]), str(message["pack_digest"]), data, str(message.get("reason", ""))
    )
