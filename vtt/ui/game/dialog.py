"""Game > New game...: pick a pack, the player count, options or a variant, and the seats.

Every pack with rules is listed (the shipped ``rulesets/`` and the user's pack
folder; ``kind: setup`` packs are free-form tables and are left out). A pack that
fails to load is listed greyed out with its error, so a broken user pack is seen.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules import Game, load_game
from vtt.rules.finder import pack_folders, pack_readme
from vtt.rules.model import OptionDef
from vtt.rules.shown import ERROR_CHARS, shown, shown_name, without_hidden
from vtt.table.seats import COLOUR_NAMES, GAME_COLOURS, SEAT_COLOURS, named_colour
from vtt.ui.art import swatch
from vtt.ui.game.session import (
    HUMAN,
    NORMAL,
    SEAT_KINDS,
    GameSetup,
    SeatChoice,
    default_names,
)
from vtt.ui.plaintext import Label, rich_label, tip
from vtt.ui.qt import (
    QCheckBox,
    QColor,
    QComboBox,
    QDesktopServices,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPalette,
    QPushButton,
    QSize,
    QSpinBox,
    Qt,
    QTabWidget,
    QTextBrowser,
    QUrl,
    QVBoxLayout,
    QWidget,
)
from vtt.ui.screen import fit_to_screen

NO_VARIANT = "(choose options yourself)"
#: An option's checkbox: a light box with a dark tick on the dark window.
CHECK_BOX = "#f3ead8"
CHECK_TICK = "#2a1f17"


@dataclass(frozen=True)
class PackEntry:
    """A pack folder and its loaded game, or why it did not load."""

    folder: Path
    game: Game | None
    error: str = ""

    @property
    def name(self) -> str:
        """The pack's name (its folder name when it failed to load)."""
        return self.game.name if self.game is not None else self.folder.name


def available_packs(folders: tuple[Path, ...] = ()) -> list[PackEntry]:
    """Every pack with rules in the given folders, the shipped packs and the user's packs."""
    entries = []
    for root in (*folders, rulesets_dir(), user_packs_dir()):
        for folder in pack_folders(root):
            try:
                game = load_game(folder)
            except Exception as error:  # a broken pack is shown with its error, not fatal
                entries.append(PackEntry(folder, None, str(error)))
                continue
            if game.kind != "setup":
                entries.append(PackEntry(folder, game))
    return entries


#: The largest number a QSpinBox holds (a C int).
_SPIN_LIMIT = 2**31 - 1


def _clamped(value: int, low: int, high: int = _SPIN_LIMIT) -> int:
    return max(low, min(high, value))


def option_words(value: object) -> str:
    """An option's value as words to read (a pack writes ids: ``as-the-text`` is
    "As the text", ``back-row`` "Back row").

    >>> option_words("as-the-text"), option_words("two_card"), option_words(3)
    ('As the text', 'Two card', '3')
    """
    words = shown_name(value).replace("-", " ").replace("_", " ")
    return words[:1].upper() + words[1:]


def checkbox(text: str) -> QCheckBox:
    """A checkbox whose box shows on the dark window: a light box with a dark tick (the
    dark palette drew it as dark as the window round it)."""
    box = QCheckBox(text)
    palette = QPalette()  # only these roles: the rest comes from the window
    palette.setColor(QPalette.ColorRole.Base, QColor(CHECK_BOX))
    palette.setColor(QPalette.ColorRole.Text, QColor(CHECK_TICK))
    box.setPalette(palette)
    return box


def option_widget(option: OptionDef) -> QWidget:
    """The widget that chooses one option: a checkbox, a list or a number."""
    if option.kind == "bool":
        box = checkbox(shown_name(option.label or option.name))
        box.setChecked(bool(option.default))
        return box
    if option.kind == "int":
        spin = QSpinBox()
        # A spin box holds 32-bit numbers: a pack's wider range is offered as far as it can.
        low = _clamped(option.low if option.low is not None else 0, -_SPIN_LIMIT - 1)
        high = _clamped(option.high if option.high is not None else 9999, low)
        spin.setRange(low, high)
        spin.setValue(_clamped(int(str(option.default)), low, high))
        return spin
    combo = QComboBox()
    for choice in option.choices:
        combo.addItem(option_words(choice), choice)
    combo.setCurrentIndex(option.choices.index(option.default))
    return combo


def option_value(option: OptionDef, widget: QWidget) -> object:
    """The value a widget made by :func:`option_widget` holds."""
    if isinstance(widget, QCheckBox):
        return widget.isChecked()
    if isinstance(widget, QSpinBox):
        return widget.value()
    assert isinstance(widget, QComboBox)
    return option.choices[widget.currentIndex()]


def set_option_value(widget: QWidget, value: object) -> None:
    """Show a value in an option's widget (a variant chose it)."""
    if isinstance(widget, QCheckBox):
        widget.setChecked(bool(value))
    elif isinstance(widget, QSpinBox):
        widget.setValue(max(widget.minimum(), min(widget.maximum(), int(str(value)))))
    elif isinstance(widget, QComboBox):
        found = [i for i in range(widget.count()) if widget.itemData(i) == value]
        widget.setCurrentIndex(found[0] if found else widget.currentIndex())


#: The README sections written for designers, not players, by how their heading starts.
DESIGNER_SECTIONS = ("Rulings", "Records", "Notation", "Move notation", "Options", "Designer")


def split_readme(text: str) -> tuple[str, str]:
    """A pack's README as the rules for players and the designer notes: each ``## ``
    section whose heading starts with one of DESIGNER_SECTIONS is a note.

    >>> split_readme("# Go\\nintro\\n## Rules\\nplay\\n## Records\\nr.yaml\\n")
    ('# Go\\nintro\\n## Rules\\nplay\\n', '## Records\\nr.yaml\\n')
    """
    rules: list[str] = []
    notes: list[str] = []
    into = rules
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            into = notes if line[3:].lstrip().startswith(DESIGNER_SECTIONS) else rules
        into.append(line)
    return "".join(rules), "".join(notes)


class RulesWindow(QDialog):
    """A pack's README, shown as formatted text: the rules for players, and the
    designer notes (rulings, notation, records, options) in a section of their own."""

    def __init__(self, folder: Path, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        readme = pack_readme(folder)
        self.setWindowTitle(f"Rules — {shown_name(name)}")
        self.text = QTextBrowser()
        self.notes = QTextBrowser()
        if readme is not None:
            rules, notes = split_readme(readme)
            self.text.setMarkdown(rules)
            self.notes.setMarkdown(notes or "(no designer notes)")
        else:
            self.text.setPlainText(f"{folder.name} has no README.md")
        self.tabs = QTabWidget()
        self.tabs.addTab(self.text, "Rules")
        self.tabs.addTab(self.notes, "Designer notes")
        column = QVBoxLayout(self)
        column.addWidget(self.tabs)
        fit_to_screen(self, QSize(720, 640))


class OptionsForm(QWidget):
    """A pack's options, each by its widget (:func:`option_widget`), under a list of
    the pack's named variants that sets them (New game's, and each side of a
    comparison's)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.game: Game | None = None
        self.widgets: dict[str, QWidget] = {}
        self.variant = QComboBox()
        self.variant.currentIndexChanged.connect(self._apply_variant)
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.addRow("&Variant", self.variant)
        self.heading = rich_label("<b>Options</b>")
        self.form.addRow(self.heading)

    def fill(self, game: Game) -> None:
        """Show ``game``'s options at their defaults and its variants."""
        self.game = game
        first = self.form.getWidgetPosition(self.heading)[0] + 1  # rows above may be added
        while self.form.rowCount() > first:
            self.form.removeRow(first)
        self.widgets = {}
        for option in game.options:
            widget = option_widget(option)
            self.widgets[option.name] = widget
            label = "" if option.kind == "bool" else (option.label or option.name)
            self.form.addRow(Label(shown_name(label)), widget)
        self.heading.setVisible(bool(game.options))
        self.variant.blockSignals(True)
        self.variant.clear()
        self.variant.addItem(NO_VARIANT)
        for name in game.variants:
            self.variant.addItem(shown_name(game.variant_labels.get(name, name)), name)
        self.variant.blockSignals(False)

    def _apply_variant(self, index: int) -> None:
        game = self.game
        name = self.variant.itemData(index)
        if game is None or name is None:
            return
        chosen = game.variants[name]
        for option in game.options:
            default = chosen.get(option.name, option.default)
            set_option_value(self.widgets[option.name], default)

    def values(self) -> dict[str, object]:
        """Every option's value as chosen."""
        if self.game is None:
            return {}
        return {o.name: option_value(o, self.widgets[o.name]) for o in self.game.options}


class NewGameDialog(QDialog):
    """Choose a game and its seats; ``setup()`` gives the choice."""

    def __init__(self, parent: QWidget | None = None, folders: tuple[Path, ...] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.packs = available_packs(folders)
        self.seat_rows: list[tuple[QLineEdit, QComboBox, QComboBox]] = []
        self.rules_window: RulesWindow | None = None
        self._build()
        first = next((i for i, p in enumerate(self.packs) if p.game is not None), -1)
        self.pack_list.setCurrentRow(first)
        fit_to_screen(self, QSize(900, 620))

    def _build(self) -> None:
        self.pack_list = QListWidget()
        for entry in self.packs:
            item = QListWidgetItem(shown_name(entry.name))
            if entry.game is None:
                item.setFlags(Qt.ItemFlag.NoItemFlags)
                item.setToolTip(tip(entry.error, ERROR_CHARS))
            self.pack_list.addItem(item)
        self.pack_list.currentRowChanged.connect(self._show_pack)
        self.title = Label()
        self.title.setStyleSheet("font-size: 18px; font-weight: bold;")
        self.summary = Label()
        self.summary.setWordWrap(True)
        self.rules_button = QPushButton("&Read the rules…")
        self.rules_button.clicked.connect(self.show_rules)
        self.players = QSpinBox()
        self.players.valueChanged.connect(self._fill_seats)
        self.options = OptionsForm()
        self.options.form.insertRow(0, "&Players", self.players)
        self.seats_form = QFormLayout()
        self.enforced = checkbox("&Enforce the rules")
        self.enforced.setChecked(True)
        self.enforced.setToolTip(
            "Unticked: house rules. The pack only lays out the table and nothing is enforced."
        )
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Start")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.start_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        details = QVBoxLayout()
        for widget in (self.title, self.summary, self.rules_button):
            details.addWidget(widget)
        details.addWidget(self.options)
        details.addWidget(rich_label("<b>Seats</b>"))
        details.addLayout(self.seats_form)
        details.addWidget(self.enforced)
        details.addStretch(1)
        details.addWidget(buttons)
        packs = QVBoxLayout()
        packs.addWidget(self.pack_list, 1)
        packs.addWidget(self._own_packs())
        row = QHBoxLayout(self)
        row.addLayout(packs, 1)
        row.addLayout(details, 2)

    def _own_packs(self) -> QWidget:
        """Where the person's own packs go, and a button opening that folder."""
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        self.own_packs = Label(
            f"Your own packs: a folder each (holding its pack.yaml) in {user_packs_dir()}"
        )
        self.own_packs.setWordWrap(True)
        self.own_packs.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.own_packs.setStyleSheet("font-size: 12px;")
        self.packs_button = QPushButton("Open my packs &folder")
        self.packs_button.setToolTip(tip(f"Opens {user_packs_dir()} (made if missing)"))
        self.packs_button.clicked.connect(open_packs_folder)
        column.addWidget(self.own_packs)
        column.addWidget(self.packs_button)
        return box

    @property
    def option_widgets(self) -> dict[str, QWidget]:
        """The chosen pack's option widgets, by option name."""
        return self.options.widgets

    @property
    def variant(self) -> QComboBox:
        """The list of the chosen pack's named variants."""
        return self.options.variant

    # ------------------------------------------------------------ a pack

    @property
    def entry(self) -> PackEntry | None:
        """The chosen pack, if one that loads is chosen."""
        row = self.pack_list.currentRow()
        return self.packs[row] if 0 <= row < len(self.packs) else None

    @property
    def game(self) -> Game | None:
        """The chosen pack's game."""
        entry = self.entry
        return entry.game if entry is not None else None

    def _show_pack(self, row: int) -> None:
        game = self.game
        self.start_button.setEnabled(game is not None)
        if game is None:
            return
        low, high, default = game.players
        self.title.setText(shown_name(game.name))
        counts = f"{low} players" if low == high else f"{low}–{high} players"
        self.summary.setText(f"{shown(game.summary)}\n{counts}")
        self.options.fill(game)
        self.players.blockSignals(True)
        self.players.setRange(low, high)
        self.players.setValue(default)
        self.players.blockSignals(False)
        self.seat_rows.clear()
        _clear(self.seats_form)
        self._fill_seats()

    def _fill_seats(self) -> None:
        game = self.game
        if game is None:
            return
        count = self.players.value()
        names = default_names(game, count)
        while len(self.seat_rows) > count:
            self.seat_rows.pop()
            self.seats_form.removeRow(self.seats_form.rowCount() - 1)
        while len(self.seat_rows) < count:
            seat = len(self.seat_rows)
            name = QLineEdit(names[seat])
            kind = QComboBox()
            kind.addItems(list(SEAT_KINDS))
            kind.setCurrentText(HUMAN if seat == 0 else NORMAL)
            kind.setToolTip(
                "Who plays this seat: a person, or the computer at a level"
                " (Easy, Normal, Hard: longer thought, stronger play; Hard thinks 1 s a move)"
            )
            colour = QComboBox()
            for label, value in (*zip(COLOUR_NAMES, SEAT_COLOURS, strict=True), *GAME_COLOURS):
                colour.addItem(swatch(value), label, value)
            # A seat the pack names after a colour (White, Black) wears it.
            named = colour.findData(named_colour(names[seat]) or "")
            colour.setCurrentIndex(named if named >= 0 else seat % len(SEAT_COLOURS))
            colour.setToolTip("The seat's colour: its pieces' rings and its markers")
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            line.addWidget(name, 1)
            line.addWidget(colour)
            line.addWidget(kind)
            self.seats_form.addRow(f"Seat {seat + 1}", row)
            self.seat_rows.append((name, kind, colour))

    def show_rules(self) -> None:
        """Open the chosen pack's README beside the dialog."""
        entry = self.entry
        if entry is not None:
            self.rules_window = RulesWindow(entry.folder, entry.name, self)
            self.rules_window.show()

    def setup(self) -> GameSetup | None:
        """The game chosen: pack, seats, options and a fresh seed."""
        entry, game = self.entry, self.game
        if entry is None or game is None:
            return None
        options = self.options.values()
        labels = default_names(game, len(self.seat_rows))
        seats = tuple(
            SeatChoice(
                without_hidden(name.text()).strip() or labels[i],
                kind.currentText(),
                colour.currentData(),
            )
            for i, (name, kind, colour) in enumerate(self.seat_rows)
        )
        seed = random.randrange(1 << 31)
        return GameSetup(str(entry.folder), seats, options, seed, self.enforced.isChecked())


def open_packs_folder() -> bool:
    """Open the person's packs folder in the file manager, making it first if missing;
    False if it cannot be made or opened."""
    folder = user_packs_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def _clear(form: QFormLayout) -> None:
    while form.rowCount():
        form.removeRow(0)
