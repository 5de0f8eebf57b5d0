"""The work meter: what an expression run may spend, and how spending is counted.

A ``Meter`` belongs to a state (its environment holds it as ``_meter``) or to one
call: generated code reads it once into a local, and hands it to the guards and the
charged library functions as their first argument. Nothing here is shared between
threads, so games on several threads run at once, each on its own budget."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Final, TypeVar

from vtt.janken import Card, Rank, Suit
from vtt.rules.expr.errors import EvalError
from vtt.rules.expr.limits import MAX_INT, MAX_STORED, MAX_WORK
from vtt.rules.values import Cell, Grid, Piece


class Meter:
    """The work left to the expression running now, and the work done by the expressions
    that ran before it since the meter was started (a move, a setup, a legal-move search).

    Passed, never global: a process-wide meter needed a lock around all pack code, and
    a per-thread one (``threading.local``) cost ten times as much to read. Generated
    code reads its state's meter once (``_meter = _env['_meter']``) and the guards get
    it as an argument, which costs no more than the global did."""

    __slots__ = ("done", "left")

    def __init__(self) -> None:
        self.left = MAX_WORK
        self.done = 0


_F = TypeVar("_F", bound=Callable[..., Any])
#: The key of an environment that holds its state's meter.
METER_KEY: Final = "_meter"
_SIZED_TYPES: Final = (str, bytes, tuple, list, set, frozenset, dict, range)
_NUMBER_TYPES: Final = frozenset({int, float, bool, complex})


def meter_of(env: Mapping[str, object]) -> Meter:
    """The meter of the state whose environment ``env`` is (a fresh one when it has none)."""
    meter = env.get(METER_KEY)
    return meter if isinstance(meter, Meter) else Meter()


def _charge(meter: Meter, units: int) -> None:
    left = meter.left - units
    meter.left = left
    if left < 0:
        raise EvalError(f"too much work: an expression may handle at most {MAX_WORK:,} items")


def _sized(meter: Meter, value: Any) -> Any:
    """Charge a value the expression just built by its weight, and give it back."""
    if type(value) not in _NUMBER_TYPES and isinstance(value, _SIZED_TYPES):
        _charge(meter, weight(value))
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


def _deep(meter: Meter, values: Any, times: int = 1) -> Any:
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
        _charge(meter, beyond * times)
    return values


def _weighed(meter: Meter, value: Any) -> Any:
    """Charge a value an operation is about to walk (show, compare, hash) by its weight."""
    kind = value.__class__
    if kind in _UNSIZED_KINDS:
        return value
    if kind is tuple or kind is list:  # ``weight``'s usual case, without the call
        for item in value:
            if item.__class__ not in _UNSIZED_KINDS:
                break
        else:
            left = meter.left = meter.left - len(value)
            if left < 0:
                _charge(meter, 0)  # raises with the message
            return value
    _charge(meter, weight(value))
    return value


def _items(meter: Meter, values: Any) -> Any:
    """What a comprehension or library function iterates: charged by its length."""
    if values.__class__ in _SIZED_KINDS or isinstance(values, _SIZED_TYPES):
        left = meter.left = meter.left - len(values)
        if left < 0:
            _charge(meter, 0)  # raises with the message
        return values
    if values.__class__ is _GENERATOR:
        # Generators come only from the pack's generator expressions, whose loops are
        # charged item by item already (their ``for`` goes through ``_items`` too).
        return values
    return _each(meter, values)


_GENERATOR: Final = type(_ for _ in ())


# What ``charged`` asks of each argument, quickest first: the exact types of sized
# values (a grid is a dict), then the common values that are never sized.
_SIZED_KINDS: Final = frozenset({*_SIZED_TYPES, Grid})
_UNSIZED_KINDS: Final = frozenset({int, float, bool, type(None), Card, Suit, Rank, Piece, Cell})


def start_work(meter: Meter) -> None:
    """Count work afresh: a move, a setup or a settle of phases starts here."""
    meter.done = 0
    meter.left = MAX_WORK


def work_done(meter: Meter) -> int:
    """Work units the expressions spent since ``start_work``."""
    return meter.done + MAX_WORK - meter.left


def spend(meter: Meter, units: int) -> int:
    """Count ``units`` of work done outside expressions (effect steps); the total so far."""
    meter.done += units
    return meter.done + MAX_WORK - meter.left


def stored(meter: Meter, value: Any, name: str) -> Any:
    """``value`` as var ``name`` is about to hold it: its weight is charged to the turn
    (walking it costs that much), and a value heavier than ``MAX_STORED`` is refused."""
    if value.__class__ in _UNSIZED_KINDS:
        return value
    if callable(value):  # a library function: bound to a run's meter, it is no value to keep
        raise EvalError(f"var '{name}' cannot hold a function")
    held = weight(value)
    if held > MAX_STORED:
        raise EvalError(
            f"var '{name}' may hold a value of weight at most {MAX_STORED:,} (each item of "
            f"every list, tuple, set, dict or text in it), and this one weighs {held:,}"
        )
    meter.done += held
    return value


def takes_meter(function: object) -> bool:
    """True when generated code calls ``function`` with the meter as first argument."""
    return getattr(function, "takes_meter", False) is True


def metered(function: _F) -> _F:
    """Mark a library function that takes the meter as its first argument (see
    ``takes_meter``): calls of it in pack code are written ``f(_meter, ...)``."""
    function.takes_meter = True  # type: ignore[attr-defined]
    return function


def charged(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` spending work units like the base library: each item of its sized
    arguments (what it may go through), its ``cost`` worked out from the arguments
    before it runs (for work that grows faster than its arguments), and each item
    of what it returns. Called with the meter first; expressions that call it start
    from a full meter."""
    cost: Callable[..., int] | None = getattr(function, "cost", None)

    def run(meter: Meter, *args: Any, **options: Any) -> Any:
        units = 0
        for value in itertools.chain(args, options.values()) if options else args:
            kind = type(value)
            if kind in _SIZED_KINDS or (
                kind not in _UNSIZED_KINDS and isinstance(value, _SIZED_TYPES)
            ):
                units += len(value)
        if cost is not None:
            units += cost(*args, **options)
        meter.left -= units
        if meter.left < 0:
            _charge(meter, 0)  # raises with the message
        result = function(*args, **options)
        kind = type(result)
        if kind in _SIZED_KINDS or (
            kind not in _UNSIZED_KINDS and isinstance(result, _SIZED_TYPES)
        ):
            meter.left -= len(result)
            if meter.left < 0:
                _charge(meter, 0)
        return result

    run.__name__ = function.__name__
    run.__doc__ = function.__doc__
    run.__wrapped__ = function  # type: ignore[attr-defined]
    return metered(run)


def _each(meter: Meter, values: Iterable[Any]) -> Iterator[Any]:
    """A lazy iterable charged one unit per item, so ``any(...)`` still stops early."""
    for item in values:
        meter.left -= 1
        if meter.left < 0:
            _charge(meter, 0)
        yield item


def _check_int(value: Any) -> Any:
    if isinstance(value, int) and not -MAX_INT < value < MAX_INT:
        raise EvalError(f"number too large: integers must stay below 2**64 ({MAX_INT:,})")
    return value
