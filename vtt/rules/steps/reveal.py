"""``reveal: ZONE`` and ``hide: ZONE``: show a stack to everyone, or hide it again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr.revealing import REVEALED_ZONES
from vtt.rules.model import ENGINE_CHANGES, Step, ZoneRef
from vtt.rules.steps.registry import ZONE, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Reveal"]


@dataclass(frozen=True, slots=True)
class Reveal(Step):
    """Everyone sees the stacks under ``zone`` (``shown``), or no longer does."""

    zone: ZoneRef
    shown: bool

    def assigned(self) -> frozenset[str]:
        return ENGINE_CHANGES | {REVEALED_ZONES}

    def run(self, state: State) -> None:
        key = self.zone.key(state.env)
        if self.shown:
            state.revealed = state.revealed | {key}
        else:
            state.revealed = state.revealed - {key}
        state.env[REVEALED_ZONES] = state.revealed  # what revealed(zone) reads


def _reader(shown: bool) -> Any:
    def parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
        return Reveal(parser.zone_ref(raw, names, path), shown)

    return parse


register(StepKind("reveal", "show a zone's faces to everyone", ZONE, _reader(True)))
register(StepKind("hide", "hide a revealed zone's faces again", ZONE, _reader(False)))
