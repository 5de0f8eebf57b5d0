"""``end_game: {winners: SEATS, reason: TEXT}``: the game ends now."""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.expr import Expr
from vtt.rules.model import EndCheck, Step, Template
from vtt.rules.stepgen import code
from vtt.rules.steps.branch import If
from vtt.rules.steps.registry import EXPR, StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["EndGame", "end_steps"]


@dataclass(frozen=True, slots=True)
class EndGame(Step):
    """End the game: ``winners`` (a seat or seats; none for a draw), and why."""

    winners: Expr
    reason: Template

    changes_game: ClassVar[bool] = False

    def assigned(self) -> frozenset[str] | None:
        return frozenset()

    def run(self, state: State) -> None:
        env = state.env
        state.finish(self.winners.fast(env), self.reason.render(env))

    def write(self, writer: Writer) -> list[ast.stmt]:
        before, winners, line = writer.expr(self.winners)
        chosen = writer.temp("w")
        before += code("T = W", line, T=chosen, W=winners)
        more, parts = writer.parts(self.reason, line)
        if writer.scores is None:
            finish = code("_state.finish(T, _render(P))", line, T=chosen, P=parts)
            return [*before, *more, *finish]
        # The scores too, here: they are often the values the check just built.
        loads, scores, at = writer.expr(writer.scores)
        kept = writer.temp("sc")
        more += [*loads, *code("T = V", at, T=kept, V=scores)]
        finish = code("_state.finish(T, _render(P), S)", line, T=chosen, P=parts, S=kept)
        return [*before, *more, *finish]


def end_steps(checks: Sequence[EndCheck]) -> tuple[Step, ...]:
    """A pack's ``end`` checks as steps: ``if CHECK: end_game`` for each, in order (the
    first that holds ends the game)."""
    return tuple(If(check.check, (EndGame(check.winners, check.reason),), ()) for check in checks)


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    winners = parser.expr(raw["winners"], names, (*path, "winners"))
    return EndGame(winners, parser.template(raw["reason"], names, (*path, "reason")))


register(
    StepKind(
        "end_game",
        "end the game now, naming the winners (none for a draw) and the reason",
        {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "winners": EXPR,
                "reason": {
                    "type": "string",
                    "markdownDescription": "why the game ended, with {expression} places",
                },
            },
            "required": ["winners", "reason"],
        },
        _parse,
    )
)
