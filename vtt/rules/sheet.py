"""The score sheet: what a pack records at the end of each hand, kept in the state.

A pack declares its columns (``sheet:``): some written once a row (the point suit),
the others for every seat (a bid, the tricks taken, the total). A ``write_sheet``
step adds a row, worked out from the game as it stands. The rows live in the var
``sheet`` (``SHEET``), so they are copied, compared, replayed and shown like any var:
the sheet is public, every seat reads it whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vtt.rules.expr import Expr
from vtt.rules.stdlib import describe

__all__ = ["SHEET", "SheetColumn", "SheetDef", "SheetTable", "sheet_text"]

#: The var holding the rows written so far: a tuple of ``(row values, seat values)``,
#: where ``seat values`` holds, for each seat in order, its columns' values.
SHEET = "sheet"


@dataclass(frozen=True)
class SheetColumn:
    """One column: its heading and the expression giving its value."""

    label: str
    value: Expr
    shows: str = ""  # "seat": the value is a seat number, shown as that player's name

    def text(self, value: object, names: Sequence[str]) -> str:
        """A value of this column as players read it (a blank for none)."""
        if value is None or value == "":
            return ""
        if self.shows == "seat" and type(value) is int and 0 <= value < len(names):
            return names[value]
        if value is True:
            return "yes"
        if value is False:
            return ""
        return describe(value)


@dataclass(frozen=True)
class SheetTable:
    """The sheet laid out for reading: headings, and one line of texts per row."""

    label: str
    row_headings: tuple[str, ...]  # "hand", then the columns written once a row
    seat_headings: tuple[str, ...]  # the columns each seat has
    seats: tuple[str, ...]
    rows: tuple[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]], ...]

    def headings(self) -> list[str]:
        """Every column's heading, flat: a seat's columns read "Ann: bid"."""
        seat_parts = [f"{name}: {label}" for name in self.seats for label in self.seat_headings]
        return [*self.row_headings, *seat_parts]

    def mappings(self) -> list[dict[str, Any]]:
        """Every row as a mapping, as a record's ``expect: sheet:`` writes it: the
        row's columns by heading, each seat's texts in a list under its name."""
        found: list[dict[str, Any]] = []
        for shared, seats in self.rows:
            row: dict[str, Any] = dict(zip(self.row_headings, shared, strict=True))
            row.update((name, list(own)) for name, own in zip(self.seats, seats, strict=True))
            found.append(row)
        return found

    def lines(self) -> list[list[str]]:
        """Every row's texts, flat, in the order of ``headings``."""
        return [[*shared, *(t for own in seats for t in own)] for shared, seats in self.rows]


@dataclass(frozen=True)
class SheetDef:
    """The columns of a pack's score sheet."""

    row: tuple[SheetColumn, ...]
    seat: tuple[SheetColumn, ...]
    label: str = "score sheet"

    def entry(self, env: Mapping[str, Any]) -> tuple[tuple[Any, ...], tuple[tuple[Any, ...], ...]]:
        """The row the game as it stands writes: the shared values, then each seat's."""
        shared = tuple(column.value(env) for column in self.row)
        own = []
        for seat in env["seats"]:
            scope = {**env, "seat": seat}
            own.append(tuple(column.value(scope) for column in self.seat))
        return shared, tuple(own)

    def table(self, rows: Sequence[Any], names: Sequence[str]) -> SheetTable:
        """The rows written so far (the var's value) as texts to show."""
        laid: list[tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]] = []
        for number, (shared, own) in enumerate(rows, start=1):
            first = (
                str(number),
                *(c.text(v, names) for c, v in zip(self.row, shared, strict=True)),
            )
            seats = tuple(
                tuple(c.text(v, names) for c, v in zip(self.seat, values, strict=True))
                for values in own
            )
            laid.append((first, seats))
        return SheetTable(
            self.label,
            ("hand", *(c.label for c in self.row)),
            tuple(c.label for c in self.seat),
            tuple(names),
            tuple(laid),
        )


def sheet_text(table: SheetTable) -> str:
    """The sheet as plain text, one line per row under a line of headings.

    Each seat's columns sit under its name; a sheet with no row yet says so."""
    if not table.rows:
        return f"{table.label.capitalize()}: no hand recorded yet"
    shared_width = [len(h) for h in table.row_headings]
    seat_width = [len(h) for h in table.seat_headings]
    for shared, seats in table.rows:
        shared_width = [max(w, len(t)) for w, t in zip(shared_width, shared, strict=True)]
        for own in seats:
            seat_width = [max(w, len(t)) for w, t in zip(seat_width, own, strict=True)]
    block = sum(seat_width) + 2 * (len(seat_width) - 1)
    block = max([block, *(len(name) for name in table.seats)])
    seat_width[-1] += block - (sum(seat_width) + 2 * (len(seat_width) - 1))

    def cells(texts: Sequence[str], widths: Sequence[int]) -> str:
        return "  ".join(t.rjust(w) for t, w in zip(texts, widths, strict=True))

    lead = sum(shared_width) + 2 * (len(shared_width) - 1)
    names = " " * lead + "".join(" | " + name.center(block) for name in table.seats)
    heads = cells(table.row_headings, shared_width) + "".join(
        " | " + cells(table.seat_headings, seat_width) for _ in table.seats
    )
    lines = [table.label.capitalize(), names.rstrip(), heads]
    for shared, seats in table.rows:
        line = cells(shared, shared_width) + "".join(
            " | " + cells(own, seat_width) for own in seats
        )
        lines.append(line)
    return "\n".join(lines)
