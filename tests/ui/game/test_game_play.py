"""Whole enforced games through real mouse events against the random agent."""

from __future__ import annotations

import random
import threading
from pathlib import Path

from game_windows import drag_face, open_game

from vtt.ai.agent import Budget
from vtt.ai.mcts import SearchAgent
from vtt.ai.random_agent import RandomAgent
from vtt.janken import Card
from vtt.rules.stdlib import rule_between
from vtt.rules.values import Cell
from vtt.ui.game.items import FaceItem
from vtt.ui.game.session import COMPUTER, HUMAN
from vtt.ui.qt import QColor, QPointF, Qt

WAIT_MS = 60_000  # for what will happen: a busy machine is slow, never wrong


def wait_for_person(qtbot, window) -> None:
    """Wait until the person is to move or the game is over (computers move meanwhile)."""
    session = window.session
    qtbot.waitUntil(lambda: session.human_to_move() or session.over, timeout=WAIT_MS)


def grip(face: FaceItem) -> QPointF:
    """A point of a face that no later face in its row covers: its left strip."""
    rect = face.sceneBoundingRect()
    return QPointF(rect.left() + 12, rect.center().y())


def own_face(window, what: str) -> FaceItem:
    """A face the person to move may drag, showing ``what``."""
    faces = [f for f in window.board.faces if f.what == what and window.view.can_drag(f)]
    assert faces, f"no draggable {what} on the board"
    return max(faces, key=lambda f: f.face.index)


def drag_move(window, chooser: random.Random) -> str:
    """Drag a random legal drag of the person to move onto its place; the move's text."""
    targets = window.session.drags().targets
    what = chooser.choice(sorted(targets))
    key = chooser.choice(sorted(targets[what], key=str))
    move = targets[what][key]
    centre = window.board.places[key].place.centre
    drag_face(window, own_face(window, what), centre)
    return move.text


def test_jantori_played_to_the_end_by_dragging_pieces(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER), seed=3)
    session = window.session
    chooser = random.Random(5)
    made = 0
    while True:
        wait_for_person(qtbot, window)
        if session.over:
            break
        before = len(session.moves)
        text = drag_move(window, chooser)
        assert session.moves[before].text == text
        made += 1
    assert made >= 1
    assert len(session.moves) == 24 or "no legal placement" in session.match.state.outcome.reason
    assert window.result.isVisible()
    winners = [session.names[w] for w in session.match.state.outcome.winners]
    assert winners[0] in window.result.label.text()
    window.result.again_button.click()
    assert not session.over and session.moves == [] and not window.result.isVisible()


def test_a_tic_tac_rock_round_played_by_dragging_cards(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), seed=2, options={"wins_needed": 1})
    session = window.session
    chooser = random.Random(1)
    for _ in range(200):
        wait_for_person(qtbot, window)
        if session.over:
            break
        before = len(session.moves)
        if session.drags().targets:
            text = drag_move(window, chooser)
        else:
            (button,) = window.action_bar.buttons
            text = session.drags().actions[0].text
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        assert session.moves[before].text == text
    assert session.over and window.result.isVisible()
    # One round decides the game (wins_needed 1): its winner wins, and the panel says so.
    outcome = session.match.state.outcome
    wins = session.match.state.var("wins")
    assert sorted(wins) == [0, 1] and outcome.winners == (wins.index(1),)
    winner = session.names[outcome.winners[0]]
    assert window.result.label.text() == f"{winner} won: {winner} won 1 round"


def test_an_illegal_drop_snaps_back_with_the_rule_and_changes_nothing(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    session = window.session
    before = session.match.state.copy()
    face = own_face(window, "R")
    home = face.pos()
    far = window.board.places[("board", Cell.parse("c3"))]
    drag_face(window, face, far.place.centre)
    assert window.message.text() == (
        "You can only place next to your marker on a3, "
        "or jump over Black's marker to the cell just beyond it"
    )
    assert session.match.state == before and session.moves == []
    assert face.pos() == home
    assert not any(item.legal for item in window.board.places.values())


def test_illegal_drops_of_pieces_give_each_of_the_packs_reasons(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN))
    session = window.session
    for text in ("place R at b3", "place S at c2", "place R at c3"):
        assert session.play(text)
        window.uncover()

    def drop(what: str, cell: str) -> str:
        target = window.board.places[("board", Cell.parse(cell))].place.centre
        drag_face(window, own_face(window, what), target)
        return window.message.text()

    assert drop("R", "c3") == "You cannot place on White's marker"  # Black to move
    assert session.play("place P at b2")
    window.uncover()
    assert drop("P", "c2") == "Your P does not beat Black's S on c2"  # White to move
    assert [m.text for m in session.moves] == [
        "place R at b3",
        "place S at c2",
        "place R at c3",
        "place P at b2",
    ]


def _unbeating_card(options: dict) -> tuple[int, str, str]:
    """A seed whose first player holds a card that does not beat the centre card: the
    seed, the card and the centre card."""
    from vtt.rules import Move, load_game

    game = load_game("tic-tac-rock")
    for seed in range(40):
        state = game.new_state(options, seed, players=2)
        top = state.zone("board")[0][Cell.parse("b2")][-1]
        for card in state.zone("hand")[state.to_move]:
            if Move(f"play {card} at b2") not in state.legal_moves:
                return seed, str(card), str(top)
    raise AssertionError("no seed deals a card that cannot cover the centre")


def test_illegal_drops_of_cards_give_the_packs_reasons(qtbot):
    seed, card, top = _unbeating_card({})
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=seed)
    session = window.session
    before = session.match.state.copy()
    face = own_face(window, card)
    home = face.pos()
    drag_face(window, face, window.board.places[("board", 0, Cell.parse("b2"))].place.centre)
    played, covered = Card.parse(card), Card.parse(top)
    why = "a suit never beats itself"
    if played.suit != covered.suit:
        why = rule_between(played, covered)
    assert window.message.text() == f"{card} does not beat {top} on b2: {why}"
    assert session.match.state == before and face.pos() == home
    closed = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), options={"centre_off_limits": True})
    centre = closed.board.places[("board", 0, Cell.parse("b2"))].place.centre
    what = sorted(closed.session.drags().targets)[0]
    drag_face(closed, own_face(closed, what), centre)
    assert closed.message.text() == (
        "The centre is off limits until the eight other spaces hold a card"
    )
    assert closed.session.moves == []


def test_a_card_dropped_where_no_move_puts_it_is_told_where_by_name(qtbot):
    # The rules name seats P1 and P2; the window says the names the players chose.
    options = {"mode": "five-card"}
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), options=options, names=("Ann", "Ben"))
    session = window.session
    what = sorted(session.drags().targets)[0]
    assert set(session.drags().targets[what]) == {("chosen", 0)}
    theirs = window.board.places[("chosen", 1)].place.centre
    drag_face(window, own_face(window, what), theirs)
    assert window.message.text() == f"{what} cannot go to Ben's chosen"
    battle = window.board.places[("battle", 0)].place.centre
    drag_face(window, own_face(window, what), battle)
    assert window.message.text() == f"{what} cannot go to Ann's battle"
    assert session.moves == []
    mine = window.board.places[("chosen", 0)].place.centre
    drag_face(window, own_face(window, what), mine)
    assert session.moves[0].text == f"play {what}"


def test_legal_places_glow_while_a_piece_is_dragged(qtbot):
    from gestures import LEFT, send_mouse, view_point

    from vtt.ui.qt import QEvent, QPoint

    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    piece = own_face(window, "P")
    assert piece.place.in_hand  # White's pieces in hand lie in the hand area
    hand = window.hand_view.viewport()
    start = view_point(window.hand_view, grip(piece))
    send_mouse(hand, QEvent.Type.MouseButtonPress, start)
    send_mouse(hand, QEvent.Type.MouseMove, start + QPoint(4, -30), Qt.MouseButton.NoButton)
    glowing = {str(key[-1]) for key, item in window.board.places.items() if item.legal}
    assert glowing == {"a2", "b3"}
    send_mouse(hand, QEvent.Type.MouseButtonRelease, start, LEFT, Qt.MouseButton.NoButton)
    assert not any(item.legal for item in window.board.places.values())
    assert window.session.moves == []


class ThreadRecordingAgent(RandomAgent):
    """A random agent that notes the thread each choice ran on."""

    def __init__(self) -> None:
        super().__init__(0)
        self.threads: list[int] = []

    def choose(self, view, legal_moves):
        self.threads.append(threading.get_ident())
        return super().choose(view, legal_moves)


def test_the_computer_chooses_off_the_gui_thread(qtbot):
    agent = ThreadRecordingAgent()
    window = open_game(qtbot, "jantori", (COMPUTER, HUMAN), agents={0: agent})
    qtbot.waitUntil(lambda: len(window.session.moves) == 1, timeout=WAIT_MS)
    assert agent.threads and threading.get_ident() not in agent.threads
    assert window.session.human_to_move()


def test_number_keys_make_the_action_bar_moves(qtbot):
    window = open_game(qtbot, "war", (HUMAN, COMPUTER), seed=4)
    session = window.session
    assert [m.text for m in session.drags().actions] == ["flip"]
    assert window.action_bar.buttons[0].text() == "&1 flip"
    qtbot.keyClick(window.view, Qt.Key.Key_1)
    assert session.moves[0].text == "flip"


def test_a_move_the_rules_refuse_is_told_in_the_message_line(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4)
    session = window.session
    assert not window.play("pass")
    assert window.message.text() == "You can play a card, so you cannot pass"
    assert session.moves == [] and window.action_bar.buttons == []


def test_the_screen_is_covered_when_it_passes_to_another_person(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4)
    session = window.session
    assert not window.cover.isVisible()
    mover = session.match.state.to_move
    first = session.drags()
    what = sorted(first.targets)[0]
    assert window.play(next(iter(first.targets[what].values())))
    assert window.cover.isVisible() and not window.view.isVisible()
    assert session.match.state.to_move == 1 - mover
    assert f"Pass the screen to {session.names[1 - mover]}" in window.cover.text()
    assert window.log.count() == 0 and not any(b.isVisible() for b in window.action_bar.buttons)
    qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    assert window.view.isVisible() and not window.cover.isVisible()
    assert session.viewer == 1 - mover and window.log.count() == len(session.moves)


def test_the_first_hand_of_a_game_between_people_waits_behind_the_cover(qtbot):
    """Nobody has the screen when the game opens: the first person takes it, as every
    later one does, so the other never sees the first hand."""
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN), seed=4, take_screen=False)
    session = window.session
    first = session.names[session.match.state.to_move]
    assert window.cover.isVisible() and not window.view.isVisible()
    assert f"Pass the screen to {first}" in window.cover.text()
    # The cover takes the table's whole place, a curtain, not a strip over an empty room.
    assert window.cover.height() > window.centralWidget().height() * 0.7
    assert window.log.count() == 0 and not any(b.isVisible() for b in window.action_bar.buttons)
    qtbot.keyClick(window.view, Qt.Key.Key_1)  # a number key makes no move behind it
    assert session.moves == []
    qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)
    assert window.view.isVisible() and not window.cover.isVisible()
    assert window.focusWidget() is window.view


def test_one_person_against_the_computer_sees_the_hand_at_once(qtbot):
    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), seed=4, take_screen=False)
    assert window.view.isVisible() and not window.cover.isVisible()


class BrokenAgent:
    """An agent with a bug."""

    def choose(self, view, legal_moves):
        raise RuntimeError("no idea")


def test_an_agent_that_fails_is_reported_and_the_window_lives_on(qtbot):
    window = open_game(qtbot, "jantori", (COMPUTER, HUMAN), agents={0: BrokenAgent()})
    qtbot.waitUntil(lambda: "could not choose" in window.message.text(), timeout=WAIT_MS)
    assert "RuntimeError: no idea" in window.message.text() and window.session.moves == []


class BlockedAgent:
    """An agent whose search does not end until the test lets it."""

    def __init__(self) -> None:
        self.asked = threading.Event()
        self.release = threading.Event()

    def choose(self, view, legal_moves):
        self.asked.set()
        self.release.wait()
        return legal_moves[0]


def test_closing_the_window_never_waits_for_the_computers_search(qtbot):
    """Closing while a computer seat thinks returns at once; the search it abandoned
    ends later, and its answer is dropped without harm."""
    agent = BlockedAgent()
    window = open_game(qtbot, "jantori", (COMPUTER, HUMAN), agents={0: agent})
    qtbot.waitUntil(agent.asked.is_set, timeout=WAIT_MS)
    choice = window.computers.choice
    assert window.close()
    assert not agent.release.is_set() and choice.thread.is_alive()  # closed while it thinks
    agent.release.set()
    choice.thread.join(WAIT_MS / 1000)
    assert choice.done.is_set()
    qtbot.wait(50)  # the answer comes to nobody: no move is made, nothing fails
    assert window.session.moves == []


class HeldSearch(SearchAgent):
    """A real search with a budget it would take hours to spend, that says when it began."""

    def __init__(self) -> None:
        super().__init__(Budget(iterations=10**9), seed=1)
        self.asked = threading.Event()

    def choose(self, view, legal_moves):
        self.asked.set()
        return super().choose(view, legal_moves)


def test_closing_the_window_cancels_the_computers_search(qtbot):
    """The abandoned search is told to stop (``cancel``): its thread ends within a move's
    work instead of spending its whole budget on a core nobody needs."""
    agent = HeldSearch()
    window = open_game(qtbot, "jantori", (COMPUTER, HUMAN), agents={0: agent})
    qtbot.waitUntil(agent.asked.is_set, timeout=WAIT_MS)
    choice = window.computers.choice
    assert window.close() and agent.cancelled
    choice.thread.join(WAIT_MS / 1000)
    assert not choice.thread.is_alive() and choice.move is not None and not choice.error
    qtbot.wait(50)
    assert window.session.moves == []


def test_places_are_named_with_the_packs_own_words(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, COMPUTER))
    assert window.board.places[("reserve", 0)].name == "White · pieces in hand"
    assert window.board.places[("board", Cell.parse("b2"))].place.label == "b2"


def test_the_log_names_players_as_they_were_seated(qtbot):
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    window = GameWindow(GameSetup("tic-tac-rock", seats, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    session = window.session
    move = next(iter(session.drags().targets.values()))
    session.play(next(iter(move.values())))
    window.uncover()  # the next person clicks the pass-the-screen cover away
    lines = [window.log.item(i).text() for i in range(window.log.count())]
    assert lines and lines[-1].startswith(("Ann: ", "Ben: "))
    assert not any(line.startswith(("P1: ", "P2: ")) for line in lines)
    assert session.moves[-1].text in lines[-1]  # the record keeps the pack's notation


def test_the_log_names_players_as_they_were_seated_in_the_rules_lines_too(qtbot):
    # "7R against 3P: Paper covers Rock, P2 wins" is written by the pack's own log
    # step with its seat name: the game is started with the names the players chose.
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("P10", HUMAN))
    window = GameWindow(GameSetup("war", seats, {"mode": "classic"}, 4), pause_ms=5)
    qtbot.addWidget(window)
    for _ in range(6):
        window.session.play("flip")
        window.uncover()
    lines = [window.log.item(i).text() for i in range(window.log.count())]
    rules_lines = [line for line in lines if " against " in line]
    assert rules_lines
    assert all(line.endswith(("Ann wins", "P10 wins", "war!")) for line in rules_lines), lines
    # No seat label is left as a word; "P10" (a name) is not taken for "P1" + "0".
    words = {word.strip(",.:!") for line in lines for word in line.split()}
    assert not words & {"P1", "P2"}, lines
    assert any(line.startswith("Ann: flip") for line in lines)


def test_the_result_names_players_as_they_were_seated(qtbot):
    # The rules' reason, "White has pieces left and no legal placement" with the
    # pack's seat names, is written with the chosen ones.
    from vtt.rules.records import load_record
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    records = Path(__file__).parents[3] / "rulesets" / "jantori" / "records"
    record = load_record(records / "stuck-loses.yaml")
    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    setup = GameSetup("jantori", seats, {}, 0, deal=record.deal)
    window = GameWindow(setup, pause_ms=5)
    qtbot.addWidget(window)
    assert window.session.match.state.outcome.reason.startswith("Ann has pieces left")
    text = window.result.label.text()
    assert text.startswith("Ben won: Ann has pieces left and no legal placement"), text
    assert window.status.text() == "Game over · Ann has pieces left and no legal placement"


def test_names_typed_with_spaces_or_twice_become_one_word_each(qtbot):
    # Moves and records write a seat as one word, so "Ann Lee" plays as "Ann-Lee".
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann Lee", HUMAN), SeatChoice("ann-lee", HUMAN))
    window = GameWindow(GameSetup("war", seats, {"mode": "classic"}, 4), pause_ms=5)
    qtbot.addWidget(window)
    session = window.session
    assert session.names == session.match.state.seat_names == ("Ann-Lee", "ann-lee-2")
    assert window.status.text().endswith("Ann-Lee to move · playing a round")
    session.play("flip")
    window.uncover()
    assert window.log.item(window.log.count() - 1).text() == "Ann-Lee: flip"


def shown_in(window, face):
    """The view a face shows in: the hand area for the hand at the screen, else the table."""
    return window.hand_view if face.place.in_hand else window.view


def move_over(window, face, mods=Qt.KeyboardModifier.NoModifier) -> None:
    """Move the mouse (no button held) over a face, where it shows."""
    from gestures import send_mouse, view_point

    from vtt.ui.qt import QEvent

    view = shown_in(window, face)
    still = Qt.MouseButton.NoButton
    send_mouse(
        view.viewport(), QEvent.Type.MouseMove, view_point(view, grip(face)), still, still, mods
    )


def test_alt_over_a_card_in_hand_shows_it_large(qtbot):
    from vtt.ui.qt import QApplication, QEvent, QKeyEvent

    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN))
    view = window.view
    mine = [f for f in window.board.faces if f.what is not None and view.can_drag(f)]
    hidden = [f for f in window.board.faces if f.what is None]
    assert mine and hidden  # my hand face up, the other hand face down
    assert all(f.place.in_hand for f in mine) and not any(f.place.in_hand for f in hidden)
    alt, none = Qt.KeyboardModifier.AltModifier, Qt.KeyboardModifier.NoModifier
    lens = window.hand_view.magnifier
    move_over(window, mine[-1], alt)
    assert lens.isVisible() and lens.asset == f"cards/{mine[-1].what}"
    move_over(window, mine[-1], none)
    assert not lens.isVisible()
    # Pressing Alt with the cursor already there shows it too; letting go hides it.
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyPress, Qt.Key.Key_Alt, alt))
    assert lens.isVisible()
    QApplication.sendEvent(view, QKeyEvent(QEvent.Type.KeyRelease, Qt.Key.Key_Alt, none))
    assert not lens.isVisible()
    # On the table, a card face up shows large; a face-down one shows nothing: the
    # magnifier never tells what is hidden.
    top = next(f for f in window.board.faces if f.place.kind == "cell" and f.what)
    move_over(window, top, alt)
    assert view.magnifier.isVisible() and view.magnifier.asset == f"cards/{top.what}"
    move_over(window, hidden[-1], alt)
    assert not view.magnifier.isVisible()


def _painted(item, at: tuple[int, int]) -> str:
    """The colour of one pixel of an item painted alone at scale 1 (``at`` from its corner)."""
    from vtt.ui.qt import QColor, QImage, QPainter

    rect = item.rect()
    image = QImage(int(rect.width()), int(rect.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("black"))
    painter = QPainter(image)
    painter.translate(-rect.left(), -rect.top())
    item.paint(painter, None)
    painter.end()
    return QColor(image.pixel(*at)).name()


def test_seats_wear_the_colours_chosen_for_them(qtbot):
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN, "#123456"), SeatChoice("Ben", HUMAN, "#3498db"))
    window = GameWindow(GameSetup("jantori", seats, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    assert window.session.colours == ("#123456", "#3498db")
    white = next(f for f in window.board.faces if f.place.key == ("reserve", 0))
    black = next(f for f in window.board.faces if f.place.key == ("reserve", 1))
    middle = int(white.rect().height() / 2)
    assert _painted(white, (3, middle)) == "#123456"  # the ring round White's pieces
    assert _painted(black, (3, middle)) == "#3498db"
    marker = window.board.places[("board", Cell.parse("a3"))]  # White's marker starts there
    assert marker.markers == [0]
    assert _painted(marker, (9, int(marker.rect().height() / 2))) == "#123456"
    assert "#123456" in window.status.text()  # the dot before "Ann to move"
    reserve = window.board.places[("reserve", 1)]  # whose place: a dot before its name
    room = reserve.label_room()
    dot = (int(room.left() - reserve.rect().left() - 7 - reserve.dot_size() / 2), 4 + 4 + 15)
    assert _painted(reserve, dot) == "#3498db"


def test_seats_named_after_colours_wear_them(qtbot):
    # JANTORI's seats are White and Black: so are their pieces, markers and plates,
    # unless the players choose other colours.
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("White", HUMAN), SeatChoice("Black", HUMAN))
    window = GameWindow(GameSetup("jantori", seats, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    white, black = window.session.colours
    assert QColor(white).lightness() > 220 and QColor(black).lightness() < 50
    theirs = next(f for f in window.board.faces if f.place.key == ("reserve", 1))
    ring = QColor(_painted(theirs, (3, int(theirs.rect().height() / 2))))
    assert ring.lightness() < 60  # Black's pieces wear a black ring
    plates = {name: colour for _rect, name, colour in window.board.plates()}
    assert plates == {"White": white, "Black": black}
    # Named anything else, the seats of a pack named after colours still wear them.
    renamed = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    window = GameWindow(GameSetup("jantori", renamed, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    assert window.session.colours == (white, black)
    war = GameWindow(GameSetup("war", renamed, {}, 2), pause_ms=5)
    qtbot.addWidget(war)
    assert war.session.colours == ("#e74c3c", "#3498db")  # P1 and P2: the usual colours


def test_the_new_game_dialog_offers_white_and_black_for_jantori(qtbot):
    from vtt.ui.game.dialog import NewGameDialog

    dialog = NewGameDialog()
    qtbot.addWidget(dialog)
    names = [entry.name for entry in dialog.packs]
    dialog.pack_list.setCurrentRow(names.index("JANTORI"))
    chosen = [colour.currentText() for _name, _kind, colour in dialog.seat_rows]
    assert chosen == ["White", "Black"]
    setup = dialog.setup()
    assert setup is not None and [seat.colour for seat in setup.seats] == ["#f4f1e8", "#262626"]


def test_vars_show_with_their_labels_and_seats_by_name(qtbot):
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    window = GameWindow(GameSetup("tic-tac-rock", seats, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    lines = window.scores.text().splitlines()
    assert "rounds won: Ann 0, Ben 0" in lines
    assert "dealer: Ann" in lines  # the pack says the dealer is a seat
    assert "rounds played: 0" in lines
    assert not any(line.startswith("playing on") for line in lines)  # one board: not listed
    window = GameWindow(GameSetup("tic-tac-rock", seats, {"boards": 2}, 2), pause_ms=5)
    qtbot.addWidget(window)
    assert "playing on Board: 1" in window.scores.text().splitlines()
    window = GameWindow(GameSetup("jantori", seats, {}, 2), pause_ms=5)
    qtbot.addWidget(window)
    assert "marker: Ann a3, Ben c1" in window.scores.text().splitlines()  # no label: its name


def test_war_lists_rounds_won_only_where_rounds_are_won(qtbot):
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    seats = (SeatChoice("Ann", HUMAN), SeatChoice("Ben", HUMAN))
    shown = {}
    for mode in ("classic", "aces-and-kings"):
        window = GameWindow(GameSetup("war", seats, {"mode": mode}, 2), pause_ms=5)
        qtbot.addWidget(window)
        shown[mode] = window.scores.text().splitlines()
    assert "rounds played: 0" in shown["classic"]
    assert not any(line.startswith("rounds won") for line in shown["classic"])
    assert "rounds won: Ann 0, Ben 0" in shown["aces-and-kings"]


def test_jantori_shows_the_points_as_they_stand_a_hidden_game_does_not(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN), seed=3)
    session = window.session
    assert "scores: White 0, Black 0" in window.scores.text().splitlines()
    session.play("place P at b3")  # a Paper is worth 5 to its owner while it is on top
    assert "scores: White 5, Black 0" in window.scores.text().splitlines()
    war = open_game(qtbot, "war", (HUMAN, HUMAN), options={"mode": "five-card"})
    assert not any(line.startswith("scores") for line in war.scores.text().splitlines())


def test_zones_a_mode_does_not_use_are_left_off_the_table(qtbot):
    def zones(pack: str, options: dict) -> set[str]:
        window = open_game(qtbot, pack, (HUMAN, HUMAN), options=options)
        return {key[0] for key in window.board.places}

    assert zones("war", {"mode": "classic", "jokers": True}) == {"stock", "battle", "spoils", "won"}
    assert zones("war", {"mode": "five-card"}) == {
        "pool",
        "hand",
        "chosen",
        "battle",
        "spoils",
        "won",
    }
    assert "blank" not in zones("tic-tac-rock", {})
    assert "blank" in zones("tic-tac-rock", {"blank_centre": True})


def test_a_zone_left_off_still_shows_when_something_is_in_it(qtbot):
    # Without Jokers 65 cards deal 32 each: the one left over stays in the deck zone,
    # which classic War does not use, so the window shows it rather than hide a card.
    window = open_game(qtbot, "war", (HUMAN, HUMAN), options={"mode": "classic"})
    assert len(window.session.match.state.zone("pool")) == 1
    assert ("pool",) in window.board.places
    assert [face.place.key for face in window.board.faces].count(("pool",)) == 1


def test_the_places_the_last_move_changed_wear_a_gold_edge(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN), seed=3)
    board, session = window.board, window.session

    def recent() -> set:
        return {key for key, item in board.places.items() if item.recent}

    assert recent() == set()  # nothing moved yet
    session.play("place P at b3")
    assert recent() == {("board", Cell.parse("b3")), ("reserve", 0)}
    window.refresh()  # drawn again without a move: still marked
    assert recent() == {("board", Cell.parse("b3")), ("reserve", 0)}
    edge = board.places[("reserve", 0)]
    at = (5, int(edge.rect().height() / 2))
    gold = QColor(_painted(edge, at))
    assert gold.red() > 150 and gold.green() > 120 and gold.blue() < 100  # a gold edge
    edge.recent = False
    assert _painted(edge, at) != gold.name()  # which an unchanged place does not have
    edge.recent = True
    session.play(session.match.state.legal_list()[0])
    assert ("board", Cell.parse("b3")) not in recent() and ("reserve", 1) in recent()
    session.undo()
    assert recent() == set()  # an undo is not a move to point at


def test_f1_opens_the_rules_of_the_game_being_played(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window.view, Qt.Key.Key_F1)
    rules = window.rules_window
    qtbot.addWidget(rules)
    assert rules.isVisible() and rules.windowTitle() == "Rules — JANTORI"
    assert "marker" in rules.text.toPlainText()  # the pack's README, in plain words


def test_the_status_line_says_what_the_phase_is_about_in_the_packs_words(qtbot):
    window = open_game(qtbot, "jantori", (HUMAN, HUMAN))
    assert "White to move · placing a piece" in window.status.text()


def test_the_result_lies_over_the_board_which_keeps_its_size(qtbot):
    import random

    window = open_game(qtbot, "jantori", (HUMAN, HUMAN), seed=3)
    session, view = window.session, window.view
    size = view.size()
    chooser = random.Random(1)
    while not session.over:
        moves = session.match.state.legal_list()
        session.play(moves[chooser.randrange(len(moves))])
    assert window.result.isVisible() and view.size() == size  # no picture drawn anew
    panel = window.result.geometry()
    assert view.rect().contains(panel) and panel.bottom() > view.height() - 80
    text = window.result.label.text()
    given = zip(session.names, session.match.state.outcome.scores, strict=True)
    scores = ", ".join(f"{name} {score}" for name, score in given)
    assert text.count(scores) == 1  # the pack's reason gives the scores: not said twice
    window.resize(window.width() - 300, window.height() - 100)
    qtbot.waitUntil(lambda: view.size() != size)
    assert view.rect().contains(window.result.geometry())  # it follows the board's size
    assert window.result.width() == min(view.width() - 32, 980)


def test_alt_alone_in_a_game_window_keeps_the_focus_on_the_board(qtbot):
    """Alt pressed and let go shows and hides a card; the menu bar never takes the focus."""
    from gestures import paint_windows

    window = open_game(qtbot, "tic-tac-rock", (HUMAN, HUMAN))
    window.activateWindow()
    qtbot.waitActive(window)
    view = window.view
    assert window.focusWidget() is view
    mine = [f for f in window.board.faces if f.what is not None and view.can_drag(f)]
    move_over(window, mine[-1])
    qtbot.keyPress(view, Qt.Key.Key_Alt, Qt.KeyboardModifier.AltModifier)
    assert window.hand_view.magnifier.isVisible()
    qtbot.keyRelease(view, Qt.Key.Key_Alt)
    paint_windows()
    assert not window.hand_view.magnifier.isVisible()
    assert window.focusWidget() is view


def test_a_joker_dropped_on_the_pile_asks_for_its_suit_in_the_action_bar(qtbot):
    # Joker's Wild: a Joker may call any of five suits, so a drop cannot say which;
    # the five calls are buttons, and the drop says so instead of calling Rock.
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    deal = {"hand": [["JkL", "5S"], ["2R", "9W"]], "discard": ["3P"], "current": 0}
    seats = (SeatChoice("P1", HUMAN), SeatChoice("P2", HUMAN))
    setup = GameSetup("jokers-wild", seats, {}, 1, deal=deal)
    window = GameWindow(setup, pause_ms=5)
    window.resize(1300, 900)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.uncover()
    window.view.fit()
    session = window.session
    pile = window.board.places[("discard",)].place.centre
    drag_face(window, own_face(window, "JkL"), pile)
    assert window.message.text() == (
        "The JkL goes there in several ways: choose one in the action bar"
    )
    assert session.moves == []
    calls = [b for b in window.action_bar.buttons if "play JkL as" in b.text()]
    assert len(calls) == 5
    [scissors] = [b for b in calls if b.text().endswith("as S")]
    qtbot.mouseClick(scissors, Qt.MouseButton.LeftButton)
    assert [m.text for m in session.moves] == ["play JkL as S"]
    window.uncover()
    drag_face(window, own_face(window, "9W"), pile)  # an ordinary card is still a drag
    assert [m.text for m in session.moves] == ["play JkL as S", "play 9W"]


def test_a_var_holding_as_many_cards_as_there_are_seats_is_not_shown_per_seat(qtbot):
    # Battlefront's cards used this turn: two of them at two seats are still one list.
    window = open_game(qtbot, "battlefront", (HUMAN, HUMAN), seed=3)
    session = window.session
    attack = next(
        m
        for m in session.match.state.legal_moves
        if m.text.startswith("attack") and m.text.count(" ") == 5
    )
    assert session.play(attack.text), window.message.text()
    used = attack.text.split(" with ")[1]
    lines = window.scores.text().splitlines()
    assert f"used this turn: {used}" in lines, lines


def test_the_black_seats_dot_shows_on_dark_wood_and_in_the_side_panel(qtbot):
    from vtt.ui.art import DARK_DOT
    from vtt.ui.game.painting import DOT_GROUND

    window = open_game(qtbot, "jantori", (COMPUTER, HUMAN), seed=2)
    wait_for_person(qtbot, window)
    black = QColor(window.session.colours[1])
    assert black.lightness() < DARK_DOT  # JANTORI's Black wears a colour this dark
    # The side panel sets the dot on a grey ground, seen on a light panel and a dark one.
    assert window.status.text().startswith(
        f'<span style="background-color:{DOT_GROUND}; color:{black.name()}">'
    )
    # The dot before "Black's pieces in hand" has a light ring on the dark wood.
    from vtt.ui.game.items import HandLabel

    reserve = window.board.places[("reserve", 1)]
    assert reserve.place.in_hand  # its label is printed above the cards, on its own ground
    label = next(i for i in window.board.items() if isinstance(i, HandLabel))
    room = reserve.label_room()
    size = reserve.dot_size()
    x = room.left() - 7 - size + 0.5 - label.rect().left()
    edge = (int(x), int(reserve.rect().top() + 4 + 4 + 15 - label.rect().top()))
    assert QColor(_painted(label, edge)).lightness() > 150


def test_a_card_picked_up_in_the_hand_leaves_the_hands_label_readable(qtbot):
    from gestures import LEFT, send_mouse

    from vtt.ui.qt import QEvent

    window = open_game(qtbot, "tic-tac-rock", (HUMAN, COMPUTER), seed=2)
    wait_for_person(qtbot, window)
    hand = next(item for item in window.board.places.values() if item.place.in_hand)
    face = min(
        (f for f in window.board.faces if f.place.in_hand and window.view.can_drag(f)),
        key=lambda f: f.sceneBoundingRect().left(),
    )
    label = hand.label_room()
    middle = QPointF(label.left() + 40, label.center().y())
    widget = window.hand_view.viewport()
    start = window.hand_view.mapFromScene(grip(face))
    send_mouse(widget, QEvent.Type.MouseButtonPress, start, LEFT, LEFT)
    # Up and a little to the right, over the label, still in the hand area.
    corner = face.mapRectToScene(face.rect()).topLeft()
    at = window.hand_view.mapFromScene(grip(face) + middle - QPointF(20, 20) - corner)
    assert widget.rect().contains(at)
    send_mouse(widget, QEvent.Type.MouseMove, at, Qt.MouseButton.NoButton, LEFT)
    assert window.view.drag is not None and window.view.drag.face is face
    assert face.mapRectToScene(face.rect()).contains(middle)  # the card lies over the label
    top = window.board.items(middle)[0]
    assert top is not face and top.zValue() > face.zValue()
    send_mouse(widget, QEvent.Type.MouseButtonRelease, at, LEFT, Qt.MouseButton.NoButton)
    assert face.pos() == face.home
    # At rest the label lies under the cards: one picked to pass stands up over it.
    assert top.zValue() < min(f.zValue() for f in window.board.faces)
