"""The action bar of the game window: the moves that are not drags (flip, pass, bid),
one button each, a grid of choices for the values of one move (Stones' bids), and the
move taking the cards picked in the hand; number keys 1..9 make them."""

from __future__ import annotations

from collections.abc import Callable

from vtt.match import FrameMove
from vtt.rules.shown import shown
from vtt.ui.game.choices import ChoiceGrid, Choices, grouped
from vtt.ui.game.session import GameSession
from vtt.ui.plaintext import escaped, rich_label, tip
from vtt.ui.qt import (
    QLabel,
    QPaintEvent,
    QPushButton,
    QScrollArea,
    QSize,
    QSizePolicy,
    QStyle,
    QStyleOptionButton,
    QStylePainter,
    Qt,
    QVBoxLayout,
    QWidget,
)

#: Number keys 1..9 make the action bar's moves.
ACTION_KEYS = 9
#: The action bar's list of moves is this tall at least (two moves), the rest scrolled to.
ACTIONS_LEAST = 70


def heading(text: str) -> QLabel:
    """A heading of the side panel."""
    label = rich_label(f"<b>{escaped(text)}</b>")
    label.setStyleSheet("color: #8a7a66; font-size: 12px; padding-top: 6px;")
    return label


class ActionBar:
    """The moves of the person to move that are not drags, in the side panel: a heading
    and a list (:class:`ActionList`) of buttons and grids, filled anew after each change."""

    def __init__(
        self,
        session: GameSession,
        column: QVBoxLayout,
        choose: Callable[[FrameMove], None],
        focus_table: Callable[[], None],
    ) -> None:
        self.session = session
        #: The side panel's column: laid out again as soon as the list changes.
        self.column = column
        self.choose = choose
        self.focus_table = focus_table
        self.list = QVBoxLayout()
        self.list.setContentsMargins(0, 0, 0, 0)
        # Many moves (Battlefront's attacks) scroll, leaving the log its room.
        moves = QWidget()
        moves.setLayout(self.list)
        self.scroll = ActionList(moves)
        self.heading = heading("Moves")
        #: Every button that makes a move (a grid's values too).
        self.buttons: list[QPushButton] = []
        #: The entries: a move's button or a grid of choices.
        self.rows: list[QWidget] = []
        #: The move each entry's number key makes (None: cards still to pick, or a grid).
        self.moves: list[FrameMove | None] = []
        #: The grids of choices, by their entry's index (the number key takes them).
        self.grids: dict[int, ChoiceGrid] = {}

    def hide_rows(self) -> None:
        """Show no move (the table is behind the cover)."""
        for row in self.rows:
            row.hide()

    def fill(self) -> None:
        """List the moves of the person to move now (none when it is not their turn)."""
        for row in self.rows:
            self.list.removeWidget(row)
            row.hide()  # (gone at once, even before the event loop deletes it)
            row.deleteLater()
        self.rows, self.buttons, self.grids = [], [], {}
        drags = self.session.drags()
        picked = self.session.picked
        # A move taking a set of cards is one button, made once the cards are picked.
        entries: list[tuple[str, FrameMove | None] | Choices] = []
        for picking in drags.picks.values():
            move = picking.move_for(picked)
            if move is not None:
                entries.append((move.text, move))
            else:
                count = f" · {len(picked)} picked" if picked else ""
                entries.append((f"{picking.kind}: pick {picking.wanted()}{count}", None))
        # Moves of a word or two first ("end", "take back", "pass"): with many attacks
        # listed, the end of the turn keeps a number key and a place in sight.
        plain = sorted(drags.actions, key=lambda move: bool(move.arg_types))
        for entry in grouped(plain):
            entries.append(entry if isinstance(entry, Choices) else (entry.text, entry))
        self.moves = []
        for index, entry in enumerate(entries):
            key = f"&{index + 1} " if index < ACTION_KEYS else ""
            if isinstance(entry, Choices):
                row: QWidget = self._choice_grid(index, key.replace("&", ""), entry)
                self.moves.append(None)
            else:
                row = self._move_button(key, *entry, picking=index < len(drags.picks))
                self.moves.append(entry[1])
            self.list.addWidget(row)
            # Shown now: Qt shows a widget added to a list on screen only later, and until
            # then the layout counts it as nothing, so the list's height below would be 0
            # whenever moves follow moves (a turn that goes on after a move).
            row.show()
            self.rows.append(row)
        self.heading.setVisible(bool(self.rows))
        self.scroll.setVisible(bool(self.rows))
        # As tall as its moves at once: a click coming before the next paint finds the
        # buttons where they show.
        self.scroll.updateGeometry()
        self.column.activate()

    def _move_button(self, key: str, text: str, made: FrameMove | None, picking: bool) -> QWidget:
        """An entry making one move (or, cards still to pick, none)."""
        button = MoveButton(f"{key}{shown(text)}")
        button.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # keys stay on the board (Alt, 1-9)
        button.setEnabled(made is not None)
        if picking:
            button.setToolTip(
                "Click cards in your hand to pick them (click one again to put it back);"
                " once they are picked, this button makes the move"
            )
        else:
            button.setToolTip(tip(text))
        button.clicked.connect(lambda _=False, m=made: m is not None and self.session.play(m))
        self.buttons.append(button)
        return button

    def _choice_grid(self, index: int, key: str, choices: Choices) -> QWidget:
        """An entry holding the values of one move (Stones' bids)."""
        grid = ChoiceGrid(key, choices)
        grid.chosen.connect(self.choose)
        grid.left.connect(self.focus_table)
        self.grids[index] = grid
        self.buttons += grid.buttons
        return grid

    def entry(self, index: int) -> FrameMove | None:
        """The move of entry number ``index`` (from 0), if it makes one; a grid of
        choices there takes the keyboard instead (None)."""
        if index in self.grids:
            self.grids[index].enter()
            return None
        return self.moves[index] if 0 <= index < len(self.moves) else None


class ActionList(QScrollArea):
    """The action bar's list of moves: as tall as its moves, scrolling only when the
    side panel is short of room (the log keeps LOG_LEAST).

    Qt's scroll area asks its list for a size once and keeps the answer (an empty list's,
    made before any move): this one asks again each time, so the layout gives it room
    for all its moves."""

    def __init__(self, moves: QWidget) -> None:
        super().__init__()
        self.setWidget(moves)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)

    def sizeHint(self) -> QSize:
        wanted = self.widget().sizeHint()
        return QSize(wanted.width() + self.verticalScrollBar().sizeHint().width(), wanted.height())

    def minimumSizeHint(self) -> QSize:
        least = self.widget().minimumSizeHint()
        return QSize(least.width(), min(self.sizeHint().height(), ACTIONS_LEAST))


class MoveButton(QPushButton):
    """A move of the action bar: its words as far as they fit the panel, ending in '…'
    when cut (the whole move is its tip); a long move never widens the panel."""

    #: The room left and right of the words (the style's padding).
    PAD = 10

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setStyleSheet(f"text-align: left; padding: 5px {self.PAD}px; font-size: 14px;")

    def shown_text(self) -> str:
        """The words shown: the move's text, shortened to the button's width."""
        text = self.text().replace("&", "", 1)
        room = self.contentsRect().width() - 2 * self.PAD
        return self.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, max(room, 0))

    def minimumSizeHint(self) -> QSize:
        return QSize(60, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        return QSize(min(super().sizeHint().width(), 200), super().sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        shown = self.shown_text()
        # The number key stays underlined when the words fit.
        if shown == self.text().replace("&", "", 1):
            shown = self.text()
        option.text = shown
        QStylePainter(self).drawControl(QStyle.ControlElement.CE_PushButton, option)
