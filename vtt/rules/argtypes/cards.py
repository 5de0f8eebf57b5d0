"""``cards``: a set of ``min`` to ``max`` cards, written ``2R 8S`` (or ``none``)."""

from __future__ import annotations

from collections.abc import Sequence
from math import comb
from typing import TYPE_CHECKING, Any

from vtt.janken import Card
from vtt.rules.argtypes.card import DECK, DECK_INDEX
from vtt.rules.argtypes.codes import Digit
from vtt.rules.argtypes.registry import ArgType, Role, register
from vtt.rules.argtypes.sets import card_sets

if TYPE_CHECKING:
    from vtt.rules.engine import Game
    from vtt.rules.model import ArgDef

__all__ = ["CARDS"]


def _read(words: str, seat_names: Sequence[str]) -> tuple[Card, ...]:
    if words.lower() == "none":
        return ()
    return tuple(sorted((Card.parse(w) for w in words.split()), key=Card.sort_key))


def _write(value: Any, seat_names: Sequence[str]) -> str:
    return " ".join(str(card) for card in value) if value else "none"


def _digit(game: Game, arg: ArgDef) -> Digit:
    """A set of ``low`` to ``high`` cards: sets of each size in turn, each size ranked in
    the combinatorial number system over the 70-card deck."""
    low = arg.low
    total = len(DECK)
    high = min(arg.high, total)
    starts = [0]
    for size in range(low, high + 1):
        starts.append(starts[-1] + comb(total, size))

    # terms[position][index] = comb(index, position + 1): a set's rank is a sum of these.
    terms = [[comb(index, position + 1) for index in range(total)] for position in range(high)]

    def encode(cards: Any) -> int:
        indexes = sorted(map(DECK_INDEX.__getitem__, cards))
        size = len(indexes)
        if not low <= size <= high:
            raise ValueError(f"{size} cards, where {low} to {high} are chosen")
        rank = sum(map(list.__getitem__, terms, indexes))  # a search encodes many sets
        return starts[size - low] + rank

    def decode(code: int) -> tuple[Card, ...]:
        for size in range(low, high + 1):
            if code < starts[size - low + 1]:
                break
        else:
            raise ValueError(f"{code} is past the last set of {high} cards")
        rank = code - starts[size - low]
        indexes = []
        for position in range(size, 0, -1):  # the largest index whose binomial fits
            index = position - 1
            while comb(index + 1, position) <= rank:
                index += 1
            indexes.append(index)
            rank -= comb(index, position)
        return tuple(sorted((DECK[i] for i in indexes), key=Card.sort_key))

    return Digit(starts[-1], encode, decode)


CARDS = register(
    ArgType(
        "cards",
        "a set of cards, written `2R 8S` (or `none`), `min` to `max` of them",
        _read,
        Role.SET,
        _digit,
        (
            (
                "`cards` (`min`..`max` cards)",
                "sets of each size in turn from `min`, each size ranked in the combinatorial "
                "number system over those indexes",
                "the number of such sets",
            ),
        ),
        _write,
        candidates=card_sets,
        several_words=True,
        of_cards=True,
    )
)
