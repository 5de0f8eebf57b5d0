"""``gather: ZONE``: every component of the game into one stack, all hidden again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr.revealing import REVEALED_ZONES
from vtt.rules.model import ENGINE_CHANGES, Env, Step, ZoneRef
from vtt.rules.steps.registry import ZONE, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Gather"]


@dataclass(frozen=True, slots=True)
class Gather(Step):
    """Put every other stack's components onto ``into``; nothing stays revealed."""

    into: ZoneRef
    every: Callable[[Env], list[list[Any]]]  # every stack of the game

    def run(self, state: State) -> None:
        into = self.into.stack(state.env)
        for stack in self.every(state.env):
            if stack is not into:
                into.extend(stack)
                stack.clear()
        state.revealed = state.env[REVEALED_ZONES] = frozenset()

    def assigned(self) -> frozenset[str]:
        return ENGINE_CHANGES | {REVEALED_ZONES}


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    target = parser.zone_ref(raw, names, path)
    parser.complete(target, path)
    return Gather(target, parser.all_stacks)


register(StepKind("gather", "gather every component of the game into one stack", ZONE, _parse))
