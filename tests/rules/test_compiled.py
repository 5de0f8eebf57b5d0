"""The engine's fast paths keep the rules' meaning: generated move generation, errors
named once per move, decided option branches, lazily written log lines, cheap starts."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.rules.oracle import plan_moves
from vtt.janken import Card
from vtt.rules.engine import Game, State
from vtt.rules.errors import RuleError
from vtt.rules.expr import EvalError
from vtt.rules.finder import load_game
from vtt.rules.loader import LIBRARY_ALL, load_pack, load_pack_text
from vtt.rules.moves import Move
from vtt.rules.rng import Rng

CASES = [
    ("jantori", {}),
    ("war", {"mode": "five-card"}),
    ("war", {"mode": "aces-and-kings"}),
    ("tic-tac-rock", {}),
    ("tic-tac-rock", {"boards": 2, "jokers": True, "centre_off_limits": True}),
    ("tic-tac-rock", {"players": 3, "no_choice": True, "numbers_count": True}),
]


def _positions(game: Game, options: dict[str, Any], games: int = 12) -> Iterator[State]:
    players = options.pop("players", None) if "players" in options else None
    for seed in range(games):
        state = game.new_state(options, seed, players=players)
        rng = random.Random(seed)
        while state.outcome is None:
            yield state
            moves = state.legal_list()
            state.apply_unchecked(moves[rng.randrange(len(moves))])


#: Packs with ``cards`` arguments, whose sets are formed by the plan's set filters: a
#: few games each, as the walk checks every set of cards one by one.
SETS = [
    ("battlefront", {"jokers": True}, 3),
    ("battlefront", {"jokers": True, "deck_per_player": True, "players": 4}, 2),
    ("green-queen", {"hand_limit": 1, "players": 3}, 2),
    ("attack", {}, 4),  # benchmarks/packs/attack: a starter, then helpers summed with it
]
ATTACK = Path(__file__).parents[2] / "benchmarks" / "packs" / "attack" / "pack.yaml"


def _walked(state: State) -> list[Move]:
    """The legal moves by walking each move's plan (the reference in ``oracle``)."""
    return plan_moves(state)


@pytest.mark.parametrize(("pack", "options"), CASES)
def test_generated_moves_are_the_plans_moves(pack: str, options: dict[str, Any]) -> None:
    game = load_game(pack)
    assert any(kind.generator is not None and kind.args for kind in game.moves.values())
    checked = 0
    for state in _positions(game, dict(options)):
        state.invalidate()
        assert state.legal_list() == _walked(state), f"{pack} {options} {state.history}"
        checked += 1
    assert checked > 50


@pytest.mark.parametrize(("pack", "options", "games"), SETS)
def test_generated_sets_are_the_plans_moves(pack: str, options: dict[str, Any], games: int) -> None:
    game = load_pack(ATTACK) if pack == "attack" else load_game(pack)
    checked = 0
    for state in _positions(game, dict(options), games):
        state.invalidate()
        assert state.legal_list() == _walked(state), f"{pack} {options} {state.history}"
        checked += 1
    assert checked > 20


BROKEN = """\
format: 1
id: broken
name: Broken
players: {min: 2, max: 2}
components:
  deck: {cards: "cards('AR AP AS')", start: pool}
zones:
  pool: {visibility: nobody}
  hand: {per: player, visibility: owner}
vars:
  score: {per: player, initial: 0}
flow:
  start: play
  phases:
    play: {turn: single, moves: [take, give]}
moves:
  take:
    text: "take {card}"
    args:
      card: {type: card, from: pool}
    when:
      - check: "CHECK"
        message: no
    effects:
      - move: {what: card, from: pool, to: "hand[me]"}
      - set: {"score[me]": "EFFECT"}
  give:
    text: give
    when:
      - check: "len(hand[me]) > 5"
        message: never
"""


def _broken(check: str = "True", effect: str = "1") -> Game:
    return load_pack_text(BROKEN.replace("CHECK", check).replace("EFFECT", effect), "broken.yaml")


def test_an_expression_failing_in_move_generation_is_named() -> None:
    game = _broken(check="card.rank // (len(pool) - 3) > 0")
    with pytest.raises(EvalError) as caught:
        game.new_state()
    message = str(caught.value)
    assert message.startswith("broken.yaml:")
    assert "`card.rank // (len(pool) - 3) > 0`" in message
    assert "ZeroDivisionError" in message


def test_an_expression_failing_in_an_effect_is_named() -> None:
    state = _broken(effect="len(hand[me]) // (len(pool) - 2)").new_state()
    with pytest.raises(EvalError, match=r"len\(hand\[me\]\) // \(len\(pool\) - 2\)`: Zero"):
        state.apply_unchecked(state.legal_list()[0])


def test_a_limit_reached_in_generated_code_is_named_and_meters_each_check() -> None:
    # Each check starts with a full meter, as an expression run alone does: this one
    # spends 600,000 units per card (the range, then the loop over it), more than the
    # limit over three cards.
    game = _broken(check="len([x for x in range(300000)]) > 0")
    assert len(game.new_state().legal_list()) == 3
    bomb = _broken(check="len([x for x in range(300000) for y in range(2)]) > 0")
    with pytest.raises(EvalError, match=r"too much work") as caught:
        bomb.new_state()
    assert "range(300000) for y in range(2)" in str(caught.value)


def test_a_check_whose_first_part_is_the_same_for_every_value_is_asked_once() -> None:
    # ``1 // len(pool) >= 0`` does not read the card: the loop over the cards is written
    # twice, for when it holds and for when only ``card.rank == 2`` can decide.
    game = _broken(check="1 // len(pool) >= 0 or card.rank == 2")
    source = game.moves["take"].generator.source
    assert source.count("for card in") == 2
    assert "1 // len(pool) >= 0" in source.split("for card in")[0]
    state = game.new_state()
    assert [move.text for move in state.legal_list()] == ["take AR", "take AP", "take AS"]
    for _ in range(2):
        state.apply_unchecked(state.legal_list()[0])
    # After the last card the next player's moves are looked for with no card left: the
    # first part is never asked (it would divide by zero), as in the loop, which asks it
    # at the first card. The player is stuck, and the pack is told.
    with pytest.raises(RuleError, match="P2 has no legal move"):
        state.apply_unchecked(state.legal_list()[0])


def test_inlined_stack_functions_keep_their_meaning() -> None:
    from vtt.rules.expr import compile_expr

    names = {"stack", "stacks", "i"}
    top = compile_expr("top(stacks[i])", names=names, library=LIBRARY_ALL)
    assert isinstance(top.body, ast.IfExp)  # written in place, not called
    assert top({"stacks": [[1, 2], []], "i": 0}) == 2
    assert top({"stacks": [[1, 2], []], "i": 1}) is None
    empty = compile_expr("empty(stack) and not empty(stacks)", names=names, library=LIBRARY_ALL)
    assert empty({"stack": (), "stacks": [[]]}) is True
    assert empty({"stack": [3], "stacks": [[]]}) is False
    with pytest.raises(EvalError, match="TypeError"):
        top({"stacks": [5], "i": 0})  # top of a number is still a type error


def test_a_top_after_a_test_of_its_stack_reads_the_stack_once() -> None:
    from vtt.rules.expr import compile_expr

    def compiled(source: str) -> Any:
        return compile_expr(source, names={"s", "t", "stacks"}, library=LIBRARY_ALL)

    def tested_tops(expression: Any) -> int:
        return sum(isinstance(node, ast.IfExp) for node in ast.walk(expression.body))

    # After ``empty(s) or`` / ``not empty(s) and`` / ``s and``, s has a top.
    for source in ("empty(s) or top(s) == 2", "not empty(s) and top(s) == 2", "s and top(s) == 2"):
        expression = compiled(source)
        assert tested_tops(expression) == 0, source
        results = [expression({"s": value}) for value in ([], [1, 2], [2, 1])]
        assert [bool(r) for r in results] == [source.startswith("empty"), True, False], source
    # Another stack's top keeps its test; so does a top before the test.
    assert tested_tops(compiled("empty(s) or top(t) == 2")) == 1
    assert compiled("empty(s) or top(t) == 2")({"s": [1], "t": []}) is False
    assert tested_tops(compiled("top(s) == 2 or empty(s)")) == 1
    # In a one-loop comprehension, its ``if`` parts vouch for what it builds...
    tops = compiled("[top(s) for s in stacks if not empty(s) and len(s) > 0]")
    assert tested_tops(tops) == 0
    assert tops({"stacks": [[1], [], [2, 3]]}) == [1, 3]
    # ...but not for a comprehension inside it, which binds s anew.
    nested = compiled("[[top(s) for s in stacks] for s in stacks if not empty(s)]")
    assert tested_tops(nested) == 1
    assert nested({"stacks": [[1], []]}) == [[1, None]]


def test_option_branches_are_decided_per_option_set() -> None:
    war = load_game("war")
    # The same Game object, its options alternating: each start has its own branches.
    for _ in range(2):
        classic = war.new_state({"mode": "classic"}, 3)
        assert [len(s) for s in classic.zone("stock")] == [32, 32]  # 65 cards, dealt evenly
        jokers = war.new_state({"mode": "classic", "jokers": True}, 3)
        assert [len(s) for s in jokers.zone("stock")] == [35, 35]
        five = war.new_state({"mode": "five-card"}, 3)
        assert [len(h) for h in five.zone("hand")] == [5, 5]
        kings = war.new_state({"mode": "aces-and-kings"}, 3)
        assert kings.zone("hand")[1] == [Card.parse(t) for t in ("KR", "KP", "KS", "KW", "KL")]


def test_new_states_from_the_same_options_share_nothing_mutable() -> None:
    jantori = load_game("jantori")
    first = jantori.new_state()
    first.apply("place P at b3")
    second = jantori.new_state()
    assert second.legal_list() == jantori.new_state().legal_list()
    assert len(second.zone("reserve")[0]) == 12 and not any(second.zone("board").values())
    assert second.var("marker") != first.var("marker")


def test_log_lines_show_values_as_they_were_when_logged() -> None:
    pack = (
        BROKEN.replace("CHECK", "True")
        .replace(
            '      - set: {"score[me]": "EFFECT"}',
            '      - log: "{seat_names[me]} holds {hand[me]} after {card}"',
        )
        .replace(
            "moves: [take, give]}",
            "moves: [take, give], stuck: [{end_game: {winners: '[]', reason: done}}]}",
        )
    )
    state = load_pack_text(pack, "broken.yaml").new_state(seed=1)
    state.apply("take AR")
    state.apply("take AP")
    state.apply("take AS")  # White's hand changes after White's first line was logged
    assert state.outcome is not None
    lines = [entry.text for entry in state.log if "holds" in entry.text]
    assert lines == ["P1 holds AR after AR", "P2 holds AP after AP", "P1 holds AR AS after AS"]


def test_game_made_moves_equal_written_moves() -> None:
    jantori = load_game("jantori")
    made = jantori.new_state().legal_list()[0]
    written = Move(made.text)
    assert made.kind is not None and written.kind is None
    assert made == written and hash(made) == hash(written) and repr(made) == repr(written)
    state = jantori.new_state()
    state.apply_unchecked(written)  # a move written out is looked up by its text
    assert state.history == [made]


def test_shuffle_draws_one_number_and_is_a_seeded_permutation() -> None:
    for seed in (0, 1, 7, 2**63 + 5):
        first, second, counter = Rng(seed), Rng(seed), Rng(seed)
        one, two = list(range(70)), list(range(70))
        first.shuffle(one)
        second.shuffle(two)
        counter.next64()
        assert one == two and sorted(one) == list(range(70)) and one != list(range(70))
        assert first.state == counter.state  # one draw, whatever the length
        first.shuffle(one)
        assert one != two  # the next shuffle starts from the next draw


def test_shuffle_gives_every_order_about_equally_often() -> None:
    rng = Rng(2024)
    seen: dict[tuple[int, ...], int] = {}
    for _ in range(2400):
        items = [0, 1, 2, 3]
        rng.shuffle(items)
        seen[tuple(items)] = seen.get(tuple(items), 0) + 1
    assert len(seen) == 24
    assert all(60 <= count <= 140 for count in seen.values())  # 100 expected for each


def test_moves_of_several_arguments_are_spelled_with_each_games_own_seat_names() -> None:
    # Battlefront's "attack {foe}'s {target} with {attackers}": the Moves one game made
    # with its players' names must not reach a game whose players are named otherwise.
    game = load_game("battlefront")
    named = game.new_state({}, 3, players=2, seat_names=("Jess", "Ross"))
    assert all("P2" not in move.text for move in named.legal_moves)
    plain = game.new_state({}, 3, players=2)
    attacks = [move.text for move in plain.legal_moves if move.text.startswith("attack")]
    assert attacks and all(text.startswith("attack P2's ") for text in attacks)
    plain.apply(Move(attacks[0]))
    again = game.new_state({}, 3, players=2, seat_names=("Jess", "Ross"))
    assert [m.text for m in again.legal_moves] == [m.text for m in named.legal_moves]
