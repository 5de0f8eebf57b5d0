"""Table window: frame render time, dragging a big stack, start-up time and memory.

Everything runs offscreen (``QT_QPA_PLATFORM=offscreen``); the start-up and
memory figures come from fresh subprocesses so nothing else is loaded.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks import Result

GROUP = "Table window"
ROOT = Path(__file__).resolve().parent.parent
FRAME = (1920, 1080)

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
_APP: object = None


def crowded_table(cards: int = 350):  # type: ignore[no-untyped-def]
    """A table with ``cards`` loose cards in rows (five decks, faces and backs mixed)."""
    from vtt.janken import deck
    from vtt.table import CardPiece, Table

    table = Table(4)
    faces = [str(c) for c in deck(jokers=True)] * 5
    with table.batch("Lay out"):
        for n in range(cards):
            row, column = divmod(n, 25)
            table.add(
                CardPiece(
                    f"c{n}",
                    x=-1250 + column * 104,
                    y=-700 + row * 100,
                    face=faces[n],
                    face_up=n % 3 != 0,
                )
            )
    return table


def _view(table):  # type: ignore[no-untyped-def]
    from vtt.ui.app import application
    from vtt.ui.art import Art
    from vtt.ui.session import TableSession
    from vtt.ui.view import TableView

    global _APP
    _APP = application()  # kept: a collected QApplication takes every widget with it
    session = TableSession(table)
    view = TableView(session, Art())
    view.resize(*FRAME)
    view.show()
    for _ in range(3):
        _APP.processEvents()  # type: ignore[attr-defined]
    view.fit_all()
    return view


def frame_ms() -> float:
    """Median time to render a 1920x1080 frame of 350 cards."""
    from vtt.ui.qt import QImage

    view = _view(crowded_table())
    image = QImage(FRAME[0], FRAME[1], QImage.Format.Format_ARGB32_Premultiplied)

    def render() -> None:
        # Render the viewport itself (as a real frame does): QGraphicsView.render()
        # paints items with no widget, which PySide6 6.12 mis-counts (a None refcount
        # bug that ends in "deallocating None" after a few thousand items).
        view.viewport().render(image)

    render()  # the first frame fills the art cache
    times = []
    for _ in range(30):
        start = time.perf_counter()
        render()
        times.append((time.perf_counter() - start) * 1000)
    view.close()
    return statistics.median(times)


def drag_frame_ms() -> float:
    """Median time per mouse-move frame while Alt-dragging a 70-card stack across the table."""
    from vtt.janken import deck
    from vtt.table import CardPiece, Stack
    from vtt.ui.qt import QApplication, QEvent, QMouseEvent, QPointF, Qt

    table = crowded_table(280)
    with table.batch("Deck"):
        table.add(Stack("big", x=-480, y=600))
        for n, card in enumerate(deck(jokers=True)):
            table.add(CardPiece(f"d{n}", face=str(card), parent="big"))
    view = _view(table)
    port = view.viewport()
    alt = Qt.KeyboardModifier.AltModifier
    left = Qt.MouseButton.LeftButton

    def send(kind, point, button, buttons):  # type: ignore[no-untyped-def]
        pos = QPointF(view.mapFromScene(point))
        event = QMouseEvent(kind, pos, QPointF(port.mapToGlobal(pos)), button, buttons, alt)
        QApplication.sendEvent(port, event)

    send(QEvent.Type.MouseButtonPress, QPointF(-480, 600), left, left)
    times = []
    for step in range(1, 121):
        start = time.perf_counter()
        point = QPointF(-480 + step * 8.0, 600 - step * 0.5)
        send(QEvent.Type.MouseMove, point, Qt.MouseButton.NoButton, left)
        QApplication.processEvents()  # Qt paints the region the move dirtied
        times.append((time.perf_counter() - start) * 1000)
    send(QEvent.Type.MouseButtonRelease, QPointF(480, 540), left, Qt.MouseButton.NoButton)
    moved = table.objects["big"]
    assert abs(moved.x - 480) < 5 and len(moved.contents) == 70, "the stack did not move whole"
    view.close()
    return statistics.median(times)


STARTUP = """
import os, sys, time, tempfile
os.environ.setdefault("JANKEN_TABLE_HOME", tempfile.mkdtemp())
from vtt.ui.app import application
from vtt.ui.qt import QTimer
app = application()
from vtt.ui.window import TableWindow
window = TableWindow()
def shown():
    print("SHOWN", flush=True)
    QTimer.singleShot(0, app.quit)
window.shown.connect(shown)
window.show()
app.exec()
"""

MEMORY = """
import os, resource, tempfile
os.environ.setdefault("JANKEN_TABLE_HOME", tempfile.mkdtemp())
from benchmarks.bench_ui import crowded_table
from vtt.ui.app import application
from vtt.ui.window import TableWindow
app = application()
window = TableWindow(crowded_table())
window.resize(1920, 1080)
window.show()
window.view.fit_all()
window.grab()
for line in open("/proc/self/status"):
    if line.startswith("VmRSS"):
        print("RSS", int(line.split()[1]) / 1024)
"""


def _python(code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=True
    )


def startup_s() -> float:
    """Median seconds from starting Python to the window being shown (3 runs)."""
    times = []
    for _ in range(3):
        start = time.perf_counter()
        out = _python(STARTUP)
        assert "SHOWN" in out.stdout, out.stderr
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def memory_mb() -> float:
    """Resident memory of the window with 350 cards on the table."""
    out = _python(MEMORY)
    return float(out.stdout.split("RSS", 1)[1].split()[0])


def run() -> list[Result]:
    """The table window's figures."""
    frame = frame_ms()
    dragging = drag_frame_ms()
    startup = startup_s()
    memory = memory_mb()
    return [
        Result(GROUP, "render a 1920x1080 frame, 350 cards", frame, "ms", "< 16 ms", frame < 16),
        Result(
            GROUP,
            "frame while dragging a 70-card stack",
            dragging,
            "ms",
            "< 16 ms",
            dragging < 16,
            "median of 120 mouse moves, each with the repaint Qt schedules for it",
        ),
        Result(
            GROUP, "from `vtt` start to the window shown", startup, "s", "< 1.5 s", startup < 1.5
        ),
        Result(GROUP, "memory (RSS) with 350 cards", memory, "MB", note="window shown and drawn"),
    ]
