"""Vars a pack writes on the table (``on_table: true``): a line of text on the felt.

Dueling Wizards' last hand ("Round 2, hand 1: Ann's Twin Attack: 20 damage to Ben")
is read on the table, above the viewer's places, until the next hand replaces it.
The table keeps one line of room for each such var, written or not, so the places
do not move when a line comes and goes; the side panel does not list them again.
"""

from __future__ import annotations

from vtt.rules.game import Game

__all__ = ["table_line_count"]


def table_line_count(game: Game) -> int:
    """How many lines of room the table keeps for the pack's ``on_table`` vars."""
    return sum(1 for var in game.vars.values() if var.on_table)
