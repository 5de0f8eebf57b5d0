"""The computer on every core (``vtt.ai.parallel``): its workers are handed a seat's view
and the legal moves' texts only, their scores add up to a legal move, a cancel stops
them, closing ends them, and a worker lost (or a pool that cannot start) leaves the
search to the lead's own process. Budgets of iterations only: nothing here is timed."""

from __future__ import annotations

import os
import pickle
import random
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.ai.test_agent_input import _cards, hidden_cards, reachable
from vtt.ai import parallel
from vtt.ai.agent import Budget
from vtt.ai.levels import make_agent
from vtt.ai.mcts import SearchAgent
from vtt.ai.parallel import ParallelSearch
from vtt.rules.engine import State
from vtt.rules.finder import load_game
from vtt.rules.search import hidden_stacks
from vtt.rules.views import UNSEEN, Unseen

HIDDEN = Path(__file__).parent.parent / "packs" / "hidden"
#: How long a test waits for the workers to be ready: generous, a busy machine is slow.
PATIENCE = 120.0


def ready(agent: ParallelSearch, count: int) -> None:
    """Wait until ``count`` workers have compiled their pack."""
    waited = time.monotonic() + PATIENCE
    while sum(worker.poll_ready() for worker in agent.workers) < count:
        assert not agent.failure, agent.failure
        assert time.monotonic() < waited, "the workers never became ready"
        time.sleep(0.01)


def position(pack: str | Path, seed: int, moves: int, options: dict[str, object] | None = None):
    """A position some random moves into a game, with a choice to make."""
    game = load_game(pack)
    state = game.new_state(options or {}, seed)
    chooser = random.Random(seed)
    for step in range(2 * moves):
        if state.is_terminal() or (step >= moves and len(state.legal_moves) > 1):
            break
        state.apply(chooser.choice(list(state.legal_moves)))
    assert not state.is_terminal() and len(state.legal_moves) > 1
    return state


def seat_input(state: State) -> tuple[Any, list[Any]]:
    seat = state.to_move
    assert seat is not None
    return state.view(seat), list(state.legal_moves)


@pytest.fixture
def sent(monkeypatch) -> list[bytes]:
    """Every message the lead sends its workers."""
    messages: list[bytes] = []
    made = parallel.request_bytes

    def recording(*args: Any) -> bytes:
        message = made(*args)
        messages.append(message)
        return message

    monkeypatch.setattr(parallel, "request_bytes", recording)
    return messages


@pytest.mark.parametrize("pack", ["passing", "decks", "battlefront"])
def test_a_worker_is_handed_the_seat_view_and_the_moves_texts_only(pack, sent):
    where = HIDDEN / pack if pack != "battlefront" else pack
    state = position(where, seed=4, moves=4)
    seat = state.to_move
    view, legal = seat_input(state)
    agent = ParallelSearch(Budget(iterations=6), seed=1, workers=1)
    try:
        agent.start(state.game)
        ready(agent, 1)
        move = agent.choose(view, legal)
    finally:
        agent.close()
    assert move in legal and agent.searched_by == 1
    _, budget, _, handed, texts = pickle.loads(sent[-1])
    assert texts == [move.text for move in legal] and budget == Budget(iterations=6)
    assert handed.game is None and handed.seat == seat
    assert handed == view  # the view, as the seat sees it: nothing more
    hidden = hidden_cards(state, seat)
    assert hidden, "the position hides nothing from the seat"
    orders = {tuple(stack) for stack in hidden_stacks(state, seat) if len(stack) > 1}
    for item in reachable(handed, texts):
        assert not isinstance(item, State)
        assert not set(_cards(item)) & hidden, item
        assert not (isinstance(item, tuple) and len(item) > 1 and item in orders), item
        assert not isinstance(item, Unseen) or item is UNSEEN  # read back as the one UNSEEN
    for text in texts:
        assert not set(text.split()) & {str(card) for card in hidden}


def test_the_workers_scores_add_up_to_a_legal_move():
    state = position("tic-tac-rock", seed=2, moves=6)
    view, legal = seat_input(state)
    agent = ParallelSearch(Budget(iterations=40), seed=3, workers=2)
    try:
        agent.start(state.game)
        ready(agent, 2)
        move = agent.choose(view, legal)
        assert move in legal
        assert agent.searched_by == 2 and agent.iterations == 80  # each its own 40
        again = agent.choose(view, legal)  # the pool is kept from move to move
        assert again in legal and agent.searched_by == 2
    finally:
        agent.close()


def test_a_cancel_stops_the_workers_search_and_every_later_move_answers_at_once(sent):
    state = position("janken-go", seed=5, moves=3)
    view, legal = seat_input(state)
    # A search that would not end by itself in any test's lifetime.
    agent = ParallelSearch(Budget(iterations=10**9), seed=2, workers=2)
    answer: list[Any] = []
    try:
        agent.start(state.game)
        ready(agent, 2)
        thinking = threading.Thread(target=lambda: answer.append(agent.choose(view, legal)))
        thinking.start()
        waited = time.monotonic() + PATIENCE
        while not sent:  # the workers were asked
            assert time.monotonic() < waited
            time.sleep(0.01)
        agent.cancel()
        thinking.join(PATIENCE)
        assert not thinking.is_alive(), "the search went on after the cancel"
        assert answer and answer[0] in legal and agent.searched_by == 2
        asked = len(sent)
        assert agent.choose(view, legal) in legal
        assert len(sent) == asked  # cancelled for good: no worker is asked again
    finally:
        agent.close()


def test_closing_ends_every_worker():
    state = position("stones", seed=1, moves=2, options={"target": 60, "hand_limit": 3})
    view, legal = seat_input(state)
    agent = ParallelSearch(Budget(iterations=5), seed=1, workers=2)
    agent.start(state.game)
    ready(agent, 2)
    agent.choose(view, legal)
    processes = [worker.process for worker in agent.workers]
    assert len(processes) == 2 and all(process.is_alive() for process in processes)
    agent.close()
    assert not agent.workers
    assert not any(process.is_alive() for process in processes)
    assert agent.choose(view, legal) in legal  # a later move: this process, at once


def test_a_killed_worker_leaves_the_others_and_then_this_process_to_search():
    state = position("corner-edge", seed=3, moves=4, options={"game": "corner"})
    view, legal = seat_input(state)
    agent = ParallelSearch(Budget(iterations=20), seed=5, workers=2)
    try:
        agent.start(state.game)
        ready(agent, 2)
        first, second = agent.workers
        os.kill(first.process.pid, signal.SIGKILL)
        first.process.join(PATIENCE)
        assert agent.choose(view, legal) in legal
        assert agent.searched_by == 1 and agent.workers == [second]
        os.kill(second.process.pid, signal.SIGKILL)
        second.process.join(PATIENCE)
        assert agent.choose(view, legal) in legal
        assert agent.searched_by == 0 and agent.local.iterations == 20 and not agent.workers
    finally:
        agent.close()


def test_a_pool_that_cannot_start_leaves_the_search_to_this_process():
    state = position("tic-tac-rock", seed=1, moves=2)
    view, legal = seat_input(state)
    agent = ParallelSearch(Budget(iterations=10), seed=1, workers=2, context="no-such-way")
    agent.start(state.game)
    waited = time.monotonic() + PATIENCE
    while not agent.failure:
        assert time.monotonic() < waited
        time.sleep(0.01)
    assert "could not start" in agent.failure
    assert agent.choose(view, legal) in legal and agent.searched_by == 0
    assert agent.iterations == 10
    agent.close()


def test_the_window_levels_search_on_every_core_and_simulations_on_one(monkeypatch):
    monkeypatch.setenv("VTT_CORES", "2")
    hard = make_agent("hard", seed=1, timed=True)
    assert isinstance(hard, ParallelSearch) and hard.size == 2
    assert hard.budget == Budget(seconds=1.0)
    assert isinstance(make_agent("hard", seed=1), SearchAgent)  # simulations: iterations
    monkeypatch.setenv("VTT_CORES", "1")
    assert isinstance(make_agent("normal", seed=1, timed=True), SearchAgent)
    hard.close()  # never started: nothing to end


def test_a_worker_whose_lead_is_gone_stops_its_search_and_ends():
    state = position("tic-tac-rock", seed=4, moves=2)
    view, legal = seat_input(state)
    agent = ParallelSearch(Budget(iterations=10**9), seed=1, workers=1)
    try:
        agent.start(state.game)
        ready(agent, 1)
        (worker,) = agent.workers
        # A search that would not end by itself, then the lead's end of the pipe closes
        # (as when the window's process is killed).
        worker.conn.send_bytes(parallel.request_bytes(1, agent.budget, None, view, legal))
        worker.conn.close()
        worker.process.join(PATIENCE)
        assert not worker.process.is_alive()
    finally:
        agent.close()


def test_a_worker_scores_every_move_of_a_game_as_this_process_would():
    # The worker's search is the one-core search of the same view with its seed, move
    # after move (its tree, random numbers and solver kept between moves alike): what
    # crosses the processes loses nothing and adds nothing.
    game = load_game("corner-edge")
    state = game.new_state({"game": "corner"}, 1001)
    agent = ParallelSearch(Budget(iterations=30), seed=7, workers=1)
    twin = SearchAgent(Budget(iterations=30), parallel.worker_seed(7, 0))
    chooser = random.Random(3)
    compared = 0
    try:
        agent.start(game)
        ready(agent, 1)
        while not state.is_terminal() and compared < 5:
            legal = list(state.legal_moves)
            if state.to_move != 0 or len(legal) == 1:
                state.apply(chooser.choice(legal))
                continue
            view = state.view(0)
            theirs = agent._ask(list(agent.workers), view, legal)
            assert theirs == twin.scores(view, legal) and agent.searched_by == 1
            state.apply(parallel.best_of(theirs, legal))
            compared += 1
    finally:
        agent.close()
    assert compared == 5
