"""Agents play from their own seat's view: they cannot reach what it hides, they play
the same whatever the hidden cards are, and they find the moves that matter."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tests.ai.packs import best_three, higher
from tests.ai.test_agent_input import reachable
from vtt.ai.agent import Budget
from vtt.ai.greedy import GreedyAgent
from vtt.ai.levels import AGENTS, make_agent
from vtt.ai.mcts import SearchAgent, best_of
from vtt.ai.random_agent import RandomAgent
from vtt.ai.solver import Solver
from vtt.ai.value import edge
from vtt.janken import Card
from vtt.rules import State, load_game
from vtt.rules.sampling import sample, state_of_view
from vtt.rules.search import hidden_stacks
from vtt.rules.values import Piece

PACKS = [
    ("war", {"mode": "five-card"}, None),
    ("war", {"mode": "aces-and-kings"}, None),
    ("war", {}, None),
    ("tic-tac-rock", {}, None),
    ("tic-tac-rock", {"boards": 2}, 3),
    ("jantori", {}, None),
]


def _position(pack: str, options: dict[str, Any], players: int | None, moves: int) -> State:
    state = load_game(pack).new_state(options, seed=7, players=players)
    rng = random.Random(3)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("pack", "options", "players"), PACKS)
def test_what_an_agent_is_handed_reaches_no_hidden_card_or_pile_order(pack, options, players):
    state = _position(pack, options, players, 5)
    seat = state.to_move
    hidden = [stack for stack in hidden_stacks(state, seat) if stack]
    handed = (state.view(seat), list(state.legal_moves))
    reached = list(reachable(*handed))
    hidden_ids = {id(stack) for stack in hidden}
    orders = {tuple(stack) for stack in hidden if len(stack) > 1}
    # The only positions within reach are the pack's blank starts (its components in
    # their printed places before any shuffle: the same for every game) and the first
    # position of a pack whose start shuffles nothing.
    # The pack a view carries is the game's copy for that seat (``Game.for_seat``),
    # whose caches fill as searches deal from views of other games too (of any options).
    games = [state.game, *state.game._seat_games.values()]
    started = [position for game in games for _, position in game._started.values()]
    blanks = [id(known) for game in games for known in (*game._blanks.values(), *started)]
    assert all(id(item) in blanks for item in reached if isinstance(item, State))
    assert not any(id(item) in hidden_ids for item in reached)
    assert not any(
        isinstance(item, list | tuple)
        and len(item) > 1
        and all(isinstance(c, Card | Piece) for c in item)
        and tuple(item) in orders
        for item in reached
    )


@pytest.mark.parametrize(("pack", "options", "players"), PACKS)
def test_a_state_rebuilt_from_a_view_shows_that_view_and_the_same_moves(pack, options, players):
    state = _position(pack, options, players, 12)
    seat = state.to_move
    # The log and the history are not rebuilt: a search needs the position only.
    view = dataclasses.replace(state.view(seat), log=(), history=())
    rebuilt = state_of_view(view)
    assert rebuilt.view(seat) == view
    dealt = sample(view, random.Random(1), rebuilt)
    assert dealt.view(seat) == view
    assert sorted(map(str, dealt.legal_moves)) == sorted(map(str, state.legal_moves))


def test_the_pack_a_view_carries_keeps_no_other_seats_moves_from_before():
    # In 5 Card War the seats choose in secret: the other seat's legal moves name the
    # cards of its hand. Asked for just before (by the engine or another agent's
    # search), they must not stay within reach of this seat's view.
    state = load_game("war").new_state({"mode": "five-card"}, seed=7)
    seat, other = state.pending
    theirs = [state.action_to_move(a) for a in state.legal_actions(other)]
    reached = list(reachable(state.view(seat), list(state.legal_moves)))
    assert not any(
        isinstance(item, list | tuple) and len(item) > 1 and list(item) == theirs
        for item in reached
    )


def _same_view_other_deal(state: State, seat: int) -> State:
    other = state.determinize(seat, random.Random(99))
    # The same but for the log and the history: a determinized state has no journal.
    seen, guessed = (dataclasses.replace(s.view(seat), log=(), history=()) for s in (state, other))
    assert guessed == seen
    assert [list(s) for s in hidden_stacks(other, seat)] != [
        list(s) for s in hidden_stacks(state, seat)
    ]
    return other


@pytest.mark.parametrize(
    "agent",
    [
        lambda: SearchAgent(Budget(iterations=40), seed=5),
        lambda: GreedyAgent(seed=5),
        lambda: RandomAgent(seed=5),
    ],
    ids=["search", "greedy", "random"],
)
@pytest.mark.parametrize(
    ("pack", "options"), [("war", {"mode": "five-card"}), ("tic-tac-rock", {})]
)
def test_an_agent_plays_the_same_whatever_the_cards_it_cannot_see(agent, pack, options):
    state = _position(pack, options, None, 4)
    seat = state.to_move
    other = _same_view_other_deal(state, seat)
    first = agent().choose(state.view(seat), list(state.legal_moves))
    second = agent().choose(other.view(seat), list(other.legal_moves))
    assert first == second


def test_search_plays_the_card_that_wins_a_secret_choice():
    state = higher().new_state(seed=1)
    agent = SearchAgent(Budget(iterations=200), seed=1)
    assert str(agent.choose(state.view(0), list(state.legal_moves))) == "play 9R"


def test_a_secret_choice_among_hundreds_is_searched_by_its_cards():
    # 220 sets of three cards, 300 iterations: each set alone would be tried about
    # once. Scored by the cards they hold, the high cards stand out.
    state = best_three().new_state(seed=1)
    assert len(state.legal_moves) == 220
    agent = SearchAgent(Budget(iterations=300), seed=3)
    chosen = agent.choose(state.view(0), list(state.legal_moves)).values[0]
    assert {card.rank.name for card in chosen} <= {"KING", "QUEEN", "JACK", "TEN"}


def test_search_asked_after_a_secret_choice_does_not_peek_at_it():
    # The first seat's 9 beats everything: an agent that saw it would find every card
    # equally lost. Not seeing it, the second seat plays its best card, the 8.
    state = higher().new_state(seed=1)
    state.apply("play 9R")
    agent = SearchAgent(Budget(iterations=200), seed=2)
    assert str(agent.choose(state.view(1), list(state.legal_moves))) == "play 8P"


@pytest.mark.parametrize(("pack", "options"), [("war", {}), ("tic-tac-rock", {})])
def test_the_scores_of_a_search_pick_the_move_it_chooses_and_add_up_over_searches(pack, options):
    state = _position(pack, options, None, 3)
    view, moves = state.view(state.to_move), list(state.legal_moves)
    chosen = SearchAgent(Budget(iterations=60), seed=4).choose(view, moves)
    scores = SearchAgent(Budget(iterations=60), seed=4).scores(view, moves)
    assert set(scores) == set(moves)
    assert sum(scores.values()) > 0
    assert best_of(scores, moves) == chosen
    other = SearchAgent(Budget(iterations=60), seed=5).scores(view, moves)
    merged = {move: scores[move] + other[move] for move in moves}
    assert sum(merged.values()) == sum(scores.values()) + sum(other.values())


def _minimax(state: State) -> int:
    """Seat 0's value by plain minimax, no table: the solver's independent check."""
    if state.is_terminal():
        return int(state.returns()[0])
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        values.append(_minimax(child))
    return max(values) if state.current_player() == 0 else min(values)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_solver_agrees_with_plain_minimax_on_jantori_endings(seed):
    state = load_game("jantori").new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(18):
        state.apply_action(rng.choice(state.legal_actions()))
    solution = Solver().solve(state)
    assert solution.value == _minimax(state)
    for action, value in solution.actions.items():
        child = state.clone()
        child.apply_action(action)
        assert value == _minimax(child)


def test_the_search_agent_plays_a_proven_win_once_the_ending_is_small():
    game = load_game("jantori")
    rng = random.Random(11)
    for _ in range(50):  # a position won for the seat to move, with moves that lose it
        state = game.new_state(seed=0)
        for _ in range(16):
            state.apply_action(rng.choice(state.legal_actions()))
        solution = Solver().solve(state)
        goal = 1 if solution.to_move == 0 else -1
        if solution.value == goal and len(solution.best) < len(solution.actions):
            break
    else:
        pytest.fail("no won position with a losing move found")
    agent = SearchAgent(Budget(iterations=2000), seed=3)
    move = agent.choose(state.view(state.to_move), list(state.legal_moves))
    assert agent.proven == goal
    assert state.move_to_action(move) in solution.best


def test_greedy_takes_the_move_worth_most_by_the_packs_score():
    state = _position("jantori", {}, None, 6)
    seat = state.to_move
    worth = {}
    for move in state.legal_moves:
        child = state.clone()
        child.apply_unchecked(move)
        worth[move] = edge(child, seat)
    chosen = GreedyAgent(seed=1).choose(state.view(seat), list(state.legal_moves))
    assert worth[chosen] == max(worth.values())
    assert min(worth.values()) < max(worth.values())


def test_agents_are_made_by_name_and_an_unknown_name_is_refused():
    assert AGENTS == ("random", "greedy", "easy", "normal", "hard")
    assert isinstance(make_agent("Hard", seed=1), SearchAgent)
    with pytest.raises(ValueError, match="unknown agent 'clever'; the agents are: random"):
        make_agent("clever")


def test_a_budget_needs_a_positive_limit():
    with pytest.raises(ValueError, match="needs seconds, iterations"):
        Budget()
    with pytest.raises(ValueError, match="must be positive"):
        Budget(iterations=0)


def test_the_solver_refuses_a_game_whose_positions_come_back() -> None:
    # A turn taken back (Janken Go's way out of ko) returns to a position already on the
    # line being searched: depth first, that went round until Python's stack ran out.
    from tests.rules.test_take_back import KO
    from vtt.ai.solver import NotSolvable
    from vtt.rules.loader import load_pack_text

    state = load_pack_text(KO, "ko.yaml").new_state({}, 0)
    with pytest.raises(NotSolvable, match="comes back"):
        Solver(node_limit=100_000).value(state)


def test_a_search_agent_moves_in_janken_go() -> None:
    state = load_game("janken-go").new_state({}, 1)
    move = SearchAgent(Budget(iterations=2), 1).choose(state.view(0), state.legal_list())
    assert move in state.legal_list()


def test_a_search_never_takes_its_own_turn_back_unless_nothing_else_is_legal() -> None:
    from tests.rules.test_take_back import KO
    from vtt.rules.loader import load_pack_text
    from vtt.rules.search import onward

    state = load_pack_text(KO, "ko.yaml").new_state({}, 0)
    state.apply("step to b1")
    texts = {m.text for m in state.legal_list()}
    assert "take back" in texts
    kept = {state.action_to_move(a).text for a in onward(state, state.legal_actions())}
    assert kept == texts - {"take back"}
    for seed in range(6):
        agent = SearchAgent(Budget(iterations=60), seed, solver=False)
        assert agent.choose(state.view(0), state.legal_list()).text != "take back"
    state.apply("step to a1")  # back where the turn began: ko forbids ending it here
    assert [m.text for m in state.legal_list()] == ["take back"]
    assert onward(state, state.legal_actions()) == state.legal_actions()
