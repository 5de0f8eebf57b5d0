"""Sandbox > New game...: the rule text's five questions, a name, and a pack that plays.

The five questions of "Make your Game" (The Object, The Deck, The Deal, The Play, The
End) are steps listed on the left, each with its answer; the question asked is in the
middle with its choices, the ones the answers before it rule out greyed with the
reason; on the right, a preview of the game so far. Below, the game's name and the
folder it will be written to. Create writes the pack (``vtt.studio.newgame``), asking
before it replaces any file, and the dialog's ``folder`` is where it went.
"""

from __future__ import annotations

from pathlib import Path

from vtt.resources import user_packs_dir
from vtt.rules.shown import without_hidden
from vtt.studio.newgame import (
    QUESTIONS,
    compose,
    existing,
    name_problem,
    offered,
    pack_name,
    preview,
    ruled_out_by,
    why_not,
    write_pack,
)
from vtt.ui import dialogs
from vtt.ui.plaintext import Label, tip
from vtt.ui.qt import (
    QDialog,
    QFileDialog,
    QFont,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSize,
    Qt,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)
from vtt.ui.screen import fit_to_screen

#: The dialog's usual size (it fits a 1366x768 screen with its frame).
USUAL_SIZE = QSize(1120, 620)
#: The item data role holding a choice's key.
KEY_ROLE = Qt.ItemDataRole.UserRole


def free_title(folder: Path, title: str = "My Game") -> str:
    """``title``, or ``title 2``, ``title 3``...: the first whose pack folder is free."""
    number, chosen = 1, title
    while (folder / pack_name(chosen)).exists():
        number += 1
        chosen = f"{title} {number}"
    return chosen


class NewGameWizard(QDialog):
    """The five questions, a name, a preview; Create writes the pack (``folder``)."""

    def __init__(self, parent: QWidget | None = None, packs: Path | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New game")
        self.packs = packs if packs is not None else user_packs_dir()
        self.answers: dict[str, str] = {}
        self.step = 0
        #: Where the pack was written, once Create has written it.
        self.folder: Path | None = None
        self.steps = QListWidget()
        self.question = Label()
        self.choices = QListWidget()
        self.note = Label()
        self.preview = QTextBrowser()
        self.name = QLineEdit(free_title(self.packs))
        self.where = Label()
        self.problem = Label()
        self.back_button = QPushButton("< &Back")
        self.next_button = QPushButton("&Next >")
        self.create_button = QPushButton("&Create")
        self.cancel_button = QPushButton("Cancel")
        self._build()
        self.steps.currentRowChanged.connect(self._step_chosen)
        self.choices.currentItemChanged.connect(lambda item, _old: self._choice_made(item))
        self.choices.itemActivated.connect(lambda _item: self.go_next())
        self.name.textChanged.connect(lambda _text: self._name_changed())
        self.back_button.clicked.connect(lambda: self.show_step(self.step - 1))
        self.next_button.clicked.connect(self.go_next)
        self.create_button.clicked.connect(self.create)
        self.cancel_button.clicked.connect(self.reject)
        self.show_step(0)
        self._name_changed()
        fit_to_screen(self, USUAL_SIZE)

    # ------------------------------------------------------------ building

    def _build(self) -> None:
        big = QFont(self.font())
        big.setPointSizeF(big.pointSizeF() * 1.25)
        big.setBold(True)
        self.question.setFont(big)
        self.question.setWordWrap(True)
        self.note.setWordWrap(True)
        self.note.setEnabled(False)  # greyed: a side note
        self.choices.setWordWrap(True)
        self.choices.setSpacing(3)
        self.steps.setMaximumWidth(250)
        self.steps.setWordWrap(True)
        self.steps.setSpacing(2)
        self.preview.setMinimumWidth(300)
        self.preview.setOpenLinks(False)
        self.problem.setStyleSheet("color: #ff9a7a")
        self.problem.setWordWrap(True)
        self.where.setWordWrap(True)
        self.where.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        middle = QVBoxLayout()
        middle.addWidget(self.question)
        middle.addWidget(self.choices, 1)
        middle.addWidget(self.note)
        right = QVBoxLayout()
        right.addWidget(Label("What the game will be"))
        right.addWidget(self.preview, 1)
        top = QHBoxLayout()
        top.addWidget(self.steps, 0)
        top.addLayout(middle, 3)
        top.addLayout(right, 2)
        name_row = QHBoxLayout()
        name_row.addWidget(Label("Name of the game:"))
        name_row.addWidget(self.name, 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.problem, 1)
        for button in (self.back_button, self.next_button, self.create_button, self.cancel_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        layout = QVBoxLayout(self)
        layout.addLayout(top, 1)
        layout.addLayout(name_row)
        layout.addWidget(self.where)
        layout.addLayout(buttons)

    # ------------------------------------------------------------ the steps

    def show_step(self, step: int) -> None:
        """Ask question ``step`` (0-4): its offered choices, then the others greyed with
        why; the answer given (else the first choice offered) is chosen."""
        self.step = max(0, min(step, len(QUESTIONS) - 1))
        asked = QUESTIONS[self.step]
        self.question.setText(f"{asked.heading}: {asked.text}")
        fitting = offered(asked.key, self.answers)
        if self.answers.get(asked.key) not in {c.key for c in fitting} and fitting:
            self.answers[asked.key] = fitting[0].key
        self.choices.blockSignals(True)
        self.choices.clear()
        for choice in fitting:
            item = QListWidgetItem(choice.label)
            item.setData(KEY_ROLE, choice.key)
            self.choices.addItem(item)
            if choice.key == self.answers.get(asked.key):
                self.choices.setCurrentItem(item)
        left_out = [c for c in asked.choices if c not in fitting]
        for choice in left_out:
            reason = why_not(asked.key, choice.key, self.answers) or ""
            heading = ruled_out_by(asked.key, choice.key, self.answers)
            item = QListWidgetItem(f"{choice.label}  (not with your answer to {heading})")
            item.setToolTip(tip(f"Not offered: it {reason}"))
            item.setFlags(Qt.ItemFlag.NoItemFlags)  # greyed, never chosen
            self.choices.addItem(item)
        self.choices.blockSignals(False)
        self.note.setText(
            f"Greyed: {len(left_out)} choices that do not go with an earlier answer "
            "(change that answer to offer them)."
            if left_out
            else ""
        )
        self.choices.setFocus()
        self._refresh()

    def go_next(self) -> None:
        """Next: the next question."""
        if self.step < len(QUESTIONS) - 1:
            self.show_step(self.step + 1)
        else:
            self.name.setFocus()
            self.name.selectAll()

    def _step_chosen(self, row: int) -> None:
        if 0 <= row < len(QUESTIONS) and row != self.step:
            self.show_step(row)

    def _choice_made(self, item: QListWidgetItem | None) -> None:
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled:
            return
        asked = QUESTIONS[self.step]
        self.answers[asked.key] = str(item.data(KEY_ROLE))
        # A later answer the new one rules out is dropped: asked again when reached.
        for later in QUESTIONS[self.step + 1 :]:
            if later.key in self.answers and why_not(later.key, self.answers[later.key],
                                                     self.answers):  # fmt: skip
                del self.answers[later.key]
        self._refresh()

    # ------------------------------------------------------------ the rest

    def title(self) -> str:
        """The game's name as typed (invisible characters dropped)."""
        return without_hidden(self.name.text()).strip()

    def _name_changed(self) -> None:
        name = pack_name(self.title()) if self.title() else ""
        problem = name_problem(name)
        self.where.setText(
            f"It will be written to {self.packs / name} (pack.yaml, README.md, a first record)"
            if problem is None
            else ""
        )
        self._refresh()

    def _refresh(self) -> None:
        """The steps with their answers, the preview, the buttons."""
        self.steps.blockSignals(True)
        self.steps.clear()
        for number, asked in enumerate(QUESTIONS, 1):
            key = self.answers.get(asked.key)
            said = asked.choice(key).label if key else "(not answered yet)"
            self.steps.addItem(f"{number}. {asked.heading}\n{said}")
        self.steps.setCurrentRow(self.step)
        self.steps.blockSignals(False)
        self.preview.setMarkdown(preview(self.answers, self.title()))
        name = pack_name(self.title()) if self.title() else ""
        problem = name_problem(name)
        missing = [q.heading for q in QUESTIONS if q.key not in self.answers]
        if problem is not None:
            self.problem.setText(f"Name: {problem}" if self.title() else "Give the game a name")
        elif missing:
            self.problem.setText(f"Still to answer: {', '.join(missing)}")
        else:
            self.problem.setText("")
        self.back_button.setEnabled(self.step > 0)
        self.next_button.setEnabled(self.step < len(QUESTIONS) - 1)
        self.create_button.setEnabled(problem is None and not missing)
        self.create_button.setDefault(self.create_button.isEnabled() and self.step == 4)

    def create(self) -> None:
        """Create: write the pack (asking before replacing a file), then close."""
        title = self.title()
        name = pack_name(title)
        try:
            files = compose(self.answers, name, title=title)
        except ValueError as error:
            self.problem.setText(str(error))
            return
        folder = self.packs / name
        there = existing(folder, files)
        if there:
            listed = "\n".join(str(path) for path in there)
            if not dialogs.ask_yes_no(self, "Replace files?", f"{listed}\nalready there. Replace?"):
                return
        try:
            write_pack(folder, files, overwrite=bool(there))
        except OSError as error:
            self.problem.setText(f"Could not write the pack: {error}")
            return
        self.folder = folder
        self.accept()


def ask_pack_folder(parent: QWidget) -> Path | None:
    """Sandbox > Edit pack...: ask for a pack's folder (starting in the user's packs
    folder); None if cancelled. A module function so that tests can answer it."""
    start = user_packs_dir() if user_packs_dir().is_dir() else Path.home()
    chosen = QFileDialog.getExistingDirectory(parent, "Edit pack: choose its folder", str(start))
    return Path(chosen) if chosen else None
