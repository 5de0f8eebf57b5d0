"""``refill: {from: ZONE, to: ZONE, size: N}``: draw until a stack holds ``size``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr import Expr
from vtt.rules.model import Step, ZoneRef
from vtt.rules.steps.registry import EXPR, ZONE, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Refill"]


@dataclass(frozen=True, slots=True)
class Refill(Step):
    """Move the top of ``source`` onto ``dest`` until it holds ``size`` or runs out."""

    source: ZoneRef
    dest: ZoneRef
    size: Expr

    def run(self, state: State) -> None:
        env = state.env
        src, into, wanted = self.source.get(env), self.dest.get(env), self.size.fast(env)
        while src and len(into) < wanted:  # type: ignore[operator]
            into.append(src.pop())


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    source = parser.zone_ref(raw["from"], names, (*path, "from"))
    dest = parser.zone_ref(raw["to"], names, (*path, "to"))
    return Refill(source, dest, parser.expr(raw["size"], names, (*path, "size")))


register(
    StepKind(
        "refill",
        "draw from one zone into another until it holds `size` components",
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {"from": ZONE, "to": ZONE, "size": EXPR},
            "required": ["from", "to", "size"],
        },
        _parse,
    )
)
