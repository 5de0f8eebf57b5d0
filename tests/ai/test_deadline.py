"""A search answers within its time whatever a move costs: the deadline is looked at
before every move applied, not only between iterations. Time is a fake clock that
moves on by a heavy move's cost with every move applied, so nothing here is timed."""

from __future__ import annotations

from typing import Any

import pytest

from vtt.ai.agent import Budget
from vtt.ai.greedy import GreedyAgent
from vtt.ai.mcts import SearchAgent
from vtt.rules import State, load_game

#: What a move costs on the fake clock, and the move's budget: half a move.
MOVE_COST = 0.2
SECONDS = 0.1


class MoveClock:
    """Time that passes only when a move is applied: MOVE_COST a move."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.moves = 0
        self.deadline_moves: int | None = None
        apply = State.apply_unchecked

        def counted(state: State, move: Any) -> None:
            self.moves += 1
            apply(state, move)

        monkeypatch.setattr(State, "apply_unchecked", counted)

    def __call__(self) -> float:
        return self.moves * MOVE_COST


@pytest.mark.parametrize(
    ("pack", "options", "players"),
    [
        ("stones", {}, 4),  # hidden cards: playouts of a whole hand and more
        ("jantori", {}, None),  # nothing hidden: the solver tries first
        ("janken-go", {}, None),  # a long turn of steps and walls
    ],
)
def test_a_search_stops_within_one_move_of_its_deadline(monkeypatch, pack, options, players):
    state = load_game(pack).new_state(options, seed=3, players=players)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_moves)
    clock = MoveClock(monkeypatch)
    agent = SearchAgent(Budget(seconds=SECONDS), seed=1, now=clock)
    move = agent.choose(view, legal)
    assert move in legal
    # The deadline falls before the first move's cost is paid: one move at most.
    assert clock.moves <= 1, f"{clock.moves} moves applied for a {SECONDS} s budget"


def test_a_search_that_had_time_plays_its_best_so_far(monkeypatch):
    state = load_game("stones").new_state({}, seed=3, players=4)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_moves)
    clock = MoveClock(monkeypatch)
    agent = SearchAgent(Budget(seconds=1000 * MOVE_COST), seed=1, now=clock)
    move = agent.choose(view, legal)
    assert move in legal
    assert agent.iterations >= 1  # whole iterations were searched, then time ran out
    assert clock.moves <= 1001


def test_a_cancelled_search_answers_at_once(monkeypatch):
    state = load_game("stones").new_state({}, seed=3, players=4)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_moves)
    clock = MoveClock(monkeypatch)
    agent = SearchAgent(Budget(iterations=10_000), seed=1, now=clock)
    agent.cancel()  # as a window closing does, from another thread
    assert agent.choose(view, legal) in legal
    assert clock.moves == 0
    assert agent.iterations == 0


def test_a_cancelled_greedy_answers_at_once(monkeypatch):
    state = load_game("janken-go").new_state({}, seed=3)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_moves)
    clock = MoveClock(monkeypatch)
    agent = GreedyAgent(seed=1)
    agent.cancel()
    assert agent.choose(view, legal) in legal
    assert clock.moves == 0


def test_a_greedy_with_a_budget_judges_no_move_past_its_deadline(monkeypatch):
    state = load_game("janken-go").new_state({}, seed=3)
    seat = state.to_move
    view, legal = state.view(seat), list(state.legal_moves)
    clock = MoveClock(monkeypatch)
    agent = GreedyAgent(seed=1, budget=Budget(seconds=SECONDS), now=clock)
    assert agent.choose(view, legal) in legal
    assert clock.moves <= 1  # of some 80 moves to judge
