"""Plain websockets clients for the host's tests, on asyncio (no Qt): they record every
message they receive, and can play random legal moves from their own frames."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from vtt.match import Play, SeatFrame, frame_from_json
from vtt.net.host import Host, Room
from vtt.net.protocol import MAX_HOST_MESSAGE, encode

#: Generous bounds on waiting for a message (a hang fails the test instead of the suite).
WAIT = 60.0


class Client:
    """One connection to the host: what it received (``wire``), its seat and token,
    its latest frame."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.seq = 0
        self.wire: list[str] = []
        self.seat: int | None = None
        self.token: str | None = None
        self.frame: SeatFrame | None = None
        self.errors: list[dict[str, Any]] = []
        self.answers: list[dict[str, Any]] = []

    @classmethod
    async def join(
        cls, host: Host, room: Room, want: int | str = "any", token: str | None = None
    ) -> Client:
        """Connect and say hello; returns once welcomed and sent a frame."""
        return await cls.join_at(host.invite(room).url, room.code, room.digest, want, token)

    @classmethod
    async def join_at(
        cls, url: str, code: str, digest: str | None, want: int | str, token: str | None
    ) -> Client:
        """Connect to the host at ``url`` and say hello to room ``code``."""
        socket = await connect(url, max_size=MAX_HOST_MESSAGE)
        client = cls(socket)
        await client.send(
            "hello", room=code, token=token, name="Tester", want=want, pack_digest=digest
        )
        welcome = await client.until("welcome")
        client.seat, client.token = welcome["seat"], welcome["token"]
        await client.until("frame")
        return client

    async def send(self, kind: str, **fields: Any) -> int:
        self.seq += 1
        await self.socket.send(encode(kind, self.seq, **fields))
        return self.seq

    async def receive(self) -> dict[str, Any]:
        """The next message (recorded, and read: frames, errors, answers kept)."""
        text = await asyncio.wait_for(self.socket.recv(), WAIT)
        assert isinstance(text, str)
        self.wire.append(text)
        message: dict[str, Any] = json.loads(text)
        if message["type"] == "frame":
            self.frame = frame_from_json(message["frame"])
        elif message["type"] == "error":
            self.errors.append(message)
        elif message["type"] == "answer":
            self.answers.append(message)
            if message["answer"]["frame"] is not None:
                self.frame = frame_from_json(message["answer"]["frame"])
        return message

    async def until(
        self, kind: str, test: Callable[[dict[str, Any]], bool] = bool, also: str = ""
    ) -> dict[str, Any]:
        """The next message of type ``kind`` that passes ``test`` (or of type ``also``
        that does)."""
        while True:
            message = await self.receive()
            if message["type"] in (kind, also) and test(message):
                return message

    async def drain(self) -> None:
        """Read until the host closes the connection."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self.receive()

    async def close(self) -> None:
        await self.socket.close()


async def play_randomly(client: Client, rng: random.Random, moves: int = 10_000) -> None:
    """Play random legal moves from the client's own frames until the game is over (or
    ``moves`` are made and accepted), waiting for each answer."""
    made = 0
    while client.frame is not None and not client.frame.over and made < moves:
        frame = client.frame
        if frame.moves and frame.chosen is None:
            move = frame.moves[rng.randrange(len(frame.moves))]
            seq = await client.send(
                "command", command=Play(client.seat or 0, text=move.text).to_json()
            )
            reply = await client.until(
                "answer", lambda m, seq=seq: m["reply_to"] == seq, also="error"
            )
            if reply["type"] == "error":  # only a rate limit: wait a little and go on
                assert reply["code"] == "rate-limit", reply
                await asyncio.sleep(0.2)
            elif reply["answer"]["accepted"]:
                made += 1
            continue
        await client.until("frame")
    if made >= moves:
        return
    while client.frame is not None and not client.frame.over:  # the others finish
        await client.until("frame")


async def hosting(
    room_of: Callable[[Host], Room], body: Callable[[Host, Room], Awaitable[None]]
) -> None:
    """Run ``body`` against a host serving one room on 127.0.0.1, a free port."""
    host = Host()
    room = room_of(host)
    await host.start("127.0.0.1", 0)
    try:
        await body(host, room)
    finally:
        await host.stop()
