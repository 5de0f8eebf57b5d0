"""The check pass run as the designer types: debounced, off the UI thread.

Each change of the text starts a new *generation*; once the text has rested for
``DELAY_MS`` the check pass (``check_pack_text``) runs on a worker thread, and its
``Checked`` comes back to the UI thread only if no newer change was made meanwhile
(stale results are dropped by their generation number). After a clean check the
static checks on meaning run on the same thread, and after a longer rest the short
run of random games, which a newer text cancels.

A check that takes long (a hostile text) never holds the window: the UI thread
only hands texts over and takes results. When a newer text is waiting and the
running check has taken more than ``SUPERSEDE_S``, that check is abandoned (an
exception is raised into the worker thread, at its next line of Python) and the
newer text checked instead.
"""

from __future__ import annotations

import contextlib
import ctypes
import threading
import time
from collections.abc import Callable
from typing import Any

from vtt.rules.loader import Checked, Diagnostic, check_pack_text
from vtt.ui.qt import QObject, QTimer, Signal

#: How long the text rests before it is checked, in milliseconds.
DELAY_MS = 150
#: How long the text rests after a clean check before the random games are played.
GAMES_DELAY_MS = 1500
#: How many random games the checks on meaning play in the background.
GAMES = 8
#: A running check older than this gives way to a newer text, in seconds.
SUPERSEDE_S = 0.5

#: The static checks on meaning: (checked) -> warnings.
Static = Callable[[Checked], tuple[Diagnostic, ...]]
#: The random-game checks: (checked, games, stop) -> every warning (the static ones too).
Games = Callable[[Checked, int, Callable[[], bool]], tuple[Diagnostic, ...]]


class Superseded(BaseException):
    """Raised into the worker thread to abandon a check a newer text replaces (a
    BaseException, so that no ``except Exception`` of the check pass catches it)."""


def guarded_check(text: str, file: str) -> Checked:
    """The check pass, never raising: a failure of the checker itself is a problem
    shown like the others."""
    try:
        return check_pack_text(text, file)
    except Exception as error:
        message = f"the check pass failed on this text: {type(error).__name__}: {error}"
        return Checked(None, (Diagnostic(file, 1, 1, message, ""),))


class Checker(QObject):
    """Checks the latest text in the background; ``checked`` carries each finished
    ``Checked`` of the current text, ``warned`` the warnings on meaning found for it
    (the static ones, then all of them again once the random games are played)."""

    checked = Signal(object)
    warned = Signal(object)
    _finished = Signal(int, str, object)  # generation, "checked" or "warned", result

    def __init__(
        self,
        parent: QObject | None = None,
        *,
        file: str = "pack.yaml",
        delay_ms: int = DELAY_MS,
        static: Static | None = None,
        games: Games | None = None,
    ) -> None:
        super().__init__(parent)
        self.file = file
        self.generation = 0
        self._answered = 0
        self.last: Checked | None = None
        self._static = static
        self._games = games
        self._text = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self._submit)
        self._games_timer = QTimer(self)
        self._games_timer.setSingleShot(True)
        self._games_timer.setInterval(GAMES_DELAY_MS)
        self._games_timer.timeout.connect(self._submit_games)
        self._finished.connect(self._arrived)
        self._lock = threading.Condition()
        self._job: tuple[int, str, Any] | None = None  # the next job for the worker
        self._running: tuple[int, float] | None = None  # generation and start of the check
        self._interrupted = False
        self._closed = False
        self._thread = threading.Thread(target=self._work, name="pack-checker", daemon=True)
        self._thread.start()

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

    def close(self) -> None:
        """Stop the worker thread (the running check is abandoned)."""
        self._timer.stop()
        self._games_timer.stop()
        with self._lock:
            self._closed = True
            self._job = None
            self._lock.notify_all()
        self._interrupt()

    def _submit(self) -> None:
        self._put((self.generation, "check", self._text))

    def _submit_games(self) -> None:
        if self._games is not None and self.last is not None and self.last.ok:
            self._put((self.generation, "games", self.last))

    def _put(self, job: tuple[int, str, Any]) -> None:
        with self._lock:
            self._job = job
            self._lock.notify_all()
        self._supersede()

    def _supersede(self) -> None:
        """Abandon the running check if a newer job waits and it has run too long; else
        look again when it will have."""
        with self._lock:
            if self._job is None or self._running is None or self._running[0] == self._job[0]:
                return
            left = SUPERSEDE_S - (time.monotonic() - self._running[1])
        if left > 0:
            QTimer.singleShot(int(left * 1000) + 1, self, self._supersede)
        else:
            self._interrupt()

    def _arrived(self, generation: int, kind: str, result: Any) -> None:
        if generation != self.generation:
            return  # a newer text is on its way
        if kind == "checked":
            self._answered = generation
            self.last = result
            self.checked.emit(result)
            if result.ok and self._games is not None:
                self._games_timer.start()
        else:  # "static", then "games": the static warnings with those of the games
            self.warned.emit(result)

    # --- the worker thread ---

    def _work(self) -> None:
        ident = threading.get_ident()
        while True:
            try:
                if not self._serve(ident):
                    return
            except Superseded:  # raised before the worker could clear it: harmless
                with self._lock:
                    self._running = None
                    self._interrupted = False

    def _serve(self, ident: int) -> bool:
        """Do the next job; False once closed."""
        with self._lock:
            while self._job is None and not self._closed:
                self._lock.wait()
            if self._closed:
                return False
            job, self._job = self._job, None
            self._running = (job[0], time.monotonic())
        try:
            self._do(*job)
        except Superseded:
            pass
        finally:
            with self._lock:
                self._running = None
                self._interrupted = False
                # An exception asked for but not raised yet is cleared here.
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), None)
        return True

    def _do(self, generation: int, kind: str, payload: Any) -> None:
        if kind == "check":
            checked = guarded_check(payload, self.file)
            self._post(generation, "checked", checked)
            if checked.ok and self._static is not None and self._current(generation):
                self._post(generation, "static", self._static(checked))
        elif self._games is not None:
            found = self._games(payload, GAMES, lambda: not self._current(generation))
            self._post(generation, "games", found)

    def _current(self, generation: int) -> bool:
        with self._lock:
            newer = self._job is not None and self._job[0] != generation
        return not newer and not self._closed

    def _post(self, generation: int, kind: str, result: object) -> None:
        with contextlib.suppress(RuntimeError):  # the editor was closed meanwhile
            self._finished.emit(generation, kind, result)

    def _interrupt(self) -> None:
        """Abandon the running check: raise Superseded in the worker thread (once)."""
        ident = self._thread.ident
        with self._lock:
            if ident is None or self._running is None or self._interrupted:
                return
            self._interrupted = True
            ctypes.pythonapi.PyThreadState_SetAsyncExc(
                ctypes.c_ulong(ident), ctypes.py_object(Superseded)
            )
