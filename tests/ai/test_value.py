"""A pack's ``value:`` and ``playout:``: what the computer players judge a position by."""

from __future__ import annotations

import math

import pytest

from vtt.ai.agent import Budget
from vtt.ai.greedy import GreedyAgent
from vtt.ai.mcts import SearchAgent
from vtt.ai.solver import Solver
from vtt.ai.value import PLAYOUT_LIMIT, edge, estimate, judge, playout_limit
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack_text

#: Two runners on a long track: a turn steps forward, back, or waits. The first to the
#: end wins; the track is too long for a random playout to reach it, so only the value
#: (how far each has run) tells the moves apart. The score is the turns played, which
#: says nothing about who is ahead.
RACE = """\
format: 1
id: race
name: Race
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('AR')", start: pool}
zones:
  pool: {visibility: everyone}
vars:
  at: {per: player, initial: 0}
  turns: {initial: 0}
flow:
  start: run
  phases:
    run: {turn: single, moves: [forward, back, wait]}
moves:
  forward:
    text: forward
    effects:
      - add: {"at[me]": 1, turns: 1}
      - if: "at[me] >= 500"
        then: [{end_game: {winners: "[me]", reason: home}}]
  back:
    text: back
    when:
      - check: "at[me] > 0"
        message: at the start
    effects: [{add: {"at[me]": -1, turns: 1}}]
  wait:
    text: wait
    effects: [{add: {turns: 1}}]
scores: "[turns for p in seats]"
"""

VALUED = RACE + 'value: "list(at)"\nplayout: 3\n'


def race(text: str = VALUED):
    """A fresh race, the first runner to move."""
    return load_pack_text(text, "race.yaml").new_state({}, 1)


def test_a_pack_without_value_is_judged_by_its_scores_and_plays_out_400_moves() -> None:
    state = race(RACE)
    assert judge(state.game) is state.game.scores
    assert playout_limit(state.game) == PLAYOUT_LIMIT == 400


def test_greedy_follows_the_packs_value_over_its_scores() -> None:
    chosen = set()
    for seed in range(12):
        state = race()
        state.apply("forward")
        state.apply("wait")
        chosen.add(GreedyAgent(seed).choose(state.view(0), list(state.legal_moves)).text)
    assert chosen == {"forward"}
    # By the scores alone every move is worth the same: greedy picks at random.
    picked = set()
    for seed in range(12):
        state = race(RACE)
        state.apply("forward")
        state.apply("wait")
        picked.add(GreedyAgent(seed).choose(state.view(0), list(state.legal_moves)).text)
    assert picked == {"forward", "back", "wait"}


def test_a_playout_stops_at_the_packs_cut_and_is_judged_by_the_value() -> None:
    state = race()
    agent = SearchAgent(Budget(iterations=1), seed=5)
    returns = agent._playout(state, Budget(iterations=1).clock())
    assert state.env["turns"] == 3  # three random moves, then the value
    assert not state.is_terminal()
    lead = state.env["at"][0] - state.env["at"][1]
    assert returns == pytest.approx([math.tanh(lead / 4) / 2, math.tanh(-lead / 4) / 2])
    assert returns == estimate(state)


def test_the_search_runs_forward_when_only_the_value_can_tell() -> None:
    state = race()
    state.apply("forward")
    state.apply("forward")
    agent = SearchAgent(Budget(iterations=200), seed=2, solver=False)
    assert agent.choose(state.view(0), list(state.legal_moves)).text == "forward"


def test_the_solver_tries_first_the_move_the_value_likes_best() -> None:
    state = race()
    state.apply("forward")
    state.apply("forward")
    solver = Solver()
    solver._limit = -1  # no limit: only the order is looked at
    solver.score = judge(state.game)
    order = [state.action_to_move(action).text for action, _ in solver._children(state, 0, None)]
    assert order[0] == "forward" and order[-1] == "back"


def test_edge_reads_the_value() -> None:
    state = race()
    state.apply("forward")
    assert edge(state, 0) == 1.0
    assert edge(state, 1) == -1.0


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ('value: "list(at"', "13 (value): not a valid expression"),
        ('value: "[far[p] for p in seats]"', "10 (value): unknown name 'far'"),
        ("playout: -1", "10 (playout): -1 is less than the minimum of 0"),
        ("playout: many", "10 (playout): 'many' is not of type 'integer'"),
    ],
)
def test_a_bad_value_or_playout_is_refused_with_file_and_line(line: str, expected: str) -> None:
    with pytest.raises(PackErrors) as caught:
        load_pack_text(RACE + line + "\n", "race.yaml")
    messages = [str(error) for error in caught.value.errors]
    where = f"race.yaml:{RACE.count(chr(10)) + 1}:{expected}"
    assert any(message.startswith(where) for message in messages), messages
