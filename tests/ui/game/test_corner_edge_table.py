"""Corner to Corner and Edge to Edge on the table: a piece stands on its card, both in
sight, a piece picked up lights the cards it may step to, and Edge to Edge's goal
positions lie beyond the board's far rows, one beyond each column."""

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
        assert session.play(session.match.state.legal_list()[0])
    window.uncover()
    piece = own_face(window, "pawn")
    cell = piece.place.key
    faces = [f for f in window.board.faces if f.place.key == cell]
    card = session.match.state.zone("field")[cell[-1]][0]
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


def _edge_deal() -> dict:
    """Edge to Edge as in records/edge-goal-stay.yaml: Red's piece on d4 may step onto
    d5, Blue's start row, and on into the empty goal beyond it."""
    from pathlib import Path

    from vtt.rules.records import load_record

    pack = Path(__file__).parents[3] / "rulesets" / "corner-edge"
    return load_record(pack / "records" / "edge-goal-stay.yaml").deal


def test_each_goal_row_lies_beyond_its_row_of_the_board_lined_up_with_its_columns(qtbot):
    from vtt.rules.values import Cell

    deal = _edge_deal()
    window = open_game(qtbot, "corner-edge", (HUMAN, HUMAN), options={"game": "edge"}, deal=deal)
    session = window.session
    for _ in range(2):
        assert session.play("draw")
    window.uncover()
    places = {key: item.place for key, item in window.board.places.items()}
    for col in "abcde":
        x5, y5, w5, _h5 = places["field", Cell.parse(f"{col}5")].rect
        _x1, y1, _w1, h1 = places["field", Cell.parse(f"{col}1")].rect
        beyond_5 = places["goal", 1, Cell.parse(f"{col}1")]  # takes Red's pieces, beyond row 5
        beyond_1 = places["goal", 0, Cell.parse(f"{col}1")]  # takes Blue's, beyond row 1
        # Lined up with the board's column, beyond its end of the board.
        assert (beyond_5.rect[0], beyond_5.rect[2]) == (x5, w5) == (beyond_1.rect[0], w5)
        assert beyond_5.rect[1] + beyond_5.rect[3] < y5 and beyond_1.rect[1] > y1 + h1
        # Named as a move into it is written: "step pawn d4 d5 goal".
        assert beyond_5.label == f"{col}5 goal" and beyond_1.label == f"{col}1 goal"
    goals = {grid.key: grid for grid in window.board.layout.grids if grid.key[0] == "goal"}
    assert goals["goal", 1].caption == "goal beyond row 5"
    assert goals["goal", 0].caption == "goal beyond row 1"
    # No names of its own (no row "1"): the board's columns name its cells.
    assert goals["goal", 1].row_names == () and goals["goal", 1].columns == ()
    # A drop on the goal beyond d5 is the step that goes on into it.
    d4 = ("field", Cell.parse("d4"))
    pawn = next(f for f in window.board.faces if f.place.key == d4 and f.what == "pawn")
    drag_face(window, pawn, places["goal", 1, Cell.parse("d1")].centre)
    assert session.moves[-1].text == "step pawn d4 d5 goal"
    assert [f.what for f in window.board.faces if f.place.key == ("goal", 1, Cell(3, 0))] == [
        "pawn"
    ]
