"""Step lists compiled to one generated function (``vtt.rules.stepgen``) do exactly what
the same steps do run plainly, each by its kind's reference ``run`` (the interpreter in
``tests/rules/oracle.py``).

Every game is loaded twice, never shared: one runs the generated code, the other the
plain interpreter, and both must reach the same positions, log lines, outcomes and errors.
"""

from __future__ import annotations

import itertools
import random
import re
import textwrap
from collections.abc import Callable

import pytest

from tests.packs.test_conformance import (
    EVERY_SEAT_WINS,
    GAMES,
    MAX_MOVES,
    SAMPLED_SETS,
    SHORT_GAMES,
    option_sets,
)
from tests.rules.oracle import interpreted
from vtt.rules.engine import Game, State
from vtt.rules.errors import PackError, PackErrors, RuleError
from vtt.rules.expr import EvalError
from vtt.rules.loader import load_pack, load_pack_text
from vtt.rules.stdlib import PACK_LIBRARY
from vtt.rules.stepgen import compile_steps

#: Random games per option set, and at most per pack: a pack with many option sets
#: plays fewer games of each, so the whole file runs in about ten seconds.
GAMES_PER_SET = 20
GAMES_PER_PACK = 300
#: Janken Go's turns are several moves with some 80 legal moves each, and the interpreter
#: walk every one of them: the fewest games per option set. Corner to Corner & Edge to
#: Edge walk hundreds of steps a game (Edge to Edge some 970): 8 games of each option
#: set, in which every move is played and every seat wins one (of 20 games each, the
#: first 8, 4, 2, 2 and 3 did). Some others play fewer than 20 games of each set: as
#: many as the first games of every set took to run each line of its generated code
#: (compiled for the set's options) that its 20 games ran: Battlefront 15, Green Queen
#: 14, Dueling Wizards 14, War 12 (measured with sys.settrace).
GAMES_OF = {
    "janken-go": 24,
    "corner-edge": 40,
    "battlefront": 6 * 15,
    "green-queen": 11 * 14,
    "dueling-wizards": 3 * 14,
    "war": 9 * 12,
}

Options = tuple[dict[str, object], int]


def _twins(load: Callable[[], Game]) -> tuple[Game, Game]:
    """The same pack loaded twice: generated step code, then interpreted (the reference)."""
    compiled, plain = load(), interpreted(load())  # before any state is made
    return compiled, plain


def _differences(compiled: State, plain: State, logged: int = 0) -> list[str]:
    """What differs between the two games' states (log lines from ``logged`` on)."""
    found = []
    if compiled.key() != plain.key():
        found.append(f"positions: {_first_difference(compiled.key(), plain.key())}")
    lines = [[entry.text for entry in state.log[logged:]] for state in (compiled, plain)]
    if lines[0] != lines[1]:
        found.append(f"log lines: {lines[0]} != {lines[1]}")
    if compiled.outcome != plain.outcome:
        found.append(f"outcomes: {compiled.outcome} != {plain.outcome}")
    legal = [[move.text for move in state.legal_list()] for state in (compiled, plain)]
    if legal[0] != legal[1]:
        found.append(f"legal moves: {legal[0]} != {legal[1]}")
    return found


def _first_difference(a: object, b: object, path: str = "key()") -> str:
    """Where two nested tuples (two states' keys) first differ, and how."""
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        for index, (left, right) in enumerate(zip(a, b, strict=True)):
            if left != right:
                return _first_difference(left, right, f"{path}[{index}]")
    return f"{path}: {a!r} != {b!r}"


def _applied(state: State, index: int) -> str:
    """Apply the legal move at ``index``; 'ok', or the error it raised."""
    try:
        state.apply_unchecked(state.legal_list()[index])
    except Exception as error:  # compared between the two games, then reported
        return f"{type(error).__name__}: {error}"
    return "ok"


# --- the shipped packs, played side by side ---------------------------------------------


def _option_sets(game: Game) -> list[Options]:
    """A sample of the conformance tests' option sets, and every variant at the usual seat
    count (cut short as those sets are, for the games played to a target) that is not one
    of them already: a variant naming some options only starts the very game of the set
    giving the others their defaults (the same game with the same seed: played once)."""
    sets = option_sets(game)[:SAMPLED_SETS]
    started = {_started_as(game, options) for options in sets}
    for options in game.variants.values():
        chosen = ({**options, **SHORT_GAMES.get(game.id, {})}, game.players[2])
        if _started_as(game, chosen) not in started:
            started.add(_started_as(game, chosen))
            sets.append(chosen)
    return sets


def _started_as(game: Game, options: Options) -> tuple[object, ...]:
    """What a game of these options starts with: every option's value (its default where
    ``options`` names none), and the number of players."""
    state = game.new_state(options[0], players=options[1])
    return tuple(sorted(state.options.items())), options[1]


def _play_side_by_side(pair: tuple[Game, Game], options: Options, seed: int) -> State:
    """One random game on both; fails at the first move after which they differ. The
    compiled game's end."""
    states = [game.new_state(options[0], seed, players=options[1]) for game in pair]
    where = f"{pair[0].id} {options[0]} players={options[1]} seed={seed}"
    assert _differences(*states) == [], f"{where}: after the setup"
    chooser = random.Random(seed)
    moves = 0
    while states[0].outcome is None:
        index = chooser.randrange(len(states[0].legal_list()))
        logged = len(states[0].log)
        results = [_applied(state, index) for state in states]
        moves += 1
        assert results == ["ok", "ok"], _after(where, states[1])
        assert _differences(*states, logged) == [], _after(where, states[1])
        assert moves < MAX_MOVES, f"{where}: the game does not end"
    assert [e.text for e in states[0].log] == [e.text for e in states[1].log], where
    return states[0]


def _after(where: str, state: State) -> str:
    """Where a game went wrong: its moves, the last of them the one that made the difference."""
    return f"{where}: after the moves {[move.text for move in state.history]}"


@pytest.mark.parametrize("shipped", GAMES, ids=[game.id for game in GAMES])
def test_random_games_run_alike_compiled_and_interpreted(shipped: Game) -> None:
    pair = _twins(lambda: load_pack(shipped.path))
    # The pack's option sets, as the conformance tests worked them out on the same pack
    # (once per test process: each starts a game, which builds its rules either way).
    sets = _option_sets(shipped)
    assert sets, f"{shipped.id} has no playable option set"
    per_set = max(4, min(GAMES_PER_SET, GAMES_OF.get(shipped.id, GAMES_PER_PACK) // len(sets)))
    moves = 0
    played: set[str] = set()
    winners: list[set[int]] = [set() for _ in sets]
    for (index, options), seed in itertools.product(enumerate(sets), range(per_set)):
        end = _play_side_by_side(pair, options, seed)
        moves += len(end.history)
        played |= {move.kind.name for move in end.history}
        winners[index] |= set(end.outcome.winners)
    assert moves >= len(sets) * per_set
    # The games played, few as they are, still make every move of the pack.
    assert played == set(shipped.moves), f"{shipped.id}: never played {set(shipped.moves) - played}"
    if shipped.id in EVERY_SEAT_WINS:
        for index, (options, players) in enumerate(sets):
            assert winners[index] == set(range(players)), f"{shipped.id} {options}: {winners}"
    # Both sides really ran what they were meant to: generated code, then the interpreter.
    options, players = sets[0]
    compiled, plain = (game.new_state(options, players=players) for game in pair)
    plays = [state._rules.play for state in (compiled, plain)]
    assert plays[0] and all(hasattr(play, "source") for play in plays[0].values())
    assert not any(hasattr(play, "source") for play in plays[1].values())


# --- small packs pinning down what the generated code must get right --------------------

TINY = """\
format: 1
id: tiny
name: Tiny
players: {min: 2, max: 3}
components:
  deck: {cards: "cards('AR AP AS 2R 2P')", start: pool}
zones:
  pool: {visibility: everyone}
  hand: {per: player, visibility: everyone}
  discard: {visibility: everyone}
vars:
  x: 0
  y: 0
  total: 0
  score: {per: player, initial: 0}
scores: "[value * 10 for value in score]"
flow:
  start: play
  phases:
    play: {turn: single, moves: [go]}
moves:
  go:
    text: go
    effects:
EFFECTS
"""


def _tiny(effects: str) -> str:
    """The tiny pack with ``effects`` as the steps of its one move, ``go``."""
    steps = textwrap.indent(textwrap.dedent(effects).strip("\n"), " " * 6)
    return TINY.replace("EFFECTS", steps)


def _tiny_twins(effects: str) -> tuple[Game, Game]:
    return _twins(lambda: load_pack_text(_tiny(effects), "tiny.yaml"))


def _both(effects: str, *, moves: int = 1, players: int = 2) -> State:
    """The compiled game after ``moves`` moves 'go', checked equal to the interpreted game."""
    states = []
    for game in _tiny_twins(effects):
        state = game.new_state(players=players)
        for _ in range(moves):
            state.apply_unchecked(state.legal_list()[0])
        states.append(state)
    assert _differences(*states) == []
    return states[0]


def _failure(effects: str, *, players: int = 2) -> tuple[Exception, State]:
    """The error the move 'go' raises, the same on both games, and the compiled state."""
    raised: list[tuple[Exception | None, State]] = []
    for game in _tiny_twins(effects):
        state = game.new_state(players=players)
        try:
            state.apply_unchecked(state.legal_list()[0])
        except Exception as error:  # the error itself is what the tests look at
            raised.append((error, state))
        else:
            raised.append((None, state))
    (compiled, first), (plain, second) = raised
    assert _described(compiled, first) == _described(plain, second)
    assert compiled is not None, "the move raised no error"
    assert first.var("x") == second.var("x")  # both stopped at the same point
    return compiled, first


def _described(error: Exception | None, state: State) -> str:
    if error is None:
        return f"no error, and the position {state.key()}"
    return f"{type(error).__name__}: {error}"


def _line_of(text: str, effects: str) -> int:
    """The line of the tiny pack holding ``text`` (an expression written once)."""
    lines = _tiny(effects).splitlines()
    [found] = [number for number, line in enumerate(lines, start=1) if text in line]
    return found


def test_a_let_in_one_branch_and_a_var_set_in_both_reach_the_steps_after_the_if() -> None:
    effects = """
        - let: {a: 1, old: y}
        - if: "x == 0"
          then:
            - let: {a: 10}
            - set: {y: "a + 1 + total"}
          else:
            - set: {y: "a + 2"}
        - set: {total: "a * 100 + y + total"}
        - log: "a {a}, y {y} (was {old})"
        - add: {x: 1}
        """
    # `total` is read in one branch only: after the if, it must be read again.
    first = _both(effects)
    assert (first.var("y"), first.var("total")) == (11, 1011)
    assert first.log[-1].text == "a 10, y 11 (was 0)"
    second = _both(effects, moves=2)
    assert (second.var("y"), second.var("total")) == (3, 1011 + 103)
    assert second.log[-1].text == "a 1, y 3 (was 11)"


def test_a_loop_adds_to_a_var_read_after_it_and_an_empty_loop_changes_nothing() -> None:
    effects = """
        - let: {c: 0}
        - for:
            each: c
            in: "range(1, 5)"
            do:
              - add: {total: c, "score[c % 2]": c}
              - set: {y: "total * 2"}
        - set: {x: "total * 10 + c"}
        - for: {each: c, in: "hand[me]", do: [{add: {total: 1000}}]}
        - log: "total {total}, last {c}"
        """
    state = _both(effects)
    assert (state.var("total"), state.var("y"), state.var("x")) == (10, 20, 104)
    assert state.var("score") == [6, 4]
    assert state.log[-1].text == "total 10, last 4"
    again = _both(effects, moves=2)
    assert (again.var("total"), again.var("x"), again.var("score")) == (20, 204, [12, 8])


@pytest.mark.parametrize(
    "turn",
    [
        '- give_turn: "(current + 2) % 3"',
        "- skip: 1",
        '- if: "x == 0"\n  then: [{skip: 1}]',
        '- for: {each: p, in: "[1]", do: [{skip: p}]}',
    ],
    ids=["give_turn", "skip", "skip-in-an-if", "skip-in-a-for"],
)
def test_a_step_passing_the_turn_is_seen_by_the_steps_after_it(turn: str) -> None:
    effects = "\n".join(
        [
            "- let: {before: current}",
            turn,
            '- if: "current == before"',
            "  then: [{set: {x: -1}}]",
            "  else: [{set: {x: current}}]",
            '- set: {y: "before * 10 + current"}',
        ]
    )
    state = _both(effects, players=3)
    assert (state.var("x"), state.var("y")) == (2, 2)
    assert state.to_move == 2


def test_an_eliminated_seat_is_gone_for_the_steps_after_it() -> None:
    effects = """
        - let: {seated: "len(players)"}
        - eliminate: "(current + 1) % 3"
        - for: {each: p, in: players, do: [{add: {total: 1}}]}
        - set: {x: seated, y: "len(players)"}
        """
    state = _both(effects, players=3)
    assert (state.var("x"), state.var("y"), state.var("total")) == (3, 2, 2)
    assert state.to_move == 2


def test_reverse_is_seen_by_the_steps_after_it() -> None:
    effects = """
        - let: {was: direction}
        - reverse
        - set: {x: direction, y: was}
        - for: {each: p, in: seats, do: [reverse]}
        - set: {total: direction}
        - if: "direction == 1"
          then: [reverse]
        - add: {"score[me]": "direction * 10"}
        """
    state = _both(effects, players=3)
    assert (state.var("x"), state.var("y"), state.var("total")) == (-1, 1, 1)
    assert state.var("score") == [-10, 0, 0]
    assert state.to_move == 2  # the turn went the other way round


def test_a_move_of_a_card_that_is_there_and_one_that_is_not() -> None:
    moved = _both('- move: {what: "cards(\'AP\')[0]", from: pool, to: "hand[me]"}')
    assert [str(card) for card in moved.zone("hand")[0]] == ["AP"]
    for what in ("cards('3W')[0]", "cards('AR 3W')"):
        error, _ = _failure(f'- move: {{what: "{what}", from: pool, to: "hand[me]"}}')
        assert isinstance(error, RuleError)
        assert str(error) == "cannot move 3W: it is not in pool"


#: Where an expression fails (dividing by zero, indexing out of range): the step, and
#: the expression its error must name.
FAILING = {
    "let": ('- let: {a: "[1, 2][x + 5]"}', "[1, 2][x + 5]"),
    "set": ('- set: {y: "10 // x"}', "10 // x"),
    "add-per-player": ('- add: {"score[me]": "10 // x"}', "10 // x"),
    "if": ('- if: "10 // x > 1"\n  then: [{set: {y: 1}}]', "10 // x > 1"),
    "for": ('- for: {each: c, in: "[1, 2][x + 5]", do: [{add: {y: c}}]}', "[1, 2][x + 5]"),
    "loop-body": (
        '- for: {each: c, in: seats, do: [{skip: 1}, {add: {y: "10 // (c * 0)"}}]}',
        "10 // (c * 0)",
    ),
    "log": ('- log: "ten by nothing: {10 // x}"', "10 // x"),
    "end_game": ('- end_game: {winners: "[1, 2][x + 5]", reason: over}', "[1, 2][x + 5]"),
    "move-to": ('- move: {from: pool, count: 1, to: "hand[10 // x]"}', "10 // x"),
}


@pytest.mark.parametrize("name", FAILING)
def test_an_expression_failing_in_generated_code_is_named_as_when_interpreted(name: str) -> None:
    step, expression = FAILING[name]
    effects = f"- set: {{total: 5}}\n{step}\n- set: {{total: 6}}"
    error, state = _failure(effects)
    assert isinstance(error, EvalError)
    assert str(error).startswith(f"tiny.yaml:{_line_of(expression, effects)}:")
    assert f"`{expression}`" in str(error)
    assert state.var("total") == 5  # the steps before it ran, the ones after did not


def test_a_loop_doing_too_much_work_stops_at_the_same_round() -> None:
    effects = '- for: {each: i, in: "range(300000)", do: [{add: {x: 1}}]}'
    error, state = _failure(effects)
    assert isinstance(error, RuleError)
    assert "too much work" in str(error)
    assert str(error).startswith(f"tiny.yaml:{_line_of('range(300000)', effects)}:")
    assert 0 < state.var("x") < 300000


def test_end_game_in_a_loop_ends_the_game_with_its_winners_and_reason() -> None:
    effects = """
        - add: {"score[me]": 1}
        - for:
            each: p
            in: seats
            do:
              - if: "score[p] >= 2"
                then:
                  - end_game: {winners: "[p]", reason: "{seat_names[p]} reached {score[p]}"}
                  - add: {x: 100}
        - log: "no winner yet"
        """
    before = _both(effects, moves=2)
    assert before.outcome is None and before.log[-1].text == "no winner yet"
    ended = _both(effects, moves=3)
    assert ended.outcome is not None
    assert (ended.outcome.winners, ended.outcome.reason) == ((0,), "P1 reached 2")
    assert ended.outcome.scores == (20, 10)
    assert ended.var("x") == 0 and ended.log[-1].text != "no winner yet"
    assert ended.legal_list() == [] and ended.to_move is None


def test_a_value_built_again_after_a_step_changes_what_it_reads() -> None:
    # The generated code keeps a list an expression builds until a step changes the game.
    effects = """
        - let: {aces: "len([c for c in pool if c.rank == 14])"}
        - move: {what: "cards('AR')[0]", from: pool, to: discard}
        - set: {x: "len([c for c in pool if c.rank == 14])"}
        - if: "aces == 3"
          then: [{move: {what: "cards('AP')[0]", from: pool, to: discard}}]
        - set: {y: "len([c for c in pool if c.rank == 14])"}
        - for:
            each: p
            in: seats
            do:
              - deal: {from: pool, to: hand, count: 1}
              - add: {"score[p]": "len([c for c in pool if c.rank == 14]) * 10 + p"}
        - set: {total: "len([c for c in pool if c.rank == 14])"}
        - for:
            each: p
            in: seats
            do:
              - if: "14 not in [c.rank for c in hand[p]]"
                then: [{add: {"score[p]": 100}}]
        """
    state = _both(effects)
    assert (state.var("x"), state.var("y")) == (2, 1)
    # Each deal gives a card to each seat: P1 the 2P then the AS, P2 the 2R. The last
    # loop finds no Ace in P2's hand only if it builds P2's list anew.
    assert state.var("score") == [10, 101]
    assert state.var("total") == 0


def test_a_value_kept_in_one_branch_is_forgotten_after_a_change_past_the_if() -> None:
    # The list is built only when x == 0; the move after the if must still forget it.
    state = _both("""
        - if: "x == 0"
          then:
            - if: "len([c for c in pool if c.rank == 14]) == 3"
              then: [{add: {y: 1}}]
        - move: {what: "cards('AR')[0]", from: pool, to: discard}
        - if: "len([c for c in pool if c.rank == 14]) == 2"
          then: [{add: {total: 5}}]
        """)
    assert (state.var("y"), state.var("total")) == (1, 5)


def test_forgetting_runs_only_where_a_kept_value_may_be_held() -> None:
    # Nothing is ever kept: nothing to forget, not even the names set at the start.
    assert (
        _forgets(
            _source("""
        - move: {from: pool, count: 1, to: "hand[me]"}
        - add: {x: 1}
        """)
        )
        == 0
    )
    # The moves change the game before any value is kept: only the start sets the names.
    source = _source("""
        - move: {from: pool, count: 1, to: "hand[me]"}
        - move: {from: pool, count: 1, to: discard}
        - if: "len([c for c in pool if c.rank == 14]) > 0"
          then: [{add: {total: 5}}]
        """)
    assert _forgets(source) == 2  # at the start, and after the add that follows a keep


def _forgets(source: str) -> int:
    """How many statements of generated code forget the kept values."""
    return len(re.findall(r"^ *_k0 = .*_UNSET$", source, re.MULTILINE))


def _source(effects: str) -> str:
    compiled, _ = _tiny_twins(effects)
    state = compiled.new_state()
    run = compile_steps(
        state._rules.effects["go"],
        PACK_LIBRARY,
        compiled.stable_names(),
        "tiny effects of go",
        compiled.scores,
    )
    source: str = getattr(run, "source")  # noqa: B009  (set by stepgen on each runner)
    return source


def test_the_common_steps_are_written_out_not_called() -> None:
    source = _source("""
        - let: {a: "x + 1"}
        - if: "a > 1"
          then: [{add: {total: a}}]
          else: [{set: {y: a, "score[me]": 2}}]
        - for: {each: p, in: seats, do: [{add: {"score[p]": 1}}]}
        - move: {from: pool, count: 1, to: "hand[me]"}
        - move: {from: "hand[me]", to: discard}
        - log: "{a} and {total}"
        - reverse
        - keep_turn
        - phase: play
        """)
    assert source.startswith("def _run(_state):")
    assert "_step" not in source
    assert "_step" in _source("- skip: 1")  # the check above can fail: a called step shows


def test_a_per_player_set_works_out_its_value_before_its_index() -> None:
    # Both fail: the error names the value, worked out first, as Python's a[i] = v does.
    error, _ = _failure('- set: {"score[x // (x - x)]": "[1][x + 5]"}')
    assert "`[1][x + 5]`" in str(error)


@pytest.mark.parametrize(
    "effects",
    [
        '- set: {"score[len([i for i in range(300000)]) * 0]": "len([i for i in range(300000)])"}',
        '- move: {from: "hand[len([i for i in range(300000)]) * 0]", count: 1, '
        'to: "hand[len([i for i in range(300000)]) * 0 + 1]"}',
        # The meter is started afresh only where the metered part of an `and`/`or` begins
        # (`x >= 0` spends nothing): that part must still get all 1,000,000 units.
        '- if: "len([i for i in range(300000)]) > 0"\n'
        "  then: [{add: {y: 1}}]\n"
        '- if: "x >= 0 and len([i for i in range(300000)]) > 0"\n'
        "  then: [{add: {y: 1}}]\n"
        '- if: "x < 0 or len([i for i in range(300000)]) < 0"\n'
        "  then: [{add: {y: 1}}]",
    ],
    ids=["set-index-and-value", "move-from-and-to", "and-or-after-a-plain-part"],
)
def test_each_expression_of_a_step_has_a_full_meter(effects: str) -> None:
    # Each expression spends 600,000 of the 1,000,000 units one expression may spend.
    _both(effects)


# --- differences found between generated code and the interpreter ----------------------
# Each test below asserts what the kinds' reference runs do; when written, the generated
# code did otherwise (see each comment).


def test_a_move_from_several_stacks_finds_them_all_before_moving() -> None:
    # The reference run works out every source (hand[3 % 2]) before it moves anything; the
    # generated code works out hand[len(pool) % 2] after emptying the pool: hand[0].
    state = _both("""
        - move: {what: "cards('AR')[0]", from: pool, to: "hand[1]"}
        - move: {what: "cards('AP')[0]", from: pool, to: "hand[0]"}
        - move: {from: [pool, "hand[len(pool) % 2]"], to: discard}
        """)
    assert [str(card) for card in state.zone("hand")[0]] == ["AP"]  # len(pool) was 3


def test_two_values_built_alike_are_two_values() -> None:
    # The generated code hands the list it built for `a` to `b` as well: `a is b`.
    state = _both(
        """
        - let: {a: "[c for c in pool]", b: "[c for c in pool]"}
        - set: {x: "1 if a is b else 0"}
        """
    )
    assert state.var("x") == 0


def test_a_value_kept_between_steps_still_meets_the_work_limit() -> None:
    # The generated code keeps the list the first `if` built for the second (nothing
    # changed in between), so it does less work per round than the interpreter; the work
    # limit still stops the loop on both, the generated one some rounds later.
    effects = """
        - for:
            each: i
            in: "range(100000)"
            do:
              - if: "len([j for j in range(x % 7 + 30)]) > 100"
                then: [{add: {y: 1}}]
              - if: "len([j for j in range(x % 7 + 30)]) > 100"
                then: [{add: {y: 1}}]
              - add: {x: 1}
        """
    rounds = []
    for game in _tiny_twins(effects):
        state = game.new_state(players=2)
        with pytest.raises(RuleError, match="too much work"):
            state.apply_unchecked(state.legal_list()[0])
        rounds.append(state.var("x"))
    compiled, plain = rounds
    assert plain < compiled < 100_000


@pytest.mark.parametrize(
    "effects",
    [
        "- add: {x: \"'text'\"}",
        '- add: {"score[me]": "\'text\'"}',
        '- set: {"score[x + 5]": 1}',
        '- for: {each: c, in: "x", do: [{add: {y: 1}}]}',
        '- end_game: {winners: "None", reason: "over"}',
    ],
    ids=[
        "add-text-to-a-number",
        "add-per-player",
        "seat-out-of-range",
        "loop-over-a-number",
        "no-winners",
    ],
)
def test_a_step_failing_outside_its_expressions_names_the_pack_line(effects: str) -> None:
    # Python errors the steps raise themselves (adding, indexing a per-player var, looping,
    # ending the game). The reference runs let the bare TypeError or IndexError through; the
    # generated code, where the step sits on its expression's line, names that line.
    errors = []
    for game in _tiny_twins(effects):
        state = game.new_state(players=2)
        with pytest.raises(Exception) as raised:  # its type is checked below
            state.apply_unchecked(state.legal_list()[0])
        errors.append(raised.value)
    compiled, plain = errors
    assert isinstance(compiled, EvalError)
    assert "tiny.yaml:" in str(compiled)
    assert type(plain).__name__ in str(compiled)  # the same failure, placed


@pytest.mark.parametrize(
    "effects",
    [
        '- for: {each: pool, in: "[1, 2]", do: [{add: {y: 1}}]}',
        "- let: {score: 1}",
    ],
    ids=["for-over-a-zone-name", "let-a-var-name"],
)
def test_a_let_or_for_cannot_take_the_name_of_a_zone_or_var(effects: str) -> None:
    with pytest.raises(PackError, match="cannot use its name") as raised:
        load_pack_text(_tiny(effects), "tiny.yaml")
    assert "tiny.yaml:" in str(raised.value)


def test_a_set_with_several_keys_assigns_them_all_at_once() -> None:
    effects = """
        - set: {x: 1, y: 2, "score[0]": 5}
        - set: {x: y, y: x, "score[x]": "score[0] + x", total: "score[0] + x"}
        - add: {x: y, y: x}
        """
    # The swap reads 1 and 2; score[x] is score[1], with the old x; then x + y, y + x.
    state = _both(effects)
    assert (state.var("x"), state.var("y")) == (3, 3)
    assert state.var("score") == [5, 6] and state.var("total") == 6


def test_elif_runs_the_first_case_that_holds() -> None:
    effects = """
        - add: {x: 1}
        - if: "x == 1"
          then: [{set: {y: 10}}]
          elif:
            - {if: "x == 2", then: [{set: {y: 20}}]}
            - {if: "x >= 2", then: [{set: {y: 30}}]}
          else: [{set: {y: 40}}]
        - if: "x == 3"
          then: [{add: {total: 1}}]
          elif: [{if: "x == 4", then: [{add: {total: 100}}]}]
        """
    assert [_both(effects, moves=n).var("y") for n in (1, 2, 3)] == [10, 20, 30]
    assert _both(effects, moves=4).var("total") == 101


def test_stop_ends_the_list_under_way_from_inside_an_if_or_a_for() -> None:
    effects = """
        - add: {x: 1}
        - for:
            each: c
            in: "range(1, 10)"
            do:
              - add: {total: c}
              - if: "c == x + 1"
                then: [stop]
        - set: {y: 99}
        """
    state = _both(effects)  # x is 1: the loop stops after adding 1 and 2
    assert (state.var("total"), state.var("y")) == (3, 0)
    assert state.to_move == 1  # the turn went on as usual
    assert _both(effects, moves=2).var("total") == 3 + 6


def test_a_let_value_using_a_later_name_of_the_same_let_fails_at_load() -> None:
    with pytest.raises(PackErrors, match=r"'a' uses 'b', which this let binds only after it"):
        load_pack_text(_tiny('- let: {a: "b + 1", b: 2}'), "tiny.yaml")
    with pytest.raises(PackErrors, match=r"'a' uses 'a', which this let binds only here"):
        load_pack_text(_tiny('- let: {a: "a + 1"}'), "tiny.yaml")
    state = _both('- let: {a: 2, b: "a * 10"}\n- let: {a: "a + b"}\n- set: {x: a}')
    assert state.var("x") == 22  # in order, and a later let may use the earlier name


def test_a_move_at_random_puts_each_card_at_a_drawn_place_of_the_pile() -> None:
    effects = """
        - move: {from: pool, count: 1, to: pool, at: random}
        - move: {what: "top(pool)", from: pool, to: "hand[me]"}
        - move: {from: "hand[me]", to: pool, at: random}
        """
    _both(effects)  # the generated code does what the steps say, drawing alike
    game = load_pack_text(_tiny(effects), "tiny.yaml")
    orders = set()
    for seed in range(12):
        state = game.new_state(seed=seed)
        state.apply_unchecked(state.legal_list()[0])
        pool = [str(card) for card in state.zone("pool")]
        assert sorted(pool) == sorted(["AR", "AP", "AS", "2R", "2P"])
        assert state.zone("hand") == [[], []]
        orders.add(tuple(pool))
    assert len(orders) > 3  # the places are drawn, not fixed


def test_a_move_to_the_middle_never_puts_the_card_on_top_or_at_the_bottom() -> None:
    # Joker's Wild: a Joker turned up first goes back into the middle of the stock.
    effects = """
        - move: {what: "top(pool)", from: pool, to: discard}
        - move: {from: discard, to: pool, at: middle}
        """
    _both(effects)  # the generated code does what the steps say, drawing alike
    game = load_pack_text(_tiny(effects), "tiny.yaml")
    places = set()
    for seed in range(40):
        state = game.new_state(seed=seed)
        state.apply_unchecked(state.legal_list()[0])
        pool = [str(card) for card in state.zone("pool")]
        assert pool[0] == "AR" and pool[-1] == "2R", pool  # the ends stay as they were
        places.add(pool.index("2P"))
    assert places == {1, 2, 3}  # every place between the ends is drawn
    small = load_pack_text(
        _tiny(effects).replace("cards('AR AP AS 2R 2P')", "cards('AR AP')"), "tiny.yaml"
    )
    state = small.new_state(seed=1)  # one card left: nothing lies between ends, so any place
    state.apply_unchecked(state.legal_list()[0])
    assert sorted(str(card) for card in state.zone("pool")) == ["AP", "AR"]
