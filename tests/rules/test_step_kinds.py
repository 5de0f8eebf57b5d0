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
