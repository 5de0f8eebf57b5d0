"""One table: an enforced game is played on the free table's felt, view and art."""

from __future__ import annotations

from game_windows import drag_face, open_game
from gestures import LEFT, drag_pixels, paint_windows, send_mouse
from test_game_play import own_face

from vtt.rules.values import Cell
from vtt.ui.game.places import EDGE, LABEL_PX
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import (
    QApplication,
    QColor,
    QEvent,
    QFontMetricsF,
    QImage,
    QPainter,
    QPoint,
    QPointF,
    QRectF,
    Qt,
    QWheelEvent,
)

WAIT_MS = 60_000  # for what will happen: a busy machine is slow, never wrong


def wheel(view, at: QPoint, notches: int) -> None:
    """Turn the mouse wheel over a point of the view."""
    event = QWheelEvent(
        QPointF(at),
        QPointF(view.viewport().mapToGlobal(at)),
        QPoint(),
        QPoint(0, 120 * notches),
        Qt.MouseButton.NoButton,
        Qt.KeyboardModifier.NoModifier,
        Qt.ScrollPhase.NoScrollPhase,
        False,
    )
    QApplication.sendEvent(view.viewport(), event)
    paint_windows()


def test_the_game_is_drawn_by_the_free_tables_scene_and_view(qtbot):
    from vtt.ui.scene import FeltScene, TableScene
    from vtt.ui.view import FeltView, TableView

    window = open_game(qtbot, "war", (HUMAN, COMPUTER))
    assert isinstance(window.board, FeltScene) and issubclass(TableScene, FeltScene)
    assert isinstance(window.view, FeltView) and issubclass(TableView, FeltView)
    # The rim and felt are painted under the places, the felt sized for them.
    felt = window.board.felt
    places = [item.sceneBoundingRect() for item in window.board.places.values()]
    assert all(felt.contains(rect) for rect in places if rect.top() < 10000)
    image = QImage(window.view.viewport().size(), QImage.Format.Format_RGB32)
    painter = QPainter(image)
    window.view.render(painter)
    painter.end()
    rim = window.view.mapFromScene(QPointF(felt.center().x(), felt.top() - 20))
    wood = QColor(image.pixel(rim))
    assert wood.red() > wood.green() > wood.blue()  # brown wood round the green felt
    middle = QColor(image.pixel(window.view.mapFromScene(felt.center())))
    assert middle.green() > middle.red()


def test_the_wheel_zooms_and_a_drag_on_the_felt_pans_and_moves_keep_it(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=4)
    view = window.view
    zoom = view.zoom()
    centre = view.viewport().rect().center()
    wheel(view, centre, 3)
    assert view.zoom() > zoom * 1.5
    zoomed = view.zoom()
    before = view.mapToScene(centre)
    empty = view.mapFromScene(window.board.felt.topLeft() + QPointF(30, 30))
    drag_pixels(view.viewport(), empty, empty + QPoint(120, 80))
    after = view.mapToScene(centre)
    assert after.x() < before.x() - 50 and after.y() < before.y() - 30  # the felt moved along
    assert window.play("flip")  # a move keeps the person's zoom and place
    assert view.zoom() == zoomed
    window.view.fit()
    assert view.zoom() == zoom


def test_seat_plates_lie_by_their_places_the_screens_seat_at_the_bottom(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), names=("Ann", "Ben"))
    plates = {name: rect for rect, name, _colour in window.board.plates()}
    assert set(plates) == {"Ann", "Ben"}
    assert plates["Ann"].top() > plates["Ben"].bottom()
    felt = window.board.felt
    assert felt.contains(plates["Ann"]) and felt.contains(plates["Ben"])
    theirs = window.board.places[("hand", 1)].sceneBoundingRect()
    assert plates["Ben"].bottom() <= theirs.top() < plates["Ben"].bottom() + 60


def test_the_largest_boards_draw_their_labels_larger_to_stay_readable(qtbot):
    # Janken Go on 13 lines and Corner to Corner on 8x8 for four are drawn small in the
    # window at its first size: their labels and the names on the board's edges came out
    # 8 pixels high. They are drawn larger, at least 11 pixels high.
    from vtt.ui.game.painting import label_font
    from vtt.ui.scene import PLATE_FONT

    for pack, players, options in (("janken-go", 2, {"size": 13}), ("corner-edge", 4, {"size": 8})):
        window = open_game(qtbot, pack, (HUMAN, *(COMPUTER,) * (players - 1)), options=options)
        window.computers.stop()
        assert window.size().width() <= 1300
        zoom = window.view.zoom()
        labels = [i for i in window.board.places.values() if i.place.kind != "cell"]
        assert labels
        for item in labels:
            if not item.place.in_hand:  # (the hand area is fitted on its own)
                assert item.font().pixelSize() * zoom >= 11, (pack, item.place.label)
        [board] = [g for g in window.board.layout.grids if g.columns]
        assert label_font(board.letters).pixelSize() * zoom >= 11, pack
        assert PLATE_FONT * window.board.plate_letters * zoom >= 11, pack  # the seats' names
        # The names on the board's edge have room: the edge grew with its letters.
        x, y, _w, h = board.rect
        left_of = [p.rect for p in window.board.layout.places.values() if p.rect[0] < x]
        assert all(r[1] > y + h or r[0] + r[2] < x - EDGE * board.letters for r in left_of)


def test_labels_are_whole_and_readable_at_the_first_zoom(qtbot):
    for pack, options in (
        ("war", {"mode": "five-card"}),
        ("war", {"mode": "classic"}),
        ("tic-tac-rock", {"blank_centre": True}),
        ("jantori", {}),
    ):
        window = open_game(qtbot, pack, (HUMAN, COMPUTER), options=options)
        assert window.size().width() <= 1300
        letters = window.board.layout.letters
        assert LABEL_PX * letters * window.view.zoom() >= 10, pack  # at least 10 pixels high
        for item in window.board.places.values():
            if item.place.kind == "cell":
                continue
            metrics = QFontMetricsF(item.font())
            texts = [*item.lines[:-1], item.lines[-1] + item.count_text()]
            room = item.label_room()
            for text in texts:
                assert metrics.horizontalAdvance(text) <= room.width(), (pack, text)
            assert room.right() <= item.rect().right() and room.left() >= item.rect().left()
            full = " ".join(item.lines)
            assert full == item.place.label or item.place.in_hand, full  # never cut short


def test_the_board_has_its_cell_names_on_its_edges(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    (grid,) = window.board.layout.grids
    assert grid.columns == ("a", "b", "c") and grid.row_names == ("1", "2", "3")
    x, y, w, h = grid.rect
    cells = QRectF(x, y, w, h)
    a1 = window.board.places[("board", Cell.parse("a1"))].rect()
    assert cells.contains(a1) and a1.bottom() == cells.bottom() and a1.left() == cells.left()

    def light_pixels(area: QRectF) -> int:
        image = QImage(int(area.width()), int(area.height()), QImage.Format.Format_RGB32)
        painter = QPainter(image)
        window.board.render(painter, QRectF(image.rect()), area)
        painter.end()
        found = 0
        for px in range(image.width()):
            for py in range(image.height()):
                if QColor(image.pixel(px, py)).lightness() > 200:
                    found += 1
        return found

    below = QRectF(x, y + h + 9, w / 3, 26)  # under column a: its letter
    left = QRectF(x - 36, y + h - h / 3, 26, h / 3)  # left of row 1: its number
    assert light_pixels(below) > 10 and light_pixels(left) > 10
    assert light_pixels(below.translated(0, 60)) == 0  # plain felt further down


def test_a_stack_shows_its_height(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN), seed=3)
    session = window.session
    board = session.match.state.zone("board")
    while max(len(stack) for stack in board.values()) < 2:  # until a piece covers one
        assert session.play(session.match.state.legal_list()[0])
        board = session.match.state.zone("board")
    window.uncover()
    heights = {cell: len(stack) for cell, stack in board.items() if stack}
    for face in window.board.faces:
        if face.place.key[0] == "board":
            assert face.height == heights[face.place.key[-1]]
    assert 2 in {face.height for face in window.board.faces}
    war = open_game(qtbot, "war", (HUMAN, COMPUTER))
    (stock,) = [f for f in war.board.faces if f.place.key == ("stock", 0)]
    assert stock.height == war.session.match.state.zone("stock")[0].__len__() > 1


def test_wars_places_keep_their_size_and_place_as_piles_grow(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=4)
    window.computers.stop()
    session = window.session

    def rects() -> dict:
        return {key: item.sceneBoundingRect() for key, item in window.board.places.items()}

    first = rects()
    for _ in range(80):
        if session.over:
            break
        assert session.play("flip")
        assert rects() == first
    won = window.board.places[("won", 0)].place.count + window.board.places[("won", 1)].place.count
    assert won > 10  # the piles did grow


def test_the_computers_card_slides_to_where_it_goes(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER), seed=3)
    board, session = window.board, window.session
    board.slide_ms = 600_000  # the slide is driven by the test: never over before it looks
    window.computers.pause_ms = 60_000  # the computer waits while we look
    face = own_face(window, "R")
    target = ("board", Cell.parse("b3"))
    drag_face(window, face, board.places[target].place.centre)
    assert [m.text for m in session.moves] == ["place R at b3"]
    assert board.slides == []  # the person's own piece is where they put it
    window.computers.pause_ms = 0
    window.computers.schedule()
    qtbot.waitUntil(lambda: len(session.moves) == 2, timeout=WAIT_MS)
    (slide,) = board.slides
    moved = [f for f in board.faces if f.pos() != f.home]
    assert len(moved) == 1
    (piece,) = moved
    played = session.moves[1].text  # "place S at c2"
    assert played.endswith(str(piece.place.key[-1])) and f" {piece.what} " in played
    theirs = board.places[("reserve", 1)].sceneBoundingRect()
    assert theirs.contains(piece.sceneBoundingRect().center())  # it starts in Black's reserve
    slide.setCurrentTime(slide.duration() // 2)
    assert not theirs.contains(piece.sceneBoundingRect().center())  # on its way
    slide.setCurrentTime(slide.duration())
    assert piece.pos() == piece.home and board.slides == []


def test_a_card_the_rules_move_slides_too_at_the_chosen_pace(qtbot):
    from vtt.ui.game.pace import chosen_pace

    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=4)
    window.computers.stop()
    slow = next(a for a in window.pace_actions.actions() if "Slow" in a.text())
    slow.trigger()
    assert window.board.slide_ms == 900 and chosen_pace().name == "slow"
    assert window.play("flip")  # the person's flip: a card from the stack to the battle
    (slide,) = window.board.slides
    (card,) = [f for f in window.board.faces if f.place.key == ("battle", 0)]
    stock = window.board.places[("stock", 0)].sceneBoundingRect()
    assert stock.contains(card.sceneBoundingRect().center())
    slide.setCurrentTime(slide.duration())
    assert card.pos() == card.home
    instant = next(a for a in window.pace_actions.actions() if "Instant" in a.text())
    instant.trigger()
    assert window.play("flip") and window.board.slides == []
    again = open_game(qtbot, "war", (HUMAN, COMPUTER))
    assert again.board.slide_ms == 0  # the pace is kept for the next game


def test_the_log_keeps_its_last_line_in_view(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=4)
    window.computers.stop()
    for _ in range(60):
        if window.session.over:
            break
        window.play("flip")
    paint_windows()
    bar = window.log.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()
    last = window.log.visualItemRect(window.log.item(window.log.count() - 1))
    assert window.log.viewport().rect().contains(last.center())


def test_the_side_panel_has_the_turn_the_moves_the_scores_and_the_log(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=4, names=("Ann", "Ben"))
    window.computers.stop()
    right_of_table = window.view.mapTo(window, QPoint(window.view.width(), 0)).x()
    for widget in (window.status, window.scores, window.log, *window.action_bar.buttons):
        assert widget.isVisible() and widget.mapTo(window, QPoint(0, 0)).x() >= right_of_table
    assert window.status.text().endswith("Ann to move · playing a round")
    assert [b.text() for b in window.action_bar.buttons] == ["&1 flip"]
    qtbot.mouseClick(window.action_bar.buttons[0], Qt.MouseButton.LeftButton)
    assert window.log.item(window.log.count() - 1).text() == "Ann: flip"


def test_a_pile_dropped_on_from_the_hand_area_takes_the_card(qtbot):
    # Five-card War: the hand lies in the hand area; a card dragged from it onto the
    # place for the chosen card is played, and leaves the hand.
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), options={"mode": "five-card"})
    window.computers.stop()
    session = window.session
    hand = window.board.places[("hand", 0)]
    assert hand.place.in_hand and window.hand_view.isVisible()
    face = next(f for f in window.board.faces if f.place.key == ("hand", 0))
    what = face.what
    drag_face(window, face, window.board.places[("chosen", 0)].place.centre)
    assert [m.text for m in session.moves] == [f"play {what}"]
    assert what not in [f.what for f in window.board.faces if f.place.key == ("hand", 0)]


def test_a_drag_let_go_in_the_hand_area_snaps_back(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), seed=2)
    window.computers.stop()
    face = next(f for f in window.board.faces if f.place.key == ("hand", 0))
    home = face.pos()
    hand = window.hand_view.viewport()
    start = window.hand_view.mapFromScene(face.sceneBoundingRect().center())
    send_mouse(hand, QEvent.Type.MouseButtonPress, start)
    send_mouse(hand, QEvent.Type.MouseMove, start + QPoint(200, 0), Qt.MouseButton.NoButton)
    send_mouse(
        hand, QEvent.Type.MouseButtonRelease, start + QPoint(200, 0), LEFT, Qt.MouseButton.NoButton
    )
    assert face.pos() == home and window.session.moves == []


def test_the_rules_window_keeps_designer_notes_in_a_section_of_their_own(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER))
    window.show_rules()
    rules = window.rules_window
    qtbot.addWidget(rules)
    assert [rules.tabs.tabText(i) for i in range(rules.tabs.count())] == [
        "Rules",
        "Designer notes",
    ]
    assert rules.tabs.currentWidget() is rules.text  # the rules for players come first
    players = rules.text.toPlainText()
    assert "Blank centre" in players and "three top cards" in players.lower()
    for note in ("RULINGS.md", "records/", "blank_centre", "wins_needed", "Notation"):
        assert note not in players, note
        assert note in rules.notes.toPlainText(), note


def test_long_moves_in_the_action_bar_are_shortened_with_their_whole_text_as_a_tip(qtbot):
    """Battlefront's attacks name many cards: a button says as much as fits, ending in
    '…', and tells the whole move when pointed at; many moves scroll, the log stays."""
    window = open_game(qtbot, "battlefront", (HUMAN, HUMAN, HUMAN), seed=1)
    buttons = window.action_bar.buttons
    assert len(buttons) > 9
    paint_windows()
    for n, button in enumerate(buttons, 1):
        text = button.text().replace("&", "")
        shown = button.shown_text()
        assert shown == text or (shown.endswith("…") and text.startswith(shown[:-1]))
        room = button.contentsRect().width()
        assert button.fontMetrics().horizontalAdvance(shown) <= room
        assert button.toolTip() == text.removeprefix(f"{n} ")
    assert any(b.shown_text().endswith("…") for b in buttons)  # (the test shows something)
    assert window.log.height() >= 120  # the log keeps room under a long list of moves


def test_every_packs_rules_for_players_leave_notation_records_and_rulings_to_the_notes():
    from pathlib import Path

    from vtt.ui.game.dialog import split_readme

    designers = ("notation", "records", "rulings", "for designers")
    for readme in sorted((Path(__file__).parents[3] / "rulesets").glob("*/README.md")):
        rules, _notes = split_readme(readme.read_text("utf-8"))
        headings = [line.lower() for line in rules.splitlines() if line.startswith("## ")]
        for heading in headings:
            assert not any(word in heading for word in designers), (readme.parent.name, heading)


def test_two_boards_are_named_above_them_as_the_log_names_them(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), options={"boards": 2})
    grids = sorted(window.board.layout.grids, key=lambda g: g.rect[0])
    assert [g.caption for g in grids] == ["Board 1", "Board 2"]
    for grid in grids:
        _x, y, _w, h = grid.caption_rect
        assert y + h < grid.rect[1]  # above the board, not over its cells
    # A single board needs no name.
    single = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER))
    assert [g.caption for g in single.board.layout.grids] == [""]


def test_the_moves_list_is_as_tall_as_its_moves(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), options={"mode": "classic"})
    (button,) = window.action_bar.buttons
    paint_windows()
    # No gap above or below the one move: the list is no taller than the button.
    assert window.action_bar.scroll.height() <= button.height() + 12
