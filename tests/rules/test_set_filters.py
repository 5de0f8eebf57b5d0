"""``cards`` arguments: conditions worked out per card (``any(...)`` over the set, a sum
over its cards against a bound) form only the sets that pass, all at once, and the
legal moves stay exactly the same as when each set is checked."""

from __future__ import annotations

import operator
import random
from pathlib import Path

import pytest

from vtt.janken import full_deck
from vtt.rules.argtypes import card_set_key, card_sets, card_sets_kept, set_cards
from vtt.rules.engine import Game
from vtt.rules.loader import load_pack, load_pack_text

ATTACK = Path(__file__).parents[2] / "benchmarks" / "packs" / "attack" / "pack.yaml"
SUM = '"rank_sum((starter,) + helpers) > rank_value(target, ace=1)"'
COMPARE = {">": operator.gt, ">=": operator.ge, "<": operator.lt, "<=": operator.le}


@pytest.mark.parametrize("seed", range(40))
def test_kept_sets_are_the_sets_that_pass_each_test(seed: int) -> None:
    rng = random.Random(seed)
    cards = set_cards(rng.sample(full_deck(), rng.randint(0, 9)))
    low, high = rng.randint(0, 2), rng.randint(1, 5)
    touching = [rng.sample(cards, min(len(cards), 3)) for _ in range(rng.randint(0, 2))]
    # Negative weights and a fractional bound take the general path; the others the packed one.
    weights = [rng.randint(-2 if seed % 4 == 0 else 0, 14) for _ in cards]
    base = rng.randint(0, 10)
    compare = rng.choice(list(COMPARE))
    bound: float = rng.randint(0, 40) + (0.5 if seed % 5 == 0 else 0)
    sets, keys = card_sets_kept(cards, low, high, touching, weights, base, compare, bound)
    weight = dict(zip(cards, weights, strict=True))
    expected = [
        chosen
        for chosen in card_sets(cards, low, high)
        if all(any(card in some for card in chosen) for some in touching)
        and COMPARE[compare](base + sum(weight[card] for card in chosen), bound)
    ]
    assert sets == expected
    assert keys == [card_set_key(chosen) for chosen in sets]
    assert len(set(keys)) == len(keys)


def test_sets_of_things_not_of_the_deck_are_their_own_keys() -> None:
    sets, keys = card_sets_kept(["b", "a"], 1, 2)
    assert sets == [("b",), ("a",), ("b", "a")] and keys == sets


def _attack(condition: str) -> Game:
    text = ATTACK.read_text("utf-8")
    assert SUM in text
    return load_pack_text(text.replace(SUM, condition), str(ATTACK))


def _same_moves(fast: Game, slow: Game, games: int = 4) -> int:
    positions = 0
    for seed in range(games):
        a, b = fast.new_state({}, seed, players=4), slow.new_state({}, seed, players=4)
        rng = random.Random(seed)
        while a.outcome is None:
            moves = a.legal_list()
            assert [m.text for m in moves] == [m.text for m in b.legal_list()]
            move = moves[rng.randrange(len(moves))]
            a.apply_unchecked(move)
            b.apply(move.text)
            positions += 1
    return positions


@pytest.mark.parametrize(
    "condition",
    [
        SUM,
        '"rank_value(target, ace=1) < rank_sum(helpers + (starter,))"',
        '"rank_sum(helpers, ace=1) >= rank_value(target) - rank_value(starter, ace=1)"',
    ],
)
def test_a_sum_against_a_bound_forms_only_the_sets_that_reach_it(condition: str) -> None:
    folded = _attack(condition)
    kept = folded.moves["attack"].plan.sets[-1]
    assert kept is not None and kept.weights is not None
    assert not folded.moves["attack"].plan.checks[-1]  # no check left for each set
    hidden = _attack('"True and ' + condition[1:])
    assert not any(hidden.moves["attack"].plan.sets)
    assert _same_moves(folded, hidden) > 20


def test_a_sum_with_a_keyword_worked_out_in_play_is_checked_per_set() -> None:
    game = _attack('"rank_sum(helpers, ace=len(players)) > 1"')
    assert not any(game.moves["attack"].plan.sets)
    assert any("rank_sum" in check.source for check in game.moves["attack"].plan.checks[-1])


def test_a_move_read_from_text_is_the_listed_move() -> None:
    state = load_pack(ATTACK).new_state({}, 2)
    listed = state.legal_list()
    for move in listed[:: max(1, len(listed) // 20)]:
        assert state.game.parse_move(move.text) is move
    # and a move read first is the one the search lists later
    game = load_pack(ATTACK)
    later = game.new_state({}, 2)
    first = game.parse_move(listed[-1].text)
    assert any(move is first for move in later.legal_list())


def test_a_set_short_of_the_bound_is_still_told_why() -> None:
    state = load_pack(ATTACK).new_state({}, 1, players=4)
    for move in state.legal_list():
        target, starter, helpers = move.values if move.kind.name == "attack" else (None,) * 3
        if target is not None and helpers and state.explain(f"attack {target} with {starter} none"):
            break
    else:
        raise AssertionError("no attack whose starter alone falls short")
    assert state.explain(f"attack {target} with {starter} none") == f"Not enough against {target}"
