"""Enforced play in the window: how quickly a drag is answered (issue: enforced play).

Two moments a player feels: from pressing on a piece to its legal places glowing,
and from dropping it on a place to the board showing the new position. Measured on
JANTORI between two human seats (no agent pauses), with real mouse events sent to
the view, over every move of several games.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from benchmarks import Result, percentile

GROUP = "Game window"
GAMES = 4


def _events():  # type: ignore[no-untyped-def]
    from vtt.ui.qt import QApplication, QEvent, QMouseEvent, QPointF, Qt

    left = Qt.MouseButton.LeftButton

    def send(view, kind, pos, buttons):  # type: ignore[no-untyped-def]
        """A mouse event at ``pos``, a point of ``view``'s viewport."""
        port = view.viewport()
        button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else left
        event = QMouseEvent(kind, pos, QPointF(port.mapToGlobal(pos)), button, buttons,
                            Qt.KeyboardModifier.NoModifier)  # fmt: skip
        QApplication.sendEvent(port, event)

    return send, QEvent, Qt, QPointF, QApplication


def drag_latencies() -> tuple[list[float], list[float]]:
    """Milliseconds from press to targets shown, and from drop to the board rebuilt."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from vtt.ui.app import application
    from vtt.ui.game.session import HUMAN, GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    application()
    send, QEvent, Qt, QPointF, QApplication = _events()
    press_ms: list[float] = []
    drop_ms: list[float] = []
    for seed in range(GAMES):
        seats = (SeatChoice("White", HUMAN), SeatChoice("Black", HUMAN))
        window = GameWindow(GameSetup("jantori", seats, {}, seed), pause_ms=5)
        window.resize(1300, 900)
        window.show()
        QApplication.processEvents()
        window.view.fit()
        chooser = random.Random(seed)
        session = window.session
        while not session.over:
            targets = session.drags().targets
            if not targets:
                break
            what = chooser.choice(sorted(targets))
            key = chooser.choice(sorted(targets[what], key=str))
            face = max(
                (f for f in window.board.faces if f.what == what and window.view.can_drag(f)),
                key=lambda f: f.face.index,
            )
            # Pressed where the face shows (the table, or the hand area below it), let go
            # over its target on the table: the pressed view keeps the mouse.
            pressed = window.hand_view if face.place.in_hand else window.view
            rect = face.sceneBoundingRect()
            start = QPointF(pressed.mapFromScene(QPointF(rect.left() + 12, rect.center().y())))
            target = window.view.mapFromScene(QPointF(*window.board.places[key].place.centre))
            end = QPointF(
                pressed.viewport().mapFromGlobal(window.view.viewport().mapToGlobal(target))
            )
            moves = len(session.moves)
            began = time.perf_counter()
            send(pressed, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
            press_ms.append((time.perf_counter() - began) * 1000)
            send(pressed, QEvent.Type.MouseMove, end, Qt.MouseButton.LeftButton)
            began = time.perf_counter()
            send(pressed, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
            QApplication.processEvents()
            drop_ms.append((time.perf_counter() - began) * 1000)
            assert len(session.moves) == moves + 1, "the drop was not taken as a move"
        window.close()
    return press_ms, drop_ms


def run() -> list[Result]:
    """Press-to-highlight and drop-to-update latencies, median and 99th percentile."""
    press, drop = drag_latencies()
    rows = []
    for name, values in (("drag start to legal places highlighted", press),
                         ("drop to the table updated", drop)):  # fmt: skip
        median = statistics.median(values)
        rows.append(Result(GROUP, f"{name}, median", median, "ms", "< 16 ms", median < 16,
                           f"JANTORI, {len(values)} moves"))  # fmt: skip
        high = percentile(values, 0.99)
        rows.append(Result(GROUP, f"{name}, p99", high, "ms", "< 16 ms", high < 16))
    return rows
