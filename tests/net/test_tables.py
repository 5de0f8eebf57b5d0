"""A shared free table on a real host (127.0.0.1, a free port) with plain websockets
clients: two seats deal, draw, shuffle, flip and undo, and every operation reaches
everyone; and the wire test of tables: no byte sent to a seat holds the face or the
id of a card that seat may not see, nor lets it follow a face-down pile's order
through a shuffle."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from tests.net.wire import Client
from vtt.net.host import Connection, Host
from vtt.net.tableroom import TableRoom, add_table_room, secret_seed
from vtt.rules.setups import load_setup
from vtt.table import CardPiece, Stack, Table, shared
from vtt.table.savefile import table_from_data
from vtt.table.shared import Recorder


class TableClient(Client):
    """A client of a table room: its frames, its copy of the table, its commands."""

    table: dict[str, Any]

    @classmethod
    async def sit(
        cls, host: Host, room: TableRoom, want: int | str = "any", name: str = ""
    ) -> TableClient:
        """Take a seat (``name``: the player's, which the seat then takes; none: keep the
        seat's own)."""
        from websockets.asyncio.client import connect

        from vtt.net.protocol import MAX_HOST_MESSAGE

        socket = await connect(host.invite(room).url, max_size=MAX_HOST_MESSAGE)
        client = cls(socket)
        await client.send(
            "hello", room=room.code, token=None, name=name, want=want, pack_digest=None
        )
        welcome = await client.until("welcome")
        client.seat, client.token = welcome["seat"], welcome["token"]
        await client.next_table()
        return client

    async def next_table(self) -> dict[str, Any]:
        message = await self.until("table")
        self.table = message["table"]
        return message

    def copy(self) -> Table:
        return table_from_data(self.table["table"])

    def pieces(self) -> dict[str, dict[str, Any]]:
        return {p["id"]: p for p in self.table["table"]["objects"]}

    async def do(self, *operations: tuple[Any, ...], label: str | None = None) -> dict[str, Any]:
        """Record the operations on this seat's copy, send them, return the answer."""
        recorder, copy = Recorder(), self.copy()
        for name, args, *keywords in operations:
            recorder.call(copy, name, args, keywords[0] if keywords else {})
        command = {"op": "steps", "frame": self.table["number"], "label": label}
        return await self.command({**command, "steps": recorder.steps})

    async def command(self, command: dict[str, Any]) -> dict[str, Any]:
        seq = await self.send("command", command=command)
        answer = await self.until("answer", lambda m: m["reply_to"] == seq)
        return answer["answer"]


def sandbox(seats: int = 2) -> Table:
    return load_setup("janken-sandbox").new_table(seats, seed=secret_seed())


async def everyone_sees(clients: list[TableClient]) -> list[dict[str, Any]]:
    return [await client.next_table() for client in clients]


def face_down(pieces: dict[str, dict[str, Any]]) -> list[str]:
    return [pid for pid, p in pieces.items() if p["kind"] == "card" and p["face"] == "hidden"]


def play(host: Host, room: TableRoom) -> Any:
    async def game() -> tuple[TableClient, TableClient, TableClient]:
        ann = await TableClient.sit(host, room)
        ben = await TableClient.sit(host, room)
        watcher = await TableClient.sit(host, room, "watch")
        clients = [ann, ben, watcher]
        assert (ann.seat, ben.seat, watcher.seat) == (0, 1, None)
        for client in clients[:2]:  # the later joiners' presence
            await client.until("presence", lambda m: len(m["seats"]) == 2)
        # Ann deals five to each: both hands hold five, each seat sees only its own.
        answer = await ann.do(("deal", ("deck", 5)))
        assert answer["accepted"], answer
        said = await everyone_sees(clients)
        assert {m["said"] for m in said} == {"Ann: Deal 5 to 2 seats"}
        for client in (ann, ben):
            mine = client.pieces()[f"hand-{client.seat}"]["contents"]
            theirs = client.pieces()[f"hand-{1 - (client.seat or 0)}"]["contents"]
            assert len(mine) == len(theirs) == 5
            assert all(client.pieces()[c]["face"] != "hidden" for c in mine)
            assert all(client.pieces()[c]["face"] == "hidden" for c in theirs)
        # Ben takes a card of his own hand and lays it face down; Ann sees where.
        card = ben.pieces()["hand-1"]["contents"][0]
        assert (await ben.do(("play_from_hand", (card, (300.0, 200.0)), {"face_up": False})))[
            "accepted"
        ]
        await everyone_sees(clients)
        lying = [c for c in face_down(ann.pieces()) if ann.pieces()[c]["parent"] is None]
        assert [(ann.pieces()[c]["x"], ann.pieces()[c]["y"]) for c in lying] == [(300.0, 200.0)]
        # A drag: Ann moves it; Ben sees it move.
        assert (await ann.do(("move", ({lying[0]: (100.0, 250.0)},))))["accepted"]
        await everyone_sees(clients)
        moved = [c for c in face_down(ben.pieces()) if ben.pieces()[c]["parent"] is None]
        assert [(ben.pieces()[c]["x"], ben.pieces()[c]["y"]) for c in moved] == [(100.0, 250.0)]
        # Ben may not take a card from Ann's hand: the host refuses, with the reason.
        hers = ben.pieces()["hand-0"]["contents"][0]
        refused = await ben.do(("to_hand", (hers, 1)))
        assert not refused["accepted"] and "Ann's hand" in refused["reason"]
        # Ann shuffles the deck, flips a Joker, takes the flip back.
        assert (await ann.do(("shuffle", ("deck",))))["accepted"]
        await everyone_sees(clients)
        joker = next(pid for pid, p in ann.pieces().items() if p.get("face") == "JkR")
        assert (await ann.do(("flip", (joker,))))["accepted"]
        await everyone_sees(clients)
        assert all(p.get("face") != "JkR" for p in ben.pieces().values())  # face down now
        assert (await ann.command({"op": "undo", "frame": ann.table["number"]}))["accepted"]
        said = await everyone_sees(clients)
        assert said[1]["said"] == "Ann: Undid: Flip JkR" and ben.pieces()[joker]["face_up"]
        # Ben cannot undo Ann's deal from under her: but he can roll a die.
        die = "pip-die"
        assert (await ben.do(("roll", (die,))))["accepted"]
        await everyone_sees(clients)
        return ann, ben, watcher

    return game()


def test_two_seats_deal_play_shuffle_flip_and_undo_through_the_host() -> None:
    async def body() -> None:
        host = Host()
        room = add_table_room(host, sandbox())
        await host.start("127.0.0.1", 0)
        try:
            clients = await play(host, room)
            for client in clients:
                assert not client.errors
                await client.close()
            assert room.table.problems() == []
        finally:
            await host.stop()

    asyncio.run(body())


def test_a_joiner_s_name_names_the_seat_for_everyone() -> None:
    async def body() -> None:
        host = Host()
        room = add_table_room(host, sandbox())
        await host.start("127.0.0.1", 0)
        try:
            cat = await TableClient.sit(host, room, name="Cat")
            ben = await TableClient.sit(host, room, name="cat")  # another seat's name: kept
            seats = [seat["name"] for seat in cat.table["table"]["seats"]]
            assert seats == ["Cat", "Ben"] == [s["name"] for s in ben.table["table"]["seats"]]
            await ben.until("presence", lambda m: [s["name"] for s in m["seats"]] == seats)
            answer = await cat.do(("deal", ("deck", 1)))
            assert answer["accepted"], answer
            said = await everyone_sees([cat, ben])
            assert {m["said"] for m in said} == {"Cat: Deal 1 to 2 seats"}
            for client in (cat, ben):
                await client.close()
        finally:
            await host.stop()

    asyncio.run(body())


def strings(data: object, found: set[str]) -> set[str]:
    """Every text a JSON value holds, keys too."""
    if isinstance(data, dict):
        for key, value in data.items():
            found.add(key)
            strings(value, found)
    elif isinstance(data, list):
        for value in data:
            strings(value, found)
    elif isinstance(data, str):
        found.add(data)
    return found


def hidden_from(room: TableRoom, seat: int | None) -> set[str]:
    """The ids and faces of the cards ``seat`` may not see now (faces that some card
    it sees also wears, such as the Rule Cards', are no secret)."""
    table = room.table
    cards = [p for p in table.objects.values() if isinstance(p, CardPiece)]
    hidden = [c for c in cards if table.visible_face(c.id, seat) is None]
    seen = {c.face for c in cards if table.visible_face(c.id, seat) is not None}
    return {c.id for c in hidden} | ({c.face for c in hidden} - seen)


def _play_recording(monkeypatch: pytest.MonkeyPatch) -> None:
    sent: dict[tuple[Any, int], set[str]] = {}
    secret: dict[tuple[Any, int], set[str]] = {}
    queue = Connection.send

    def recording(self: Connection, kind: str, **fields: Any) -> None:
        queue(self, kind, **fields)
        if isinstance(self.room, TableRoom):
            key = (tuple(self.socket.remote_address), self.seq)
            sent[key] = strings(json.loads(json.dumps(fields)), set())
            secret[key] = hidden_from(self.room, self.seat)

    monkeypatch.setattr(Connection, "send", recording)

    async def body() -> None:
        host = Host()
        room = add_table_room(host, sandbox())
        await host.start("127.0.0.1", 0)
        try:
            clients = await play(host, room)
            for client in clients:
                await client.close()
        finally:
            await host.stop()
        checked = 0
        for client in clients:
            ident = tuple(client.socket.local_address)
            decks: list[tuple[str, set[str]]] = []
            for text in client.wire:
                message = json.loads(text)
                key = (ident, message["seq"])
                fields = {k: v for k, v in message.items() if k not in ("v", "seq", "type")}
                named = strings(fields, set())
                assert named == sent[key], "the host's record is the wire's"
                told = named & secret[key]
                assert not told, f"seat {client.seat} was sent {sorted(told)[:3]}"
                if message["type"] == "table":
                    objects = {p["id"]: p for p in message["table"]["table"]["objects"]}
                    decks.append((message["said"], set(objects["deck"]["contents"])))
                checked += 1
            # The deck's cards keep their handles while nobody touches the deck (a roll),
            # and none survives the shuffle.
            said = [words for words, _ in decks]
            shuffle, roll = said.index("Ann: Shuffle Deck"), said.index("Ben: Roll Pip die")
            assert not decks[shuffle][1] & decks[shuffle - 1][1], "followed through a shuffle"
            assert decks[roll][1] == decks[roll - 1][1]
        assert checked >= 30

    asyncio.run(body())


def test_no_byte_to_a_seat_names_a_card_it_may_not_see() -> None:
    with pytest.MonkeyPatch.context() as patch:
        _play_recording(patch)


def test_the_table_wire_check_catches_a_host_sending_cards_own_ids() -> None:
    def own_ids(table: Table, *_args: Any) -> dict[str, str]:
        return {piece.id: piece.id for piece in shared._shown(table)}

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(shared, "_wire_ids", own_ids)
        with pytest.raises(AssertionError, match=r"seat (0|1|None) was sent"):
            _play_recording(patch)


def test_a_shuffle_on_the_host_cannot_be_worked_out_from_the_seed_of_the_layout() -> None:
    one, two = sandbox(), sandbox()
    deck_one, deck_two = one.objects["deck"], two.objects["deck"]
    assert isinstance(deck_one, Stack) and isinstance(deck_two, Stack)
    assert one.seed != two.seed and deck_one.contents != deck_two.contents


def test_vtt_serve_sandbox_shares_a_table_that_resumes_from_its_autosave(tmp_path) -> None:
    import os
    import signal
    import subprocess
    import sys

    from websockets.sync.client import connect

    from vtt.net.protocol import encode, parse_invite
    from vtt.net.tableroom import resume_table_room

    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    command = [sys.executable, "-m", "vtt.cli", "serve", "sandbox", "--port", "0"]
    command += ["--seats", "human,human,human", "--autosave", str(tmp_path)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(2)]
        assert lines[0].startswith("Room ") and "a free table (Ann, Ben, Cat)" in lines[0]
        invite = parse_invite(lines[1].removeprefix("Invite: "))
        with connect(invite.url) as socket:
            hello = {"room": invite.room, "token": None, "name": "Dee", "want": 2}
            socket.send(encode("hello", 1, **hello, pack_digest=None))
            heard = [json.loads(socket.recv(timeout=60)) for _ in range(3)]
            # A free table sends no pack; the seat takes the joiner's name for all.
            assert [m["type"] for m in heard] == ["welcome", "table", "presence"]
            token, frame = heard[0]["token"], heard[1]["table"]
            assert [seat["name"] for seat in heard[2]["seats"]] == ["Ann", "Ben", "Dee"]
            steps = [{"op": "draw", "args": {"source_id": "deck", "seat": 2, "count": 3}}]
            move = {"op": "steps", "frame": frame["number"], "label": None, "steps": steps}
            socket.send(encode("command", 2, command=move))
            kinds = [json.loads(socket.recv(timeout=60))["type"] for _ in range(2)]
            assert kinds == ["answer", "table"]
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()
    saved = tmp_path / f"{invite.room}.json"
    room = resume_table_room(Host(), saved)
    assert len(room.table.hand(2).contents) == 3 and room.seats[2].token == token
    assert room.seats[2].player == "Dee" and room.table.seats[2].name == "Dee"
    assert room.table.problems() == []


def test_vtt_serve_refuses_computer_seats_at_a_free_table(capsys) -> None:
    from vtt.cli import main

    assert main(["serve", "sandbox", "--seats", "human,computer:hard"]) == 1
    assert "a free table's seats are people's" in capsys.readouterr().err


def test_vtt_serve_a_saved_table_says_what_is_wrong_with_it(tmp_path, capsys) -> None:
    from vtt.cli import main
    from vtt.table.savefile import save_table

    broken = tmp_path / "broken.jtable"
    broken.write_text("{not json", encoding="utf-8")
    assert main(["serve", str(broken)]) == 1
    assert f"{broken}: line 1, column 2: broken JSON" in capsys.readouterr().err
    saved = tmp_path / "ours.jtable"
    save_table(sandbox(3), saved)
    assert main(["serve", str(saved), "--seats", "human,human"]) == 1
    assert "a saved table has its own seats" in capsys.readouterr().err
