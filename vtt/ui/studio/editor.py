"""The pack editor: YAML text with highlighting, line numbers, folding by top-level
section, problems underlined where they are, find and replace, and saving.

Saving never overwrites a file without asking: a shipped pack (read-only, inside
the program) is saved as a copy in the user's packs folder, and "Save as" over an
existing file asks first. A pack with problems can be saved like any other text.
"""

from __future__ import annotations

import html
import os
import shutil
import tempfile
from collections.abc import Sequence
from pathlib import Path

from vtt.resources import rulesets_dir, user_packs_dir
from vtt.rules.loader import Diagnostic
from vtt.studio.outline import Section, sections
from vtt.studio.textspan import token_span
from vtt.ui import dialogs
from vtt.ui.qt import (
    QColor,
    QEvent,
    QFileDialog,
    QFont,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPlainTextEdit,
    QPoint,
    QRect,
    QResizeEvent,
    QSize,
    Qt,
    QTextBlock,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextEdit,
    QTextFormat,
    QToolTip,
    QWidget,
    Signal,
)
from vtt.ui.studio.completion import Assistant
from vtt.ui.studio.highlight import YamlHighlighter

#: Colours of the marks: errors, warnings, the gutter, the current line.
ERROR = "#ff5c4d"
WARNING = "#f2c744"
GUTTER_BACK = "#241a13"
GUTTER_TEXT = "#8a7c69"
GUTTER_CURRENT = "#f3ead8"
CURRENT_LINE = "#2c2119"
FOUND = "#6b4f1d"
#: The width of the fold markers' column in the gutter, in pixels.
FOLD_COLUMN = 14
#: Keys the open completion list takes from the editor.
_LIST_KEYS = frozenset(
    {
        Qt.Key.Key_Return,
        Qt.Key.Key_Enter,
        Qt.Key.Key_Tab,
        Qt.Key.Key_Backtab,
        Qt.Key.Key_Escape,
    }
)
#: Modifiers that still type text (capitals; keypad digits).
_TYPING_MODS = Qt.KeyboardModifier.ShiftModifier | Qt.KeyboardModifier.KeypadModifier
#: Spaces a Tab key puts in (YAML forbids tab characters for indentation).
TAB_SPACES = 2


def shipped(path: Path) -> bool:
    """True for a file inside the program's own packs (never written to)."""
    try:
        path.resolve().relative_to(rulesets_dir().resolve())
    except ValueError:
        return False
    return True


def copy_place(path: Path) -> Path:
    """Where a shipped pack's pack.yaml is saved: the same folder name in the user's
    packs folder."""
    return user_packs_dir() / path.parent.name / path.name


def ask_save_path(parent: QWidget, start: Path) -> Path | None:
    """Ask where to save a pack (the editor asks itself before overwriting)."""
    chosen, _ = QFileDialog.getSaveFileName(
        parent,
        "Save pack as",
        str(start),
        "Rule packs (*.yaml *.yml);;All files (*)",
        options=QFileDialog.Option.DontConfirmOverwrite,
    )
    return Path(chosen) if chosen else None


def write_text(path: Path, text: str) -> None:
    """Write a file whole or not at all (a temporary file beside it, then renamed)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


class Gutter(QWidget):
    """Line numbers, a mark on lines with problems, and the fold markers of sections."""

    def __init__(self, editor: PackEditor) -> None:
        super().__init__(editor)
        self.editor = editor
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:
        return QSize(self.editor.gutter_width(), 0)

    def paintEvent(self, event: QPaintEvent) -> None:
        self.editor.paint_gutter(self, event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        block = self.editor.block_at(event.position().toPoint().y())
        if block is not None and event.button() == Qt.MouseButton.LeftButton:
            self.editor.toggle_fold(block.blockNumber() + 1)


class PackEditor(QPlainTextEdit):
    """A rule pack's YAML text. ``path`` is its pack.yaml (None for a new text);
    ``dirty`` is True while it has changes not saved."""

    saved = Signal(object)  # the Path written
    problems_shown = Signal()

    def __init__(
        self, path: Path | None = None, text: str | None = None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.path = path
        #: The shipped pack.yaml this text was last saved a copy of (None when not).
        self.copied_from: Path | None = None
        self._problems: list[tuple[QTextCursor, Diagnostic]] = []
        self._found: QTextCursor | None = None
        self._sections: list[Section] | None = None
        self._folded: set[str] = set()
        self.setFont(editor_font())
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabStopDistance(self.fontMetrics().horizontalAdvance(" ") * TAB_SPACES)
        self.setPlaceholderText("A rule pack's YAML: name, components, zones, flow, moves...")
        self.highlighter = YamlHighlighter(self.document())
        self.assistant = Assistant(self)
        self.gutter = Gutter(self)
        self.blockCountChanged.connect(self._fit_gutter)
        self.updateRequest.connect(self._scroll_gutter)
        self.cursorPositionChanged.connect(self._cursor_moved)
        self.document().contentsChange.connect(self._changed)
        self._fit_gutter()
        if text is None and path is not None:
            text = path.read_text(encoding="utf-8", errors="replace")
        if text is not None:
            self.setPlainText(text)
        self.document().setModified(False)

    # --- the text and the file ---

    def text(self) -> str:
        """The whole text."""
        return self.toPlainText()

    @property
    def dirty(self) -> bool:
        """True while the text has changes not saved."""
        return self.document().isModified()

    def name(self) -> str:
        """How the window and its questions name the text."""
        if self.path is None:
            return "a new pack"
        return f"{self.path.parent.name}/{self.path.name}"

    def save(self) -> bool:
        """Save to the file; a shipped pack as a copy in the user's packs folder, a new
        text where the designer chooses. False when cancelled or not written."""
        if self.path is None:
            chosen = ask_save_path(self, user_packs_dir() / "my-game" / "pack.yaml")
            return chosen is not None and self.save_as(chosen)
        if shipped(self.path):
            return self._save_copy(self.path)
        return self._write(self.path)

    def save_as(self, path: Path) -> bool:
        """Save to another file, asking before overwriting one that exists."""
        path = Path(path)
        if path.is_dir():
            path = path / "pack.yaml"
        same = self.path is not None and path.resolve() == self.path.resolve()
        if shipped(path):
            dialogs.warn(
                self, "Save as", "The shipped packs cannot be changed: choose another place."
            )
            return False
        if path.exists() and not same:
            asked = f"{path} exists. Replace it with this text?"
            if not dialogs.ask_yes_no(self, "Replace the file?", asked):
                return False
        return self._write(path)

    def _save_copy(self, original: Path) -> bool:
        """A shipped pack saved as a copy: its folder's other files copied beside it
        (none overwritten), the text written as the copy's pack.yaml."""
        target = copy_place(original)
        if target.exists():
            asked = (
                f"This pack ships with the program and cannot be changed. Your copy "
                f"{target} exists already. Replace it with this text?"
            )
            if not dialogs.ask_yes_no(self, "Replace your copy?", asked):
                return False
        shutil.copytree(
            original.parent,
            target.parent,
            dirs_exist_ok=True,
            copy_function=_copy_new_only,
            ignore=shutil.ignore_patterns("__pycache__"),
        )
        self.copied_from = original  # told with the saved signal
        written = self._write(target)
        self.copied_from = None
        return written

    def _write(self, path: Path) -> bool:
        try:
            write_text(path, self.text())
        except OSError as error:
            dialogs.warn(
                self, "Could not save", f"Could not save {path}: {error.strerror or error}"
            )
            return False
        self.path = path
        self.document().setModified(False)
        self.saved.emit(path)
        return True

    # --- moving around ---

    def go_to(self, line: int, column: int = 1) -> None:
        """Put the cursor at a 1-based line and column (unfolding its section) and show it."""
        block = self.document().findBlockByNumber(max(0, line - 1))
        if not block.isValid():
            block = self.document().lastBlock()
        self._unfold_block(block)
        cursor = QTextCursor(block)
        cursor.movePosition(
            QTextCursor.MoveOperation.Right,
            QTextCursor.MoveMode.MoveAnchor,
            min(max(0, column - 1), block.length() - 1),
        )
        self.setTextCursor(cursor)
        self.centerCursor()
        self.setFocus()

    def line_and_column(self) -> tuple[int, int]:
        """The cursor's 1-based line and column."""
        cursor = self.textCursor()
        return cursor.blockNumber() + 1, cursor.positionInBlock() + 1

    # --- problems ---

    def show_problems(self, diagnostics: Sequence[Diagnostic]) -> None:
        """Underline each problem at its line and column: red for errors, yellow for
        warnings (their cursors then follow the text's edits)."""
        self._problems = [(self._span(d), d) for d in diagnostics]
        self._mark()
        self.gutter.update()
        self.problems_shown.emit()

    def problems(self) -> list[Diagnostic]:
        """The problems shown."""
        return [diagnostic for _, diagnostic in self._problems]

    def problem_at(self, position: int) -> Diagnostic | None:
        """The problem underlined at a character position, errors first."""
        found = [d for c, d in self._problems if c.selectionStart() <= position < c.selectionEnd()]
        found.sort(key=is_warning)
        return found[0] if found else None

    def underline_of(self, diagnostic: Diagnostic) -> tuple[int, int] | None:
        """The (start, end) character positions a problem is underlined at."""
        for cursor, shown in self._problems:
            if shown is diagnostic:
                return cursor.selectionStart(), cursor.selectionEnd()
        return None

    def _span(self, diagnostic: Diagnostic) -> QTextCursor:
        document = self.document()
        block = document.findBlockByNumber(max(0, diagnostic.line - 1))
        if not block.isValid():
            block = document.lastBlock()
        start, end = token_span(block.text(), diagnostic.column)
        cursor = QTextCursor(document)
        cursor.setPosition(block.position() + start)
        cursor.setPosition(block.position() + max(end, start), QTextCursor.MoveMode.KeepAnchor)
        return cursor

    def _mark(self) -> None:
        marks = []
        line = QTextEdit.ExtraSelection()
        line.format.setBackground(QColor(CURRENT_LINE))
        line.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        line.cursor = self.textCursor()
        line.cursor.clearSelection()
        marks.append(line)
        if self._found is not None:
            found = QTextEdit.ExtraSelection()
            found.format.setBackground(QColor(FOUND))
            found.cursor = self._found
            marks.append(found)
        for cursor, diagnostic in self._problems:
            mark = QTextEdit.ExtraSelection()
            mark.format.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            mark.format.setUnderlineColor(QColor(colour_of(diagnostic)))
            mark.cursor = cursor
            marks.append(mark)
        self.setExtraSelections(marks)

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            self._tooltip(event)  # type: ignore[arg-type]
            return True
        return super().viewportEvent(event)

    def _tooltip(self, event: QEvent) -> None:
        point: QPoint = event.pos()  # type: ignore[attr-defined]
        position = self.cursorForPosition(point).position()
        text = self.tooltip_at(position)
        if text:
            QToolTip.showText(event.globalPos(), text, self.viewport())  # type: ignore[attr-defined]
        else:
            QToolTip.hideText()
            event.ignore()

    def tooltip_at(self, position: int) -> str:
        """The tooltip for a character position: the problem underlined there, else
        the help for the word (rich text, escaped)."""
        problem = self.problem_at(position)
        if problem is None:
            return self.assistant.help_at(position)
        word = "Warning" if is_warning(problem) else "Error"
        message = html.escape(problem.message, quote=False)
        return f"<p><b>{word}:</b> {message}</p>"

    # --- folding ---

    def sections(self) -> list[Section]:
        """The top-level sections of the text (recomputed after each change)."""
        if self._sections is None:
            self._sections = sections(self.text())
        return self._sections

    def section_at(self, line: int) -> Section | None:
        """The section a 1-based line is in."""
        for section in self.sections():
            if section.first <= line <= section.last:
                return section
        return None

    def folded(self) -> set[str]:
        """The keys of the folded sections."""
        return set(self._folded)

    def toggle_fold(self, line: int) -> None:
        """Fold or unfold the section whose key is on this line."""
        section = self.section_at(line)
        if section is not None and section.first == line and section.foldable:
            self.set_folded(section.key, section.key not in self._folded)

    def fold_here(self, fold: bool = True) -> None:
        """Fold (or unfold) the section the cursor is in."""
        section = self.section_at(self.line_and_column()[0])
        if section is not None and section.foldable:
            if fold:
                self.go_to(section.first, 1)
            self.set_folded(section.key, fold)

    def fold_all(self, fold: bool = True) -> None:
        """Fold (or unfold) every section."""
        self._folded = {s.key for s in self.sections() if s.foldable} if fold else set()
        if fold:
            section = self.section_at(self.line_and_column()[0])
            if section is not None:
                self.go_to(section.first, 1)
        self._apply_folds()

    def set_folded(self, key: str, fold: bool) -> None:
        """Fold or unfold a section by its key."""
        if fold:
            self._folded.add(key)
        else:
            self._folded.discard(key)
        self._apply_folds()

    def _apply_folds(self) -> None:
        hidden: set[int] = set()
        for section in self.sections():
            if section.key in self._folded:
                hidden.update(range(section.first, section.last))  # 0-based: first+1..last
        self._folded &= {s.key for s in self.sections()}
        changed = False
        block = self.document().firstBlock()
        while block.isValid():
            visible = block.blockNumber() not in hidden
            if block.isVisible() != visible:
                block.setVisible(visible)
                changed = True
            block = block.next()
        if changed:
            self.document().markContentsDirty(0, self.document().characterCount())
            self.viewport().update()
            self.gutter.update()
            self.ensureCursorVisible()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        if self._folded:
            painter = QPainter(self.viewport())
            self._paint_folded(painter)
            painter.end()

    def _paint_folded(self, painter: QPainter) -> None:
        """After each folded section's key line, a mark saying how many lines it hides."""
        metrics = self.fontMetrics()
        margin = self.document().documentMargin()
        painter.setPen(QColor(GUTTER_TEXT))
        for section in self.sections():
            if section.key not in self._folded or not section.foldable:
                continue
            block = self.document().findBlockByNumber(section.first - 1)
            box = self.blockBoundingGeometry(block).translated(self.contentOffset())
            if not block.isVisible() or box.bottom() < 0 or box.top() > self.viewport().height():
                continue
            label = f" \u22ef {section.last - section.first} lines "
            left = int(box.left() + margin + metrics.horizontalAdvance(block.text()) + 8)
            mark = QRect(
                left, int(box.top()) + 1, metrics.horizontalAdvance(label), metrics.height() - 2
            )
            painter.drawRoundedRect(mark, 3, 3)
            painter.drawText(mark, Qt.AlignmentFlag.AlignCenter, label)

    def _unfold_block(self, block: QTextBlock) -> None:
        if not block.isVisible():
            section = self.section_at(block.blockNumber() + 1)
            if section is not None:
                self.set_folded(section.key, False)

    # --- find and replace ---

    def find_text(self, wanted: str, backward: bool = False, case: bool = False) -> bool:
        """Select the next (or previous) match, going round the end; False if none."""
        if not wanted:
            return False
        flags = QTextDocument.FindFlag(0)
        if backward:
            flags |= QTextDocument.FindFlag.FindBackward
        if case:
            flags |= QTextDocument.FindFlag.FindCaseSensitively
        here = QTextCursor(self.textCursor())
        here.setPosition(here.selectionStart() if backward else here.selectionEnd())
        found = self.document().find(wanted, here, flags)
        if found.isNull():
            start = QTextCursor(self.document())
            if backward:
                start.movePosition(QTextCursor.MoveOperation.End)
            found = self.document().find(wanted, start, flags)
        if found.isNull():
            self._found = None
            self._mark()
            return False
        self._unfold_block(found.block())
        self.setTextCursor(found)
        self._found = QTextCursor(found)
        self._mark()
        return True

    def replace_one(self, wanted: str, replacement: str, case: bool = False) -> bool:
        """Replace the selected match (if it is one) and find the next."""
        cursor = self.textCursor()
        selected = cursor.selectedText()
        if wanted and (selected == wanted or (not case and selected.lower() == wanted.lower())):
            cursor.insertText(replacement)
        return self.find_text(wanted, case=case)

    def replace_all(self, wanted: str, replacement: str, case: bool = False) -> int:
        """Replace every match, as one step to undo; the number replaced."""
        if not wanted:
            return 0
        flags = QTextDocument.FindFlag.FindCaseSensitively if case else QTextDocument.FindFlag(0)
        count = 0
        edit = QTextCursor(self.document())
        edit.beginEditBlock()
        found = self.document().find(wanted, 0, flags)
        while not found.isNull():
            found.insertText(replacement)
            count += 1
            found = self.document().find(wanted, found.position(), flags)
        edit.endEditBlock()
        self._found = None
        self._mark()
        return count

    # --- keys ---

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key, mods = event.key(), event.modifiers()
        if self.assistant.open and key in _LIST_KEYS:
            event.ignore()  # the completion list takes them
            return
        if key == Qt.Key.Key_Space and mods & Qt.KeyboardModifier.ControlModifier:
            self.assistant.complete()
            return
        self._typing(event)
        if event.text() and not mods & ~_TYPING_MODS:
            self.assistant.typed(event.text())

    def _typing(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Tab and not event.modifiers():
            self.insertPlainText(" " * TAB_SPACES)
            return
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and not event.modifiers():
            self._new_line()
            return
        super().keyPressEvent(event)

    def _new_line(self) -> None:
        """A new line keeps the indentation (one step deeper after a key that opens a block)."""
        cursor = self.textCursor()
        before = cursor.block().text()[: cursor.positionInBlock()]
        indent = before[: len(before) - len(before.lstrip(" "))]
        stripped = before.rstrip()
        if stripped.endswith(":") and not stripped.lstrip().startswith("#"):
            indent += " " * TAB_SPACES
        cursor.insertText("\n" + indent)
        self.setTextCursor(cursor)

    # --- the gutter ---

    def gutter_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 10 + self.fontMetrics().horizontalAdvance("9") * max(3, digits) + FOLD_COLUMN

    def block_at(self, y: int) -> QTextBlock | None:
        """The visible block at a y pixel of the viewport."""
        block = self.firstVisibleBlock()
        offset = self.contentOffset()
        while block.isValid():
            box = self.blockBoundingGeometry(block).translated(offset)
            if block.isVisible() and box.top() <= y < box.bottom():
                return block
            if box.top() > y:
                return None
            block = block.next()
        return None

    def paint_gutter(self, gutter: QWidget, event: QPaintEvent) -> None:
        painter = QPainter(gutter)
        painter.fillRect(event.rect(), QColor(GUTTER_BACK))
        marked = {d.line: colour_of(d) for _, d in reversed(self._problems)}
        folds = {s.first: s.key in self._folded for s in self.sections() if s.foldable}
        current = self.textCursor().blockNumber()
        height = self.fontMetrics().height()
        width = gutter.width()
        block = self.firstVisibleBlock()
        offset = self.contentOffset()
        while block.isValid():
            top = round(self.blockBoundingGeometry(block).translated(offset).top())
            if top > event.rect().bottom():
                break
            if block.isVisible():
                line = block.blockNumber() + 1
                self._paint_line(painter, line, top, height, width, line - 1 == current)
                if line in marked:
                    painter.setPen(Qt.PenStyle.NoPen)
                    painter.setBrush(QColor(marked[line]))
                    painter.drawEllipse(QRect(3, top + height // 2 - 3, 6, 6))
                if line in folds:
                    _paint_fold(
                        painter, QRect(width - FOLD_COLUMN, top, FOLD_COLUMN, height), folds[line]
                    )
            block = block.next()
        painter.end()

    def _paint_line(
        self, painter: QPainter, line: int, top: int, height: int, width: int, current: bool
    ) -> None:
        painter.setPen(QColor(GUTTER_CURRENT if current else GUTTER_TEXT))
        box = QRect(0, top, width - FOLD_COLUMN - 2, height)
        painter.drawText(
            box, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, str(line)
        )

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        box = self.contentsRect()
        self.gutter.setGeometry(QRect(box.left(), box.top(), self.gutter_width(), box.height()))

    def _fit_gutter(self) -> None:
        self.setViewportMargins(self.gutter_width(), 0, 0, 0)

    def _scroll_gutter(self, rect: QRect, dy: int) -> None:
        if dy:
            self.gutter.scroll(0, dy)
        else:
            self.gutter.update(0, rect.y(), self.gutter.width(), rect.height())

    def _cursor_moved(self) -> None:
        self._unfold_block(self.textCursor().block())
        self._mark()
        self.gutter.update()

    def _changed(self, _position: int, _removed: int, _added: int) -> None:
        self._sections = None
        self._found = None
        if self._folded:
            self._apply_folds()


def _paint_fold(painter: QPainter, box: QRect, folded: bool) -> None:
    """A small triangle: pointing right when folded, down when open."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QColor(GUTTER_CURRENT if folded else GUTTER_TEXT))
    x, y = box.center().x(), box.center().y()
    if folded:
        points = [QPoint(x - 3, y - 5), QPoint(x + 3, y), QPoint(x - 3, y + 5)]
    else:
        points = [QPoint(x - 5, y - 3), QPoint(x + 5, y - 3), QPoint(x, y + 3)]
    painter.drawPolygon(points)


def is_warning(diagnostic: Diagnostic) -> bool:
    """True for a warning (a check on meaning), False for an error."""
    return getattr(diagnostic, "severity", "error") == "warning"


def colour_of(diagnostic: Diagnostic) -> str:
    """The colour of a problem's marks: red for an error, yellow for a warning."""
    return WARNING if is_warning(diagnostic) else ERROR


def editor_font() -> QFont:
    """A fixed-width font for the text."""
    font = QFont("DejaVu Sans Mono")
    font.setStyleHint(QFont.StyleHint.TypeWriter)
    font.setFixedPitch(True)
    font.setPointSizeF(10.0)
    return font


def _copy_new_only(source: str, target: str) -> str:
    """Copy a file unless one is there already (a shipped pack's copy keeps the
    designer's own files)."""
    if not Path(target).exists():
        shutil.copy2(source, target)
    return target
