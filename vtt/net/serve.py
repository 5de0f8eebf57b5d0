"""``vtt serve PACK``: a headless host of one room (docs/network.md)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
from pathlib import Path
from typing import Any

from vtt.net.host import Host, SeatSpec, parse_seats
from vtt.rules.commands import parse_options
from vtt.rules.errors import RulesError
from vtt.rules.finder import find_pack, load_game
from vtt.rules.shown import ERROR_CHARS, echo, shown

__all__ = ["add_serve_parser", "serve_command"]


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` command's arguments."""
    serve = sub.add_parser("serve", help="host a game for players on the network (headless)")
    serve.add_argument("pack", nargs="?", help="a pack id, folder or pack.yaml")
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
        "(default: the pack's usual number of human seats)",
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
    try:
        asyncio.run(_serve(host, args.host, args.port))
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
        host.resume(args.resume)
        return host
    if args.pack is None:
        raise ValueError("name the pack to serve (or --resume FILE)")
    game = load_game(args.pack)
    seats = parse_seats(args.seats) if args.seats else [SeatSpec("person")] * game.players[2]
    low, high = game.players[0], game.players[1]
    if not low <= len(seats) <= high:
        raise ValueError(f"{game.id} is played by {low} to {high} seats, not {len(seats)}")
    host.add_room(game, find_pack(args.pack), seats, parse_options(game, args.option), args.seed)
    return host


async def _serve(host: Host, address: str, port: int) -> None:
    await host.start(address, port)
    # What is loaded now (the packs' compiled rules) lives as long as the host: the
    # collector need not walk it again on every full collection (with 50 rooms on a
    # loaded machine those held every room up for 0.1 to 0.5 s; docs/network.md).
    gc.collect()
    gc.freeze()
    for room in host.rooms.values():
        kinds = ", ".join(
            f"{room.match.names[i]}: {seat.spec.kind}"
            + (f" ({seat.spec.level})" if seat.spec.level else "")
            for i, seat in enumerate(room.seats)
        )
        print(f"Room {room.code}: {room.pack_id} ({kinds})")
        print(f"Invite: {host.invite(room)}", flush=True)
    print("Ctrl+C stops the host.", flush=True)
    try:
        await asyncio.Event().wait()
    finally:
        await host.stop()
