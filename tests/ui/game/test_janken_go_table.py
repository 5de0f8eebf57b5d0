"""Janken Go on the table: a go board of lines with its cell names, the cells a picked-up
piece or Wall may go to glowing, the steps left in the turn listed, and the turn ended
(or taken back) from the action bar."""

from __future__ import annotations

from game_windows import drag_face, open_game
from gestures import LEFT, send_mouse, view_point
from test_game_play import grip

from vtt.ui.game.session import HUMAN
from vtt.ui.qt import QEvent, QImage, QPainter, QPoint, QPointF, QRectF, Qt


def face_on(window, cell: str):
    """The face standing on a cell of the board."""
    [face] = [f for f in window.board.faces if f.place.key == ("board", _cell(cell))]
    return face


def _cell(name: str):
    from vtt.rules.values import Cell

    return Cell.parse(name)


def place_of(window, cell: str):
    return window.board.places[("board", _cell(cell))]


def glowing(window) -> set[str]:
    return {str(key[-1]) for key, item in window.board.places.items() if item.legal}


def pick_up(window, face) -> QPoint:
    """Press on a face and move a little, as a drag begins; where it was pressed."""
    viewport = window.view.viewport()
    start = view_point(window.view, grip(face))
    send_mouse(viewport, QEvent.Type.MouseButtonPress, start)
    send_mouse(viewport, QEvent.Type.MouseMove, start + QPoint(6, -20), Qt.MouseButton.NoButton)
    return start


def let_go(window, at: QPoint) -> None:
    viewport = window.view.viewport()
    send_mouse(viewport, QEvent.Type.MouseButtonRelease, at, LEFT, Qt.MouseButton.NoButton)


def button(window, words: str):
    [found] = [b for b in window.action_bar.buttons if b.text().endswith(words)]
    return found


def test_the_board_is_drawn_as_lines_with_its_cell_names(qtbot):
    window = open_game(qtbot, "janken-go", (HUMAN, HUMAN))
    [grid] = window.board.layout.grids
    assert grid.look == "lines" and (grid.cols, grid.rows) == (9, 9)
    assert grid.columns == tuple("abcdefghi") and grid.row_names[-1] == "9"
    # A crossing (e5's middle, empty) is drawn in line ink, a point between lines in wood.
    x, y, w, h = grid.rect
    cw, ch = w / 9, h / 9
    image = QImage(int(w) + 40, int(h) + 40, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    window.board.render(
        painter, QRectF(0, 0, w + 40, h + 40), QRectF(x - 20, y - 20, w + 40, h + 40)
    )
    painter.end()
    crossing = image.pixelColor(int(20 + 4.5 * cw), int(20 + 4.5 * ch))
    between = image.pixelColor(int(20 + 4.75 * cw), int(20 + 4.25 * ch))
    assert crossing.lightness() < 90 < between.lightness()


def test_a_piece_picked_up_lights_its_steps_and_the_turn_counts_them(qtbot):
    window = open_game(qtbot, "janken-go", (HUMAN, HUMAN))
    session = window.session
    assert "steps left this turn: 3" in window.scores.text().splitlines()
    assert {b.text().split(" ", 1)[1] for b in window.action_bar.buttons} == set()
    start = pick_up(window, face_on(window, "b1"))  # Blue's Scissors
    assert glowing(window) == {"a1", "b2"}
    let_go(window, start)
    assert not glowing(window)
    drag_face(window, face_on(window, "b1"), place_of(window, "b2").place.centre)
    assert session.moves[-1].text == "step S b1 b2"
    assert "steps left this turn: 2" in window.scores.text().splitlines()
    assert session.match.state.to_move == 0  # the turn goes on
    assert button(window, "end turn") and button(window, "take back")


def test_a_wall_from_the_hand_lights_the_empty_cells_and_is_placed_by_a_drag(qtbot):
    window = open_game(qtbot, "janken-go", (HUMAN, HUMAN))
    session = window.session
    [wall] = [f for f in window.board.faces if f.what == "wall" and f.place.in_hand][-1:]
    targets = {str(k[-1]) for k in session.drags().targets_of("wall", ("reserve", 0))}
    assert len(targets) == 81 - 14 and "e5" in targets
    drag_face(window, wall, place_of(window, "e5").place.centre)
    assert session.moves[-1].text == "place wall at e5"
    assert "Wall placed this turn: yes" in window.scores.text().splitlines()
    assert not session.drags().targets_of("wall", ("reserve", 0))  # one Wall a turn
    assert session.drags().targets_of("wall", ("board", _cell("e5")))  # it may step


def test_end_turn_and_take_back_are_buttons_of_the_action_bar(qtbot):
    window = open_game(qtbot, "janken-go", (HUMAN, HUMAN))
    session = window.session
    drag_face(window, face_on(window, "d1"), place_of(window, "d2").place.centre)
    qtbot.mouseClick(button(window, "take back"), Qt.MouseButton.LeftButton)
    assert session.moves[-1].text == "take back"
    assert face_on(window, "d1").what == "R" and session.match.state.var("steps_left") == 3
    drag_face(window, face_on(window, "d1"), place_of(window, "d2").place.centre)
    qtbot.mouseClick(button(window, "end turn"), Qt.MouseButton.LeftButton)
    assert session.moves[-1].text == "end turn"
    assert session.match.state.to_move == 1
    assert QPointF(*place_of(window, "d2").place.centre)  # the piece stays on d2
    assert face_on(window, "d2").what == "R"


def test_taking_back_the_turn_writes_one_line_in_the_log(qtbot):
    window = open_game(qtbot, "janken-go", (HUMAN, HUMAN))
    drag_face(window, face_on(window, "d1"), place_of(window, "d2").place.centre)
    before = window.log.lines()
    assert before[-1] == "Blue: step R d1 d2"
    qtbot.mouseClick(button(window, "take back"), Qt.MouseButton.LeftButton)
    assert window.log.lines() == [*before, "Blue: take back"]
