"""Candidates from the values of an argument's ``from``: distinct values, and the sets of
a ``cards`` argument (formed, and filtered, whole sets at a time)."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, compress, repeat
from math import comb
from typing import Any

from vtt.janken import Card, full_deck

__all__ = [
    "MAX_CARD_SETS_SIZE",
    "card_set_key",
    "card_sets",
    "card_sets_kept",
    "card_sets_size",
    "set_cards",
    "unique",
]


def unique(values: Iterable[Any]) -> tuple[Any, ...]:
    """Distinct candidates in their first order (identical components make one move)."""
    return tuple(dict.fromkeys(values))


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
