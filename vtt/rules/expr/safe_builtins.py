"""The standard library every pack gets: Python's safe built-ins, bounded by the meter."""

from __future__ import annotations

import types
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import Any, Final

from vtt.rules.expr.guards import _mod, _showable, _text
from vtt.rules.expr.library import Library
from vtt.rules.expr.meter import (
    _NUMBER_TYPES,
    Meter,
    _charge,
    _check_int,
    _deep,
    _items,
    _sized,
    _weighed,
    metered,
)


def _len(values: Collection[Any]) -> int:
    """Number of items."""
    return len(values)


def _iterated(m: Meter, args: tuple[Any, ...]) -> tuple[Any, ...]:
    """``min``/``max`` arguments: one iterable, or the values themselves."""
    return tuple(_items(m, _deep(m, args[0]))) if len(args) == 1 else _deep(m, args)


@metered
def _min(m: Meter, *args: Any, **options: Any) -> Any:
    """The smallest item (``key=`` and ``default=`` as in Python)."""
    if not options:
        return min(_iterated(m, args))
    return min(_iterated(m, args), **_only(options, "key", "default"))


@metered
def _max(m: Meter, *args: Any, **options: Any) -> Any:
    """The largest item (``key=`` and ``default=`` as in Python)."""
    if not options:
        return max(_iterated(m, args))
    return max(_iterated(m, args), **_only(options, "key", "default"))


def _only(options: Mapping[str, Any], *allowed: str) -> Mapping[str, Any]:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise TypeError(f"unexpected keyword argument {unknown[0]!r}")
    return options


@metered
def _sum(m: Meter, values: Iterable[Any], start: int | float = 0) -> Any:
    """The sum of numbers (not of texts or tuples: that would be quadratic work)."""
    if type(start) not in _NUMBER_TYPES:
        raise TypeError("sum() adds numbers only")
    return sum(_items(m, values), start)


@metered
def _any(m: Meter, values: Iterable[object]) -> bool:
    """True if any item is true."""
    return any(_items(m, values))


@metered
def _all(m: Meter, values: Iterable[object]) -> bool:
    """True if every item is true (or there are none)."""
    return all(_items(m, values))


@metered
def _count(m: Meter, values: Iterable[object], *value: object) -> int:
    """How many items are true, or with a second argument, equal to it."""
    if len(value) > 1:
        raise TypeError("count() takes the items and at most one value")
    if value:
        target = value[0]
        return sum(1 for item in _items(m, _deep(m, values)) if item == target)
    return sum(1 for item in _items(m, values) if item)


@metered
def _sorted(
    m: Meter,
    values: Iterable[Any],
    *,
    key: Callable[[Any], Any] | None = None,
    reverse: bool = False,
) -> list[Any]:
    """A new sorted list (``key=`` a library function, ``reverse=``)."""
    if isinstance(values, Collection):  # each item is compared about log2(n) times
        _deep(m, values, max(len(values).bit_length(), 1))
    return sorted(_items(m, values), key=key, reverse=reverse)


@metered
def _reversed(m: Meter, values: Sequence[Any]) -> tuple[Any, ...]:
    """The items in reverse order, as a tuple."""
    return tuple(reversed(_items(m, values)))


@metered
def _range(m: Meter, *bounds: int) -> range:
    """``range(stop)``, ``range(start, stop)``, ``range(start, stop, step)``, bounded."""
    for bound in bounds:
        if not isinstance(bound, int):
            raise TypeError("range() takes whole numbers")
        _check_int(bound)
    numbers = range(*bounds)
    _charge(m, len(numbers))
    return numbers


@metered
def _tuple(m: Meter, values: Iterable[Any] = ()) -> tuple[Any, ...]:
    """The items as a tuple."""
    return tuple(_items(m, values))


@metered
def _list(m: Meter, values: Iterable[Any] = ()) -> list[Any]:
    """The items as a list."""
    return list(_items(m, values))


@metered
def _set(m: Meter, values: Iterable[Any] = ()) -> set[Any]:
    """The distinct items as a set."""
    return set(_items(m, _deep(m, values)))


@metered
def _frozenset(m: Meter, values: Iterable[Any] = ()) -> frozenset[Any]:
    """The distinct items as a frozen set."""
    return frozenset(_items(m, _deep(m, values)))


@metered
def _enumerate(m: Meter, values: Iterable[Any], start: int = 0) -> tuple[tuple[int, Any], ...]:
    """``(index, item)`` pairs, as a tuple."""
    return tuple(enumerate(_items(m, values), _check_int(start)))


@metered
def _zip(m: Meter, *columns: Iterable[Any]) -> tuple[tuple[Any, ...], ...]:
    """Items taken side by side from each argument, as a tuple of tuples."""
    return tuple(zip(*(_items(m, column) for column in columns), strict=False))


@metered
def _str(m: Meter, value: object = "") -> str:
    """The value as text."""
    if isinstance(value, types.GeneratorType):
        raise TypeError("str() of a generator: write a list, like str([x for x in items])")
    return _sized(m, str(_showable(_weighed(m, value))))  # type: ignore[no-any-return]


@metered
def _join(m: Meter, values: Iterable[object], separator: str = ", ") -> str:
    """The items as text, with ``separator`` between them."""
    return _text(m, str(separator).join(_str(m, item) for item in _items(m, _deep(m, values))))


def _int(value: Any) -> int:
    """A whole number from a number or a text."""
    return _check_int(int(value))  # type: ignore[no-any-return]


def _float(value: Any) -> float:
    """A number with a fraction from a number or a text."""
    return float(value)


def _bool(value: object) -> bool:
    """The truth of a value."""
    return bool(value)


def _abs(value: Any) -> Any:
    """The absolute value."""
    return abs(value)


def _round(value: Any, digits: int | None = None) -> Any:
    """``value`` rounded, to ``digits`` places if given."""
    return round(value, digits)


def _divmod(a: Any, b: Any) -> tuple[Any, Any]:
    """``(a // b, a % b)``."""
    return (a // b, _mod(a, b))


#: The base library of every pack: Python's safe built-ins, bounded.
SAFE_BUILTINS: Final = Library(
    functions={
        "abs": _abs,
        "all": _all,
        "any": _any,
        "bool": _bool,
        "count": _count,
        "divmod": _divmod,
        "enumerate": _enumerate,
        "float": _float,
        "frozenset": _frozenset,
        "int": _int,
        "join": _join,
        "len": _len,
        "list": _list,
        "max": _max,
        "min": _min,
        "range": _range,
        "reversed": _reversed,
        "round": _round,
        "set": _set,
        "sorted": _sorted,
        "str": _str,
        "sum": _sum,
        "tuple": _tuple,
        "zip": _zip,
    },
    constants={},
    attributes=frozenset(),
)
