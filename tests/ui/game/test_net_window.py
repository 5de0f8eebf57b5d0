"""A game window joined to a host on the loopback address (issue 29): it plays a move
with real mouse events, sees the other seat's move arrive, says why a drop is refused,
and says "reconnecting" when the connection drops, then shows the frame again.

Until the host of vtt/net/host.py is merged on this branch, the host here is a small
one of the test's own that speaks the plan's protocol over real WebSockets."""

from __future__ import annotations

import json
import threading

import pytest
from game_windows import drag_face
from websockets.sync.server import ServerConnection, serve

from vtt.match import Match, MatchSeat, Play, Why, command_from_json
from vtt.match.commands import DropQuestion
from vtt.net.client import Invite, NetClient
from vtt.rules import load_game

WAIT_MS = 60_000  # for what will happen: a busy machine is slow, never wrong
PACK = "jantori"


class LoopbackHost:
    """One room holding a real Match, served on 127.0.0.1 on a free port."""

    def __init__(self) -> None:
        game = load_game(PACK)
        self.match = Match(game, [MatchSeat("Ann"), MatchSeat("Ben")], {}, 3)
        self.lock = threading.Lock()
        self.seats: dict[int, ServerConnection] = {}
        self.tokens: dict[str, int] = {}
        #: Cleared to hold connections at the door (a host slow to answer).
        self.admit = threading.Event()
        self.admit.set()
        self.server = serve(self.serve, "127.0.0.1", 0)
        self.port = self.server.socket.getsockname()[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def invite(self) -> Invite:
        return Invite("127.0.0.1", self.port, "KDPWXR")

    def serve(self, connection: ServerConnection) -> None:
        seq = 0

        def say(kind: str, **body) -> None:
            nonlocal seq
            seq += 1
            connection.send(json.dumps({"v": 1, "seq": seq, "type": kind, **body}))

        self.admit.wait()
        hello = json.loads(connection.recv())
        assert hello["type"] == "hello" and hello["room"] == "KDPWXR"
        with self.lock:
            seat = self.tokens.get(hello["token"] or "", hello["want"])
            self.tokens[f"token-{seat}"] = seat
            self.seats[seat] = connection
            say("welcome", seat=seat, token=f"token-{seat}", pack=PACK, seats=self.presence())
            say("frame", frame=self.match.frame(seat).to_json())
        self.tell_presence()
        try:
            for text in connection:
                message = json.loads(text)
                command = command_from_json(message["command"])
                with self.lock:
                    if command.seat != seat:
                        answer = {"accepted": False, "reason": "Not your seat", "frame": None}
                    else:
                        answer = self.match.send(command).to_json()
                    say("answer", answer=answer, reply_to=message["seq"])
                    if answer["accepted"] and not isinstance(command, Why):
                        self.tell_frames()
        finally:
            with self.lock:
                if self.seats.get(seat) is connection:
                    del self.seats[seat]
            self.tell_presence()

    def presence(self) -> list[dict]:
        return [
            {"name": s.name, "kind": "remote", "connected": i in self.seats}
            for i, s in enumerate(self.match.seats)
        ]

    def tell_frames(self) -> None:
        for seat, connection in list(self.seats.items()):
            frame = self.match.frame(seat).to_json()
            connection.send(json.dumps({"v": 1, "seq": 0, "type": "frame", "frame": frame}))

    def tell_presence(self) -> None:
        seats = self.presence()
        for connection in list(self.seats.values()):
            connection.send(json.dumps({"v": 1, "seq": 0, "type": "presence", "seats": seats}))

    def cut(self, seat: int) -> None:
        """Close a seat's connection as a lost network would."""
        self.seats[seat].close()

    def close(self) -> None:
        self.server.shutdown()
        self.thread.join(10)


@pytest.fixture
def host():
    room = LoopbackHost()
    yield room
    room.close()


def join(qtbot, host, seat: int):
    from vtt.ui.game.remote import Joining

    joining = Joining(host.invite, "Ann", seat)
    with qtbot.waitSignal(joining.opened, timeout=WAIT_MS):
        pass
    window = joining.window
    qtbot.addWidget(window)
    window.resize(1300, 900)
    qtbot.waitExposed(window)
    window.view.fit()
    return joining, window


def own_face(window, what: str):
    faces = [f for f in window.board.faces if f.what == what and window.view.can_drag(f)]
    assert faces, f"no draggable {what} on the board"
    return max(faces, key=lambda f: f.face.index)


def test_a_window_plays_on_a_host_and_sees_the_other_seat_move(qtbot, host):
    joining, window = join(qtbot, host, 0)
    session = window.session
    assert "Ann (you)" in window.seat_bar.text() and "Ben is away" in window.seat_bar.text()
    events: list[tuple[str, object]] = []
    ben = NetClient(host.invite, "Ben", 1, lambda kind, data: events.append((kind, data)))
    ben.start()
    qtbot.waitUntil(lambda: "Ben is away" not in window.seat_bar.text(), timeout=WAIT_MS)
    assert "Ben" in window.seat_bar.text()
    try:
        # Ann drags a piece onto a glowing place: the host makes the move
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        targets = session.drags().targets
        what = sorted(targets)[0]
        key, move = sorted(targets[what].items(), key=lambda item: str(item[0]))[0]
        drag_face(window, own_face(window, what), window.board.places[key].place.centre)
        qtbot.waitUntil(lambda: [m.text for m in host.match.moves] == [move.text], timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not session.human_to_move(), timeout=WAIT_MS)
        # Ben answers from his own client: his move arrives in Ann's window
        qtbot.waitUntil(lambda: host.match.to_move == 1, timeout=WAIT_MS)
        reply = host.match.frame(1).moves[0].text
        generation = session.generation
        assert ben.send_command(Play(1, text=reply))
        qtbot.waitUntil(lambda: session.generation > generation, timeout=WAIT_MS)
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        assert session.frame == host.match.frame(0)
        assert reply.split()[-1] in " ".join(line for line in _log(window))
    finally:
        ben.close()
        joining.client.close()


def _log(window) -> list[str]:
    return [window.log.item(i).text() for i in range(window.log.count())]


def test_a_refused_drop_says_the_hosts_reason(qtbot, host):
    joining, window = join(qtbot, host, 0)
    session = window.session
    try:
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        targets = session.drags().targets
        what = sorted(targets)[0]
        face = own_face(window, what)
        wrong = [k for k in window.board.places if k[0] == "board" and k not in targets[what]]
        assert wrong
        reason = host.match.send(Why(0, drop=DropQuestion(what, wrong[0], face.place.key))).text
        drag_face(window, face, window.board.places[wrong[0]].place.centre)
        qtbot.waitUntil(lambda: window.message.text() == reason, timeout=WAIT_MS)
        assert host.match.moves == []
    finally:
        joining.client.close()


def test_a_dropped_connection_reconnects_and_the_frame_comes_back(qtbot, host):
    joining, window = join(qtbot, host, 0)
    session = window.session
    try:
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        assert session.play(session.frame.moves[0])
        qtbot.waitUntil(lambda: host.match.to_move == 1, timeout=WAIT_MS)
        qtbot.waitUntil(lambda: session.frame == host.match.frame(0), timeout=WAIT_MS)
        # Ann's connection drops; Ben moves while she is away
        host.admit.clear()
        host.cut(0)
        qtbot.waitUntil(lambda: "reconnecting" in window.seat_bar.text(), timeout=WAIT_MS)
        with host.lock:
            assert host.match.send(Play(1, text=host.match.frame(1).moves[0].text)).accepted
        assert session.frame != host.match.frame(0)
        # she is back on her seat with the whole frame, Ben's move in it
        host.admit.set()
        qtbot.waitUntil(lambda: "reconnecting" not in window.seat_bar.text(), timeout=WAIT_MS)
        assert session.frame == host.match.frame(0) and session.human_to_move()
        assert "Ann (you)" in window.seat_bar.text()
        assert joining.client.seat == 0 and joining.client.token == "token-0"
    finally:
        joining.client.close()
