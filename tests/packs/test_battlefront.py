"""Battlefront: what the records cannot show, such as the attacks the rule text shows as
not enough, the moves refused and why, and who moves reinforcements up."""

from __future__ import annotations

from typing import Any

from vtt.rules import load_game
from vtt.rules.engine import State
from vtt.rules.moves import Move

GAME = load_game("battlefront")

#: The rule text's sample game: P1 is the player at the bottom of its pictures.
SAMPLE: dict[str, Any] = {
    "front": [["QL", "2R", "6W"], ["7P", "5L", "9R"]],
    "reinforcements": [["8S", "7L", "3W"], ["2S", "10P", "KL"]],
    "draw": [["4P", "5S"], ["JkW", "3S"]],
    "current": 0,
}


def _start(deal: dict[str, Any], players: int = 2, **options: Any) -> State:
    return GAME.new_state({"jokers": True, **options}, 0, players=players, deal=deal)


def _play(state: State, *moves: str) -> State:
    for move in moves:
        state.apply(Move(move))
    return state


def _cards(state: State, zone: str, seat: int) -> set[str]:
    """The cards of a seat's zone (their order in a line does not matter)."""
    return {str(card) for card in state.zone(zone)[seat]}


def test_the_sample_attacks_that_are_not_enough_are_refused_with_the_sum() -> None:
    state = _start(SAMPLE)
    _play(state, "attack P2's 7P with QL", "attack P2's 5L with 2R 8S")
    # "6 plus 3 only equals 9 and you need a total greater than 9 to capture the 9 of Rock."
    assert state.explain(Move("attack P2's 9R with 6W 3W")) == (
        "Not enough: 3W 6W add up to 9, and 9R needs more than 9"
    )
    # One card counts its rank: it adds up to nothing.
    assert state.explain(Move("attack P2's 9R with 6W")) == (
        "Not enough: 6W counts 6, and 9R needs more than 9"
    )
    # "The 7 of Lizard can not be used because Lizard is weaker than Rock."
    assert state.explain(Move("attack P2's 9R with 6W 7L")) == (
        "Every attacking card must be of a suit stronger than Rock: 7L is not"
    )
    # The cards used in the two captures cannot attack again this turn.
    assert state.explain(Move("attack P2's 9R with 6W 8S")) == (
        "8S already attacked this turn: a card attacks once a turn"
    )
    assert [m.text for m in state.legal_moves] == ["end"]


def test_after_the_sample_turn_9r_and_2s_are_not_enough_for_the_queen() -> None:
    state = _play(_start(SAMPLE), "attack P2's 7P with QL", "attack P2's 5L with 2R 8S", "end")
    # P2 lost two front cards and holds three reinforcements: P2 chooses which move up.
    assert state.to_move == 1
    _play(state, "move up 2S", "move up 10P")
    assert _cards(state, "reinforcements", 1) == {"KL", "JkW", "3S"}
    assert state.explain(Move("attack P1's QL with 9R 2S")) == (
        "Not enough: 9R 2S add up to 11, and QL needs more than 12"
    )
    assert state.explain(Move("attack P1's QL with 9R 2S 3S")) is None
    # "Normally the 2 of Scissors could not attack the 2 of Rock" ...
    assert state.explain(Move("attack P1's 2R with 2S KL")) == (
        "Every attacking card must be of a suit stronger than Rock: 2S KL are not"
    )
    # ... but with a Joker the rules reverse; the Joker adds nothing, so 2S alone is not enough.
    assert state.explain(Move("attack P1's 2R with 2S and JkW")) == (
        "Not enough: 2S and JkW add up to 2, and 2R needs more than 2"
    )
    assert state.explain(Move("attack P1's 2R with 2S KL and JkW")) is None
    assert state.explain(Move("attack P1's 2R with 2S KL JkW")) == (
        "A Joker is named last, after 'and': attack P1's 2R with 2S KL and JkW"
    )
    assert state.explain(Move("attack P1's 2R with 2S 3S and JkW")) is None
    assert state.explain(Move("attack P1's 2R with 10P and JkW")) == (
        "With a Joker the rules reverse: every attacking card must be of a suit weaker than Rock"
    )
    # The 10 of Paper may take the 2 of Rock or the 6 of Water, not both.
    _play(state, "attack P1's 2R with 10P")
    assert state.explain(Move("attack P1's 6W with 10P")) == (
        "10P already attacked this turn: a card attacks once a turn"
    )


def test_an_attack_starts_in_the_front_line_and_reaches_only_the_front_line() -> None:
    state = _start(SAMPLE)
    # 8S is a reinforcement: it may help but not start an attack.
    assert state.explain(Move("attack P2's 5L with 8S")) == (
        "An attack starts from a card of your front line"
    )
    # 10P is P2's reinforcement, out of reach.
    assert (
        state.explain(Move("attack P2's 10P with QL")) == "10P is not a target you can choose now"
    )
    # Same suit: 7L on 5L.
    assert state.explain(Move("attack P2's 5L with 2R 7L")) == (
        "An attacking card cannot be of the target's suit, Lizard"
    )


def test_aces_count_14_attacking_and_1_defending() -> None:
    deal = {
        "front": [["AP", "2W", "3S"], ["AR", "KW", "4L"]],
        "reinforcements": [[], []],
        "draw": [[], []],
        "current": 0,
    }
    state = _start(deal)
    assert state.explain(Move("attack P2's AR with 2W")) is None  # 2 against 1
    assert state.explain(Move("attack P2's KW with AP")) is None  # 14 against 13


def test_a_joker_target_falls_only_to_weaker_suits_and_a_second_joker_does_not_reverse_back() -> (
    None
):
    deal = {
        "front": [["2S", "3P", "4R"], ["JkW", "9L", "8L"]],
        "reinforcements": [["JkR", "JkP"], []],
        "draw": [[], []],
        "current": 0,
    }
    state = _start(deal)
    # Water beats Scissors and Rock, so those may attack the Joker of Water; Paper may not.
    assert state.explain(Move("attack P2's JkW with 2S")) is None
    assert state.explain(Move("attack P2's JkW with 4R and JkR")) is None
    assert state.explain(Move("attack P2's JkW with 3P")) == (
        "The Joker JkW can only be attacked by suits weaker than Water"
    )
    assert (
        state.explain(Move("attack P2's 9L with 2S JkR and JkP"))
        == "Only one Joker may join an attack"
    )


def test_defenders_move_up_in_table_order_and_forced_moves_are_made_for_them() -> None:
    deal = {
        "front": [["KR", "KW", "QS"], ["2L", "5S", "6P"], ["3S", "4L", "7P"]],
        "reinforcements": [[], ["8P", "9R", "10W"], ["JW"]],
        "draw": [[], ["2P"], ["3P"]],
        "current": 0,
    }
    state = _start(deal, players=3)
    _play(state, "attack P3's 3S with KW", "attack P2's 2L with KR", "end")
    # P3's one reinforcement fills its one gap without a choice; P2 chooses.
    assert _cards(state, "front", 2) == {"7P", "4L", "JW"}
    assert not _cards(state, "reinforcements", 2)  # drawn once every choice is made
    assert state.to_move == 1
    assert {m.text for m in state.legal_moves} == {"move up 8P", "move up 9R", "move up 10W"}
    _play(state, "move up 9R")
    assert _cards(state, "reinforcements", 1) == {"8P", "10W", "2P"}
    assert _cards(state, "reinforcements", 2) == {"3P"}
    assert state.to_move == 1  # P2's own turn follows P1's


#: A deck each: P2 and P3 both hold 5L in front, and P1 can take either.
TWIN_TARGETS: dict[str, Any] = {
    "front": [["2R", "8S", "9W"], ["5L"], ["5L"]],
    "reinforcements": [[], [], []],
    "draw": [[], [], []],
    "current": 0,
}


def test_with_a_deck_each_the_attack_names_whose_card_it_is() -> None:
    state = GAME.new_state({"deck_per_player": True}, 0, players=3, deal=TWIN_TARGETS)
    _play(state, "attack P3's 5L with 2R 8S")
    assert _cards(state, "front", 1) == {"5L"}
    assert not _cards(state, "front", 2)
    moves = {m.text for m in state.legal_moves}
    assert "attack P2's 5L with 9W" not in moves  # Lizard drinks Water
    _play(state, "end")
    assert list(state.var("players")) == [0, 1]  # P3 has no cards on the table and is out


def test_player_names_holding_an_s_are_read_in_attacks() -> None:
    state = GAME.new_state({}, 3, players=2, seat_names=("Jess", "Ross"))
    attack = next(m for m in state.legal_moves if m.text.startswith("attack"))
    assert attack.text.startswith("attack Ross's ")
    state.apply(Move(attack.text))
    assert len(state.zone("captured")[0]) == 1
