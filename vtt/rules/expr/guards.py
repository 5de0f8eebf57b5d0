"""The run-time guards a checked expression is rewritten to call (see ``guarding``):
operators and builders that could grow a value or loop, charged to the meter."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Final

from vtt.rules.expr.errors import EvalError
from vtt.rules.expr.limits import MAX_INT
from vtt.rules.expr.meter import (
    _NUMBER_TYPES,
    _SIZED_TYPES,
    Meter,
    _charge,
    _check_int,
    _deep,
    _items,
    _sized,
    _weighed,
    weight,
)

# The guards below answer numbers first, without further calls: rules add and
# compare small numbers far more often than they build texts or tuples.


def _add(m: Meter, a: Any, b: Any) -> Any:
    result = a + b
    return result if type(result) in _NUMBER_TYPES else _sized(m, result)


def _sub(m: Meter, a: Any, b: Any) -> Any:
    result = a - b
    return result if type(result) in _NUMBER_TYPES else _sized(m, result)


def _or(m: Meter, a: Any, b: Any) -> Any:
    result = a | b
    return result if type(result) in _NUMBER_TYPES else _sized(m, result)


def _and(m: Meter, a: Any, b: Any) -> Any:
    result = a & b
    return result if type(result) in _NUMBER_TYPES else _sized(m, result)


def _xor(m: Meter, a: Any, b: Any) -> Any:
    result = a ^ b
    return result if type(result) in _NUMBER_TYPES else _sized(m, result)


def _mul(m: Meter, a: Any, b: Any) -> Any:
    if type(a) is int and type(b) is int:
        result = a * b
        if -MAX_INT < result < MAX_INT:
            return result
        return _check_int(result)
    # Repetition (``'a' * n``, ``[0] * n``) is charged before the value is built.
    # A part repeated is held as often as it is repeated: charged by the weight it adds.
    if isinstance(b, int) and isinstance(a, _SIZED_TYPES):
        _charge(m, weight(a) * max(b, 0))
    elif isinstance(a, int) and isinstance(b, _SIZED_TYPES):
        _charge(m, weight(b) * max(a, 0))
    return _check_int(a * b)


def _pow(a: Any, b: Any) -> Any:
    # The result has at least b * (bits(a) - 1) bits: refuse before computing it.
    if isinstance(a, int) and isinstance(b, int) and b > 0 and b * (abs(a).bit_length() - 1) >= 64:
        raise EvalError(f"number too large: integers must stay below 2**64 ({MAX_INT:,})")
    return _check_int(a**b)


def _lshift(a: Any, b: Any) -> Any:
    if isinstance(b, int) and b >= 64 and a:
        raise EvalError(f"number too large: integers must stay below 2**64 ({MAX_INT:,})")
    return _check_int(a << b)


def _mod(a: Any, b: Any) -> Any:
    if isinstance(a, str | bytes):
        raise EvalError("'%' formatting of text is not allowed; use an f-string")
    return a % b


#: An operand of ``in``, ``==`` or ``<`` the expression may have built: charged by its
#: weight, which bounds what comparing it walks (``_weighed`` itself: a call less).
_probe = _weighed


def _showable(value: Any) -> Any:
    """A value about to be shown as text, refused if a function is in it anywhere (a
    function's repr would show where it lies in memory): ``[str]`` as ``str`` is."""
    walked: set[int] = set()
    todo = [value]
    while todo:
        item = todo.pop()
        if callable(item):
            raise TypeError("a function has no text to show")
        if isinstance(item, list | tuple | set | frozenset | dict) and id(item) not in walked:
            walked.add(id(item))  # a part held many times is walked once
            todo.extend(item)  # a dict's keys
            if isinstance(item, dict):
                todo.extend(item.values())
    return value


def _format(m: Meter, value: Any, conversion: int, spec: str) -> str:
    """One ``{...}`` of an f-string; the spec was checked at load."""
    _showable(_weighed(m, value))  # showing it walks all of it: charged before, not after
    if conversion == ord("r"):
        value = repr(value)
    elif conversion == ord("a"):
        value = ascii(value)
    elif conversion == ord("s"):
        value = str(value)
    text = format(value, spec)
    _charge(m, len(text))
    return text


def _plain(m: Meter, values: Iterable[Any]) -> tuple[Any, ...]:
    """A generator expression's items as a tuple: values stay plain (copied, compared,
    recorded), never generator objects."""
    return _sized(m, tuple(values))  # type: ignore[no-any-return]


def _text(m: Meter, *parts: str) -> str:
    return _sized(m, "".join(parts))  # type: ignore[no-any-return]


def _bound(m: Meter, function: Callable[..., Any]) -> Callable[..., Any]:
    """A library function that takes the meter, as a value called without it (``key=``)."""
    return functools.partial(function, m)


_GUARDS: Final[Mapping[str, object]] = {
    "_bound": _bound,
    "_add": _add,
    "_sub": _sub,
    "_or": _or,
    "_and": _and,
    "_xor": _xor,
    "_mul": _mul,
    "_pow": _pow,
    "_lshift": _lshift,
    "_mod": _mod,
    "_sized": _sized,
    "_items": _items,
    "_probe": _probe,
    "_format": _format,
    "_text": _text,
    "_plain": _plain,
    "_weighed": _weighed,
    "_deep": _deep,
}

#: The guards that take the meter as their first argument (the others cannot spend).
_METERED_GUARDS: Final = frozenset(_GUARDS) - {"_pow", "_lshift", "_mod"}

_GUARDED_OPERATORS: Final[Mapping[type[ast.operator], str]] = {
    ast.Add: "_add",
    ast.Sub: "_sub",
    ast.BitOr: "_or",
    ast.BitAnd: "_and",
    ast.BitXor: "_xor",
    ast.Mult: "_mul",
    ast.Pow: "_pow",
    ast.LShift: "_lshift",
    ast.Mod: "_mod",
}
