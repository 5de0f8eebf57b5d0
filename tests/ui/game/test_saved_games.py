"""Save and resume an enforced game, export its record, and step through a record."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from game_windows import drag_face, open_game
from test_game_play import drag_move, wait_for_person

from vtt.rules.commands import replay_command
from vtt.rules.finder import pack_digest
from vtt.rules.records import load_record
from vtt.ui.game.saved import SavedGameError, load_saved_game
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import QApplication, QFileDialog, Qt

CTRL = Qt.KeyboardModifier.ControlModifier


def played_jantori(qtbot, moves_by_person: int = 3):
    """A Jantori window where the person has dragged a few pieces against the computer."""
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER), seed=3)
    chooser = random.Random(7)
    for _ in range(moves_by_person):
        wait_for_person(qtbot, window)
        drag_move(window, chooser)
    wait_for_person(qtbot, window)
    return window


def test_ctrl_s_saves_and_open_game_resumes_the_same_state(qtbot, tmp_path, monkeypatch):
    window = played_jantori(qtbot)
    target = tmp_path / "evening"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    window.activateWindow()
    qtbot.keyClick(window.view, Qt.Key.Key_S, CTRL)
    saved = target.with_suffix(".jgame")
    assert saved.exists() and str(saved) in window.message.text()
    assert load_saved_game(saved).setup == window.session.setup
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a: (str(saved), ""))
    window.activateWindow()
    qtbot.keyClick(window.view, Qt.Key.Key_O, CTRL)
    (resumed,) = window.opened
    qtbot.addWidget(resumed)
    assert resumed.session.match.state == window.session.match.state
    assert resumed.session.moves == window.session.moves
    assert resumed.session.agents.keys() == {1} and resumed.session.names == window.session.names
    assert resumed.session.human_to_move()
    drag_move(resumed, random.Random(1))  # the resumed game goes on
    assert len(resumed.session.moves) == len(window.session.moves) + 1


def test_an_exported_record_replays_with_vtt_replay(qtbot, tmp_path, monkeypatch, capsys):
    window = played_jantori(qtbot)
    target = tmp_path / "game.yaml"
    offered = []
    titles = []

    def ask(parent, title, start, kinds):
        offered.append(start)
        titles.append(title)
        return str(target), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    window.ask_export()
    # the dialog offers a file name, not just a folder
    assert offered == [str(Path.home() / f"jantori-{len(window.session.moves)}-moves.yaml")]
    # The game is under way: the record is White's view of it, and the dialog says so.
    assert "as White saw it" in titles[0]
    record = load_record(target)
    assert record.pack == "jantori" and record.seed == 0 and record.seen_by == "White"
    assert record.moves == [move.text for move in window.session.moves]
    assert replay_command(str(target)) == 0
    assert '"ok": true' in capsys.readouterr().out


def test_a_record_keeps_the_names_chosen_and_replays_with_them(qtbot, tmp_path):
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    window = GameWindow(GameSetup("war", seats, {"mode": "classic"}, 4), pause_ms=5)
    qtbot.addWidget(window)
    for _ in range(4):
        window.session.play("flip")
        window.uncover()
    path = tmp_path / "named.yaml"
    window.export_record(path)
    assert load_record(path).seats == ["Ann", "Ben"]
    replay = window.open_replay(path)
    qtbot.addWidget(replay)
    assert replay.session.names == ("Ann", "Ben")
    for _ in range(4):
        qtbot.mouseClick(replay.replay_bar.forward_button, Qt.MouseButton.LeftButton)
    lines = [replay.log.item(i).text() for i in range(replay.log.count())]
    assert "Ann: flip" in lines and "Ben: flip" in lines
    # A game under way: its record is Ann's view of it, the cards she has not seen dealt
    # as stand-ins, so it looks to her exactly as the game does (and to her alone).
    seat = replay.session.frame.seat
    assert load_record(path).seen_by == "Ann" and seat == 0
    assert replay.session.frame.view() == window.session.match.frame(seat).view()


def test_a_saved_game_with_an_illegal_move_is_refused_naming_the_file(qtbot, tmp_path):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    bad = tmp_path / "bad.jgame"
    bad.write_text(
        "pack: jantori\nseed: 0\nseats: [{name: A}, {name: B, kind: Human}]\n"
        "moves: [place P at b3, place R at c3]\n"
    )
    assert window.open_saved_game(bad) is None
    assert window.message.text().startswith(f"{bad}: move 2 'place R at c3' is not legal")
    assert window.opened == []


def test_a_saved_game_with_an_unknown_seat_kind_names_the_seat(tmp_path):
    bad = tmp_path / "bad.jgame"
    bad.write_text("pack: jantori\nseats: [{name: A, kind: Wizard}]\nmoves: []\n")
    with pytest.raises(SavedGameError, match=r"bad.jgame: seats\[0\]: unknown kind 'Wizard'"):
        load_saved_game(bad)


def test_a_record_steps_back_and_forward_and_takes_no_moves(qtbot, tmp_path):
    window = played_jantori(qtbot)
    path = tmp_path / "game.yaml"
    window.export_record(path)
    final = window.session.match
    replay = window.open_replay(path)
    qtbot.addWidget(replay)
    session = replay.session
    total = len(window.session.moves)
    assert replay.replay_bar.isVisible() and session.replay_at == 0
    assert (
        not replay.replay_bar.seen_by.isVisible()
    )  # JANTORI hides nothing: no one's eyes to choose
    assert replay.replay_bar.label.text() == f"Replay · move 0 of {total}"
    window.hide()  # the replay's window takes the keys, as when a person clicks on it
    replay.windowHandle().requestActivate()
    qtbot.waitUntil(replay.isActiveWindow)
    qtbot.keyClick(replay.view, Qt.Key.Key_Right)
    qtbot.keyClick(replay.view, Qt.Key.Key_Right)
    assert session.replay_at == 2
    assert replay.replay_bar.label.text().endswith(f": {window.session.moves[1].text}")
    qtbot.keyClick(replay.view, Qt.Key.Key_Left)
    assert session.replay_at == 1
    pieces_on_board = sum(1 for f in replay.board.faces if f.place.key[0] == "board")
    assert pieces_on_board == 1
    qtbot.mouseClick(replay.replay_bar.back_button, Qt.MouseButton.LeftButton)
    assert session.replay_at == 0 and not replay.replay_bar.back_button.isEnabled()
    for _ in range(total):
        qtbot.mouseClick(replay.replay_bar.forward_button, Qt.MouseButton.LeftButton)
    # (written while under way: the same game to each seat, but not the seed, which is 0)
    seat = session.frame.seat
    assert seat is not None and session.frame.view() == final.frame(seat).view()
    assert not replay.replay_bar.forward_button.isEnabled()
    assert not replay.step_forward()
    assert session.drags().targets == {} and not replay.play("place P at a1")
    assert "This is a replay" in replay.message.text()
    face = next(f for f in replay.board.faces if f.place.key[0] == "reserve")
    assert not replay.view.can_drag(face)
    before = session.frame
    cell = next(key for key in replay.board.places if key[0] == "board")
    drag_face(replay, face, replay.board.places[cell].place.centre)
    assert session.frame is before and len(session.moves) == total


def test_a_saved_game_built_to_hang_the_reader_is_refused_at_once(tmp_path):
    """A .jgame from someone else is read like a pack: alias bombs are refused."""
    import pytest

    from vtt.ui.game.saved import SavedGameError, load_saved_game

    lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"{chr(98 + n)}: &{chr(98 + n)} [*{chr(97 + n)}, *{chr(97 + n)}, *{chr(97 + n)}, "
              f"*{chr(97 + n)}, *{chr(97 + n)}, *{chr(97 + n)}, *{chr(97 + n)}, *{chr(97 + n)}, "
              f"*{chr(97 + n)}, *{chr(97 + n)}]" for n in range(8)]  # fmt: skip
    bomb = tmp_path / "bomb.jgame"
    bomb.write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(SavedGameError, match=r"bomb\.jgame.*aliases copy too much"):
        load_saved_game(bomb)


ACES_AND_KINGS = Path(__file__).parents[3] / "rulesets" / "war" / "records" / "aces-and-kings.yaml"


def _hand(replay, seat: int) -> list[str | None]:
    """What the replay shows of a seat's hand: each card's name, or None for a back."""
    return [face.what for face in replay.board.faces if face.place.key[:2] == ("hand", seat)]


def _choose(qtbot, combo, text: str) -> None:
    """Pick an entry of a combo box with the mouse, as a person does."""
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    popup = combo.view()
    qtbot.waitUntil(popup.isVisible)
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # a quicker release only opens it
    index = combo.findText(text)
    rect = popup.visualRect(popup.model().index(index, 0))
    qtbot.mouseClick(popup.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.waitUntil(lambda: not popup.isVisible())


def test_a_replay_shows_every_hand_or_the_table_as_one_player_saw_it(qtbot):
    window = open_game(qtbot, "war", (HUMAN, HUMAN), options={"mode": "aces-and-kings"})
    replay = window.open_replay(ACES_AND_KINGS)
    qtbot.addWidget(replay)
    replay.show()
    qtbot.waitExposed(replay)
    # A record holds no secrets from its reader: both hands show, face up.
    assert (
        replay.replay_bar.seen_by.isVisible()
        and replay.replay_bar.seen_by.currentText() == "Everyone (open hands)"
    )
    assert sorted(_hand(replay, 0)) == ["AL", "AP", "AR", "AS", "AW"]
    assert sorted(_hand(replay, 1)) == ["KL", "KP", "KR", "KS", "KW"]
    _choose(qtbot, replay.replay_bar.seen_by, "P1")
    assert len(_hand(replay, 1)) == 5 and not any(_hand(replay, 1))  # P2's cards: backs
    assert all(_hand(replay, 0))
    # Stepping on keeps P1's eyes, though P2 is now to move.
    qtbot.mouseClick(replay.replay_bar.forward_button, Qt.MouseButton.LeftButton)
    session = replay.session
    assert session.replay_at == 1 and session.frame.to_move == 1
    assert not any(_hand(replay, 1)) and sorted(_hand(replay, 0)) == ["AL", "AP", "AS", "AW"]
    assert _last_line(replay) == "P1: play AR"
    _choose(qtbot, replay.replay_bar.seen_by, "P2")  # P1's choice is still secret from P2
    assert not any(_hand(replay, 0)) and all(_hand(replay, 1))
    assert _last_line(replay) == "P1: chooses"
    _choose(qtbot, replay.replay_bar.seen_by, "Everyone (open hands)")
    assert all(_hand(replay, 0)) and all(_hand(replay, 1))
    assert _last_line(replay) == "P1: play AR"


def _last_line(window) -> str:
    return window.log.item(window.log.count() - 1).text()


def test_a_saved_game_keeps_the_seats_colours_and_refuses_a_bad_one(tmp_path):
    from vtt.ui.game.saved import saved_game_text
    from vtt.ui.game.session import GameSetup, SeatChoice

    seats = (SeatChoice("Ann", HUMAN, "#123456"), SeatChoice("Ben", COMPUTER))
    setup = GameSetup("jantori", seats, {}, 3)
    path = tmp_path / "coloured.jgame"
    path.write_text(saved_game_text(setup, []))
    assert "colour: '#123456'" in path.read_text()
    assert load_saved_game(path).setup == setup  # Ben's usual colour is not written
    path.write_text(path.read_text().replace("'#123456'", "teal"))
    with pytest.raises(SavedGameError, match=r"seats\[0\]: colour 'teal' is not a colour"):
        load_saved_game(path)


@pytest.mark.parametrize("failure", ["No space left on device", "Permission denied"])
def test_a_failed_save_or_export_keeps_the_old_file_and_is_said(
    qtbot, tmp_path, monkeypatch, failure
):
    import os

    window = played_jantori(qtbot)
    game, record = tmp_path / "evening.jgame", tmp_path / "evening.yaml"
    game.write_text("old game")
    record.write_text("old record")

    def broken(*_):
        raise OSError(28, failure)

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", broken)
        assert not window.save_game(game)
        assert f"Cannot save the game to {game}: {failure}" in window.message.text()
        assert not window.export_record(record)
        assert f"Cannot write the record to {record}: {failure}" in window.message.text()
    assert game.read_text() == "old game" and record.read_text() == "old record"
    left = sorted(p.name for p in tmp_path.iterdir() if p.name != "home")  # home: the autosave's
    assert left == ["evening.jgame", "evening.yaml"]
    assert window.export_record(record)
    assert load_record(record).moves == [move.text for move in window.session.moves]


SEATS = "seats: [{name: A}, {name: B, kind: Human}]\nmoves: []\n"


@pytest.mark.parametrize("seed", ["[1]", ".inf", "1e400", "null", "{a: 1}", "text", "2.5", "true"])
def test_a_saved_game_whose_seed_is_no_whole_number_is_refused(tmp_path, seed):
    bad = tmp_path / "bad.jgame"
    bad.write_text(f"pack: jantori\nseed: {seed}\n{SEATS}")
    with pytest.raises(SavedGameError, match=rf"^{bad}: seed: expected a whole number, not "):
        load_saved_game(bad)


@pytest.mark.parametrize("options", ["[1, 2]", "text", "[{a: 1}]", "7"])
def test_a_saved_game_whose_options_are_no_mapping_is_refused(tmp_path, options):
    bad = tmp_path / "bad.jgame"
    bad.write_text(f"pack: jantori\noptions: {options}\n{SEATS}")
    with pytest.raises(SavedGameError, match=rf"^{bad}: options: expected a mapping of option"):
        load_saved_game(bad)


@pytest.mark.parametrize(
    ("lines", "said"),
    [
        ("pack: jantori\nseed: 1e400\n", "seed: expected a whole number, not inf"),
        ("pack: jantori\noptions: [1, 2]\n", "options: expected a mapping"),
        ("pack: [jantori]\n", "pack: expected a pack id, not ['jantori']"),
        ("pack: jantori\noptions: {nope: 1}\n", "nope"),
        ("pack: war\noptions: {rounds: text}\n", "rounds"),
    ],
)
def test_the_window_says_why_a_saved_game_cannot_open(qtbot, tmp_path, lines, said):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    bad = tmp_path / "bad.jgame"
    bad.write_text(lines + SEATS)
    assert window.open_saved_game(bad) is None
    assert window.message.text().startswith(f"{bad}: ") and said in window.message.text()
    assert window.opened == []


@pytest.mark.parametrize("pack", ["{secret}", "../secret.txt", "[war]"])
def test_a_record_naming_a_file_that_is_no_pack_is_refused_unread(qtbot, tmp_path, pack):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:the secret line\n")
    (tmp_path / "records").mkdir()
    record = tmp_path / "records" / "game.yaml"
    record.write_text(f"pack: {pack.format(secret=secret)}\nmoves: []\n")
    assert window.open_replay(record) is None
    text = window.message.text()
    assert text.startswith(f"{record}") and "secret line" not in text
    assert "is not a pack" in text or "expected a pack id" in text
    assert window.opened == []


def test_a_game_begun_from_the_new_game_dialog_offers_a_name_in_the_home_folder(
    qtbot, tmp_path, monkeypatch
):
    """The dialog names the pack by its folder: the name offered is still the pack's id
    and the moves, in the home folder (it offered the pack's own folder, rulesets/)."""
    from vtt.resources import rulesets_dir
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    setup = GameSetup(str(rulesets_dir() / "war"), seats, {"mode": "classic"}, 4)
    window = GameWindow(setup, pause_ms=5)
    qtbot.addWidget(window)
    window.show()
    offered = []
    monkeypatch.setattr(
        QFileDialog, "getSaveFileName", lambda _p, _t, start, _k: offered.append(start) or ("", "")
    )
    assert window.session.play("flip")
    window.save_action.trigger()  # Game > Save game, the first time: where?
    assert offered == [str(Path.home() / "war-1-moves.jgame")]


def test_a_saved_game_naming_a_path_opens_no_pack_from_anywhere(tmp_path):
    """A path in a .jgame gives only its last part, looked up as an id in the known places."""
    elsewhere = tmp_path / "far" / "elsewhere"
    elsewhere.mkdir(parents=True)
    war = Path("rulesets/war/pack.yaml").read_text()
    (elsewhere / "pack.yaml").write_text(war.replace("id: war", "id: elsewhere"))
    saved = tmp_path / "games" / "game.jgame"
    saved.parent.mkdir()
    saved.write_text(f"pack: {elsewhere / 'pack.yaml'}\n{SEATS}")
    with pytest.raises(SavedGameError, match="no pack with the id 'elsewhere' is installed"):
        load_saved_game(saved)


def test_a_saved_game_says_when_its_rules_are_a_pack_beside_it(tmp_path):
    war = Path("rulesets/war/pack.yaml").read_text().replace("name: War", "name: Their War")
    (tmp_path / "war").mkdir()
    (tmp_path / "war" / "pack.yaml").write_text(war)
    saved = tmp_path / "game.jgame"
    saved.write_text(f"pack: war\n{SEATS}")
    assert load_saved_game(saved).source == ""  # the shipped War comes first
    digest = pack_digest(tmp_path / "war")
    saved.write_text(f"pack: war\npack_digest: {digest}\n{SEATS}")
    resumed = load_saved_game(saved)
    assert resumed.setup.pack == str(tmp_path / "war")
    assert str(tmp_path / "war") in resumed.source and "not an installed one" in resumed.source


def test_a_window_says_when_a_files_rules_are_a_pack_beside_it(qtbot, tmp_path):
    """A record or saved game played with a pack from its own folder says so at once."""
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    mine = tmp_path / "mine"
    mine.mkdir()
    war = Path("rulesets/war/pack.yaml").read_text()
    (mine / "pack.yaml").write_text(war.replace("id: war", "id: mine"))
    record = tmp_path / "game.yaml"
    record.write_text("pack: mine\ndeal: {stock: [[JP], [2L]]}\nmoves: [flip]\n")
    opened = window.open_replay(record)
    assert opened is not None
    text = opened.message.text()
    assert "a pack from the file's own folder" in text and str(mine) in text
    saved = tmp_path / "game.jgame"
    saved.write_text(f"pack: mine\n{SEATS}")
    resumed = window.open_saved_game(saved)
    assert resumed is not None
    assert f"The rules are the pack mine from {mine}, not an installed one." in (
        resumed.message.text()
    )


@pytest.mark.parametrize("named", ["..", ".", "../pack.yaml"])
def test_a_saved_game_naming_a_folder_above_opens_nothing(tmp_path, named):
    (tmp_path / "pack.yaml").write_text(Path("rulesets/war/pack.yaml").read_text())
    saved = tmp_path / "games" / "game.jgame"
    saved.parent.mkdir()
    saved.write_text(f"pack: '{named}'\n{SEATS}")
    with pytest.raises(SavedGameError, match="is installed"):
        load_saved_game(saved)


def test_a_game_between_people_reopens_behind_the_cover_with_no_face_drawn(qtbot, tmp_path):
    """Saved with the second person at the screen, the game opens behind the cover, and
    the table behind it draws no card in anyone's hand until the person named takes it."""
    from vtt.ui.game.items import FaceItem
    from vtt.ui.game.opening import open_game_file

    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4)
    session = window.session
    first = session.drags()
    assert window.play(next(iter(first.targets[sorted(first.targets)[0]].values())))
    qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    at_screen = session.viewer
    path = tmp_path / "second-at-the-screen.jgame"
    assert window.save_game(path)

    reopened = open_game_file(path)
    qtbot.addWidget(reopened)
    reopened.show()
    qtbot.waitExposed(reopened)
    assert reopened.cover.isVisible() and not reopened.view.isVisible()
    assert reopened.session.names[at_screen] in reopened.cover.text()
    hands = {str(card) for hand in reopened.session.match.state.env["hand"] for card in hand}
    drawn = [f for f in reopened.board.items() if isinstance(f, FaceItem) and f.isVisible()]
    assert not {f.what for f in drawn} & hands
    qtbot.mouseClick(reopened.cover, Qt.MouseButton.LeftButton)
    drawn = [f for f in reopened.board.items() if isinstance(f, FaceItem) and f.isVisible()]
    own = {str(card) for card in reopened.session.match.state.env["hand"][at_screen]}
    assert own and own <= {f.what for f in drawn}


def long_saved_game(tmp_path, count: int = 12):
    """A saved game of JANTORI between a person and the computer, ``count`` moves long."""
    from vtt.rules import load_game
    from vtt.ui.game.saved import saved_game_text
    from vtt.ui.game.session import GameSetup, SeatChoice

    setup = GameSetup("jantori", (SeatChoice("White"), SeatChoice("Black", COMPUTER)), {}, 3)
    state = load_game("jantori").new_state({}, 3, players=2, seat_names=("White", "Black"))
    chooser = random.Random(11)
    moves = [state.apply(chooser.choice(list(state.legal_moves))).text for _ in range(count)]
    path = tmp_path / "long.jgame"
    path.write_text(saved_game_text(setup, moves))
    return path, moves


def test_the_window_lives_on_while_a_saved_games_moves_are_made_again(qtbot, tmp_path, monkeypatch):
    """The moves are made again off the window's thread: the event loop runs meanwhile
    (here the first move waits until a timer of the window's thread has ticked)."""
    import threading

    import vtt.ui.game.session as session_module
    from vtt.ui.qt import QTimer

    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    path, moves = long_saved_game(tmp_path)
    ticks, ticked = [], threading.Event()
    timer = QTimer()
    timer.timeout.connect(lambda: (ticks.append(1), len(ticks) >= 3 and ticked.set()))
    timer.start(1)
    real = session_module._replayed

    def after_ticks(state, text, number, source):
        if number == 1:
            ticked.wait(60)  # never set if this runs on the window's thread: the test fails
        return real(state, text, number, source)

    monkeypatch.setattr(session_module, "_replayed", after_ticks)
    resumed = window.open_saved_game(path)
    timer.stop()
    assert ticked.is_set() and len(ticks) >= 3
    assert resumed is not None and [m.text for m in resumed.session.moves] == moves


def test_cancel_while_a_saved_games_moves_are_made_again_opens_nothing(
    qtbot, tmp_path, monkeypatch
):
    """Cancel in the progress dialog returns at once, however long the moves still take."""
    import threading

    import vtt.ui.game.session as session_module
    from vtt.ui.qt import QProgressDialog, QPushButton, QTimer

    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    path, _moves = long_saved_game(tmp_path)
    release = threading.Event()
    real = session_module._replayed

    def held(state, text, number, source):
        if number == 1:
            release.wait(60)
        return real(state, text, number, source)

    monkeypatch.setattr(session_module, "_replayed", held)

    def cancel_when_shown() -> None:
        shown = [d for d in QApplication.topLevelWidgets() if isinstance(d, QProgressDialog)]
        if shown and shown[0].isVisible():
            assert "Making the 12 moves of JANTORI again" in shown[0].labelText()
            qtbot.mouseClick(shown[0].findChild(QPushButton), Qt.MouseButton.LeftButton)

    looking = QTimer()
    looking.timeout.connect(cancel_when_shown)
    looking.start(10)
    assert window.open_saved_game(path) is None
    looking.stop()
    assert not release.is_set()  # it returned while the moves were still being made
    assert "opening cancelled" in window.message.text() and window.opened == []
    release.set()
    qtbot.wait(20)  # the abandoned work ends on its own thread, harmlessly


def test_the_window_lives_on_while_a_records_moves_are_made_again(qtbot, tmp_path, monkeypatch):
    """A game record opened to step through is made on a worker thread too: the event loop
    runs meanwhile (the first move waits until a timer of the window's thread has ticked)."""
    import threading

    import vtt.match.match as match_module
    from vtt.ui.qt import QTimer

    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    _saved, moves = long_saved_game(tmp_path)
    record = tmp_path / "long.yaml"
    record.write_text(f"pack: jantori\nseed: 3\nmoves: {moves!r}\n".replace("'", '"'))
    ticks, ticked = [], threading.Event()
    timer = QTimer()
    timer.timeout.connect(lambda: (ticks.append(1), len(ticks) >= 3 and ticked.set()))
    timer.start(1)
    real = match_module.apply_recorded
    made = []

    def after_ticks(state, text, record):
        made.append(text)
        if len(made) == 1:
            ticked.wait(60)  # never set if this runs on the window's thread: the test fails
        return real(state, text, record)

    monkeypatch.setattr(match_module, "apply_recorded", after_ticks)
    replay = window.open_replay(record)
    timer.stop()
    assert ticked.is_set() and len(ticks) >= 3
    assert replay is not None and [m.text for m in replay.session.moves] == moves
    assert replay.session.replaying and replay.session.frame.replay is not None
    assert replay.session.frame.replay.length == len(moves)
