"""Right-click menus, built from the shortcut table so every key is also a menu item.

Each entry shows its key beside its name (``Flip\tF``); the key itself is
handled by the view, so the menu never registers a second shortcut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vtt.table import Die, Stack
from vtt.ui.commands import applies
from vtt.ui.qt import QApplication, QEvent, QMenu, QMenuBar, QObject, QPointF, QTimer, QWidget
from vtt.ui.shortcuts import by_command, keys_text

if TYPE_CHECKING:
    from vtt.ui.view import TableView

#: Menu entries per piece, in order; "-" is a separator.
PIECE_ENTRIES = (
    "flip",
    "rotate-left",
    "rotate-right",
    "rotate-half",
    "roll",
    "reroll-joker",
    "-",
    "take-whole",
    "count",
    "fan",
    "gather",
    "take-from-bag",
    "type-value",
    "-",
    "lock",
    "copy",
    "delete",
)
EXTRA_TEXT = {
    "reroll-joker": "Joker! Re-roll for a reversed suit",
    "take-from-bag": "Take one out at random\tDouble-click",
    "type-value": "Type a value…\tDouble-click",
}
DEAL_COUNTS = range(1, 14)


def entry_text(command: str, ids_kinds: set[str] | None = None) -> str:
    """The menu text of a command with its keys."""
    if command in EXTRA_TEXT:
        return EXTRA_TEXT[command]
    shortcut = by_command()[command]
    text = shortcut.text
    if command == "roll" and ids_kinds is not None:
        text = _roll_text(ids_kinds)
    return f"{text}\t{keys_text(command)}"


def _roll_text(kinds: set[str]) -> str:
    if kinds == {"stack"}:
        return "Shuffle"
    if kinds == {"die"}:
        return "Roll"
    return "Roll / shuffle"


def piece_menu(view: TableView, ids: list[str], at: QPointF) -> QMenu:
    """The menu of the pieces ``ids`` (the one under the cursor, or the selection)."""
    table = view.session.table
    pieces = [table.objects[pid] for pid in ids if pid in table.objects]
    kinds = {p.KIND for p in pieces}
    menu = QMenu(view)
    title = pieces[0].describe() if len(pieces) == 1 else f"{len(pieces)} pieces"
    menu.addSection(title)
    separator = False
    for command in PIECE_ENTRIES:
        if command == "-":
            separator = True
            continue
        fitting = [p.id for p in pieces if applies(command, p)]
        if not fitting:
            continue
        if separator:
            menu.addSeparator()
            separator = False
        action = menu.addAction(entry_text(command, kinds))
        action.setData(command)
        action.triggered.connect(lambda _=False, c=command, f=fitting: view.run_command(c, f))
        if command == "roll" and len(pieces) == 1 and isinstance(pieces[0], Stack):
            _stack_entries(view, menu, pieces[0])
    if len(pieces) == 1 and isinstance(pieces[0], Die):
        _die_faces(view, menu, pieces[0])
    return menu


def _stack_entries(view: TableView, menu: QMenu, stack: Stack) -> None:
    deal = menu.addMenu(f"Deal to every seat\t{keys_text('deal')}")
    for n in DEAL_COUNTS:
        deal.addAction(str(n)).triggered.connect(
            lambda _=False, n=n: view.commands.deal([stack.id], n)
        )
    deal.addSeparator()
    deal.addAction("Other number…").triggered.connect(lambda: view.commands.deal([stack.id]))
    seat = view.session.seat_name()
    draw = menu.addMenu(f"Draw to {seat}'s hand\t{keys_text('draw')}")
    for n in range(1, 10):
        draw.addAction(str(n)).triggered.connect(
            lambda _=False, n=n: view.commands.draw([stack.id], n)
        )


def _die_faces(view: TableView, menu: QMenu, die: Die) -> None:
    turn = menu.addMenu("Turn to face")
    for value, face in enumerate(die.faces):
        action = turn.addAction(face)
        action.setCheckable(True)
        action.setChecked(value == die.value)
        action.triggered.connect(lambda _=False, v=value: view.commands.turn_die(die.id, v))


def table_menu(view: TableView, at: QPointF) -> QMenu:
    """The menu of the empty table."""
    menu = QMenu(view)
    paste = menu.addAction(f"Paste here\t{keys_text('paste')}")
    paste.setEnabled(bool(view.commands.clipboard))
    paste.triggered.connect(lambda: view.commands.paste(at))
    menu.addSeparator()
    for command, act in (
        ("fit", view.fit_all),
        ("reset-view", view.reset_view),
    ):
        menu.addAction(entry_text(command)).triggered.connect(act)
    session = view.session
    undo = menu.addAction(f"Undo {session.table.history.undo_label or ''}\t{keys_text('undo')}")
    undo.setEnabled(session.table.history.undo_label is not None)
    undo.triggered.connect(session.undo)
    return menu


class KeysStayOnTable(QObject):
    """Hands the keys back to the table when a menu closes with Esc.

    Qt leaves the menu bar in its keyboard mode then, holding the focus with no title
    lit in our style: the next key (3 over the deck, F over a card) went nowhere that a
    person could see. The menu bar keeps the focus only while one of its menus is open.
    """

    def __init__(self, bar: QMenuBar, table: QWidget) -> None:
        super().__init__(bar)
        self.bar = bar
        self.table = table
        bar.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Queue the focus's return when the menu bar takes it (after the event is done)."""
        if watched is self.bar and event.type() == QEvent.Type.FocusIn:
            QTimer.singleShot(0, self._give_back)
        return False

    def _give_back(self) -> None:
        if self.bar.hasFocus() and QApplication.activePopupWidget() is None:
            self.table.setFocus()
