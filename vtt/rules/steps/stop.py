"""``stop``: the rest of the step list under way is skipped; the turn goes on."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.model import Step, StopSteps
from vtt.rules.stepgen import SCAFFOLD, code
from vtt.rules.steps.registry import StepKind, register

if TYPE_CHECKING:
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Stop"]


@dataclass(frozen=True, slots=True)
class Stop(Step):
    """End the list of steps this one belongs to (a move's effects, a phase's enter...)."""

    changes_game: ClassVar[bool] = False
    stops: ClassVar[bool] = True

    def assigned(self) -> frozenset[str] | None:
        return frozenset()

    def run(self, state: Any) -> None:
        raise StopSteps

    def write(self, writer: Writer) -> list[ast.stmt]:
        writer.use("_Stop", StopSteps)
        return code("raise _Stop", SCAFFOLD)


_STOP = Stop()


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    return _STOP


register(
    StepKind(
        "stop",
        "skip the rest of this list of steps (the move's effects, the phase's enter...), "
        "from inside an `if` or a `for` too; the turn goes on as usual",
        None,
        _parse,
    )
)
