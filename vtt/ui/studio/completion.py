"""Completion and hover help in the pack editor, from ``vtt.studio.assist``.

Ctrl+Space opens the list of what may be written at the cursor (keys valid there,
step kinds, argument types, library functions, the pack's own names in scope); it
also opens by itself while a key or a name is typed. Up and Down choose, Enter or
Tab inserts the chosen completion's text (replacing the word typed so far), Esc
closes. Hovering a word shows its documentation.
"""

from __future__ import annotations

import html

from vtt.rules.loader import Checked
from vtt.studio.assist import Completion, Help, completions, hover
from vtt.ui.qt import QCompleter, QModelIndex, QPlainTextEdit, QRect, QStringListModel

#: Characters typed that open the list by themselves (a key or a name under way).
WORD = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
#: Letters of a word typed before the list opens by itself.
OPEN_AFTER = 2
#: Rows of the list shown at once.
ROWS = 10


class Assistant:
    """The completion list of one PackEditor, and its hover help."""

    def __init__(self, editor: QPlainTextEdit) -> None:
        self.editor = editor
        self.checked: Checked | None = None
        self.offered: list[Completion] = []
        self.model = QStringListModel()
        self.completer = QCompleter(self.model, editor)
        self.completer.setWidget(editor)
        self.completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.completer.setMaxVisibleItems(ROWS)
        self.completer.activated[QModelIndex].connect(self._chosen)  # type: ignore[index]

    @property
    def open(self) -> bool:
        """True while the list is shown."""
        return bool(self.completer.popup().isVisible())

    def where(self) -> tuple[str, int, int]:
        """The text, and the cursor's 1-based line and column."""
        cursor = self.editor.textCursor()
        return self.editor.toPlainText(), cursor.blockNumber() + 1, cursor.positionInBlock() + 1

    def complete(self, explicit: bool = True) -> bool:
        """Show what may be written at the cursor (by itself: only after a word's first
        letters); False when there is nothing to offer."""
        text, line, column = self.where()
        if not explicit and len(self._typed_word()) < OPEN_AFTER:
            self.close()
            return False
        try:
            self.offered = completions(text, line, column, self.checked)
        except Exception:  # help must never break typing
            self.offered = []
        if not self.offered:
            self.close()
            return False
        self.model.setStringList([_row(item) for item in self.offered])
        popup = self.completer.popup()
        popup.setCurrentIndex(self.model.index(0, 0))
        box = self.editor.cursorRect()
        width = max(320, popup.sizeHintForColumn(0) + 40)
        self.completer.complete(QRect(box.left(), box.top(), width, box.height()))
        return True

    def close(self) -> None:
        self.completer.popup().hide()

    def typed(self, text: str) -> None:
        """After a key typed into the editor: keep the open list up to date, or open
        it when a word's first letters are typed."""
        if self.open:
            if text and not set(text) <= WORD | {"-"}:
                self.close()
            else:
                self.complete(explicit=True)
        elif text and set(text) <= WORD:
            self.complete(explicit=False)

    def insert(self, item: Completion) -> None:
        """Put a completion's text in place of the word typed before the cursor, the
        cursor then where the completion says (a step's first field), else after it."""
        cursor = self.editor.textCursor()
        cursor.beginEditBlock()
        start = max(cursor.block().position(), cursor.position() - item.replace)
        cursor.setPosition(start, cursor.MoveMode.KeepAnchor)
        cursor.insertText(item.insert)
        cursor.endEditBlock()
        if item.caret is not None:
            cursor.setPosition(start + item.caret)
        self.editor.setTextCursor(cursor)

    def help_at(self, position: int) -> str:
        """The hover help for a character position, as rich text ("" for none)."""
        block = self.editor.document().findBlock(position)
        line, column = block.blockNumber() + 1, position - block.position() + 1
        try:
            found = hover(self.editor.toPlainText(), line, column, self.checked)
        except Exception:  # help must never break the window
            return ""
        return help_html(found) if found is not None else ""

    def _chosen(self, index: QModelIndex) -> None:
        if 0 <= index.row() < len(self.offered):
            self.insert(self.offered[index.row()])
        self.close()

    def _typed_word(self) -> str:
        cursor = self.editor.textCursor()
        before = cursor.block().text()[: cursor.positionInBlock()]
        word = ""
        for char in reversed(before):
            if char not in WORD:
                break
            word = char + word
        return word


def _row(item: Completion) -> str:
    detail = f"  \u2014 {item.detail}" if item.detail else ""
    return f"{item.label}  ({item.kind}){detail}"


def help_html(found: Help) -> str:
    """A Help as a tooltip's rich text, every part escaped."""
    parts = [f"<b>{html.escape(found.title, quote=False)}</b>"]
    if found.signature:
        parts.append(f"<nobr><code>{html.escape(found.signature, quote=False)}</code></nobr>")
    if found.doc:
        parts.append(html.escape(found.doc, quote=False).replace("\n", "<br>"))
    return "<p>" + "<br>".join(parts) + "</p>"
