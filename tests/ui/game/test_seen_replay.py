"""Game > Export record before the end writes the game as the person at the screen saw
it, and its replay shows it that way only; a record of a game under way written by
hand keeps each seat's secrets from the others (issue 14)."""

from __future__ import annotations

from game_windows import open_game

from vtt.rules.records import load_record
from vtt.ui.game.session import HUMAN
from vtt.ui.qt import QFileDialog, Qt


def _hand(window, seat: int) -> list[str | None]:
    """A seat's hand as the window shows it: each card's name, or None for a back."""
    return [face.what for face in window.board.faces if face.place.key[:2] == ("hand", seat)]


def _choices(window) -> list[str]:
    return [window.replay_bar.seen_by.itemText(i) for i in range(window.replay_bar.seen_by.count())]


def five_card_war(qtbot, moves: int):
    window = open_game(qtbot, "war", (HUMAN, HUMAN), seed=11, options={"mode": "five-card"})
    for _ in range(moves):
        assert window.play(next(iter(window.session.match.state.legal_moves)))
        window.uncover()
    return window


def test_an_export_under_way_replays_as_its_seat_saw_it_and_no_other_way(
    qtbot, tmp_path, monkeypatch
):
    window = five_card_war(qtbot, 3)  # P1 and P2 have played a round; P2 has chosen again
    seat = window.session.viewer
    name = window.session.names[seat]
    other = 1 - seat
    titles = []
    target = tmp_path / "under-way.yaml"
    monkeypatch.setattr(
        QFileDialog,
        "getSaveFileName",
        lambda _p, title, *_: titles.append(title) or (str(target), ""),
    )
    window.ask_export()
    assert f"as {name} saw it" in titles[0] and "no hidden card" in titles[0]
    assert f"as {name} saw it" in window.message.text()
    record = load_record(target)
    assert record.seen_by == name and record.seed == 0
    hidden = set(window.session.match.state.view(other, open_hands=True).zones["hand"][other])
    replay = window.open_replay(target)
    qtbot.addWidget(replay)
    replay.show()
    assert _choices(replay) == [name]  # no open hands, no other seat's eyes
    assert not replay.cover.isVisible()
    for _ in range(len(record.moves) + 1):
        assert _hand(replay, other) and not any(_hand(replay, other))
        assert all(_hand(replay, seat))
        qtbot.mouseClick(replay.replay_bar.forward_button, Qt.MouseButton.LeftButton)
    # Open hands are refused even when asked for in code, and say why.
    replay.session.watch_as(None)
    assert replay.session.frame.seat == seat
    assert "shows only what its seat saw" in replay.message.text()
    # The other hand as it really is appears nowhere in the file: stand-ins lie there.
    assert sorted(record.deal["hand"][other]) != sorted(str(card) for card in hidden)


def test_a_plain_record_of_a_game_under_way_offers_no_open_hands(qtbot, tmp_path):
    window = open_game(qtbot, "war", (HUMAN, HUMAN), options={"mode": "aces-and-kings"})
    path = tmp_path / "by-hand.yaml"
    path.write_text(
        "pack: war\noptions: {mode: aces-and-kings}\nseed: 5\nmoves: [play AR]\n",
        encoding="utf-8",
    )
    replay = window.open_replay(path)
    qtbot.addWidget(replay)
    replay.show()
    qtbot.waitExposed(replay)
    assert _choices(replay) == ["P1", "P2"]
    # Whoever is at the screen takes it first, as in a game between people.
    assert replay.cover.isVisible() and "Pass the screen to P1" in replay.cover.text()
    qtbot.mouseClick(replay.cover, Qt.MouseButton.LeftButton)
    assert all(_hand(replay, 0)) and not any(_hand(replay, 1))
    replay.session.watch_as(1)
    assert replay.cover.isVisible() and "Pass the screen to P2" in replay.cover.text()
    replay.session.watch_as(None)
    assert replay.session.frame.seat == 1


def test_a_dealt_game_under_way_exports_as_its_seat_saw_it_and_replays(qtbot, tmp_path):
    """A game started from a deal (no seed deals it) exports under way too: the record is
    made from the deal, and its replay ends where the game stands, as that seat sees it."""
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    deal = {
        "front": [["QL", "2R", "6W"], ["7P", "5L", "9R"]],
        "reinforcements": [["8S", "7L", "3W"], ["2S", "10P", "KL"]],
        "draw": [["4P", "5S"], ["JkW", "3S"]],
        "current": 0,
    }
    seats = (SeatChoice("Ann"), SeatChoice("Ben"))
    window = GameWindow(GameSetup("battlefront", seats, {"jokers": True}, 0, deal=deal))
    qtbot.addWidget(window)
    assert window.play("pass")
    window.uncover()
    seat = window.session.viewer
    target = tmp_path / "dealt.yaml"
    assert window.export_record(target), window.message.text()
    record = load_record(target)
    assert record.seen_by == window.session.names[seat] and record.moves == ["pass"]
    replay = window.open_replay(target)
    assert replay is not None
    qtbot.addWidget(replay)
    assert replay.step_forward() and not replay.step_forward()
    shown, played = replay.session.frame, window.session.match.frame(seat)
    assert shown.seat == seat and shown.zones == played.zones
    # The replay exports too, up to the position it shows, as its seat saw it.
    again = tmp_path / "again.yaml"
    assert replay.export_record(again), replay.message.text()
    assert load_record(again).moves == ["pass"]
