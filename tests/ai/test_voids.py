"""Voids shown by a failure to follow suit: a pack's ``lacks:`` and the deals made under it.

A seat that plays off the led suit shows it holds none of that suit; positions rebuilt
for search (``determinize``, ``sample``) never give it such a card, and still look to
the searching seat exactly like the position they stand for.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from vtt.janken import Suit
from vtt.rules import State, load_game
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text
from vtt.rules.sampling import sample


def _with_voids(pack: str, players: int, seed: int) -> State:
    """A random game of a trick-taking pack played until two seats have shown voids,
    checking on the way that each card played off the led suit is recorded."""
    state = load_game(pack).new_state({}, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(400):
        assert not state.is_terminal()
        if state.phase == "play":
            trick = state.env["trick"]
            led = trick[0].suit if trick else None
            seat = state.to_move
            move = rng.choice(list(state.legal_moves))
            state.apply_unchecked(move)
            card = move.values[0]
            if led is not None and card.suit != led:
                assert led in state.env["void"][seat], (move.text, led)
        else:
            state.apply_unchecked(rng.choice(list(state.legal_moves)))
        voids = state.env["void"]
        if state.phase == "play" and sum(1 for seat in range(players) if voids[seat]) >= 2:
            return state
    raise AssertionError("no two voids shown in 400 moves")


@pytest.mark.parametrize(
    ("pack", "players", "seed"),
    [("stones", 4, 1), ("stones", 3, 2), ("green-queen", 4, 3), ("green-queen", 5, 4)],
)
def test_a_determinized_deal_gives_no_seat_a_card_of_a_suit_it_showed_void(pack, players, seed):
    state = _with_voids(pack, players, seed)
    voids = state.env["void"]
    rng = random.Random(5)
    for seat in range(players):
        view = state.view(seat)
        for _ in range(30):
            guess = state.determinize(seat, rng)
            sampled = sample(view, rng)
            for other in range(players):
                for dealt in (guess, sampled):
                    suits = {card.suit for card in dealt.env["hand"][other]}
                    assert not suits & set(voids[other]), (seat, other, voids[other], suits)
            # The same view but for the log and history: a search's state has no journal.
            assert guess.view(seat) == replace(view, log=(), history=())
            assert sampled.view(seat).zones == view.zones
            assert sampled.view(seat).vars == view.vars


#: Seat 0 sees its own hand only; the others are known to lack a suit each, which
#: leaves exactly one deal: seat 1 holds the Rocks, seat 2 the Papers.
NARROW = """
format: 1
id: narrow
name: Narrow
players: {min: 3, max: 3}
components:
  mine: {cards: "cards('9S')", start: "hand[0]"}
  rocks: {cards: "cards('2R 5R 7R')", start: "hand[1]"}
  papers: {cards: "cards('3P 4P 8P')", start: "hand[2]"}
zones:
  hand: {per: player, visibility: owner}
  pile: {visibility: everyone}
vars:
  void: {per: player, initial: "(Paper,) if seat == 1 else (Rock,) if seat == 2 else ()"}
lacks:
  - {zone: hand, where: "c.suit in void[p]"}
flow:
  start: play
  phases:
    play: {turn: single, moves: [play]}
moves:
  play:
    text: "play {card}"
    args: {card: {type: card, from: "hand[me]"}}
    effects:
      - move: {what: card, from: "hand[me]", to: pile}
      - end_game: {winners: "[me]", reason: played}
"""


def test_a_deal_left_with_one_answer_by_the_voids_is_always_that_one():
    game = load_pack_text(NARROW, "narrow.yaml")
    state = game.new_state({}, seed=1)
    rng = random.Random(2)
    for _ in range(40):
        guess = state.determinize(0, rng)
        assert {card.suit for card in guess.env["hand"][1]} == {Suit.ROCK}
        assert {card.suit for card in guess.env["hand"][2]} == {Suit.PAPER}
        assert guess.view(0) == state.view(0)


def test_lacks_must_name_a_per_player_zone():
    text = NARROW.replace("- {zone: hand, where", "- {zone: pile, where")
    with pytest.raises(PackErrors, match=r"narrow.yaml:\d+.*'pile' is not a per-player zone"):
        load_pack_text(text, "narrow.yaml")


def test_a_lacks_expression_is_checked_like_any_other():
    text = NARROW.replace('where: "c.suit in void[p]"', 'where: "c.suit in voids[p]"')
    with pytest.raises(PackErrors, match=r"narrow.yaml:\d+.*voids"):
        load_pack_text(text, "narrow.yaml")


def test_a_position_played_on_is_dealt_under_its_new_voids():
    state = _with_voids("stones", 4, 6)
    rng = random.Random(7)
    state.determinize(0, rng)  # the bans of this position are kept for the next deal
    before = [set(suits) for suits in state.env["void"]]
    while [set(suits) for suits in state.env["void"]] == before:  # the same object, on
        state.apply_unchecked(rng.choice(list(state.legal_moves)))
    voids = state.env["void"]
    for _ in range(20):
        guess = state.determinize(0, rng)
        for seat in range(1, 4):
            assert not {card.suit for card in guess.env["hand"][seat]} & set(voids[seat])
