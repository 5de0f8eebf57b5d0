"""The wire test: over whole games of packs with hidden cards played through the host
by real clients (random legal moves), no message to a seat names a card that seat
cannot see at that moment, nor one its own frame then does not show.

Two checks meet: the host records, as it queues each message, which cards lie only
where the receiving seat cannot see them (``hidden_only`` of the frame secrecy tests,
for a spectator those hidden from any seat); each client records every message it
receives off the socket. The cards a received message names must be none of those
(the host's side) and, for a frame, only cards the frame itself shows in its zones,
log or history (the client's side, which knows nothing of the host).
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from tests.match.secrecy import cards_in, hidden_only
from tests.net.test_host import room_of
from tests.net.wire import Client, hosting, play_randomly
from vtt.net import host as host_module
from vtt.net.host import Connection, Host, Room, SeatSpec

PERSON = SeatSpec("person")
#: Each game: the pack, its options, the seats (the clients take the person seats).
GAMES = [
    ("stones", {"target": 20}, [PERSON, PERSON, PERSON]),
    ("green-queen", {"target": 10}, [PERSON, PERSON, SeatSpec("computer", "random")]),
    ("battlefront", {}, [PERSON, PERSON]),
    ("dueling-wizards", {"hit_points": 30}, [PERSON, PERSON]),
    ("war", {"mode": "five-card"}, [PERSON, PERSON]),
    ("war", {"mode": "classic", "round_limit": 60}, [PERSON, SeatSpec("computer", "random")]),
]


def _hidden_from(connection: Connection) -> set[str]:
    room = connection.room
    assert room is not None
    state = room.match.state
    if connection.seat is not None:
        return hidden_only(state, connection.seat)
    return set().union(*(hidden_only(state, seat) for seat in range(state.players)))


def _frame_shows(frame: dict[str, Any]) -> set[str]:
    fields = frame["fields"]
    shown = cards_in(fields["zones"], set())
    return shown | {word for line in (*fields["log"], *fields["history"]) for word in line.split()}


def _frame_adds(frame: dict[str, Any]) -> set[str]:
    fields = frame["fields"]
    return cards_in({k: v for k, v in fields.items() if k not in ("zones",)}, set())


@pytest.mark.parametrize(("pack", "options", "seats"), GAMES, ids=lambda v: str(v)[:20])
def test_no_message_names_a_card_its_seat_cannot_see(monkeypatch, pack, options, seats) -> None:
    _play_recording(monkeypatch, pack, options, seats)


def test_the_wire_check_catches_a_host_sending_one_seats_frame_to_all(monkeypatch) -> None:
    def leaky(room: Room, connection: Connection) -> None:
        connection.send("frame", frame=room.match.frame(0).to_json())

    monkeypatch.setattr(host_module.Room, "send_frame", leaky)
    with pytest.raises(AssertionError, match=r"war: seat (1|None) was sent"):
        _play_recording(monkeypatch, "war", {"mode": "five-card"}, [PERSON, PERSON])


def _play_recording(monkeypatch, pack: str, options: dict[str, Any], seats: list[SeatSpec]) -> None:
    sent: dict[tuple[int, int], set[str]] = {}  # (connection, seq): the cards it named
    hidden: dict[tuple[int, int], set[str]] = {}
    queue = Connection.send

    def recording(self: Connection, kind: str, **fields: Any) -> None:
        queue(self, kind, **fields)
        if self.room is not None:
            key = (tuple(self.socket.remote_address), self.seq)
            sent[key] = cards_in(json.loads(json.dumps(fields)), set())
            hidden[key] = _hidden_from(self)

    monkeypatch.setattr(host_module.Connection, "send", recording)

    async def body(host: Host, room: Room) -> None:
        people = sum(spec.kind == "person" for spec in seats)
        clients = [await Client.join(host, room) for _ in range(people)]
        watcher = await Client.join(host, room, "watch")
        rngs = [random.Random(seat) for seat in range(people)]
        await asyncio.gather(*(play_randomly(c, r) for c, r in zip(clients, rngs, strict=True)))
        while watcher.frame is None or not watcher.frame.over:
            await watcher.until("frame")
        assert room.match.over
        for client in [*clients, watcher]:
            await client.close()
        checked = 0
        for client in [*clients, watcher]:
            ident = tuple(client.socket.local_address)
            for text in client.wire:
                message = json.loads(text)
                named = cards_in(message, set())
                key = (ident, message["seq"])
                assert named == sent[key], "the host's record is the wire's"
                told = named & hidden[key]
                assert not told, f"{pack}: seat {client.seat} was sent {sorted(told)}"
                frame = message.get("frame") or (message.get("answer") or {}).get("frame")
                if frame is not None:
                    extra = _frame_adds(frame) - _frame_shows(frame)
                    assert not extra, f"{pack}: seat {client.seat}'s frame names {sorted(extra)}"
                elif message["type"] != "answer":
                    assert not named, f"a {message['type']} message names cards"
                checked += 1
        assert checked >= 20

    asyncio.run(hosting(room_of(pack, seats, options), body))
