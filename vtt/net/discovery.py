"""Finding rooms on the local network (zeroconf: multicast DNS service discovery).

A host announces each room as a service ``CODE._janken-table._tcp.local.`` with its
address, port and, as text, the room code, the pack's id and name: what an invite
says, and nothing secret (no token, no seat). The Join dialog looks for them. This
needs the optional ``zeroconf`` package (``pip install 'janken-table[lan]'``); without
it, :class:`NoDiscovery` says so and everything else works as before.
"""

from __future__ import annotations

import importlib
import socket
import threading
from dataclasses import dataclass
from typing import Any

from vtt.net.protocol import ROOM_LETTERS, Invite

__all__ = ["SERVICE", "Announcer", "Found", "NoDiscovery", "available", "browse", "lan_address"]

#: The kind of service a room is announced as.
SERVICE = "_janken-table._tcp.local."
#: Seconds to listen for rooms.
LOOK_FOR = 2.0


class NoDiscovery(RuntimeError):
    """Finding games on the network needs the ``zeroconf`` package."""

    def __init__(self) -> None:
        super().__init__(
            "finding games on the network needs the zeroconf package: "
            "pip install 'janken-table[lan]'"
        )


def _zeroconf() -> Any:
    try:
        return importlib.import_module("zeroconf")  # optional: untyped here
    except ImportError:
        raise NoDiscovery() from None


def available() -> bool:
    """True when rooms can be announced and found here."""
    try:
        _zeroconf()
    except NoDiscovery:
        return False
    return True


@dataclass(frozen=True)
class Found:
    """A room announced on the network: where it is, and its pack."""

    invite: Invite
    pack: str
    pack_name: str

    def __str__(self) -> str:
        return f"{self.pack_name or self.pack} · {self.invite}"


def lan_address() -> str:
    """This machine's address on its network (what others connect to), else the
    loopback one. No packet is sent: a UDP socket only picks its route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: never reached
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _engine(zeroconf: Any, interfaces: list[str] | None) -> Any:
    if interfaces is None:
        return zeroconf.Zeroconf(ip_version=zeroconf.IPVersion.V4Only)
    return zeroconf.Zeroconf(interfaces=interfaces, ip_version=zeroconf.IPVersion.V4Only)


class Announcer:
    """Rooms announced on the local network until ``close``. NoDiscovery without
    zeroconf."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.zeroconf = _zeroconf()
        self.engine = _engine(self.zeroconf, interfaces)
        self.services: list[Any] = []

    def announce(self, invite: Invite, pack: str, pack_name: str) -> None:
        """Announce a room at ``invite`` (its address: one others can reach)."""
        address = socket.inet_aton(socket.gethostbyname(invite.host))
        info = self.zeroconf.ServiceInfo(
            SERVICE,
            f"{invite.room}.{SERVICE}",
            addresses=[address],
            port=invite.port,
            properties={"room": invite.room, "pack": pack, "name": pack_name[:60]},
        )
        self.engine.register_service(info, allow_name_change=True)
        self.services.append(info)

    def close(self) -> None:
        """Take the rooms back and stop."""
        for info in self.services:
            self.engine.unregister_service(info)
        self.services.clear()
        self.engine.close()


def browse(wait: float = LOOK_FOR, interfaces: list[str] | None = None) -> list[Found]:
    """The rooms announced on the network, found within ``wait`` seconds (what an
    announcement says is checked: a room code, a port; anything else is left out);
    NoDiscovery without zeroconf."""
    zeroconf = _zeroconf()
    engine = _engine(zeroconf, interfaces)
    names: set[str] = set()
    heard = threading.Event()

    class Listener:
        def add_service(self, _engine: Any, _kind: str, name: str) -> None:
            names.add(name)
            heard.set()

        def update_service(self, _engine: Any, _kind: str, name: str) -> None:
            names.add(name)

        def remove_service(self, _engine: Any, _kind: str, name: str) -> None:
            names.discard(name)

    try:
        browser = zeroconf.ServiceBrowser(engine, SERVICE, Listener())
        heard.wait(wait)
        heard.clear()
        heard.wait(min(wait, 0.5))  # others answering just after the first
        browser.cancel()
        found = [_read(engine.get_service_info(SERVICE, name, 1000)) for name in sorted(names)]
    finally:
        engine.close()
    return sorted({room for room in found if room is not None}, key=str)


def _read(info: Any) -> Found | None:
    """A room from its announcement, or None when it is no room's."""
    if info is None or not info.addresses or not 0 < (info.port or 0) < 65536:
        return None
    said = {
        key.decode("utf-8", "replace"): (value or b"").decode("utf-8", "replace")
        for key, value in (info.properties or {}).items()
    }
    room = said.get("room", "")
    if len(room) != 6 or any(letter not in ROOM_LETTERS for letter in room):
        return None
    host = socket.inet_ntoa(info.addresses[0])
    return Found(
        Invite(host, int(info.port), room), said.get("pack", "")[:80], said.get("name", "")[:60]
    )
