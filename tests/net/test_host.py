"""The host plays whole games with real clients on the loopback address."""

from __future__ import annotations

import asyncio
import random

from tests.net.wire import Client, hosting, play_randomly
from vtt.net.host import Host, Room, SeatSpec
from vtt.rules.finder import find_pack
from vtt.rules.loader import load_pack

PERSON, COMPUTER = SeatSpec("person"), SeatSpec("computer", "random")


def room_of(pack: str, seats, options=None, seed: int = 3):
    def make(host: Host) -> Room:
        return host.add_room(load_pack(find_pack(pack)), pack, seats, options, seed)

    return make


def test_two_clients_play_a_whole_game_of_war() -> None:
    async def body(host: Host, room: Room) -> None:
        one = await Client.join(host, room)
        two = await Client.join(host, room)
        assert (one.seat, two.seat) == (0, 1)
        assert one.token and two.token and one.token != two.token
        await asyncio.gather(
            play_randomly(one, random.Random(1)), play_randomly(two, random.Random(2))
        )
        assert one.frame is not None and two.frame is not None
        assert one.frame.outcome == two.frame.outcome == room.match.outcome is not None
        assert not one.errors and not two.errors
        await one.close()
        await two.close()

    asyncio.run(hosting(room_of("war", [PERSON, PERSON]), body))
