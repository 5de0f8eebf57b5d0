"""The kinds of effect step are one registry: the loader, the schema and the docs read it,
and a new kind is one module."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.rules.test_stepgen import _applied, _differences, _twins
from vtt.rules import schema
from vtt.rules.engine import State
from vtt.rules.errors import PackError
from vtt.rules.expr import Expr
from vtt.rules.loader import load_pack_text
from vtt.rules.model import Step
from vtt.rules.schema import pack_schema
from vtt.rules.steps import KINDS, StepKind
from vtt.rules.steps.registry import EXPR, register

REFERENCE = Path(__file__).parents[2] / "docs" / "rule-packs.md"


def _documented() -> set[str]:
    """The step keys the language reference's table of effect steps names."""
    text = REFERENCE.read_text("utf-8")
    table = text[text.index("## Effect steps") : text.index("## Standard library")]
    rows = [line.split("|")[1] for line in table.splitlines() if line.startswith("| `")]
    return {key for row in rows for key in re.findall(r"`(\w+)", row)}


def test_the_reference_lists_every_kind_of_step_and_no_other() -> None:
    documented = _documented() - {"then", "elif", "else"}
    assert documented == set(KINDS)


def test_every_kind_says_what_it_does_and_the_schema_has_it() -> None:
    step = pack_schema()["$defs"]["step"]
    words = set(step["anyOf"][0]["enum"])
    keys = set(step["anyOf"][1]["properties"])
    for kind in KINDS.values():
        assert kind.doc and kind.doc[0].islower(), kind.key
        assert kind.key in (words if kind.bare else keys)


@dataclass(frozen=True, slots=True)
class Double(Step):
    """A kind the engine does not have: double a var."""

    var: str
    times: Expr

    def run(self, state: State) -> None:
        state.env[self.var] *= 2 ** int(self.times.fast(state.env))  # type: ignore[call-overload]

    def assigned(self) -> frozenset[str] | None:
        return frozenset({self.var})


def _double(parser: Any, raw: Any, names: frozenset[str], path: Any) -> Step:
    return Double(raw["var"], parser.expr(raw["times"], names, (*path, "times")))


@pytest.fixture
def double_kind() -> Iterator[StepKind]:
    kind = StepKind(
        "double",
        "double a var, `times` times",
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {"var": {"type": "string"}, "times": EXPR},
            "required": ["var", "times"],
        },
        _double,
    )
    register(kind)
    schema._validator.cache_clear()
    yield kind
    del KINDS["double"]
    schema._validator.cache_clear()


PACK = textwrap.dedent("""\
    format: 1
    id: doubling
    name: Doubling
    players: {min: 2, max: 2}
    components: {}
    zones: {}
    vars:
      total: {initial: 1}
    flow:
      start: go
      phases:
        go: {moves: [grow]}
    moves:
      grow:
        text: grow
        effects:
          - double: {var: total, times: "1 + 1"}
          - set: {total: "total + 1"}
    end:
      - check: "total > 40"
        winners: "[me]"
        reason: "{total} is plenty"
    """)


def test_a_new_kind_of_step_is_one_module(double_kind: StepKind) -> None:
    game = load_pack_text(PACK, "doubling.yaml")
    state = game.new_state()
    state.apply("grow")
    state.apply("grow")
    assert state.var("total") == 21  # (1 * 4 + 1) * 4 + 1
    state.apply("grow")
    assert state.outcome is not None and state.outcome.reason == "85 is plenty"
    assert "double" in pack_schema()["$defs"]["step"]["anyOf"][1]["properties"]
    # The generated code calls the new kind's run, then reads what it changed afresh.
    play = next(iter(state._rules.play.values()))
    assert ".run(_state)" in play.source


def test_without_the_module_the_step_is_unknown() -> None:
    with pytest.raises(PackError, match="'double' is not a kind of step"):
        load_pack_text(PACK, "doubling.yaml")


# --- every kind's generated code against its reference run -----------------------------

#: A pack to try a kind of step in: its one move ``go`` runs EFFECTS. Every zone is seen
#: by everyone, so ``take_back`` may be tried too.
TRIAL = """\
format: 1
id: trial
name: Trial
players: {min: 2, max: 3}
components:
  deck: {cards: "cards('AR AP AS 2R 2P 2S 3R 3P 3S 4W 5L 6L')", start: pool}
zones:
  pool: {visibility: everyone}
  hand: {per: player, visibility: everyone}
  table: {visibility: everyone}
vars:
  x: 0
  score: {per: player, initial: 0}
scores: "[value * 10 + x for value in score]"
flow:
  start: play
  phases:
    play: {turn: single, moves: [go]}
    other: {turn: single, moves: [go]}
moves:
  go:
    text: go
    effects:
EFFECTS
      - add: {x: 1}
sheet:
  row:
    - {label: x, value: x}
  seat:
    - {label: score, value: "score[seat]"}
"""

#: For every kind of step, effects that use it (the first step of the kind's own module
#: is the one tried), with values that change from move to move.
EXAMPLES: dict[str, str] = {
    "set": '- set: {x: "x + len(pool)", "score[me]": "x % 4"}',
    "add": '- add: {x: "len(hand[me])", "score[me]": 2}',
    "if": """\
        - if: "x % 3 == 0"
          then: [{add: {"score[me]": 1}}]
          elif: [{if: "x % 3 == 1", then: [{set: {x: "x * 2"}}]}]
          else: [{add: {x: 5}}]""",
    "deal": '- deal: {from: pool, to: hand, count: 1, start: "(x + 1) % len(players)"}',
    "draw_until": """\
        - draw_until: {from: pool, to: "hand[me]", until: "len(hand[me]) % 3 == 2", max: 4}""",
    "end_game": """\
        - add: {"score[me]": "x % 2"}
        - if: "x >= 4"
          then: [{end_game: {winners: "most(score)", reason: "x is {x}"}}]""",
    "keep_turn": """\
        - if: "x % 2 == 0"
          then: [keep_turn]""",
    "reverse": """\
        - if: "x % 3 == 0"
          then: [reverse]""",
    "gather": """\
        - move: {from: pool, count: 2, to: "hand[me]"}
        - if: "x == 3"
          then: [{gather: pool}]""",
    "let": '- let: {a: "x * 2", b: "a + len(pool)"}\n- set: {"score[me]": b}',
    "log": '- log: "{seat_names[me]} goes with {len(hand[me])} cards and x {x}"',
    "for": """\
        - for:
            each: p
            in: players
            do:
              - add: {"score[p]": "p + x"}
              - if: "p == 1"
                then: [{add: {x: 1}}]""",
    "move": """\
        - move: {from: pool, count: 1, to: "hand[me]"}
        - move: {what: "hand[me][0]", from: "hand[me]", to: table}
        - if: "x % 2 == 1"
          then: [{move: {what: "table[-1]", from: table, to: pool, at: bottom}}]""",
    "phase": """\
        - phase: other
        - if: "x % 2 == 1"
          then: [{phase: "'play' if phase == 'other' else 'other'"}]""",
    "refill": '- refill: {from: pool, to: "hand[me]", size: "x % 3 + 1"}',
    "reveal": """\
        - if: "x % 2 == 0"
          then: [{reveal: "hand[me]"}]
          else: [{hide: "hand[(me + 1) % len(players)]"}]""",
    "hide": """\
        - reveal: table
        - if: "x % 2 == 1"
          then: [{hide: table}]""",
    "write_sheet": "- write_sheet",
    "shuffle": """\
        - shuffle: pool
        - move: {from: pool, count: 1, to: "hand[me]"}""",
    "stop": """\
        - if: "x % 2 == 1"
          then: [stop]
        - add: {"score[me]": 3}""",
    "take_back": """\
        - if: "x % 3 == 2"
          then: [take_back]
          else: [{move: {from: pool, count: 1, to: table}}, keep_turn]""",
    "skip": '- skip: "x % 2"',
    "give_turn": '- give_turn: "(me + x) % len(players)"',
    "eliminate": """\
        - if: "x == 2"
          then: [{eliminate: "(me + 1) % len(players)"}]""",
}


def _trial(key: str) -> str:
    steps = textwrap.indent(textwrap.dedent(EXAMPLES[key]).strip("\n"), " " * 6)
    return TRIAL.replace("EFFECTS", steps)


def _first_of_module(steps: tuple[Step, ...], module: str) -> type[Step] | None:
    for step in steps:
        if type(step).__module__ == module:
            return type(step)
        found = _first_of_module(step.inner(), module)
        if found is not None:
            return found
    return None


def test_every_kind_of_step_has_an_example_played_both_ways() -> None:
    assert set(EXAMPLES) == set(KINDS)


@pytest.mark.parametrize("key", list(EXAMPLES))
def test_the_generated_code_of_each_kind_does_what_its_run_does(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled, plain = _twins(lambda: load_pack_text(_trial(key), "trial.yaml"))
    module = KINDS[key].parse.__module__
    kind = _first_of_module(plain.steps.effects["go"], module)
    assert kind is not None, f"the example of {key} has no step of {module}"
    ran: list[State] = []
    reference = kind.run

    def run(step: Step, state: State) -> None:
        ran.append(state)
        reference(step, state)

    monkeypatch.setattr(kind, "run", run)
    for players in (2, 3):
        states = [game.new_state(players=players, seed=players) for game in (compiled, plain)]
        where = f"{key}, {players} players"
        for moves in range(1, 9):
            results = [_applied(state, 0) for state in states]
            assert results[0] == results[1], f"{where}, move {moves}"
            assert _differences(*states) == [], f"{where}, move {moves}"
            if states[0].outcome is not None:
                break
        assert any(state is states[1] for state in ran), f"{where}: {kind.__name__} never ran"
