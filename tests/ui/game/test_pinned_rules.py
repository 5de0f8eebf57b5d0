"""Pinned rules: a saved game keeps its pack's text and fingerprint; opened after the
pack has changed, it says so and asks: replay on the new rules, use the saved copy, or
cancel."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.match.tiny import PLAY_EFFECTS, tiny
from tests.match.tiny import TWO_AT_MOST as TWO_AT_MOST_LINES
from vtt.match import Match, MatchSeat
from vtt.resources import user_packs_dir
from vtt.rules.finder import load_game, pack_digest
from vtt.rules.pinned import text_digest
from vtt.rules.records import load_record
from vtt.ui.game.saved import load_saved_game, saved_game_text
from vtt.ui.game.session import HUMAN, GameSetup, SeatChoice
from vtt.ui.qt import QApplication, QMessageBox, Qt, QTimer

TINY = tiny("everyone")
#: The edit: the middle holds two cards at most, so the third card played no longer applies.
TWO_AT_MOST = TINY.replace(PLAY_EFFECTS, PLAY_EFFECTS + TWO_AT_MOST_LINES)


@pytest.fixture
def saved(tmp_path) -> Path:
    """A saved game of the user's pack Tiny, three cards played; then the pack is
    edited so that the third no longer applies."""
    folder = user_packs_dir() / "tiny"
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(TINY, "utf-8")
    match = Match(load_game("tiny"), [MatchSeat("Ann"), MatchSeat("Ben")], seed=4)
    for _ in range(3):
        play = next(m.text for m in match.frame(match.to_move).moves if m.text.startswith("play"))
        assert match.play(play) is None
    setup = GameSetup("tiny", (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN)), {}, 4)
    path = tmp_path / "evening.jgame"
    path.write_text(saved_game_text(setup, [m.text for m in match.moves]), "utf-8")
    (folder / "pack.yaml").write_text(TWO_AT_MOST, "utf-8")
    return path


def answer(qtbot, button: str, asked: list[str]) -> None:
    """Click ``button`` in the question the window is about to ask (its text kept)."""

    def click() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(10, click)  # not shown yet
            return
        asked.append(box.text())
        (chosen,) = [b for b in box.buttons() if b.text() == button]
        qtbot.mouseClick(chosen, Qt.MouseButton.LeftButton)

    QTimer.singleShot(0, click)


def opened(qtbot, window, path: Path, button: str) -> tuple[object, str]:
    """File > Open ``path`` on the table window, answering the question with
    ``button``; the game window opened (None if none) and the question."""
    asked: list[str] = []
    answer(qtbot, button, asked)
    window.open_path(path)
    (question,) = asked
    if not window.game_windows:
        return None, question
    game = window.game_windows[-1]
    qtbot.addWidget(game)
    return game, question


def test_the_file_keeps_the_packs_text_and_its_fingerprint(saved):
    game = load_saved_game(saved)
    assert game.pinned is not None and game.pinned.copy == TINY and game.asks
    then, now = game.pinned.then, pack_digest(user_packs_dir() / "tiny")
    assert game.note.startswith(
        f"Tiny has changed since this game was saved (pack {then[:4]}... then, {now[:4]}... now)."
    )


def test_replay_on_the_new_rules_stops_at_the_move_that_no_longer_applies(qtbot, window, saved):
    game, question = opened(qtbot, window, saved, "Replay on the new rules")
    assert question.startswith("Tiny has changed since this game was saved (pack ")
    assert [m.text for m in game.session.moves] == list(load_saved_game(saved).moves[:2])
    assert game.reload_bar.isVisible()  # told in a bar over the table, until closed
    said = game.reload_bar.label.text()
    assert "Tiny has changed since this game was saved" in said
    assert "Move 3 (Ann: 'play " in said and "the middle holds two cards at most" in said
    assert "saved copy" not in game.windowTitle()
    # The new rules rule: no third card may be played.
    assert [m.text for m in game.session.frame.moves] == ["pass"]


def test_use_the_saved_copy_plays_the_rules_the_game_was_played_with(qtbot, window, saved):
    game, _ = opened(qtbot, window, saved, "Use the saved copy")
    moves = list(load_saved_game(saved).moves)
    assert [m.text for m in game.session.moves] == moves
    assert "(saved copy of the rules)" in game.windowTitle()
    assert "saved copy kept in this file" in game.message.text()
    # The copy plays: a fourth card, which the pack as it is now would refuse.
    plays = [m.text for m in game.session.frame.moves if m.text.startswith("play")]
    assert plays and game.session.play(plays[0])
    assert len(game.session.moves) == 4
    assert game.save_game(saved)  # saved again: still pinned to the copy
    again = load_saved_game(saved)
    assert again.pinned is not None and again.pinned.copy == TINY and again.asks
    # Its record keeps the copy too; opened, it asks the same, and steps through the copy.
    exported = saved.with_name("evening.yaml")
    assert game.export_record(exported)
    record = load_record(exported)
    assert record.pack_text == TINY and record.pack_digest == text_digest(TINY)
    replay, question = opened(qtbot, window, exported, "Use the saved copy")
    assert question.startswith("Tiny has changed since this record was written (pack ")
    assert replay is not game and replay.session.replaying
    assert "(saved copy of the rules)" in replay.windowTitle()


def test_cancel_opens_nothing(qtbot, window, saved):
    game, _ = opened(qtbot, window, saved, "Cancel")
    assert game is None
    assert "opening cancelled" in window.statusBar().currentMessage()


def test_an_old_save_without_a_copy_opens_under_the_pack_as_it_is(qtbot, window, saved):
    data = yaml.safe_load(saved.read_text("utf-8"))
    del data["pack_text"]
    data["moves"] = data["moves"][:2]  # two moves, which both apply under the new rules
    without_copy = saved.with_name("old.jgame")
    without_copy.write_text(yaml.safe_dump(data), "utf-8")
    assert window.open_path(without_copy)  # no question: there is no copy to offer
    (game,) = window.game_windows
    qtbot.addWidget(game)
    assert len(game.session.moves) == 2
    assert "Tiny has changed since this game was saved" in game.message.text()
    assert "keeps no copy of the rules it was played with" in game.message.text()
    # One written before files named a fingerprint opens without a word.
    del data["pack_digest"]
    older = saved.with_name("older.jgame")
    older.write_text(yaml.safe_dump(data), "utf-8")
    assert load_saved_game(older).note == ""
    assert load_saved_game(older).setup.text is None
