"""``shuffle: ZONE``: every stack the zone reference names, in random order."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.model import Step, ZoneRef
from vtt.rules.steps.registry import ZONE, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Shuffle"]


@dataclass(frozen=True, slots=True)
class Shuffle(Step):
    """Shuffle each stack under ``zone`` with the game's random numbers."""

    zone: ZoneRef

    def run(self, state: State) -> None:
        shuffle = state.rng.shuffle
        for stack in self.zone.stacks(state.env):
            shuffle(stack)


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    return Shuffle(parser.zone_ref(raw, names, path))


register(StepKind("shuffle", "shuffle a zone's stacks", ZONE, _parse))
