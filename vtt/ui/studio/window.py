"""The studio window: a rule pack's text in the editor, docked beside the table.

The editor, its outline and its problems are docks; the central widget is the
table (``set_table``: the playground draws the pack's table there and adds its
Play and Simulate actions through ``menu``). The check pass runs in a worker
process as the text changes (``checker.Checker``); each finished ``Checked`` of the
current text is underlined in the editor, listed in the problems dock, counted in
the status bar and sent out as ``checked``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules.loader import Checked, Diagnostic, pack_file
from vtt.studio.outline import OutlineItem, outline
from vtt.ui import dialogs
from vtt.ui.art import Art
from vtt.ui.plaintext import Label
from vtt.ui.qt import (
    QAction,
    QCloseEvent,
    QDockWidget,
    QFileDialog,
    QKeySequence,
    QLabel,
    QMainWindow,
    QMenu,
    QSize,
    Qt,
    QTimer,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
    Signal,
)
from vtt.ui.screen import fit_to_screen
from vtt.ui.shortcuts import editor_keys
from vtt.ui.studio.checker import Checker
from vtt.ui.studio.editor import PackEditor, ask_save_path, copy_place, shipped
from vtt.ui.studio.findbar import FindBar
from vtt.ui.studio.problems import ProblemsList, count_text

#: The window's usual size; smaller screens get their free room.
USUAL_SIZE = QSize(1500, 940)
#: How long the text rests before its outline is read again, in milliseconds.
OUTLINE_DELAY_MS = 300
#: The item data role holding an outline item's line.
LINE_ROLE = Qt.ItemDataRole.UserRole
#: The item data role holding an outline group's kind.
KIND_ROLE = Qt.ItemDataRole.UserRole + 1

#: The studio windows open (a window nobody holds would be collected and vanish).
_OPEN: list[StudioWindow] = []


def open_studio(path: Path | None = None, text: str | None = None) -> StudioWindow:
    """Open a studio window on a pack (a folder or its pack.yaml) and show it, with the
    pack's table beside the text and its Play actions (``vtt.ui.studio.play``)."""
    from vtt.ui.studio.play import install_playground

    window = StudioWindow(path, text)
    install_playground(window)
    window.show_fitted()
    return window


def _under(items: list[OutlineItem], index: int) -> list[OutlineItem]:
    """The items under the same heading as ``items[index]``."""
    start = index
    while start > 0 and items[start - 1].depth:
        start -= 1
    end = index
    while end < len(items) and items[end].depth:
        end += 1
    return items[start:end]


class StudioWindow(QMainWindow):
    """The pack editor beside the table (see the module's text)."""

    checked = Signal(object)

    def __init__(
        self, path: Path | None = None, text: str | None = None, art: Art | None = None
    ) -> None:
        super().__init__()
        self.art = art
        path = pack_file(Path(path)) if path is not None else None
        self.editor = PackEditor(path, text)
        #: File > New game...'s wizard, while it is open (and after, until the next).
        self.wizard: QWidget | None = None
        self.find_bar = FindBar(self.editor)
        self.problems = ProblemsList()
        self.outline = QTreeWidget()
        self.outline.setHeaderHidden(True)
        self.outline.setIndentation(12)
        self.checker = Checker(self, file=path.name if path else "pack.yaml")
        self.last: Checked | None = None
        self._warnings: tuple[Diagnostic, ...] = ()
        self.count = QLabel()
        self.place = QLabel()
        self._outline_timer = QTimer(self)
        self._outline_timer.setSingleShot(True)
        self._outline_timer.setInterval(OUTLINE_DELAY_MS)
        self._menus: dict[str, QMenu] = {}
        self._build()
        self.editor.document().contentsChanged.connect(self._text_changed)
        self.editor.document().modificationChanged.connect(self.setWindowModified)
        self.editor.cursorPositionChanged.connect(self._show_place)
        self.editor.saved.connect(self._saved)
        self.checker.checked.connect(self._checked)
        self.checker.warned.connect(self._warned)
        self.problems.chosen.connect(self.editor.go_to)
        self.outline.itemClicked.connect(self._outline_chosen)
        self.outline.itemActivated.connect(self._outline_chosen)
        self._outline_timer.timeout.connect(self._read_outline)
        self._title()
        self._read_outline()
        self._show_place()
        self.count.setText("Checking...")
        self.checker.check_now(self.editor.text())
        _OPEN.append(self)

    # --- the API the other parts of the studio use ---

    def set_table(self, widget: QWidget) -> None:
        """Put a widget (the pack's table) beside the text, as the central widget."""
        self.setCentralWidget(widget)

    def menu(self, name: str) -> QMenu:
        """The top-level menu of this name ("&File", "&Edit", "&Game"...), made if needed."""
        key = name.replace("&", "")
        if key not in self._menus:
            self._menus[key] = self.menuBar().addMenu(name)
        return self._menus[key]

    def show_fitted(self) -> None:
        """Show the window at its usual size, or maximised where that does not fit."""
        fit_to_screen(self, USUAL_SIZE)
        self.show()
        QTimer.singleShot(0, self, self._size_docks)  # once the docks have their room

    # --- building ---

    def _build(self) -> None:
        self.setWindowTitle("Janken Studio")
        self.setDockNestingEnabled(True)
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        pane = QWidget()
        layout = QVBoxLayout(pane)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.editor)
        layout.addWidget(self.find_bar)
        self.editor_dock = self._dock("Pack", pane, "editor")
        self.outline_dock = self._dock("Outline", self.outline, "outline")
        self.problems_dock = self._dock("Problems", self.problems, "problems")
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, self.outline_dock)
        self.splitDockWidget(self.outline_dock, self.editor_dock, Qt.Orientation.Horizontal)
        self.splitDockWidget(self.editor_dock, self.problems_dock, Qt.Orientation.Vertical)
        placeholder = Label(
            "The pack's table is drawn here.\n\nErrors are underlined in the text as you "
            "type; hover over one to read it, or click it in Problems."
        )
        placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        placeholder.setWordWrap(True)
        placeholder.setEnabled(False)
        self.set_table(placeholder)
        self.statusBar().addWidget(self.count, 1)
        self.statusBar().addPermanentWidget(self.place)
        self._build_menus()

    def _dock(self, title: str, widget: QWidget, name: str) -> QDockWidget:
        dock = QDockWidget(title, self)
        dock.setObjectName(f"studio-{name}")
        dock.setWidget(widget)
        dock.setFeatures(
            QDockWidget.DockWidgetFeature.DockWidgetMovable
            | QDockWidget.DockWidgetFeature.DockWidgetFloatable
        )
        return dock

    def _size_docks(self) -> None:
        """The text takes most of the width, the table the rest; problems a strip under it."""
        width, height = self.width(), self.height()
        self.resizeDocks(
            [self.outline_dock, self.editor_dock],
            [max(150, width // 9), max(480, width * 11 // 20)],
            Qt.Orientation.Horizontal,
        )
        self.resizeDocks(
            [self.editor_dock, self.problems_dock],
            [height * 5 // 6, max(80, height // 8)],
            Qt.Orientation.Vertical,
        )

    def _build_menus(self) -> None:
        editor, bar = self.editor, self.find_bar
        file = self.menu("&File")
        self._action(file, "&New game...", "new-game", self.new_game)
        self._action(file, "&Open pack...", "open", self.open_pack)
        self._action(file, "&Save", "save", self.save)
        self._action(file, "Save &as...", "save-as", self.save_as)
        file.addAction("E&xport pack...").triggered.connect(lambda _=False: self.export_pack())
        file.addSeparator()
        self._action(file, "&Close", "close", self.close)
        edit = self.menu("&Edit")
        self._action(edit, "&Undo", "undo", editor.undo)
        self._action(edit, "&Redo", "redo", editor.redo)
        edit.addSeparator()
        self._action(edit, "&Find...", "find", bar.open_find)
        self._action(edit, "&Replace...", "replace", lambda: bar.open_find(True))
        self._action(edit, "Find &next", "find-next", bar.next)
        self._action(edit, "Find &previous", "find-previous", bar.previous)
        self._action(edit, "&Complete", "complete", editor.assistant.complete)
        edit.addSeparator()
        self._action(edit, "F&old section", "fold", editor.fold_here)
        self._action(edit, "U&nfold section", "unfold", lambda: editor.fold_here(False))
        self._action(edit, "Fold &all sections", "fold-all", editor.fold_all)
        self._action(edit, "Unfold all s&ections", "unfold-all", lambda: editor.fold_all(False))

    def _action(self, menu: QMenu, text: str, command: str, slot: Callable[[], object]) -> QAction:
        """A menu action with the keys of a pack editor command (vtt/ui/shortcuts.py)."""
        action = QAction(text, self)
        action.setShortcuts([QKeySequence(key) for key in editor_keys(command)])
        action.triggered.connect(lambda _checked=False: slot())
        menu.addAction(action)
        return action

    # --- files ---

    def save(self) -> bool:
        return self.editor.save()

    def save_as(self) -> bool:
        """Ask where, then save there (asking before replacing a file)."""
        path = self.editor.path
        start = user_packs_dir() / "my-game" / "pack.yaml" if path is None else path
        if path is not None and shipped(path):
            start = copy_place(path)
        chosen = ask_save_path(self, start)
        return chosen is not None and self.editor.save_as(chosen)

    def export_pack(self) -> Path | None:
        """File > Export pack...: the pack edited, saved first, written as one .jpack
        file to share (vtt.ui.sharing)."""
        from vtt.ui.sharing import ask_export

        question = "The pack is exported as it is saved. Save your changes first?"
        unsaved = self.editor.path is None
        asked = unsaved or (self.editor.dirty and dialogs.ask_yes_no(self, "Export pack", question))
        if asked and not self.save():
            return None
        path = self.editor.path
        return None if path is None else ask_export(self, path.parent)

    def new_game(self) -> None:
        """File > New game...: the wizard of the rule text's five questions (as Sandbox >
        New game... in the table window) writes a new pack, which opens in this window
        (asking first to save changes to the text shown)."""
        from vtt.ui.studio.newgame import NewGameWizard

        if not self._may_discard():
            return
        wizard = self.wizard = NewGameWizard(self)
        wizard.accepted.connect(lambda: self._designed(wizard.folder))
        wizard.open()

    def _designed(self, folder: Path | None) -> None:
        if folder is not None:
            self.open_path(folder)

    def open_pack(self) -> None:
        """Open another pack's pack.yaml in this window (asking to save changes first)."""
        if not self._may_discard():
            return
        start = user_packs_dir() if user_packs_dir().is_dir() else rulesets_dir()
        chosen, _ = QFileDialog.getOpenFileName(
            self, "Open pack", str(start), "Rule packs (pack.yaml *.yaml *.yml);;All files (*)"
        )
        if chosen:
            self.open_path(Path(chosen))

    def open_path(self, path: Path) -> None:
        """Show another pack's text (changes to the current one are dropped)."""
        path = pack_file(path)
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError as error:
            dialogs.warn(self, "Could not open", f"Could not open {path}: {error.strerror}")
            return
        self.editor.path = path
        self.editor.fold_all(False)
        self.editor.setPlainText(text)
        self.editor.document().setModified(False)
        self.checker.file = path.name
        self._title()
        self.checker.check_now(text)

    def _may_discard(self) -> bool:
        """True when the text may be replaced or closed: saved, or the designer said so."""
        if not self.editor.dirty:
            return True
        answer = dialogs.ask_save_changes(self, self.editor.name())
        if answer == "save":
            return self.editor.save()
        return answer == "discard"

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._may_discard():
            event.ignore()
            return
        self.checker.close()
        if self in _OPEN:
            _OPEN.remove(self)
        event.accept()

    def _saved(self, path: Path) -> None:
        self.checker.file = path.name
        self._title()
        if self.editor.copied_from is not None:
            self.statusBar().showMessage(
                f"Saved your copy: {path} (the shipped pack is unchanged; give the copy an "
                "id of its own to play it beside the shipped one)",
                15000,
            )
        else:
            self.statusBar().showMessage(f"Saved {path}", 5000)

    def _title(self) -> None:
        self.setWindowTitle(f"{self.editor.name()}[*] \u2014 Janken Studio")

    # --- checking ---

    def _text_changed(self) -> None:
        self.count.setText("Checking...")
        self.checker.schedule(self.editor.text())
        self._outline_timer.start()

    def _checked(self, checked: Checked) -> None:
        self.last = checked
        self.editor.assistant.checked = checked
        self._warnings = ()
        self._show(checked.diagnostics)
        self.checked.emit(checked)

    def _warned(self, warnings: tuple[Diagnostic, ...]) -> None:
        self._warnings = warnings
        if self.last is not None:
            self._show(self.last.diagnostics + warnings)

    def _show(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.editor.show_problems(diagnostics)
        self.problems.show_problems(diagnostics)
        self.count.setText(count_text(diagnostics))
        self.problems_dock.setWindowTitle(f"Problems ({len(diagnostics)})")

    # --- outline and place ---

    def _read_outline(self) -> None:
        """The outline: the five headings, under each its zones, phases or moves (in a
        group of their kind when a heading holds more than one kind)."""
        self.outline.clear()
        items = outline(self.editor.text())
        heading: QTreeWidgetItem | None = None
        group: QTreeWidgetItem | None = None
        for index, item in enumerate(items):
            row = QTreeWidgetItem([item.label])
            row.setData(0, LINE_ROLE, item.line)
            row.setToolTip(0, f"{item.kind} {item.label}, line {item.line}")
            if item.depth == 0 or heading is None:
                self.outline.addTopLevelItem(row)
                heading, group = row, None
                continue
            kinds = {i.kind for i in _under(items, index)}
            if len(kinds) > 1:
                if group is None or group.data(0, KIND_ROLE) != item.kind:
                    group = QTreeWidgetItem([f"{item.kind}s"])
                    group.setData(0, LINE_ROLE, item.line)
                    group.setData(0, KIND_ROLE, item.kind)
                    heading.addChild(group)
                group.addChild(row)
            else:
                heading.addChild(row)
        self.outline.expandAll()

    def _outline_chosen(self, row: QTreeWidgetItem) -> None:
        line = row.data(0, LINE_ROLE)
        if line:
            self.editor.go_to(int(line), 1)

    def _show_place(self) -> None:
        line, column = self.editor.line_and_column()
        self.place.setText(f"Line {line}, column {column}")
