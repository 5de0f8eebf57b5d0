"""Faults: garbage, a move for another seat or out of turn, a flood of commands, a
client killed and back: each answered, the room goes on to the end of its game."""

from __future__ import annotations

import asyncio
import contextlib
import random

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.net.test_host import PERSON, room_of
from tests.net.wire import Client, hosting, play_randomly
from vtt.match import Play, Why
from vtt.net.host import Host, Room
from vtt.net.protocol import MAX_CLIENT_MESSAGE, encode


async def _finish(*clients: Client) -> None:
    rngs = [random.Random(index) for index in range(len(clients))]
    await asyncio.gather(*(play_randomly(c, r) for c, r in zip(clients, rngs, strict=True)))


def test_garbage_is_answered_with_errors_and_the_game_goes_on() -> None:
    async def body(host: Host, room: Room) -> None:
        one, two = await Client.join(host, room), await Client.join(host, room)
        raw = [
            "not json",
            b"\x00\x01binary",
            "[1, 2]",
            '{"v": 2, "seq": 99, "type": "ping"}',
            encode("shout", 100),
            encode("ping", 101, extra=1),
            encode("command", 102, command={"kind": "play", "seat": 0, "text": 7}),
            encode("command", 103, command={"kind": "house-rules", "seat": 0}),
            encode("ping", 104, pad="x" * MAX_CLIENT_MESSAGE),
            encode("ping", 3),  # seq goes back
        ]
        for text in raw:
            await one.socket.send(text)
        one.seq = 200
        codes = [(await one.until("error"))["code"] for _ in raw]
        assert codes == [
            "bad-json",
            "bad-message",
            "bad-message",
            "bad-version",
            "unknown-type",
            "bad-message",
            "bad-command",
            "not-allowed",
            "too-big",
            "bad-seq",
        ]
        before = room.match.generation
        seq = await one.send("command", command=Play(1, text="flip").to_json())
        error = await one.until("error")
        assert error["code"] == "not-your-seat" and "seat 1" in error["message"]
        assert room.match.generation == before, "nothing was made for seat 1"
        pong = await one.send("ping")
        assert (await one.until("pong"))["reply_to"] == pong > seq
        await _finish(one, two)
        assert room.match.over

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))


def test_a_move_out_of_turn_is_refused_with_the_reason() -> None:
    async def body(host: Host, room: Room) -> None:
        one, two = await Client.join(host, room), await Client.join(host, room)
        mover, waiter = (one, two) if one.frame and one.frame.moves else (two, one)
        assert mover.frame is not None and mover.frame.to_move == mover.seat
        text = mover.frame.moves[0].text
        seq = await waiter.send("command", command=Play(waiter.seat or 0, text=text).to_json())
        answer = await waiter.until("answer", lambda m: m["reply_to"] == seq)
        assert answer["answer"]["accepted"] is False
        assert "turn" in answer["answer"]["reason"]
        await _finish(one, two)

    asyncio.run(hosting(room_of("tic-tac-rock", [PERSON, PERSON]), body))


async def _flood(client: Client, command: dict[str, object], count: int) -> None:
    with contextlib.suppress(ConnectionClosed):
        for _ in range(count):
            await client.send("command", command=command)
    await client.drain()


def test_a_flood_of_commands_is_cut_off_and_the_game_goes_on() -> None:
    async def body(host: Host, room: Room) -> None:
        one, two = await Client.join(host, room), await Client.join(host, room)
        watcher = await Client.join(host, room, "watch")
        await _flood(watcher, Play(0, text="flip").to_json(), 2_000)
        assert watcher.wire and '"bye"' in watcher.wire[-1]
        await _flood(one, Why(0, text="flip").to_json(), 2_000)
        codes = {error["code"] for error in one.errors}
        assert "rate-limit" in codes and '"bye"' in one.wire[-1]
        assert len(one.answers) < 2_000, "the flood was not all served"
        back = await Client.join(host, room, token=one.token)
        assert back.seat == 0
        await _finish(back, two)
        assert room.match.over and not room.spectators

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))


def test_a_client_killed_mid_game_gets_its_seat_and_whole_frame_back() -> None:
    async def body(host: Host, room: Room) -> None:
        one, two = await Client.join(host, room), await Client.join(host, room)
        await asyncio.gather(  # a War round: each flips once
            play_randomly(one, random.Random(1), moves=2),
            play_randomly(two, random.Random(2), moves=2),
        )
        token = one.token
        one.socket.transport.abort()  # no goodbye: the link is gone
        seats = await two.until("presence", lambda m: not m["seats"][0]["connected"])
        assert seats["seats"][0]["taken"], "the seat stays the player's: away"
        stranger = await Client.join(host, room, "watch")
        assert stranger.seat is None
        back = await Client.join(host, room, token=token)
        assert back.seat == 0 and back.token == token
        assert back.frame == room.match.frame(0), "the whole frame, as it is now"
        await two.until("presence", lambda m: m["seats"][0]["connected"])
        await _finish(back, two)
        assert back.frame is not None and back.frame.outcome == room.match.outcome

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))


def test_a_pack_failing_on_a_move_is_told_and_the_room_goes_on(monkeypatch) -> None:
    from vtt.match import Match
    from vtt.rules.errors import RulesError

    def failing(match: Match, command: object, answer_as: object = None) -> object:
        raise RulesError("step 3 divides by zero")

    async def body(host: Host, room: Room) -> None:
        one = await Client.join(host, room)
        seq = await one.send("command", command=Play(0, text="flip").to_json())
        error = await one.until("error")
        assert (error["code"], error["reply_to"]) == ("rules-failed", seq)
        assert "divides by zero" in error["message"]
        ping = await one.send("ping")
        assert (await one.until("pong"))["reply_to"] == ping

    monkeypatch.setattr(Match, "send", failing)
    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))


def test_hellos_that_cannot_be_met_are_refused_with_the_reason() -> None:
    async def body(host: Host, room: Room) -> None:
        one = await Client.join(host, room)
        socket = await connect(host.invite(room).url)
        stranger = Client(socket)
        asks = [
            {"room": "ZZZZZZ", "token": None, "want": "any"},
            {"room": room.code, "token": "forged", "want": "any"},
            {"room": room.code, "token": None, "want": 0},
            {"room": room.code, "token": None, "want": 7},
        ]
        for ask in asks:
            await stranger.send("hello", **ask, name="Eve", pack_digest=room.digest)
        codes = [(await stranger.until("error"))["code"] for _ in asks]
        assert codes == ["no-room", "bad-token", "seat-taken", "seat-taken"]
        await stranger.send(
            "hello",
            room=room.code.lower(),
            token=None,
            name="Eve",
            want="any",
            pack_digest=room.digest,
        )
        welcome = await stranger.until("welcome")
        assert welcome["seat"] == 1 and welcome["token"] not in (None, one.token)
        await stranger.send(
            "hello", room=room.code, token=None, name="Eve", want="any", pack_digest=None
        )
        assert (await stranger.until("error"))["code"] == "bad-message"

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))


class _Stuck:
    """A socket whose reader never reads: nothing queued is ever sent."""

    async def send(self, text: str) -> None:
        await asyncio.Event().wait()


def test_a_reader_too_slow_is_said_goodbye_once_its_queue_is_full() -> None:
    from vtt.net.host import MAX_OUTBOX, Connection

    async def body() -> None:
        connection = Connection(_Stuck())  # type: ignore[arg-type]
        for _ in range(MAX_OUTBOX + 10):
            connection.send("pong", reply_to=1)
        assert connection.closing
        queued = [connection.outbox.get_nowait() for _ in range(connection.outbox.qsize())]
        assert queued[-1] is None and '"bye"' in (queued[-2] or "")
        assert "too slowly" in (queued[-2] or "") and len(queued) == MAX_OUTBOX + 2

    asyncio.run(body())
