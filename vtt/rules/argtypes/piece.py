"""``piece``: a piece by its kind, written ``R``; a component the move may move."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from vtt.rules.argtypes.codes import Digit, listed_digit
from vtt.rules.argtypes.registry import ArgType, Role, register
from vtt.rules.values import Piece

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["PIECE", "kinds"]

_KIND = operator.attrgetter("kind")


def kinds(values: Iterable[Any]) -> tuple[Any, ...]:
    """A ``piece`` argument's candidates: the distinct kinds."""
    try:
        return tuple(dict.fromkeys(map(_KIND, values)))  # pieces only: the usual case
    except AttributeError:
        return tuple(dict.fromkeys(p.kind if isinstance(p, Piece) else p for p in values))


def _notation(word: str) -> str:
    return word.upper() if len(word) == 1 else word


def _component(component: object) -> str | None:
    if isinstance(component, Piece):
        return component.kind
    if isinstance(component, str) and component:
        return _notation(component)
    return None


def _digit(game: Game, arg: ArgDef) -> Digit:
    # Every piece kind of the pack, in the order its components name them.
    found = tuple(dict.fromkeys(kind for group in game.components for kind in group.pieces))
    return listed_digit(found, "piece kinds of the pack")


PIECE = register(
    ArgType(
        "piece",
        "a piece by its kind, written `R`",
        lambda word, _: _notation(word),
        Role.COMPONENT,
        _digit,
        (
            (
                "`piece`",
                "the kind's index among the kinds the pack's `components:` name, in order",
                "their number",
            ),
        ),
        candidates=kinds,
        component=_component,
    )
)
