"""The studio's table and play, driven by real key and mouse events: the table beside
the text follows each clean edit; Play starts a game of the unsaved text; a text with
problems cannot be played and says why; a game reloads into an edited text keeping its
table, or stops at the move that no longer applies and names it; Sandbox > Save table
as pack writes a pack that loads and lies as the table did."""

from __future__ import annotations

import pytest

from tests.match.test_reload import PLAY_EFFECTS, TINY, TWO_AT_MOST
from vtt.resources import user_packs_dir
from vtt.rules.finder import load_game_text
from vtt.table.model import Table
from vtt.table.pieces import CARD_WIDTH, CardPiece, Stack
from vtt.ui import dialogs
from vtt.ui.game.window import GameWindow
from vtt.ui.qt import QApplication, Qt
from vtt.ui.studio.window import StudioWindow, open_studio

CTRL = Qt.KeyboardModifier.ControlModifier
#: The line of TINY with "label: the middle", and its column after "middle".
MIDDLE_LINE = next(n for n, line in enumerate(TINY.splitlines(), 1) if "the middle" in line)
AFTER_MIDDLE = TINY.splitlines()[MIDDLE_LINE - 1].index("the middle") + len("the middle") + 1
#: The line of TINY with the play move's effects.
EFFECTS = TINY[: TINY.index(PLAY_EFFECTS) + len(PLAY_EFFECTS)].count("\n")


@pytest.fixture
def studio(qtbot):
    window = open_studio(None, TINY)
    window.playground.pause_ms = 5
    qtbot.waitExposed(window)
    qtbot.waitUntil(lambda: window.last is not None and not window.checker.busy)
    yield window
    for game in window.playground.games:
        game.closing_quietly = True
        game.close()
    window.playground.stop_simulation()
    window.editor.document().setModified(False)  # closed without asking
    window.close()


def games() -> list[GameWindow]:
    shown = QApplication.topLevelWidgets()
    return [window for window in shown if isinstance(window, GameWindow) and window.isVisible()]


def typed(qtbot, window: StudioWindow, line: int, column: int, erase: int, keys: str) -> None:
    """Erase ``erase`` characters before line:column, type ``keys``, wait for the check."""
    window.editor.go_to(line, column)
    with qtbot.waitSignal(window.checked):
        for _ in range(erase):
            qtbot.keyClick(window.editor, Qt.Key.Key_Backspace)
        qtbot.keyClicks(window.editor, keys)
    qtbot.waitUntil(lambda: not window.checker.busy)


def lines_typed(qtbot, window: StudioWindow, line: int, lines: str) -> None:
    """Type ``lines`` as new lines after line ``line`` (Return, then each line as
    written over the indentation the editor offers), and wait for the check."""
    editor = window.editor
    editor.go_to(line, len(editor.text().splitlines()[line - 1]) + 1)
    with qtbot.waitSignal(window.checked):
        for text in lines.splitlines():
            qtbot.keyClick(editor, Qt.Key.Key_Return)
            qtbot.keyClick(editor, Qt.Key.Key_Home, Qt.KeyboardModifier.ShiftModifier)
            qtbot.keyClicks(editor, text)
    qtbot.waitUntil(lambda: not window.checker.busy)


def rename_middle(qtbot, window: StudioWindow) -> None:
    assert window.editor.text().splitlines()[MIDDLE_LINE - 1].endswith("label: the middle}")
    typed(qtbot, window, MIDDLE_LINE, AFTER_MIDDLE, len("middle"), "centre")


def test_the_table_beside_the_text_shows_its_zones_and_follows_an_edit(qtbot, studio):
    preview = studio.playground.preview
    assert studio.centralWidget() is preview
    assert {"the deck", "the middle"} <= set(preview.zone_labels())
    rename_middle(qtbot, studio)
    qtbot.waitUntil(lambda: "the centre" in preview.zone_labels())
    # A text with a problem keeps the last good table and says so quietly.
    typed(qtbot, studio, 3, 11, 0, ": [")
    assert "the centre" in preview.zone_labels()
    assert "as the text last checked clean" in preview.note.text()


def test_play_starts_a_game_of_the_unsaved_text(qtbot, studio):
    typed(qtbot, studio, 3, 11, 0, " edited")  # name: Tiny edited
    assert studio.editor.path is None and studio.playground.play_action.isEnabled()
    qtbot.keyClick(studio.editor, Qt.Key.Key_R, CTRL)
    qtbot.waitUntil(lambda: len(games()) == 1)
    game = games()[0]
    assert game.session.game.name == "Tiny edited"
    assert game.session.setup.text == studio.editor.text()
    assert [seat.computer for seat in game.session.setup.seats] == [False, False]


def test_play_against_the_computer_seats_normal_computers(qtbot, studio):
    qtbot.keyClick(studio.editor, Qt.Key.Key_R, CTRL | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: len(games()) == 1)
    kinds = [seat.kind for seat in games()[0].session.setup.seats]
    assert kinds == ["Human", "Computer (Normal)"]


def test_a_text_with_problems_cannot_be_played_and_says_why(qtbot, studio):
    lines_typed(qtbot, studio, EFFECTS, "    wen: x")  # an unknown key in moves.play
    why = studio.playground.why_not
    assert why.startswith(f"1 problem; the first: line {EFFECTS + 1}: unknown key 'wen'")
    for action in studio.playground.actions:
        assert not action.isEnabled()
        assert action.toolTip() == f"Cannot play yet: {why}"
    assert studio.statusBar().currentMessage() == f"Cannot play yet: {why}"
    qtbot.keyClick(studio.editor, Qt.Key.Key_R, CTRL)
    QApplication.processEvents()
    assert games() == []


def _hot_seat_game(qtbot, studio) -> GameWindow:
    studio.playground.play_action.trigger()
    qtbot.waitUntil(lambda: len(games()) == 1)
    game = games()[0]
    for _ in range(3):
        qtbot.mouseClick(game.cover, Qt.MouseButton.LeftButton)  # take the screen
        frame = game.session.frame
        assert game.play(next(m.text for m in frame.moves if m.text.startswith("play")))
    return game


def test_a_reload_after_an_edit_keeps_the_table(qtbot, studio):
    game = _hot_seat_game(qtbot, studio)
    before = game.session.match.spectator_frame().zones
    assert not game.reload_bar.isVisible()
    rename_middle(qtbot, studio)
    qtbot.waitUntil(game.reload_bar.isVisible)
    assert game.reload_bar.label.text() == "The rules changed."
    qtbot.mouseClick(game.reload_bar.button, Qt.MouseButton.LeftButton)
    assert game.reload_bar.label.text() == "Reloaded: 3 moves made again under the new rules"
    assert game.session.game.zones["middle"].label == "the centre"
    assert game.session.match.spectator_frame().zones == before
    assert len(game.session.moves) == 3


def test_a_reload_stops_at_the_move_that_no_longer_applies_and_names_it(qtbot, studio):
    game = _hot_seat_game(qtbot, studio)
    third = game.session.moves[2].text
    lines_typed(qtbot, studio, EFFECTS, TWO_AT_MOST)
    qtbot.waitUntil(game.reload_bar.isVisible)
    qtbot.mouseClick(game.reload_bar.button, Qt.MouseButton.LeftButton)
    said = game.reload_bar.label.text()
    assert said.startswith(f"Move 3 (Ann: '{third}') no longer applies: ")
    assert "the middle holds two cards at most" in said
    assert len(game.session.moves) == 2


def test_save_table_as_pack_writes_a_pack_laid_out_as_the_table(qtbot, monkeypatch):
    from vtt.ui.window import TableWindow

    table = Table(2, seed=1)
    deck = table.add(Stack("", -300, 0, face_up=False, label="Stock"))
    for face in ("AR", "2P"):
        table.add(CardPiece("", face=face, face_up=False, parent=deck))
    for index, face in enumerate(("3S", "4W")):
        table.add(CardPiece("", index * (CARD_WIDTH + 10), -200, face=face))
    table.add(CardPiece("", face="5L", parent="hand-1"))
    window = TableWindow(table)
    qtbot.addWidget(window)
    monkeypatch.setattr(dialogs, "ask_text", lambda *_: "Hand made")
    window.menuBar().actions()  # the menu is there
    assert window.save_pack_action.text() == "Save table as &pack…"
    window.save_pack_action.trigger()
    path = user_packs_dir() / "hand-made" / "pack.yaml"
    text = path.read_text(encoding="utf-8")
    state = load_game_text(text).new_state({}, 0)
    assert [str(c) for c in state.zone("stock")] == ["AR", "2P"]
    assert [str(c) for c in state.zone("row")] == ["3S", "4W"]
    assert [[str(c) for c in hand] for hand in state.zone("hand")] == [[], ["5L"]]
    studio = window.studio
    qtbot.waitUntil(lambda: studio.last is not None and studio.last.ok)
    assert studio.editor.path == path
    qtbot.waitUntil(lambda: "Stock" in studio.playground.preview.zone_labels())
    # Saving again never replaces the pack unasked: a No leaves it as it was.
    asked: list[str] = []
    monkeypatch.setattr(dialogs, "ask_yes_no", lambda _w, _t, text: asked.append(text) or False)
    table.add(CardPiece("", 500, 300, face="6R"))
    assert window.save_table_as_pack() is None
    assert asked and "holds a pack already" in asked[0]
    assert path.read_text(encoding="utf-8") == text
    studio.close()


def test_simulate_plays_the_text_in_a_panel_of_the_studio_with_progress_and_cancel(qtbot, studio):
    typed(qtbot, studio, 3, 11, 0, " edited")  # unsaved: the batch plays the text
    qtbot.keyClick(studio.editor, Qt.Key.Key_M, CTRL | Qt.KeyboardModifier.ShiftModifier)
    panel = studio.playground.simulator
    assert panel is not None and studio.playground.dock.widget() is panel
    assert panel.batch().text == studio.editor.text() and panel.batch().games == 100
    assert panel.batch().agents == ("random", "random") and not panel.settings.isVisible()
    qtbot.waitUntil(lambda: panel.progress.value() >= 1, timeout=60_000)
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.report is not None, timeout=60_000)
    assert panel.status.text() == f"Cancelled after {panel.report.games} games"
    assert panel.results.text().startswith("Tiny edited: ")


def test_a_game_of_unsaved_text_autosaves_the_text_and_resumes_under_it(qtbot, studio):
    from vtt.ui.game.opening import resumed_game
    from vtt.ui.game.saved import load_saved_game

    typed(qtbot, studio, 3, 11, 0, " edited")
    game = _hot_seat_game(qtbot, studio)
    game.write_autosave()
    saved = load_saved_game(game.autosave.path)
    assert saved.setup.text == studio.editor.text()
    assert saved.moves == tuple(move.text for move in game.session.moves)
    again = resumed_game(saved, str(game.autosave.path), pause_ms=5)
    studio.playground.games.append(again)  # closed with the others
    assert again.session.game.name == "Tiny edited"
    assert again.session.match.spectator_frame().zones == game.session.match.spectator_frame().zones
