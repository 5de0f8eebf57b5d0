"""``keep_turn`` and ``reverse``: steps written as a bare word, about the turn order."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.model import Step
from vtt.rules.stepgen import SCAFFOLD, code
from vtt.rules.steps.registry import StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["KeepTurn", "Reverse"]


@dataclass(frozen=True, slots=True)
class KeepTurn(Step):
    """The player who moved moves again."""

    changes_game: ClassVar[bool] = False

    def assigned(self) -> frozenset[str] | None:
        return frozenset()

    def names_changed(self) -> frozenset[str] | None:
        return frozenset()

    def run(self, state: State) -> None:
        state.turn_decided = True

    def write(self, writer: Writer) -> list[ast.stmt]:
        return code("_state.turn_decided = True", SCAFFOLD)


@dataclass(frozen=True, slots=True)
class Reverse(Step):
    """The turn order changes direction."""

    def assigned(self) -> frozenset[str] | None:
        return frozenset({"direction"})

    def names_changed(self) -> frozenset[str] | None:
        return frozenset({"direction"})

    def run(self, state: State) -> None:
        env = state.env
        env["direction"] = -env["direction"]

    def write(self, writer: Writer) -> list[ast.stmt]:
        writer.valid.discard("direction")
        return code("_env['direction'] = -_env['direction']", SCAFFOLD)


_KEEP_TURN, _REVERSE = KeepTurn(), Reverse()


def _keep_turn(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    return _KEEP_TURN


def _reverse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    return _REVERSE


register(StepKind("keep_turn", "the player who moved moves again", None, _keep_turn))
register(StepKind("reverse", "the turn order changes direction", None, _reverse))
