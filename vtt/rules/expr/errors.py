"""The two ways an expression fails: ExprError when loading, EvalError when running."""

from __future__ import annotations

from typing import Final

from vtt.rules.errors import PackError, RulesError, Where


class ExprError(PackError):
    """A bad expression found at load time: syntax, a forbidden construct or an unknown name."""

    def __init__(
        self,
        reason: str,
        where: Where | None = None,
        *,
        source: str = "",
        line: int = 0,
        column: int = 0,
        end_column: int = 0,
    ) -> None:
        self.reason = reason
        self.source = source
        self.line = line  # 1-based line inside the expression, 0 if unknown
        self.column = column  # 1-based column inside the expression, 0 if unknown
        message = reason + _snippet(source, line, column, end_column)
        super().__init__(message, _shifted(where, source, line, column))


class EvalError(RulesError, RuntimeError):
    """A pack expression failed while running: a limit was exceeded or a value was wrong."""

    #: True once the message names the expression that failed.
    placed: bool = False


def _snippet(source: str, line: int, column: int, end_column: int) -> str:
    """The expression line with a caret under the faulty part, as Python shows it."""
    if not source:
        return ""
    lines = source.splitlines() or [source]
    if not 1 <= line <= len(lines):
        return f"\n  {source}" if "\n" not in source else ""
    text = lines[line - 1]
    if column < 1:
        return f"\n  {text[:_SNIPPET_WIDTH]}"
    width = max(1, min(end_column, len(text) + 1) - column) if end_column > column else 1
    # A long line is cut to a window around the fault so the message stays readable.
    start = max(0, column - 1 - _SNIPPET_WIDTH // 2)
    shown = text[start : start + _SNIPPET_WIDTH]
    width = min(width, len(shown) - (column - 1 - start) + 1)
    return f"\n  {shown}\n  {' ' * (column - 1 - start)}{'^' * max(width, 1)}"


_SNIPPET_WIDTH: Final = 72


def _shifted(where: Where | None, source: str, line: int, column: int) -> Where | None:
    """The pack-file place of an expression column, when the expression is one line."""
    if where is None or not where.line or not where.column or "\n" in source or not column:
        return where
    return Where(where.file, where.line, where.column + column - 1, where.path)
