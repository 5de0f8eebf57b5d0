"""A free table window joined to a real host on the loopback address (issue 29): a card
dragged with real mouse events moves on the host and on the other seat's screen, the
other seat's draw shows as backs only, and an undo the host refuses says why."""

from __future__ import annotations

import threading

import pytest
from gestures import CTRL, drag, key

from vtt.net.background import BackgroundHost
from vtt.net.client import NetClient
from vtt.net.tableroom import add_table_room, secret_seed
from vtt.rules.setups import load_setup
from vtt.table import CardPiece
from vtt.table.shared import HIDDEN_FACE
from vtt.ui.nettable import TableCommand
from vtt.ui.qt import Qt


@pytest.fixture
def host():
    """A host on 127.0.0.1 sharing a Janken Sandbox table for two."""
    serving = BackgroundHost()
    serving.start("127.0.0.1", 0)
    table = load_setup("janken-sandbox").new_table(2, seed=secret_seed())
    serving.room = serving.call(lambda: add_table_room(serving.host, table))
    yield serving
    serving.stop()


class Ben:
    """The other seat: a plain client keeping its last frame."""

    def __init__(self, host) -> None:
        self.frames: list[dict] = []
        self.seen = threading.Event()
        self.client = NetClient(host.invite(host.room), "Ben", 1, self.heard)
        self.client.start()

    def heard(self, kind, data) -> None:
        if kind == "table":
            self.frames.append(data["table"])

    def pieces(self) -> dict[str, dict]:
        return {p["id"]: p for p in self.frames[-1]["table"]["objects"]}

    def draw(self, count: int) -> None:
        steps = [{"op": "draw", "args": {"source_id": "deck", "seat": 1, "count": count}}]
        command = {"op": "steps", "frame": self.frames[-1]["number"], "label": None}
        assert self.client.send_command(TableCommand({**command, "steps": steps}))


def test_a_shared_table_window_drags_sees_the_others_and_is_told_refusals(qtbot, window, host):
    window.join(host.invite(host.room), "Ann", 0)
    qtbot.waitUntil(lambda: getattr(window.joining, "window", None) is not None)
    shared = window.joining.window
    qtbot.addWidget(shared)
    shared.resize(1300, 900)
    shared.show()
    qtbot.waitExposed(shared)
    shared.view.reset_view()
    session = shared.session
    assert session.remote and session.seat == 0
    ben = Ben(host)
    try:
        qtbot.waitUntil(lambda: "Ben" in shared.hint.text() and bool(ben.frames))
        # Ann drags a face-up Joker with the mouse: the host and Ben see it move.
        joker = next(
            p for p in session.table.on_table() if isinstance(p, CardPiece) and p.face == "JkR"
        )
        start, end = (joker.x, joker.y), (joker.x + 200, joker.y + 260)
        drag(shared.view, start, end)
        on_host = lambda: host.call(lambda: host.room.table.objects[joker.id])  # noqa: E731
        qtbot.waitUntil(lambda: abs(on_host().y - end[1]) < 2 and abs(on_host().x - end[0]) < 2)
        qtbot.waitUntil(lambda: abs(ben.pieces()[joker.id]["y"] - end[1]) < 2)
        qtbot.waitUntil(lambda: "Ann: Move JkR" in shared.log.lines())
        moved = session.table.objects[joker.id]
        assert abs(moved.x - end[0]) < 2 and abs(moved.y - end[1]) < 2
        # Ben draws two: Ann's window shows two backs in Ben's hand, nothing of their faces.
        ben.draw(2)
        hand = lambda: session.table.hand(1).contents  # noqa: E731
        qtbot.waitUntil(lambda: len(hand()) == 2)
        held = host.call(
            lambda: [host.room.table.objects[c].face for c in host.room.table.hand(1).contents]
        )
        copy = session.table.objects
        assert all(copy[c].face == HIDDEN_FACE for c in hand())
        assert not {p.face for p in copy.values() if isinstance(p, CardPiece)} & set(held)
        assert shared.undo_action.text().startswith("Undo Ben draws 2")
        # Ann's undo would take Ben's cards: the host refuses, and the status bar says why.
        key(shared.view, Qt.Key.Key_Z, CTRL)
        qtbot.waitUntil(lambda: "only Ben may undo it" in shared.statusBar().currentMessage())
        assert len(host.call(lambda: host.room.table.hand(1).contents)) == 2
        # Ann's connection drops; Ben draws meanwhile; Ann's window is back with it all.
        session.client.drop()
        qtbot.waitUntil(lambda: "reconnecting" in shared.hint.text() or len(hand()) == 3)
        ben.draw(1)
        qtbot.waitUntil(lambda: len(hand()) == 3 and "Ann (you)" in shared.hint.text())
        assert "reconnecting" not in shared.hint.text()
    finally:
        ben.client.close()
        shared.close()


def test_share_this_table_online_serves_a_copy_and_plays_it_in_a_window_of_its_own(qtbot, sandbox):
    sandbox.session.active_seat = 1
    joining = sandbox.share_table_online(port=0, address="127.0.0.1")
    assert joining is not None and joining.hosted is not None
    qtbot.waitUntil(lambda: getattr(joining, "window", None) is not None)
    shared = joining.window
    qtbot.addWidget(shared)
    try:
        assert shared.session.seat == 1 and shared.windowTitle().startswith("Shared table")
        served = joining.hosted.host.call(lambda: joining.hosted.room.table)
        assert (
            served is not sandbox.session.table and served.objects == sandbox.session.table.objects
        )
        assert served.seed != sandbox.session.table.seed  # a new secret
        assert "Hosting vtt://127.0.0.1:" in shared.session.link_text()
    finally:
        shared.close()
    assert not joining.hosted.host.thread.is_alive()  # closing the window ends the table


def test_a_spectator_of_a_shared_table_sees_every_hand_covered(qtbot, window, host):
    host.call(lambda: host.room.table.deal("deck", 3))
    window.join(host.invite(host.room), "Eve", "watch")
    qtbot.waitUntil(lambda: getattr(window.joining, "window", None) is not None)
    shared = window.joining.window
    qtbot.addWidget(shared)
    try:
        shared.show()
        qtbot.waitExposed(shared)
        session = shared.session
        assert session.seat is None and session.covered
        session.set_covered(False)  # a click on the screen does not lift it
        assert session.covered
        shared.hand_bar.grab()  # painted: the cover, no hand's cards (no face to draw)
        assert "You are watching" in shared.seat_bar.hint.text()
    finally:
        shared.close()
