"""The engine's search interface: integer actions, player ids, returns, keys, determinize.

Every pack in rulesets/ is also played through it by tests/packs/test_conformance.py.
"""

from __future__ import annotations

import dataclasses
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from vtt.janken import Card, full_deck
from vtt.rules.engine import Game, State
from vtt.rules.finder import load_game
from vtt.rules.loader import load_pack_text
from vtt.rules.moves import IllegalMove, Move
from vtt.rules.search import SIMULTANEOUS, TERMINAL, codec_of
from vtt.rules.views import View

ROOT = Path(__file__).parents[2]

# Every kind of argument: bounded (suit, player, grid cell, cards) and unbounded
# (numbers, words, cells from an expression); two seat names for up to three seats.
PROBE = """
format: 1
id: search-probe
name: Search probe
players: {min: 2, max: 3}
seats: [North, South]
components:
  deck: {cards: "deck()", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
  board: {grid: [3, 2], visibility: everyone}
vars:
  said: {initial: 0}
setup:
  - shuffle: pool
  - deal: {from: pool, to: hand, count: 4}
flow:
  start: play
  phases:
    play:
      turn: single
      moves: [bid, call, give, say, mark, discard, spot]
moves:
  bid:
    text: "bid {n}"
    args: {n: {type: number, from: "range(-3, 4)"}}
    effects: [{set: {said: n}}]
  call: {text: "call {s}", args: {s: {type: suit}}}
  give: {text: "give {p}", args: {p: {type: player}}}
  say:
    text: "say {w} {n2}"
    args: {w: {type: word, from: "['yes', 'no']"}, n2: {type: number, from: "[10, -20]"}}
  mark: {text: "mark {c}", args: {c: {type: cell, grid: board}}}
  discard:
    text: "discard {cs}"
    args: {cs: {type: cards, from: "hand[me]", min: 0, max: 2}}
    effects: [{move: {what: cs, from: "hand[me]", to: pool}}]
  spot: {text: "spot {fc}", args: {fc: {type: cell, from: "[cell('a1'), cell('e9')]"}}}
"""


@pytest.fixture(scope="module")
def probe() -> Game:
    return load_pack_text(PROBE, "probe.yaml")


@pytest.fixture(scope="module")
def war() -> Game:
    return load_game("war")


@pytest.fixture(scope="module")
def jantori() -> Game:
    return load_game("jantori")


# --- actions ---------------------------------------------------------------------------------


def test_actions_follow_the_documented_encoding(jantori: Game, war: Game) -> None:
    # JANTORI has one move kind: piece index (R P S) + 3 * (row * 3 + column).
    assert jantori.move_to_action(Move("place R at b3")) == 0 + 3 * (2 * 3 + 1)
    assert str(jantori.action_to_move(2 + 3 * 4)) == "place S at b2"
    # War: flip, play, draw; a card is its index in the deck in printed order.
    queen_of_lizard = full_deck().index(Card.parse("QL"))
    assert queen_of_lizard == 4 * 14 + 11
    assert war.move_to_action("flip") == 0
    assert war.move_to_action("play QL") == 1 + 3 * queen_of_lizard
    assert war.move_to_action("draw") == 2
    assert codec_of(jantori).size == 27 and codec_of(war).size == 1 + 3 * 69 + 1  # play JkL


def test_every_kind_of_argument_round_trips(probe: Game) -> None:
    for players in (2, 3):
        state = probe.new_state(players=players, seed=5)
        actions = state.legal_actions()
        moves = state.legal_list()
        assert len(set(actions)) == len(actions) == len(moves)
        for action, move in zip(actions, moves, strict=True):
            assert state.action_to_move(action) == move
            assert probe.action_to_move(action, players) == move
            assert probe.move_to_action(str(move), players) == action
    assert codec_of(probe).size is None  # numbers and words have no bound
    # Negative numbers, pairs of unbounded arguments and free cells decode exactly.
    for text in ("bid -3", "say yes -20", "say no 10", "spot e9", "discard none"):
        assert str(probe.action_to_move(probe.move_to_action(text))) == text


def test_a_set_of_cards_is_one_action_whatever_its_order(probe: Game) -> None:
    one = probe.move_to_action("discard 5W QL")
    assert probe.move_to_action("discard QL 5W") == one
    assert str(probe.action_to_move(one)) == "discard 5W QL"


def test_actions_are_the_same_in_another_process(war: Game) -> None:
    state = war.new_state({"mode": "five-card"}, seed=11)
    here = state.legal_actions()
    code = (
        "from vtt.rules.finder import load_game\n"
        "s = load_game('war').new_state({'mode': 'five-card'}, seed=11)\n"
        "print(s.legal_actions())"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={"PYTHONHASHSEED": "12345", "PATH": ""},
    )
    assert done.stdout.strip() == str(here)


def test_bad_actions_are_refused_clearly(probe: Game, jantori: Game) -> None:
    with pytest.raises(ValueError, match="not an action"):
        probe.action_to_move(-1)
    with pytest.raises(ValueError, match="names seat 3 of a 2-seat game"):
        probe.action_to_move(probe.move_to_action("give P3", 3), 2)
    with pytest.raises(ValueError, match="past this move's last action"):
        jantori.action_to_move(27)
    state = jantori.new_state()
    with pytest.raises(IllegalMove, match=r"'place R at c1' \(action 6\) is not a legal move"):
        state.apply_action(jantori.move_to_action("place R at c1"))
    assert state.history == []


def test_a_players_name_in_a_move_follows_the_seat_count(probe: Game) -> None:
    # Moves are made once and reused: the move naming seat 2 is "give South" with two
    # seats and "give P2" with three (two names do not cover three seats).
    for players, names in ((2, ["North", "South"]), (3, ["P1", "P2", "P3"]), (2, None)):
        state = probe.new_state(players=players, seed=1)
        gives = [str(m) for m in state.legal_moves if str(m).startswith("give")]
        assert gives == [f"give {name}" for name in names or ["North", "South"]]
        assert str(state.apply("give 2")) == f"give {(names or ['North', 'South'])[1]}"


# --- players and returns ---------------------------------------------------------------------


def test_secret_each_phases_are_simultaneous(war: Game) -> None:
    state = war.new_state({"mode": "five-card"}, seed=2)
    assert state.current_player() == SIMULTANEOUS
    hands = [list(state.zone("hand")[seat]) for seat in (0, 1)]
    for seat in (0, 1):
        shown = {str(state.action_to_move(a)) for a in state.legal_actions(seat)}
        assert shown == {f"play {card}" for card in hands[seat]}
    state.apply_action(state.legal_actions()[0])  # seat 0 chooses; seat 1 is asked now
    assert state.current_player() == SIMULTANEOUS and state.to_move == 1
    assert state.legal_actions(0) == []
    state.apply_actions({1: state.legal_actions(1)[0]})
    assert len(state.history) == 2 and state.pending == (0, 1)


def test_a_joint_action_plays_every_seat(war: Game) -> None:
    state = war.new_state({"mode": "aces-and-kings"}, seed=2)
    joint = [state.legal_actions(0)[-1], state.legal_actions(1)[-1]]
    state.apply_actions(joint)
    assert [str(m) for m in state.history] == ["play AL", "play KL"]


def test_open_each_phases_are_turns_and_the_end_is_terminal(war: Game) -> None:
    state = war.new_state({"mode": "classic"}, seed=4)
    assert state.current_player() == 0
    state.apply_action(0)
    assert state.current_player() == 1
    assert state.returns() == [0.0, 0.0] and not state.is_terminal()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert state.outcome is not None
    winners = state.outcome.winners
    expected = [0.0, 0.0] if not winners else [1.0 if s in winners else -1.0 for s in (0, 1)]
    assert state.returns() == expected


def test_returns_give_winners_one_and_a_draw_zero(war: Game) -> None:
    # Aces and Kings: the same suit each round ties; ten tied rounds are a draw.
    state = war.new_state({"mode": "aces-and-kings", "rounds": 1}, seed=0)
    state.apply("play AR")
    state.apply("play KR")
    assert state.outcome is not None and state.outcome.is_draw
    assert state.returns() == [0.0, 0.0]
    state = war.new_state({"mode": "aces-and-kings", "rounds": 1}, seed=0)
    state.apply("play AP")  # Paper covers Rock
    state.apply("play KR")
    assert state.returns() == [1.0, -1.0]


# --- keys ------------------------------------------------------------------------------------


def test_keys_are_compact_hashable_and_follow_the_position(war: Game) -> None:
    state = war.new_state({"mode": "classic"}, seed=3)
    key = state.key()
    assert isinstance(key[0], bytes) and len(key[0]) <= 2 * (70 + 10)
    assert hash(state.clone().key()) == hash(key) and state.clone() == state
    moved = state.clone()
    moved.apply("flip")
    assert moved.key() != key and moved != state
    # The same cards under other options are another position.
    longer = war.new_state({"mode": "classic", "round_limit": 7}, seed=3)
    assert [list(s) for s in longer.stacks("stock")] == [list(s) for s in state.stacks("stock")]
    assert longer.key() != key


# --- determinize -----------------------------------------------------------------------------


def _after_secret_play(war: Game, seed: int) -> State:
    state = war.new_state({"mode": "five-card"}, seed=seed)
    state.apply(next(iter(state.legal_moves)))  # seat 0 plays a card in secret
    return state


def _position(view: View) -> View:
    """A view without what the journal gives it (the log, the history)."""
    return dataclasses.replace(view, log=(), history=())


def test_determinize_keeps_the_view_and_deals_the_rest_anew(war: Game) -> None:
    state = _after_secret_play(war, 8)
    own_hand = list(state.zone("hand")[1])
    seen: set[str] = set()
    for seed in range(12):
        guess = state.determinize(1, random.Random(seed))
        assert _position(guess.view(1)) == _position(state.view(1))
        assert list(guess.zone("hand")[1]) == own_hand
        assert Counter(guess.components()) == Counter(state.components())
        chosen = guess.zone("chosen")[0]
        seen.add(str(chosen[-1]))
        assert guess.rng.state != state.rng.state and guess.seed != state.seed
        assert "card" not in guess.env  # the last move's argument, the real card
        guess.apply_action(guess.legal_actions()[0])  # and the game goes on
        assert guess.phase == state.phase and len(guess.zone("chosen")[1]) == 0
    assert len(seen) > 3


def test_a_determinized_state_keeps_no_history_and_no_log(war: Game) -> None:
    # The real card's move is in no history or log line to rewrite: the seat's search
    # reads what it knows of the moves from its view, never from a state.
    state = _after_secret_play(war, 8)
    guess = state.determinize(1, random.Random(0))
    assert guess.journal is None and guess.history == [] and guess.log == []
    while not guess.is_terminal():
        guess.apply_action(guess.legal_actions()[0])
    assert guess.history == [] and guess.log == [] and guess.view(1).log == ()
    assert len(state.history) == 1 and state.view(1).history == ("chooses",)


def test_determinize_keeps_what_the_seat_itself_chose(war: Game) -> None:
    state = _after_secret_play(war, 8)
    guess = state.determinize(0, random.Random(1))
    assert list(guess.zone("chosen")[0]) == list(state.zone("chosen")[0])
    assert _position(guess.view(0)) == _position(state.view(0))


def test_determinize_refuses_a_seat_that_is_not_there(war: Game) -> None:
    with pytest.raises(ValueError, match="seat 2 is not a seat"):
        war.new_state().determinize(2, random.Random(0))


def test_a_joint_action_needs_every_seat_to_choose(war: Game) -> None:
    state = war.new_state({"mode": "aces-and-kings"}, seed=2)
    with pytest.raises(ValueError, match="no action for seat 1"):
        state.apply_actions({0: state.legal_actions(0)[0]})
    assert state.history == []  # nothing played


def test_a_win_every_seat_shares_is_a_draw_to_the_search() -> None:
    # Battlefront: nobody attacks in a full round, no captures: the most captures tie.
    from vtt.rules.finder import load_game

    state = load_game("battlefront").new_state({}, seed=1)
    state.apply("pass")
    state.apply("pass")
    assert state.outcome is not None and state.outcome.winners == (0, 1)
    assert state.returns() == [0.0, 0.0]
