"""Switch to house rules: the enforced table becomes a free one, every card where it lay."""

from __future__ import annotations

import random

import pytest
from game_windows import open_game, play_at_random
from test_game_play import drag_move, wait_for_person

from vtt.table import CardPiece, Stack, Token
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import Qt


def centre(rect) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def loose_at(table, shift=(0.0, 0.0)) -> dict[tuple[float, float], object]:
    """The loose objects of a free table by their centre, less ``shift`` (back where the
    game window showed them)."""
    dx, dy = shift
    return {
        (o.x - dx, o.y - dy): o
        for o in table.objects.values()
        if o.parent is None and o.KIND != "hand"
    }


def moved_by(layout, table) -> tuple[float, float]:
    """How far the free table moved the game's places (the first mark is the first place
    that lies on the table: every place but the hands)."""
    first = next(place for key, place in layout.places.items() if key[0] != "hand")
    mark = table.marks[0]
    assert (mark.width, mark.height) == first.rect[2:]
    return mark.x - first.rect[0], mark.y - first.rect[1]


def switched(qtbot, window):
    window.house_action.trigger()
    free = window.free_table
    qtbot.addWidget(free)
    assert not window.isVisible() and free.isVisible()
    return free.session.table


def test_tic_tac_rock_keeps_board_cards_in_place_and_hands_private(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), seed=2)
    session = window.session
    chooser = random.Random(1)
    for _ in range(3):
        wait_for_person(qtbot, window)
        drag_move(window, chooser)
    wait_for_person(qtbot, window)
    state = session.match.state
    board = {
        centre(face.face.rect): face.what
        for face in window.board.faces
        if face.place.kind == "cell" and face.what is not None
    }
    assert board
    layout = window.board.layout
    table = switched(qtbot, window)
    on_table = loose_at(table, moved_by(layout, table))
    for spot, what in board.items():
        found = on_table[spot]
        top = table.get(found.top) if isinstance(found, Stack) else found
        assert isinstance(top, CardPiece) and top.face == what and top.face_up
    for seat in range(2):
        hand = [table.get(cid).face for cid in table.hand(seat).contents]
        assert hand == [str(card) for card in state.zone("hand")[seat]]
    assert len(table.cards()) == len(list(state.components()))
    assert [s.name for s in table.seats] == list(session.names)


def test_war_face_down_stacks_stay_face_down_and_face_up_cards_face_up(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=4)
    for _ in range(3):
        wait_for_person(qtbot, window)
        window.make_action(0)
    wait_for_person(qtbot, window)
    state = window.session.match.state
    stock_place = window.board.layout.places[("stock", 0)]
    won = [str(c) for seat in range(2) for c in state.zone("won")[seat]]
    layout = window.board.layout
    table = switched(qtbot, window)
    stack = loose_at(table, moved_by(layout, table))[centre(stock_place.faces[-1].rect)]
    assert isinstance(stack, Stack)
    cards = [table.get(cid) for cid in stack.contents]
    assert [c.face for c in cards] == [str(c) for c in state.zone("stock")[0]]
    assert not any(c.face_up for c in cards)
    face_up = sorted(c.face for c in table.cards() if c.parent is None and c.face_up)
    assert face_up == sorted(won) and won


def test_jantori_pieces_become_tokens_on_their_cells(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER), seed=3)
    chooser = random.Random(2)
    drag_move(window, chooser)
    wait_for_person(qtbot, window)
    placed = {
        centre(f.face.rect): f.face.component
        for f in window.board.faces
        if f.place.key[0] == "board"
    }
    assert len(placed) == 2
    layout = window.board.layout
    table = switched(qtbot, window)
    on_table = loose_at(table, moved_by(layout, table))
    for spot, piece in placed.items():
        token = on_table[spot]
        assert isinstance(token, Token) and token.face == f"suit-{piece.kind}"
        assert token.owner == piece.owner
    assert sum(isinstance(o, Token) for o in table.objects.values()) == 24


def test_the_free_table_seats_keep_their_names_and_colours(qtbot):
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN, "#123456"), SeatChoice("Ben", HUMAN))
    window = GameWindow(GameSetup("jantori", seats, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    window.show()
    table = switched(qtbot, window)
    # Ben chose no colour: he sits at JANTORI's Black seat and wears black.
    assert [(s.name, s.colour) for s in table.seats] == [("Ann", "#123456"), ("Ben", "#262626")]


def _on_the_felt_clear_of_the_plates(table) -> None:
    """Every loose piece lies whole on the felt, and none on a seat's name plate."""
    from vtt.ui.items import SIZES
    from vtt.ui.qt import QPointF, QRectF
    from vtt.ui.scene import FELT, seat_plate

    plates = [seat_plate(seat, len(table.seats)) for seat in range(len(table.seats))]
    for piece in table.on_table():
        size = SIZES[piece.KIND]
        body = QRectF(QPointF(piece.x, piece.y) - QPointF(size.width(), size.height()) / 2, size)
        assert FELT.contains(body), (piece.describe(), body)
        assert not any(plate.intersects(body) for plate in plates), piece.describe()


def test_two_boards_lie_on_the_felt_with_their_cells_drawn(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=2, options={"boards": 2})
    layout = window.board.layout
    table = switched(qtbot, window)
    _on_the_felt_clear_of_the_plates(table)
    cells = sorted(m.label for m in table.marks if m.at_foot)
    assert cells == sorted(2 * [f"{c}{r}" for c in "abc" for r in "123"])
    assert "draw pile" in {m.label for m in table.marks}  # named as the game window names it
    shift = moved_by(layout, table)
    # the marks lie where the places were, moved together
    lying = [p for k, p in layout.places.items() if k[0] != "hand"]
    for mark, place in zip(table.marks, lying, strict=True):
        assert (mark.x - shift[0], mark.y - shift[1]) == pytest.approx(place.rect[:2])


def test_a_game_started_under_house_rules_lies_on_the_felt(qtbot, window):
    from vtt.ui.game.session import GameSetup, SeatChoice

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    free = window.open_game(GameSetup("tic-tac-rock", seats, {}, 3, enforced=False))
    qtbot.addWidget(free)
    table = free.session.table
    _on_the_felt_clear_of_the_plates(table)
    assert len([m for m in table.marks if m.at_foot]) == 9


def test_jantori_piles_of_pieces_become_piles_of_tokens(qtbot):
    """A cell holding a captured piece under another switches without error."""
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN), seed=5)
    session = window.session
    chooser = random.Random(4)
    piled = {}
    for _ in range(40):
        board = session.match.state.zone("board")
        piled = {cell: stack for cell, stack in board.items() if len(stack) > 1}
        if piled or session.match.state.outcome is not None:
            break
        moves = list(session.match.state.legal_moves)
        onto = [m for m in moves if board[m.values[1]]]
        session.play(chooser.choice(onto or moves))
    assert piled, "no cell holds two pieces"
    layout = window.board.layout
    table = switched(qtbot, window)
    assert table.problems() == []
    assert sum(isinstance(o, Token) for o in table.objects.values()) == 24
    dx, dy = moved_by(layout, table)
    for cell, stack in piled.items():
        x, y, w, h = layout.places[("board", cell)].faces[-1].rect
        here = [
            o
            for o in table.on_table()
            if isinstance(o, Token) and abs(o.x - (x + w / 2 + dx)) < 1 and o.parent is None
        ]
        mine = sorted(here, key=lambda o: o.z)
        near = [o for o in mine if abs(o.y - (y + h / 2 + dy)) < 5 * len(stack)]
        assert [o.face for o in near] == [f"suit-{p.kind}" for p in stack]


def _house_cases() -> list[tuple[str, int, dict]]:
    from test_every_pack_table import PACK_CASES

    return PACK_CASES


@pytest.mark.parametrize(("pack", "players", "options"), _house_cases())
def test_every_pack_under_house_rules_lies_on_the_felt(qtbot, window, pack, players, options):
    """Switched mid-game or started with the rules not enforced, every pack of every
    size lies whole on the free table's felt, clear of the name plates, its marks too."""
    from vtt.rules import load_game
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.qt import QRectF
    from vtt.ui.scene import FELT

    names = load_game(pack).seat_labels(players)
    seats = tuple(SeatChoice(name, HUMAN) for name in names)
    free = window.open_game(GameSetup(pack, seats, dict(options), 3, enforced=False))
    qtbot.addWidget(free)
    for table in (free.session.table, _switched_after_moves(qtbot, pack, names, options)):
        _on_the_felt_clear_of_the_plates(table)
        for mark in table.marks:
            body = QRectF(mark.x, mark.y, mark.width, mark.height)
            assert FELT.contains(body), (pack, mark.label, body)


def _switched_after_moves(qtbot, pack, names, options):
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = tuple(SeatChoice(name, HUMAN) for name in names)
    window = GameWindow(GameSetup(pack, seats, dict(options), 3), pause_ms=5)
    qtbot.addWidget(window)
    window.show()
    play_at_random(window, 8, seed=5)
    return switched(qtbot, window)


def test_house_rules_keep_the_person_at_the_screen_and_the_cover(qtbot):
    """The game's hands lie in the free table's hands: the person at the screen keeps it,
    with their own hand shown, or behind the screen while the game's cover is up."""
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4)
    chooser = random.Random(3)
    while window.session.viewer != 1:  # the second person takes the screen
        assert window.play(chooser.choice(list(window.session.match.state.legal_moves)))
        qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    switched(qtbot, window)
    free = window.free_table.session
    assert free.active_seat == 1 and not free.covered
    again = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4, take_screen=False)
    assert again.cover.isVisible()
    switched(qtbot, again)
    covered = again.free_table.session
    assert covered.active_seat == again.session.viewer and covered.covered


def test_a_game_between_computers_goes_on_under_house_rules_too(qtbot):
    """Nobody at the screen plays a seat: the game still lies on the free table, every
    card where it was (the window's seats are all at this screen)."""
    window = open_game(qtbot, "war", (COMPUTER, COMPUTER), seed=4, take_screen=False)
    window.computers.stop()
    table = switched(qtbot, window)
    cards = [c for c in table.cards() if isinstance(c, CardPiece)]
    assert len(cards) == len(list(window.session.match.state.components()))
