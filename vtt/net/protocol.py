"""The messages of network play (no asyncio, no sockets): the envelope, the limits,
validation with clear error codes, invites and room codes. docs/network.md tells it.

Every message is one JSON object in a WebSocket text message:
``{"v": 1, "seq": N, "type": "...", ...}``; ``seq`` counts each side's messages from
1. A client sends ``hello``, ``command`` and ``ping``; the host sends ``welcome``,
``pack``, ``frame``, ``answer``, ``presence``, ``pong``, ``error`` and ``bye``.

>>> decode_client(encode("ping", 1))
{'v': 1, 'seq': 1, 'type': 'ping'}
>>> decode_client('{"v": 1, "seq": 1, "type": "shout"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
vtt.net.protocol.ProtocolError: unknown-type: unknown message type 'shout' (one of: ...)
>>> parse_invite("vtt://127.0.0.1:8765/ABCDEF")
Invite(host='127.0.0.1', port=8765, room='ABCDEF')
"""

from __future__ import annotations

import json
import re
import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CLIENT_TYPES",
    "MAX_CHAT",
    "MAX_CLIENT_MESSAGE",
    "MAX_HOST_MESSAGE",
    "MAX_PACK_ARCHIVE",
    "ROOM_LETTERS",
    "VERSION",
    "Invite",
    "ProtocolError",
    "TokenBucket",
    "chat_text",
    "decode_client",
    "encode",
    "new_room_code",
    "new_token",
    "parse_invite",
]

#: The protocol's version: a message of another is refused with ``bad-version``.
VERSION = 1
#: A client's message at most (a command is a few hundred bytes): larger ones are
#: answered with ``too-big``; beyond ``MAX_WIRE`` the socket itself closes (1009).
MAX_CLIENT_MESSAGE = 64 * 1024
#: What the host reads off the socket at most before closing it.
MAX_WIRE = 1024 * 1024
#: A host's message at most, which a client should accept (a whole frame of a big
#: table is some tens of KB; a pack's text up to 1 MB).
MAX_HOST_MESSAGE = 4 * 1024 * 1024
#: Room codes: six of these letters (no I, L, O: they read as 1 and 0).
ROOM_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"
ROOM_CODE_LENGTH = 6
#: What a client may send, and the fields each must have (besides v, seq, type).
CLIENT_TYPES: dict[str, set[str]] = {
    "lobby": {"room"},
    "hello": {"room", "token", "name", "want", "pack_digest"},
    "command": {"command"},
    "chat": {"text"},
    "ping": set(),
}
#: The longest name a player may give.
MAX_NAME = 40
#: The longest line a player may say (``chat``).
MAX_CHAT = 300
#: The largest pack archive (``.jpack``) a host sends: base64 makes it a third
#: larger, within a host's message.
MAX_PACK_ARCHIVE = 3 * 1024 * 1024 - 64 * 1024


class ProtocolError(ValueError):
    """A message that breaks the protocol: ``code`` (``bad-json``, ``too-big``,
    ``bad-version``, ``bad-message``, ``unknown-type``...) and what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def encode(kind: str, seq: int, **fields: Any) -> str:
    """One message as the text sent."""
    return json.dumps({"v": VERSION, "seq": seq, "type": kind, **fields}, separators=(",", ":"))


def decode_client(text: str | bytes) -> dict[str, Any]:
    """A client's message read and checked: its envelope, type and fields (what a
    ``hello`` wants, too); ProtocolError otherwise."""
    if isinstance(text, bytes):
        raise ProtocolError("bad-message", "messages are JSON text, not binary")
    if len(text) > MAX_CLIENT_MESSAGE:
        raise ProtocolError(
            "too-big", f"a message is at most {MAX_CLIENT_MESSAGE} bytes, this is {len(text)}"
        )
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("bad-json", "the message is not JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad-message", "a message is a JSON object")
    if data.get("v") != VERSION:
        raise ProtocolError("bad-version", f"this host speaks version {VERSION} of the protocol")
    seq = data.get("seq")
    if type(seq) is not int or seq < 1:
        raise ProtocolError("bad-message", "'seq' is a whole number from 1")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "unknown-type",
            f"unknown message type {kind!r} (one of: {', '.join(sorted(CLIENT_TYPES))})",
        )
    missing = CLIENT_TYPES[kind] - set(data)
    extra = set(data) - CLIENT_TYPES[kind] - {"v", "seq", "type"}
    if missing or extra:
        wrong = [f"missing {sorted(missing)}"] if missing else []
        wrong += [f"unknown {sorted(extra)}"] if extra else []
        raise ProtocolError("bad-message", f"a {kind} message has fields: {'; '.join(wrong)}")
    if kind == "hello":
        _check_hello(data)
    elif kind == "lobby" and not isinstance(data["room"], str):
        raise ProtocolError("bad-message", "'room' is the room code")
    elif kind == "chat" and not (isinstance(data["text"], str) and len(data["text"]) <= MAX_CHAT):
        raise ProtocolError("bad-message", f"'text' is a line of at most {MAX_CHAT} characters")
    elif not isinstance(data["command"] if kind == "command" else {}, dict):
        raise ProtocolError("bad-message", "'command' is a JSON object")
    return data


def _check_hello(data: dict[str, Any]) -> None:
    if not isinstance(data["room"], str):
        raise ProtocolError("bad-message", "'room' is the room code")
    if data["token"] is not None and not isinstance(data["token"], str):
        raise ProtocolError("bad-message", "'token' is the seat's token or null")
    name = data["name"]
    if not isinstance(name, str) or len(name) > MAX_NAME:
        raise ProtocolError("bad-message", f"'name' is text of at most {MAX_NAME} characters")
    want = data["want"]
    if not (want in ("watch", "any") or (type(want) is int and want >= 0)):
        raise ProtocolError("bad-message", '\'want\' is a seat number, "watch" or "any"')
    if data["pack_digest"] is not None and not isinstance(data["pack_digest"], str):
        raise ProtocolError("bad-message", "'pack_digest' is the pack's digest or null")


def chat_text(text: str) -> str:
    """A line said as it is passed on: one line of plain text, its control and
    invisible characters as spaces, trimmed (it is shown as text, never marked up).

    >>> chat_text("  hi\\n<b>all</b>\\u202e ")
    'hi <b>all</b>'
    """
    kept = "".join(" " if unicodedata.category(c)[0] in "CZ" and c != " " else c for c in text)
    return " ".join(kept.split())


def new_room_code() -> str:
    """A fresh room code: six letters that cannot be misread."""
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_CODE_LENGTH))


def new_token() -> str:
    """A seat's secret token (whoever holds it plays the seat)."""
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class Invite:
    """Where a room is: ``vtt://HOST:PORT/ROOMCODE``."""

    host: str
    port: int
    room: str

    def __str__(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"vtt://{host}:{self.port}/{self.room}"

    @property
    def url(self) -> str:
        """The WebSocket address to connect to."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}/"


_INVITE = re.compile(r"vtt://(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})/([A-Za-z]{6})/?")


def parse_invite(text: str) -> Invite:
    """The invite written ``vtt://HOST:PORT/ROOMCODE`` (the code in any case);
    ValueError saying what is wrong."""
    found = _INVITE.fullmatch(text.strip())
    if found is None:
        raise ValueError(f"{text!r} is no invite: it reads vtt://HOST:PORT/ROOMCODE")
    host, port, room = found.group(1).strip("[]"), int(found.group(2)), found.group(3).upper()
    if not 0 < port < 65536:
        raise ValueError(f"{port} is no port: 1 to 65535")
    if any(letter not in ROOM_LETTERS for letter in room):
        raise ValueError(f"{room} is no room code: six letters, no I, L or O")
    return Invite(host, port, room)


class TokenBucket:
    """A rate limit: ``burst`` at once, then ``rate`` a second (``clock`` in seconds).

    >>> now = [0.0]
    >>> bucket = TokenBucket(2, 1, lambda: now[0])
    >>> [bucket.take() for _ in range(3)]
    [True, True, False]
    >>> now[0] = 1.0
    >>> bucket.take()
    True
    """

    def __init__(self, burst: float, rate: float, clock: Callable[[], float]) -> None:
        self.burst, self.rate, self.clock = burst, rate, clock
        self.tokens = burst
        self.at = clock()

    def take(self) -> bool:
        """Spend one token if there is one."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
