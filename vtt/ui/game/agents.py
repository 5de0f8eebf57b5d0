"""Computer seats: each move chosen on a thread of its own after a short pause.

The view and the legal moves (the seat's frame: ``GameSession.agent_input``) are
taken on the GUI thread; only the agent's
``choose`` runs on the thread. The GUI looks for its answer every few
milliseconds and plays it only if nothing has moved since it was asked (a new
game, say). Nothing ever waits for a search: stopping (the window closes)
abandons one under way (and asks its agent to cancel, which a search heeds within
one move's work), whose answer is then dropped, and its thread (a daemon) never
keeps the program from ending.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from vtt.ui.game.session import GameSession
from vtt.ui.qt import QObject, QTimer

PAUSE_MS = 400
#: How often the GUI looks for the answer of a search under way.
LOOK_MS = 10


class _Choice:
    """One agent's choice, made on a daemon thread; read once ``done`` is set."""

    def __init__(self, agent: Any, view: Any, moves: list[Any], asked: int) -> None:
        #: The session's generation when the agent was asked.
        self.asked = asked
        self.agent = agent
        self.move: Any = None
        #: Why the agent could not choose ("" if it did).
        self.error = ""
        self.done = threading.Event()
        self.thread = threading.Thread(
            target=self._run, args=(agent, view, moves), name="computer seat", daemon=True
        )

    def _run(self, agent: Any, view: Any, moves: list[Any]) -> None:
        try:
            self.move = agent.choose(view, moves)
        except Exception as error:  # an agent's bug must not pass silently on its thread
            self.error = f"{type(error).__name__}: {error}"
        self.done.set()


class ComputerSeats(QObject):
    """Moves for every computer seat of a session, whenever it is that seat's turn."""

    def __init__(self, session: GameSession, pause_ms: int = PAUSE_MS) -> None:
        super().__init__(session)
        self.session = session
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        #: The pause before a computer seat moves (the pace's, in the window).
        self.pause_ms = pause_ms
        self.timer.timeout.connect(self._ask)
        #: The choice under way (one at a time: an agent is never asked twice at once).
        self.choice: _Choice | None = None
        self.look = QTimer(self)
        self.look.setInterval(LOOK_MS)
        self.look.timeout.connect(self._answered)
        self.stopped = False
        #: How long the table still takes to show the last move (ms): a computer seat
        #: waits for that too, so that no move is cut short on the table.
        self.showing: Callable[[], int] = lambda: 0
        session.changed.connect(self.schedule)

    def schedule(self) -> None:
        """Start the pause before a computer seat moves, if one is to move."""
        if not self.stopped and self.session.computer_to_move() is not None:
            self.timer.start(max(self.pause_ms, self.showing()))

    def thinking(self) -> bool:
        """True while an agent's choice is under way."""
        return self.choice is not None

    def _ask(self) -> None:
        session = self.session
        seat = session.computer_to_move()
        # A choice still under way (asked before an undo, say) is answered first.
        if seat is None or self.stopped or self.choice is not None:
            return
        view, moves = session.agent_input(seat)  # the seat's frame: its view, its moves
        choice = _Choice(session.agents[seat], view, moves, session.generation)
        self.choice = choice
        choice.thread.start()
        self.look.start()

    def _answered(self) -> None:
        choice = self.choice
        if choice is None or not choice.done.is_set():
            return
        self.choice = None
        self.look.stop()
        if self.stopped:
            return
        if choice.asked != self.session.generation:
            self.schedule()  # asked about an older state: ask again about this one
        elif choice.error:
            self._fail(choice.error)
        else:
            self.session.play(choice.move)

    def _fail(self, reason: str) -> None:
        seat = self.session.computer_to_move()
        name = self.session.names[seat] if seat is not None else "The computer"
        self.session.message.emit(f"{name} could not choose a move ({reason})")

    def stop(self) -> None:
        """Stop moving (before the window closes): a choice under way is abandoned, never
        waited for; its answer is dropped whenever it comes."""
        self.stopped = True
        self.timer.stop()
        self.look.stop()
        if self.choice is not None:
            # The search stops within one move's work (Agent.cancel), so an abandoned
            # one does not go on using a core after its window is gone.
            cancel = getattr(self.choice.agent, "cancel", None)
            if cancel is not None:
                cancel()
        self.choice = None
