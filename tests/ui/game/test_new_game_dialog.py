"""Game > New game...: packs listed, options and seats chosen, the game window opened."""

from __future__ import annotations

from pathlib import Path

from vtt.ui.game.dialog import NewGameDialog
from vtt.ui.game.session import HUMAN, NORMAL
from vtt.ui.qt import QCheckBox, QComboBox, QPoint, QSpinBox, Qt


def choose(dialog: NewGameDialog, name: str) -> None:
    names = [entry.name for entry in dialog.packs]
    dialog.pack_list.setCurrentRow(names.index(name))


def click_pack(qtbot, dialog: NewGameDialog, name: str) -> None:
    """Click a pack in the list, as a person chooses it."""
    names = [entry.name for entry in dialog.packs]
    item = dialog.pack_list.item(names.index(name))
    dialog.pack_list.scrollToItem(item)
    at = dialog.pack_list.visualItemRect(item).center()
    qtbot.mouseClick(dialog.pack_list.viewport(), Qt.MouseButton.LeftButton, pos=at)


def seat_names(dialog: NewGameDialog) -> list[str]:
    return [name.text() for name, _kind, _colour in dialog.seat_rows]


def test_the_seats_are_named_as_the_pack_names_them_else_as_the_table_names_people(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    click_pack(qtbot, dialog, "JANTORI")
    assert seat_names(dialog) == ["White", "Black"]
    # A pack that names no seats: the names the free table gives its seats, not P1, P2.
    click_pack(qtbot, dialog, "War")
    assert seat_names(dialog) == ["Ann", "Ben"]
    click_pack(qtbot, dialog, "Tic-Tac-Rock")
    dialog.players.setFocus()
    qtbot.keyClick(dialog.players, Qt.Key.Key_Up)
    assert seat_names(dialog) == ["Ann", "Ben", "Cat"]
    setup = dialog.setup()
    assert setup is not None and [s.name for s in setup.seats] == ["Ann", "Ben", "Cat"]
    click_pack(qtbot, dialog, "Corner to Corner & Edge to Edge")
    qtbot.keyClick(dialog.players, Qt.Key.Key_Up)
    assert seat_names(dialog) == ["Red", "Blue", "Green"]


def test_every_pack_with_rules_is_listed_and_a_broken_user_pack_shows_why(qtbot, user_home):
    broken = user_home / "packs" / "broken"
    broken.mkdir(parents=True)
    (broken / "pack.yaml").write_text("format: 1\nid: broken\nname: [oops\n", "utf-8")
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    names = [entry.name for entry in dialog.packs]
    assert {"JANTORI", "Tic-Tac-Rock", "War", "broken"} <= set(names)
    assert not any("Sandbox" in n or "Deck Games" in n for n in names)
    item = dialog.pack_list.item(names.index("broken"))
    assert "pack.yaml" in item.toolTip()
    assert not item.flags()


def test_options_variants_and_seats_make_the_setup(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    choose(dialog, "Tic-Tac-Rock")
    assert dialog.title.text() == "Tic-Tac-Rock"
    assert "2–4 players" in dialog.summary.text() and "three rounds" in dialog.summary.text()
    assert isinstance(dialog.option_widgets["easy"], QCheckBox)
    assert isinstance(dialog.option_widgets["wins_needed"], QSpinBox)
    dialog.variant.setCurrentText("Easy version")
    assert dialog.option_widgets["easy"].isChecked()
    dialog.players.setValue(3)
    assert len(dialog.seat_rows) == 3
    name, kind, colour = dialog.seat_rows[2]
    name.setText("Ana")
    kind.setCurrentText(HUMAN)
    assert colour.currentText() == "Green"  # each seat starts with its own colour
    colour.setCurrentText("Teal")
    setup = dialog.setup()
    assert setup is not None and setup.players == 3 and setup.options["easy"] is True
    assert [s.kind for s in setup.seats] == [HUMAN, NORMAL, HUMAN]
    assert [s.colour for s in setup.seats] == ["#e74c3c", "#3498db", "#1abc9c"]
    assert setup.seats[2].name == "Ana" and setup.pack.endswith("tic-tac-rock")
    dialog.players.setValue(2)
    assert len(dialog.seat_rows) == 2


def test_a_choice_option_is_a_list_and_the_rules_are_one_click_away(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    choose(dialog, "War")
    mode = dialog.option_widgets["mode"]
    assert (
        isinstance(mode, QComboBox) and mode.currentText() == "Classic"
    )  # the id "classic" in words
    dialog.rules_button.click()
    assert dialog.rules_window is not None
    assert "War" in dialog.rules_window.text.toPlainText()


def test_the_game_menu_opens_a_game_window(qtbot, window, monkeypatch):
    def accept_jantori(self: NewGameDialog) -> NewGameDialog.DialogCode:
        choose(self, "JANTORI")  # not just the first listed: packs are added over time
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept_jantori)
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    (new_game,) = [a for a in menu.actions() if a.text() == "&New game…"]
    new_game.trigger()
    (game,) = window.game_windows
    qtbot.addWidget(game)
    assert game.session.game.name == "JANTORI"
    assert game.session.human_to_move() and "White to move" in game.status.text()


def test_house_rules_lay_the_pack_out_as_a_free_table(qtbot, window, monkeypatch):
    from vtt.table import CardPiece, Stack
    from vtt.ui.window import TableWindow

    def accept_tic_tac_rock_unenforced(self):
        choose(self, "Tic-Tac-Rock")
        self.enforced.setChecked(False)
        return NewGameDialog.DialogCode.Accepted

    monkeypatch.setattr(NewGameDialog, "exec", accept_tic_tac_rock_unenforced)
    menu = next(a.menu() for a in window.menuBar().actions() if a.text() == "&Game")
    (new_game,) = [a for a in menu.actions() if a.text() == "&New game…"]
    new_game.trigger()
    (free,) = window.game_windows
    qtbot.addWidget(free)
    assert isinstance(free, TableWindow)
    table = free.session.table
    # The deal as the pack makes it: three cards in each hand, a face-up centre card,
    # the draw pile face down; nothing enforced from here on.
    assert [len(table.hand(seat).contents) for seat in range(2)] == [3, 3]
    loose = [p for p in table.on_table() if isinstance(p, CardPiece)]
    assert any(card.face_up for card in loose)
    piles = [p for p in table.on_table() if isinstance(p, Stack)]
    assert any(not table.get(pile.top).face_up and len(pile.contents) > 40 for pile in piles)


def test_an_int_option_wider_than_a_spin_box_is_offered_as_far_as_it_can(qtbot, user_home):
    jantori = (Path(__file__).parents[3] / "rulesets" / "jantori" / "pack.yaml").read_text()
    folder = user_home / "packs" / "wide"
    folder.mkdir(parents=True)
    options = (
        "options:\n"
        "  big: {type: int, default: 5, min: 1, max: 9000000000}\n"
        "  low: {type: int, default: -3, min: -9000000000, max: 10}\n"
        "  huge: {type: int, default: 9000000000, min: 0, max: 9223372036854775807}\n"
    )
    text = jantori.replace("id: jantori", "id: wide").replace("name: JANTORI", "name: Wide")
    (folder / "pack.yaml").write_text(text.replace("options:\n", options, 1))
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    choose(dialog, "Wide")
    big, low, huge = (dialog.option_widgets[name] for name in ("big", "low", "huge"))
    assert isinstance(big, QSpinBox) and isinstance(low, QSpinBox) and isinstance(huge, QSpinBox)
    assert (big.minimum(), big.maximum(), big.value()) == (1, 2**31 - 1, 5)
    assert (low.minimum(), low.maximum(), low.value()) == (-(2**31), 10, -3)
    assert huge.value() == 2**31 - 1
    big.setFocus()
    big.selectAll()
    qtbot.keyClicks(big, "123456")
    setup = dialog.setup()
    assert setup is not None and setup.options["big"] == 123456 and setup.options["low"] == -3


def test_option_values_are_words_and_the_setup_keeps_the_packs_ids(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    choose(dialog, "Dueling Wizards")
    spells = dialog.option_widgets["spells"]
    assert [spells.itemText(i) for i in range(spells.count())] == [
        "As the text",
        "One card",
        "Two card",
    ]
    dialog.variant.setCurrentIndex(dialog.variant.findData("two-card"))
    assert spells.currentText() == "Two card"
    assert dialog.setup().options["spells"] == "two-card"
    choose(dialog, "Janken Go")
    lineup = dialog.option_widgets["lineup"]
    assert lineup.currentText() == "Back row"
    lineup.setCurrentText("Second row")
    assert dialog.setup().options["lineup"] == "second-row"


def _lightness(widget, point) -> int:
    from vtt.ui.qt import QColor

    return QColor(widget.grab().toImage().pixel(point)).lightness()


def test_an_options_checkbox_shows_on_the_dark_window(qtbot):
    from vtt.ui.app import dark_palette
    from vtt.ui.qt import QStyle, QStyleOptionButton

    dialog = NewGameDialog()
    dialog.setPalette(dark_palette())
    qtbot.addWidget(dialog)
    choose(dialog, "Tic-Tac-Rock")
    dialog.show()
    qtbot.waitExposed(dialog)
    for box in (dialog.option_widgets["easy"], dialog.enforced):
        option = QStyleOptionButton()
        option.initFrom(box)
        inside = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
        box.setChecked(False)
        empty = _lightness(box, inside.center())
        window = _lightness(dialog, box.mapTo(dialog, inside.topLeft()) - QPoint(3, 0))
        assert abs(empty - window) > 100, (empty, window)


def test_the_rules_window_is_titled_with_the_packs_name(qtbot):
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    choose(dialog, "Dueling Wizards")
    qtbot.mouseClick(dialog.rules_button, Qt.MouseButton.LeftButton)
    assert dialog.rules_window.windowTitle() == "Rules — Dueling Wizards"


def test_the_dialog_says_where_ones_own_packs_go_and_opens_that_folder(
    qtbot, user_home, monkeypatch
):
    from vtt.ui.game import dialog as module

    opened = []

    class Desktop:
        @staticmethod
        def openUrl(url) -> bool:
            opened.append(url.toLocalFile())
            return True

    monkeypatch.setattr(module, "QDesktopServices", Desktop)
    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    folder = user_home / "packs"
    assert str(folder) in dialog.own_packs.text() and not folder.exists()
    qtbot.mouseClick(dialog.packs_button, Qt.MouseButton.LeftButton)
    assert folder.is_dir() and [Path(p) for p in opened] == [folder]
