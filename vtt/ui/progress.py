"""Long work on a worker thread while the windows stay responsive: a progress dialog
with Cancel (making the moves of a long saved game again, say).

The caller waits for the answer as for a plain call, but the event loop runs
meanwhile: windows repaint, timers tick, and Cancel is heard at once. A cancelled
work is abandoned, never waited for: it stops at its next step, on its own thread.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, TypeVar

from vtt.ui.qt import QEventLoop, QProgressDialog, Qt, QTimer, QWidget

__all__ = ["Cancelled", "with_progress"]

_T = TypeVar("_T")

#: How long work goes on before its progress dialog shows (quick work shows none).
SHOW_AFTER_MS = 300
#: How often the progress is looked at.
LOOK_MS = 20


class Cancelled(Exception):
    """The person cancelled the work."""


def with_progress(
    label: str,
    total: int,
    work: Callable[[Callable[[int], None]], _T],
    parent: QWidget | None = None,
) -> _T:
    """What ``work(step)`` returns, worked out on a thread of its own; ``step(done)``
    tells how much of ``total`` is done (and raises Cancelled once the person cancels).
    The work's own exception is raised here; Cancelled if the person cancels."""
    done = [0]
    cancel = threading.Event()
    finished = threading.Event()
    outcome: dict[str, Any] = {}

    def step(count: int) -> None:
        done[0] = count
        if cancel.is_set():
            raise Cancelled

    def run() -> None:
        try:
            outcome["value"] = work(step)
        except BaseException as error:  # given to the caller, on its thread
            outcome["error"] = error
        finished.set()

    threading.Thread(target=run, name="progress", daemon=True).start()
    if not finished.wait(0.005):  # quick work needs no loop at all
        _wait(label, total, done, finished, parent)
    if not finished.is_set():
        cancel.set()  # the work stops at its next step; nobody waits for it
        raise Cancelled
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]  # type: ignore[no-any-return]


def _wait(
    label: str, total: int, done: list[int], finished: threading.Event, parent: QWidget | None
) -> None:
    """Run the event loop until the work is finished or the person cancels it."""
    dialog = QProgressDialog(label, "Cancel", 0, max(total, 1), parent)
    dialog.setWindowModality(Qt.WindowModality.ApplicationModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.setAutoReset(False)
    dialog.setAutoClose(False)
    loop = QEventLoop()
    look = QTimer()
    look.setInterval(LOOK_MS)

    def looked() -> None:
        if finished.is_set():
            loop.quit()
        elif done[0] != dialog.value():
            dialog.setValue(done[0])

    look.timeout.connect(looked)
    dialog.canceled.connect(loop.quit)
    look.start()
    dialog.setValue(0)  # the dialog shows itself once SHOW_AFTER_MS have gone by
    loop.exec()
    look.stop()
    dialog.canceled.disconnect(loop.quit)
    dialog.close()
    dialog.deleteLater()
