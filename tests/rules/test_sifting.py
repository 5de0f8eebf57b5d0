"""``cards`` arguments: conditions that each card of the set must pass sift the cards
before any set is formed, and the legal moves stay exactly the same."""

from __future__ import annotations

import random

from benchmarks.bench_cards import PACK, unsifted
from vtt.rules.loader import load_pack


def test_sifting_the_cards_first_gives_the_same_legal_moves() -> None:
    sifted, plain = load_pack(PACK), unsifted()
    plan = sifted.moves["attack"].plan
    assert plan.sifted[-1] is not None and not plan.checks[-1][2:]  # both conditions sift
    assert not any(plain.moves["attack"].plan.sifted)
    assert not any(plain.moves["attack"].plan.sets)
    positions = 0
    for seed in range(6):
        fast, slow = sifted.new_state({}, seed, players=4), plain.new_state({}, seed, players=4)
        rng = random.Random(seed)
        while fast.outcome is None:
            moves = fast.legal_list()
            assert [m.text for m in moves] == [m.text for m in slow.legal_list()]
            move = moves[rng.randrange(len(moves))]
            fast.apply_unchecked(move)
            slow.apply(move.text)
            positions += 1
    assert positions > 20


def test_an_illegal_set_is_still_told_why() -> None:
    state = load_pack(PACK).new_state({}, 1, players=4)
    attack = next(m for m in state.legal_list() if m.text.startswith("attack"))
    target, starter = attack.values[0], attack.values[1]
    reason = state.explain(f"attack {target} with {starter} {starter}")
    assert reason == "The starter cannot also help"  # the sifted condition, by its message
