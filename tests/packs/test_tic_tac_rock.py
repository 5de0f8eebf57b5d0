"""Tic-Tac-Rock's refusals and log lines: the rule that decided, and which board."""

from __future__ import annotations

from typing import Any

from vtt.rules.engine import State
from vtt.rules.records import Record, start_state

#: A full board with Paper and Water on top and no line: Rock and Water cover none.
FULL = {
    **{"a3": ["3P"], "b3": ["2W"], "c3": ["5P"], "a2": ["6P"], "b2": ["8W"]},
    **{"c2": ["10W"], "a1": ["JW"], "b1": ["QP"], "c1": ["KP"]},
}


def _state(options: dict[str, Any], deal: dict[str, Any]) -> State:
    return start_state(Record(pack="tic-tac-rock", options=options, deal=deal))


def test_a_refusal_names_the_rule_card_sentence() -> None:
    state = _state({}, {"hand": [["5S", "2R", "3R"], []], "board": [{"b2": ["7R"], "b1": ["9S"]}]})
    assert state.to_move == 1  # the player left of the dealer (P1) starts
    state = _state(
        {},
        {
            "hand": [["5S", "2R", "3R"], ["4R", "6R", "7L"]],
            "board": [{"b2": ["7R"], "b1": ["9S"]}],
            "current": 0,
        },
    )
    assert state.explain("play 5S at b2") == "5S does not beat 7R on b2: Rock blunts Scissors"
    assert state.explain("play 5S at b1") == "5S does not beat 9S on b1: a suit never beats itself"
    assert state.explain("play 2R at b1") is None  # Rock blunts Scissors: it covers


def test_under_joker_rules_the_refusal_says_so() -> None:
    deal = {"hand": [["5S", "JkR", "3R"], ["4R", "6R", "7L"]], "current": 0}
    deal["board"] = [{"b2": ["JkP"], "a1": ["8S"], "c1": ["QL"], "a3": ["6P"], "c3": ["2W"]}]
    state = _state({"jokers": True}, deal)
    assert state.explain("play 5S at b2") == "Under Joker rules, 5S does not beat JkP on b2"
    # The text's example: JkR may not cover 8S or QL, and may cover Paper or Water.
    assert state.explain("play JkR at a1") == "Under Joker rules, JkR does not beat 8S on a1"
    assert state.explain("play JkR at c1") == "Under Joker rules, JkR does not beat QL on c1"
    assert state.explain("play JkR at a3") is None
    assert state.explain("play JkR at c3") is None


def test_with_two_boards_refusals_and_lines_name_the_board() -> None:
    deal = {"hand": [["5S", "2R", "3R"], ["4R", "6R", "7L"]], "current": 0}
    deal["board"] = [{"a1": ["7R"]}, {"a1": ["9S"], "b1": ["10S"]}]
    state = _state({"boards": 2, "centre_off_limits": True}, deal)
    assert state.explain("play 5S at b2 on Board 1") == (
        "The centre of Board 1 is off limits until the eight other spaces hold a card"
    )
    assert state.explain("play 5S at a1 on Board 1") == (
        "5S does not beat 7R on a1 of Board 1: Rock blunts Scissors"
    )
    assert state.explain("pass on Board 1") == "You can play a card on Board 1, so you cannot pass"
    state.apply("play 5S at a2 on Board 1")
    assert state.var("on_board") == 2 and state.to_move == 0
    state.apply("play 2R at c1 on Board 2")  # Scissors on a1 and b1, Rock on c1: no line
    assert state.to_move == 1 and state.var("on_board") == 1
    assert [line.text for line in state.log][-2:] == [
        "P1: play 5S at a2 on Board 1",
        "P1: play 2R at c1 on Board 2",
    ]


def test_a_line_on_the_second_board_is_called_by_its_suit_and_board() -> None:
    deal = {"hand": [["5P", "2R", "3R"], ["4R", "6R", "7L"]], "current": 0}
    deal["board"] = [{"b2": ["8W"]}, {"a1": ["9S"], "b1": ["10S"], "b2": ["KW"]}]
    state = _state({"boards": 2, "wins_needed": 1}, deal)
    state.apply("play 5P at a1 on Board 1")
    state.apply("play 2R at c1 on Board 2")
    assert state.outcome is None  # Scissors, Scissors, Rock
    deal["hand"] = [["5P", "2S", "3R"], ["4R", "6R", "7L"]]
    state = _state({"boards": 2, "wins_needed": 1}, deal)
    state.apply("play 5P at a1 on Board 1")
    state.apply("play 2S at c1 on Board 2")
    assert state.log[-1].text == "Three in a row of Scissors on Board 2: P1 wins the round"
    assert state.outcome is not None and state.outcome.reason == "P1 won 1 round"


def test_a_round_nobody_can_play_is_drawn_at_the_first_pass() -> None:
    # Rocks cover only Lizard and Scissors: neither player can play, and hands are full.
    deal = {"hand": [["2R", "3R", "4R"], ["5R", "6R", "7R"]], "board": [FULL], "current": 0}
    state = _state({"round_limit": 1}, deal)
    assert [move.text for move in state.legal_moves] == ["pass"]
    state.apply("pass")
    assert state.log[-1].text == "Nobody can play a card: a drawn round"
    assert state.outcome is not None
    assert state.outcome.winners == () and state.outcome.reason == "1 round played"


def test_a_pass_is_no_drawn_round_while_another_player_can_play() -> None:
    deal = {"hand": [["2R", "3R", "4R"], ["5R", "6R", "7L"]], "board": [FULL], "current": 0}
    state = _state({"round_limit": 1}, deal)
    state.apply("pass")  # P2's Lizard eats Paper and Water
    assert state.outcome is None and state.to_move == 1
    assert "play 7L at a3" in [move.text for move in state.legal_moves]
