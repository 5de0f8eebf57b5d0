"""A computer's bid tracks what its hand can take, over many hands, not one game.

Stones (4 players, the full game to 500): Normal's opening bid on seeded deals is
compared with the tricks that hand takes in random play of the rest of the hand
(from the true deal, the mean of 20 playouts): a plain estimate of the hand's
strength. Before the pack's playout stopped at the end of the hand, a bid was judged
by six hands of random play and Normal bid 5, 14, 4, 3, 2 and 3 on the first six
deals, and Nil on hands that took 4 and 7 tricks."""

from __future__ import annotations

import random
import statistics

import pytest

from vtt.ai.levels import make_agent
from vtt.rules import load_game

HANDS = range(8)


def _random_tricks(seed: int, seat: int, playouts: int = 20) -> tuple[float, float]:
    """The mean tricks ``seat`` takes in random play of the hand dealt with ``seed``,
    and the share of playouts in which it takes none."""
    game = load_game("stones")
    rng = random.Random(seed)
    taken = []
    for _ in range(playouts):
        state = game.new_state({"hand_limit": 1}, seed, players=4)  # the same deal, one hand
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
        taken.append(state.env["tricks"][seat])
    return statistics.mean(taken), sum(t == 0 for t in taken) / playouts


@pytest.mark.slow
def test_normal_bids_near_what_the_hand_takes_and_nil_only_on_a_hand_that_takes_none():
    game = load_game("stones")
    rows = []
    for seed in HANDS:
        state = game.new_state({}, seed, players=4)
        seat = state.to_move
        move = make_agent("normal", seed).choose(state.view(seat), list(state.legal_moves))
        strength, none = _random_tricks(seed, seat)
        bid = move.values[0] if move.values else "Nil"
        rows.append((seed, bid, strength, none))
    for seed, bid, strength, none in rows:
        if bid == "Nil":
            assert none >= 0.5, f"deal {seed}: Nil on a hand that takes tricks: {rows}"
        else:
            assert strength - 2.5 <= bid <= strength + 1.5, f"deal {seed}: {rows}"
    bids = [bid for _, bid, _, _ in rows if bid != "Nil"]
    assert abs(statistics.mean(bids) - statistics.mean(r[2] for r in rows)) < 1.5, rows
