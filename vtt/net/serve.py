"""``vtt serve PACK``: a headless host of one room (docs/network.md); ``vtt serve
sandbox`` or ``vtt serve FILE.jtable``: of a shared free table."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import signal
import sys
from pathlib import Path
from typing import Any

from vtt.net.discovery import Announcer, NoDiscovery, available, lan_address
from vtt.net.host import Host, SeatSpec, parse_seats
from vtt.net.protocol import Invite
from vtt.net.tableroom import (
    TableRoom,
    add_table_room,
    is_table_file,
    resume_table_room,
    secret_seed,
)
from vtt.rules.commands import parse_options
from vtt.rules.errors import RulesError
from vtt.rules.finder import find_pack, load_game
from vtt.rules.setups import SetupError, load_setup
from vtt.rules.shown import ERROR_CHARS, echo, shown
from vtt.table import Table
from vtt.table.savefile import SUFFIX, load_table

__all__ = ["add_serve_parser", "serve_command"]

#: The pack whose table ``vtt serve sandbox`` shares.
SANDBOX = "janken-sandbox"


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` command's arguments."""
    serve = sub.add_parser("serve", help="host a game for players on the network (headless)")
    serve.add_argument(
        "pack",
        nargs="?",
        help="a pack id, folder or pack.yaml; or 'sandbox' (a Janken Sandbox free table) "
        "or a saved table (.jtable) to share",
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; "
        "0.0.0.0: every network it is on)",
    )
    serve.add_argument("--port", type=int, default=8765, help="the port (default 8765; 0: any)")
    serve.add_argument(
        "--seats",
        metavar="KIND,KIND",
        help="the seats in order: human (a player who joins) or computer:LEVEL "
        "(default: the pack's usual number of human seats; a free table's seats are all "
        "human, a saved table has its own)",
    )
    serve.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a pack option (repeatable)",
    )
    serve.add_argument("--seed", type=int, default=0, help="the random seed")
    serve.add_argument(
        "--autosave",
        metavar="FOLDER",
        type=Path,
        help="save the room after every change in FOLDER/ROOMCODE.json",
    )
    serve.add_argument(
        "--announce",
        action="store_true",
        help="announce the room on the local network (zeroconf; needs janken-table[lan]), "
        "so that Game > Join... finds it",
    )
    serve.add_argument(
        "--resume",
        metavar="FILE",
        type=Path,
        help="serve the room saved in FILE (by --autosave) instead of a new one: the same "
        "code, seats and tokens, the moves made",
    )


def serve_command(args: argparse.Namespace) -> int:
    """Serve one room until Ctrl+C; 1 with the reason when the pack or seats are wrong."""
    try:
        host = _room(args)
    except (RulesError, FileNotFoundError, ValueError) as error:
        echo(f"vtt serve: {shown(error, ERROR_CHARS)}", file=sys.stderr)
        return 1
    if args.announce and not available():
        echo(f"vtt serve: {NoDiscovery()}", file=sys.stderr)
        return 1
    try:
        asyncio.run(_serve(host, args.host, args.port, args.announce))
    except KeyboardInterrupt:
        print("vtt serve: stopped", flush=True)
    except OSError as error:
        echo(f"vtt serve: cannot listen on {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    return 0


def _room(args: argparse.Namespace) -> Host:
    """A host with the room the arguments ask for; ValueError (or a rules error) why not."""
    host = Host(args.autosave)
    if args.resume is not None:
        if is_table_file(args.resume):
            resume_table_room(host, args.resume)
        else:
            host.resume(args.resume)
        return host
    if args.pack is None:
        raise ValueError("name the pack to serve (or --resume FILE)")
    if args.pack in (SANDBOX, "sandbox") or args.pack.endswith(SUFFIX):
        add_table_room(host, _free_table(args))
        return host
    game = load_game(args.pack)
    seats = parse_seats(args.seats) if args.seats else [SeatSpec("person")] * game.players[2]
    low, high = game.players[0], game.players[1]
    if not low <= len(seats) <= high:
        raise ValueError(f"{game.id} is played by {low} to {high} seats, not {len(seats)}")
    host.add_room(game, find_pack(args.pack), seats, parse_options(game, args.option), args.seed)
    return host


def _free_table(args: argparse.Namespace) -> Table:
    """The free table to share: the Janken Sandbox's for the seats asked, or a saved
    one (its seats as saved); each with a seed nobody knows."""
    if args.pack.endswith(SUFFIX):
        if args.seats:
            raise ValueError("a saved table has its own seats: leave out --seats")
        table = load_table(args.pack)
    else:
        seats = parse_seats(args.seats) if args.seats else None
        if seats is not None and any(seat.kind != "person" for seat in seats):
            raise ValueError("a free table's seats are people's: --seats human,human,...")
        try:
            count = None if seats is None else len(seats)
            # Laid out (its deck shuffled) with the secret seed, not the usual one.
            return load_setup(SANDBOX).new_table(count, seed=secret_seed())
        except SetupError as error:
            raise ValueError(str(error)) from None
    table.seed = secret_seed()
    return table


async def _serve(host: Host, address: str, port: int, announcing: bool = False) -> None:
    await host.start(address, port)
    # zeroconf runs on a loop of its own: it is started and told off this one.
    announcer = await asyncio.to_thread(Announcer) if announcing else None
    # What is loaded now (the packs' compiled rules) lives as long as the host: the
    # collector need not walk it again on every full collection (with 50 rooms on a
    # loaded machine those held every room up for 0.1 to 0.5 s; docs/network.md).
    gc.collect()
    gc.freeze()
    for room in host.rooms.values():
        if isinstance(room, TableRoom):
            names = ", ".join(seat.name for seat in room.table.seats)
            print(f"Room {room.code}: a free table ({names})")
            pack_id, title = SANDBOX, "a free table"
        else:
            kinds = ", ".join(
                f"{room.match.names[i]}: {seat.spec.kind}"
                + (f" ({seat.spec.level})" if seat.spec.level else "")
                for i, seat in enumerate(room.seats)
            )
            print(f"Room {room.code}: {room.pack_id} ({kinds})")
            pack_id, title = room.pack_id, room.match.game.name
        seen = host.invite(room)
        if seen.host in ("0.0.0.0", ""):  # every address: the one others reach
            seen = Invite(lan_address(), seen.port, seen.room)
        print(f"Invite: {seen}", flush=True)
        if announcer is not None:
            await asyncio.to_thread(announcer.announce, seen, pack_id, title)
            print(f"Announced on the local network as {seen}", flush=True)
    print("Ctrl+C stops the host.", flush=True)
    stopping = asyncio.Event()
    # SIGTERM (a service manager's stop) says goodbye to the players as Ctrl+C does.
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stopping.set)
    try:
        await stopping.wait()
        print("vtt serve: stopped", flush=True)
    finally:
        if announcer is not None:
            await asyncio.to_thread(announcer.close)
        await host.stop()
