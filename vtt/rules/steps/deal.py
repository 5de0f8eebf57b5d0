"""``deal: {from: ZONE, to: HANDS, count: N | all | even, start: SEAT}``: one card at a
time round the table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import PackError
from vtt.rules.expr import Expr
from vtt.rules.model import Step, ZoneRef
from vtt.rules.steps.registry import EXPR, ZONE, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Deal"]


@dataclass(frozen=True, slots=True)
class Deal(Step):
    """Deal ``each`` cards (None: all) to every player's ``family`` zone from
    ``source``, starting with seat ``start``; ``even`` leaves a short last round undealt."""

    source: ZoneRef
    family: str
    each: Expr | None
    start: Expr | None
    even: bool

    def run(self, state: State) -> None:
        env = state.env
        src = self.source.stack(env)
        hands = env[self.family]
        seats: tuple[int, ...] = env["players"]
        first = self.start.place_among(env, seats) if self.start is not None else 0
        order = seats[first:] + seats[:first]
        rounds = len(src) if self.each is None else self.each.whole(env)
        if not order or rounds <= 0:
            return
        available = len(src) - (len(src) % len(order) if self.even else 0)
        dealt = min(rounds * len(order), available)
        # One card at a time from the top: the n-th card drawn goes to order[n % players].
        drawn = src[len(src) - dealt :][::-1]
        del src[len(src) - dealt :]
        for place, seat in enumerate(order):
            hands[seat].extend(drawn[place :: len(order)])


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    source = parser.zone_ref(raw["from"], names, (*path, "from"))
    parser.complete(source, (*path, "from"))
    family = parser.zone_ref(raw["to"], names, (*path, "to"))
    if not family.zone.per_player or family.indexes or family.zone.depth != 1:
        raise PackError("deal: 'to' must be a per-player zone name", parser.where((*path, "to")))
    count = raw["count"]
    each = None if count in ("all", "even") else parser.expr(count, names, (*path, "count"))
    start = parser.expr(raw["start"], names, (*path, "start")) if "start" in raw else None
    return Deal(source, family.zone.name, each, start, even=count == "even")


register(
    StepKind(
        "deal",
        "deal cards one at a time round the table: a number each, all, or an even share",
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "from": ZONE,
                "to": {"type": "string", "description": "a per-player zone name"},
                "count": EXPR,
                "start": EXPR,
            },
            "required": ["from", "to", "count"],
        },
        _parse,
    )
)
