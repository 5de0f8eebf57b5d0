"""Rooms announced on the local network (zeroconf, an optional package) are found; an
announcement that is no room's is left out; without the package, the reason names it."""

from __future__ import annotations

import sys

import pytest

from vtt.net.discovery import SERVICE, Announcer, Found, NoDiscovery, available, browse
from vtt.net.protocol import Invite

LOOPBACK = ["127.0.0.1"]
#: Generous: a browse returns as soon as a room answers.
WAIT = 30.0


def test_without_zeroconf_finding_rooms_names_the_package(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "zeroconf", None)  # as if not installed
    assert not available()
    with pytest.raises(NoDiscovery, match=r"janken-table\[lan\]"):
        browse(0.1)
    with pytest.raises(NoDiscovery):
        Announcer()


def test_a_room_announced_on_the_network_is_found_and_a_stranger_is_not() -> None:
    zeroconf = pytest.importorskip("zeroconf")
    import socket

    announcer = Announcer(LOOPBACK)
    try:
        invite = Invite("127.0.0.1", 8765, "KDPWXR")
        announcer.announce(invite, "war", "War")
        stranger = zeroconf.ServiceInfo(  # not a room: a code that is none
            SERVICE,
            f"evil.{SERVICE}",
            addresses=[socket.inet_aton("127.0.0.1")],
            port=9,
            properties={"room": "../../etc", "pack": "war"},
        )
        announcer.engine.register_service(stranger)
        announcer.services.append(stranger)
        found = browse(WAIT, LOOPBACK)
        assert Found(invite, "war", "War") in found
        assert [room.invite.room for room in found] == ["KDPWXR"]
        assert str(found[0]) == "War · vtt://127.0.0.1:8765/KDPWXR"
    finally:
        announcer.close()
