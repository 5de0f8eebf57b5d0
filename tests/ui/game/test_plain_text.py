"""Text from a pack, a file or a person is shown in the window as the text it is: never
read as markup (an image fetched, a link made), hidden characters made visible, and a
value of 98,000 characters (near the most a var may hold) cut short so the side panel
stays quick (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest
from game_windows import open_game
from gestures import key

from tests.rules.test_pack_limits import JANTORI
from vtt.rules.shown import LINE_CHARS, NAME_CHARS
from vtt.ui.game.dialog import NewGameDialog
from vtt.ui.game.session import HUMAN
from vtt.ui.qt import QLabel, QMessageBox, Qt

MARKUP = "<b>Big</b><img src=x>"
LINK = "<a href='https://example.com'>pieces</a>"
#: A pack whose every name and text holds markup, whose log and var are built at run
#: time with escape sequences and bidirectional overrides, and whose var is near the most
#: a var may hold (100,000 characters).
HOSTILE = (
    JANTORI.replace("name: JANTORI", f'name: "{MARKUP}"')
    .replace("seats: [White, Black]", f"seats: ['{MARKUP}', Black]")
    .replace("label: pieces in hand", f'label: "{LINK}"')
    .replace("label: placing a piece", "label: \"<i>placing</i> <img src='x'>\"")
    .replace(
        "options:\n",
        "options:\n  speed: {label: \"<img src=x> <a href='y'>Speed</a>\", type: int,"
        " default: 1, min: 1, max: 3}\n"
        "  style: {label: '<u>Style</u>', choices: ['<b>bold</b>', plain], default: plain}\n",
        1,
    )
    .replace(
        "vars:\n",
        "vars:\n  motto:\n    label: '<img src=m>'\n    initial: >-\n"
        "      '<img src=z>\\x1b[2J\\u202e' + 'a' * 49000\n",
        1,
    )
    .replace("\nflow:", '\nsetup:\n  - set: {motto: "motto + motto"}\n\nflow:', 1)
    .replace(
        '      - set: {"marker[me]": square}\n',
        '      - set: {"marker[me]": square}\n'
        "      - log: >-\n          <img src=l> {'\\u202e'} {seat_names[me]} {motto}\n",
        1,
    )
)


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    folder = tmp_path / "packs" / "markup"
    folder.mkdir(parents=True)
    (folder / "pack.yaml").write_text(HOSTILE, encoding="utf-8")
    return folder


def markup_read(widget) -> list[str]:
    """The labels under ``widget`` that would read markup in pack text."""
    found = []
    for label in widget.findChildren(QLabel):
        text = label.text()
        if label.textFormat() != Qt.TextFormat.PlainText and any(
            tag in text for tag in ("<img", "<a ", "<b>Big", "<i>", "<u>")
        ):
            found.append(text)
    return found


def test_the_new_game_dialog_shows_names_and_labels_as_text(qtbot, hostile):
    dialog = NewGameDialog(folders=(hostile.parent,))
    qtbot.addWidget(dialog)
    names = [entry.name for entry in dialog.packs]
    dialog.pack_list.setCurrentRow(names.index(MARKUP))
    dialog.show()
    assert dialog.title.text() == MARKUP
    assert dialog.title.textFormat() == Qt.TextFormat.PlainText
    labels = [label.text() for label in dialog.findChildren(QLabel) if label.isVisible()]
    assert "<img src=x> <a href='y'>Speed</a>" in labels and "<u>Style</u>" in labels
    assert dialog.option_widgets["style"].itemText(0) == "<b>bold</b>"
    assert dialog.seat_rows[0][0].text() == MARKUP
    assert not markup_read(dialog)


def test_the_game_window_shows_seat_names_log_and_vars_as_text(qtbot, hostile):
    window = open_game(qtbot, str(hostile), (HUMAN, HUMAN), names=[MARKUP, "Bob\u202eevil"])
    assert MARKUP in window.windowTitle()
    status = window.status.text()
    # (a seat name is one word in the rules: its space became a hyphen)
    assert "&lt;b&gt;Big&lt;/b&gt;&lt;img-src=x&gt;" in status and "<img" not in status
    assert "&lt;i&gt;placing" in status
    window.play(next(iter(window.session.match.state.legal_moves)))
    window.uncover()
    line = window.log.lines()[-1]
    assert line.startswith("<img src=l> \\u202e ")
    assert len(line) <= LINE_CHARS and line.endswith("…")
    scores = window.scores.text().splitlines()
    motto = next(text for text in scores if text.startswith("<img src=m>: "))
    assert "\\x1b[2J\\u202e" in motto and len(motto) <= LINE_CHARS
    assert "Bob\\u202eevil" in window.status.text()
    assert not markup_read(window)


def test_a_var_of_the_largest_size_reaches_the_side_panel_cut_short(qtbot, hostile):
    window = open_game(qtbot, str(hostile), (HUMAN, HUMAN))
    assert len(window.session.match.state.env["motto"]) > 98_000  # near MAX_STORED
    assert max(len(text) for text in window.scores.text().splitlines()) <= LINE_CHARS
    assert len(window.scores.text()) < 10 * LINE_CHARS


def test_names_on_the_board_and_in_tooltips_are_text(qtbot, hostile):
    window = open_game(qtbot, str(hostile), (HUMAN, HUMAN), names=["A" * 300, "B"])
    tips = [item.toolTip() for item in window.board.items() if item.toolTip()]
    shown = [tip for tip in tips if "pieces" in tip]
    assert shown and all("&lt;a href=" in tip and "<a " not in tip for tip in shown)
    assert all(
        len(name) <= NAME_CHARS
        for name in [
            window.replay_bar.seen_by.itemText(i) for i in range(window.replay_bar.seen_by.count())
        ]
    )


def test_a_message_box_shows_its_text_as_text(qtbot):
    from vtt.ui import dialogs
    from vtt.ui.qt import QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    box = dialogs.warn(parent, "Cannot open", f"{MARKUP}: not a table")
    assert box.textFormat() == Qt.TextFormat.PlainText and box.text().startswith(MARKUP)
    box.close()
    assert isinstance(box, QMessageBox)


@pytest.mark.parametrize(
    "typed", ["Ann\u202eLee", "Ann\u2066Lee\u2069", "\u200fAnnLee", "Ann\u200bLee"]
)
def test_a_typed_seat_name_loses_its_invisible_characters_so_its_saved_game_opens(
    qtbot, tmp_path, typed
):
    from vtt.ui.game.saved import load_saved_game, saved_game_text

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    names = [entry.name for entry in dialog.packs]
    dialog.pack_list.setCurrentRow(names.index("War"))
    line = dialog.seat_rows[0][0]
    line.clear()
    line.setFocus()
    for char in typed:  # each character a key press carrying its text, as an input method sends
        key(line, Qt.Key.Key_unknown, text=char)
    setup = dialog.setup()
    assert setup.seats[0].name == "AnnLee"
    saved = tmp_path / "game.jgame"
    saved.write_text(saved_game_text(setup, []), encoding="utf-8")
    assert load_saved_game(saved).setup.seats[0].name == "AnnLee"


def test_the_rename_question_shows_a_name_as_text_and_drops_invisible_characters(qtbot):
    from vtt.ui import dialogs
    from vtt.ui.qt import QApplication, QInputDialog, QLineEdit, QTimer

    seen = []

    def answer() -> None:
        dialog = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QInputDialog))
        seen.extend((label.text(), label.textFormat()) for label in dialog.findChildren(QLabel))
        line = dialog.findChild(QLineEdit)
        line.selectAll()
        for char in "Zo\u202ee":
            key(line, Qt.Key.Key_unknown, text=char)
        key(line, Qt.Key.Key_Return)

    QTimer.singleShot(0, answer)
    assert dialogs.ask_text(None, "Rename seat", f"New name for {MARKUP}:", "x") == "Zoe"
    assert seen == [(f"New name for {MARKUP}:", Qt.TextFormat.PlainText)]


def test_a_moves_tooltip_in_the_action_bar_shows_a_seat_name_as_text(qtbot):
    # Battlefront's attacks name the seat attacked: its name is text in the move's tip.
    window = open_game(qtbot, "battlefront", (HUMAN, HUMAN), seed=3, names=["Ann", MARKUP])
    attacks = [b for b in window.action_bar.buttons if "attack" in b.text()]
    assert attacks
    for button in attacks:
        assert "&lt;b&gt;Big&lt;/b&gt;" in button.toolTip() and "<b>" not in button.toolTip()
