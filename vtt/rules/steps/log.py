"""``log: TEXT``: a line everyone reads in the game log, with ``{expression}`` parts."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from vtt.rules.model import Step, Template
from vtt.rules.stepgen import SCAFFOLD, code
from vtt.rules.steps.registry import StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.stepgen import Writer
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["Log"]


@dataclass(frozen=True, slots=True)
class Log(Step):
    """Add ``text`` to the log, its parts worked out now and written out when read
    (nothing at all for a state without a journal: a search's)."""

    text: Template

    changes_game: ClassVar[bool] = False

    def assigned(self) -> frozenset[str] | None:
        return frozenset()

    def names_changed(self) -> frozenset[str] | None:
        return frozenset()

    def run(self, state: State) -> None:
        state.say_later(self.text.capture(state.env))

    def write(self, writer: Writer) -> list[ast.stmt]:
        valid = set(writer.valid)
        before, parts = writer.parts(self.text, SCAFFOLD)
        writer.valid = valid  # the parts are read only when the state keeps a log
        logged = code("if _state.journal is not None:\n    _state.say_later(P)", SCAFFOLD, P=parts)
        written = logged[-1]
        assert isinstance(written, ast.If)
        written.body[:0] = before
        return logged


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    return Log(parser.template(raw, names, path))


register(
    StepKind(
        "log",
        "add a line to the game log; `{expression}` parts are filled in",
        {"type": "string", "description": "a line of text with {expression} places"},
        _parse,
    )
)
