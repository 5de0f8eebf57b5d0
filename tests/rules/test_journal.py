"""The journal: the moves made and the log, kept beside the position by the game being
played (``copy`` copies it) and by no search's state (``clone``)."""

from __future__ import annotations

import random

import pytest

from vtt.rules.engine import Game
from vtt.rules.finder import load_game
from vtt.rules.journal import Journal


@pytest.fixture(scope="module")
def war() -> Game:
    return load_game("war")


def test_a_new_game_keeps_a_journal_and_a_copy_keeps_its_own(war: Game) -> None:
    state = war.new_state({"mode": "classic"}, seed=3)
    assert isinstance(state.journal, Journal)
    state.apply("flip")
    copied = state.copy()
    assert copied.journal is not state.journal and copied.history == state.history
    copied.apply("flip")
    assert [str(m) for m in copied.history] == ["flip", "flip"] and len(state.history) == 1
    lines = len(state.log)
    assert [e.text for e in copied.log][:lines] == [e.text for e in state.log]
    assert len(copied.log) > lines and len(state.log) == lines


def test_a_clone_plays_the_same_game_and_keeps_no_history_or_log(war: Game) -> None:
    state = war.new_state({"mode": "five-card"}, seed=5)
    clone = state.clone()
    assert clone.journal is None and clone == state
    rng = random.Random(1)
    while not state.is_terminal():
        move = rng.choice(state.legal_list())
        state.apply_unchecked(move)
        clone.apply_unchecked(move)
        assert clone == state  # the same position all the way
    assert clone.outcome == state.outcome
    assert clone.history == [] and clone.log == [] and clone.view(0).log == ()
    assert len(state.history) > 5 and any(line.secret is False for line in state.log)
    # A copy of a clone has no journal either; the game's own is untouched.
    assert clone.copy().journal is None and state.journal is not None


def test_secret_choices_are_unveiled_in_the_journal_only(war: Game) -> None:
    state = war.new_state({"mode": "five-card"}, seed=5)
    first = next(iter(state.legal_moves))
    state.apply(first)
    assert state.view(1).history == ("chooses",)
    clone = state.clone()
    for played in (state, clone):
        played.apply(next(iter(played.legal_moves)))
    assert state.view(1).history[0] == str(first)  # the round over: shown to both
    assert clone.view(1).history == ()
