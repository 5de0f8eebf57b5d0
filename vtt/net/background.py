"""A host run on a thread of its own, with its own asyncio loop: what Game > Host
online... starts inside the window's process (the window's seat then joins it as any
client does), and what the window tests play against on the loopback address."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any, TypeVar

from vtt.net.host import Host, Room, SeatSpec
from vtt.net.protocol import Invite
from vtt.rules.game import Game

__all__ = ["BackgroundHost", "listening"]

T = TypeVar("T")
#: Seconds to wait for the host's thread to start or stop.
PATIENCE = 60.0


class BackgroundHost:
    """A :class:`Host` serving on a thread; ``start`` returns once it listens."""

    def __init__(self, autosave: Path | None = None) -> None:
        self.host = Host(autosave)
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="vtt-host", daemon=True)

    def start(self, address: str = "127.0.0.1", port: int = 0) -> int:
        """Serve on ``address``:``port`` (0: a free one); the port. OSError when it
        cannot listen there (the port is taken)."""
        self.thread.start()
        return self.run(self.host.start(address, port))

    def run(self, work: Coroutine[Any, Any, T]) -> T:
        """Run a coroutine on the host's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(work, self.loop).result(PATIENCE)

    def call(self, work: Callable[[], T]) -> T:
        """Call ``work`` on the host's loop (the host is not thread-safe) and wait."""

        async def called() -> T:
            return work()

        return self.run(called())

    def add_room(
        self,
        game: Game,
        pack: str | Path,
        seats: Sequence[SeatSpec],
        options: dict[str, object] | None = None,
        seed: int = 0,
    ) -> Room:
        """A new room (its computer seats start thinking at once)."""
        return self.call(lambda: self.host.add_room(game, pack, seats, options, seed))

    def invite(self, room: Room) -> Invite:
        """Where to find ``room``."""
        return self.host.invite(room)

    def stop(self) -> None:
        """Close every connection, stop serving and end the thread."""
        if self.thread.is_alive():
            self.run(self.host.stop())
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(PATIENCE)
        self.loop.close()


def listening(address: str, port: int) -> tuple[BackgroundHost, int]:
    """A host serving on a thread at ``address`` (empty: every address of this machine)
    on ``port``, or on any free port when that one is taken; and the port."""
    listen = address or "0.0.0.0"
    host = BackgroundHost()
    try:
        return host, host.start(listen, port)
    except OSError:  # the port is taken: any free one
        host.stop()
        host = BackgroundHost()
        return host, host.start(listen, 0)
