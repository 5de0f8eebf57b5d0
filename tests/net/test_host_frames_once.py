"""The host writes each frame's JSON form once a change, however many receive it: the
mover (its answer and its frame) and every spectator (docs/network.md, "How much a
host carries")."""

from __future__ import annotations

import asyncio
import json

from tests.net.test_host import PERSON, room_of
from tests.net.wire import Client, hosting
from vtt.match import Play, SeatFrame
from vtt.net.host import Host, Room


def test_a_move_writes_each_seats_frame_and_the_spectators_once(monkeypatch) -> None:
    written: list[int | None] = []
    to_json = SeatFrame.to_json

    def counted(frame: SeatFrame) -> object:
        written.append(frame.seat)
        return to_json(frame)

    monkeypatch.setattr(SeatFrame, "to_json", counted)

    async def body(host: Host, room: Room) -> None:
        seats = [await Client.join(host, room), await Client.join(host, room)]
        watchers = [await Client.join(host, room, "watch") for _ in range(3)]
        mover = next(client for client in seats if client.frame and client.frame.moves)
        other = seats[1 - seats.index(mover)]
        written.clear()
        move = mover.frame.moves[0].text
        seq = await mover.send("command", command=Play(mover.seat or 0, text=move).to_json())
        answer = await mover.until("answer", lambda m: m["reply_to"] == seq)
        assert answer["answer"]["accepted"]
        frame = await mover.until("frame")
        assert frame["frame"] == answer["answer"]["frame"], "the answer carries the same frame"
        for client in [other, *watchers]:
            await client.until("frame")
        assert sorted(written, key=json.dumps) == sorted([0, 1, None], key=json.dumps)
        for client in [*seats, *watchers]:
            await client.close()

    asyncio.run(hosting(room_of("jantori", [PERSON, PERSON]), body))
