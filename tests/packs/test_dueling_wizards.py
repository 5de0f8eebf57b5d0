"""Dueling Wizards: what the records cannot show, such as what each wizard sees while a
spell is hidden, the Jack's stolen cards, the rounds' sizes and who chooses the draft."""

from __future__ import annotations

import random
from typing import Any

import pytest

from vtt.ai.agent import Budget
from vtt.ai.mcts import SearchAgent
from vtt.ai.value import estimate, playout_limit
from vtt.rules import load_game
from vtt.rules.engine import State
from vtt.rules.moves import Move
from vtt.rules.sampling import sample
from vtt.rules.search import SIMULTANEOUS, current_player

GAME = load_game("dueling-wizards")

#: Round 3, twelve cards each; P1 will attack first after "draft second".
ROUND3: dict[str, Any] = {
    "pool": [],
    "hand": [
        ["2R", "9P", "9R", "AR", "5P", "KR", "QP", "JP", "3P", "7P", "10P", "2W"],
        ["8S", "3L", "JS", "JL", "JkL", "6S", "7S", "9S", "4W", "6W", "7W", "9W"],
    ],
    "vars": {"round_no": 3, "hp": [50, 50]},
}


def _play(state: State, *moves: str) -> State:
    for move in moves:
        state.apply(Move(move))
    return state


def _faces(state: State, seat: int) -> set[str]:
    return {str(c) for c in state.view(seat).visible_components()}


def _seen(state: State, seat: int) -> str:
    """What the seat's view shows of the cards, in words: its zones, log and moves (the
    vars name the cards each wizard holds, the draft being face up: see below)."""
    view = state.view(seat)
    return " ".join([*map(str, view.visible_components()), *view.log, *map(str, view.history)])


def test_both_wizards_cast_at_once_a_card_each_neither_seeing_the_others() -> None:
    state = _play(GAME.new_state({}, 0, deal=ROUND3), "draft second")
    # One simultaneous choice (the search treats it so): the attacker is asked first,
    # then the defender, before either casts a second card.
    assert state.phase == "cast" and state.pending == (0, 1)
    assert current_player(state) == SIMULTANEOUS
    known = state.view(1).vars
    _play(state, "cast 9P")
    assert state.pending == (1,) and current_player(state) == SIMULTANEOUS
    assert "9P" not in _seen(state, 1) and state.view(1).vars == known
    _play(state, "cast 8S")
    assert state.phase == "cast" and state.pending == (0, 1)
    assert "8S" not in _seen(state, 0) and "9P" not in _seen(state, 1)
    _play(state, "cast 5P")
    assert "5P" not in _seen(state, 1) and "8S" not in _seen(state, 0)
    _play(state, "cast 3L")
    # Both spells are shown together: the Focused Attack 9P 5P (14) against 8S is
    # Strongest, 14 reflected to P1.
    assert any("P1 attacks with 9P 5P" in line for line in state.view(1).log)
    assert any("P2 defends with 8S 3L" in line for line in state.view(0).log)
    assert list(state.var("hp")) == [36, 50] and state.var("hands") == 1


def test_second_sight_keeps_the_secondary_card_from_the_opponent_until_it_is_kept() -> None:
    state = _play(GAME.new_state({}, 0, deal=ROUND3), "draft second", "cast 2R", "cast 8S")
    _play(state, "cast 9P", "cast 3L")
    assert state.phase == "second_sight" and state.to_move == 0
    # P2 sees the Two and nothing of what lies behind it, in the zones or the log.
    assert "2R" in _faces(state, 1) and "9P" not in _faces(state, 1)
    assert not any("9P" in line for line in state.view(1).log)
    assert {m.text for m in state.legal_moves} >= {"keep secondary", "replace with 9R"}
    _play(state, "keep secondary")
    assert "9P" in _faces(state, 1)
    # 2R against 8S is Weaker (2 to P2); 9P against 3L is Stronger (9 - 3 = 6 to P1).
    assert list(state.var("hp")) == [44, 48]


def test_a_replaced_secondary_card_goes_back_to_the_hand_unseen() -> None:
    state = _play(GAME.new_state({}, 0, deal=ROUND3), "draft second", "cast 2R", "cast 8S")
    _play(state, "cast 9P", "cast 3L", "replace with 9R")
    assert "9P" in {str(c) for c in state.zone("hand")[0]}
    assert "9P" not in _faces(state, 1)
    assert not any("9P" in line for line in state.view(1).log)


def test_the_secondary_jack_takes_two_of_the_opponents_discards_after_the_hand() -> None:
    state = _play(
        GAME.new_state({}, 0, deal=ROUND3),
        "draft second",
        *("cast AR", "cast JS", "cast 5P", "cast JL", "ace 11", "keep order"),
    )
    hand = {str(c) for c in state.zone("hand")[1]}
    # The attacker's only discards are the hand's own AR and 5P: both are taken.
    assert {"AR", "5P"} <= hand and len(hand) == 12
    assert state.zone("discard")[0] == []
    assert state.to_move == 1 and state.phase == "cast"


def test_a_queen_does_not_heal_a_knocked_out_wizard() -> None:
    deal = {**ROUND3, "vars": {"round_no": 3, "hp": [50, 5], "wins": [0, 0]}}
    deal["hand"] = [ROUND3["hand"][1], ROUND3["hand"][0]]
    # P1 attacks with JS 8S (Focused, 18); P2 defends with 3P QP (Focused, 13). Paper is
    # the Weakest suit against Scissors: 18 + 13 = 31 to P2, at 5 HP; the Queen behind
    # would heal 31 but cannot heal a knocked-out wizard.
    state = _play(
        GAME.new_state({}, 0, deal=deal), "draft second", "cast JS", "cast 3P", "cast 8S", "cast QP"
    )
    assert state.outcome is not None and state.outcome.winners == (0,)
    assert state.var("hp")[1] <= 0


@pytest.mark.parametrize(("spells", "pool"), [("as-the-text", 12), ("two-card", 24)])
def test_the_first_round_deals_its_pool_and_the_first_player_chooses(
    spells: str, pool: int
) -> None:
    state = GAME.new_state({"spells": spells}, 3)
    assert len(state.zone("pool")) == pool and state.phase == "order" and state.to_move == 0
    assert not any(c.is_joker for c in state.zone("pool"))
    _play(state, "draft first")
    assert state.to_move == 0 and state.var("attacker") == 1


def test_the_loser_of_a_round_chooses_the_draft_order_of_the_next() -> None:
    state = GAME.new_state({"spells": "one-card"}, 11)
    moves = [
        *("draft first", "take AR", "take AL", "take JW", "take JS", "take QS", "take JP"),
        *("take 9R", "take 8W", "take 7L", "take 3S", "take 3P", "take 2W"),
        *("cast JS", "cast QS", "cast AR", "cast 3S", "ace 11", "cast JP", "cast 7L"),
        *("cast JW", "cast AL", "ace 1", "cast 8W", "cast 3P", "cast 9R", "cast 2W"),
    ]
    _play(state, *moves)
    # P1 won round 1 (83 to 81): P2 chooses, with 75 HP each.
    assert state.phase == "order" and state.to_move == 1
    assert list(state.var("hp")) == [75, 75] and list(state.var("wins")) == [1, 0]


def test_only_round_three_drafts_from_a_deck_with_the_jokers() -> None:
    state = GAME.new_state({}, 5)
    rng = random.Random(5)
    while state.var("round_no") < 3:
        assert not any(c.is_joker for c in state.zone("pool"))
        state.apply(rng.choice(state.legal_list()))
    assert state.phase == "order" and len(state.zone("pool")) == 24
    assert state.zone("box") == []  # the five Jokers are in the pool or the deck
    assert sum(c.is_joker for c in state.zone("pool") + state.zone("stock")) == 5


def test_the_last_hands_words_stay_through_the_next_rounds_draft() -> None:
    from vtt.resources import rulesets_dir
    from vtt.rules.records import load_record, start_state

    record = load_record(rulesets_dir() / "dueling-wizards/records/full-game-three-rounds.yaml")
    state = start_state(record)
    # Round 1 ends with P1's 3L against P2's AS (11): Stronger, 8 reflected to P1.
    moves = iter(record.moves)
    while state.var("round_no") == 1:
        state.apply(Move(next(moves)))
    assert state.phase == "order" and list(state.var("hp")) == [75, 75]
    assert state.var("last") == "Round 1, hand 6: P1's attack: 8 damage reflected to P1"
    while state.var("hands") == 0:
        state.apply(Move(next(moves)))
    # Round 2's first hand: P2's Twin Attack JR JS against KP 5L, 20 damage each way.
    assert state.var("last") == (
        "Round 2, hand 1: P2's Twin Attack: 20 damage to P1, 20 damage reflected to P2"
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_computer_deals_the_opponents_hand_from_the_cards_the_draft_showed(seed: int) -> None:
    # The pool is face up and a Jack takes from a face-up discard pile: each wizard
    # knows the other's cards but for which of them are cast. The search deals
    # exactly those cards to the opponent's hand and spell, never others.
    state = GAME.new_state({}, seed)
    rng = random.Random(seed)
    dealt = 0
    while not state.is_terminal():
        for seat in (0, 1):
            held = state.zone("hand")[seat] + state.zone("casting")[seat]
            assert sorted(map(str, state.var("holds")[seat])) == sorted(map(str, held))
        if state.phase == "cast" and rng.random() < 0.2:
            seat = state.to_move
            other = 1 - seat
            guess = sample(state.view(seat), rng)
            held = guess.zone("hand")[other] + guess.zone("casting")[other]
            assert sorted(map(str, held)) == sorted(map(str, state.var("holds")[other]))
            dealt += 1
        state.apply(rng.choice(state.legal_list()))
    assert dealt > 3


def test_the_search_casts_the_same_whatever_the_spell_it_cannot_see() -> None:
    # The attacker has cast; the defender's search, given the same view, chooses the
    # same card whichever of the attacker's cards lies face down.
    choices = set()
    for attack in ("9P", "8S"):
        deal = {**ROUND3, "vars": {"round_no": 1, "hp": [100, 100]}}
        deal["hand"] = [["9P", "2R", "7W", "3S", "4L", "6R"], ["8S", "5L", "AW", "2P", "7R", "9S"]]
        first = f"cast {attack if attack == '9P' else '2R'}"
        state = _play(GAME.new_state({"spells": "one-card"}, 0, deal=deal), "draft second", first)
        choices.add(
            SearchAgent(Budget(iterations=60), seed=3).choose(state.view(1), state.legal_list())
        )
    assert len(choices) == 1


def test_a_cut_playout_is_judged_by_the_rounds_won_then_the_hp_left() -> None:
    # The search's playouts stop after the pack's playout: (58 moves, the longest round
    # of random games) and are judged by its value: this round's HP as a share of its
    # start, a round won counting as a lead of all of it. Before, the value was the
    # rounds won alone, and a playout ran two more rounds of random spells.
    rng = random.Random(5)
    for seed in range(12):
        state = GAME.new_state({}, seed)
        moves = {1: 0, 2: 0, 3: 0}
        while not state.is_terminal():
            moves[state.var("round_no")] += 1
            state.apply(rng.choice(state.legal_list()))
        assert max(moves.values()) <= playout_limit(GAME) == 58
    hurt = GAME.new_state({}, 0, deal={**ROUND3, "vars": {"round_no": 1, "hp": [60, 90]}})
    low, high = estimate(hurt)
    assert low < 0 < high and low == -high
    # Round 3 starts at 50 HP: a lead of 15 there is worth what 30 is in round 1.
    late = GAME.new_state({}, 0, deal={**ROUND3, "vars": {"round_no": 3, "hp": [35, 50]}})
    assert estimate(late) == pytest.approx([low, high])
    # A round up, at 1 HP to 75 in the next round, is still ahead.
    up = {"round_no": 2, "hp": [1, 75], "wins": [1, 0]}
    assert estimate(GAME.new_state({}, 0, deal={**ROUND3, "vars": up}))[0] > 0
