"""Computer seats: each move chosen on a worker thread after a short pause.

The view and the legal moves are taken on the GUI thread; only the agent's
``choose`` runs on the pool. Its answer comes back by a queued signal and is
played only if nothing has moved since it was asked (a new game, say).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vtt.ui.game.session import GameSession
from vtt.ui.qt import QObject, QRunnable, QThreadPool, QTimer, Signal

PAUSE_MS = 400


class _Answer(QObject):
    """Carries a chosen move from the worker thread to the GUI thread."""

    chosen = Signal(int, object)  # the session's generation when asked, the move
    failed = Signal(str)  # why the agent could not choose


class _Choose(QRunnable):
    def __init__(self, agent: Any, view: Any, moves: list[Any], asked: int, answer: _Answer):
        super().__init__()
        self.agent, self.view, self.moves, self.asked, self.answer = (
            agent,
            view,
            moves,
            asked,
            answer,
        )

    def run(self) -> None:
        try:
            move = self.agent.choose(self.view, self.moves)
        except Exception as error:  # an agent's bug must not pass silently in a worker thread
            self.answer.failed.emit(f"{type(error).__name__}: {error}")
            return
        self.answer.chosen.emit(self.asked, move)


class ComputerSeats(QObject):
    """Moves for every computer seat of a session, whenever it is that seat's turn."""

    def __init__(self, session: GameSession, pause_ms: int = PAUSE_MS) -> None:
        super().__init__(session)
        self.session = session
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.answer = _Answer(self)
        self.answer.chosen.connect(self._play)
        self.answer.failed.connect(self._fail)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        #: The pause before a computer seat moves (the pace's, in the window).
        self.pause_ms = pause_ms
        self.timer.timeout.connect(self._ask)
        self.stopped = False
        #: How long the table still takes to show the last move (ms): a computer seat
        #: waits for that too, so that no move is cut short on the table.
        self.showing: Callable[[], int] = lambda: 0
        session.changed.connect(self.schedule)

    def schedule(self) -> None:
        """Start the pause before a computer seat moves, if one is to move."""
        if not self.stopped and self.session.computer_to_move() is not None:
            self.timer.start(max(self.pause_ms, self.showing()))

    def _ask(self) -> None:
        session = self.session
        seat = session.computer_to_move()
        if seat is None or self.stopped:
            return
        state = session.state
        task = _Choose(
            session.agents[seat],
            state.view(seat),
            list(state.legal_moves),
            session.generation,
            self.answer,
        )
        self.pool.start(task)

    def _play(self, asked: int, move: Any) -> None:
        if not self.stopped and asked == self.session.generation:
            self.session.play(move)

    def _fail(self, reason: str) -> None:
        seat = self.session.computer_to_move()
        name = self.session.names[seat] if seat is not None else "The computer"
        self.session.message.emit(f"{name} could not choose a move ({reason})")

    def stop(self) -> None:
        """Stop moving and wait for a choice under way (before the window closes)."""
        self.stopped = True
        self.timer.stop()
        self.pool.waitForDone()
