"""Sandbox > New game...: the five questions answered with the mouse and keys write a
pack that Game > New game... lists and the studio opens; Sandbox > Edit pack... opens one."""

from __future__ import annotations

from pathlib import Path

import pytest
from gestures import CTRL, LEFT, key, send_mouse

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.studio.newgame import QUESTIONS
from vtt.ui.game.dialog import NewGameDialog
from vtt.ui.qt import QApplication, QEvent, QListWidget, QRect, Qt, QWidget
from vtt.ui.studio import window as studio_window
from vtt.ui.studio.newgame import KEY_ROLE, NewGameWizard


def press(widget: QWidget, at=None) -> None:
    """A left click on a widget (its centre unless ``at``), as a person makes it."""
    point = at if at is not None else widget.rect().center()
    send_mouse(widget, QEvent.Type.MouseButtonPress, point)
    send_mouse(widget, QEvent.Type.MouseButtonRelease, point, LEFT, Qt.MouseButton.NoButton)


def menu_item(window, title: str, entry: str) -> None:
    """Open a menu of the menu bar with a click, then click one of its entries."""
    bar = window.menuBar()
    menu_action = next(a for a in bar.actions() if a.text() == title)
    press(bar, bar.actionGeometry(menu_action).center())
    popup = QApplication.activePopupWidget()
    assert popup is menu_action.menu()
    wanted = next(a for a in popup.actions() if a.text() == entry)
    press(popup, popup.actionGeometry(wanted).center())


def pick(choices: QListWidget, key_wanted: str) -> None:
    """Click the choice of that key in the list."""
    rows = [choices.item(i) for i in range(choices.count())]
    item = next(i for i in rows if i.data(KEY_ROLE) == key_wanted)
    choices.scrollToItem(item)
    press(choices.viewport(), choices.visualItemRect(item).center())


def type_text(widget: QWidget, text: str) -> None:
    key(widget, Qt.Key.Key_A, CTRL)  # select what is there: typing replaces it
    for char in text:
        key(widget, Qt.Key.Key_unknown, text=char)


def shown_choices(wizard: NewGameWizard) -> tuple[list[str], list[str]]:
    """The keys offered, and the labels greyed, of the question asked."""
    items = [wizard.choices.item(i) for i in range(wizard.choices.count())]
    offered = [i.data(KEY_ROLE) for i in items if i.flags() & Qt.ItemFlag.ItemIsEnabled]
    greyed = [i.text() for i in items if not i.flags() & Qt.ItemFlag.ItemIsEnabled]
    return offered, greyed


@pytest.fixture
def studios():
    """The studio windows the test opens, closed at its end."""
    yield studio_window._OPEN
    for studio in list(studio_window._OPEN):
        studio.close()


def test_the_wizard_writes_a_pack_that_the_new_game_dialog_lists(qtbot, window, studios):
    menu_item(window, "&Sandbox", "&New game…")
    wizard = window.wizard
    assert isinstance(wizard, NewGameWizard)
    qtbot.waitExposed(wizard)
    assert wizard.question.text() == "The Object: What are the players trying to achieve?"
    pick(wizard.choices, "last")
    press(wizard.next_button)
    pick(wizard.choices, "jokers")
    press(wizard.next_button)
    # The Deal: only the deals of the games where the last one standing loses.
    offered, greyed = shown_choices(wizard)
    assert offered == ["hand-5-pile", "hand-7-pile", "hand-5-refill", "hand-3-refill"]
    assert "A grid of 4 x 4 cards face up, a token on two far corners  (not with your answer " \
        "to The Object)" in greyed  # fmt: skip
    pick(wizard.choices, "hand-3-refill")
    key(wizard.choices, Qt.Key.Key_Return)  # Enter on a choice goes on, as Next does
    assert wizard.step == 3
    assert shown_choices(wizard)[0] == ["reveal"]  # a hand refilled each round: the duel
    press(wizard.next_button)
    assert shown_choices(wizard)[0] == ["life"]
    assert "Knock your opponent out" in wizard.preview.toPlainText()
    type_text(wizard.name, "Lizard Duel")
    assert str(user_packs_dir() / "lizard-duel") in wizard.where.text()
    assert wizard.create_button.isEnabled()
    press(wizard.create_button)
    assert wizard.result() == NewGameWizard.DialogCode.Accepted
    folder = user_packs_dir() / "lizard-duel"
    text = (folder / "pack.yaml").read_text()
    assert "  jokers: true\n" in text and "  hand_size: 3\n" in text and "default: life}\n" in text
    assert (folder / "records" / "first.yaml").is_file()
    # It opened in the studio, and the game dialog lists it beside the shipped packs.
    qtbot.waitUntil(lambda: any(s.editor.path == folder / "pack.yaml" for s in studios))
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    names = [entry.name for entry in dialog.packs]
    assert "Lizard Duel" in names and "War" in names
    entry = dialog.packs[names.index("Lizard Duel")]
    assert entry.game is not None and entry.folder == folder


def test_an_earlier_answer_changed_drops_the_later_ones_it_rules_out(qtbot):
    wizard = NewGameWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    for _ in QUESTIONS[1:]:
        press(wizard.next_button)  # the first choice offered of each question
    assert wizard.answers["play"] == "shed"
    press(wizard.steps.viewport(), wizard.steps.visualItemRect(wizard.steps.item(0)).center())
    assert wizard.step == 0
    pick(wizard.choices, "free")
    assert set(wizard.answers) == {"object"}
    assert "Still to answer: The Deck" in wizard.problem.text()
    assert not wizard.create_button.isEnabled()


def test_the_wizard_asks_before_replacing_a_pack(qtbot, monkeypatch):
    folder = user_packs_dir() / "my-game"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text("my own notes")
    wizard = NewGameWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    assert wizard.title() == "My Game 2"  # a name whose folder is free is offered
    for _ in QUESTIONS[1:]:
        press(wizard.next_button)
    type_text(wizard.name, "My Game")
    asked: list[str] = []
    from vtt.ui import dialogs

    monkeypatch.setattr(dialogs, "ask_yes_no", lambda _p, _t, text: asked.append(text) or False)
    press(wizard.create_button)
    assert str(folder / "README.md") in asked[0]
    assert (folder / "README.md").read_text() == "my own notes"
    assert not (folder / "pack.yaml").exists() and wizard.result() == 0
    type_text(wizard.name, "war")
    assert "shipped with Janken Table" in wizard.problem.text()
    assert not wizard.create_button.isEnabled()


def test_edit_pack_opens_a_pack_folder_in_the_studio(qtbot, window, studios, monkeypatch):
    from vtt.studio.newgame import answers_for, compose, write_pack
    from vtt.ui.studio import newgame as wizard_module

    folder = user_packs_dir() / "board-again"
    write_pack(folder, compose(answers_for("board"), "board-again", record=False))
    chosen: list[Path | None] = [folder]
    monkeypatch.setattr(wizard_module, "ask_pack_folder", lambda _parent: chosen[0])
    menu_item(window, "&Sandbox", "&Edit pack…")
    qtbot.waitUntil(lambda: any(s.editor.path == folder / "pack.yaml" for s in studios))
    assert any("id: board-again" in s.editor.text() for s in studios)


def test_the_sandbox_menu_names_its_entries(window):
    menu = window.sandbox_menu
    texts = [action.text() for action in menu.actions()]
    assert "&New game…" in texts and "&Edit pack…" in texts


@pytest.mark.parametrize("room", [QRect(0, 24, 1366, 744), QRect(0, 0, 1024, 600)])
def test_the_wizard_fits_a_small_screen_at_every_step(qtbot, monkeypatch, room):
    from vtt.ui import screen

    monkeypatch.setattr(screen, "screen_room", lambda widget=None: room)
    wizard = NewGameWizard()
    qtbot.addWidget(wizard)
    wizard.show()
    for step in range(len(QUESTIONS)):  # The End lists the most choices
        wizard.show_step(step)
        for size in (wizard.size(), wizard.minimumSizeHint()):
            framed = size + screen.FRAME
            assert framed.width() <= room.width() and framed.height() <= room.height()


def test_a_free_table_made_is_offered_at_once_to_lay_out(qtbot, window, studios):
    menu_item(window, "&Sandbox", "&New game…")
    wizard = window.wizard
    pick(wizard.choices, "free")
    for _ in QUESTIONS[1:]:
        press(wizard.next_button)
    type_text(wizard.name, "Kitchen Table")
    press(wizard.create_button)
    assert not (user_packs_dir() / "kitchen-table" / "records").exists()  # no rules to replay
    names = [action.text() for action in window.new_menu.actions()]
    assert "Kitchen Table" in names and "Janken Sandbox" in names
    assert "Kitchen Table" in [setup.name for setup in window.setups]


def test_edit_pack_on_a_folder_without_a_pack_says_so(
    qtbot, window, studios, monkeypatch, tmp_path
):
    from vtt.ui import dialogs
    from vtt.ui.studio import newgame as wizard_module

    said: list[str] = []
    monkeypatch.setattr(wizard_module, "ask_pack_folder", lambda _parent: tmp_path)
    monkeypatch.setattr(dialogs, "warn", lambda _parent, _title, text: said.append(text))
    menu_item(window, "&Sandbox", "&Edit pack…")
    assert said == [f"{tmp_path} holds no pack.yaml: choose a pack's folder"]
    assert not studios


def test_the_studio_starts_a_new_game_of_its_own_with_ctrl_n(qtbot, studios):
    """A designer in the studio need not go back to the table window: File > New
    game... (Ctrl+N) asks the five questions and opens the new pack in this window."""
    studio = studio_window.open_studio(rulesets_dir() / "war")
    qtbot.waitExposed(studio)
    studio.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is studio)
    qtbot.keyClick(studio.editor, Qt.Key.Key_N, CTRL)
    wizard = studio.wizard
    assert isinstance(wizard, NewGameWizard)
    qtbot.waitExposed(wizard)
    for _ in QUESTIONS[1:]:
        press(wizard.next_button)
    type_text(wizard.name, "Studio Made")
    press(wizard.create_button)
    made = user_packs_dir() / "studio-made" / "pack.yaml"
    assert made.is_file()
    assert studio.editor.path == made
    assert studio.editor.toPlainText() == made.read_text(encoding="utf-8")
