"""Load-time errors of rule packs, each pointing at a place in a pack file.

>>> str(PackError("expected a number", Where("war/pack.yaml", 12, 5, "options.rounds")))
'war/pack.yaml:12:5 (options.rounds): expected a number'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["PackError", "PackErrors", "RuleError", "RulesError", "Where"]


@dataclass(frozen=True)
class Where:
    """A place in a pack file: the file, 1-based line and column (0 if unknown), the key path."""

    file: str
    line: int = 0
    column: int = 0
    path: str = ""

    def __str__(self) -> str:
        place = self.file
        if self.line:
            place += f":{self.line}"
            if self.column:
                place += f":{self.column}"
        if self.path:
            place += f" ({self.path})"
        return place


class RulesError(Exception):
    """The base of every error the rules raise: a bad pack, expression, record, deal or
    move, or a pack failing while it runs. Each keeps its older base too (ValueError or
    RuntimeError), so code that caught those still does."""


class OptionsRefused(RulesError, ValueError):
    """A set of options (or a number of players) the pack's constraints refuse: no such
    game, which is not a fault of the pack."""


class PackError(RulesError, ValueError):
    """A problem found while loading a rule pack, with the place it was found."""

    def __init__(self, message: str, where: Where | None = None) -> None:
        super().__init__(message, where)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        if self.where is None:
            return self.message
        return f"{self.where}: {self.message}"


class PackErrors(PackError):
    """Several problems at once, so ``vtt validate`` can print them all.

    >>> str(PackErrors([PackError("a", Where("p.yaml", 1)), PackError("b", Where("p.yaml", 2))]))
    'p.yaml:1: a\\np.yaml:2: b'
    """

    def __init__(self, errors: Iterable[PackError]) -> None:
        self.errors: list[PackError] = []
        for error in errors:
            # Nested groups are flattened so callers see one list of problems.
            self.errors.extend(error.errors if isinstance(error, PackErrors) else [error])
        count = len(self.errors)
        first = self.errors[0].where if self.errors else None
        super().__init__(f"{count} problem{'s' if count != 1 else ''} in the pack", first)
        self.args = (self.errors,)

    def __str__(self) -> str:
        return "\n".join(str(error) for error in self.errors)


class RuleError(RulesError, RuntimeError):
    """A pack's rules did something impossible while running (a pack bug), with its place."""
