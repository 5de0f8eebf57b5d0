"""The expression language: what it computes, what it rejects and how it says so."""

from __future__ import annotations

import ast
import doctest
import threading
from collections.abc import Mapping
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import vtt.rules.errors as errors_module
import vtt.rules.expr as expr_module
from vtt.janken import Card, Rank, Suit, beats
from vtt.rules.errors import PackError, PackErrors, Where
from vtt.rules.expr import (
    MAX_WORK,
    SAFE_BUILTINS,
    EvalError,
    Expr,
    ExprError,
    Library,
    compile_expr,
    merge,
)
from vtt.rules.loader import load_pack_text

LIBRARY = merge(
    SAFE_BUILTINS,
    Library(
        functions={"beats": beats},
        constants={suit.name: suit for suit in Suit},
        attributes=frozenset({"suit", "rank", "is_joker"}),
    ),
)


def hand(*notations: str) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in notations)


ENV: dict[str, object] = {
    "hand": hand("QL", "10W", "AR", "3S", "JkP"),
    "card": Card.parse("QL"),
    "top": Card.parse("5P"),
    "lead": Suit.ROCK,
    "score": 7,
    "scores": {"north": 3, "south": 5},
    "name": "north",
}


def run(source: str, env: Mapping[str, object] = ENV, library: Library = LIBRARY) -> object:
    return compile_expr(source, names=env.keys(), library=library)(env)


def test_doctests() -> None:
    for module in (expr_module, errors_module):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("beats(card.suit, top.suit) or card.rank == top.rank", True),
        ("beats(top.suit, card.suit) or card.rank == top.rank", False),
        ("beats(top.suit, ROCK)", True),
        ("len(hand) > 0 and not any(c.suit == lead for c in hand)", False),
        ("any(c.suit == lead for c in hand)", True),
        ("sum(c.rank for c in hand if not c.is_joker)", 12 + 10 + 14 + 3),
        ("count(c.suit in (ROCK, PAPER) for c in hand)", 2),
        ("count([c.suit for c in hand], LIZARD)", 1),
        ("max(c.rank for c in hand)", Rank.ACE),
        ("min(hand, key=str)", Card.parse("10W")),
        ("sorted(c.rank for c in hand)[0]", Rank.JOKER),
        ("sorted([3, 1, 2], reverse=True)", [3, 2, 1]),
        ("[c for c in hand if c.suit == WATER]", [Card.parse("10W")]),
        ("{c.suit for c in hand} >= {ROCK, PAPER}", True),
        ("{str(c): c.rank for c in hand}['QL']", Rank.QUEEN),
        ("tuple(c.suit for c in hand)[-1]", Suit.PAPER),
        ("hand[1:3]", hand("10W", "AR")),
        ("hand[::-1][0]", Card.parse("JkP")),
        ("score + 1 if score < 10 else 0", 8),
        ("score ** 2 - score // 2 + score % 3", 49 - 3 + 1),
        ("-score << 3 | 1", -55),
        ("~score & 0xFF ^ 0b1", 249),
        ("score / 2", 3.5),
        ("1 < score <= 7 != 8", True),
        ("scores[name] + scores['south']", 8),
        ("card in hand and top not in hand", True),
        ("f'{card} beats {top}' if beats(card.suit, top.suit) else f'{top} stands'", "QL beats 5P"),
        ("f'{score:>4}|{score / 3:.2f}|{card!r}'", "   7|2.33|Card.parse('QL')"),
        ("join(sorted(str(c) for c in hand))", "10W, 3S, AR, JkP, QL"),
        ("join(hand, ' ')", "QL 10W AR 3S JkP"),
        ("len(range(2, 10, 3))", 3),
        ("list(zip((1, 2), 'ab'))", [(1, "a"), (2, "b")]),
        ("enumerate('ab', 1)", ((1, "a"), (2, "b"))),
        ("reversed((1, 2, 3))", (3, 2, 1)),
        ("divmod(score, 3)", (2, 1)),
        ("abs(-score) + round(2.5) + int('3') + int(2.9)", 7 + 2 + 3 + 2),
        ("float('1.5') * 2", 3.0),
        ("bool(hand) and all(c.rank > 1 for c in hand if not c.is_joker)", True),
        ("set(c.suit for c in hand) == frozenset(c.suit for c in hand)", True),
        ("'a' * 3 + 'b'", "aaab"),
        ("(1, 2) * 2 + (3,)", (1, 2, 1, 2, 3)),
        ("[0] * 3", [0, 0, 0]),
        ("{1, 2} | {3} ^ {1}", {1, 2, 3}),
        ("{1, 2, 3} - {2} & {1, 3}", {1, 3}),
        ("2 ** 63 + (2 ** 63 - 1)", 2**64 - 1),
        ("1 << 63", 2**63),
        ("None is None and lead is not None", True),
        ("'ab' in 'cabd' and 'x' not in name", True),
        ("3 % 2 == 1", True),
    ],
)
def test_expressions_compute_what_python_would(source: str, expected: object) -> None:
    assert run(source) == expected


def test_names_are_only_the_environment_names_read() -> None:
    expression = compile_expr(
        "[c for c in hand if c.suit == lead] or score", names=ENV.keys(), library=LIBRARY
    )
    assert expression.names == frozenset({"hand", "lead", "score"})
    assert repr(expression) == "Expr('[c for c in hand if c.suit == lead] or score')"
    assert expression.source == "[c for c in hand if c.suit == lead] or score"


def test_comprehension_variables_shadow_and_do_not_leak() -> None:
    expression = compile_expr("[score for score in (1, 2)]", names={"score"}, library=LIBRARY)
    assert expression.names == frozenset()
    assert expression({}) == [1, 2]
    with pytest.raises(ExprError, match="unknown name 'c'"):
        compile_expr("[c for c in hand] and c", names={"hand"}, library=LIBRARY)


def test_comprehension_iterables_see_earlier_variables() -> None:
    assert run("[(x, y) for x in range(3) for y in range(x)]") == [(1, 0), (2, 0), (2, 1)]
    assert run("{x: [y for y in range(x)] for x in range(3)}") == {0: [], 1: [0], 2: [0, 1]}


def test_environment_names_shadow_library_constants() -> None:
    assert run("ROCK", {"ROCK": "mine"}) == "mine"
    assert run("ROCK", {}) is Suit.ROCK


def test_a_name_that_shadows_a_function_cannot_be_called() -> None:
    with pytest.raises(ExprError, match="'len' is not a function"):
        compile_expr("len(hand)", names={"len", "hand"}, library=LIBRARY)


def test_library_functions_are_values_too() -> None:
    assert run("sorted(['bb', 'a', 'ccc'], key=len)") == ["a", "bb", "ccc"]


def test_generators_stay_lazy_so_any_stops_early() -> None:
    # Python stops at the first true item; a later item would fail with IndexError.
    assert run("any(numbers[i] > 0 for i in range(10))", {"numbers": (1,)}) is True


def test_multi_line_expressions_from_yaml_blocks() -> None:
    source = "len(hand) > 0\nand score > 3\n"
    assert run(source) is True
    with pytest.raises(ExprError) as caught:
        compile_expr("len(hand) > 0\nand scroe > 3", names=ENV.keys(), library=LIBRARY)
    assert caught.value.line == 2 and caught.value.column == 5
    assert "  and scroe > 3\n      ^^^^^" in str(caught.value)


# --- load errors -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("len(hnad)", "unknown name 'hnad'; did you mean 'hand'?"),
        ("scroe + 1", "unknown name 'scroe'; did you mean 'score' or 'scores'?"),
        ("zzz", "unknown name 'zzz' (the names here are: "),
        ("print(card)", "Python's built-ins are not available in packs"),
        ("card.suitt", "unknown attribute '.suitt'; did you mean 'suit'?"),
        ("card.colour", "unknown attribute '.colour' (attributes packs may use: is_joker, rank"),
        ("card.__class__", "'__class__' is not allowed: names and attributes starting with '_'"),
        ("'x'.format(card)", "method calls like '.format(...)' are not allowed"),
        ("hand(1)", "'hand' is not a function: calls are only to library functions like len"),
        ("hand[0](1)", "calls are only to library functions by name"),
        ("len(hand", "not a valid expression: '(' was never closed"),
        ("score is 7", "'is' compares identity: use '==' to compare with a value"),
        ("f'{score:{name}}'", "a format spec in an f-string must be plain"),
        ("f'{score:>1000}'", "format spec ':>1000' is not allowed"),
        ("1j", "complex numbers are not used in packs"),
        ("'\\d'", "invalid escape sequence"),
        ("", "the expression is empty"),
    ],
)
def test_load_errors_say_what_is_wrong(source: str, message: str) -> None:
    with pytest.raises(ExprError) as caught:
        compile_expr(source, names=ENV.keys(), library=LIBRARY)
    assert message in caught.value.message


def test_load_errors_are_pack_errors_at_the_yaml_place() -> None:
    where = Where("war/pack.yaml", 12, 11, "moves.play.when[0]")
    with pytest.raises(PackError) as caught:
        compile_expr("len(hnad) > 0", names={"hand"}, library=LIBRARY, where=where)
    error = caught.value
    assert isinstance(error, ExprError)
    assert error.where == Where("war/pack.yaml", 12, 15, "moves.play.when[0]")
    assert error.column == 5
    assert str(error) == (
        "war/pack.yaml:12:15 (moves.play.when[0]): unknown name 'hnad'; did you mean 'hand'?\n"
        "  len(hnad) > 0\n"
        "      ^^^^"
    )
    assert error.reason == "unknown name 'hnad'; did you mean 'hand'?"


def test_errors_in_multi_line_expressions_keep_the_scalar_place() -> None:
    where = Where("p.yaml", 4, 7, "x")
    with pytest.raises(ExprError) as caught:
        compile_expr("1 +\n  nope", names=(), library=LIBRARY, where=where)
    assert caught.value.where == where
    assert caught.value.line == 2


def test_columns_count_characters_not_bytes() -> None:
    with pytest.raises(ExprError) as caught:
        compile_expr("'héllo wörld' + nope", names=(), library=LIBRARY)
    assert caught.value.column == 17


def test_long_lines_are_cut_around_the_fault() -> None:
    source = " + ".join(["score"] * 30) + " + nope"
    with pytest.raises(ExprError) as caught:
        compile_expr(source, names={"score"}, library=LIBRARY)
    shown = str(caught.value).splitlines()
    assert len(shown[1]) <= 80 and shown[2].strip() == "^^^^"
    assert shown[1][shown[2].index("^") : shown[2].index("^") + 4] == "nope"


def test_limits_at_load() -> None:
    assert run("(((((1)))))") == 1
    compile_expr("+".join(["1"] * 50), names=(), library=LIBRARY)
    with pytest.raises(ExprError, match="nested too deeply"):
        compile_expr("+".join(["1"] * 70), names=(), library=LIBRARY)
    with pytest.raises(ExprError, match="too long"):
        compile_expr("1" + " " * 2000 + "+ 1", names=(), library=LIBRARY)
    assert run(str(2**64 - 1)) == 2**64 - 1
    with pytest.raises(ExprError, match="too large"):
        compile_expr(str(2**64), names=(), library=LIBRARY)


# --- run time ------------------------------------------------------------------------


def test_run_errors_name_the_expression_and_its_place() -> None:
    where = Where("war/pack.yaml", 3, 9, "score")
    expression = compile_expr("score // 0", names={"score"}, library=LIBRARY, where=where)
    with pytest.raises(EvalError) as caught:
        expression({"score": 1})
    assert str(caught.value) == (
        "war/pack.yaml:3:9 (score): `score // 0`: ZeroDivisionError: integer division or modulo "
        "by zero"
    )
    assert isinstance(caught.value.__cause__, ZeroDivisionError)


def test_missing_environment_value_is_an_eval_error() -> None:
    expression = compile_expr("score + 1", names={"score"}, library=LIBRARY)
    with pytest.raises(EvalError, match="no value for name 'score'"):
        expression({})


def test_type_errors_are_eval_errors() -> None:
    with pytest.raises(EvalError, match="TypeError"):
        run("card + 1")
    with pytest.raises(EvalError, match="adds numbers only"):
        run("sum([(1,), (2,)], ())")
    with pytest.raises(EvalError, match="formatting of text"):
        run("name % 3")


def test_run_limits_are_exact() -> None:
    assert run("2 ** 63") == 2**63
    assert run("(2 ** 32 - 1) * (2 ** 32 + 1)") == 2**64 - 1
    with pytest.raises(EvalError, match="number too large"):
        run("2 ** 64")
    with pytest.raises(EvalError, match="number too large"):
        run("(2 ** 32) * (2 ** 32)")
    assert len(run(f"'a' * {MAX_WORK}")) == MAX_WORK  # type: ignore[arg-type]
    with pytest.raises(EvalError, match="too much work"):
        run(f"'a' * {MAX_WORK + 1}")
    assert run("2.0 ** 0.5") == pytest.approx(1.41421356)
    with pytest.raises(EvalError, match="OverflowError"):
        run("10.0 ** 400")


def test_the_work_meter_starts_afresh_at_every_run() -> None:
    expression = compile_expr(f"len(range({MAX_WORK // 2})) + 1", names=(), library=LIBRARY)
    for _ in range(3):
        assert expression({}) == MAX_WORK // 2 + 1


# Two games at once: JANTORI whose move logs a line, then runs a loop whose rounds each
# spend 200,000 units: 5 rounds (a million) with ``heavy`` off, 15 (three million, past
# a turn's budget of two million) with it on.
_LOGGED = '      - set: {"marker[me]": square}\n'
_BUSY = (
    _LOGGED + '      - log: "placed"\n'
    "      - for:\n"
    "          each: round\n"
    '          in: "range(15 if heavy else 5)"\n'
    '          do: [{let: {spent: "len([x for x in range(100000)])"}}]\n'
)


def test_two_games_on_two_threads_run_at_once_each_on_its_own_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # No lock serialises pack code: both threads stand inside a move at the same time
    # (in the log step, at a barrier that breaks unless both reach it). Then the heavy
    # game's move runs to its end and fails with too much work, while the light game is
    # still in the middle of its move; the light one then goes on, and its budget is its
    # own: the three million units the other spent do not count against it.
    from vtt.rules.engine import State
    from vtt.rules.errors import RuleError

    text = (Path(__file__).parents[2] / "rulesets" / "jantori" / "pack.yaml").read_text()
    assert _LOGGED in text
    text = text.replace(_LOGGED, _BUSY).replace(
        "\noptions:\n", "\noptions:\n  heavy: {type: bool, default: false}\n"
    )
    game = load_pack_text(text, "busy.yaml")
    both_inside = threading.Barrier(2, timeout=60)
    heavy_done = threading.Event()
    write = State.say_later

    def meeting(self: State, parts: tuple[object, ...]) -> None:
        both_inside.wait()
        if threading.current_thread().name == "light":
            assert heavy_done.wait(60)
        write(self, parts)

    monkeypatch.setattr(State, "say_later", meeting)
    heavy, light = game.new_state({"heavy": True}), game.new_state({"heavy": False})
    outcomes: dict[str, object] = {}

    def play(name: str, state: State) -> None:
        try:
            state.apply_unchecked(state.legal_list()[0])
            outcomes[name] = "played"
        except Exception as error:  # reported by the assertions below
            outcomes[name] = error
        finally:
            if name == "heavy":
                heavy_done.set()

    threads = [
        threading.Thread(target=play, args=(name, state), name=name)
        for name, state in (("heavy", heavy), ("light", light))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert not both_inside.broken, "one game waited for the other to leave pack code"
    assert isinstance(outcomes["heavy"], RuleError), outcomes
    assert "too much work in one turn" in str(outcomes["heavy"])
    assert outcomes["light"] == "played"
    assert len(light.history) == 1 and light.var("spent") == 100000


def test_values_are_not_shared_between_runs() -> None:
    expression = compile_expr("[c for c in hand]", names={"hand"}, library=LIBRARY)
    first = expression(ENV)
    assert isinstance(first, list)
    first.clear()
    assert len(expression(ENV)) == 5  # type: ignore[arg-type]


def test_no_python_builtins_reach_the_compiled_code() -> None:
    expression = compile_expr("len(hand)", names={"hand"}, library=LIBRARY)
    function = expression._function  # the compiled form, checked from outside on purpose
    assert function.__globals__["__builtins__"] == {}
    assert "open" not in function.__globals__ and "getattr" not in function.__globals__


@settings(max_examples=200, deadline=None)
@given(
    st.recursive(
        st.integers(-1000, 1000).map(str) | st.sampled_from(["a", "b"]),
        lambda inner: st.tuples(
            inner,
            st.sampled_from(["+", "-", "*", "//", "%", "<", "==", "and", "or", "if"]),
            inner,
            inner,
        ).map(
            lambda parts: (
                f"({parts[0]} if {parts[2]} else {parts[3]})"
                if parts[1] == "if"
                else f"({parts[0]} {parts[1]} {parts[2]})"
            )
        ),
        max_leaves=12,
    )
)
def test_arithmetic_agrees_with_python(source: str) -> None:
    env = {"a": 7, "b": -3}
    try:
        expected: object = eval(source, {"__builtins__": {}}, dict(env))
    except ZeroDivisionError:
        with pytest.raises(EvalError, match="ZeroDivisionError"):
            run(source, env)
        return
    if isinstance(expected, int) and abs(expected) >= 2**64:
        with pytest.raises(EvalError, match="number too large"):
            run(source, env)
        return
    assert run(source, env) == expected


# --- the library ---------------------------------------------------------------------


def test_library_refuses_unsafe_contents() -> None:
    with pytest.raises(ValueError, match="_secret"):
        Library(functions={"_secret": len})
    with pytest.raises(ValueError, match="lambda"):
        Library(constants={"lambda": 1})
    with pytest.raises(ValueError, match="must never be reachable"):
        Library(attributes=frozenset({"gi_frame"}))
    with pytest.raises(ValueError, match="must never be reachable"):
        Library(attributes=frozenset({"__class__"}))
    with pytest.raises(ValueError, match="plain value"):
        Library(constants={"os": ast})
    with pytest.raises(ValueError, match="plain value"):
        Library(constants={"f": len})


def test_library_is_frozen_and_merge_lets_later_win() -> None:
    functions = {"double": lambda x: 2 * x}
    first = Library(functions=functions, constants={"TEN": 10}, attributes=frozenset({"suit"}))
    functions["triple"] = lambda x: 3 * x
    assert set(first.functions) == {"double"}
    second = Library(functions={"double": lambda x: x + x + 1}, attributes=frozenset({"rank"}))
    merged = merge(SAFE_BUILTINS, first, second)
    assert merged.attributes == {"suit", "rank"}
    assert run("double(TEN)", {}, merged) == 21
    assert set(SAFE_BUILTINS.functions) <= set(merged.functions)


def test_safe_builtins_cover_the_common_needs() -> None:
    expected = {"len", "min", "max", "sum", "abs", "any", "all", "sorted", "range", "count"}
    assert expected <= set(SAFE_BUILTINS.functions)
    assert not {"getattr", "type", "eval", "open", "format", "vars"} & set(SAFE_BUILTINS.functions)


def test_expr_objects_compile_once() -> None:
    expression = compile_expr("score + 1", names={"score"}, library=LIBRARY)
    assert isinstance(expression, Expr)
    assert [expression({"score": n}) for n in range(3)] == [1, 2, 3]


def test_pack_errors_print_every_problem() -> None:
    problems = PackErrors(
        [
            PackError("expected a number", Where("p.yaml", 3, 5, "options.rounds")),
            PackErrors([PackError("unknown key 'zone'", Where("p.yaml", 9))]),
        ]
    )
    assert len(problems.errors) == 2
    assert str(problems) == (
        "p.yaml:3:5 (options.rounds): expected a number\np.yaml:9: unknown key 'zone'"
    )
    assert problems.where == Where("p.yaml", 3, 5, "options.rounds")
    assert str(Where("p.yaml")) == "p.yaml" and str(Where("p.yaml", 0, 0, "a.b")) == "p.yaml (a.b)"
    assert str(PackError("bare")) == "bare"


@pytest.mark.parametrize(
    ("source", "answer"),
    [
        ("max(groups, key=sum)", [5]),
        ("sorted(groups, key=tuple)", [[0, 0, 0], [1, 2], [5]]),
        ("[sum for sum in (1, 2)]", [1, 2]),
        ("len(max(groups, key=sorted))", 1),
    ],
)
def test_functions_that_charge_work_pass_as_values_and_names_shadow_them(
    source: str, answer: object
) -> None:
    # A function that charges the meter gets it as its first argument: given as a
    # value (``key=``), it is handed over bound to the run's meter; a comprehension
    # variable of the same name is a plain value.
    expression = compile_expr(source, names={"groups"}, library=LIBRARY)
    assert expression({"groups": [[1, 2], [5], [0, 0, 0]]}) == answer


def test_a_function_passed_as_a_value_charges_the_runs_meter() -> None:
    # Walking the groups costs 600,000 units; summing each one as a key 600,000 more.
    groups = {"groups": [tuple(range(1000))] * 600}
    by_length = compile_expr("len(max(groups, key=len))", names={"groups"}, library=LIBRARY)
    assert by_length(groups) == 1000
    by_sum = compile_expr("len(max(groups, key=sum))", names={"groups"}, library=LIBRARY)
    with pytest.raises(EvalError, match="too much work"):
        by_sum(groups)
