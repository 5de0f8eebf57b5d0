"""Dueling Wizards between two people at one screen: both spells are cast at once, card
by card, each a drag onto the caster's face-down spell, the screen passing between
them; neither sees a card of the other's spell until both are shown."""

from __future__ import annotations

import random

from game_windows import open_game
from test_game_play import drag_move

from vtt.ui.game.session import HUMAN
from vtt.ui.qt import Qt


def _take_screen(qtbot, window) -> None:
    assert window.cover.isVisible()
    qtbot.mouseClick(window.cover, Qt.MouseButton.LeftButton)


def _casting_faces(window, seat: int) -> list:
    """The faces the board shows in a seat's face-down spell."""
    return [face for face in window.board.faces if face.place.key == ("casting", seat)]


def _log(window) -> list[str]:
    return [window.log.item(row).text() for row in range(window.log.count())]


def test_both_wizards_cast_a_card_each_by_turns_behind_the_cover(qtbot):
    window = open_game(
        qtbot, "dueling-wizards", (HUMAN, HUMAN), seed=2, options={"spells": "two-card"}
    )
    session = window.session
    chooser = random.Random(2)
    (draft_second,) = [b for b in window.action_bar.buttons if b.text().endswith("draft second")]
    qtbot.mouseClick(draft_second, Qt.MouseButton.LeftButton)  # P1 attacks first
    while session.match.state.phase == "draft":
        if window.cover.isVisible():
            _take_screen(qtbot, window)
        drag_move(window, chooser)
    if window.cover.isVisible():
        _take_screen(qtbot, window)
    assert session.match.state.phase == "cast" and session.viewer == 0
    names = session.names
    drafted = len(_log(window))  # the draft's lines name every card: the cast's come after
    cast = []  # (seat, card) in the order cast
    for seat in (0, 1, 0, 1):
        assert session.viewer == seat and not window.cover.isVisible()
        other = 1 - seat
        # The other's face-down cards are backs; nothing in the log names them.
        assert all(face.what is None for face in _casting_faces(window, other))
        theirs = [card for who, card in cast if who == other]
        lines = _log(window)[drafted:]
        assert len(lines) == len(cast) and not any(c in line for c in theirs for line in lines)
        assert len(_casting_faces(window, other)) == len(theirs)
        card = drag_move(window, chooser).removeprefix("cast ")
        cast.append((seat, card))
        if len(cast) < 4:
            # The screen passes to the other wizard after each card.
            assert (
                window.cover.isVisible()
                and f"Pass the screen to {names[other]}" in window.cover.text()
            )
            _take_screen(qtbot, window)
    # Both spells shown together, the primary cards first (then the hand's questions,
    # an Ace's value or a Twin Defense's order, answered by the first button).
    while session.match.state.var("hands") == 0:
        if window.cover.isVisible():
            _take_screen(qtbot, window)
        qtbot.mouseClick(window.action_bar.buttons[0], Qt.MouseButton.LeftButton)
    if window.cover.isVisible():
        _take_screen(qtbot, window)
    attack = f"{cast[0][1]} {cast[2][1]}"
    defence = f"{cast[1][1]} {cast[3][1]}"
    log = _log(window)
    assert any(f"{names[0]} attacks with {attack}" in line for line in log)
    assert any(f"{names[1]} defends with {defence}" in line for line in log)


def _faces_in(window, key) -> list:
    return [face for face in window.board.faces if face.place.key == key]


def test_the_other_wizards_drafted_hand_lies_face_up_while_both_know_it(qtbot):
    # The elements are drafted from a face-up pool: each wizard has seen every card go
    # into the other's hand, so the table shows them, until a card is cast face down.
    window = open_game(qtbot, "dueling-wizards", (HUMAN, HUMAN), seed=3)
    session = window.session
    chooser = random.Random(3)
    while session.match.state.phase in ("order", "draft"):
        legal = session.match.state.legal_list()
        session.play(legal[chooser.randrange(len(legal))])
        if window.cover.isVisible():
            _take_screen(qtbot, window)
        other = 1 - session.viewer
        held = sorted(str(card) for card in session.match.state.env["hand"][other])
        shown = sorted(face.what or "back" for face in _faces_in(window, ("hand", other)))
        assert shown == held
    assert session.match.state.phase == "cast"
    caster = session.viewer
    card = drag_move(window, chooser).removeprefix("cast ")
    _take_screen(qtbot, window)
    assert session.viewer == 1 - caster
    # The other's hand may hold any of its cards but the one cast: all backs now.
    theirs = _faces_in(window, ("hand", caster))
    assert theirs and all(face.what is None for face in theirs)
    assert all(face.what != card for face in window.board.faces if face.place.owner == caster)


def test_a_long_line_on_the_table_is_broken_in_two_not_cut_short(qtbot):
    from vtt.ui.game.painting import TABLE_LINE_PX, table_text
    from vtt.ui.qt import QFontMetricsF

    window = open_game(qtbot, "dueling-wizards", (HUMAN, HUMAN), seed=3)
    window.resize(900, 800)  # a narrow window: the felt is no wider than its own shape
    qtbot.waitUntil(lambda: window.board.screen.shape < 1.3)
    strip = window.board.layout.lines
    assert strip is not None
    said = (
        "Round 2, hand 1: Merlin's Twin Attack: 20 damage to Morgana, "
        "20 damage reflected to Merlin; Morgana's Queen heals 40"
    )
    font, parts = table_text(said, strip[2])
    metrics = QFontMetricsF(font)
    assert " ".join(parts) == said  # whole: no word cut, no ellipsis
    assert all(metrics.horizontalAdvance(part) <= strip[2] for part in parts)
    assert len(parts) * metrics.lineSpacing() <= strip[3]  # the strip has room for them
    # Broken in two at the lines' own size, rather than squeezed into one line.
    assert len(parts) == 2 and font.pixelSize() == round(TABLE_LINE_PX)


def test_the_spells_zones_are_laid_out_from_the_first_spell_cast(qtbot):
    # While the elements are drafted, the spells' zones can hold nothing: they are not
    # on the table; from the first spell cast they are.
    window = open_game(qtbot, "dueling-wizards", (HUMAN, HUMAN), seed=3)
    session = window.session
    spells = {(zone, seat) for zone in ("casting", "spell", "discard") for seat in (0, 1)}
    chooser = random.Random(3)
    while session.match.state.phase in ("order", "draft"):
        assert not spells & set(window.board.places)
        legal = session.match.state.legal_list()
        session.play(legal[chooser.randrange(len(legal))])
        if window.cover.isVisible():
            _take_screen(qtbot, window)
    assert spells <= set(window.board.places)
    # Laid out empty, they are not changed by the last move: no gold edge.
    assert not any(window.board.places[key].recent for key in spells)
    assert window.board.places[("spell", 0)].place.label == "spell shown"
