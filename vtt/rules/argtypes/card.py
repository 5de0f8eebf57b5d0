"""``card``: one card, written ``QL``; a component the move may move."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vtt.janken import Card, NotationError, full_deck
from vtt.rules.argtypes.codes import Digit
from vtt.rules.argtypes.registry import ArgType, Role, register

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["CARD", "DECK", "DECK_INDEX"]

#: The 70-card deck in printed order, and each card's index in it (its action digit).
DECK: tuple[Card, ...] = tuple(full_deck())
DECK_INDEX: dict[Card, int] = {card: index for index, card in enumerate(DECK)}


def _component(component: object) -> Card | None:
    if isinstance(component, Card):
        return component
    if isinstance(component, str):
        try:
            return Card.parse(component)
        except NotationError:
            return None
    return None


def _digit(game: Game, arg: ArgDef) -> Digit:
    def encode(card: Any) -> int:
        return DECK_INDEX[card]

    return Digit(len(DECK), encode, DECK.__getitem__)


CARD = register(
    ArgType(
        "card",
        "one card, written `QL`",
        lambda word, _: Card.parse(word),
        Role.COMPONENT,
        _digit,
        (
            (
                "`card`",
                "index in the 70-card deck in printed order: suit by suit (R P S W L), "
                "Ace, 2..10, J, Q, K, then the suit's Joker",
                "70",
            ),
        ),
        component=_component,
        of_cards=True,
    )
)
