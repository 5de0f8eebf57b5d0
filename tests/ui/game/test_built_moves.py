"""A move built on the table card by card (Battlefront's attack): a card of one's own
dragged onto the target starts it, clicks add and take back cards, the running total
and the rules' reason show over the table, a click on the target, Enter or the
button makes it, Escape cancels. Real mouse and key events throughout."""

from __future__ import annotations

from typing import Any

import pytest
from game_windows import FAST_MS, drag_face
from gestures import click, key

from vtt.ui.qt import Qt

#: The rule text's sample game: P1 (at the bottom) attacks first.
SAMPLE: dict[str, Any] = {
    "front": [["QL", "2R", "6W"], ["7P", "5L", "9R"]],
    "reinforcements": [["8S", "7L", "3W"], ["2S", "10P", "KL"]],
    "draw": [["4P", "5S"], ["JkW", "3S"]],
    "current": 0,
}

#: P1 holds the Joker of Paper; P2's front has the Joker of Water.
JOKERS: dict[str, Any] = {
    "front": [["3S", "QL", "6W"], ["2R", "5L", "JkW"]],
    "reinforcements": [["JkP", "8S"], ["KW"]],
    "draw": [[], []],
    "current": 0,
}


@pytest.fixture
def game(qtbot):
    """A window opening a Battlefront deal, P1 a person and the others computers."""
    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    def open_deal(deal, players=2, names=(), **options):
        names = [*names, *(f"P{n}" for n in range(len(names) + 1, players + 1))]
        others = [SeatChoice(names[n - 1], "Computer (Random)") for n in range(2, players + 1)]
        seats = (SeatChoice(names[0]), *others)
        setup = GameSetup("battlefront", seats, {"jokers": True, **options}, 0, deal=deal)
        window = GameWindow(setup, pause_ms=FAST_MS)
        window.resize(1300, 900)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        window.view.fit()
        return window

    return open_deal


def face(window, what: str, zone: str, seat: int | None):
    """The face showing ``what`` in a seat's zone (a shared one: seat None)."""
    key = (zone,) if seat is None else (zone, seat)
    return next(f for f in window.board.faces if f.what == what and f.place.key == key)


def centre(item) -> tuple[float, float]:
    """The middle of a face's card, in scene units."""
    body = item.mapRectToScene(item.rect()).center()
    return body.x(), body.y()


def aim(window, card: str, target: str, seat: int = 1, zone: str = "front") -> None:
    """Drag one of P1's cards onto another seat's front card."""
    drag_face(window, face(window, card, zone, 0), centre(face(window, target, "front", seat)))


def panel(window) -> str:
    return window.build_panel.label.text() if window.build_panel.isVisible() else ""


def marks(window) -> dict[str, str]:
    """The marked faces, as ``card@zone seat``: their marks."""
    return {
        f"{f.what}@{''.join(map(str, f.place.key))}": f.mark for f in window.board.faces if f.mark
    }


def test_an_attack_is_built_by_dragging_the_starter_and_clicking_a_helper(game):
    window = game(SAMPLE)
    aim(window, "2R", "5L")
    builder = window.view.builder
    assert builder.active
    assert "2 of 6 needed" in panel(window)
    assert "Not enough: 2R counts 2, and 5L needs more than 5" in panel(window)
    assert not window.build_panel.play_button.isEnabled()
    # The target and the starter are marked; 8S can help; 7L (the target's suit) cannot.
    shown = marks(window)
    assert shown["5L@front1"] == "aimed"
    assert shown["2R@front0"] == "chosen"
    assert shown["8S@reinforcements0"] == "can"
    assert "7L@reinforcements0" not in shown
    click(window.view, centre(face(window, "8S", "reinforcements", 0)))
    assert "10 of 6 needed: enough" in panel(window)
    assert "Ready: attack P2's 5L with 2R 8S" in panel(window)
    assert window.build_panel.play_button.isEnabled()
    assert window.build_panel.play_button.text() == "Attack"
    # A click on the target again makes the attack.
    click(window.view, centre(face(window, "5L", "front", 1)))
    assert [m.text for m in window.session.moves] == ["attack P2's 5L with 2R 8S"]
    assert {str(c) for c in window.session.match.state.zone("captured")[0]} == {"5L"}
    assert not builder.active
    assert not window.build_panel.isVisible()
    assert not marks(window)


def test_the_panel_shows_a_seat_name_as_text_not_markup(game):
    window = game(SAMPLE, names=["P1", "<i>Eve</i><img/>"])
    aim(window, "2R", "5L")
    markup = window.build_panel.label.text()
    assert "&lt;i&gt;Eve&lt;/i&gt;&lt;img/&gt;'s 5L" in markup
    assert "<img" not in markup and "<i>" not in markup


def test_a_helper_clicked_again_goes_back_and_the_total_follows(game):
    window = game(SAMPLE)
    aim(window, "2R", "5L")
    helper = (window, "8S", "reinforcements", 0)
    click(window.view, centre(face(*helper)))
    assert "10 of 6 needed" in panel(window)
    click(window.view, centre(face(*helper)))
    assert "2 of 6 needed" in panel(window)
    assert marks(window)["8S@reinforcements0"] == "can"


def test_not_enough_says_the_rules_reason_and_enter_does_not_attack(game):
    window = game(SAMPLE)
    window.session.play("attack P2's 5L with 2R 8S")
    aim(window, "6W", "9R")
    click(window.view, centre(face(window, "3W", "reinforcements", 0)))
    text = panel(window)
    assert "9 of 10 needed" in text
    assert "Not enough: 3W 6W add up to 9, and 9R needs more than 9" in text
    # 8S attacked this turn and 7L is weaker than Rock: neither glows, and a click says why.
    shown = marks(window)
    assert "8S@reinforcements0" not in shown
    assert "7L@reinforcements0" not in shown
    click(window.view, centre(face(window, "8S", "reinforcements", 0)))
    assert window.message.text() == "8S already attacked this turn: a card attacks once a turn"
    click(window.view, centre(face(window, "7L", "reinforcements", 0)))
    assert window.message.text() == (
        "Every attacking card must be of a suit stronger than Rock: 7L is not"
    )
    key(window.view, Qt.Key.Key_Return)
    assert [m.text for m in window.session.moves] == ["attack P2's 5L with 2R 8S"]
    assert window.message.text() == "Not enough: 3W 6W add up to 9, and 9R needs more than 9"
    assert window.view.builder.active


def test_a_starter_of_the_wrong_suit_starts_with_the_reason_and_nothing_glows(game):
    window = game(SAMPLE)
    # Rock crushes Lizard: QL cannot attack 9R, with any helpers.
    aim(window, "QL", "9R")
    assert window.view.builder.active
    assert "Every attacking card must be of a suit stronger than Rock: QL is not" in panel(window)
    assert set(marks(window).values()) == {"aimed", "chosen"}
    click(window.view, centre(face(window, "9R", "front", 1)))
    assert window.session.moves == []
    assert window.message.text() == (
        "Every attacking card must be of a suit stronger than Rock: QL is not"
    )


def test_a_card_dropped_on_ones_own_card_starts_nothing(game):
    window = game(SAMPLE)
    drag_face(window, face(window, "2R", "front", 0), centre(face(window, "QL", "front", 0)))
    assert not window.view.builder.active
    assert window.session.moves == []


def test_escape_and_the_cancel_button_cancel_the_attack(qtbot, game):
    window = game(SAMPLE)
    aim(window, "QL", "7P")
    assert "Ready: attack P2's 7P with QL" in panel(window)
    key(window.view, Qt.Key.Key_Escape)
    assert not window.view.builder.active
    assert not window.build_panel.isVisible()
    assert not marks(window)
    aim(window, "QL", "7P")
    qtbot.mouseClick(window.build_panel.cancel_button, Qt.MouseButton.LeftButton)
    assert not window.view.builder.active
    assert window.session.moves == []


def test_the_attack_button_and_enter_make_the_attack(qtbot, game):
    window = game(SAMPLE)
    aim(window, "QL", "7P")
    qtbot.mouseClick(window.build_panel.play_button, Qt.MouseButton.LeftButton)
    assert [m.text for m in window.session.moves] == ["attack P2's 7P with QL"]
    aim(window, "2R", "5L")
    click(window.view, centre(face(window, "8S", "reinforcements", 0)))
    key(window.view, Qt.Key.Key_Enter)
    assert [m.text for m in window.session.moves][-1] == "attack P2's 5L with 2R 8S"


def test_a_joker_reverses_the_attack_built_on_the_table(game):
    window = game(JOKERS)
    # Rock crushes Scissors: 3S alone cannot take 2R, but with a Joker the rules reverse.
    aim(window, "3S", "2R")
    assert "Still to choose: joker" in panel(window)
    assert marks(window)["JkP@reinforcements0"] == "can"
    click(window.view, centre(face(window, "JkP", "reinforcements", 0)))
    assert "Ready: attack P2's 2R with 3S and JkP" in panel(window)
    assert "3 of 3 needed: enough" in panel(window)
    key(window.view, Qt.Key.Key_Return)
    assert [m.text for m in window.session.moves] == ["attack P2's 2R with 3S and JkP"]


def test_a_joker_target_falls_to_weaker_suits_built_on_the_table(game):
    window = game(JOKERS)
    # Water beats Scissors: 3S may attack the Joker of Water, whose rank is 0.
    aim(window, "3S", "JkW")
    assert "3 of 1 needed: enough" in panel(window)
    assert "Ready: attack P2's JkW with 3S" in panel(window)
    click(window.view, centre(face(window, "JkW", "front", 1)))
    assert [m.text for m in window.session.moves] == ["attack P2's JkW with 3S"]


def test_with_a_deck_each_the_card_dragged_onto_names_whose_it_is(game):
    deal = {
        "front": [["2R", "8S", "9W"], ["5L"], ["5L"]],
        "reinforcements": [[], [], []],
        "draw": [[], [], []],
        "current": 0,
    }
    window = game(deal, players=3, deck_per_player=True, jokers=False)
    drag_face(window, face(window, "2R", "front", 0), centre(face(window, "5L", "front", 2)))
    assert "P3's 5L" in panel(window)
    assert marks(window)["5L@front2"] == "aimed"
    assert "5L@front1" not in marks(window)
    click(window.view, centre(face(window, "8S", "front", 0)))
    click(window.view, centre(face(window, "5L", "front", 2)))
    assert [m.text for m in window.session.moves] == ["attack P3's 5L with 2R 8S"]
    assert [str(c) for c in window.session.match.state.zone("front")[1]] == ["5L"]


def test_number_keys_and_the_action_bar_still_make_moves_while_building(qtbot, game):
    window = game(SAMPLE)
    aim(window, "2R", "5L")
    # The bar lists "pass" first, then the attacks: the first attack's key makes it.
    index = next(i for i, m in enumerate(window.action_bar.moves) if m.text.startswith("attack"))
    first = window.action_bar.moves[index]
    key(window.view, getattr(Qt.Key, f"Key_{index + 1}"), text=str(index + 1))
    assert [m.text for m in window.session.moves] == [first.text]
    assert not window.view.builder.active
    button = window.action_bar.buttons[0]
    expected = window.action_bar.moves[0].text
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert [m.text for m in window.session.moves][-1] == expected


def test_an_opponents_card_dragged_onto_ones_captured_pile_is_the_one_attack_on_it(game):
    # Only QL can take 7P: the README's older gesture makes that attack (the card was
    # refused at the press before, as another seat's).
    deal = {
        "front": [["QL", "2R", "6W"], ["7P", "5L", "9R"]],
        "reinforcements": [[], []],
        "draw": [[], []],
        "current": 0,
    }
    window = game(deal)
    pile = window.board.places[("captured", 0)]
    drag_face(window, face(window, "7P", "front", 1), pile.place.centre)
    assert [m.text for m in window.session.moves] == ["attack P2's 7P with QL"]


def test_any_pack_with_a_target_and_a_set_builds_the_same_way_from_the_hand_area(qtbot):
    # The market pack buys a market card with cards of one's hand: the card is dragged
    # from the hand area, the others are clicked there.
    from pathlib import Path

    from vtt.ui.game.session import GameSetup, SeatChoice
    from vtt.ui.game.window import GameWindow

    pack = Path(__file__).parents[2] / "packs" / "built" / "market"
    deal = {"market": ["9R", "5W"], "hand": [["2S", "3S", "4W"], ["6L", "8L", "7P"]]}
    seats = (SeatChoice("Ann"), SeatChoice("Ben", "Computer (Random)"))
    window = GameWindow(GameSetup(str(pack), seats, {}, 0, deal=deal), pause_ms=FAST_MS)
    window.resize(1300, 900)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.view.fit()
    coin = face(window, "4W", "hand", 0)
    assert coin.place.in_hand
    drag_face(window, coin, centre(face(window, "9R", "market", None)))
    assert "Buy 9R with 4W</b> · 4 of 9 paid" in panel(window)
    assert "Too little: 4W make 4, and 9R costs 9" in panel(window)
    assert marks(window)["2S@hand0"] == "can"
    for card in ("2S", "3S"):
        click(window.hand_view, centre(face(window, card, "hand", 0)))
    assert "Ready: buy 9R with 2S 3S 4W" in panel(window)
    assert window.build_panel.play_button.text() == "Buy"
    key(window.view, Qt.Key.Key_Return)
    assert [m.text for m in window.session.moves] == ["buy 9R with 2S 3S 4W"]
    assert [str(c) for c in window.session.match.state.zone("bought")[0]] == ["9R"]
