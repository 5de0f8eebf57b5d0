"""``write_sheet``: a row on the score sheet, the columns the pack's ``sheet:`` declares."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from vtt.rules.errors import PackError
from vtt.rules.model import Step
from vtt.rules.sheet import SHEET
from vtt.rules.steps.registry import StepKind, register

if TYPE_CHECKING:
    from vtt.rules.engine import State
    from vtt.rules.steps.parser import Path, StepParser

__all__ = ["WriteSheet"]


@dataclass(frozen=True, slots=True)
class WriteSheet(Step):
    """Add a row to the score sheet, every column worked out from the game now."""

    def assigned(self) -> frozenset[str] | None:
        return frozenset({SHEET})

    def run(self, state: State) -> None:
        sheet = state.game.sheet
        assert sheet is not None  # the loader refuses write_sheet without a sheet
        env = state.env
        env[SHEET] = (*env[SHEET], sheet.entry(env))


_WRITE_SHEET = WriteSheet()


def _parse(parser: StepParser, raw: Any, names: frozenset[str], path: Path) -> Step:
    var = parser.vars.get(SHEET)
    if var is None or var.shows != SHEET:
        raise PackError(
            "write_sheet writes a row on the score sheet: the pack needs a 'sheet:' "
            "saying what it records",
            parser.where(path),
        )
    return _WRITE_SHEET


register(
    StepKind(
        "write_sheet",
        "add a row to the score sheet (`sheet:`): each column's value as the game stands",
        None,
        _parse,
    )
)
