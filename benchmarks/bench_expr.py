"""Rule expressions: our compiled expressions against simpleeval on the same rules and inputs.

simpleeval is given its fastest fair path: ``EvalWithCompoundTypes`` (needed for
comprehensions), each expression parsed once and passed as ``previously_parsed``,
names swapped in per run, and Python's own built-ins as its functions (ours go
through bounded wrappers, so ours pays for its safety in this comparison).
"""

from __future__ import annotations

import functools
import statistics
import time
from collections.abc import Callable, Iterable

import simpleeval  # type: ignore[import-untyped]

from benchmarks import Result
from vtt.janken import Card, Suit, beats
from vtt.rules.expr import SAFE_BUILTINS, Library, compile_expr, merge

GROUP = "Rule expressions"

RULES = [
    "beats(card.suit, top.suit) or card.rank == top.rank",
    "len(hand) > 0 and not any(c.suit == lead for c in hand)",
    "sum(c.rank for c in hand if not c.is_joker)",
    "score + bonus * 2 - penalty",
    "card in hand and card.rank >= 10",
    "max(c.rank for c in hand) > top.rank",
    "count(c.suit == lead for c in hand) >= 2",
    "[c for c in hand if beats(c.suit, top.suit)]",
    "scores[player] >= target or round_number > 10",
    "card.is_joker or card.suit == lead or not any(c.suit == lead for c in hand)",
    "f'{card} beats {top}'",
]

ENV: dict[str, object] = {
    "hand": tuple(Card.parse(text) for text in ("QL", "10W", "AR", "3S", "JkP", "7R", "KS")),
    "card": Card.parse("QL"),
    "top": Card.parse("5P"),
    "lead": Suit.ROCK,
    "score": 12,
    "bonus": 3,
    "penalty": 1,
    "scores": {"north": 4, "south": 6},
    "player": "north",
    "target": 5,
    "round_number": 3,
}

LIBRARY = merge(
    SAFE_BUILTINS,
    Library(
        functions={"beats": beats},
        constants={suit.name: suit for suit in Suit},
        attributes=frozenset({"suit", "rank", "is_joker"}),
    ),
)


def _count(values: Iterable[object]) -> int:
    return sum(1 for value in values if value)


def _per_run_us(action: Callable[[], object], runs: int = 2000, rounds: int = 5) -> float:
    """Best-of-rounds mean time of one call, in microseconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(runs):
            action()
        best = min(best, (time.perf_counter() - start) / runs)
    return best * 1e6


def _simpleeval_runner(source: str) -> Callable[[], object]:
    evaluator = simpleeval.EvalWithCompoundTypes(
        functions={
            "beats": beats,
            "len": len,
            "any": any,
            "sum": sum,
            "max": max,
            "count": _count,
        },
        names={**ENV, **{suit.name: suit for suit in Suit}},
    )
    parsed = evaluator.parse(source)
    return lambda: evaluator.eval(source, previously_parsed=parsed)


def run() -> list[Result]:
    """Time every rule both ways and report the speed-up."""
    ours: list[float] = []
    theirs: list[float] = []
    for source in RULES:
        expression = compile_expr(source, names=ENV.keys(), library=LIBRARY)
        runner = _simpleeval_runner(source)
        assert expression(ENV) == runner(), source  # same answers, or the race is meaningless
        ours.append(_per_run_us(functools.partial(expression, ENV)))
        theirs.append(_per_run_us(runner))
    ratios = [slow / fast for fast, slow in zip(ours, theirs, strict=True)]
    overall = sum(theirs) / sum(ours)
    compile_us = statistics.median(
        _per_run_us(
            functools.partial(compile_expr, source, names=ENV.keys(), library=LIBRARY),
            runs=50,
            rounds=3,
        )
        for source in RULES
    )
    return [
        Result(
            GROUP,
            f"our expressions, mean per run ({len(RULES)} rules)",
            statistics.mean(ours),
            "µs",
        ),
        Result(GROUP, "simpleeval, parsed once, mean per run", statistics.mean(theirs), "µs"),
        Result(
            GROUP,
            "speed-up over simpleeval (total time)",
            overall,
            "x",
            "> 1x",
            overall > 1,
            "same rules, same inputs",
        ),
        Result(
            GROUP,
            "smallest speed-up on one rule",
            min(ratios),
            "x",
            "> 1x",
            min(ratios) > 1,
            RULES[ratios.index(min(ratios))],
        ),
        Result(
            GROUP,
            "compile one rule (parse, check, compile), median",
            compile_us,
            "µs",
            note="once per pack load",
        ),
    ]
