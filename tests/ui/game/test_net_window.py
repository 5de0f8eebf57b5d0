"""A game window joined to a real host on the loopback address (issue 29): it plays a
move with real mouse events, sees the other seat's move arrive, says why a drop is
refused, and says "reconnecting" when the connection drops, then shows the whole frame
again with what happened meanwhile."""

from __future__ import annotations

import asyncio
import threading

import pytest
from game_windows import drag_face

from vtt.match import Play, Undo, Why
from vtt.match.commands import DropQuestion
from vtt.net.background import BackgroundHost
from vtt.net.client import NetClient
from vtt.net.host import SeatSpec
from vtt.net.packcache import cache_dir
from vtt.rules import load_game
from vtt.ui.qt import Qt

WAIT_MS = 60_000  # for what will happen: a busy machine is slow, never wrong
PACK = "jantori"
PERSON = SeatSpec("person")


@pytest.fixture
def host():
    """A host on 127.0.0.1 serving one room of JANTORI for two people."""
    serving = BackgroundHost()
    serving.start("127.0.0.1", 0)
    serving.room = serving.add_room(load_game(PACK), PACK, [PERSON, PERSON], seed=3)
    yield serving
    serving.stop()


def join(qtbot, host, seat, name="Ann"):
    from vtt.ui.game.remote import Joining

    joining = Joining(host.invite(host.room), name, seat)
    with qtbot.waitSignal(joining.opened, timeout=WAIT_MS):
        pass
    window = joining.window
    qtbot.addWidget(window)
    window.resize(1300, 900)
    qtbot.waitExposed(window)
    window.view.fit()
    return joining, window


def wait_until(qtbot, condition):
    qtbot.waitUntil(condition, timeout=WAIT_MS)


def host_frame(host, seat):
    """The seat's frame as the host holds it now."""
    return host.call(lambda: host.room.match.frame(seat))


def own_face(window, what: str):
    faces = [f for f in window.board.faces if f.what == what and window.view.can_drag(f)]
    assert faces, f"no draggable {what} on the board"
    return max(faces, key=lambda f: f.face.index)


def test_a_window_plays_on_a_host_and_sees_the_other_seat_move(qtbot, host):
    joining, window = join(qtbot, host, 0)
    session = window.session
    assert session.setup.text is None  # the pack installed here is the host's: its own art
    assert "Ann (you)" in window.seat_bar.text() and "P2 is open" in window.seat_bar.text()
    ben = NetClient(host.invite(host.room), "Ben", "any", lambda kind, data: None)
    ben.start()
    try:
        qtbot.waitUntil(lambda: "Ben" in window.seat_bar.text(), timeout=WAIT_MS)
        # Ann drags a piece onto a glowing place: the host makes the move
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        targets = session.drags().targets
        what = sorted(targets)[0]
        key, move = sorted(targets[what].items(), key=lambda item: str(item[0]))[0]
        drag_face(window, own_face(window, what), window.board.places[key].place.centre)
        moves = lambda: [m.text for m in host.call(lambda: list(host.room.match.moves))]  # noqa: E731
        qtbot.waitUntil(lambda: moves() == [move.text], timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not session.human_to_move(), timeout=WAIT_MS)
        # Ben answers from his own client: his move arrives in Ann's window
        qtbot.waitUntil(lambda: bool(host_frame(host, 1).moves), timeout=WAIT_MS)
        reply = host_frame(host, 1).moves[0].text
        assert ben.send_command(Play(1, text=reply))
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        assert moves() == [move.text, reply]
        assert session.frame == host_frame(host, 0)
        # Ben's connection goes: Ann sees him away
        ben.close()
        qtbot.waitUntil(lambda: "Ben is away" in window.seat_bar.text(), timeout=WAIT_MS)
    finally:
        ben.close()
        joining.client.close()


def test_a_refused_drop_says_the_hosts_reason(qtbot, host):
    joining, window = join(qtbot, host, 0)
    session = window.session
    try:
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        targets = session.drags().targets
        what = sorted(targets)[0]
        face = own_face(window, what)
        wrong = [k for k in window.board.places if k[0] == "board" and k not in targets[what]]
        question = Why(0, drop=DropQuestion(what, wrong[0], face.place.key))
        reason = host.call(lambda: host.room.match.send(question).text)
        assert reason
        drag_face(window, face, window.board.places[wrong[0]].place.centre)
        qtbot.waitUntil(lambda: window.message.text() == reason, timeout=WAIT_MS)
        assert host.call(lambda: list(host.room.match.moves)) == []
    finally:
        joining.client.close()


def test_a_dropped_connection_reconnects_and_the_frame_comes_back(qtbot, host):
    joining, window = join(qtbot, host, 0)
    session = window.session
    room = host.room
    try:
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        assert session.play(session.frame.moves[0])
        qtbot.waitUntil(lambda: session.frame == host_frame(host, 0), timeout=WAIT_MS)
        # The room is held (as by a busy host) while Ann's connection drops and Ben
        # moves: her hello on reconnecting waits for it
        held, release = threading.Event(), asyncio.Event()

        async def hold() -> None:
            async with room.lock:
                held.set()
                await release.wait()
                assert room.match.send(Play(1, text=room.match.frame(1).moves[0].text)).accepted
                room.broadcast()

        done = asyncio.run_coroutine_threadsafe(hold(), host.loop)
        assert held.wait(WAIT_MS / 1000)
        joining.client.drop()
        qtbot.waitUntil(lambda: "reconnecting" in window.seat_bar.text(), timeout=WAIT_MS)
        host.loop.call_soon_threadsafe(release.set)
        done.result(WAIT_MS / 1000)
        # She is back on her seat with the whole frame, Ben's move in it
        qtbot.waitUntil(lambda: "reconnecting" not in window.seat_bar.text(), timeout=WAIT_MS)
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        assert session.frame == host_frame(host, 0)
        assert "Ann (you)" in window.seat_bar.text() and joining.client.seat == 0
    finally:
        joining.client.close()


def test_host_online_serves_the_game_and_plays_its_first_open_seat(qtbot, window):
    from vtt.ui.game.session import COMPUTER, HUMAN, GameSetup, SeatChoice
    from vtt.ui.qt import QGuiApplication

    setup = GameSetup(PACK, (SeatChoice("Ann", HUMAN), SeatChoice("Cy", COMPUTER)), seed=4)
    joining = window.host_online(setup, port=0, address="127.0.0.1")
    with qtbot.waitSignal(joining.opened, timeout=WAIT_MS):
        pass
    game_window = joining.window
    qtbot.addWidget(game_window)
    hosted = joining.hosted
    invite = str(hosted.invite)
    assert QGuiApplication.clipboard().text() == invite
    assert f"Hosting {invite}" in game_window.seat_bar.text()
    assert (
        "Ann (you)" in game_window.seat_bar.text()
        and "Cy (computer)" in game_window.seat_bar.text()
    )
    # Ann moves; the computer seat answers on the host; Ann is to move again
    session = game_window.session
    qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
    assert session.play(session.frame.moves[0])
    held = lambda: hosted.host.call(lambda: len(hosted.room.match.moves))  # noqa: E731
    qtbot.waitUntil(lambda: held() == 2, timeout=WAIT_MS)
    frame = hosted.host.call(lambda: hosted.room.match.frame(0))
    qtbot.waitUntil(lambda: session.frame == frame, timeout=WAIT_MS)
    assert session.human_to_move()
    # Ann plays on to the end: the result panel names the winner, as in a local game
    for _ in range(40):
        qtbot.waitUntil(lambda: session.human_to_move() or session.over, timeout=WAIT_MS)
        if session.over:
            break
        generation = session.generation
        assert session.play(session.frame.moves[0])
        qtbot.waitUntil(lambda before=generation: session.generation > before, timeout=WAIT_MS)
    outcome = hosted.host.call(lambda: hosted.room.match.frame(0).outcome)
    assert outcome is not None and session.frame.outcome == outcome
    qtbot.waitUntil(game_window.result.isVisible, timeout=WAIT_MS)
    winners = [session.names[w] for w in outcome.winners]
    assert all(name in game_window.result.label.text() for name in winners)
    assert not game_window.result.again_button.isVisible()
    # closing the window ends the room
    game_window.close()
    assert not hosted.host.thread.is_alive()


def test_a_remote_game_keeps_house_rules_and_the_record_on_the_host(qtbot, host, tmp_path):
    joining, window = join(qtbot, host, 0)
    try:
        assert window.to_house_rules() is None
        assert "one screen" in window.message.text() and window.isVisible()
        path = tmp_path / "game.jrec"
        assert not window.export_record(path)
        assert "kept by the host" in window.message.text() and not path.exists()
    finally:
        joining.client.close()


def test_joining_a_taken_seat_says_why_once(qtbot, host):
    from vtt.ui.game.remote import Joining
    from vtt.ui.qt import QApplication

    first, _window = join(qtbot, host, 0)
    try:
        said: list[str] = []
        late = Joining(host.invite(host.room), "Eve", 0)
        late.failed.connect(said.append)
        qtbot.waitUntil(lambda: bool(said), timeout=WAIT_MS)
        qtbot.waitUntil(lambda: not late.client._thread.is_alive(), timeout=WAIT_MS)
        QApplication.processEvents()  # the closing client's last events, queued, arrive
        assert said == ["The host says: seat 0: that seat is taken; free: [1]"]
        assert late.window is None
    finally:
        first.client.close()


def test_the_join_dialog_reads_a_pasted_invite_or_an_address(qtbot, window):
    from vtt.ui.game.joindialog import JoinDialog

    titles = [
        action.text() for menu in window.menuBar().actions() for action in menu.menu().actions()
    ]
    assert "&Host online…" in titles and "&Join…" in titles
    dialog = JoinDialog(window)
    qtbot.addWidget(dialog)
    assert dialog.focusWidget() is dialog.address  # where a pasted invite goes
    with pytest.raises(ValueError, match="address"):
        dialog.invite()
    qtbot.keyClicks(dialog.address, "vtt://192.168.1.20:9000/kdpwxr")
    assert (dialog.port.value(), dialog.code.text()) == (9000, "KDPWXR")
    assert str(dialog.invite()) == "vtt://192.168.1.20:9000/KDPWXR"
    dialog.address.setText("example.org")
    dialog.code.setText("WZEKAZ")
    assert str(dialog.invite()) == "vtt://example.org:9000/WZEKAZ"
    dialog.code.setText("OIL")
    with pytest.raises(ValueError, match="no invite"):
        dialog.invite()
    assert not dialog.ok.isEnabled()  # no seat is offered before the host says the room's
    # No name given: none is sent, and the seat keeps its own ("Ann", not "Guest").
    assert dialog.player_name() == ""
    qtbot.keyClicks(dialog.name, " Cat ")
    assert dialog.player_name() == "Cat"


def test_the_join_dialog_offers_only_the_rooms_free_seats_as_its_host_says(qtbot, window):
    from vtt.ui.game.joindialog import JoinDialog

    serving = BackgroundHost()
    serving.start("127.0.0.1", 0)
    robo = SeatSpec("computer", "random", "Robo")
    serving.room = serving.add_room(load_game("stones"), "stones", [PERSON, robo, PERSON])
    cat = NetClient(serving.invite(serving.room), "Cat", 2, lambda kind, data: None)
    cat.start()
    try:
        seated = lambda: serving.call(lambda: serving.room.seats[2].player)  # noqa: E731
        wait_until(qtbot, lambda: seated() == "Cat")
        dialog = JoinDialog(window)
        qtbot.addWidget(dialog)
        qtbot.keyClicks(dialog.name, "Ann")
        qtbot.keyClicks(dialog.address, str(serving.invite(serving.room)))
        qtbot.waitUntil(dialog.ok.isEnabled, timeout=WAIT_MS)
        offered = [dialog.seat.itemText(i) for i in range(dialog.seat.count())]
        assert offered == ["Seat 1 (P1)", "Watch"]  # not Robo's, not Cat's
        words = dialog.room.text()
        assert "seat 2: Robo (computer, random)" in words and "seat 3: Cat" in words
        assert dialog.want() == 0
        dialog.seat.setCurrentIndex(1)
        assert dialog.want() == "watch"
        # the window joins with what the host said: its status bar says what happened
        dialog.seat.setCurrentIndex(0)
        joining = window.join(dialog.invite(), dialog.player_name(), dialog.want(), dialog.lobby)
        with qtbot.waitSignal(joining.opened, timeout=WAIT_MS):
            pass
        qtbot.addWidget(joining.window)
        assert joining.client.pack_digest == serving.room.digest  # not sent: it is here
        assert window.statusBar().currentMessage().endswith(": playing Ann")
        joining.client.close()
    finally:
        cat.close()
        serving.stop()


def test_a_spectator_watches_the_moves_and_may_not_play(qtbot, host):
    from vtt.ui.game.remote import Joining

    player, window = join(qtbot, host, 0)
    watcher = Joining(host.invite(host.room), "Eve", "watch")
    with qtbot.waitSignal(watcher.opened, timeout=WAIT_MS):
        pass
    qtbot.addWidget(watcher.window)
    watching = watcher.window.session
    try:
        assert watching.seat is None and watching.frame.seat is None
        assert watcher.window.seat_bar.text().startswith("Watching · ")
        assert not watcher.window.cover.isVisible()
        assert not watching.human_to_move() and not watching.drags().targets
        assert not watching.play(watching.frame.moves[0] if watching.frame.moves else "flip")
        assert watcher.window.message.text() == "You are watching this game"
        qtbot.waitUntil(window.session.human_to_move, timeout=WAIT_MS)
        assert window.session.play(window.session.frame.moves[0])
        qtbot.waitUntil(lambda: host.call(lambda: len(host.room.match.moves)) == 1, timeout=WAIT_MS)
        spectator = host.call(lambda: host.room.match.spectator_frame())
        qtbot.waitUntil(lambda: watching.frame == spectator, timeout=WAIT_MS)
    finally:
        watcher.client.close()
        player.client.close()


def test_a_hand_card_that_may_not_be_played_is_dimmed_with_the_hosts_reason(qtbot):
    serving = BackgroundHost()
    serving.start("127.0.0.1", 0)
    computer = SeatSpec("computer", "random")
    serving.room = serving.add_room(
        load_game("stones"), "stones", [PERSON, computer, computer, computer], seed=2
    )
    joining, window = join(qtbot, serving, 0)
    session = window.session
    try:
        for _ in range(30):  # Ann's turns, until a trick asks her to follow suit
            qtbot.waitUntil(lambda: session.human_to_move() or session.over, timeout=WAIT_MS)
            assert not session.over
            hand = [f for f in window.board.faces if f.place.in_hand and f.what is not None]
            barred = [f for f in hand if not session.drags().draggable(f.what)]
            if session.drags().targets and barred:
                break
            generation = session.generation
            assert session.play(session.frame.moves[0])
            qtbot.waitUntil(lambda before=generation: session.generation > before, timeout=WAIT_MS)
        face = barred[0]
        question = Why(0, drop=DropQuestion(face.what, ("trick",), face.place.key))
        reason = serving.call(lambda: serving.room.match.send(question).text)
        assert reason.startswith("You must follow suit")
        qtbot.waitUntil(lambda: face.barred == reason, timeout=WAIT_MS)
        assert reason in face.toolTip()
        assert all(not f.barred for f in hand if f not in barred)
    finally:
        joining.client.close()
        serving.stop()


def test_a_room_whose_pack_differs_from_the_installed_one_plays_the_hosts_copy(qtbot, tmp_path):
    from vtt.rules.finder import find_pack, load_game_text

    text = find_pack(PACK).read_text("utf-8").replace("name: JANTORI", "name: Host's JANTORI", 1)
    folder = tmp_path / "elsewhere" / PACK
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(text, "utf-8")
    serving = BackgroundHost()
    serving.start("127.0.0.1", 0)
    game = load_game_text(text, f"{PACK}/pack.yaml")
    serving.room = serving.add_room(game, folder, [PERSON, PERSON], seed=3)
    joining, window = join(qtbot, serving, 0)
    try:
        assert window.session.game.name == "Host's JANTORI"
        # installed as an import is, in the cache of its digest: not over any pack here
        cached = cache_dir() / serving.room.digest / PACK / "pack.yaml"
        assert window.session.setup.pack == str(cached) and cached.read_text("utf-8") == text
        assert "Host's JANTORI" in window.windowTitle()
    finally:
        joining.client.close()
        serving.stop()


def test_a_hostile_pack_from_a_host_is_refused_with_the_reason(qtbot, tmp_path):
    import base64

    from tests.studio.hostile_jpacks import entry, with_pack, write_zip
    from vtt.ui.game.remote import Joining

    serving = BackgroundHost()
    serving.start("127.0.0.1", 0)
    serving.room = serving.add_room(load_game("war"), "war", [PERSON, PERSON])
    evil = write_zip(tmp_path / "evil.jpack", with_pack(entry("../../evil.yaml", b"x: 1")))
    hostile = (base64.b64encode(evil.read_bytes()).decode(), "")
    serving.call(lambda: setattr(serving.room, "jpack", hostile))
    serving.call(lambda: setattr(serving.room, "digest", "b" * 16))  # unlike war's here
    said: list[str] = []
    try:
        joining = Joining(serving.invite(serving.room), "Ann", "any")
        joining.failed.connect(said.append)
        wait_until(qtbot, lambda: bool(said))
        assert "the pack the host sent" in said[0] and "../../evil.yaml" in said[0]
        assert joining.window is None
        assert not (tmp_path / "evil.yaml").exists()
        assert not (cache_dir() / ("b" * 16) / "war").exists()
    finally:
        serving.stop()


def test_seats_are_named_after_their_players_everywhere(qtbot, host):
    joining, window = join(qtbot, host, 0, name="Cat")
    session = window.session
    ben = NetClient(host.invite(host.room), "Ben", "any", lambda kind, data: None)
    ben.start()
    try:
        wait_until(qtbot, lambda: session.names == ("Cat", "Ben"))
        wait_until(qtbot, lambda: window.seat_bar.text() == "Cat (you) · Ben")
        plates = [name for _rect, name, _colour in window.board.plates()]
        assert plates and set(plates) <= {"Cat", "Ben"}  # the seats' plates on the table
        wait_until(qtbot, session.human_to_move)
        assert "Cat" in window.status.text()  # "Cat to move"
        ben.close()
        wait_until(qtbot, lambda: window.message.text() == "Ben is away")
        assert window.seat_bar.text() == "Cat (you) · Ben is away"
    finally:
        ben.close()
        joining.client.close()


def test_chat_lines_are_said_from_the_window_and_shown_in_every_log(qtbot, host):
    joining, window = join(qtbot, host, 0)
    heard: list[tuple[str, object]] = []
    ben = NetClient(host.invite(host.room), "Ben", "any", lambda k, d: heard.append((k, d)))
    ben.start()
    try:
        wait_until(qtbot, lambda: "Ben" in window.seat_bar.text())
        titles = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
        assert "Sa&y…" in titles
        qtbot.keyClicks(window.chat_box, "<b>gg</b> all")
        qtbot.keyClick(window.chat_box, Qt.Key.Key_Return)
        lines = lambda: [window.log.item(i).text() for i in range(window.log.count())]  # noqa: E731
        wait_until(qtbot, lambda: "Ann: <b>gg</b> all" in lines())
        assert window.chat_box.text() == ""
        wait_until(qtbot, lambda: ("chat", (0, "Ann", "<b>gg</b> all")) in heard)
        assert ben.say("well played")
        wait_until(qtbot, lambda: lines()[-1] == "Ben: well played")
    finally:
        ben.close()
        joining.client.close()


def test_the_window_gets_its_seat_back_from_a_host_restarted_from_its_autosave(qtbot, tmp_path):
    first = BackgroundHost(autosave=tmp_path)
    port = first.start("127.0.0.1", 0)
    first.room = first.add_room(load_game(PACK), PACK, [PERSON, PERSON], seed=3)
    joining, window = join(qtbot, first, 0, name="Cat")
    session = window.session
    second = None
    try:
        wait_until(qtbot, session.human_to_move)
        assert session.play(session.frame.moves[0])
        wait_until(qtbot, lambda: session.frame == host_frame(first, 0))
        first.stop()  # says goodbye: shutdown
        wait_until(qtbot, lambda: "The host has stopped: reconnecting" in window.seat_bar.text())
        wait_until(qtbot, lambda: "(try 2, next in" in window.seat_bar.text())
        second = BackgroundHost(autosave=tmp_path)
        (saved,) = tmp_path.glob("*.json")
        second.room = second.host.resume(saved)  # before it serves: no loop yet
        second.start("127.0.0.1", port)
        wait_until(qtbot, lambda: "reconnecting" not in window.seat_bar.text())
        wait_until(qtbot, lambda: session.frame == host_frame(second, 0))
        wait_until(qtbot, lambda: window.seat_bar.text() == "Cat (you) · P2 is open")
        assert joining.client.seat == 0 and len(session.frame.log) >= 1
    finally:
        joining.client.close()
        if second is not None:
            second.stop()


def test_undo_in_a_remote_game_is_the_hosts_to_refuse(qtbot, host):
    joining, window = join(qtbot, host, 0)
    session = window.session
    try:
        qtbot.waitUntil(session.human_to_move, timeout=WAIT_MS)
        assert session.play(session.frame.moves[0])
        qtbot.waitUntil(lambda: session.frame == host_frame(host, 0), timeout=WAIT_MS)
        # the host's match says why it takes back no move of a seat played elsewhere
        refused = host.call(lambda: host.room.match.send(Undo(0)))
        assert not refused.accepted and refused.reason
        assert not window.undo()  # asked: not done yet, so not said to be done
        qtbot.waitUntil(lambda: window.message.text() == refused.reason, timeout=WAIT_MS)
        assert host.call(lambda: len(host.room.match.moves)) == 1
    finally:
        joining.client.close()


def test_the_join_dialog_says_which_package_finds_games_nearby(qtbot, window, monkeypatch):
    import sys

    from vtt.ui.game.joindialog import JoinDialog

    monkeypatch.setitem(sys.modules, "zeroconf", None)  # as if not installed
    dialog = JoinDialog(window)
    qtbot.addWidget(dialog)
    qtbot.mouseClick(dialog.look, Qt.MouseButton.LeftButton)
    wait_until(qtbot, lambda: "janken-table[lan]" in dialog.room.text())
    assert dialog.look.isEnabled() and dialog.nearby.count() == 0


def test_the_join_dialog_finds_a_room_announced_on_the_network(qtbot, window, host):
    pytest.importorskip("zeroconf")
    from vtt.net.discovery import Announcer
    from vtt.ui.game.joindialog import JoinDialog

    announcer = Announcer(["127.0.0.1"])
    try:
        announcer.announce(host.invite(host.room), "jantori", "JANTORI")
        dialog = JoinDialog(window)
        qtbot.addWidget(dialog)
        dialog.finder.interfaces = ["127.0.0.1"]
        qtbot.mouseClick(dialog.look, Qt.MouseButton.LeftButton)
        wait_until(qtbot, lambda: dialog.nearby.count() == 1)
        assert dialog.nearby.itemText(0) == f"JANTORI · {host.invite(host.room)}"
        dialog.nearby.activated.emit(0)  # as a click on it does
        wait_until(qtbot, dialog.ok.isEnabled)  # the host said which seats are free
        assert dialog.invite() == host.invite(host.room)
        assert [dialog.seat.itemText(i) for i in range(dialog.seat.count())][-1] == "Watch"
    finally:
        announcer.close()
