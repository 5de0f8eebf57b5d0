"""``draw_until: {from: ZONE, to: ZONE, until: TEST, max: N}``: draw one at a time
until a test holds."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import RuleError
from vtt.rules.expr import Expr, meter_of, spend
from vtt.rules.model import Step, ZoneRef
from vtt.rules.stepgen import MAX_TURN_WORK, STEP_WORK
from vtt.rules.steps.registry import EXPR, ZONE, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["DrawUntil"]


@dataclass(frozen=True, slots=True)
class DrawUntil(Step):
    """Move the top of ``source`` onto ``dest`` until ``until`` holds, at most ``most``;
    each draw is charged like a round of a ``for``, and ``where`` names the step when
    the turn's work runs out."""

    source: ZoneRef
    dest: ZoneRef
    until: Expr
    most: Expr | None
    where: str

    def run(self, state: State) -> None:
        env = state.env
        src, into = self.source.stack(env), self.dest.stack(env)
        holds = self.until.fast
        most = self.most
        left = len(src) if most is None else min(len(src), most.whole(env))
        meter = meter_of(env)
        while left > 0 and not holds(env):
            into.append(src.pop())
            left -= 1
            # Each test runs with a full meter of its own: the turn's budget bounds them all.
            if spend(meter, STEP_WORK) > MAX_TURN_WORK:
                raise RuleError(
                    f"{self.where}: too much work in one turn: this 'draw_until' and the "
                    f"steps and expressions before it did more than {MAX_TURN_WORK:,} units "
                    "of work"
                )


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    source = parser.zone_ref(raw["from"], names, (*path, "from"))
    dest = parser.zone_ref(raw["to"], names, (*path, "to"))
    until = parser.expr(raw["until"], names, (*path, "until"))
    most = parser.expr(raw["max"], names, (*path, "max")) if "max" in raw else None
    return DrawUntil(source, dest, until, most, str(parser.where(path)))


register(
    StepKind(
        "draw_until",
        "draw one component at a time until a test holds (at most `max`)",
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {"from": ZONE, "to": ZONE, "until": EXPR, "max": EXPR},
            "required": ["from", "to", "until"],
        },
        _parse,
    )
)
