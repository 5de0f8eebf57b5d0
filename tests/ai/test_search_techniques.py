"""What the search does with each iteration: playouts guided by the pack's value,
progressive widening, MAST, and the subtree of the moves played kept for the next
choice (only where nothing is hidden). Fixed iteration counts throughout."""

from __future__ import annotations

import math
import random

from tests.ai.test_value import RACE, VALUED
from vtt.ai.agent import Budget
from vtt.ai.mcts import SearchAgent
from vtt.ai.value import judge
from vtt.rules import load_game
from vtt.rules.loader import load_pack_text

_RACES = {text: load_pack_text(text, "race.yaml") for text in (RACE, VALUED)}


def race(text: str = VALUED):
    """A fresh race (tests.ai.test_value's), the first runner to move; compiled once."""
    return _RACES[text].new_state({}, 1)


def test_a_guided_playout_takes_the_move_the_value_likes_best() -> None:
    # Three playout moves: guided always, each runner steps forward; at random (or
    # "guided" in a pack that declares no value: only scores), they go every which way.
    ran = set()
    for seed in range(6):
        state = race()
        SearchAgent(Budget(iterations=1), seed=seed, guide=1.0)._playout(
            state, Budget(iterations=1).clock()
        )
        ran.add(tuple(state.env["at"]))
    assert ran == {(2, 1)}
    for text, guide in ((VALUED, 0.0), (RACE, 1.0)):
        wandered = set()
        for seed in range(6):
            state = race(text)
            agent = SearchAgent(Budget(iterations=1), seed=seed, guide=guide)
            agent._playout(state, Budget(iterations=1).clock())
            wandered.add(tuple(state.env["at"]))
        assert len(wandered) > 1


def test_the_lookahead_picks_the_best_value_and_breaks_ties_at_random() -> None:
    state = race()
    state.apply("forward")
    state.apply("wait")
    game = state.game
    agent = SearchAgent(Budget(iterations=1), seed=1)
    actions = state.legal_actions()
    clock = Budget(iterations=1).clock()
    best = agent._lookahead(state, actions, judge(game), clock)
    assert state.action_to_move(best).text == "forward"
    # By the scores (turns played) every move is worth the same: any may be picked.
    plain = race(RACE)
    plain.apply("forward")
    plain.apply("wait")
    picked = {
        plain.action_to_move(
            agent._lookahead(plain, plain.legal_actions(), judge(plain.game), clock)
        ).text
        for _ in range(20)
    }
    assert picked == {"forward", "back", "wait"}


def test_widening_limits_a_nodes_children_by_its_visits() -> None:
    state = load_game("tic-tac-rock").new_state({}, seed=3)
    view, moves = state.view(state.to_move), list(state.legal_moves)
    assert len(moves) > 20
    wide = SearchAgent(Budget(iterations=60), seed=1)
    wide.choose(view, moves)
    assert wide.tree is not None and len(wide.tree.children) == len(moves)
    narrow = SearchAgent(Budget(iterations=60), seed=1, widen=1.0)
    assert narrow.choose(view, moves) in moves
    root = narrow.tree
    assert root is not None and root.visits == 60
    assert len(root.children) <= 1 + math.sqrt(root.visits) < len(moves)


def test_mast_plays_the_moves_that_did_best_in_this_search() -> None:
    state = race()
    agent = SearchAgent(Budget(iterations=1), seed=3, mast=0.0)
    forward = state.move_to_action("forward")
    back = state.move_to_action("back")
    wait = state.move_to_action("wait")
    agent._mast_stats = {(0, back): [4, -3.0], (0, wait): [4, 1.0], (1, wait): [2, 2.0]}
    assert agent._best_known(0, [forward, back, wait]) == wait
    assert agent._best_known(1, [forward, back, wait]) == wait
    agent._mast_stats[(0, forward)] = [3, 2.5]
    assert agent._best_known(0, [forward, back, wait]) == forward
    # A search with MAST notes every move of every iteration, per seat.
    searched = SearchAgent(Budget(iterations=30), seed=3, mast=0.2, solver=False)
    searched.choose(state.view(0), list(state.legal_moves))
    counts = searched._mast_stats
    assert {seat for seat, _ in counts} == {0, 1}
    assert sum(n for n, _ in counts.values()) >= 30 * 3


def test_the_subtree_of_the_moves_played_is_kept_where_nothing_is_hidden() -> None:
    state = race()
    agent = SearchAgent(Budget(iterations=150), seed=2, solver=False, reuse=True)
    first = agent.choose(state.view(0), list(state.legal_moves))
    tree = agent.tree
    assert tree is not None and agent.reused == 0
    state.apply(first)
    state.apply("wait")
    kept = tree.children[state.move_to_action(first)].children[state.move_to_action("wait")]
    carried = kept.visits
    assert carried > 0
    chosen = agent.choose(state.view(0), list(state.legal_moves))
    assert agent.tree is kept  # the statistics carry over, and 150 more iterations
    assert agent.reused == carried and kept.visits == carried + 150
    # Deterministic: the same seed shown the same views makes the same choices.
    again = SearchAgent(Budget(iterations=150), seed=2, solver=False, reuse=True)
    replay = race()
    assert again.choose(replay.view(0), list(replay.legal_moves)) == first
    replay.apply(first)
    replay.apply("wait")
    second = again.choose(replay.view(0), list(replay.legal_moves))
    assert again.reused == carried and second == chosen


def test_nothing_is_kept_from_one_deal_to_the_next_where_cards_are_hidden() -> None:
    state = load_game("tic-tac-rock").new_state({}, seed=5)
    agent = SearchAgent(Budget(iterations=20), seed=1, reuse=True)
    rng = random.Random(1)
    for _ in range(3):
        seat = state.to_move
        move = agent.choose(state.view(seat), list(state.legal_moves))
        assert agent.reused == 0 and agent._kept is None
        state.apply(move)
        state.apply(rng.choice(list(state.legal_moves)))


def test_a_kept_tree_cut_off_by_the_deadline_is_searched_on() -> None:
    # A search out of time stops inside an iteration: the node it had just added has
    # no visits yet. The next choice starts from that tree and must cope with it.
    for cut in range(30, 60, 3):
        calls = [0]

        def now(calls: list[int] = calls, cut: int = cut) -> float:
            calls[0] += 1
            return 0.0 if calls[0] < cut else 10.0

        state = race()
        agent = SearchAgent(Budget(seconds=1.0), seed=1, solver=False, reuse=True, now=now)
        first = agent.choose(state.view(0), list(state.legal_moves))
        state.apply(first)
        state.apply("wait")
        agent.budget = Budget(iterations=30)
        assert agent.choose(state.view(0), list(state.legal_moves)) in state.legal_moves
