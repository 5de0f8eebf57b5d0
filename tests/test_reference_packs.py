"""The hand-coded reference games (benchmarks/reference) against the packs they are timed with.

The benchmarks' ratio "pack / hand-coded" means something only if both play the same
game: here both are played side by side through random games, and at every position
they must offer the same moves (the references' move numbers are the packs' actions)
and end with the same outcome.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.reference import jantori, war
from vtt.janken import Card
from vtt.rules.engine import State
from vtt.rules.finder import load_game

GAMES = 150
WAR_OPTIONS: dict[str, Any] = {"mode": "classic", "jokers": True}


def test_jantori_offers_the_pack_moves_and_ends_the_same() -> None:
    game = load_game("jantori")
    ends = set()
    for seed in range(GAMES):
        state, position = game.new_state({}, seed), jantori.new()
        rng = random.Random(seed)
        while True:
            actions, moves = state.legal_actions(), jantori.legal_moves(position)
            assert sorted(actions) == sorted(moves), f"seed {seed}: {jantori.render(position)}"
            if not actions:
                break
            action = actions[rng.randrange(len(actions))]
            state.apply_action(action)
            jantori.play(position, action)
        assert state.outcome is not None
        assert state.outcome.winners == (jantori.winner(position),), f"seed {seed}"
        assert state.outcome.scores == jantori.scores(position)
        placed_all = not position[jantori.HAND] and not position[jantori.HAND + 1]
        ends.add("placed all" if placed_all else "blocked")
    assert ends == {"placed all", "blocked"}  # both ways a game ends were compared


def war_side_by_side(state: State, position: list[int], label: str) -> State:
    """Flip in both to the end, comparing the moves, stacks and cards won after each."""
    while True:
        actions = state.legal_actions()
        assert actions == war.legal_moves(position), label
        assert state.to_move == (None if position[war.TO_MOVE] < 0 else position[war.TO_MOVE])
        stock, won = state.env["stock"], state.env["won"]
        assert war.stack_sizes(position) == (len(stock[0]), len(stock[1])), label
        assert position[war.WON : war.WON + 2] == [len(won[0]), len(won[1])], label
        if not actions:
            return state
        state.apply_action(actions[0])
        war.play(position, actions[0])


def war_winners(position: list[int]) -> tuple[int, ...]:
    """The reference's outcome as the pack's winners (none for a draw)."""
    found = war.winner(position)
    assert found is not None, "the game is not over"
    return () if found == war.DRAW else (found,)


@pytest.mark.parametrize("jokers", [True, False])
def test_war_deals_play_the_same_game_as_the_pack(jokers: bool) -> None:
    game = load_game("war")
    options = {**WAR_OPTIONS, "jokers": jokers}
    winners = set()
    for seed in range(GAMES):
        state = game.new_state(options, seed)
        stacks = [stack[::-1] for stack in state.env["stock"]]  # the pack's top is last
        position = war.from_stacks(stacks)
        end = war_side_by_side(state, position, f"seed {seed}")
        assert end.outcome is not None
        assert end.outcome.winners == war_winners(position), f"seed {seed}"
        winners.add(war.winner(position))
    assert {0, 1} <= winners


@pytest.mark.parametrize(
    "stacks",
    [
        ("JkR 2P 3P 4P 5S 9L", "5R 2W 3W 4W 6P 9W"),  # a war won, then one round
        ("7R 2W", "8R 3P 4P 5P 6S"),  # a short player turns up their last card
        ("7R", "8R 3P"),  # a player with no card loses the war
        ("7R", "8R"),  # nobody can fight the war: a draw, the cards unclaimed
        ("JP 2W", "2L 3R"),  # one round each: a draw
        ("JkW 4S", "JkR 5S 6P 7P 8P 9L"),  # a Joker reverses the rules, then a war
    ],
)
def test_war_dealt_positions_play_the_same_game_as_the_pack(stacks: tuple[str, str]) -> None:
    deal = {"stock": [stack.split() for stack in stacks]}
    state = load_game("war").new_state(WAR_OPTIONS, 0, deal=deal)
    position = war.from_stacks([[Card.parse(word) for word in stack.split()] for stack in stacks])
    end = war_side_by_side(state, position, " / ".join(stacks))
    assert end.outcome is not None
    assert end.outcome.winners == war_winners(position)
