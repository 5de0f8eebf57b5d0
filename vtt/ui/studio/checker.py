"""The check pass run as the designer types: debounced, in a worker process.

Each change of the text starts a new *generation*; once the text has rested for
``DELAY_MS`` its check is handed to one long-lived worker process (never a fork of
this Qt process: see ``worker_context``; started at the first check, stopped on
``close``), which
runs ``vtt.studio.editorcheck.serve``: the check pass, the deal of a clean game with
its default seats and options, and the static checks on meaning; after a longer
rest, the short run of random games. The UI thread only sends texts and takes
answers (a reader thread waits on the pipe): under Python's GIL, checks on a
thread of this process would hold the window while they run.

Only the newest text is sent: while the worker is busy the newest job waits here,
and the worker is told so (an event) and stops its random games or checks on
meaning at their next step. A check pass that runs on (a hostile text) is abandoned
``SUPERSEDE_S`` after a newer text began to wait: the worker process is killed and
a new one started for the newer text. Answers of older texts are dropped by their
generation number, those of a killed worker by its incarnation.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from multiprocessing.synchronize import Event
from typing import Any

from vtt.rules.loader import Checked, Diagnostic
from vtt.studio.editorcheck import Check, TextCheck, check_text, guarded_check, serve
from vtt.ui.qt import QObject, QTimer, Signal

__all__ = ["DELAY_MS", "GAMES", "Checker", "guarded_check"]

#: How long the text rests before it is checked, in milliseconds.
DELAY_MS = 150
#: How long the text rests after a clean check before the random games are played.
GAMES_DELAY_MS = 1500
#: How many random games the checks on meaning play in the background.
GAMES = 8
#: A running job gives way this long after a newer text began to wait, in seconds.
SUPERSEDE_S = 0.5
#: The check the worker runs (a module-level function: it is sent to the process).
CHECK: Check = check_text
#: How long closing waits for a killed worker to be gone, in seconds.
JOIN_S = 10.0


def worker_context() -> multiprocessing.context.BaseContext:
    """How worker processes start, never as a fork of this Qt process: where the system
    has it, from a fork server (a fresh interpreter started once, which imports the
    checks once and forks each worker from itself: a worker then starts in
    milliseconds, also after a hostile text's was killed); else spawned, each a fresh
    interpreter importing the checks."""
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["vtt.studio.editorcheck"])
    return context


class Checker(QObject):
    """Checks the latest text in a worker process; ``checked`` carries each finished
    ``Checked`` of the current text (made from the worker's answer: no spec),
    ``warned`` the warnings on meaning found for it (the static ones, then all of
    them again once the random games are played)."""

    checked = Signal(object)
    warned = Signal(object)
    _answer = Signal(int, object)  # the worker's incarnation, its answer (None: it died)

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        file: str = "pack.yaml",
        delay_ms: int = DELAY_MS,
        meaning: bool = True,
        check: Check | None = None,
    ) -> None:
        super().__init__(parent)
        self.file = file
        self.generation = 0
        self._answered = 0
        self.last: Checked | None = None
        self.meaning = meaning
        self._check = check or CHECK
        self._text = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._submit)
        self._games_timer = QTimer(self)
        self._games_timer.setSingleShot(True)
        self._games_timer.setInterval(GAMES_DELAY_MS)
        self._games_timer.timeout.connect(self._submit_games)
        self._supersede_timer = QTimer(self)
        self._supersede_timer.setSingleShot(True)
        self._supersede_timer.timeout.connect(self._supersede)
        self._answer.connect(self._arrived)
        self._pending: tuple[Any, ...] | None = None  # the newest job not sent yet
        self._waiting_since = 0.0  # when it began to wait
        self._sent: tuple[int, str, float] | None = None  # generation, kind, when sent
        self._process: BaseProcess | None = None
        self._connection: Connection | None = None
        self._newer: Event | None = None
        self._incarnation = 0
        self._closed = False
        #: Worker processes started (the first at the first check) and answers read.
        self.starts = 0
        self.received = 0

    # --- the UI thread ---

    def schedule(self, text: str) -> None:
        """The text changed: check it once it has rested. Results of older texts are
        dropped from now on."""
        self.generation += 1
        self._text = text
        self._games_timer.stop()
        self._timer.start()

    def check_now(self, text: str) -> None:
        """Check this text at once (opening a file)."""
        self.schedule(text)
        self._timer.stop()
        self._submit()

    @property
    def busy(self) -> bool:
        """True until the current text's check has come back to the UI thread."""
        return self._answered != self.generation

    @property
    def process(self) -> BaseProcess | None:
        """The worker process (None before the first check and after ``close``)."""
        return self._process

    def close(self) -> None:
        """Stop the worker process (the running job is abandoned)."""
        self._closed = True
        self._timer.stop()
        self._games_timer.stop()
        self._supersede_timer.stop()
        self._pending = None
        self._stop_worker()

    def _submit(self) -> None:
        self._put((self.generation, "check", self._text, self.file))

    def _submit_games(self) -> None:
        if self.meaning and self.last is not None and self.last.ok:
            self._put((self.generation, "games", self._text, self.file, GAMES))

    def _put(self, job: tuple[Any, ...]) -> None:
        if self._closed:
            return
        if self._pending is None:
            self._waiting_since = time.monotonic()
        self._pending = job
        if self._sent is None:
            self._send_pending()
            return
        if self._sent[0] == job[0]:
            return  # the same text's next job (its games): it waits its turn
        assert self._newer is not None
        self._newer.set()  # the worker stops its games and checks on meaning
        self._supersede()

    def _send_pending(self) -> None:
        job, self._pending = self._pending, None
        if job is None:
            return
        if self._process is None or not self._process.is_alive():
            self._start_worker()
        assert self._connection is not None and self._newer is not None
        self._newer.clear()
        self._sent = (job[0], job[1], time.monotonic())
        with contextlib.suppress(OSError):  # the worker died meanwhile: its reader says so
            self._connection.send(job)

    def _supersede(self) -> None:
        """Abandon the running job when a newer one has waited ``SUPERSEDE_S`` for it;
        else look again then."""
        if self._pending is None or self._sent is None or self._sent[0] == self._pending[0]:
            return
        left = max(self._sent[2], self._waiting_since) + SUPERSEDE_S - time.monotonic()
        if left > 0:
            self._supersede_timer.start(int(left * 1000) + 1)
            return
        self._stop_worker()
        self._send_pending()

    def _start_worker(self) -> None:
        """Start a worker process (spawned: a fresh interpreter importing the checks)."""
        context = worker_context()
        ours, theirs = context.Pipe()
        self._newer = context.Event()
        process = context.Process(
            target=serve, args=(theirs, self._newer, self._check), name="pack-checker"
        )
        process.daemon = True  # never outlives the program
        process.start()
        theirs.close()
        self._incarnation += 1
        self.starts += 1
        self._process, self._connection = process, ours
        reader = threading.Thread(
            target=self._read, args=(ours, self._incarnation), name="pack-checker-reader"
        )
        reader.daemon = True
        reader.start()

    def _stop_worker(self) -> None:
        """Kill the worker process (a job it runs is abandoned) and wait for it."""
        process, connection = self._process, self._connection
        self._process = self._connection = None
        self._sent = None
        self._incarnation += 1  # whatever the old worker said is dropped
        if process is not None:
            process.kill()
            process.join(JOIN_S)
            process.close()
        if connection is not None:
            connection.close()

    def _read(self, connection: Connection, incarnation: int) -> None:
        """The reader thread: pass each answer of one worker to the UI thread."""
        while True:
            try:
                answer = connection.recv()
            except (EOFError, OSError):
                answer = None
            self.received += 1
            with contextlib.suppress(RuntimeError):  # the editor was closed meanwhile
                self._answer.emit(incarnation, answer)
            if answer is None:
                return

    def _arrived(self, incarnation: int, answer: tuple[int, str, Any] | None) -> None:
        if incarnation != self._incarnation:
            return  # a worker killed since
        if answer is None:
            self._died()
            return
        generation, kind, result = answer
        if kind != "checked":  # the job's last answer: the worker is free
            self._sent = None
            self._supersede_timer.stop()
            self._send_pending()
        if generation != self.generation:
            return  # a newer text is on its way
        if kind == "checked":
            self._show(generation, result)
        elif result is not None:
            self.warned.emit(result)

    def _show(self, generation: int, found: TextCheck) -> None:
        checked = found.checked()
        self._answered = generation
        self.last = checked
        self.checked.emit(checked)
        if checked.ok and self.meaning:
            self._games_timer.start()

    def _died(self) -> None:
        """The worker ended by itself (it crashed on a text): say so for the text it
        was checking; the next job starts another."""
        sent = self._sent
        self._stop_worker()
        if sent is not None and sent[0] == self.generation and sent[1] == "check":
            message = "the check pass stopped on this text (its worker process ended)"
            problem = Diagnostic(self.file, 1, 1, message, "")
            self._show(sent[0], TextCheck((problem,), {}, {}, False))
        self._send_pending()
