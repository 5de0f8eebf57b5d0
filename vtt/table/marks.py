"""Marks printed on the felt: the places of a board (its cells, a pile's spot) that the
pieces lie on. They are part of the table, not pieces: nothing moves or undoes them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Mark:
    """One place drawn on the felt: its top-left corner and size in table units, its
    name (``b2``, ``draw pile``), and whether the name sits at its foot (a board's
    cell, whose card covers the head) or at its head (a pile, a row)."""

    x: float
    y: float
    width: float
    height: float
    label: str = ""
    at_foot: bool = False

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the place."""
        return self.x + self.width / 2, self.y + self.height / 2

    def moved(self, dx: float, dy: float) -> Mark:
        """The same mark ``dx``, ``dy`` further on."""
        return Mark(self.x + dx, self.y + dy, self.width, self.height, self.label, self.at_foot)
