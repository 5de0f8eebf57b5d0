"""Opening a game window for the enforced-play tests, with a fast computer pause.

The autouse fixtures of tests/ui/conftest.py (private user folder, Qt warnings fail)
apply here too, and tests/ui/gestures.py is importable as ``gestures``.
"""

from __future__ import annotations

from vtt.ui.qt import Qt

#: A computer seat's pause in the tests (the window's own is 400 ms).
FAST_MS = 5


def open_game(
    qtbot,
    pack: str,
    kinds: tuple[str, ...],
    seed: int = 1,
    options=None,
    names=None,
    take_screen=True,
    deal=None,
    agents=None,
):
    """A shown game window for a pack with these seat kinds (Human / Computer), its
    seats named ``names`` (else the pack's seat labels), dealt as ``deal`` says (else
    by the seed), with ``agents`` (seat to agent) in place of its computer seats' own
    before any is asked; unless ``take_screen`` is False, the first person clicks away
    the pass-the-screen cover."""
    from vtt.rules import load_game
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    names = names or load_game(pack).seat_labels(len(kinds))
    seats = tuple(SeatChoice(n, k) for n, k in zip(names, kinds, strict=True))
    setup = GameSetup(pack, seats, dict(options or {}), seed, deal=deal)
    window = GameWindow(setup, pause_ms=FAST_MS)
    window.session.agents.update(agents or {})  # before the event loop runs: nobody asked yet
    window.resize(1300, 900)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    if take_screen and window.cover.isVisible():
        qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    window.view.fit()
    return window


def drag_face(window, face, target, steps: int = 6) -> None:
    """Drag a face onto a scene point of the table as a person does: pressed where it
    shows (the table, or the hand area below it), moved and let go over the table.
    The widget pressed keeps the mouse until the release, as Qt's grab does."""
    from gestures import LEFT, NONE, send_mouse

    from vtt.ui.qt import QEvent, QPointF, Qt

    rect = face.sceneBoundingRect()
    start = QPointF(rect.left() + 16, rect.center().y())
    pressed = window.hand_view if face.place.in_hand else window.view
    at = pressed.mapFromScene(start)
    end_global = window.view.viewport().mapToGlobal(window.view.mapFromScene(QPointF(*target)))
    end = pressed.viewport().mapFromGlobal(end_global)
    widget = pressed.viewport()
    send_mouse(widget, QEvent.Type.MouseButtonPress, at, LEFT, LEFT, NONE)
    for n in range(1, steps + 1):
        send_mouse(
            widget,
            QEvent.Type.MouseMove,
            at + (end - at) * (n / steps),
            Qt.MouseButton.NoButton,
            LEFT,
        )
    send_mouse(widget, QEvent.Type.MouseButtonRelease, end, LEFT, Qt.MouseButton.NoButton)


def play_at_random(window, moves: int, seed: int) -> None:
    """Play up to ``moves`` legal moves chosen by a seeded generator, for whoever is to
    move, stopping at the game's end."""
    import random

    chooser = random.Random(seed)
    for _ in range(moves):
        legal = window.session.match.state.legal_list()
        if not legal or window.session.over:
            break
        window.session.play(legal[chooser.randrange(len(legal))])
