"""The work meter: what an expression run may spend, and how spending is counted.

Guards and the base library charge it; ``charged`` makes a library function
charge it too; the engine starts it afresh on each move (``start_work``)."""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from vtt.janken import Card, Rank, Suit
from vtt.rules.expr.errors import EvalError
from vtt.rules.expr.limits import MAX_INT, MAX_WORK
from vtt.rules.values import Cell, Grid, Piece


class _Meter:
    """The work left to the expression running now, and the work done by the expressions
    that ran before it since ``start_work`` (a move, a setup).

    There is one meter: reading it is most of what the guards do, and a per-thread
    meter (``threading.local``) cost ten times as much to read, a tenth of a playout.
    Pack code therefore runs on one thread at a time: each way into it (starting a
    game, applying a move, finding the legal moves, loading a pack) holds ``RUN_LOCK``
    while it runs, so a computer player thinking on a worker thread and the window
    take turns, a move at a time."""

    __slots__ = ("done", "left")

    def __init__(self) -> None:
        self.left = MAX_WORK
        self.done = 0


_meter: Final = _Meter()
#: Held while pack code runs (see ``_Meter``); re-entrant, as those ways nest.
RUN_LOCK: Final = threading.RLock()
#: The meter, for engine code that starts it afresh on every move (see ``start_work``).
METER: Final = _meter
_SIZED_TYPES: Final = (str, bytes, tuple, list, set, frozenset, dict, range)
_NUMBER_TYPES: Final = frozenset({int, float, bool, complex})


def _charge(units: int) -> None:
    left = _meter.left - units
    _meter.left = left
    if left < 0:
        raise EvalError(f"too much work: an expression may handle at most {MAX_WORK:,} items")


def _sized(value: Any) -> Any:
    """Charge a value the expression just built by its weight, and give it back."""
    if type(value) not in _NUMBER_TYPES and isinstance(value, _SIZED_TYPES):
        _charge(weight(value))
    return value


def weight(value: Any) -> int:
    """What walking ``value`` costs (showing, comparing or hashing it): each item of every
    text, tuple, list, set or dict in it, a part it holds several times counted as often
    as it is held. ``[[0] * 1000] * 1000`` holds one inner list, a thousand times: a
    weight of 1,001,000. Worked out over the distinct parts only, so it costs no more
    than building them did."""
    kind = type(value)
    if kind is str or kind is bytes or kind is range:
        return len(value)
    if kind is tuple or kind is list:
        for item in value:  # the usual case, cards or numbers, in one pass
            if item.__class__ not in _UNSIZED_KINDS:
                break
        else:
            return len(value)
    elif kind in _UNSIZED_KINDS or not isinstance(value, _SIZED_TYPES):
        return 0
    return _weight_of(value, {})


def _weight_of(value: Any, known: dict[int, int]) -> int:
    found = known.get(id(value))
    if found is not None:
        return found
    total = len(value)
    for item in itertools.chain(value, value.values()) if isinstance(value, dict) else value:
        kind = type(item)
        if kind in _UNSIZED_KINDS:
            continue
        if kind is str or kind is bytes or kind is range:
            total += len(item)
        elif isinstance(item, _SIZED_TYPES):
            total += _weight_of(item, known)
    known[id(value)] = total
    return total


def _deep(values: Any, times: int = 1) -> Any:
    """Charge what a function that compares, hashes or shows the items of ``values``
    walks beyond the items themselves (``_items`` charges those), ``times`` over."""
    kind = type(values)
    if kind is tuple or kind is list:
        for item in values:  # the usual case, cards or numbers, in one pass
            if item.__class__ not in _UNSIZED_KINDS:
                break
        else:
            return values
    elif kind is range or kind is str or not isinstance(values, _SIZED_TYPES):
        return values
    beyond = weight(values) - len(values)
    if beyond > 0:
        _charge(beyond * times)
    return values


def _weighed(value: Any) -> Any:
    """Charge a value an operation is about to walk (show, compare, hash) by its weight."""
    if type(value) not in _UNSIZED_KINDS:
        _charge(weight(value))
    return value


def _items(values: Any) -> Any:
    """What a comprehension or library function iterates: charged by its length."""
    if isinstance(values, _SIZED_TYPES):
        _charge(len(values))
        return values
    if values.__class__ is _GENERATOR:
        # Generators come only from the pack's generator expressions, whose loops are
        # charged item by item already (their ``for`` goes through ``_items`` too).
        return values
    return _each(values)


_GENERATOR: Final = type(_ for _ in ())


# What ``charged`` asks of each argument, quickest first: the exact types of sized
# values (a grid is a dict), then the common values that are never sized.
_SIZED_KINDS: Final = frozenset({*_SIZED_TYPES, Grid})
_UNSIZED_KINDS: Final = frozenset({int, float, bool, type(None), Card, Suit, Rank, Piece, Cell})


def start_work() -> None:
    """Count work afresh: a move, a setup or a settle of phases starts here."""
    _meter.done = 0
    _meter.left = MAX_WORK


def work_done() -> int:
    """Work units the expressions spent since ``start_work``."""
    return _meter.done + MAX_WORK - _meter.left


def spend(units: int) -> int:
    """Count ``units`` of work done outside expressions (effect steps); the total so far."""
    meter = _meter
    meter.done += units
    return meter.done + MAX_WORK - meter.left


def charged(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` spending work units like the base library: each item of its sized
    arguments (what it may go through), its ``cost`` worked out from the arguments
    before it runs (for work that grows faster than its arguments), and each item
    of what it returns. Expressions that call it start from a full meter."""
    cost: Callable[..., int] | None = getattr(function, "cost", None)

    def run(*args: Any, **options: Any) -> Any:
        units = 0
        for value in itertools.chain(args, options.values()) if options else args:
            kind = type(value)
            if kind in _SIZED_KINDS or (
                kind not in _UNSIZED_KINDS and isinstance(value, _SIZED_TYPES)
            ):
                units += len(value)
        if cost is not None:
            units += cost(*args, **options)
        meter = _meter
        meter.left -= units
        if meter.left < 0:
            _charge(0)  # raises with the message
        result = function(*args, **options)
        kind = type(result)
        if kind in _SIZED_KINDS or (
            kind not in _UNSIZED_KINDS and isinstance(result, _SIZED_TYPES)
        ):
            meter.left -= len(result)
            if meter.left < 0:
                _charge(0)
        return result

    run.__name__ = function.__name__
    run.__doc__ = function.__doc__
    run.__wrapped__ = function  # type: ignore[attr-defined]
    run.charges_work = True  # type: ignore[attr-defined]
    return run


def _each(values: Iterable[Any]) -> Iterator[Any]:
    """A lazy iterable charged one unit per item, so ``any(...)`` still stops early."""
    meter = _meter
    for item in values:
        meter.left -= 1
        if meter.left < 0:
            _charge(0)
        yield item


def _check_int(value: Any) -> Any:
    if isinstance(value, int) and not -MAX_INT < value < MAX_INT:
        raise EvalError(f"number too large: integers must stay below 2**64 ({MAX_INT:,})")
    return value
