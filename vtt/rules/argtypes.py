"""The types of a move's arguments, in one registry: how each is written and read in a
move's notation, where its candidates come from, its schema name and its documentation.

The loader, the notation (``vtt.rules.moves``), the legal-move search
(``vtt.rules.generate``), the schema and the pack editor all read ``ARG_TYPES``.

>>> ARG_TYPES["cards"].read("8S 2R", ())
(Card.parse('2R'), Card.parse('8S'))
>>> ARG_TYPES["player"].write(1, ("Ann", "Ben"))
'Ben'
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, compress, repeat
from math import comb
from typing import Any

from vtt.janken import Card, NotationError, Suit, full_deck
from vtt.rules.values import Cell, Piece

__all__ = [
    "ARG_TYPES",
    "ArgType",
    "card_set_key",
    "card_sets",
    "card_sets_kept",
    "card_sets_size",
    "kinds",
    "set_cards",
    "unique",
]


def unique(values: Iterable[Any]) -> tuple[Any, ...]:
    """Distinct candidates in their first order (identical components make one move)."""
    return tuple(dict.fromkeys(values))


_KIND = operator.attrgetter("kind")


def kinds(values: Iterable[Any]) -> tuple[Any, ...]:
    """A ``piece`` argument's candidates: the distinct kinds."""
    try:
        return tuple(dict.fromkeys(map(_KIND, values)))  # pieces only: the usual case
    except AttributeError:
        return tuple(dict.fromkeys(p.kind if isinstance(p, Piece) else p for p in values))


def card_sets_size(values: Iterable[Any], low: int, high: int) -> int:
    """The cards in all of ``card_sets(values, low, high)`` together (an empty set counts
    one): what building them costs, known before they are built."""
    count = len(dict.fromkeys(values))
    return sum(comb(count, size) * max(size, 1) for size in range(low, min(high, count) + 1))


#: The most cards ``card_sets`` puts in its sets together: past it, building them would
#: take minutes and fill memory (sets of up to 60 cards of a deck number about 2**70).
MAX_CARD_SETS_SIZE = 2_000_000


def card_sets(values: Iterable[Any], low: int, high: int) -> list[tuple[Any, ...]]:
    """A ``cards`` argument's candidates: every set of ``low`` to ``high`` distinct cards."""
    distinct = sorted(dict.fromkeys(values), key=lambda c: c.sort_key())
    size = card_sets_size(distinct, low, high)
    if size > MAX_CARD_SETS_SIZE:
        raise ValueError(
            f"too many sets of {low} to {high} cards of {len(distinct)}: they would hold "
            f"{size:,} cards, more than {MAX_CARD_SETS_SIZE:,}"
        )
    return [
        combo
        for size in range(low, min(high, len(distinct)) + 1)
        for combo in combinations(distinct, size)
    ]


def set_cards(values: Iterable[Any]) -> list[Any]:
    """The distinct cards of ``values`` in the order ``card_sets`` forms its sets from."""
    distinct = dict.fromkeys(values)
    try:
        return sorted(distinct, key=_CARD_BITS.__getitem__)  # no Python call per card
    except KeyError:  # not all of the deck
        return sorted(distinct, key=lambda c: c.sort_key())


#: Each card of the deck as one bit, in the order of ``Card.sort_key``: a set of cards is
#: known by the sum of its bits, and cards sort by their bits as by their sort keys.
_CARD_BITS: dict[Card, int] = {
    card: 1 << index for index, card in enumerate(sorted(full_deck(), key=Card.sort_key))
}
_COMPARISONS: dict[str, Callable[[Any, Any], Any]] = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
}


def card_set_key(cards: Sequence[Any]) -> Any:
    """The key ``card_sets_kept`` gives the set ``cards`` (distinct, in ``set_cards``
    order): the sum of their bits, or the set itself when a card is not of the deck."""
    bits = list(map(_CARD_BITS.get, cards))
    return tuple(cards) if None in bits else sum(bits)


def card_sets_kept(
    cards: Sequence[Any],
    low: int,
    high: int,
    touching: Sequence[Iterable[Any]] = (),
    weights: Sequence[Any] | None = None,
    base: Any = 0,
    compare: str = "",
    bound: Any = None,
) -> tuple[list[tuple[Any, ...]], list[Any]]:
    """The sets of ``card_sets(cards, low, high)`` that hold a card of each of ``touching``
    and, with ``weights`` (one per card), whose ``base + sum of weights`` stands in
    ``compare`` to ``bound``; and a key for each set: the sum of its cards' bits (the
    set itself when a card is not of the deck). ``cards`` come from ``set_cards``.

    Sums, bits and tests run over whole sets at once in C (itertools), so a set costs
    a fraction of a microsecond, not a check written in Python."""
    size = card_sets_size(cards, low, high)
    if size > MAX_CARD_SETS_SIZE:
        raise ValueError(
            f"too many sets of {low} to {high} cards of {len(cards)}: they would hold "
            f"{size:,} cards, more than {MAX_CARD_SETS_SIZE:,}"
        )
    bits: list[Any] = list(map(_CARD_BITS.get, cards))
    known = None not in bits
    if not known:
        bits = [1 << i for i in range(len(cards))]
    masks = []
    for some in touching:
        wanted = set(some)
        masks.append(sum(bit for card, bit in zip(cards, bits, strict=True) if card in wanted))
    test = _COMPARISONS.get(compare) if weights is not None else None
    # Whole-number weights ride above the bits (``weight << shift | bit``): one sum per
    # set gives both, and the comparison becomes one with a threshold on that sum.
    shift = max(bits, default=1).bit_length() + 1
    packed = (
        test is not None
        and type(base) is int
        and type(bound) is int
        and weights is not None
        and (not weights or (set(map(type, weights)) == {int} and min(weights) >= 0))
    )
    values = bits
    threshold = 0
    if packed:
        assert weights is not None
        values = [w << shift | bit for w, bit in zip(weights, bits, strict=True)]
        # base + W > bound  <=>  W >= bound - base + 1, and so on: W is the sum >> shift.
        least = {
            ">": bound - base + 1,
            ">=": bound - base,
            "<": bound - base,
            "<=": bound - base + 1,
        }
        threshold = least[compare] << shift
        test = operator.le if compare in (">", ">=") else operator.gt
    low_bits = (1 << shift) - 1
    sets: list[tuple[Any, ...]] = []
    keys: list[Any] = []
    for count in range(low, min(high, len(cards)) + 1):
        sums: list[Any] = list(map(sum, combinations(values, count)))
        tests: list[Iterable[Any]] = [map(operator.and_, sums, repeat(mask)) for mask in masks]
        if packed:
            tests.append(map(test, repeat(threshold), sums))  # type: ignore[arg-type]
            sums = list(map(operator.and_, sums, repeat(low_bits)))
        elif test is not None:
            assert weights is not None
            totals: Iterable[Any] = map(sum, combinations(weights, count))
            if base:
                totals = map(operator.add, repeat(base), totals)
            tests.append(map(test, totals, repeat(bound)))
        formed: Iterable[tuple[Any, ...]] = combinations(cards, count)
        if tests:
            kept = list(tests[0]) if len(tests) == 1 else list(map(all, zip(*tests, strict=True)))
            formed = compress(formed, kept)
            sums = list(compress(sums, kept))
        start = len(sets)
        sets += formed
        keys += sums if known else sets[start:]
    return sets, keys


def _number(word: str, seat_names: Sequence[str]) -> int:
    try:
        return int(word)
    except ValueError:
        raise NotationError(f"{word!r} is not a number") from None


def _seat(word: str, seat_names: Sequence[str]) -> int:
    lowered = [name.lower() for name in seat_names]
    if word.lower() in lowered:
        return lowered.index(word.lower())
    if word.isdigit() and 1 <= int(word) <= len(seat_names):
        return int(word) - 1
    raise NotationError(f"{word!r} is not a player: expected one of {', '.join(seat_names)}")


def _cards(words: str, seat_names: Sequence[str]) -> tuple[Card, ...]:
    if words.lower() == "none":
        return ()
    return tuple(sorted((Card.parse(w) for w in words.split()), key=Card.sort_key))


def _plain(value: Any, seat_names: Sequence[str]) -> str:
    return str(value)


@dataclass(frozen=True)
class ArgType:
    """One type of move argument."""

    name: str
    doc: str  # one line for the language reference and, in the schema, for editors
    read: Callable[[str, Sequence[str]], Any]  # a word of notation -> the value
    write: Callable[[Any, Sequence[str]], str] = _plain  # the value -> its notation
    #: Where the candidates come from without ``from``: None when ``from`` is needed.
    default: str | None = None  # "suits", "players" or "grid"
    #: The helper that turns the ``from`` values into distinct candidates (its name in
    #: generated code is ``_`` + its ``__name__``).
    candidates: Callable[..., Any] = unique
    several_words: bool = False  # its notation may span several words


def _register(*types: ArgType) -> dict[str, ArgType]:
    return {kind.name: kind for kind in types}


#: Every argument type by name, in the order the language reference lists them.
ARG_TYPES: dict[str, ArgType] = _register(
    ArgType("card", "one card, written `QL`", lambda word, _: Card.parse(word)),
    ArgType(
        "cards",
        "a set of cards, written `2R 8S` (or `none`), `min` to `max` of them",
        _cards,
        lambda value, _: " ".join(str(card) for card in value) if value else "none",
        candidates=card_sets,
        several_words=True,
    ),
    ArgType(
        "piece",
        "a piece by its kind, written `R`",
        lambda word, _: word.upper() if len(word) == 1 else word,
        candidates=kinds,
    ),
    ArgType(
        "cell",
        "a cell of a grid, written `b2`; `grid: ZONE` offers every cell",
        lambda word, _: Cell.parse(word),
        default="grid",
    ),
    ArgType("number", "a whole number, written `3`", _number),
    ArgType(
        "suit",
        "a suit, written `R` or `Rock`; every suit unless `from` says",
        lambda word, _: Suit.parse(word),
        lambda value, _: Suit(value).letter,
        default="suits",
    ),
    ArgType(
        "player",
        "a seat, written with the player's name (or a number from 1); every seat unless "
        "`from` says",
        _seat,
        lambda value, seat_names: str(seat_names[value]),
        default="players",
    ),
    ArgType("word", "one of given words, written as it is", lambda word, _: word.lower()),
)
