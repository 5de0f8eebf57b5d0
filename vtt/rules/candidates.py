"""An argument's candidates, in one place: the values a move's argument may take.

The legal-move search (``vtt.rules.generate``) writes its loops from ``origin`` and
``former``, and the reasons (``vtt.rules.explain``) and moves built on the table
(``vtt.rules.build``) ask ``candidates``: the one definition, read by both. (When
argument types become a registry, these are what each type carries.)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from vtt.janken import Suit
from vtt.rules.argtypes import ARG_TYPES, card_sets
from vtt.rules.model import ArgDef, Env

__all__ = ["SUITS", "Origin", "candidates", "former", "origin"]

#: Every suit, the candidates of a ``suit`` argument without ``from``.
SUITS = tuple(Suit)

#: Where the candidates come from: the cells of the argument's grid, every suit, every
#: seat still playing, or the values of its ``from`` (made distinct by ``former``).
Origin = Literal["grid", "suits", "players", "from"]


def origin(arg: ArgDef) -> Origin:
    """Where ``arg``'s candidates come from."""
    if arg.grid is not None:
        return "grid"
    if arg.domain is None:
        return "suits" if ARG_TYPES[arg.type].default == "suits" else "players"
    return "from"


def former(arg: ArgDef) -> Callable[..., Any]:
    """The helper that makes the values of ``arg``'s ``from`` its distinct candidates:
    ``card_sets(values, low, high)`` for a set of cards, else ``helper(values)``."""
    return ARG_TYPES[arg.type].candidates


def candidates(arg: ArgDef, env: Env) -> Sequence[Any]:
    """The values ``arg`` may take in this environment."""
    source = origin(arg)
    if source == "grid":
        assert arg.grid is not None
        cells: Sequence[Any] = arg.grid.stack(env)
        return cells
    if source == "suits":
        return SUITS
    if source == "players":
        seats: Sequence[Any] = env["players"]
        return seats
    assert arg.domain is not None
    helper = former(arg)
    values = arg.domain(env)
    found: Sequence[Any] = (
        helper(values, arg.low, arg.high) if helper is card_sets else helper(values)
    )
    return found
