"""``skip: N``, ``give_turn: SEAT`` and ``eliminate: SEAT``: who moves next, and who
is still playing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.expr import Expr
from vtt.rules.model import Step
from vtt.rules.shown import excerpt
from vtt.rules.steps.registry import EXPR, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Eliminate", "GiveTurn", "Skip", "seat_of"]


@dataclass(frozen=True, slots=True)
class Skip(Step):
    """The turn passes over ``count`` more seats."""

    count: Expr

    def run(self, state: State) -> None:
        state.pass_turn(1 + self.count.whole(state.env))


@dataclass(frozen=True, slots=True)
class GiveTurn(Step):
    """The given seat moves next."""

    seat: Expr

    def run(self, state: State) -> None:
        state.give_turn(seat_of(self.seat, state, "give_turn"))


@dataclass(frozen=True, slots=True)
class Eliminate(Step):
    """The given seat leaves the game."""

    seat: Expr

    def run(self, state: State) -> None:
        state.eliminate(seat_of(self.seat, state, "eliminate"))


def seat_of(expr: Expr, state: State, step: str) -> int:
    """The seat ``expr`` gives; an EvalError naming the step's expression and line when
    it is no seat (else the turn goes to nobody, and a later expression is blamed)."""
    seat = expr.fast(state.env)
    if type(seat) is int and 0 <= seat < state.players:
        return seat
    raise expr.failed(
        Exception(f"{step}: {excerpt(seat)} is not a seat: the seats are 0 to {state.players - 1}")
    )


def _reader(node: Any) -> Any:
    def parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
        made: Step = node(parser.expr(raw, names, path))
        return made

    return parse


register(StepKind("skip", "the turn passes over this many more seats", EXPR, _reader(Skip)))
register(StepKind("give_turn", "this seat moves next", EXPR, _reader(GiveTurn)))
register(StepKind("eliminate", "this seat leaves the game", EXPR, _reader(Eliminate)))
