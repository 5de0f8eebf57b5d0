"""Game > Host online...: the game chosen as for a new game (pack, options, seats: a
person's seat is open to whoever joins, a computer's plays on the host), served by a
host on a thread of this process; the window then joins the room as any client does,
taking the first open seat, and shows the invite to copy."""

from __future__ import annotations

from typing import Any

from vtt.net.background import listening
from vtt.net.discovery import Announcer, available, lan_address
from vtt.net.host import SeatSpec
from vtt.net.protocol import Invite
from vtt.ui.game.session import COMPUTERS, GameSetup
from vtt.ui.qt import QGuiApplication

__all__ = ["DEFAULT_PORT", "HostedRoom", "announce", "lan_address", "seat_specs"]

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


class HostedRoom:
    """A room served from this process, and the window's own seat joining it."""

    def __init__(self, setup: GameSetup, port: int = DEFAULT_PORT, address: str = "") -> None:
        self.host, port = listening(address, port)
        self.room_seats = seat_specs(setup)
        self.room = self.host.add_room(
            setup.game(), setup.pack, self.room_seats, setup.options, setup.seed
        )
        shown = address if address and address != "0.0.0.0" else lan_address()
        self.invite = Invite(shown, port, self.room.code)
        self.loopback = Invite("127.0.0.1", port, self.room.code)
        #: The room announced on the local network (zeroconf), when it can be.
        self.announcer = announce(self.invite, self.room.pack_id, self.room.match.game.name)

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
        if self.announcer is not None:
            self.announcer.close()
            self.announcer = None
        self.host.stop()


def announce(invite: Invite, pack: str, name: str) -> Announcer | None:
    """Announce a room on the local network (Join... finds it there): None when zeroconf
    is not installed, or the room is on this machine only."""
    if invite.host.startswith("127.") or not available():
        return None
    try:
        announcer = Announcer()
        announcer.announce(invite, pack, name)
    except OSError:  # no network to announce it on: the invite still works
        return None
    return announcer
