"""``take_back``: the moves of the turn under way are undone, and the same player goes on.

A turn of several moves (``keep_turn``) may reach a place where it cannot end (Janken
Go's ko: the turn would repeat the position), with every move used up. A move whose
effect is ``take_back`` (``take back``) puts the zones, the vars, whose turn it is and
what is revealed back as they were before the turn's first move, so the player is
never stranded. The engine keeps that position (``State.turn_start``) only in packs
with this step; the turn is the moves one seat made one after another in one phase.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.errors import RuleError
from vtt.rules.expr.revealing import REVEALED_ZONES
from vtt.rules.model import Step
from vtt.rules.steps.registry import StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["TakeBack"]


@dataclass(frozen=True, slots=True)
class TakeBack(Step):
    """Undo the turn under way: the position before its first move, the same seat to move."""

    takes_back: ClassVar[bool] = True

    def assigned(self) -> frozenset[str] | None:
        return None  # any zone or var may be put back

    def run(self, state: State) -> None:
        start = state.turn_start
        if start is None:
            raise RuleError(
                f"{state.game.path or state.game.id}: take_back: no move of this turn to take back"
            )
        env, before = state.env, start.copy().env
        for name in (*state.game.zones, *state.game.vars, "current", "direction", "players"):
            env[name] = before[name]
        state.revealed = env[REVEALED_ZONES] = start.revealed
        state.turn_decided = True  # the same player goes on with the turn


_TAKE_BACK = TakeBack()


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    return _TAKE_BACK


register(
    StepKind(
        "take_back",
        "undo the moves of the turn under way (the zones, vars, whose turn and what is "
        "revealed as before its first move); the same player goes on",
        None,
        _parse,
    )
)
