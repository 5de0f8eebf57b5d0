"""``skip: N``, ``give_turn: SEAT`` and ``eliminate: SEAT``: who moves next, and who
is still playing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr import Expr
from vtt.rules.model import Step
from vtt.rules.steps.registry import EXPR, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Eliminate", "GiveTurn", "Skip"]


@dataclass(frozen=True, slots=True)
class Skip(Step):
    """The turn passes over ``count`` more seats."""

    count: Expr

    def run(self, state: State) -> None:
        state.pass_turn(1 + int(self.count.fast(state.env)))  # type: ignore[call-overload]


@dataclass(frozen=True, slots=True)
class GiveTurn(Step):
    """The given seat moves next."""

    seat: Expr

    def run(self, state: State) -> None:
        state.give_turn(self.seat.fast(state.env))  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class Eliminate(Step):
    """The given seat leaves the game."""

    seat: Expr

    def run(self, state: State) -> None:
        state.eliminate(self.seat.fast(state.env))  # type: ignore[arg-type]


def _reader(node: Any) -> Any:
    def parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
        made: Step = node(parser.expr(raw, names, path))
        return made

    return parse


register(StepKind("skip", "the turn passes over this many more seats", EXPR, _reader(Skip)))
register(StepKind("give_turn", "this seat moves next", EXPR, _reader(GiveTurn)))
register(StepKind("eliminate", "this seat leaves the game", EXPR, _reader(Eliminate)))
