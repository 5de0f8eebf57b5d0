"""The cards of the person's hand, through real mouse and key events: a card the rules do
not let them play now is dimmed with the rules' reason, and can still be picked up to be
told why where it is dropped."""

from __future__ import annotations

from game_windows import drag_face, open_game
from gestures import LEFT, key, paint_windows, send_mouse

from vtt.janken import Card
from vtt.resources import user_data_dir
from vtt.rules.values import Cell
from vtt.ui.game.handorder import DEALT, by_name, chosen_order, keep_order
from vtt.ui.game.items import FaceItem
from vtt.ui.game.pace import choose_pace, chosen_pace
from vtt.ui.game.session import HUMAN
from vtt.ui.game.settings import read_settings, write_setting
from vtt.ui.qt import QApplication, QContextMenuEvent, QEvent, QPointF, Qt

FOUR = (HUMAN,) * 4


def hand_faces(window) -> list[FaceItem]:
    """The faces of the hand area, left to right."""
    faces = [f for f in window.board.faces if f.place.in_hand]
    return sorted(faces, key=lambda f: f.sceneBoundingRect().left())


def take_screen(qtbot, window) -> None:
    """The next person at the screen clicks the cover away."""
    if window.cover.isVisible():
        qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)


def must_follow(qtbot):
    """A game of Stones between four people at one screen, the second player to move to
    a trick led with a suit they hold, and other suits too; the window and the led suit."""
    for seed in range(1, 40):
        window = open_game(qtbot, "stones", FOUR, seed=seed)
        session = window.session
        while session.match.state.phase == "bid":
            assert window.play("bid 3")
            take_screen(qtbot, window)
        assert window.play(str(session.match.state.legal_list()[0]))  # the lowest Paper leads
        take_screen(qtbot, window)
        state = session.match.state
        led = state.zone("trick")[0].suit
        suits = {card.suit for card in state.zone("hand")[state.to_move]}
        if led in suits and len(suits) > 1:
            return window, led
        window.close()
    raise AssertionError("no seed deals the second player the led suit and another")


def test_a_card_that_may_not_be_played_is_dimmed_with_the_rules_reason(qtbot):
    window, led = must_follow(qtbot)
    reason = f"You must follow suit: you hold a {led.title} card"
    faces = hand_faces(window)
    off = [f for f in faces if f.face.component.suit != led]
    on = [f for f in faces if f.face.component.suit == led]
    assert off and on
    assert all(f.barred == reason and reason in f.toolTip() for f in off)
    assert all(not f.barred and f.toolTip() == f.what for f in on)


def test_an_off_suit_card_dropped_on_the_trick_goes_back_with_the_packs_reason(qtbot):
    window, led = must_follow(qtbot)
    session = window.session
    moves = list(session.moves)
    face = next(f for f in hand_faces(window) if f.face.component.suit != led)
    home, what = face.pos(), face.what
    trick = window.board.places[("trick",)]
    drag_face(window, face, trick.place.centre)
    assert window.message.text() == f"You must follow suit: you hold a {led.title} card"
    assert session.moves == moves  # nothing was played
    assert face.pos() == home and face.place.in_hand
    assert what in {str(c) for c in session.match.state.zone("hand")[session.match.state.to_move]}
    # Let go off the table's places, it goes back with the same reason.
    drag_face(window, face, window.board.layout.felt[:2])
    assert window.message.text() == f"You must follow suit: you hold a {led.title} card"
    assert face.pos() == home and session.moves == moves
    # A card of the led suit is played by the same drag.
    good = next(f for f in hand_faces(window) if f.face.component.suit == led)
    card = good.what
    drag_face(window, good, trick.place.centre)
    assert session.moves[-1].text == f"play {card}"


def test_each_card_of_the_trick_wears_the_name_of_its_player(qtbot):
    window = open_game(qtbot, "stones", FOUR, seed=5, names=("Ann", "Ben", "Cat", "Dan"))
    session = window.session
    while session.match.state.phase == "bid":
        assert window.play("bid 2")
        take_screen(qtbot, window)
    movers = []
    for _ in range(3):
        movers.append(session.names[session.match.state.to_move])
        assert window.play(str(session.match.state.legal_list()[0]))
        take_screen(qtbot, window)
        paint_windows()
        trick = sorted(
            (f for f in window.board.faces if f.place.key == ("trick",)),
            key=lambda f: f.face.index,
        )
        assert [f.player[0] for f in trick] == movers
        assert all(f.toolTip() == f"{f.what}, played by {f.player[0]}" for f in trick)
    # The seat's colour edges its name.
    seat = session.names.index(movers[0])
    assert trick[0].player[1] == session.colours[seat]
    # No card elsewhere is named: the hands' and the pile set aside.
    assert all(f.player is None for f in window.board.faces if f.place.key != ("trick",))


def shown_hand(window) -> list[str]:
    """The cards of the hand area as the person sees them, left to right."""
    return [face.what for face in hand_faces(window)]


def test_the_hand_is_sorted_by_the_key_and_kept_for_the_game_only_on_the_screen(qtbot):
    window = open_game(qtbot, "stones", FOUR, seed=5)
    session = window.session
    seat = session.viewer
    dealt = [str(card) for card in session.match.state.zone("hand")[seat]]
    assert shown_hand(window) == dealt  # as dealt, until the person chooses
    moves, state = list(session.moves), session.match.state.copy()
    cards = [Card.parse(text) for text in dealt]
    by_suit = [str(c) for c in sorted(cards, key=lambda c: (c.is_joker, c.suit, c.rank))]
    by_rank = [str(c) for c in sorted(cards, key=lambda c: (c.is_joker, c.rank, c.suit))]
    for wanted in (by_suit, by_suit[::-1], by_rank, by_rank[::-1], dealt):
        key(window.view, Qt.Key.Key_S, text="s")
        assert shown_hand(window) == wanted
        assert session.match.state == state and session.moves == moves  # the game is untouched
    key(window.view, Qt.Key.Key_S, text="s")
    assert window.message.text() == "The hand is shown by suit, then rank"
    # The slots stay where they were: the first card lies where the first card lay.
    assert [f.pos() for f in hand_faces(window)] == sorted(
        (f.pos() for f in hand_faces(window)), key=lambda p: p.x()
    )
    # A card played from the sorted hand is the card dragged, in the pack's notation.
    while session.match.state.phase == "bid":
        assert window.play("bid 2")
        take_screen(qtbot, window)
    mover = session.match.state.to_move
    legal = {m.text for m in session.match.state.legal_list()}
    face = next(f for f in hand_faces(window) if f"play {f.what}" in legal)
    card = face.what
    drag_face(window, face, window.board.places[("trick",)].place.centre)
    assert session.moves[-1].text == f"play {card}"
    assert card not in {str(c) for c in session.match.state.zone("hand")[mover]}
    # Another game of Stones opens with the hand by suit (a pace chosen meanwhile keeps
    # it); another pack, as dealt.
    choose_pace("fast")
    again = open_game(qtbot, "stones", FOUR, seed=6)
    mine = [Card.parse(f.what) for f in hand_faces(again)]
    assert mine == sorted(mine, key=lambda c: (c.is_joker, c.suit, c.rank))
    other = open_game(qtbot, "green-queen", FOUR, seed=6)
    seat = other.session.viewer
    assert shown_hand(other) == [str(c) for c in other.session.match.state.zone("hand")[seat]]


def test_the_hand_areas_menu_orders_the_hand(qtbot):
    window = open_game(qtbot, "green-queen", FOUR, seed=3)
    view = window.hand_view
    face = hand_faces(window)[0]
    at = view.mapFromScene(face.sceneBoundingRect().center())
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, at, view.viewport().mapToGlobal(at))
    QApplication.sendEvent(view.viewport(), event)
    menu = view.context_menu
    assert menu is not None and menu.isVisible()
    labels = [a.text().replace("&", "") for a in menu.actions() if a.isCheckable()]
    assert labels == [
        "As dealt",
        "By suit, then rank",
        "By suit, then rank, reversed",
        "By rank, then suit",
        "By rank, then suit, reversed",
    ]
    checked = [a.text().replace("&", "") for a in menu.actions() if a.isChecked()]
    assert checked == ["As dealt"]
    rank = next(a for a in menu.actions() if a.text().replace("&", "") == "By rank, then suit")
    rank.trigger()
    menu.close()
    shown = [Card.parse(text) for text in shown_hand(window)]
    assert shown == sorted(shown, key=lambda c: (c.is_joker, c.rank, c.suit))
    # Picking the cards to pass goes on in the sorted hand: a click picks the card shown.
    first = hand_faces(window)[0]
    rect = first.sceneBoundingRect()
    at = view.mapFromScene(QPointF(rect.left() + 12, rect.center().y()))
    send_mouse(view.viewport(), QEvent.Type.MouseButtonPress, at, LEFT, LEFT)
    send_mouse(view.viewport(), QEvent.Type.MouseButtonRelease, at, LEFT, Qt.MouseButton.NoButton)
    assert window.session.picked == {first.what}


def test_a_fanned_discard_pile_names_its_top_card_on_a_plate_and_every_card_on_hover(qtbot):
    window = open_game(qtbot, "jokers-wild", (HUMAN,) * 3, seed=3)
    session = window.session
    movers = []
    while len(movers) < 5:
        plays = [m for m in session.match.state.legal_list() if m.text.startswith("play ")]
        assert plays and not session.over
        movers.append(session.names[session.match.state.to_move])
        assert window.play(str(plays[0]))
        take_screen(qtbot, window)
    pile = sorted(
        (f for f in window.board.faces if f.place.key == ("discard",)),
        key=lambda f: f.face.index,
    )
    played = pile[-len(movers) :]
    assert [f.toolTip() for f in played] == [
        f"{f.what}, played by {name}" for f, name in zip(played, movers, strict=True)
    ]
    # The cards overlap: only the top one's foot shows, with its player's plate.
    assert [f.player is not None for f in pile] == [False] * (len(pile) - 1) + [True]
    assert pile[-1].player[0] == movers[-1]


def test_in_jokers_wild_a_card_that_matches_nothing_is_dimmed_with_the_packs_reason(qtbot):
    window = open_game(qtbot, "jokers-wild", (HUMAN,) * 3, seed=3)
    session = window.session
    top = str(session.match.state.zone("discard")[-1])
    legal = {
        m.text.split()[1] for m in session.match.state.legal_list() if m.text.startswith("play ")
    }
    faces = hand_faces(window)
    dimmed = [f for f in faces if f.barred]
    assert dimmed and len(dimmed) < len(faces)
    assert {f.what for f in dimmed} == {f.what for f in faces} - legal
    for face in dimmed:
        assert face.barred.startswith(f"{face.what} cannot go on {top}: ")
        assert face.barred.endswith(" and the ranks differ")


def test_a_hand_shown_in_another_order_is_no_change_to_point_at(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN), seed=3)
    board, session = window.board, window.session
    key(window.view, Qt.Key.Key_S, text="s")
    assert board.hand_order.name == "suit"
    session.play("place P at b3")
    # Black's pieces in hand now lie in the hand area, in the order chosen; only the cell
    # and White's reserve wear the gold edge of the last move.
    recent = {at for at, item in board.places.items() if item.recent}
    assert recent == {("board", Cell.parse("b3")), ("reserve", 0)}


def test_each_games_order_is_kept_beside_the_pace_and_a_spoilt_file_reads_as_dealt():
    keep_order("stones", by_name("rank-reversed"))
    choose_pace("slow")
    keep_order("war", by_name("suit"))
    assert chosen_order("stones").name == "rank-reversed"
    assert chosen_order("war").name == "suit" and chosen_pace().name == "slow"
    assert chosen_order("jantori") is DEALT
    write_setting("hand order", ["not", "a", "table"])
    assert chosen_order("stones") is DEALT and chosen_pace().name == "slow"
    (user_data_dir() / "game-settings.json").write_text("{not json", "utf-8")
    assert read_settings() == {} and chosen_order("stones") is DEALT
    keep_order("stones", by_name("suit"))  # written afresh
    assert chosen_order("stones").name == "suit"
