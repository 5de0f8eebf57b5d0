"""Vars a pack writes on the table (``on_table: true``): a line of text on the felt.

Dueling Wizards' last hand ("Round 2, hand 1: Ann's Twin Attack: 20 damage to Ben")
is read on the table, above the viewer's places, until the next hand replaces it.
The table keeps one line of room for each such var, written or not, so the places
do not move when a line comes and goes; the side panel does not list them again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vtt.rules.game import Game
from vtt.rules.model import shown_now
from vtt.rules.views import UNSEEN

__all__ = ["table_line_count", "table_lines"]


def table_line_count(game: Game) -> int:
    """How many lines of room the table keeps for the pack's ``on_table`` vars."""
    return sum(1 for var in game.vars.values() if var.on_table)


def table_lines(
    game: Game, values: Mapping[str, Any], env: Any, names: Sequence[str]
) -> dict[str, str]:
    """The ``on_table`` vars to write now, by name: each one's text, in the pack's order.
    A var not shown now, not seen by the viewer or empty is left out."""
    found: dict[str, str] = {}
    for name, var in game.vars.items():
        if not var.on_table or name not in values or not shown_now(var.shown, env):
            continue
        value = values[name]
        if value is UNSEEN:
            continue
        text = var.value_text(value, names)
        if text:
            found[name] = text
    return found
