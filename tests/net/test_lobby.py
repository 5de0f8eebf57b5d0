"""The room before a seat is taken (``lobby``), the players' names on their seats, chat
lines, the host's goodbye when it stops, rooms added while serving, and the pack sent
as a ``.jpack`` to a client without it."""

from __future__ import annotations

import asyncio
import base64
from typing import Any

from websockets.asyncio.client import connect

from tests.net.test_host import COMPUTER, PERSON, room_of
from tests.net.wire import WAIT, Client, hosting
from vtt.net.host import CHAT_BURST, Host, Room, SeatSpec
from vtt.net.protocol import MAX_CHAT, MAX_HOST_MESSAGE


async def joined(host: Host, room: Room, name: str, want: Any = "any", digest: Any = 0) -> Client:
    """A client who said hello as ``name`` (``digest`` 0: the room's own)."""
    client = Client(await connect(host.invite(room).url, max_size=MAX_HOST_MESSAGE))
    await client.send(
        "hello",
        room=room.code,
        token=None,
        name=name,
        want=want,
        pack_digest=room.digest if digest == 0 else digest,
    )
    welcome = await client.until("welcome")
    client.seat, client.token = welcome["seat"], welcome["token"]
    await client.until("frame")
    return client


async def lobby(host: Host, room: Room, code: str | None = None) -> dict[str, Any]:
    """The lobby answer (or error) a fresh connection gets."""
    client = Client(await connect(host.invite(room).url))
    await client.send("lobby", room=code or room.code)
    answer = await client.until("lobby", also="error")
    await client.close()
    return answer


def test_the_lobby_tells_the_room_before_a_seat_is_taken() -> None:
    async def body(host: Host, room: Room) -> None:
        before = await lobby(host, room)
        assert (before["room"], before["pack"], before["pack_digest"]) == (
            room.code,
            "war",
            room.digest,
        )
        assert before["watch"] is True
        assert [(s["kind"], s["taken"]) for s in before["seats"]] == [
            ("person", False),
            ("computer", True),
        ]
        cat = await joined(host, room, "Cat", want=0)
        after = await lobby(host, room)
        assert [(s["taken"], s["player"]) for s in after["seats"]] == [(True, "Cat"), (True, "")]
        assert cat.token is not None and cat.token not in str(after)  # never a token
        assert (await lobby(host, room, "ZZZZZZ"))["code"] == "no-room"
        await cat.close()

    asyncio.run(hosting(room_of("war", [PERSON, SeatSpec("computer", "random", "Robo")]), body))


def test_a_players_name_is_the_seats_name_in_every_frame() -> None:
    async def body(host: Host, room: Room) -> None:
        cat = await joined(host, room, "Cat")
        assert cat.frame is not None and cat.frame.seat_names[0] == "Cat"
        ben = await joined(host, room, "Ben Lee")
        await cat.until("frame", lambda m: m["frame"]["fields"]["seat_names"] == ["Cat", "Ben-Lee"])
        assert ben.frame is not None and ben.frame.seat_names == ("Cat", "Ben-Lee")
        assert room.match.names == ("Cat", "Ben-Lee")
        # a move made, then the game under those names: its log says them
        move = cat.frame.moves[0]
        await cat.send("command", command={"kind": "play", "seat": 0, "text": move.text})
        await cat.until("answer")
        watcher = await joined(host, room, "Dee", want="watch")
        assert watcher.frame is not None and watcher.frame.seat_names == ("Cat", "Ben-Lee")
        for client in (cat, ben, watcher):
            await client.close()

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))


def test_chat_lines_reach_everyone_plain_capped_and_rate_limited() -> None:
    async def body(host: Host, room: Room) -> None:
        cat = await joined(host, room, "Cat")
        ben = await joined(host, room, "Ben")
        dee = await joined(host, room, "Dee", want="watch")
        await cat.send("chat", text="  <b>hello</b>\n\u202eall ")
        for client in (cat, ben, dee):
            said = await client.until("chat")
            assert (said["seat"], said["name"], said["text"]) == (0, "Cat", "<b>hello</b> all")
        await dee.send("chat", text="hi from the rail")
        said = await cat.until("chat")
        assert (said["seat"], said["name"]) == (None, "Dee")
        await ben.send("chat", text="x" * (MAX_CHAT + 1))
        assert (await ben.until("error"))["code"] == "bad-message"
        for _ in range(CHAT_BURST + 3):
            await ben.send("chat", text="spam")
        assert (await ben.until("error"))["code"] == "rate-limit"
        for client in (cat, ben, dee):
            await client.close()

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))


def test_a_host_that_stops_says_shutdown_and_a_refusal_says_otherwise() -> None:
    async def body() -> None:
        host = Host()
        room = room_of("war", [PERSON, PERSON])(host)
        await host.start("127.0.0.1", 0)
        cat = await joined(host, room, "Cat")
        again = Client(await connect(host.invite(room).url))
        await again.send(
            "hello", room=room.code, token=cat.token, name="Cat", want=0, pack_digest=room.digest
        )
        replaced = await cat.until("bye")
        assert replaced["code"] == "replaced"
        await again.until("frame")
        await host.stop()
        stopped = await asyncio.wait_for(again.until("bye"), WAIT)
        assert stopped["code"] == "shutdown"

    asyncio.run(body())


def test_a_room_added_while_serving_starts_its_computer_seats() -> None:
    async def body() -> None:
        host = Host()
        await host.start("127.0.0.1", 0)
        try:
            room = room_of("war", [COMPUTER, COMPUTER])(host)
            for _ in range(int(WAIT * 20)):
                if room.match.moves:
                    break
                await asyncio.sleep(0.05)
            assert room.match.moves, "the computers never moved"
        finally:
            await host.stop()

    asyncio.run(body())


def test_a_client_without_the_pack_is_sent_a_jpack_of_it() -> None:
    async def body(host: Host, room: Room) -> None:
        client = Client(await connect(host.invite(room).url, max_size=MAX_HOST_MESSAGE))
        await client.send(
            "hello", room=room.code, token=None, name="Cat", want="any", pack_digest=None
        )
        sent = await client.until("pack")
        assert (sent["pack"], sent["pack_digest"], sent["reason"]) == ("war", room.digest, "")
        archive = base64.b64decode(sent["jpack"])
        assert archive[:2] == b"PK"  # a zip: the .jpack export writes
        await client.until("welcome")
        await client.close()

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))
