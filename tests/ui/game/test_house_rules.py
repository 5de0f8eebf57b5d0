"""Switch to house rules: the enforced table becomes a free one, every card where it lay."""

from __future__ import annotations

import random

from game_windows import open_game
from test_game_play import drag_move, wait_for_person

from vtt.table import CardPiece, Stack, Token
from vtt.ui.game.session import COMPUTER, HUMAN


def centre(rect) -> tuple[float, float]:
    x, y, w, h = rect
    return x + w / 2, y + h / 2


def loose_at(table) -> dict[tuple[float, float], object]:
    """The loose objects of a free table by their centre."""
    return {(o.x, o.y): o for o in table.objects.values() if o.parent is None and o.KIND != "hand"}


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
    state = session.state
    board = {
        centre(face.face.rect): face.what
        for face in window.board.faces
        if face.place.kind == "cell" and face.what is not None
    }
    assert board
    table = switched(qtbot, window)
    on_table = loose_at(table)
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
    state = window.session.state
    stock_place = window.board.layout.places[("stock", 0)]
    won = [str(c) for seat in range(2) for c in state.zone("won")[seat]]
    table = switched(qtbot, window)
    stack = loose_at(table)[centre(stock_place.faces[-1].rect)]
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
    table = switched(qtbot, window)
    on_table = loose_at(table)
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
    assert [(s.name, s.colour) for s in table.seats] == [("Ann", "#123456"), ("Ben", "#3498db")]
