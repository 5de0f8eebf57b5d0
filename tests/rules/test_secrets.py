"""Hidden information beyond zones: vars seen by their owner or nobody, and moves whose
secrecy says who learns them and when (tests/packs/hidden/passing is the pack)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest

from vtt.rules.engine import Game, State
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack, load_pack_text
from vtt.rules.views import UNSEEN

PASSING = Path(__file__).parents[1] / "packs" / "hidden" / "passing" / "pack.yaml"


@pytest.fixture(scope="module")
def passing() -> Game:
    return load_pack(PASSING)


def _passes(game: Game, seed: int = 2) -> State:
    """Three players each pass two cards to the next seat."""
    state = game.new_state({}, seed, players=3)
    for _ in range(3):
        state.apply(next(iter(state.legal_moves)))
    return state


def test_passed_cards_are_told_to_the_next_seat_alone(passing: Game) -> None:
    state = passing.new_state({}, 2, players=3)
    first = next(iter(state.legal_moves))
    state.apply(first)  # P1 passes two cards to P2
    # Until everyone has passed, even P2 reads only that P1 chose.
    assert [state.view(seat).log[-1] for seat in range(3)] == [
        f"P1: {first}",
        "P1: chooses",
        "P1: chooses",
    ]
    for _ in range(2):
        state.apply(next(iter(state.legal_moves)))
    assert state.phase == "bid"
    assert state.view(1).log[0] == f"P1: {first}" and state.view(1).history[0] == str(first)
    assert state.view(2).log[0] == "P1: chooses" and state.view(2).history[0] == "chooses"
    # And so for good: the next phases reveal nothing more of it.
    while state.outcome is None:
        state.apply(next(iter(state.legal_moves)))
    assert state.view(2).log[0] == "P1: chooses"


def test_sealed_bids_show_when_everyone_has_bid(passing: Game) -> None:
    state = _passes(passing)
    state.apply("bid 2")
    assert state.view(1).log[-1] == "P1: chooses"
    state.apply("bid 0")
    state.apply("bid 1")
    assert state.view(1).log[-3:] == ("P1: bid 2", "P2: bid 0", "P3: bid 1")
    # The var keeps its owner's value from the others all the same.
    assert state.view(1).vars["bid"] == (UNSEEN, 0, UNSEEN)
    assert state.view(1, open_hands=True).vars["bid"] == (2, 0, 1)


def test_a_never_secret_move_is_never_told(passing: Game) -> None:
    state = _passes(passing)
    for bid in ("bid 0", "bid 0", "bid 0"):
        state.apply(bid)
    discard = next(m for m in state.legal_moves if str(m).startswith("discard"))
    state.apply(discard)
    assert state.view(0).log[-1] == f"P1: {discard}"
    assert state.view(1).log[-1] == state.view(2).log[-1] == "P1: chooses"
    assert state.view(2).history[-1] == "chooses"


def test_vars_show_to_whom_their_visibility_says(passing: Game) -> None:
    state = passing.new_state({}, 4, players=3)
    lucky = state.var("lucky")
    assert state.view(0).vars["lucky"] == (lucky[0], UNSEEN, UNSEEN)
    assert state.view(2).vars["point"] is UNSEEN
    assert state.view(2, open_hands=True).vars["point"] is UNSEEN  # nobody's: not even then


def test_determinizing_moves_a_hidden_var_with_its_card(passing: Game) -> None:
    state = passing.new_state({}, 5, players=3)
    rng = random.Random(1)
    for _ in range(5):
        guess = state.determinize(0, rng)
        seen, guessed = (replace(s.view(0), log=(), history=()) for s in (state, guess))
        assert guessed == seen  # but for the log and the history: a guess has no journal
        lucky, hands = guess.var("lucky"), guess.zone("hand")
        assert lucky[0] == state.var("lucky")[0]  # its own, seen: kept
        for seat in (1, 2):  # noted from the top of a hand redealt: the card now there
            assert lucky[seat] == hands[seat][-1]
        if guess.var("lucky")[1] != state.var("lucky")[1]:
            return
    pytest.fail("five guesses all kept P2's card: nothing was redealt")


TINY = """
format: 1
id: tiny
name: Tiny
players: {min: 2, max: 2}
components: {deck: {cards: "cards('AR AP KS KW')", start: pool}}
zones: {pool: {visibility: nobody}, hand: {per: player, visibility: owner}}
vars: {guess: {initial: 0, visibility: owner}}
flow: {start: play, phases: {play: {turn: single, moves: [take]}}}
moves:
  take:
    text: take
    secret: true
    effects: [{move: {from: pool, count: 1, to: "hand[me]"}}]
"""


def test_secrecy_that_cannot_hold_is_refused_at_load() -> None:
    with pytest.raises(PackErrors) as caught:
        load_pack_text(TINY, "tiny.yaml")
    messages = [str(error) for error in caught.value.errors]
    assert any(
        "vars.guess.visibility" in text and "needs a per-player var" in text for text in messages
    )
    assert any(
        "move 'take' is secret until its phase reveals" in text and "secret: never" in text
        for text in messages
    )
