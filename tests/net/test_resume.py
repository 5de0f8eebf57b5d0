"""A host saves each room after every change; a new host resumes it, and the players
take their seats back with their tokens."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from tests.net.test_faults import _finish
from tests.net.test_host import PERSON
from tests.net.wire import Client, play_randomly
from vtt.net.host import Host
from vtt.rules.finder import find_pack
from vtt.rules.loader import load_pack


def test_a_restarted_host_resumes_the_room_and_players_take_their_seats_back(
    tmp_path: Path,
) -> None:
    async def first() -> tuple[list[str | None], list[str]]:
        host = Host(autosave=tmp_path)
        host.add_room(load_pack(find_pack("war")), "war", [PERSON, PERSON], {}, 5)
        await host.start("127.0.0.1", 0)
        room = next(iter(host.rooms.values()))
        one, two = await Client.join(host, room), await Client.join(host, room)
        await asyncio.gather(
            play_randomly(one, random.Random(1), moves=3),
            play_randomly(two, random.Random(2), moves=3),
        )
        moves = [move.text for move in room.match.moves]
        await host.stop()
        await one.close()
        await two.close()
        return [one.token, two.token], moves

    async def second(tokens: list[str | None], moves: list[str]) -> None:
        (saved,) = tmp_path.glob("*.json")
        host = Host(autosave=tmp_path)
        room = host.resume(saved)
        assert [move.text for move in room.match.moves] == moves
        await host.start("127.0.0.1", 0)
        one = await Client.join(host, room, token=tokens[0])
        two = await Client.join(host, room, token=tokens[1])
        assert (one.seat, two.seat) == (0, 1)
        assert one.frame == room.match.frame(0) and two.frame == room.match.frame(1)
        await _finish(one, two)
        assert room.match.over
        assert json.loads(saved.read_text())["moves"] == [m.text for m in room.match.moves]
        await one.close()
        await two.close()
        await host.stop()

    tokens, moves = asyncio.run(first())
    assert len(moves) >= 6
    asyncio.run(second(tokens, moves))


def test_a_room_file_that_cannot_be_resumed_is_named_with_the_reason(tmp_path: Path) -> None:
    broken = tmp_path / "ABCDEF.json"
    broken.write_text('{"room": "ABCDEF"}')
    with pytest.raises(ValueError, match=r"ABCDEF.json: cannot resume the room: 'pack'"):
        Host().resume(broken)
