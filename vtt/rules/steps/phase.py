"""``phase: NAME``: the phase to go to once this turn's steps are done."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.errors import PackError
from vtt.rules.model import Step
from vtt.rules.stepgen import SCAFFOLD, code
from vtt.rules.steps.registry import NAME, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Phase"]


@dataclass(frozen=True, slots=True)
class Phase(Step):
    """Go to phase ``name`` next."""

    name: str

    changes_game: ClassVar[bool] = False

    def assigned(self) -> frozenset[str] | None:
        return frozenset()

    def write(self, writer: Writer) -> list[ast.stmt]:
        return code("_state.next_phase = N", SCAFFOLD, N=ast.Constant(self.name))


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    if raw not in parser.phase_names:
        raise PackError(
            f"unknown phase '{raw}'; the phases are: {', '.join(sorted(parser.phase_names))}",
            parser.where(path),
        )
    return Phase(raw)


register(StepKind("phase", "go to another phase when this turn's steps are done", NAME, _parse))
