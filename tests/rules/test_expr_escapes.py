"""Known sandbox escapes and resource attacks against pack expressions and pack YAML.

Every attack must give a clear ExprError at load or an EvalError at run time,
quickly, and nothing in it may run. The same attacks go through simpleeval:
whatever it rejects, we reject too.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Iterator
from types import FrameType

import pytest
import simpleeval

from vtt.janken import Card, Suit, beats
from vtt.rules import stdlib
from vtt.rules.errors import PackError
from vtt.rules.expr import SAFE_BUILTINS, EvalError, ExprError, Library, compile_expr, merge
from vtt.rules.values import Grid
from vtt.rules.yamlsource import load_yaml

# A hang guard only, not a speed test: an attack that loops forever fails here
# instead of freezing the suite. It counts the work this process does, its own CPU
# time (``ITIMER_PROF``), never the time on the clock: other processes on a busy
# machine cannot make it fire (under a load of 8 on 2 cores a wall-clock guard of 5 s
# did), and the slowest guarded test uses under half of it on an idle machine.
HANG_GUARD_SECONDS = 5


class Hung(Exception):
    """An attack ran past the hang guard."""


@contextlib.contextmanager
def hang_guard(seconds: float = HANG_GUARD_SECONDS) -> Iterator[None]:
    """Raise Hung once the body has used ``seconds`` of this process's CPU time."""

    def on_alarm(signum: int, frame: FrameType | None) -> None:
        raise Hung(f"still running after {seconds} s of work (CPU time)")

    previous = signal.signal(signal.SIGPROF, on_alarm)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def test_the_hang_guard_counts_work_not_waiting() -> None:
    with pytest.raises(Hung), hang_guard(0.05):
        while True:
            pass


CALLS: list[str] = []


def canary(*args: object) -> str:
    """A library function that records being called, to show what ran."""
    CALLS.append(repr(args))
    return "called"


LIBRARY = merge(
    SAFE_BUILTINS,
    Library(
        functions={"beats": beats, "canary": canary},
        constants={suit.name: suit for suit in Suit},
        attributes=frozenset({"suit", "rank", "is_joker"}),
    ),
)
ENV: dict[str, object] = {
    "hand": tuple(Card.parse(text) for text in ("QL", "10W", "AR", "3S")),
    "card": Card.parse("QL"),
    "top": Card.parse("5P"),
    "text": "abc",
    "numbers": (1, 2, 3),
}
NAMES = frozenset(ENV)

LOAD = "load"  # rejected by the checker: ExprError, nothing compiled
RUN = "run"  # compiled, stopped by a guard while running: EvalError

NESTED_PARENS = "(" * 10_000 + "1" + ")" * 10_000

# (what it tries, source, where it must be stopped, words the message must contain)
ATTACKS: list[tuple[str, str, str, str]] = [
    # class hierarchy walks
    ("tuple class walk", "().__class__.__bases__[0].__subclasses__()", LOAD, "private"),
    ("string class walk", "''.__class__.__mro__[1].__subclasses__()", LOAD, "private"),
    ("card class walk", "card.__class__", LOAD, "private"),
    ("function globals", "beats.__globals__", LOAD, "private"),
    ("closure cells", "len.__closure__", LOAD, "private"),
    ("code object", "beats.__code__.co_consts", LOAD, "private"),
    ("dunder dict", "card.__dict__", LOAD, "private"),
    ("subscript then dunder", "hand[0].__reduce_ex__(2)", LOAD, "private"),
    ("bare __builtins__", "__builtins__", LOAD, "private"),
    ("builtins subscript", "__builtins__['eval']('1')", LOAD, "private"),
    ("dunder import", "__import__('os').system('echo pwned')", LOAD, "private"),
    ("dunder name", "__name__", LOAD, "private"),
    ("underscore name", "_", LOAD, "private"),
    ("underscore keyword", "sorted(hand, _key=len)", LOAD, "private"),
    ("underscore comprehension variable", "[_x for _x in hand]", LOAD, "private"),
    # built-ins that are not in the library
    ("getattr", "getattr(card, '__class__')", LOAD, "built-ins are not available"),
    ("type", "type(card)", LOAD, "built-ins are not available"),
    ("eval", "eval('1+1')", LOAD, "built-ins are not available"),
    ("exec", "exec('import os')", LOAD, "built-ins are not available"),
    ("open", "open('/etc/passwd')", LOAD, "built-ins are not available"),
    ("globals", "globals()", LOAD, "built-ins are not available"),
    ("vars", "vars(card)", LOAD, "built-ins are not available"),
    ("compile", "compile('1', 'x', 'eval')", LOAD, "built-ins are not available"),
    ("breakpoint", "breakpoint()", LOAD, "built-ins are not available"),
    ("format built-in", "format(card, '')", LOAD, "built-ins are not available"),
    ("import statement", "import os", LOAD, "not a valid expression"),
    ("statements", "x = 1", LOAD, "not a valid expression"),
    ("two statements", "1; canary()", LOAD, "not a valid expression"),
    # method calls and format-string tricks
    ("str.format attribute read", "'{0.__class__}'.format(card)", LOAD, "method calls"),
    ("str.format nested", "'{0.suit.__class__.__base__}'.format(card)", LOAD, "method calls"),
    ("format_map", "'{x}'.format_map({'x': 1})", LOAD, "method calls"),
    ("method on value", "hand.index(card)", LOAD, "method calls"),
    ("format attribute itself", "text.format", LOAD, "unknown attribute"),
    ("f-string attribute", "f'{card.__class__}'", LOAD, "private"),
    ("f-string nested spec", "f'{card:{top}}'", LOAD, "format spec"),
    ("f-string huge width", "f'{1:>999999999}'", LOAD, "format spec"),
    ("f-string huge precision", "f'{1.5:.999999999f}'", LOAD, "format spec"),
    ("percent formatting width", "'%999999999d' % 1", RUN, "formatting of text"),
    ("percent formatting by name", "text % (1,)", RUN, "formatting of text"),
    # generator, frame and code tricks
    ("generator frame", "(x for x in ()).gi_frame.f_globals", LOAD, "unknown attribute"),
    ("generator code", "(x for x in ()).gi_code", LOAD, "unknown attribute"),
    ("frame back", "(x for x in ()).gi_frame.f_back.f_back", LOAD, "unknown attribute"),
    ("call result attribute", "sorted(hand).copy", LOAD, "unknown attribute"),
    ("calling a call", "len(hand)(1)", LOAD, "library functions"),
    ("calling a subscript", "hand[0](1)", LOAD, "library functions"),
    ("calling a value", "card()", LOAD, "not a function"),
    ("calling a comprehension name", "[len(x) for len in hand]", LOAD, "not a function"),
    # constructs the language leaves out
    ("lambda", "(lambda: 0)()", LOAD, "lambdas"),
    ("lambda as key", "sorted(hand, key=lambda c: c.rank)", LOAD, "lambdas"),
    ("walrus", "(x := card)", LOAD, ":="),
    ("walrus in comprehension", "[y := c for c in hand]", LOAD, ":="),
    ("star unpack call", "max(*numbers)", LOAD, "unpacking"),
    ("star unpack display", "[*hand, *hand]", LOAD, "unpacking"),
    ("double star", "canary(**{'a': 1})", LOAD, "unpacking"),
    ("dict unpack", "{**{'a': 1}}", LOAD, "unpacking"),
    ("attribute target", "[1 for card.suit in hand]", LOAD, "name its items"),
    ("subscript target", "[1 for numbers[0] in hand]", LOAD, "name its items"),
    ("await", "await canary()", LOAD, "'await'"),
    ("yield", "(yield 1)", LOAD, "'yield'"),
    ("async comprehension", "[x async for x in hand]", LOAD, "async for"),
    ("bytes literal", "b'\\x00'", LOAD, "bytes"),
    ("matrix multiply", "numbers @ numbers", LOAD, "'@'"),
    # huge numbers
    ("tower of powers", "9**9**9", RUN, "number too large"),
    ("big power", "10**100000", RUN, "number too large"),
    ("power of names", "len(hand) ** 10**8", RUN, "number too large"),
    ("huge shift", "1 << 10**9", RUN, "number too large"),
    ("shift past 64 bits", "1 << 64", RUN, "number too large"),
    ("products past 64 bits", "2**40 * 2**40", RUN, "number too large"),
    ("huge literal", "9" * 1000, LOAD, "too large"),
    ("huge literal digits", "1" + "0" * 30, LOAD, "too large"),
    ("int() of long text", "int('9' * 100)", RUN, "number too large"),
    # huge values
    ("string repetition", "'a' * 10**9", RUN, "too much work"),
    ("list repetition", "[0] * 10**9", RUN, "too much work"),
    ("tuple repetition reversed", "10**9 * (0,)", RUN, "too much work"),
    ("repetition of names", "text * 10**8", RUN, "too much work"),
    ("nested repetition", "([0] * 10**4) * 10**4", RUN, "too much work"),
    ("range materialised", "tuple(range(10**12))", RUN, "too much work"),
    ("range alone", "range(10**12)", RUN, "too much work"),
    ("range past 64 bits", "range(2**64, 2**64 + 10)", RUN, "number too large"),
    ("sum of huge range", "sum(range(10**9))", RUN, "too much work"),
    ("sorted of huge range", "sorted(range(10**8))", RUN, "too much work"),
    ("set of huge range", "set(range(10**8))", RUN, "too much work"),
    ("concatenation doubling", "[t + t for t in ['a' * 10**5] * 100]", RUN, "too much work"),
    ("slice copies", "[s[:] for s in [tuple(range(10**5))] * 100]", RUN, "too much work"),
    ("set union copies", "[s | s for s in [set(range(10**5))] * 100]", RUN, "too much work"),
    ("equality scans", "[t == t for t in [tuple(range(10**5))] * 100]", RUN, "too much work"),
    ("membership scans", "[0 in t for t in [tuple(range(10**5))] * 100]", RUN, "too much work"),
    ("f-string copies", "[f'{t}{t}' for t in ['a' * 10**5] * 100]", RUN, "too much work"),
    ("join copies", "[join(t) for t in [tuple(range(10**5))] * 100]", RUN, "too much work"),
    ("str of big tuples", "[str(t) for t in [tuple(range(10**5))] * 100]", RUN, "too much work"),
    ("shadowed name scans", "[hand == hand for hand in [tuple(range(10**5))] * 50]", RUN, "work"),
    ("zip of huge ranges", "zip(range(10**7), range(10**7))", RUN, "too much work"),
    ("enumerate huge range", "enumerate(range(10**7))", RUN, "too much work"),
    # unbounded loops and comprehension bombs
    ("comprehension bomb", "[x for x in range(10**6) for y in range(10**6)]", RUN, "too much work"),
    ("generator bomb", "any(x < 0 for x in range(10**6) for y in range(10**6))", RUN, "work"),
    ("nested comprehensions", "[[y for y in range(10**4)] for x in range(10**4)]", RUN, "work"),
    ("count bomb", "count(x for x in range(10**5) for y in range(10**5))", RUN, "work"),
    ("set comprehension bomb", "{x * y for x in range(10**4) for y in range(10**4)}", RUN, "work"),
    ("dict comprehension bomb", "{x: y for x in range(10**4) for y in range(10**4)}", RUN, "work"),
    ("max of bomb", "max(x for x in range(10**5) for y in range(10**5))", RUN, "too much work"),
    # A generator handed to a library function is charged by its own loops, not again.
    ("sum of bomb", "sum(1 for x in range(10**5) for y in range(10**5))", RUN, "too much work"),
    ("sorted of bomb", "sorted(y for x in range(10**5) for y in range(10**5))", RUN, "work"),
    # len() itself needs no meter: what it is given is charged where it is built.
    ("len of a huge list", "len([x for x in range(10**7)])", RUN, "too much work"),
    # deep nesting and huge sources
    ("nested parentheses", NESTED_PARENS, LOAD, "too long"),
    ("nested parentheses, short", "(" * 250 + "1" + ")" * 250, LOAD, "nested parentheses"),
    ("minus chain", "-" * 10_000 + "1", LOAD, "too long"),
    ("minus chain, short", "-" * 1_500 + "1", LOAD, "nested too deeply"),
    ("not chain", "not " * 450 + "1", LOAD, "nested too deeply"),
    ("list nesting", "[" * 150 + "]" * 150, LOAD, "nested too deeply"),
    ("call nesting", "len(" * 100 + "hand" + ")" * 100, LOAD, "nested too deeply"),
    ("long sum", "+".join(["1"] * 500), LOAD, "nested too deeply"),
    ("many parts", ",".join(["1"] * 999), LOAD, "too big"),
    ("huge string literal", repr("a" * 5_000), LOAD, "too long"),
    ("null byte", "1\x00", LOAD, "not a valid expression"),
    ("empty", "   ", LOAD, "empty"),
]


# Found by running the corpus through simpleeval 1.0: it evaluates these, spending
# seconds and a gigabyte each, so the comparison skips them (ours rejects them).
SIMPLEEVAL_BUILDS_THESE = {
    "f'{1:>999999999}'",
    "f'{1.5:.999999999f}'",
    "'%999999999d' % 1",
}


def simpleeval_evaluator() -> simpleeval.EvalWithCompoundTypes:
    """simpleeval with the same names and Python's own versions of the library functions."""

    def bounded_range(*bounds: int) -> range:
        numbers = range(*bounds)
        if len(numbers) > simpleeval.MAX_COMPREHENSION_LENGTH:
            raise simpleeval.IterableTooLong("range too long")
        return numbers

    functions = {
        "len": len,
        "min": min,
        "max": max,
        "sum": sum,
        "any": any,
        "all": all,
        "sorted": sorted,
        "str": str,
        "int": int,
        "zip": zip,
        "enumerate": enumerate,
        "range": bounded_range,
        "beats": beats,
        "canary": canary,
    }
    names = {**ENV, **{suit.name: suit for suit in Suit}}
    return simpleeval.EvalWithCompoundTypes(functions=functions, names=names)


def outcome(source: str) -> tuple[str, Exception | None]:
    """How our language treats ``source``: ('load', error), ('run', error) or ('ok', None)."""
    try:
        expression = compile_expr(source, names=NAMES, library=LIBRARY)
    except ExprError as error:
        return LOAD, error
    try:
        expression(ENV)
    except EvalError as error:
        return RUN, error
    return "ok", None


@pytest.mark.parametrize(
    ("source", "stage", "words"),
    [pytest.param(source, stage, words, id=name) for name, source, stage, words in ATTACKS],
)
def test_attack_is_stopped_with_a_clear_error(source: str, stage: str, words: str) -> None:
    CALLS.clear()
    with hang_guard():
        got, error = outcome(source)
    assert got == stage, f"expected an error at {stage}, got {got}: {error}"
    assert error is not None and words in str(error)
    assert not CALLS, "nothing of an attack may run"


def test_the_corpus_is_large_and_varied() -> None:
    assert len(ATTACKS) >= 40
    assert len({source for _, source, _, _ in ATTACKS}) == len(ATTACKS)
    assert {stage for _, _, stage, _ in ATTACKS} == {LOAD, RUN}


def test_load_errors_carry_the_place_in_the_expression() -> None:
    _, error = outcome("().__class__.__bases__[0].__subclasses__()")
    assert isinstance(error, ExprError)
    assert error.column == 4  # the first private attribute, after "()."
    assert "^^^^^^^^^" in str(error)


@pytest.mark.parametrize(
    "source",
    [
        pytest.param(source, id=name)
        for name, source, _, _ in ATTACKS
        if source not in SIMPLEEVAL_BUILDS_THESE
    ],
)
def test_we_reject_whatever_simpleeval_rejects(source: str) -> None:
    evaluator = simpleeval_evaluator()
    CALLS.clear()
    try:
        with hang_guard(2):
            evaluator.eval(source)
    except Hung:
        simpleeval_rejects = False  # it did not reject it, it hung
    except Exception:
        simpleeval_rejects = True
    else:
        simpleeval_rejects = False
    with hang_guard():
        ours, _ = outcome(source)
    if simpleeval_rejects:
        assert ours in (LOAD, RUN)


SIMPLEEVAL_REJECTS = [
    "canary(**{'a': 1})",
    "'{0.__class__}'.format(card)",
    "card.__class__",
    "9**9**9",
    "'a' * 10**9",
    "1 << 10**9",
    "[x for x in range(10**6) for y in range(10**6)]",
    "(lambda: 0)()",
    "(x := card)",
]


@pytest.mark.parametrize("source", SIMPLEEVAL_REJECTS)
def test_simpleeval_rejects_the_classics_too(source: str) -> None:
    # Guards the comparison above: it must not pass only because simpleeval never objects.
    with pytest.raises(Exception), hang_guard(2):  # noqa: B017
        simpleeval_evaluator().eval(source)


# --- YAML attacks ------------------------------------------------------------------------

BILLION_LAUGHS = "\n".join(
    [
        'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
        *(
            f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]"
            for i in range(9)
        ),
    ]
)
QUADRATIC_BLOWUP = "x: &x [" + ",".join(["1"] * 5000) + "]\ny: [" + ",".join(["*x"] * 90) + "]\n"

YAML_ATTACKS: list[tuple[str, str, int, str]] = [
    ("billion laughs", BILLION_LAUGHS, 6, "aliases copy too much"),
    ("quadratic blow-up", QUADRATIC_BLOWUP, 2, "aliases copy too much"),
    ("many aliases", "a: &a 1\nb: [" + ", ".join(["*a"] * 200) + "]\n", 2, "too many aliases"),
    ("self-referencing alias", "a: &a [1, *a]\n", 1, "refers to itself"),
    ("os.system", 'x: !!python/object/apply:os.system ["echo pwned"]\n', 1, "!!python/object"),
    ("subprocess", "x: !!python/object/apply:subprocess.check_output [[ls]]\n", 1, "tag"),
    ("python name", "x: !!python/name:os.system\n", 1, "!!python/name:os.system"),
    ("python module", "x: !!python/module:os\n", 1, "!!python/module:os"),
    ("python object new", "x: !!python/object/new:type [a, [], {}]\n", 1, "tag"),
    ("python tuple", "x: !!python/tuple [1, 2]\n", 1, "!!python/tuple"),
    ("binary", "x: !!binary aGVsbG8=\n", 1, "!!binary"),
    ("set tag", "x: !!set {a, b}\n", 1, "!!set"),
    ("omap", "x: !!omap [a: 1]\n", 1, "!!omap"),
    ("local tag", "moves: !include other.yaml\n", 1, "!include"),
    ("tagged key", "!!python/name:os.system : 1\n", 1, "tag"),
    ("merge key", "base: &b {a: 1}\nmoves:\n  <<: *b\n", 3, "merge keys"),
    ("duplicate key", "moves: 1\nzones: 2\nmoves: 3\n", 3, "duplicate key 'moves'"),
    ("deep flow nesting", "[" * 100_000, 1, "nested too deeply"),
    ("deep block nesting", "".join(f"{'  ' * i}k:\n" for i in range(100)), 65, "nested"),
    ("huge document", "x: " + "a" * (3 * 1024 * 1024), 1, "too large"),
    ("huge document lines", "- 1\n" * 600_000, 524_289, "too large"),
    (
        "second document",
        "a: 1\n---\n!!python/object/apply:os.system [ls]\n",
        2,
        "one YAML document",
    ),
    ("complex key", "? [a, b]\n: 1\n", 1, "a key must be plain text"),
    ("long number", "x: " + "9" * 5000 + "\n", 1, "too long"),
]


@pytest.mark.parametrize(
    ("text", "line", "words"),
    [pytest.param(text, line, words, id=name) for name, text, line, words in YAML_ATTACKS],
)
def test_yaml_attack_gives_a_pack_error_with_file_and_line(
    text: str, line: int, words: str
) -> None:
    with hang_guard(), pytest.raises(PackError) as caught:
        load_yaml(text, file="evil/pack.yaml")
    error = caught.value
    assert error.where is not None and error.where.file == "evil/pack.yaml"
    assert error.where.line == line
    assert words in error.message
    assert str(error).startswith(f"evil/pack.yaml:{line}")


# --- the standard library spends work units too --------------------------------------------

STDLIB = merge(SAFE_BUILTINS, stdlib.LIBRARY)

# (what it tries, source): each must stop with 'too much work' well within the hang guard.
LIBRARY_ATTACKS: list[tuple[str, str]] = [
    ("subsets of a deck", "len(subsets(deck(), 6, 6)) > 0"),
    ("subsets of every size", "subsets(tuple(range(60)), 0, 60)"),
    ("subsets from a huge least", "subsets(tuple(range(10**5)), 5 * 10**4, 10**5)"),
    ("decks in a loop", "len([deck() for a in range(990) for b in range(1000)])"),
    ("deck of many suits", "deck(suits='R' * 900000)"),
    ("cards in a loop", "[cards('AR ' * 1000) for i in range(1000)]"),
    ("scans of a built tuple", "[has_suit(t, 'R') for t in [tuple(hand) * 10**5] * 1000]"),
    ("others of a long tuple", "[others(0, t) for t in [tuple(range(10**5))] * 1000]"),
    ("most of a long tuple", "[most(t) for t in [tuple(range(10**5))] * 1000]"),
]


@pytest.mark.parametrize(
    "source", [pytest.param(source, id=name) for name, source in LIBRARY_ATTACKS]
)
def test_library_functions_charge_the_work_meter(source: str) -> None:
    expression = compile_expr(source, names=NAMES, library=STDLIB)
    with hang_guard(), pytest.raises(EvalError, match="too much work") as caught:
        expression(ENV)
    assert source in str(caught.value), "the error names the expression"


def test_library_functions_still_answer_small_questions() -> None:
    answers = {
        "len(subsets(hand, 1, 2))": 4 + 6,
        "len(deck())": 70,
        "len(deck(suits='RP', ranks='A K'))": 4,
        "len(lines_made(board, 4))": 0,
        "line_made(board, 10**18)": False,
    }
    env = {**ENV, "board": Grid(3, 3)}
    for source, answer in answers.items():
        expression = compile_expr(source, names={*NAMES, "board"}, library=STDLIB)
        with hang_guard():
            assert expression(env) == answer, source


def test_a_library_call_alone_starts_a_full_meter() -> None:
    # The meter is left nearly empty by one run; the next, calling only a library
    # function, must not inherit what is left.
    spend = compile_expr("len(range(999_990))", names=NAMES, library=STDLIB)
    build = compile_expr("len(deck())", names=NAMES, library=STDLIB)
    spend(ENV)
    assert build(ENV) == 70


# --- values stay plain: no generator objects come out of an expression --------------------

PLAIN_RESULTS: list[tuple[str, object]] = [
    ("(x for x in (1,))", (1,)),
    ("[(x for x in numbers)]", [(1, 2, 3)]),
    ("{'a': (x for x in numbers)}", {"a": (1, 2, 3)}),
    ("(x for x in numbers) if True else 0", (1, 2, 3)),
    ("0 or (x for x in numbers)", (1, 2, 3)),
    ("max((x for x in numbers), (y for y in (1,)), key=len)", (1, 2, 3)),
    ("min((x for x in numbers), default=(y for y in ()))", 1),
    ("min((x for x in ()), default=(y for y in numbers))", (1, 2, 3)),
    ("f'{(x for x in numbers)}'", "(1, 2, 3)"),
    ("any(x > 2 for x in numbers)", True),
]


@pytest.mark.parametrize(("source", "value"), PLAIN_RESULTS)
def test_generator_expressions_give_plain_tuples(source: str, value: object) -> None:
    expression = compile_expr(source, names=NAMES, library=STDLIB)
    assert expression(ENV) == value


def test_a_generator_made_text_is_refused() -> None:
    expression = compile_expr("str(x for x in numbers)", names=NAMES, library=STDLIB)
    with pytest.raises(EvalError, match="str\\(\\) of a generator"):
        expression(ENV)


def test_a_lazy_generator_still_stops_early() -> None:
    # any() stops at the first true item: the rest of a huge generator is never charged.
    expression = compile_expr(
        "any(x >= 0 for x in range(10**5) for y in range(10**5))", names=NAMES, library=STDLIB
    )
    with hang_guard():
        assert expression(ENV) is True


# Values built from shared structure: cheap to build by their outer length, but
# walking them (showing, comparing, hashing, sorting) goes through every part each
# time it is held. Each is charged by its weight, so it stops at once.
SHARED_STRUCTURE = [
    ("shown", "str([[[0] * 1000] * 1000] * 1000)"),
    ("shown by length", "len(str([[0] * 1000] * 1000))"),
    ("in an f-string", "f'{[[[0] * 100] * 100] * 1000}'"),
    ("joined", "join(['x' * 990000] * 1000, '')"),
    ("compared", "[[[0] * 1000] * 1000] * 1000 == [[[0] * 1000] * 1000] * 1000"),
    ("ordered", "[[[0] * 999] * 999] < [[[0] * 999] * 999]"),
    ("counted", "count([[[0] * 1000] * 1000] * 1000, [[0] * 1000] * 1000)"),
    ("largest", "max([[[0] * 1000] * 1000] * 1000)"),
    ("sorted", "sorted([[[0] * 1000] * 1000] * 1000)"),
    ("hashed", "len({tuple([tuple([0] * 1000)] * 1000) for i in range(1000)})"),
    ("made a set", "len(set([tuple([tuple([0] * 1000)] * 1000)] * 1000))"),
    ("held by a comprehension", "len(str([x for x in [[0] * 1000] for i in range(1000)]))"),
    ("held by a display", "len(str([[[0] * 1000] * 999, [[0] * 1000] * 999]))"),
    ("probed with in", "[[0] * 1000] * 1000 in [[[0] * 1000] * 1000] * 1000"),
]


@pytest.mark.parametrize(
    "source", [pytest.param(source, id=name) for name, source in SHARED_STRUCTURE]
)
def test_values_of_shared_structure_are_charged_by_what_they_hold(source: str) -> None:
    with hang_guard():
        got, error = outcome(source)
    assert got == RUN, f"expected a run-time error, got {got}"
    assert "too much work" in str(error)


@pytest.mark.parametrize(
    ("source", "value"),
    [
        ("str([[0] * 3] * 2)", "[[0, 0, 0], [0, 0, 0]]"),
        ("len(set([(1, 2)] * 500))", 1),
        ("sorted([[2, 1], [1, 2]])", [[1, 2], [2, 1]]),
        ("count([[0] * 3] * 4, [0, 0, 0])", 4),
        ("len(str([[0] * 300] * 300))", 270_600),
    ],
)
def test_modest_values_of_shared_structure_still_work(source: str, value: object) -> None:
    assert compile_expr(source, names=NAMES, library=LIBRARY)(ENV) == value


@pytest.mark.parametrize("source", ["str(str)", "f'{len}'", "f'{max!r}'", "join([sorted, max])"])
def test_a_function_is_never_shown_with_its_memory_address(source: str) -> None:
    got, error = outcome(source)
    assert got == RUN and "function" in str(error) and "0x" not in str(error)


@pytest.mark.parametrize(
    "source",
    [
        "str([str])",
        "str((1, [max]))",
        "str({'a': len})",
        "str({len: 1})",
        "f'{[sorted]}'",
        "f'{([min],)!r}'",
        "join([[str]])",
        "str([[str]] * 3)",
    ],
)
def test_a_function_inside_a_value_is_never_shown_with_its_memory_address(source: str) -> None:
    got, error = outcome(source)
    assert got == RUN and "a function has no text to show" in str(error)
    assert "0x" not in str(error)
