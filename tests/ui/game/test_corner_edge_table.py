"""Corner to Corner on the table: a piece stands on its card, both in sight, and a
piece picked up lights the cards it may step to."""

from __future__ import annotations

from game_windows import drag_face, open_game
from gestures import LEFT, send_mouse, view_point
from test_game_play import grip, own_face

from vtt.ui.game.session import HUMAN
from vtt.ui.qt import QEvent, QPoint, Qt


def test_a_piece_stands_on_its_card_and_its_steps_glow_while_dragged(qtbot):
    window = open_game(qtbot, "corner-edge", (HUMAN, HUMAN), seed=1)
    session = window.session
    for _ in range(2):  # each player draws a card for the first turn
        assert session.play(session.state.legal_list()[0])
    window.uncover()
    piece = own_face(window, "pawn")
    cell = piece.place.key
    faces = [f for f in window.board.faces if f.place.key == cell]
    card = session.state.zone("field")[cell[-1]][0]
    assert [f.face.component for f in faces] == [card, piece.face.component]
    # Each face stands for itself alone: no count badge on a piece standing on its card.
    assert [f.height for f in faces] == [1, 1]
    steps = {
        str(key[-1]): move
        for key, move in session.drags().targets["pawn"].items()
        if move.text.startswith("step")
    }
    assert steps
    viewport = window.view.viewport()
    start = view_point(window.view, grip(piece))
    send_mouse(viewport, QEvent.Type.MouseButtonPress, start)
    send_mouse(viewport, QEvent.Type.MouseMove, start + QPoint(6, -20), Qt.MouseButton.NoButton)
    glowing = {str(key[-1]) for key, item in window.board.places.items() if item.legal}
    assert glowing == set(steps)
    send_mouse(viewport, QEvent.Type.MouseButtonRelease, start, LEFT, Qt.MouseButton.NoButton)
    assert not any(item.legal for item in window.board.places.values())
    target = sorted(steps)[0]
    place = next(
        p for k, p in window.board.places.items() if str(k[-1]) == target and k[0] == "field"
    )
    drag_face(window, own_face(window, "pawn"), place.place.centre)
    assert session.moves[-1].text == steps[target].text
