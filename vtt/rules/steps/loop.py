"""``for: {each: NAME, in: VALUES, do: [...]}``: steps run once for each value."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr import METER_KEY, Expr, spend
from vtt.rules.model import Step
from vtt.rules.stepgen import (
    MAX_TURN_WORK,
    SCAFFOLD,
    STEP_WORK,
    assigned,
    code,
    env_key,
    too_much_work,
)
from vtt.rules.steps.branch import specialise
from vtt.rules.steps.registry import EXPR, NAME, STEPS, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["For"]


@dataclass(frozen=True, slots=True)
class For(Step):
    """Bind ``each`` to every value in turn and run ``body``; each round is charged
    ``cost`` work units, and ``where`` names the step in the error when work runs out."""

    each: str
    values: Expr
    body: tuple[Step, ...]
    cost: int
    where: str

    def assigned(self) -> frozenset[str] | None:
        inner = assigned(self.body)
        return None if inner is None else frozenset({*inner, self.each})

    def specialise(self, decide: Callable[[Expr], bool]) -> tuple[Step, ...]:
        body = specialise(self.body, decide)
        return (For(self.each, self.values, body, self.cost, self.where),)

    def run(self, state: State) -> None:
        env = state.env
        values: Any = self.values.fast(env)
        for value in tuple(values):
            env[self.each] = value
            for step in self.body:
                step.run(state)
            if spend(env[METER_KEY], self.cost) > MAX_TURN_WORK:
                raise too_much_work(self.where)

    def write(self, writer: Writer) -> list[ast.stmt]:
        before, values, line = writer.expr(self.values)
        kills = assigned(self.body)
        start = set(writer.valid)
        writer.valid = set() if kills is None else start - kills
        body = code("_env[K] = N", line, N=self.each, K=env_key(self.each))
        body += writer.forget()  # values built from the last round's name are stale
        writer.valid.add(self.each)
        body += writer.steps(self.body)
        body += code(
            "if _spend(_meter, C) > _MAX_TURN_WORK:\n    raise _too_much(W)",
            SCAFFOLD,
            C=ast.Constant(self.cost),
            W=ast.Constant(self.where),
        )
        writer.valid = set() if kills is None else start - kills - {self.each}
        loop = code("for N in _snapshot(V):\n    pass", line, N=self.each, V=values)[0]
        assert isinstance(loop, ast.For)
        loop.body = body
        return [*before, loop]


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    each = raw["each"]
    parser.binds(each, (*path, "each"))
    values = parser.expr(raw["in"], names, (*path, "in"))
    body = parser.steps(raw["do"], names | {each}, (*path, "do"))
    # Loops are how steps multiply: each round is charged for its steps.
    cost = STEP_WORK * (len(body) + 1)
    return For(each, values, body, cost, str(parser.where(path)))


register(
    StepKind(
        "for",
        "run the steps of `do` once for each value of `in`, named `each`",
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {"each": NAME, "in": EXPR, "do": STEPS},
            "required": ["each", "in", "do"],
        },
        _parse,
    )
)
