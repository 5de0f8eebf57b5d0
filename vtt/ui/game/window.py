"""The window of an enforced game: board, status, log, action bar, message line, result.

Everything on it is redrawn from the session after each move, so what it shows
is always the state's projection for the seat whose view is on screen.
"""

from __future__ import annotations

from typing import Any

from vtt.rules import Move
from vtt.ui.art import Art
from vtt.ui.game.agents import PAUSE_MS, ComputerSeats
from vtt.ui.game.board import BoardScene, BoardView, seat_colour
from vtt.ui.game.session import GameSession, GameSetup
from vtt.ui.qt import (
    QCloseEvent,
    QHBoxLayout,
    QKeyEvent,
    QLabel,
    QListWidget,
    QMainWindow,
    QPushButton,
    QSplitter,
    Qt,
    QVBoxLayout,
    QWidget,
)

#: Number keys 1..9 make the action bar's moves.
ACTION_KEYS = 9


class GameWindow(QMainWindow):
    """A window playing one enforced game against computer seats or between people."""

    def __init__(self, setup: GameSetup, art: Art | None = None, pause_ms: int = PAUSE_MS):
        super().__init__()
        self.art = art or Art()
        self.session = GameSession(setup, self)
        self.board = BoardScene(self.session, self.art)
        self.view = BoardView(self.board, self.session.drop)
        self.computers = ComputerSeats(self.session, pause_ms)
        self.action_buttons: list[QPushButton] = []
        self.shown_seat: int | None = None
        self._build()
        self.session.changed.connect(self.refresh)
        self.session.message.connect(self.say)
        self.refresh()
        self.computers.schedule()
        self.resize(1300, 900)

    # ------------------------------------------------------------- layout

    def _build(self) -> None:
        self.status = QLabel()
        self.status.setStyleSheet("font-size: 15px; font-weight: bold; padding: 6px;")
        self.scores = QLabel()
        self.scores.setWordWrap(True)
        self.scores.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.log = QListWidget()
        side = QWidget()
        column = QVBoxLayout(side)
        column.addWidget(QLabel("<b>Scores and counts</b>"))
        column.addWidget(self.scores)
        column.addWidget(QLabel("<b>Log</b>"))
        column.addWidget(self.log, 1)
        self.cover = QPushButton()
        self.cover.setStyleSheet("font-size: 22px; padding: 40px;")
        self.cover.clicked.connect(self.uncover)
        self.cover.hide()
        board = QWidget()
        stack = QVBoxLayout(board)
        stack.setContentsMargins(0, 0, 0, 0)
        stack.addWidget(self.view, 1)
        stack.addWidget(self.cover, 1)
        split = QSplitter()
        split.addWidget(board)
        split.addWidget(side)
        split.setStretchFactor(0, 4)
        split.setStretchFactor(1, 1)
        side.setMinimumWidth(240)
        side.setMaximumWidth(420)
        self.actions_bar = QHBoxLayout()
        self.message = QLabel()
        self.message.setStyleSheet("color: #ffcf7a; padding: 4px 8px; font-size: 14px;")
        self.result = self._result_panel()
        central = QWidget()
        main = QVBoxLayout(central)
        main.addWidget(self.status)
        main.addWidget(split, 1)
        main.addWidget(self.result)
        main.addLayout(self.actions_bar)
        main.addWidget(self.message)
        self.setCentralWidget(central)

    def _result_panel(self) -> QWidget:
        panel = QWidget()
        panel.setStyleSheet("background: #2b2f3a; border-radius: 8px;")
        row = QHBoxLayout(panel)
        self.result_text = QLabel()
        self.result_text.setStyleSheet("font-size: 16px; padding: 6px;")
        self.play_again = QPushButton("&Play again")
        self.play_again.clicked.connect(self.again)
        row.addWidget(self.result_text, 1)
        row.addWidget(self.play_again)
        panel.hide()
        return panel

    # ------------------------------------------------------------- redraw

    def refresh(self) -> None:
        """Show the state: board, status, scores, log, actions and the result at the end."""
        session = self.session
        self.message.clear()
        self.board.rebuild()
        self.view.fit()
        state = session.state
        view = state.view(session.viewer)
        game = session.game
        self.setWindowTitle(f"{game.name} — Janken Table")
        if state.outcome is None and state.to_move is not None:
            who = session.names[state.to_move]
            dot = seat_colour(state.to_move).name()
            thinking = " (thinking…)" if state.to_move in session.agents else ""
            self.status.setText(
                f'<span style="color:{dot}">●</span> {who} to move{thinking} · phase: {state.phase}'
            )
        elif state.outcome is not None:
            self.status.setText(f"Game over · {state.outcome.reason}")
        self.scores.setText(self._vars_text(view.vars))
        self.log.clear()
        self.log.addItems(list(view.log))
        self.log.scrollToBottom()
        self._fill_actions()
        self._show_result()
        self._cover_if_passed()

    def _cover_if_passed(self) -> None:
        """Hide the table when the screen passes to another person and hands are hidden."""
        session = self.session
        seat = session.viewer
        people = [s for s in range(session.setup.players) if s not in session.agents]
        hidden = any(z.visibility != "everyone" for z in session.game.zones.values())
        passed = self.shown_seat is not None and seat != self.shown_seat
        if passed and len(people) > 1 and hidden and not session.over:
            self.cover.setText(f"Pass the screen to {session.names[seat]}\n\nClick when ready")
            self.cover.show()
            self.view.hide()
            self.log.clear()  # the log is the next person's view: it may hold their secrets
            for button in self.action_buttons:
                button.hide()
        else:
            self.shown_seat = seat

    def uncover(self) -> None:
        """Show the table to the person now at the screen."""
        self.shown_seat = self.session.viewer
        self.cover.hide()
        self.view.show()
        self.refresh()

    def _vars_text(self, values: Any) -> str:
        names = self.session.names
        lines = []
        for name, value in values.items():
            if isinstance(value, tuple) and len(value) == len(names):
                shown = ", ".join(f"{n} {v}" for n, v in zip(names, value, strict=True))
            else:
                shown = str(value)
            lines.append(f"{name.replace('_', ' ')}: {shown}")
        outcome = self.session.state.outcome
        if outcome is not None and outcome.scores:
            scores = ", ".join(f"{n} {s}" for n, s in zip(names, outcome.scores, strict=False))
            lines.append(f"scores: {scores}")
        return "\n".join(lines)

    def _fill_actions(self) -> None:
        for button in self.action_buttons:
            self.actions_bar.removeWidget(button)
            button.deleteLater()
        self.action_buttons = []
        for index, move in enumerate(self.session.drags().actions):
            key = f"&{index + 1} " if index < ACTION_KEYS else ""
            button = QPushButton(f"{key}{move.text}")
            button.clicked.connect(lambda _=False, m=move: self.session.play(m))
            self.actions_bar.addWidget(button)
            self.action_buttons.append(button)

    def _show_result(self) -> None:
        outcome = self.session.state.outcome
        if outcome is None:
            self.result.hide()
            return
        names = self.session.names
        winners = " and ".join(names[w] for w in outcome.winners)
        headline = f"{winners} won" if winners else "A draw"
        scores = ""
        if outcome.scores:
            scores = " · " + ", ".join(
                f"{n} {s}" for n, s in zip(names, outcome.scores, strict=False)
            )
        self.result_text.setText(f"{headline}: {outcome.reason}{scores}")
        self.result.show()

    # ------------------------------------------------------------- actions

    def say(self, text: str) -> None:
        """Show a message in the message line (never a modal dialog)."""
        self.message.setText(text)

    def make_action(self, index: int) -> None:
        """Make the action bar's move number ``index`` (from 0), if there is one."""
        actions = self.session.drags().actions
        if 0 <= index < len(actions) and not self.cover.isVisible():
            self.play(actions[index])

    def play(self, move: Move | str) -> bool:
        """Make a move for the person to move."""
        self.message.clear()
        return self.session.play(move)

    def again(self) -> None:
        """Start the same game again with the next seed."""
        setup = self.session.setup
        self.message.clear()
        self.shown_seat = None
        self.session.start(
            GameSetup(setup.pack, setup.seats, setup.options, setup.seed + 1, setup.enforced)
        )

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if text.isdigit() and text != "0" and not event.modifiers():
            self.make_action(int(text) - 1)
            return
        super().keyPressEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        self.computers.stop()
        super().closeEvent(event)
