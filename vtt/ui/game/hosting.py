"""Game > Host online...: the game chosen as for a new game (pack, options, seats: a
person's seat is open to whoever joins, a computer's plays on the host), served by a
host on a thread of this process; the window then joins the room as any client does,
taking the first open seat, and shows the invite to copy."""

from __future__ import annotations

import socket
from typing import Any

from vtt.net.background import BackgroundHost
from vtt.net.host import SeatSpec
from vtt.net.protocol import Invite
from vtt.ui.game.session import COMPUTERS, GameSetup
from vtt.ui.qt import QGuiApplication

__all__ = ["DEFAULT_PORT", "HostedRoom", "lan_address", "seat_specs"]

#: The port a host listens on unless it is taken (then any free one).
DEFAULT_PORT = 8765


def seat_specs(setup: GameSetup) -> list[SeatSpec]:
    """The host's seats for a new game's: a person's open, a computer's at its level."""
    return [
        SeatSpec("computer", COMPUTERS[choice.kind], choice.name)
        if choice.computer
        else SeatSpec("person", "", choice.name)
        for choice in setup.seats
    ]


def lan_address() -> str:
    """This machine's address on its network (what others connect to), else the
    loopback one. No packet is sent: a UDP socket only picks its route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: never reached
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


class HostedRoom:
    """A room served from this process, and the window's own seat joining it."""

    def __init__(self, setup: GameSetup, port: int = DEFAULT_PORT, address: str = "") -> None:
        self.host = BackgroundHost()
        listen = address or "0.0.0.0"
        try:
            port = self.host.start(listen, port)
        except OSError:  # the port is taken: any free one
            self.host.stop()
            self.host = BackgroundHost()
            port = self.host.start(listen, 0)
        self.room_seats = seat_specs(setup)
        self.room = self.host.add_room(
            setup.game(), setup.pack, self.room_seats, setup.options, setup.seed
        )
        shown = address if address and address != "0.0.0.0" else lan_address()
        self.invite = Invite(shown, port, self.room.code)
        self.loopback = Invite("127.0.0.1", port, self.room.code)

    def join(self, name: str, art: Any = None) -> Any:
        """The window's own seat joining (``Joining``): the first open seat (watching,
        when every seat is a computer's)."""
        from vtt.ui.game.remote import Joining

        open_seats = [spec for spec in self.room_seats if spec.kind != "computer"]
        joining = Joining(self.loopback, name, "any" if open_seats else "watch", art)
        joining.hosted = self
        return joining

    def copy_invite(self) -> None:
        """Put the invite on the clipboard."""
        QGuiApplication.clipboard().setText(str(self.invite))

    def stop(self) -> None:
        """End the room: every client is told goodbye."""
        self.host.stop()
