"""Network play under load: one host process serving 50 rooms over loopback.

The host runs in a process of its own (``python -m benchmarks.bench_net host``), a
:class:`~vtt.net.host.Host` as ``vtt serve`` makes it (no autosave), with ``ROOMS``
rooms of a mix of shipped packs (``PACKS``), every seat open. Each seat is played by a
real websockets client in other processes (``... clients``; all the seats of a room in
the same one): it reads its own frames and plays one of their legal moves at random,
``think`` seconds after its frame offers it one. A finished game is replaced at once by
a new one in the same slot (the host makes it under a code the clients can work out),
so the 50 rooms stay busy for the whole window.

Measured in a window of ``duration`` seconds, once every seat has joined and played for
``SETTLE`` seconds (every room starts at once: the burst of first moves settles):

- commands the host answered per second (every seat's ``command``, counted by the
  clients: answered with an ``answer``, accepted or not);
- for every accepted command, the time from its sending to each OTHER seat of the room
  receiving its frame of that change (the generation in the mover's answer): median and
  99th percentile, on one clock (the seats of a room share a process);
- the host's memory per room: its resident set size with the rooms in play, less the
  same before any room was made (packs loaded, server listening), divided by ``ROOMS``;
- the host's CPU per command (user + system time in the window / commands) and its
  share of a core, the clients' CPU, and the machine's load average (other work on a
  shared machine starves the host: these say so).

Two loads: ``paced`` (each seat thinks 0.5 to 1.5 s before moving, a brisk table: the
latency goal is held to it) and ``flat out`` (no thinking: what the host can carry).
Then the host's own CPU per command of each pack without the network (``host_work``).
Run alone: ``python -m benchmarks bench_net`` (prints only), or
``python -m benchmarks.bench_net [--rooms N] [--duration S] [--load LOAD]`` for the
tables, ``--before TREE`` side by side with the host of another tree (a folder holding
its ``vtt`` and ``rulesets``). docs/network.md ("How much a host carries") reads them.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ctypes
import gc
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from benchmarks import Result, percentile
from vtt.match import REMOTE, Match, MatchSeat, Play
from vtt.net.host import Connection, Host, SeatSpec
from vtt.net.protocol import MAX_HOST_MESSAGE, encode
from vtt.rules.finder import find_pack, load_game, pack_digest

GROUP = "Network play"
ROOT = Path(__file__).resolve().parent.parent
#: The packs played, in turn, one room each, with their seats (the packs' usual number).
PACKS: tuple[str, ...] = (
    "war",
    "stones",
    "tic-tac-rock",
    "battlefront",
    "dueling-wizards",
    "corner-edge",
    "green-queen",
    "janken-go",
    "jantori",
    "jokers-wild",
)
ROOMS = 50
#: The clients' processes (the rooms are dealt out among them).
CLIENT_PROCESSES = 2
#: Seconds measured per load, after play has begun (every room starts at once: the
#: burst of first moves settles), and after it (frames on their way are received).
DURATION, SETTLE, GRACE = 15.0, 3.0, 5.0
#: What a seat thinks before moving, in seconds (low, high), per load.
LOADS: dict[str, tuple[float, float]] = {"paced": (0.5, 1.5), "flat out": (0.0, 0.0)}
#: The goal for a command's way to the other seats' frames, in ms.
GOAL_MS = 50.0
#: The letters of room codes (protocol.ROOM_LETTERS), for codes made from numbers.
LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"


def room_code(slot: int, round_: int) -> str:
    """The code of game ``round_`` in room slot ``slot``: six letters, known to both sides.

    >>> room_code(0, 0), room_code(1, 0) != room_code(0, 1)
    ('AAAAAA', True)
    """
    number = slot * 10_000 + round_
    letters = []
    for _ in range(6):
        number, digit = divmod(number, len(LETTERS))
        letters.append(LETTERS[digit])
    return "".join(reversed(letters))


def rss_kb(collect: bool = False) -> int:
    """This process's resident set size now, in KB (Linux), else its peak; ``collect``:
    garbage collected and the C heap's free memory given back first, so that what was
    freed before (a warm-up's) does not hide what is taken after (it takes a while:
    not while the rooms play)."""
    if collect:
        gc.collect()
        with contextlib.suppress(OSError, AttributeError):
            ctypes.CDLL("libc.so.6").malloc_trim(0)
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def cpu_seconds() -> float:
    """User + system CPU time of this process so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


# ---------------------------------------------------------------- the host side

#: Moves played in each pack before serving (its rules compile as first used).
WARM_MOVES = 60


def warm(game: Any, moves: int = WARM_MOVES) -> None:
    """Play ``moves`` random moves of ``game`` (fewer if it ends), making every seat's
    frame after each: what a host that has served a while has compiled already."""
    seats = [MatchSeat(f"P{seat + 1}", REMOTE) for seat in range(game.players[2])]
    match = Match(game, seats, {}, 0)
    rng = random.Random(0)
    for _ in range(moves):
        frames = [match.frame(seat) for seat in range(len(seats))]
        ready = [frame for frame in frames if frame.moves and frame.chosen is None]
        if match.over or not ready:
            return
        frame = ready[0]
        move = frame.moves[rng.randrange(len(frame.moves))]
        match.send(Play(frame.seat or 0, text=move.text))
        for frame in frames:
            frame.to_json()


class LoadHost:
    """A :class:`Host` with ``rooms`` slots, each playing ``packs[slot % len(packs)]``,
    a finished game replaced by the next round's (``room_code``)."""

    def __init__(
        self, rooms: int, packs: Sequence[str] = PACKS, seed: int = 0, warm_moves: int = WARM_MOVES
    ) -> None:
        self.host = Host()
        self.packs = [packs[slot % len(packs)] for slot in range(rooms)]
        self.paths = {pack: find_pack(pack) for pack in set(self.packs)}
        self.games = {pack: load_game(self.paths[pack]) for pack in self.paths}
        for game in self.games.values():
            warm(game, warm_moves)
        self.seed = seed
        self.rounds = [0] * rooms
        #: Moves made in the games finished and replaced.
        self.moves_done = 0

    def seats(self, slot: int) -> int:
        """The number of seats of the rooms in ``slot``."""
        return int(self.games[self.packs[slot]].players[2])

    def open_room(self, slot: int) -> None:
        """The room of ``slot``'s current round, every seat open."""
        pack = self.packs[slot]
        seats = [SeatSpec("person")] * self.seats(slot)
        seed = self.seed + slot * 1000 + self.rounds[slot]
        code = room_code(slot, self.rounds[slot])
        self.host.add_room(self.games[pack], self.paths[pack], seats, {}, seed, code)

    def open_all(self) -> None:
        """Every slot's first room."""
        for slot in range(len(self.packs)):
            self.open_room(slot)

    def renew(self) -> None:
        """Replace each finished game by its slot's next one."""
        for slot in range(len(self.packs)):
            code = room_code(slot, self.rounds[slot])
            room = self.host.rooms.get(code)
            if room is not None and room.match.over:
                self.moves_done += len(room.match.moves)
                del self.host.rooms[code]
                self.rounds[slot] += 1
                self.open_room(slot)

    def moves(self) -> int:
        """Moves made in every game so far."""
        return self.moves_done + sum(len(room.match.moves) for room in self.host.rooms.values())

    async def keep_renewing(self, every: float = 0.02) -> None:
        """``renew`` until cancelled."""
        while True:
            self.renew()
            await asyncio.sleep(every)

    def rooms_info(self) -> list[dict[str, Any]]:
        """What the clients need of each slot: its pack, its digest and seats."""
        return [
            {
                "slot": slot,
                "pack": pack,
                "digest": pack_digest(self.paths[pack]),
                "seats": self.seats(slot),
            }
            for slot, pack in enumerate(self.packs)
        ]


async def host_main(rooms: int, packs: Sequence[str], seed: int = 0) -> None:
    """The host process: say where it listens (a JSON line), then answer ``mark`` lines
    on stdin with its memory, CPU time and moves made; end on ``stop`` or end of input."""
    load = LoadHost(rooms, packs, seed)
    port = await load.host.start("127.0.0.1", 0)
    before = rss_kb(collect=True)
    load.open_all()
    idle = rss_kb(collect=True)
    gc.freeze()  # as vtt serve does once its rooms are made
    renewing = asyncio.create_task(load.keep_renewing())
    print(
        json.dumps(
            {"port": port, "rooms": load.rooms_info(), "rss_before": before, "rss_idle": idle}
        ),
        flush=True,
    )
    loop = asyncio.get_running_loop()
    while (await loop.run_in_executor(None, sys.stdin.readline)).strip() == "mark":
        mark = {"rss": rss_kb(), "cpu": cpu_seconds(), "moves": load.moves()}
        print(json.dumps(mark), flush=True)
    renewing.cancel()
    await load.host.stop()


#: Commands timed per pack for the host's work without the network (``host_work``),
#: and how many times the same game is played for them.
WORK_MOVES, WORK_REPEATS = 60, 5


async def host_work(
    packs: Sequence[str],
    moves: int = WORK_MOVES,
    warm_moves: int = WARM_MOVES,
    repeats: int = WORK_REPEATS,
) -> dict[str, float]:
    """The host's CPU ms per command of each pack without the network: its handling of
    a command (``Host._command``: the match, the answer, every seat's frame message
    queued) for connections that send nothing, over the same ``moves`` random moves of
    a game of each pack (its rules warmed first), played ``repeats`` times: each
    command's least time (the machine's other work only ever adds)."""
    found: dict[str, float] = {}
    for pack in packs:
        load = LoadHost(1, [pack], 7, warm_moves)
        times = [await _timed_game(load, moves) for _ in range(repeats)]
        best = [min(column) for column in zip(*times, strict=True)]
        found[pack] = sum(best) * 1000.0 / max(1, len(best))
    return found


async def _timed_game(load: LoadHost, moves: int) -> list[float]:
    """CPU seconds ``Host._command`` took on each of ``moves`` random moves of a new game
    of ``load``'s one slot (the same moves each time)."""
    load.host.rooms.clear()
    load.open_all()
    room = next(iter(load.host.rooms.values()))
    connections = []
    for number, seat in enumerate(room.seats):
        connection = Connection(None)  # type: ignore[arg-type]
        connection.room, connection.seat, seat.connection = room, number, connection
        connections.append(connection)
    rng, times = random.Random(7), []
    for seq in range(1, moves + 1):
        frames = [room.match.frame(seat) for seat in range(len(room.seats))]
        ready = [frame for frame in frames if frame.moves and frame.chosen is None]
        if room.match.over or not ready:
            break
        frame = ready[rng.randrange(len(ready))]
        move = frame.moves[rng.randrange(len(frame.moves))]
        message = {"seq": seq, "command": Play(frame.seat or 0, text=move.text).to_json()}
        start = time.process_time()
        await load.host._command(connections[frame.seat or 0], message)
        times.append(time.process_time() - start)
        for connection in connections:
            while not connection.outbox.empty():
                connection.outbox.get_nowait()
    return times


# ---------------------------------------------------------------- the clients' side


@dataclass
class Game:
    """One game of a slot as its seats saw it: when each seat first received each
    generation's frame, and the accepted commands (sent at, seat, generation after)."""

    seats: int
    seen: list[dict[int, float]] = field(default_factory=list)
    sent: list[tuple[float, int, int]] = field(default_factory=list)
    #: Commands accepted in this game (a room stops at ``moves``, when given).
    accepted: int = 0

    def __post_init__(self) -> None:
        self.seen = [{} for _ in range(self.seats)]


@dataclass
class Tally:
    """What the clients counted in the window."""

    #: Commands sent in the window and answered (accepted or refused by the rules).
    commands: int = 0
    accepted: int = 0
    #: Commands answered with an error (a rate limit, say) instead.
    errors: int = 0
    #: ms from an accepted command to each other seat's frame of it.
    latencies: list[float] = field(default_factory=list)
    #: Other seats that never received the frame of an accepted command.
    missing: int = 0
    #: Games that came to an end.
    finished: int = 0
    #: CPU seconds the clients' processes spent in the window.
    cpu: float = 0.0

    def add(self, other: Tally) -> None:
        """Count ``other``'s too."""
        self.commands += other.commands
        self.accepted += other.accepted
        self.errors += other.errors
        self.latencies += other.latencies
        self.missing += other.missing
        self.finished += other.finished
        self.cpu += other.cpu

    def to_json(self) -> dict[str, Any]:
        """As sent from a clients' process."""
        return dict(self.__dict__)


class Window:
    """The measured window, ``start`` to ``end`` on ``time.monotonic``, once known."""

    def __init__(self, grace: float = GRACE) -> None:
        self.start = self.end = float("inf")
        #: Seconds the seats wait after it for the frames still on their way.
        self.grace = grace
        self.known = asyncio.Event()

    def open(self, start: float, end: float) -> None:
        """Measure from ``start`` to ``end``."""
        self.start, self.end = start, end
        self.known.set()

    def within(self, moment: float) -> bool:
        """True if ``moment`` falls in the window."""
        return self.start <= moment < self.end


class SeatPlayer:
    """One seat of a slot, a websockets client, playing game after game: it receives
    its frames and, when one offers moves, plays one at random after thinking."""

    def __init__(
        self,
        url: str,
        room: dict[str, Any],
        seat: int,
        think: tuple[float, float],
        seed: int,
        tally: Tally,
        window: Window,
        moves: int | None,
    ) -> None:
        self.url, self.room, self.seat = url, room, seat
        self.think, self.rng = think, random.Random(seed)
        self.tally, self.window, self.moves = tally, window, moves
        self.games: dict[int, Game] = {}
        self.round = 0
        self.seq = 0
        self.socket: Any = None
        self.frame: dict[str, Any] | None = None
        self.everyone_here = False
        self.waiting: dict[int, float] = {}
        self.changed = asyncio.Event()
        self.slow_down = False
        self.joined = asyncio.Event()

    @property
    def game(self) -> Game:
        """This round's game, shared by the slot's seats."""
        return self.games.setdefault(self.round, Game(self.room["seats"]))

    async def send(self, kind: str, **fields: Any) -> int:
        self.seq += 1
        await self.socket.send(encode(kind, self.seq, **fields))
        return self.seq

    async def join(self) -> None:
        """Take this seat of this round's room (made by the host when the last game
        ended: asked again until it is there)."""
        self.socket = await connect(self.url, max_size=MAX_HOST_MESSAGE)
        self.seq, self.frame, self.everyone_here, self.waiting = 0, None, False, {}
        while True:
            await self.send(
                "hello",
                room=room_code(self.room["slot"], self.round),
                token=None,
                name=f"S{self.seat}",
                want=self.seat,
                pack_digest=self.room["digest"],
            )
            while True:
                message = json.loads(await self.socket.recv())
                if message["type"] in ("welcome", "error"):
                    break
            if message["type"] == "welcome":
                self.here(message["seats"])
                return
            assert message["code"] == "no-room", message
            await asyncio.sleep(0.05)

    def here(self, seats: list[dict[str, Any]]) -> None:
        self.everyone_here = all(seat["connected"] for seat in seats)
        self.changed.set()

    async def read(self) -> None:
        """Take in the host's messages until the connection closes."""
        with contextlib.suppress(ConnectionClosed):
            async for text in self.socket:
                now = time.monotonic()
                message = json.loads(text)
                kind = message["type"]
                if kind == "frame":
                    self.frame = message["frame"]["fields"]
                    self.game.seen[self.seat].setdefault(self.frame["generation"], now)
                elif kind == "answer":
                    self.answered(message, now)
                elif kind == "error" and message.get("reply_to") in self.waiting:
                    if self.window.within(self.waiting.pop(message["reply_to"])):
                        self.tally.errors += 1
                    self.slow_down = True
                elif kind == "presence":
                    self.here(message["seats"])
                self.changed.set()

    def answered(self, message: dict[str, Any], now: float) -> None:
        sent = self.waiting.pop(message["reply_to"])
        answer = message["answer"]
        counted = self.window.within(sent)
        self.tally.commands += counted
        if answer["frame"] is not None:
            self.frame = answer["frame"]["fields"]
        if answer["accepted"]:
            self.game.accepted += 1
            if counted and self.frame is not None:
                self.tally.accepted += 1
                self.game.sent.append((sent, self.seat, self.frame["generation"]))

    def my_move(self) -> dict[str, Any] | None:
        """A random legal move of the latest frame, if it is this seat's to make."""
        frame = self.frame
        if frame is None or self.waiting or not self.everyone_here:
            return None
        if frame["outcome"] is not None or frame["chosen"] is not None or not frame["moves"]:
            return None
        moves: list[dict[str, Any]] = frame["moves"]
        return moves[self.rng.randrange(len(moves))]["fields"]

    def done(self) -> bool:
        """True once the window is over or the room has made its ``moves``."""
        enough = self.moves is not None and self.game.accepted >= self.moves
        return enough or time.monotonic() >= self.window.end

    async def play_game(self) -> bool:
        """Play this round until its end (True) or ``done`` (False)."""
        while not self.done():
            if self.frame is not None and self.frame["outcome"] is not None:
                return True
            move = self.my_move()
            if move is None:
                self.changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), 0.25)
                continue
            if self.slow_down:
                self.slow_down = False
                await asyncio.sleep(0.2)
            low, high = self.think
            if high > 0:
                await asyncio.sleep(self.rng.uniform(low, high))
                continue_ = self.my_move()
                if continue_ is None or self.done():
                    continue
                move = continue_
            self.waiting[self.seq + 1] = time.monotonic()
            await self.send("command", command=Play(self.seat, text=move["text"]).to_json())
        return False

    async def run(self) -> None:
        """Join, wait for the window, play game after game until it ends."""
        await self.join()
        reader = asyncio.create_task(self.read())
        self.joined.set()
        await self.window.known.wait()
        try:
            while await self.play_game():
                self.tally.finished += self.seat == 0
                await self.socket.close()
                await reader
                self.round += 1
                await self.join()
                reader = asyncio.create_task(self.read())
            now = time.monotonic()  # the last frames arrive
            await asyncio.sleep(max(0.0, min(now, self.window.end) + self.window.grace - now))
        finally:
            await self.socket.close()
            await reader


def latencies(games: Iterable[Game], tally: Tally, window: Window) -> None:
    """Each accepted command's way to every other seat's frame of it, into ``tally``."""
    for game in games:
        for sent, seat, generation in game.sent:
            for other in range(game.seats):
                if other == seat:
                    continue
                seen = game.seen[other].get(generation)
                if seen is None:
                    tally.missing += 1
                else:
                    tally.latencies.append((seen - sent) * 1000.0)


async def play(
    url: str,
    rooms: Sequence[dict[str, Any]],
    think: tuple[float, float],
    seed: int,
    window: Window,
    moves: int | None = None,
    joined: asyncio.Event | None = None,
) -> Tally:
    """Play every seat of ``rooms`` on the host at ``url``; ``joined`` is set when every
    seat has joined, then play waits for ``window`` to be opened and plays until its end
    (or until every room has made ``moves``)."""
    tally = Tally()
    players: list[SeatPlayer] = []
    for room in rooms:
        games: dict[int, Game] = {}
        for seat in range(room["seats"]):
            player = SeatPlayer(
                url, room, seat, think, seed * 7919 + room["slot"] * 10 + seat, tally, window, moves
            )
            player.games = games
            players.append(player)
    tasks = [asyncio.create_task(player.run()) for player in players]
    await asyncio.gather(*(player.joined.wait() for player in players))
    if joined is not None:
        joined.set()
    await asyncio.gather(*tasks)
    seen: dict[int, dict[int, Game]] = {id(p.games): p.games for p in players}
    latencies((game for games in seen.values() for game in games.values()), tally, window)
    return tally


async def clients_main(
    port: int, rooms: list[dict[str, Any]], think: tuple[float, float], grace: float
) -> None:
    """A clients' process: join every seat of ``rooms``, say ``joined`` (a line), read the
    window (``START END`` on stdin), play it, and print the tally (a JSON line)."""
    window = Window(grace)
    joined = asyncio.Event()
    seed = rooms[0]["slot"] if rooms else 0
    playing = asyncio.create_task(
        play(f"ws://127.0.0.1:{port}/", rooms, think, seed, window, joined=joined)
    )
    await joined.wait()
    print("joined", flush=True)
    line = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    start, end = (float(word) for word in line.split())
    window.open(start, end)
    await asyncio.sleep(max(0.0, start - time.monotonic()))
    cpu = cpu_seconds()
    await asyncio.sleep(max(0.0, end - time.monotonic()))
    cpu = cpu_seconds() - cpu
    tally = await playing
    tally.cpu = cpu
    print(json.dumps(tally.to_json()), flush=True)


# ---------------------------------------------------------------- the run


@dataclass
class Figures:
    """One load's figures."""

    load: str
    rooms: int
    seconds: float
    tally: Tally
    #: The host's RSS in KB: before any room, with the rooms made, with them in play.
    rss_before: int
    rss_idle: int
    rss_play: int
    #: The host's CPU seconds in the window.
    cpu: float
    #: The machine's load average (1 minute) at the window's end: other work on it.
    machine_load: float

    @property
    def per_second(self) -> float:
        return self.tally.commands / self.seconds

    @property
    def median(self) -> float:
        return percentile(self.tally.latencies, 0.5) if self.tally.latencies else float("nan")

    @property
    def p99(self) -> float:
        return percentile(self.tally.latencies, 0.99) if self.tally.latencies else float("nan")

    @property
    def kb_per_room(self) -> float:
        return (self.rss_play - self.rss_before) / self.rooms

    @property
    def cpu_share(self) -> float:
        """The host's CPU time in the window over its length: 1.0 is one core's worth."""
        return self.cpu / self.seconds

    @property
    def cpu_ms_per_command(self) -> float:
        return self.cpu * 1000.0 / max(1, self.tally.commands)


def _environment(vtt_tree: Path | None) -> dict[str, str]:
    """The processes' environment: this tree on the path (after ``vtt_tree``, whose
    ``vtt`` package is then the one run)."""
    paths = [str(vtt_tree)] if vtt_tree is not None else []
    return {**os.environ, "PYTHONPATH": os.pathsep.join([*paths, str(ROOT)])}


def _start(role: str, *args: str, vtt_tree: Path | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "benchmarks.bench_net", role, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=vtt_tree or ROOT,  # ``-m`` puts the folder it runs in first on the path
        env=_environment(vtt_tree),
    )


def _ask(process: subprocess.Popen[str], line: str) -> dict[str, Any]:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(line + "\n")
    process.stdin.flush()
    answer: dict[str, Any] = json.loads(process.stdout.readline())
    return answer


def measure(
    load: str,
    rooms: int = ROOMS,
    duration: float = DURATION,
    processes: int = CLIENT_PROCESSES,
    vtt_tree: Path | None = None,
    packs: Sequence[str] = PACKS,
    grace: float = GRACE,
    settle: float = SETTLE,
) -> Figures:
    """Run a host process (its ``vtt`` from ``vtt_tree`` if given) serving ``rooms``
    rooms of ``packs`` and the clients' processes under ``load`` (a key of ``LOADS``)
    for ``duration`` seconds."""
    host = _start("host", "--rooms", str(rooms), "--packs", ",".join(packs), vtt_tree=vtt_tree)
    clients: list[subprocess.Popen[str]] = []
    try:
        assert host.stdout is not None
        ready = json.loads(host.stdout.readline())
        low, high = LOADS[load]
        for part in range(processes):
            mine = ready["rooms"][part::processes]
            args = ["--port", str(ready["port"]), "--rooms", json.dumps(mine)]
            args += ["--think", str(low), str(high), "--grace", str(grace)]
            clients.append(_start("clients", *args))
        for client in clients:
            assert client.stdout is not None
            if client.stdout.readline().strip() != "joined":
                raise RuntimeError("a clients' process failed to join its rooms")
        start = time.monotonic() + settle
        for client in clients:
            assert client.stdin is not None
            client.stdin.write(f"{start} {start + duration}\n")
            client.stdin.flush()
        time.sleep(max(0.0, start - time.monotonic()))
        first = _ask(host, "mark")
        time.sleep(max(0.0, start + duration - time.monotonic()))
        last = _ask(host, "mark")
        tally = Tally()
        for client in clients:
            out, _ = client.communicate(timeout=60)
            tally.add(Tally(**json.loads(out.strip().splitlines()[-1])))
        return Figures(
            load,
            rooms,
            duration,
            tally,
            ready["rss_before"],
            ready["rss_idle"],
            last["rss"],
            last["cpu"] - first["cpu"],
            os.getloadavg()[0],
        )
    finally:
        if host.stdin is not None:
            with contextlib.suppress(OSError):
                host.stdin.write("stop\n")
                host.stdin.close()
        for process in [*clients, host]:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()


def work_of(vtt_tree: Path | None, packs: Sequence[str] = PACKS) -> dict[str, float]:
    """``host_work`` in a process of its own (its ``vtt`` from ``vtt_tree`` if given)."""
    process = _start("work", "--packs", ",".join(packs), vtt_tree=vtt_tree)
    out, _ = process.communicate(timeout=900)
    work: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return work


def work_table(rows: Sequence[tuple[str, dict[str, float]]]) -> str:
    """The host's work per command, ms, one column per tree."""
    lines = [("host CPU ms/command, no network", *(label for label, _ in rows))]
    for pack in rows[0][1]:
        lines.append((pack, *(f"{work[pack]:.2f}" for _, work in rows)))
    return _aligned(lines)


def _aligned(lines: Sequence[Sequence[str]]) -> str:
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    return "\n".join(
        "  ".join(
            text.ljust(w) if i == 0 else text.rjust(w)
            for i, (text, w) in enumerate(zip(line, widths, strict=True))
        )
        for line in lines
    )


def table(rows: Sequence[tuple[str, Figures]]) -> str:
    """The figures as a plain table, one column per run."""
    lines: list[tuple[str, ...]] = [("", *(label for label, _ in rows))]
    for name, cell in (
        ("rooms", lambda f: f"{f.rooms}"),
        ("commands/s", lambda f: f"{f.per_second:.0f}"),
        ("command to others' frames, median ms", lambda f: f"{f.median:.1f}"),
        ("command to others' frames, p99 ms", lambda f: f"{f.p99:.1f}"),
        ("frames measured (missing)", lambda f: f"{len(f.tally.latencies)} ({f.tally.missing})"),
        ("errors (rate limits)", lambda f: f"{f.tally.errors}"),
        ("games finished", lambda f: f"{f.tally.finished}"),
        ("host CPU ms/command", lambda f: f"{f.cpu_ms_per_command:.2f}"),
        ("host CPU, share of a core", lambda f: f"{f.cpu_share:.2f}"),
        ("clients' CPU, cores", lambda f: f"{f.tally.cpu / f.seconds:.2f}"),
        ("host RSS KB/room", lambda f: f"{f.kb_per_room:.0f}"),
        ("machine load average", lambda f: f"{f.machine_load:.1f}"),
    ):
        lines.append((name, *(cell(figures) for _, figures in rows)))
    return _aligned(lines)


def results(runs: Sequence[Figures]) -> list[Result]:
    """The figures as rows of docs/performance.md."""
    found: list[Result] = []
    mix = f"{ROOMS} rooms of {len(PACKS)} packs, every seat a websockets client"
    for figures in runs:
        low, high = LOADS[figures.load]
        how = f"seats think {low}-{high} s" if high else "seats move at once"
        where = f"{how}; {mix}; machine load average {figures.machine_load:.1f}"
        found += [
            Result(
                GROUP,
                f"commands handled, {figures.load}",
                figures.per_second,
                "commands/s",
                note=where,
            ),
            Result(
                GROUP,
                f"command to the others' frames, median, {figures.load}",
                figures.median,
                "ms",
                f"< {GOAL_MS:.0f} ms" if high else "",
                figures.median < GOAL_MS if high else None,
                note=f"{len(figures.tally.latencies)} frames received by the other seats",
            ),
            Result(
                GROUP,
                f"command to the others' frames, p99, {figures.load}",
                figures.p99,
                "ms",
                f"< {GOAL_MS:.0f} ms" if high else "",
                figures.p99 < GOAL_MS if high else None,
            ),
            Result(
                GROUP,
                f"host CPU per command, {figures.load}",
                figures.cpu_ms_per_command,
                "ms",
                note=f"the host used {figures.cpu_share:.2f} of a core in the window",
            ),
        ]
    paced = runs[0]
    found.append(
        Result(
            GROUP,
            "host memory per room",
            paced.kb_per_room / 1024,
            "MB",
            note="resident set with the rooms in play less before any room, / rooms",
        )
    )
    return found


def run() -> list[Result]:
    """Both loads and the host's work per command, printed as tables too."""
    runs = [measure(load) for load in LOADS]
    print(table([(f.load, f) for f in runs]), flush=True)
    work = work_of(None)
    print(work_table([("host work", work)]), flush=True)
    rows = [
        Result(
            GROUP,
            f"host CPU per command without the network, {pack}",
            ms,
            "ms",
            note=f"Host._command, every seat's frame queued: {WORK_MOVES} random moves, "
            f"each the least of {WORK_REPEATS} plays",
        )
        for pack, ms in work.items()
    ]
    return results(runs) + rows


def main(argv: Sequence[str] | None = None) -> int:
    """``host``, ``clients`` (the processes of a run), or a run printed as a table,
    optionally against the ``vtt`` package of another tree (``--before TREE``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "role", nargs="?", choices=("host", "clients", "work", "table"), default="table"
    )
    parser.add_argument("--rooms", default=str(ROOMS), help="a number, or (clients) JSON")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--packs", default=",".join(PACKS), help="the packs, by commas")
    parser.add_argument("--think", nargs=2, type=float, default=(0.0, 0.0))
    parser.add_argument("--duration", type=float, default=DURATION)
    parser.add_argument("--grace", type=float, default=GRACE)
    parser.add_argument("--processes", type=int, default=CLIENT_PROCESSES)
    parser.add_argument("--load", choices=tuple(LOADS), action="append")
    parser.add_argument("--before", type=Path, help="a tree whose vtt the host runs, compared")
    args = parser.parse_args(argv)
    if args.role == "host":
        asyncio.run(host_main(int(args.rooms), args.packs.split(",")))
    elif args.role == "clients":
        rooms = json.loads(args.rooms)
        asyncio.run(clients_main(args.port, rooms, tuple(args.think), args.grace))
    elif args.role == "work":
        print(json.dumps(asyncio.run(host_work(args.packs.split(",")))))
    else:
        rows = []
        packs = args.packs.split(",")
        trees = [("before", args.before), ("after", None)] if args.before else [("", None)]
        print(work_table([(label or "host work", work_of(tree, packs)) for label, tree in trees]))
        for load in args.load or tuple(LOADS):
            for label, tree in trees:
                figures = measure(load, int(args.rooms), args.duration, args.processes, tree, packs)
                rows.append((f"{load} {label}".strip(), figures))
        print(table(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
