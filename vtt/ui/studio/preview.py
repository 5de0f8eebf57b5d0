"""The table beside the text: the pack being edited, dealt and drawn as a game window
draws it, following the text once it has rested clean for ``REST_MS`` (the check,
the compile and the deal run on the window's thread then: a short pause after
typing, never one per keystroke).

The table is the game window's own (``vtt.ui.game.board``): a match of the checked
pack with a fixed seed, its default number of seats and options, before any move, seen
by the first seat (its hand in the hand area below, when there is room for it). Nobody
plays it: every seat is the computer's and no computer is asked to move, so nothing
can be dragged. While the text has problems the last good table stays, and a quiet
line under it says so.
"""

from __future__ import annotations

from collections.abc import Callable

from vtt.rules.errors import RulesError
from vtt.rules.game import Game
from vtt.rules.loader import Checked, PackSpec, check_pack_text, compile_pack
from vtt.rules.shown import shown
from vtt.ui.art import Art
from vtt.ui.game.board import BoardScene
from vtt.ui.game.boardview import BoardView, HandView
from vtt.ui.game.painting import HAND_HEIGHT
from vtt.ui.game.session import COMPUTER, GameSession, GameSetup, SeatChoice, default_names
from vtt.ui.plaintext import Label
from vtt.ui.qt import QTimer, QVBoxLayout, QWidget

__all__ = ["PREVIEW_SEED", "TablePreview", "problems_text"]

#: The seed the table beside the text is dealt with: the same deal at every edit.
PREVIEW_SEED = 1
#: How long the text rests clean before its table is dealt again, in milliseconds:
#: the deal runs on the window's thread, so typing never waits for it.
REST_MS = 700


def problems_text(checked: Checked) -> str:
    """The problems of a checked text in one line: how many, and the first with its
    line ("2 problems; the first: line 12: unknown key 'wen'")."""
    found = checked.diagnostics
    if not found:
        return "" if checked.ok else "The text is not a pack yet"
    first = found[0]
    where = f"line {first.line}: " if first.line else ""
    count = "1 problem" if len(found) == 1 else f"{len(found)} problems"
    return f"{count}; the first: {where}{first.message}"


class TablePreview(QWidget):
    """The pack's table as the text last checked clean (``show_checked``)."""

    def __init__(self, art: Art | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.art = art or Art()
        self.session: GameSession | None = None
        self.board: BoardScene | None = None
        self.view: BoardView | None = None
        self.hand_view: HandView | None = None
        #: The game drawn now (None until the text first checks clean).
        self.game: Game | None = None
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.layout_.setSpacing(0)
        self.empty = Label(
            "The table shows here once the pack's text checks clean. To start from a pack "
            "that already plays: Sandbox > New game… in the table window, or vtt new NAME."
        )
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color: #c8c0a8; background: #1d3b2a; padding: 24px;")
        self.layout_.addWidget(self.empty, 1)
        self.note = Label("")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #9a9384; padding: 2px 8px; font-size: 12px;")
        self.layout_.addWidget(self.note)
        #: The text to deal (the editor's).
        self.source: Callable[[], str] | None = None
        #: The rest after a clean check before the table is dealt again.
        self.rest = QTimer(self)
        self.rest.setSingleShot(True)
        self.rest.setInterval(REST_MS)
        self.rest.timeout.connect(self.refresh)

    def show_checked(self, checked: Checked) -> None:
        """The text was checked: once it has rested ``REST_MS`` clean, deal its table
        (``refresh``); while it has problems keep the last table and say quietly why
        it is not the text's. A ``Checked`` with its spec is drawn at once."""
        self.rest.stop()
        if not checked.ok:
            kept = "the table is as the text last checked clean" if self.game else "no table yet"
            self.note.setText(shown(f"{problems_text(checked)} — {kept}"))
            return
        if checked.spec is not None:
            self._draw(checked.spec)
        elif self.source is not None:
            self.rest.start()

    def refresh(self) -> None:
        """Deal and draw the table of the text now (``source``) if it checks clean: the
        check pass, the compile and the deal, on this thread (a pause of the window,
        which is why it waits for the text to rest)."""
        if self.source is None:
            return
        checked = check_pack_text(self.source())
        if checked.ok and checked.spec is not None:
            self._draw(checked.spec)

    def _draw(self, spec: PackSpec) -> None:
        try:
            game = compile_pack(spec)
        except RulesError as error:
            self.note.setText(shown(f"The pack does not compile: {error}"))
            return
        self.show_game(game)

    def show_game(self, game: Game) -> bool:
        """Deal ``game`` and draw its table; False (said under the old table) when its
        setup fails with its default seats and options."""
        count = game.players[2]
        seats = tuple(SeatChoice(name, COMPUTER) for name in default_names(game, count))
        setup = GameSetup(game.id, seats, seed=PREVIEW_SEED)
        try:
            session = GameSession(setup, self, game=game)
        except (RulesError, ValueError) as error:
            self.note.setText(shown(f"The table cannot be dealt: {error}"))
            return False
        self._replace(session)
        self.game = game
        self.note.setText(
            shown(f"{game.name}: {count} seats, seed {PREVIEW_SEED}, as the first seat sees it")
        )
        return True

    def _replace(self, session: GameSession) -> None:
        """Put the table of ``session`` in place of the one shown."""
        board = BoardScene(session, self.art)
        view = BoardView(board, lambda *_: False)
        hand_view = HandView(view)
        for old in (self.view, self.hand_view, self.board, self.session):
            if old is not None:
                old.deleteLater()
        self.empty.hide()
        self.layout_.insertWidget(0, view, 1)
        self.layout_.insertWidget(1, hand_view)
        self.session, self.board, self.view, self.hand_view = session, board, view, hand_view
        board.rebuild()
        self._show_hand()
        view.fit()
        hand_view.fit()

    def _show_hand(self) -> None:
        """The hand area below the table, when there is a hand and room for both (a
        short preview, a panel docked under it, shows the table alone)."""
        if self.board is None or self.hand_view is None:
            return
        roomy = self.height() >= HAND_HEIGHT * 2.5
        self.hand_view.setVisible(self.board.layout.hand is not None and roomy)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self._show_hand()

    def zone_labels(self) -> list[str]:
        """The labels of the places on the table now (what a reader sees written)."""
        if self.board is None:
            return []
        return [place.label for place in self.board.layout.places.values()]
