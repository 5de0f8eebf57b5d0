"""Enforced play in the window: how quickly a drag is answered (issue: enforced play),
and how quickly the table follows a move in every pack (issue 25: the window on frames).

Two moments a player feels: from pressing on a piece to its legal places glowing,
and from dropping it on a place to the board showing the new position. Measured on
JANTORI between two human seats (no agent pauses), with real mouse events sent to
the view, over every move of several games.

Then, for every shipped pack, a person against computer seats: the table updated
after the person's drop (real mouse events, as above; a pack whose moves are no drags
has none) and after a computer's move (the move sent as the computer seat sends it,
timed until the window has drawn the new position), with sliding off so that only the
update is timed: each until the window has handled its posted events (the update and
its drawing), not its timers (the autosave, written after the drawing). The same
module runs on an older tree too (it reads the session through what both have), so
that the figures can be set side by side.
"""

from __future__ import annotations

import os
import random
import statistics
import time

from benchmarks import Result, percentile

GROUP = "Game window"
GAMES = 4
#: The shipped packs, and the moves timed in each (a game played again when it ends).
PACKS = (
    "battlefront",
    "corner-edge",
    "dueling-wizards",
    "green-queen",
    "janken-go",
    "jantori",
    "jokers-wild",
    "stones",
    "tic-tac-rock",
    "war",
)
MOVES = 60


def _events():  # type: ignore[no-untyped-def]
    from vtt.ui.qt import QApplication, QEvent, QEventLoop, QMouseEvent, QPointF, Qt

    left = Qt.MouseButton.LeftButton

    def send(view, kind, pos, buttons):  # type: ignore[no-untyped-def]
        """A mouse event at ``pos``, a point of ``view``'s viewport."""
        port = view.viewport()
        button = Qt.MouseButton.NoButton if kind == QEvent.Type.MouseMove else left
        event = QMouseEvent(kind, pos, QPointF(port.mapToGlobal(pos)), button, buttons,
                            Qt.KeyboardModifier.NoModifier)  # fmt: skip
        QApplication.sendEvent(port, event)

    def drawn() -> None:
        """The window's posted events handled (its update, its drawing), not its timers
        (the autosave written after the drawing): the timed part ends here."""
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.X11ExcludeTimers)

    return send, QEvent, Qt, QPointF, QApplication, drawn


def _drop(window, what, key, events):  # type: ignore[no-untyped-def]
    """Drag a face written ``what`` onto the place ``key`` with real mouse events:
    milliseconds from the press to the targets shown, and from the drop to the table
    updated; None when no face of it can be picked up where it shows."""
    send, QEvent, Qt, QPointF, QApplication, drawn = events
    faces = [f for f in window.board.faces if f.what == what and window.view.can_drag(f)]
    if not faces:
        return None
    face = max(faces, key=lambda f: f.face.index)
    # Pressed where the face shows (the table, or the hand area below it), let go
    # over its target on the table: the pressed view keeps the mouse.
    pressed = window.hand_view if face.place.in_hand else window.view
    rect = face.sceneBoundingRect()
    start = QPointF(pressed.mapFromScene(QPointF(rect.left() + 12, rect.center().y())))
    target = window.view.mapFromScene(QPointF(*window.board.places[key].place.centre))
    end = QPointF(pressed.viewport().mapFromGlobal(window.view.viewport().mapToGlobal(target)))
    began = time.perf_counter()
    send(pressed, QEvent.Type.MouseButtonPress, start, Qt.MouseButton.LeftButton)
    press = (time.perf_counter() - began) * 1000
    send(pressed, QEvent.Type.MouseMove, end, Qt.MouseButton.LeftButton)
    began, cpu = time.perf_counter(), time.process_time()
    send(pressed, QEvent.Type.MouseButtonRelease, end, Qt.MouseButton.NoButton)
    drawn()
    timed = press, (time.perf_counter() - began) * 1000, (time.process_time() - cpu) * 1000
    QApplication.processEvents()  # what waits for the event loop (the autosave), untimed
    return timed


def drag_latencies() -> tuple[list[float], list[float]]:
    """Milliseconds from press to targets shown, and from drop to the board rebuilt."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from vtt.ui.app import application
    from vtt.ui.game.session import HUMAN, GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    application()
    events = _events()
    QApplication = events[-2]
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
            moves = len(session.moves)
            timed = _drop(window, what, key, events)
            assert timed is not None, "no face to drag"
            press, drop, _ = timed
            press_ms.append(press)
            drop_ms.append(drop)
            assert len(session.moves) == moves + 1, "the drop was not taken as a move"
        window.close()
    return press_ms, drop_ms


def _to_move(session) -> int | None:  # type: ignore[no-untyped-def]
    """The seat to move (the session over a match, or an older one holding a state)."""
    match = getattr(session, "match", None)
    return match.to_move if match is not None else session.state.to_move


def _legal(session, seat: int) -> list[str]:  # type: ignore[no-untyped-def]
    """The legal moves of the seat to move, as text."""
    match = getattr(session, "match", None)
    if match is not None:
        return [move.text for move in match.frame(seat).moves]
    return [move.text for move in session.state.legal_list()]


def pack_latencies(pack: str, seed: int = 1) -> dict[str, list[float]]:
    """Milliseconds from a person's drop to the table updated, and from a computer
    seat's move to the table updated, over MOVES moves of ``pack``: by the wall clock
    ("drop", "computer") and in the process's own time ("drop cpu", "computer cpu"),
    which other processes on a busy machine do not lengthen."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from vtt.rules import load_game
    from vtt.ui.app import application
    from vtt.ui.game.session import COMPUTER, HUMAN, GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    application()
    events = _events()
    QApplication, drawn = events[-2:]
    players = max(2, load_game(pack).players[0])
    seats = (SeatChoice("Ann", HUMAN), *(SeatChoice(f"C{n}", COMPUTER) for n in range(1, players)))
    found: dict[str, list[float]] = {"drop": [], "drop cpu": [], "computer": [], "computer cpu": []}
    chooser = random.Random(seed)
    made = 0
    while made < MOVES:
        window = GameWindow(GameSetup(pack, seats, {}, seed + made), pause_ms=3_600_000)
        window.computers.stop()  # the computer's moves are sent below, timed
        window.board.slide_ms = 0  # the update alone, not the slides after it
        window.resize(1300, 900)
        window.show()
        QApplication.processEvents()
        window.view.fit()
        session = window.session
        while not session.over and made < MOVES:
            seat = _to_move(session)
            if seat is None:
                break
            targets = session.drags().targets if seat == 0 else {}
            what = chooser.choice(sorted(targets)) if targets else ""
            key = chooser.choice(sorted(targets[what], key=str)) if targets else None
            timed = _drop(window, what, key, events) if targets else None
            if timed is not None:
                found["drop"].append(timed[1])
                found["drop cpu"].append(timed[2])
            else:
                text = chooser.choice(_legal(session, seat))
                began, cpu = time.perf_counter(), time.process_time()
                assert session.play(text), text
                drawn()
                if seat != 0:
                    found["computer"].append((time.perf_counter() - began) * 1000)
                    found["computer cpu"].append((time.process_time() - cpu) * 1000)
                QApplication.processEvents()
            made += 1
        window.closing_quietly = True
        window.discard()
        window.close()
    return found


def run() -> list[Result]:
    """Press-to-highlight and drop-to-update latencies, median and 99th percentile;
    per pack, the table updated after a drop and after a computer's move."""
    press, drop = drag_latencies()
    rows = []
    for name, values in (("drag start to legal places highlighted", press),
                         ("drop to the table updated", drop)):  # fmt: skip
        median = statistics.median(values)
        rows.append(Result(GROUP, f"{name}, median", median, "ms", "< 16 ms", median < 16,
                           f"JANTORI, {len(values)} moves"))  # fmt: skip
        high = percentile(values, 0.99)
        rows.append(Result(GROUP, f"{name}, p99", high, "ms", "< 16 ms", high < 16))
    for pack in PACKS:
        found = pack_latencies(pack)
        for name, kind in (("after a drop", "drop"), ("after a computer's move", "computer")):
            values, cpu = found[kind], found[f"{kind} cpu"]
            if not values:
                continue
            median, high = statistics.median(values), percentile(values, 0.95)
            note = (
                f"{len(values)} moves; in the process's own time: median"
                f" {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 0.95):.1f} ms"
            )
            rows.append(Result(f"{GROUP}, every pack", f"{pack}: table updated {name}, median",
                               median, "ms", "< 16 ms", median < 16, note))  # fmt: skip
            rows.append(Result(f"{GROUP}, every pack", f"{pack}: table updated {name}, p95",
                               high, "ms", "< 16 ms", high < 16, note))  # fmt: skip
    return rows
