"""The harness of `make bench`'s network load (benchmarks/bench_net.py) counts what it
says it counts: a few rooms, a few moves, no timing asserted."""

from __future__ import annotations

import asyncio
import random
import time

from benchmarks.bench_net import (
    LoadHost,
    Tally,
    Window,
    host_work,
    measure,
    play,
    room_code,
)
from vtt.match import Play

#: Packs whose every accepted command makes exactly one move (no simultaneous phase),
#: two seats each: one other seat receives each command's frame.
TURNS = ("tic-tac-rock", "jantori")


def test_the_clients_count_every_command_and_each_other_seats_frame_of_it() -> None:
    async def body() -> tuple[Tally, LoadHost]:
        load = LoadHost(2, TURNS, seed=5, warm_moves=0)
        port = await load.host.start("127.0.0.1", 0)
        load.open_all()
        window, joined = Window(grace=0.2), asyncio.Event()
        playing = asyncio.create_task(
            play(f"ws://127.0.0.1:{port}/", load.rooms_info(), (0.0, 0.0), 1, window, 4, joined)
        )
        await asyncio.wait_for(joined.wait(), 30)
        assert load.moves() == 0, "nobody moves before the window opens"
        window.open(time.monotonic(), time.monotonic() + 60)
        tally = await asyncio.wait_for(playing, 60)
        await load.host.stop()
        return tally, load

    tally, load = asyncio.run(body())
    made = [len(room.match.moves) for room in load.host.rooms.values()]
    assert made == [4, 4], "each room stops at the moves asked"
    assert tally.commands == tally.accepted == load.moves() == 8
    assert tally.errors == tally.missing == tally.finished == 0
    assert len(tally.latencies) == 8, "one other seat's frame per command"
    assert all(latency >= 0 for latency in tally.latencies)


def test_a_finished_game_is_replaced_by_the_next_round_in_its_slot() -> None:
    load = LoadHost(2, TURNS, seed=5, warm_moves=0)
    load.open_all()
    first = load.host.rooms[room_code(1, 0)]
    rng = random.Random(2)
    while not first.match.over:
        frame = first.match.frame(first.match.to_move or 0)
        move = frame.moves[rng.randrange(len(frame.moves))]
        assert first.match.send(Play(frame.seat or 0, text=move.text)).accepted
    played = len(first.match.moves)
    load.renew()
    assert set(load.host.rooms) == {room_code(0, 0), room_code(1, 1)}
    assert load.rounds == [0, 1]
    assert load.moves() == played, "the finished game's moves are still counted"
    assert load.host.rooms[room_code(1, 1)].pack_id == "jantori"


def test_a_run_of_processes_reports_its_figures() -> None:
    figures = measure(
        "flat out", rooms=2, duration=2.0, processes=1, packs=TURNS, grace=0.5, settle=0.2
    )
    assert figures.tally.commands >= figures.tally.accepted > 0
    assert len(figures.tally.latencies) == figures.tally.accepted
    assert figures.tally.missing == 0
    assert figures.rss_play > figures.rss_before > 0
    assert figures.cpu > 0


def test_the_hosts_work_per_command_is_timed_for_each_pack() -> None:
    work = asyncio.run(host_work(TURNS, moves=3, warm_moves=0, repeats=2))
    assert set(work) == set(TURNS)
    assert all(ms > 0 for ms in work.values())
