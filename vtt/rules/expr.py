"""The safe expression language of rule packs: checked once at load, compiled once, run often.

An expression is written in Python-expression syntax. At load it is parsed, every
node is checked against an allow-list (the validator below is the safety
boundary), then the checked tree is rewritten so that the operations that can
build large values or do unbounded work go through small guards, and compiled
once to a Python function. Running it costs one Python call plus the guards.

>>> library = merge(SAFE_BUILTINS, Library(functions={}, constants={"LIMIT": 3},
...                                        attributes=frozenset()))
>>> fits = compile_expr("len(hand) < LIMIT and 0 not in hand", names={"hand", "top"},
...                     library=library)
>>> fits, sorted(fits.names), fits({"hand": (1, 2)})
(Expr('len(hand) < LIMIT and 0 not in hand'), ['hand'], True)
>>> compile_expr("len(hnad)", names={"hand"}, library=library)
Traceback (most recent call last):
...
vtt.rules.expr.ExprError: unknown name 'hnad'; did you mean 'hand'?
  len(hnad)
      ^^^^
"""

from __future__ import annotations

import ast
import builtins
import copy
import difflib
import itertools
import keyword
import re
import threading
import types
import warnings
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from vtt.janken import Card, Rank, Suit
from vtt.rules.errors import PackError, Where
from vtt.rules.values import Cell, Grid, Piece

__all__ = [
    "MAX_DEPTH",
    "MAX_INT",
    "MAX_NODES",
    "MAX_SOURCE_LENGTH",
    "MAX_WORK",
    "METER",
    "RUN_LOCK",
    "SAFE_BUILTINS",
    "Define",
    "EvalError",
    "Expr",
    "ExprError",
    "Library",
    "charged",
    "check_define",
    "compile_expr",
    "evaluation_error",
    "merge",
    "register_lines",
    "run_namespace",
    "spend",
    "start_work",
    "work_done",
]

#: Longest expression source, in characters.
MAX_SOURCE_LENGTH: Final = 2000
#: Deepest nesting of the syntax tree (``-(-(-x))`` is 4 deep, ``a + b + c`` is 3).
MAX_DEPTH: Final = 60
#: Most syntax-tree nodes in one expression.
MAX_NODES: Final = 1000
#: Integers written in an expression or built by ``*``, ``**`` and ``<<`` stay below this.
MAX_INT: Final = 2**64
#: Work units one run may spend: each item a comprehension or library function goes
#: through, and each item of every text, tuple, list or set the expression builds.
MAX_WORK: Final = 1_000_000

# Format specs in f-strings: fill, align, sign, #, 0, a width of at most three
# digits, grouping, a precision of at most two digits, a type. Nothing nested.
_FORMAT_SPEC = re.compile(
    r"(?:.?[<>=^])?[+\- ]?z?#?0?(?:[0-9]{1,3})?[_,]?(?:\.[0-9]{1,2})?[bcdeEfFgGnosxX%]?", re.DOTALL
)

# Attribute names a Library may never allow: the doors out of a sandbox (frames,
# code, globals) and the text-formatting methods that read attributes themselves.
_FORBIDDEN_ATTRIBUTES: Final = frozenset(
    {
        "ag_code",
        "ag_frame",
        "cr_code",
        "cr_frame",
        "f_back",
        "f_builtins",
        "f_code",
        "f_globals",
        "f_locals",
        "format",
        "format_map",
        "func_globals",
        "gi_code",
        "gi_frame",
        "gi_yieldfrom",
        "mro",
        "tb_frame",
        "tb_next",
    }
)


class ExprError(PackError):
    """A bad expression found at load time: syntax, a forbidden construct or an unknown name."""

    def __init__(
        self,
        reason: str,
        where: Where | None = None,
        *,
        source: str = "",
        line: int = 0,
        column: int = 0,
        end_column: int = 0,
    ) -> None:
        self.reason = reason
        self.source = source
        self.line = line  # 1-based line inside the expression, 0 if unknown
        self.column = column  # 1-based column inside the expression, 0 if unknown
        message = reason + _snippet(source, line, column, end_column)
        super().__init__(message, _shifted(where, source, line, column))


class EvalError(RuntimeError):
    """A pack expression failed while running: a limit was exceeded or a value was wrong."""

    #: True once the message names the expression that failed.
    placed: bool = False


def _snippet(source: str, line: int, column: int, end_column: int) -> str:
    """The expression line with a caret under the faulty part, as Python shows it."""
    if not source:
        return ""
    lines = source.splitlines() or [source]
    if not 1 <= line <= len(lines):
        return f"\n  {source}" if "\n" not in source else ""
    text = lines[line - 1]
    if column < 1:
        return f"\n  {text[:_SNIPPET_WIDTH]}"
    width = max(1, min(end_column, len(text) + 1) - column) if end_column > column else 1
    # A long line is cut to a window around the fault so the message stays readable.
    start = max(0, column - 1 - _SNIPPET_WIDTH // 2)
    shown = text[start : start + _SNIPPET_WIDTH]
    width = min(width, len(shown) - (column - 1 - start) + 1)
    return f"\n  {shown}\n  {' ' * (column - 1 - start)}{'^' * max(width, 1)}"


_SNIPPET_WIDTH: Final = 72


def _shifted(where: Where | None, source: str, line: int, column: int) -> Where | None:
    """The pack-file place of an expression column, when the expression is one line."""
    if where is None or not where.line or not where.column or "\n" in source or not column:
        return where
    return Where(where.file, where.line, where.column + column - 1, where.path)


# --- the library -----------------------------------------------------------------------


@dataclass(frozen=True)
class Library:
    """What expressions may reach besides their environment: functions, constants, attributes."""

    functions: Mapping[str, Callable[..., object]] = field(default_factory=dict)
    constants: Mapping[str, object] = field(default_factory=dict)
    attributes: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        for name in itertools.chain(self.functions, self.constants):
            if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_"):
                raise ValueError(f"{name!r} cannot be a library name in pack expressions")
        for name, value in self.constants.items():
            if isinstance(value, types.ModuleType) or callable(value):
                raise ValueError(f"library constant {name!r} must be a plain value")
        for attribute in self.attributes:
            if attribute.startswith("_") or attribute in _FORBIDDEN_ATTRIBUTES:
                raise ValueError(f"attribute {attribute!r} must never be reachable from a pack")
        # Frozen in fact, not only in name: later changes to the caller's dicts do not leak in.
        object.__setattr__(self, "functions", types.MappingProxyType(dict(self.functions)))
        object.__setattr__(self, "constants", types.MappingProxyType(dict(self.constants)))
        object.__setattr__(self, "attributes", frozenset(self.attributes))


def merge(*libraries: Library) -> Library:
    """One library holding all of ``libraries``; on a name clash the later one wins."""
    functions: dict[str, Callable[..., object]] = {}
    constants: dict[str, object] = {}
    attributes: set[str] = set()
    for library in libraries:
        functions.update(library.functions)
        constants.update(library.constants)
        attributes |= library.attributes
    return Library(functions, constants, frozenset(attributes))


# --- run-time guards -------------------------------------------------------------------


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
    """Charge a value the expression just built by its size, and give it back."""
    if type(value) not in _NUMBER_TYPES and isinstance(value, _SIZED_TYPES):
        _charge(len(value))
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


# The guards below answer numbers first, without further calls: rules add and
# compare small numbers far more often than they build texts or tuples.


def _add(a: Any, b: Any) -> Any:
    result = a + b
    return result if type(result) in _NUMBER_TYPES else _sized(result)


def _sub(a: Any, b: Any) -> Any:
    result = a - b
    return result if type(result) in _NUMBER_TYPES else _sized(result)


def _or(a: Any, b: Any) -> Any:
    result = a | b
    return result if type(result) in _NUMBER_TYPES else _sized(result)


def _and(a: Any, b: Any) -> Any:
    result = a & b
    return result if type(result) in _NUMBER_TYPES else _sized(result)


def _xor(a: Any, b: Any) -> Any:
    result = a ^ b
    return result if type(result) in _NUMBER_TYPES else _sized(result)


def _mul(a: Any, b: Any) -> Any:
    if type(a) is int and type(b) is int:
        result = a * b
        if -MAX_INT < result < MAX_INT:
            return result
        return _check_int(result)
    # Repetition (``'a' * n``, ``[0] * n``) is charged before the value is built.
    if isinstance(b, int) and isinstance(a, _SIZED_TYPES):
        _charge(len(a) * max(b, 0))
    elif isinstance(a, int) and isinstance(b, _SIZED_TYPES):
        _charge(len(b) * max(a, 0))
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


def _probe(value: Any) -> Any:
    """An operand of ``in`` or ``==`` whose size the expression may have built: charged."""
    if isinstance(value, str | tuple | list):
        _charge(len(value))
    return value


def _format(value: Any, conversion: int, spec: str) -> str:
    """One ``{...}`` of an f-string; the spec was checked at load."""
    if conversion == ord("r"):
        value = repr(value)
    elif conversion == ord("a"):
        value = ascii(value)
    elif conversion == ord("s"):
        value = str(value)
    text = format(value, spec)
    _charge(len(text))
    return text


def _plain(values: Iterable[Any]) -> tuple[Any, ...]:
    """A generator expression's items as a tuple: values stay plain (copied, compared,
    recorded), never generator objects."""
    return _sized(tuple(values))  # type: ignore[no-any-return]


def _text(*parts: str) -> str:
    return _sized("".join(parts))  # type: ignore[no-any-return]


_GUARDS: Final[Mapping[str, object]] = {
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
}

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

# --- the standard library every pack gets ------------------------------------------------


def _len(values: Collection[Any]) -> int:
    """Number of items."""
    return len(values)


def _iterated(args: tuple[Any, ...]) -> tuple[Any, ...]:
    """``min``/``max`` arguments: one iterable, or the values themselves."""
    return tuple(_items(args[0])) if len(args) == 1 else args


def _min(*args: Any, **options: Any) -> Any:
    """The smallest item (``key=`` and ``default=`` as in Python)."""
    if not options:
        return min(_iterated(args))
    return min(_iterated(args), **_only(options, "key", "default"))


def _max(*args: Any, **options: Any) -> Any:
    """The largest item (``key=`` and ``default=`` as in Python)."""
    if not options:
        return max(_iterated(args))
    return max(_iterated(args), **_only(options, "key", "default"))


def _only(options: Mapping[str, Any], *allowed: str) -> Mapping[str, Any]:
    unknown = sorted(set(options) - set(allowed))
    if unknown:
        raise TypeError(f"unexpected keyword argument {unknown[0]!r}")
    return options


def _sum(values: Iterable[Any], start: int | float = 0) -> Any:
    """The sum of numbers (not of texts or tuples: that would be quadratic work)."""
    if type(start) not in _NUMBER_TYPES:
        raise TypeError("sum() adds numbers only")
    return sum(_items(values), start)


def _any(values: Iterable[object]) -> bool:
    """True if any item is true."""
    return any(_items(values))


def _all(values: Iterable[object]) -> bool:
    """True if every item is true (or there are none)."""
    return all(_items(values))


def _count(values: Iterable[object], *value: object) -> int:
    """How many items are true, or with a second argument, equal to it."""
    if len(value) > 1:
        raise TypeError("count() takes the items and at most one value")
    if value:
        target = value[0]
        return sum(1 for item in _items(values) if item == target)
    return sum(1 for item in _items(values) if item)


def _sorted(
    values: Iterable[Any], *, key: Callable[[Any], Any] | None = None, reverse: bool = False
) -> list[Any]:
    """A new sorted list (``key=`` a library function, ``reverse=``)."""
    return sorted(_items(values), key=key, reverse=reverse)


def _reversed(values: Sequence[Any]) -> tuple[Any, ...]:
    """The items in reverse order, as a tuple."""
    return tuple(reversed(_items(values)))


def _range(*bounds: int) -> range:
    """``range(stop)``, ``range(start, stop)``, ``range(start, stop, step)``, bounded."""
    for bound in bounds:
        if not isinstance(bound, int):
            raise TypeError("range() takes whole numbers")
        _check_int(bound)
    numbers = range(*bounds)
    _charge(len(numbers))
    return numbers


def _tuple(values: Iterable[Any] = ()) -> tuple[Any, ...]:
    """The items as a tuple."""
    return tuple(_items(values))


def _list(values: Iterable[Any] = ()) -> list[Any]:
    """The items as a list."""
    return list(_items(values))


def _set(values: Iterable[Any] = ()) -> set[Any]:
    """The distinct items as a set."""
    return set(_items(values))


def _frozenset(values: Iterable[Any] = ()) -> frozenset[Any]:
    """The distinct items as a frozen set."""
    return frozenset(_items(values))


def _enumerate(values: Iterable[Any], start: int = 0) -> tuple[tuple[int, Any], ...]:
    """``(index, item)`` pairs, as a tuple."""
    return tuple(enumerate(_items(values), _check_int(start)))


def _zip(*columns: Iterable[Any]) -> tuple[tuple[Any, ...], ...]:
    """Items taken side by side from each argument, as a tuple of tuples."""
    return tuple(zip(*(_items(column) for column in columns), strict=False))


def _str(value: object = "") -> str:
    """The value as text."""
    if isinstance(value, types.GeneratorType):
        raise TypeError("str() of a generator: write a list, like str([x for x in items])")
    return _sized(str(value))  # type: ignore[no-any-return]


def _join(values: Iterable[object], separator: str = ", ") -> str:
    """The items as text, with ``separator`` between them."""
    return _text(str(separator).join(str(item) for item in _items(values)))


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

#: Built-ins that never go through the items of what they are given: an expression that
#: calls only these needs no fresh meter.
_UNMETERED: Final = frozenset({_len, _abs, _bool, _int, _float, _round, _divmod})

# --- load time: parse and check ----------------------------------------------------------

_NOT_ALLOWED: Final[Mapping[type[ast.AST], str]] = {
    ast.Lambda: "lambdas are not allowed: call a library function instead",
    ast.NamedExpr: "':=' is not allowed: expressions cannot set names",
    ast.Starred: "'*' unpacking is not allowed",
    ast.Await: "'await' is not allowed",
    ast.Yield: "'yield' is not allowed",
    ast.YieldFrom: "'yield from' is not allowed",
    ast.MatMult: "'@' is not an operator packs use",
}

_ALLOWED_NODES: Final = frozenset(
    {
        ast.Expression,
        ast.BoolOp,
        ast.And,
        ast.Or,
        ast.BinOp,
        ast.Add,
        ast.Sub,
        ast.Mult,
        ast.Div,
        ast.FloorDiv,
        ast.Mod,
        ast.Pow,
        ast.LShift,
        ast.RShift,
        ast.BitOr,
        ast.BitXor,
        ast.BitAnd,
        ast.UnaryOp,
        ast.Not,
        ast.USub,
        ast.UAdd,
        ast.Invert,
        ast.Compare,
        ast.Eq,
        ast.NotEq,
        ast.Lt,
        ast.LtE,
        ast.Gt,
        ast.GtE,
        ast.Is,
        ast.IsNot,
        ast.In,
        ast.NotIn,
        ast.IfExp,
        ast.Call,
        ast.keyword,
        ast.Name,
        ast.Load,
        ast.Store,
        ast.Constant,
        ast.Attribute,
        ast.Subscript,
        ast.Slice,
        ast.Tuple,
        ast.List,
        ast.Set,
        ast.Dict,
        ast.ListComp,
        ast.SetComp,
        ast.DictComp,
        ast.GeneratorExp,
        ast.comprehension,
        ast.JoinedStr,
        ast.FormattedValue,
    }
)

_PRIVATE: Final = "names and attributes starting with '_' are private"


def compile_expr(
    source: str,
    *,
    names: Collection[str],
    library: Library,
    where: Where | None = None,
    fixed: Mapping[str, object] | None = None,
    defines: Mapping[str, Define] | None = None,
) -> Expr:
    """Check ``source`` against the allow-list and compile it once; raise ExprError if bad.

    ``defines`` are the pack's named expressions: each use of one (a name it does not
    bind itself) is replaced by the define's checked tree after the check, so messages
    show what the author wrote.

    ``fixed`` gives names whose values cannot change (a game's options): after the
    check, they are written in as constants and what then depends on constants alone
    is worked out (see ``_Folding``), so ``mode == 'classic' and x`` runs as ``x``."""
    text = source.strip()
    tree, free = _checked(text, names, library, where, defines or {})
    if fixed:
        constants = {
            name: fixed[name]
            for name in free & fixed.keys()
            if type(fixed[name]) in _FOLDABLE and name not in _comprehension_names(tree)
        }
        if constants:
            tree = _Folding(constants).visit(copy.deepcopy(tree))
            free = (
                frozenset(node.id for node in ast.walk(tree) if isinstance(node, ast.Name)) & free
            )
    return Expr(text, free, tree, library, where)


@dataclass(frozen=True)
class Define:
    """A named expression of a pack (``define:``): checked alone, written in where used."""

    name: str
    body: ast.expr  # checked, with the defines it uses already written in
    names: frozenset[str]  # the environment names it reads
    size: int  # its syntax-tree nodes, defines written in


def check_define(
    name: str,
    source: str,
    *,
    names: Collection[str],
    library: Library,
    where: Where | None = None,
    defines: Mapping[str, Define] | None = None,
) -> Define:
    """Check the expression of define ``name``; raise ExprError if bad."""
    tree, free = _checked(source.strip(), names, library, where, defines or {})
    return Define(name, tree.body, free, sum(1 for _ in ast.walk(tree.body)))


def _checked(
    text: str,
    names: Collection[str],
    library: Library,
    where: Where | None,
    defines: Mapping[str, Define],
) -> tuple[ast.Expression, frozenset[str]]:
    """The checked tree of ``text`` with its defines written in, and the names it reads."""
    tree = _parse(text, where)
    checker = _Checker(text, frozenset(names), library, where)
    checker.check(tree)
    free = frozenset(checker.free_names)
    used = free & defines.keys()
    if not used:
        return tree, free
    writing = _WritingIn(defines, checker)
    tree.body = writing.visit(tree.body, frozenset())
    free = (free - used).union(*(defines[name].names for name in writing.written))
    return tree, free


class _WritingIn:
    """Replaces each use of a define by a copy of its tree, leaving alone the names a
    comprehension binds (``for p in seats`` keeps its own ``p``)."""

    def __init__(self, defines: Mapping[str, Define], checker: _Checker) -> None:
        self.defines = defines
        self.checker = checker
        self.written: set[str] = set()
        self.size = 0

    def visit(self, node: ast.expr, bound: frozenset[str]) -> ast.expr:
        if isinstance(node, ast.Name):
            return self._name(node, bound)
        if isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            return self._comprehension(node, bound)
        for name, value in ast.iter_fields(node):
            if isinstance(value, ast.expr):
                setattr(node, name, self.visit(value, bound))
            elif isinstance(value, list):
                value[:] = [self._any(item, bound) for item in value]
        return node

    def _any(self, node: Any, bound: frozenset[str]) -> Any:
        if isinstance(node, ast.expr):
            return self.visit(node, bound)
        if isinstance(node, ast.keyword):  # the argument name stays; its value may use defines
            node.value = self.visit(node.value, bound)
        return node

    def _comprehension(
        self,
        node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
        bound: frozenset[str],
    ) -> ast.expr:
        scope = bound
        for generator in node.generators:
            generator.iter = self.visit(generator.iter, scope)
            scope = scope | {n.id for n in ast.walk(generator.target) if isinstance(n, ast.Name)}
            generator.ifs = [self.visit(test, scope) for test in generator.ifs]
        if isinstance(node, ast.DictComp):
            node.key, node.value = self.visit(node.key, scope), self.visit(node.value, scope)
        else:
            node.elt = self.visit(node.elt, scope)
        return node

    def _name(self, node: ast.Name, bound: frozenset[str]) -> ast.expr:
        define = self.defines.get(node.id)
        if define is None or node.id in bound:
            return node
        captured = sorted(define.names & bound)
        if captured:
            raise self.checker.fail(
                node,
                f"'{node.id}' is a define that reads '{captured[0]}', but here '{captured[0]}' "
                f"is the comprehension variable: rename the variable",
            )
        self.size += define.size
        if self.size > MAX_NODES:
            raise self.checker.fail(
                node,
                f"too big with its defines written in: more than {MAX_NODES:,} parts",
            )
        self.written.add(node.id)
        return copy.deepcopy(define.body)


#: Option values that may be written into an expression as constants.
_FOLDABLE: Final = frozenset({bool, int, str, float, type(None)})


class _Folding(ast.NodeTransformer):
    """Writes fixed names in as constants and works out the comparisons, ``and``/``or``,
    ``not`` and ``x if c else y`` that depend on constants alone, as Python would. Only
    constants and parts of the checked tree come out; anything that fails to work out
    (``'a' < 3``) is left as it was, to fail when it runs, as before."""

    def __init__(self, constants: Mapping[str, object]) -> None:
        self.constants = constants

    def visit_Name(self, node: ast.Name) -> ast.expr:
        if isinstance(node.ctx, ast.Load) and node.id in self.constants:
            value: Any = self.constants[node.id]
            return ast.copy_location(ast.Constant(value), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        operands = [node.left, *node.comparators]
        values = [
            _constant(operand, sequence=i > 0 and isinstance(node.ops[i - 1], ast.In | ast.NotIn))
            for i, operand in enumerate(operands)
        ]
        if any(value is _UNKNOWN for value in values):
            return node
        try:
            holds = all(
                _COMPARE[type(op)](values[i], values[i + 1]) for i, op in enumerate(node.ops)
            )
        except Exception:
            return node
        return ast.copy_location(ast.Constant(holds), node)

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        self.generic_visit(node)
        values = list(node.values)
        deciding = isinstance(node.op, ast.Or)  # the truth value that ends the chain
        while len(values) > 1 and isinstance(values[0], ast.Constant):
            if bool(values[0].value) == deciding:
                return values[0]
            values.pop(0)
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and isinstance(node.operand, ast.Constant):
            return ast.copy_location(ast.Constant(not node.operand.value), node)
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node


_UNKNOWN: Final = object()


def _constant(node: ast.expr, sequence: bool = False) -> Any:
    """The value of a constant, or (``sequence``: the right of ``in``) the items of a
    tuple or list of constants; _UNKNOWN otherwise."""
    if isinstance(node, ast.Constant):
        return node.value
    if (
        sequence
        and isinstance(node, ast.Tuple | ast.List)
        and all(isinstance(e, ast.Constant) for e in node.elts)
    ):
        return tuple(e.value for e in node.elts if isinstance(e, ast.Constant))
    return _UNKNOWN


_COMPARE: Final[Mapping[type[ast.cmpop], Callable[[Any, Any], bool]]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}


def _parse(text: str, where: Where | None) -> ast.Expression:
    if not text:
        raise ExprError("the expression is empty", where)
    if len(text) > MAX_SOURCE_LENGTH:
        raise ExprError(
            f"the expression is too long: {len(text):,} characters (at most {MAX_SOURCE_LENGTH:,})",
            where,
        )
    # Expressions written over several lines of a YAML block need brackets to parse.
    wrapped = f"(\n{text}\n)" if "\n" in text else text
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # e.g. an invalid escape like "\d" is an error
            tree = ast.parse(wrapped, mode="eval")
    except SyntaxError as error:
        line = (error.lineno or 0) - (1 if wrapped is not text else 0)
        raise ExprError(
            f"not a valid expression: {error.msg}",
            where,
            source=text,
            line=line,
            column=error.offset or 0,
            end_column=error.end_offset or 0,
        ) from None
    except (RecursionError, MemoryError, ValueError) as error:
        raise ExprError(f"not a valid expression: {error}", where) from None
    if wrapped is not text:
        for node in ast.walk(tree):
            for attribute in ("lineno", "end_lineno"):
                if getattr(node, attribute, None):
                    setattr(node, attribute, getattr(node, attribute) - 1)
    return tree


class _Checker:
    """The allow-list: walks the tree once and raises ExprError at the first bad node."""

    def __init__(
        self, source: str, names: frozenset[str], library: Library, where: Where | None
    ) -> None:
        self.source = source
        self.names = names
        self.library = library
        self.where = where
        self.free_names: set[str] = set()
        self._lines = source.splitlines() or [source]

    def fail(self, node: ast.AST, reason: str) -> ExprError:
        """An ExprError pointing at ``node`` in the source."""
        line = getattr(node, "lineno", 0)
        column = self._column(line, getattr(node, "col_offset", -1))
        end = (
            self._column(line, getattr(node, "end_col_offset", -1))
            if (getattr(node, "end_lineno", 0) == line)
            else 0
        )
        if isinstance(node, ast.Attribute) and end > len(node.attr):
            column = end - len(node.attr)  # point at the name after the dot
        return ExprError(
            reason, self.where, source=self.source, line=line, column=column, end_column=end
        )

    def _column(self, line: int, offset: int | None) -> int:
        # ast offsets count UTF-8 bytes; authors count characters.
        if offset is None or offset < 0 or not 1 <= line <= len(self._lines):
            return 0
        encoded = self._lines[line - 1].encode("utf-8")[:offset]
        return len(encoded.decode("utf-8", errors="ignore")) + 1

    def check(self, tree: ast.Expression) -> None:
        """Check the whole tree: its size first, then every node."""
        self._check_size(tree)
        self.visit(tree.body, frozenset())

    def _check_size(self, tree: ast.AST) -> None:
        count = 0
        stack: list[tuple[ast.AST, int]] = [(tree, 1)]
        while stack:
            node, depth = stack.pop()
            count += 1
            if depth > MAX_DEPTH:
                raise self.fail(
                    node, f"the expression is nested too deeply (at most {MAX_DEPTH} levels)"
                )
            if count > MAX_NODES:
                raise self.fail(node, f"the expression is too big (at most {MAX_NODES} parts)")
            stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))

    def visit(self, node: ast.AST, bound: frozenset[str]) -> None:
        """Check ``node`` and its children; ``bound`` are comprehension variables in scope."""
        kind = type(node)
        if kind not in _ALLOWED_NODES:
            reason = _NOT_ALLOWED.get(
                kind, f"{_describe(node)} is not allowed in a pack expression"
            )
            raise self.fail(node, reason)
        method = getattr(self, f"visit_{kind.__name__}", None)
        if method is not None:
            method(node, bound)
        else:
            for child in ast.iter_child_nodes(node):
                self.visit(child, bound)

    def visit_Name(self, node: ast.Name, bound: frozenset[str]) -> None:
        name = node.id
        if name.startswith("_"):
            raise self.fail(node, f"'{name}' is not allowed: {_PRIVATE}")
        if name in bound:
            return
        if name in self.names:
            self.free_names.add(name)
            return
        if name in self.library.constants or name in self.library.functions:
            return
        raise self.fail(node, self._unknown_name(name, bound))

    def _unknown_name(self, name: str, bound: frozenset[str]) -> str:
        visible = sorted(
            bound | self.names | set(self.library.constants) | set(self.library.functions)
        )
        reason = f"unknown name '{name}'"
        close = difflib.get_close_matches(name, visible, n=3, cutoff=0.6)
        hint = f"; did you mean {_alternatives(close)}?" if close else ""
        if hasattr(builtins, name):
            return (
                f"{reason}: Python's built-ins are not available in packs, "
                f"only the library (len, min, max, sum, any, all, sorted, ...){hint}"
            )
        if close:
            return reason + hint
        shown = ", ".join(visible[:12]) + (", ..." if len(visible) > 12 else "")
        return f"{reason} (the names here are: {shown})" if visible else reason

    def visit_Attribute(self, node: ast.Attribute, bound: frozenset[str]) -> None:
        self.visit(node.value, bound)  # report faults in reading order, left to right
        attribute = node.attr
        if attribute.startswith("_"):
            raise self.fail(node, f"'{attribute}' is not allowed: {_PRIVATE}")
        if not isinstance(node.ctx, ast.Load):
            raise self.fail(node, "expressions cannot change attributes")
        if attribute not in self.library.attributes:
            known = sorted(self.library.attributes)
            close = difflib.get_close_matches(attribute, known, n=3, cutoff=0.6)
            hint = f"; did you mean {_alternatives(close)}?" if close else ""
            listed = (
                f" (attributes packs may use: {', '.join(known)})" if known and not close else ""
            )
            raise self.fail(node, f"unknown attribute '.{attribute}'{hint}{listed}")

    def visit_Call(self, node: ast.Call, bound: frozenset[str]) -> None:
        function = node.func
        if isinstance(function, ast.Attribute):
            self.visit(function.value, bound)  # faults inside first, in reading order
            if function.attr.startswith("_"):
                raise self.fail(function, f"'{function.attr}' is not allowed: {_PRIVATE}")
            raise self.fail(
                node,
                f"method calls like '.{function.attr}(...)' are not allowed: "
                "calls are only to library functions like len(...)",
            )
        if not isinstance(function, ast.Name):
            self.visit(function, bound)
            raise self.fail(node, "calls are only to library functions by name, like len(hand)")
        name = function.id
        self.visit_Name(function, bound)  # private and unknown names first
        if name not in self.library.functions or name in bound or name in self.names:
            raise self.fail(
                function,
                f"'{name}' is not a function: calls are only to library functions like len(...)",
            )
        for argument in node.args:
            self.visit(argument, bound)
        for keyword_argument in node.keywords:
            if keyword_argument.arg is None:
                raise self.fail(keyword_argument, "'**' unpacking is not allowed")
            if keyword_argument.arg.startswith("_"):
                raise self.fail(
                    keyword_argument, f"'{keyword_argument.arg}' is not allowed: {_PRIVATE}"
                )
            self.visit(keyword_argument.value, bound)

    def visit_Constant(self, node: ast.Constant, bound: frozenset[str]) -> None:
        value = node.value
        if isinstance(value, bool) or value is None or isinstance(value, float | str):
            return
        if isinstance(value, int):
            if not -MAX_INT < value < MAX_INT:
                raise self.fail(node, "the number is too large: integers must stay below 2**64")
            return
        raise self.fail(node, f"{_describe(node)} are not used in packs")

    def visit_BinOp(self, node: ast.BinOp, bound: frozenset[str]) -> None:
        if type(node.op) not in _ALLOWED_NODES:
            raise self.fail(node, _NOT_ALLOWED.get(type(node.op), "this operator is not allowed"))
        self.visit(node.left, bound)
        self.visit(node.right, bound)

    def visit_Compare(self, node: ast.Compare, bound: frozenset[str]) -> None:
        operands = [node.left, *node.comparators]
        for operator, left, right in zip(node.ops, operands, operands[1:], strict=False):
            if isinstance(operator, ast.Is | ast.IsNot) and any(
                isinstance(side, ast.Constant)
                and not any(side.value is singleton for singleton in (None, True, False))
                for side in (left, right)
            ):
                raise self.fail(node, "'is' compares identity: use '==' to compare with a value")
        for operand in operands:
            self.visit(operand, bound)

    def visit_Dict(self, node: ast.Dict, bound: frozenset[str]) -> None:
        for key, value in zip(node.keys, node.values, strict=True):
            if key is None:
                raise self.fail(value, "'**' unpacking is not allowed")
            self.visit(key, bound)
            self.visit(value, bound)

    def visit_FormattedValue(self, node: ast.FormattedValue, bound: frozenset[str]) -> None:
        spec = node.format_spec
        if spec is not None:
            parts = spec.values if isinstance(spec, ast.JoinedStr) else [spec]
            if not all(isinstance(part, ast.Constant) for part in parts):
                raise self.fail(spec, "a format spec in an f-string must be plain, like {x:>3}")
            text = "".join(str(part.value) for part in parts if isinstance(part, ast.Constant))
            if not _FORMAT_SPEC.fullmatch(text):
                raise self.fail(
                    spec,
                    f"format spec ':{text}' is not allowed: use a width of at most 3 digits "
                    "and a precision of at most 2, like {x:>3} or {x:.2f}",
                )
        self.visit(node.value, bound)

    def _comprehension(
        self,
        node: ast.AST,
        generators: list[ast.comprehension],
        results: Sequence[ast.AST],
        bound: frozenset[str],
    ) -> None:
        scope = bound
        for generator in generators:
            if generator.is_async:
                raise self.fail(generator, "'async for' is not allowed")
            self.visit(generator.iter, scope)  # the first one runs outside the loop
            scope = scope | self._targets(generator.target)
            for condition in generator.ifs:
                self.visit(condition, scope)
        for result in results:
            self.visit(result, scope)

    def _targets(self, target: ast.AST) -> frozenset[str]:
        if isinstance(target, ast.Name):
            if target.id.startswith("_"):
                raise self.fail(target, f"'{target.id}' is not allowed: {_PRIVATE}")
            return frozenset({target.id})
        if isinstance(target, ast.Tuple | ast.List):
            names: frozenset[str] = frozenset()
            for element in target.elts:
                names |= self._targets(element)
            return names
        raise self.fail(target, "a comprehension can only name its items, like 'for card in hand'")

    def visit_ListComp(self, node: ast.ListComp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.elt], bound)

    def visit_SetComp(self, node: ast.SetComp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.elt], bound)

    def visit_GeneratorExp(self, node: ast.GeneratorExp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.elt], bound)

    def visit_DictComp(self, node: ast.DictComp, bound: frozenset[str]) -> None:
        self._comprehension(node, node.generators, [node.key, node.value], bound)


def _alternatives(names: Sequence[str]) -> str:
    quoted = [f"'{name}'" for name in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + f" or {quoted[-1]}"


def _describe(node: ast.AST) -> str:
    if isinstance(node, ast.Constant):
        kinds = {bytes: "bytes", complex: "complex numbers"}
        return kinds.get(type(node.value), f"values like {node.value!r}")
    return f"'{type(node).__name__}'"


# --- load time: rewrite with guards and compile ------------------------------------------


class _Guarding(ast.NodeTransformer):
    """Rewrites a checked tree so that operations that may grow without bound go through guards."""

    def __init__(self, small_names: frozenset[str], functions: Mapping[str, object]) -> None:
        self.small_names = small_names  # names whose values come from outside the expression
        self.functions = functions
        self.metered = False
        self.lazy: set[int] = set()  # generator expressions left lazy (see visit_Call)

    def _call(self, guard: str, *args: ast.expr) -> ast.Call:
        self.metered = True
        return ast.Call(func=ast.Name(id=guard, ctx=ast.Load()), args=list(args), keywords=[])

    def visit_BinOp(self, node: ast.BinOp) -> ast.expr:
        self.generic_visit(node)
        guard = _GUARDED_OPERATORS.get(type(node.op))
        if guard is None or self._number_kept(node):
            return node
        return self._call(guard, node.left, node.right)

    @staticmethod
    def _number_kept(node: ast.BinOp) -> bool:
        """``x + 1``, ``x - 1``, ``1 % x``: a plain number operand keeps the result small."""
        if isinstance(node.op, ast.Mod):
            operands = [node.left]  # 'text % 1' must still reach the guard
        elif isinstance(node.op, ast.Add | ast.Sub | ast.BitOr | ast.BitAnd | ast.BitXor):
            operands = [node.left, node.right]
        else:
            return False
        return any(
            isinstance(side, ast.Constant) and type(side.value) in (int, float) for side in operands
        )

    def visit_Subscript(self, node: ast.Subscript) -> ast.expr:
        self.generic_visit(node)
        return self._call("_sized", node) if isinstance(node.slice, ast.Slice) else node

    def visit_comprehension(self, node: ast.comprehension) -> ast.comprehension:
        self.generic_visit(node)
        node.iter = self._call("_items", node.iter)
        return node

    def visit_GeneratorExp(self, node: ast.GeneratorExp) -> ast.expr:
        self.generic_visit(node)
        if id(node) in self.lazy:
            return node
        return self._call("_plain", node)

    def visit_Call(self, node: ast.Call) -> ast.expr:
        # ``any(x for x in hand)`` may stop early: a generator that is a call's only
        # positional argument stays lazy; anywhere else it could be returned, so it
        # becomes a tuple.
        if len(node.args) == 1 and isinstance(node.args[0], ast.GeneratorExp):
            self.lazy.add(id(node.args[0]))
        self.generic_visit(node)
        if isinstance(node.func, ast.Name):
            function = self.functions.get(node.func.id)
            # The base library charges the meter, so the run must start it afresh.
            self.metered |= getattr(function, "charges_work", False) or any(
                function is metered
                for metered in SAFE_BUILTINS.functions.values()
                if metered not in _UNMETERED
            )
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.expr:
        self.generic_visit(node)
        operands = [node.left, *node.comparators]
        for index, operator in enumerate(node.ops, start=1):
            left, right = operands[index - 1], operands[index]
            if self._is_small(right):
                continue
            # 'x in c' costs len(c); 'a == b' costs at most len(b): charge what was built.
            if isinstance(operator, ast.In | ast.NotIn) or not self._is_small(left):
                operands[index] = self._call("_probe", right)
        node.left, node.comparators = operands[0], operands[1:]
        return node

    def _is_small(self, node: ast.expr) -> bool:
        if isinstance(node, ast.Constant | ast.Attribute):
            return True
        return isinstance(node, ast.Name) and node.id in self.small_names

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.expr:
        parts: list[ast.expr] = []
        for part in node.values:
            if isinstance(part, ast.FormattedValue):
                spec = part.format_spec
                text = "".join(
                    str(piece.value)
                    for piece in (spec.values if isinstance(spec, ast.JoinedStr) else [])
                    if isinstance(piece, ast.Constant)
                )
                value = self.visit(part.value)
                parts.append(
                    self._call("_format", value, ast.Constant(part.conversion), ast.Constant(text))
                )
            else:
                parts.append(part)
        return self._call("_text", *parts)


#: ``function.inline_form``: a library function this small is written in place of its call.
INLINE_FORMS: Final = frozenset({"top", "empty"})


class _Inlining(ast.NodeTransformer):
    """Writes calls of the tiniest stack functions in place: ``empty(s)`` is ``not s``,
    ``top(s)`` is ``s[-1] if s else None`` (when ``s`` is a name or an index of names,
    cheap to read twice). The result uses only nodes the checker allows and no names."""

    def __init__(self, functions: Mapping[str, object]) -> None:
        self.forms = {
            name: getattr(function, "inline_form", None) for name, function in functions.items()
        }

    def visit_Call(self, node: ast.Call) -> ast.expr:
        self.generic_visit(node)
        function = node.func
        if not isinstance(function, ast.Name) or len(node.args) != 1 or node.keywords:
            return node
        form = self.forms.get(function.id)
        (stack,) = node.args
        if form == "empty":
            return ast.copy_location(ast.UnaryOp(op=ast.Not(), operand=stack), node)
        if form == "top" and _plain_read(stack):
            last = ast.Subscript(value=stack, slice=ast.Constant(-1), ctx=ast.Load())
            choice = ast.IfExp(test=copy.deepcopy(stack), body=last, orelse=ast.Constant(None))
            return ast.copy_location(choice, node)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.expr:
        """In ``empty(s) or top(s).owner == me``, the second part runs only when ``s`` is
        not empty, so its ``top(s)`` is ``s[-1]``: no test, no second read (and likewise
        after ``not empty(s) and`` or ``s and``)."""
        self.generic_visit(node)
        known: set[str] = set()
        for index, value in enumerate(node.values):
            if known:
                node.values[index] = value = _KnownTops(known).visit(value)
            stack = _filled_after(value, isinstance(node.op, ast.Or))
            if stack is not None:
                known.add(ast.dump(stack))
        return node

    def _comprehension(self, node: Any) -> ast.expr:
        """What a one-loop comprehension builds runs only when its ``if`` parts hold, so
        a stack they find not empty has its ``top`` as ``s[-1]`` there too."""
        self.generic_visit(node)
        built: ast.expr = node
        if len(node.generators) != 1:
            return built
        known: set[str] = set()
        for test in node.generators[0].ifs:
            parts = (
                test.values
                if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And)
                else [test]
            )
            for part in parts:
                stack = _filled_after(part, False)
                if stack is not None:
                    known.add(ast.dump(stack))
        if known:
            for field in ("elt", "key", "value"):
                if hasattr(node, field):
                    setattr(node, field, _KnownTops(known).visit(getattr(node, field)))
        return built

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _comprehension


def _filled_after(value: ast.expr, either: bool) -> ast.expr | None:
    """The stack (a plain read) that is not empty whenever the operands after ``value``
    run: after ``not s`` in an ``or``; after ``s`` or ``not not s`` in an ``and``."""
    if either:
        if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
            stack = value.operand
            return stack if _plain_read(stack) else None
        return None
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.Not):
        inner = value.operand
        if isinstance(inner, ast.UnaryOp) and isinstance(inner.op, ast.Not):
            value = inner.operand
        else:
            return None
    return value if _plain_read(value) else None


class _KnownTops(ast.NodeTransformer):
    """``s[-1] if s else None`` as ``s[-1]`` for the stacks known not to be empty."""

    def __init__(self, known: set[str]) -> None:
        self.known = known

    def visit_IfExp(self, node: ast.IfExp) -> ast.expr:
        self.generic_visit(node)
        body, orelse = node.body, node.orelse
        if (
            isinstance(orelse, ast.Constant)
            and orelse.value is None
            and isinstance(body, ast.Subscript)
            and isinstance(body.slice, ast.Constant)
            and body.slice.value == -1
            and ast.dump(body.value) == ast.dump(node.test)
            and ast.dump(node.test) in self.known
        ):
            return body
        return node

    def _own_names(self, node: ast.expr) -> ast.expr:
        return node  # a comprehension may bind the stack's names anew: left as it is

    visit_ListComp = visit_SetComp = visit_DictComp = visit_GeneratorExp = _own_names
    visit_Lambda = _own_names


def _plain_read(node: ast.expr) -> bool:
    """A name, or a name indexed by names and constants: reading it twice costs nothing."""
    while isinstance(node, ast.Subscript):
        if not isinstance(node.slice, ast.Name | ast.Constant):
            return False
        node = node.value
    return isinstance(node, ast.Name)


class Expr:
    """A checked, compiled expression: call it with an environment of names to values."""

    __slots__ = ("_function", "body", "fast", "metered", "names", "source", "where")

    def __init__(
        self,
        source: str,
        names: frozenset[str],
        tree: ast.Expression,
        library: Library,
        where: Where | None = None,
    ) -> None:
        self.source = source
        self.names = names
        self.where = where
        # Values from outside are game-sized; comprehension variables may hold built ones.
        small = (names | frozenset(library.constants)) - _comprehension_names(tree)
        guarding = _Guarding(small, library.functions)
        body = guarding.visit(_Inlining(library.functions).visit(copy.deepcopy(tree.body)))
        #: The checked tree with its guards: what the move and effect compilers build on.
        self.body: ast.expr = body
        #: True when a run spends work units, so it must start from a full meter.
        self.metered = guarding.metered
        self._function = _compile_function(source, body, sorted(names), library, self)
        #: The quickest way to run it from engine code that turns errors into EvalErrors
        #: itself (see ``evaluation_error``): a bounded expression, one that cannot loop
        #: or grow values, is its compiled function; a metered one still starts its meter.
        self.fast: Callable[[Mapping[str, object]], object] = (
            self if self.metered else self._function
        )

    def __call__(self, env: Mapping[str, object]) -> object:
        if self.metered:  # it spends work: on the one meter, one thread at a time
            with RUN_LOCK:
                meter = _meter
                meter.done += MAX_WORK - meter.left  # the run before this one, for work_done
                meter.left = MAX_WORK
                return self._run(env)
        return self._run(env)

    def _run(self, env: Mapping[str, object]) -> object:
        try:
            return self._function(env)
        except KeyError as error:
            if error.args and error.args[0] in self.names and error.args[0] not in env:
                raise self.failed(error) from error
            raise self.failed(Exception(f"KeyError: {error}")) from error
        except Exception as error:  # a pack's expression must never crash the engine
            raise self.failed(error) from error

    def _place(self) -> str:
        return f"{self.where}: `{self.source}`: " if self.where else f"`{self.source}`: "

    def failed(self, error: BaseException) -> EvalError:
        """The EvalError naming this expression for an exception raised while it ran."""
        if isinstance(error, EvalError):
            if error.placed:
                return error
            failure = EvalError(f"{self._place()}{error}")
        elif isinstance(error, KeyError) and error.args and error.args[0] in self.names:
            failure = EvalError(f"{self._place()}no value for name {error.args[0]!r}")
        elif type(error) is Exception:  # a message already written out in full
            failure = EvalError(f"{self._place()}{error}")
        else:
            failure = EvalError(f"{self._place()}{type(error).__name__}: {error}")
        failure.placed = True
        return failure

    def __repr__(self) -> str:
        return f"Expr({self.source!r})"


def _comprehension_names(tree: ast.AST) -> frozenset[str]:
    return frozenset(
        target.id
        for node in ast.walk(tree)
        if isinstance(node, ast.comprehension)
        for target in ast.walk(node.target)
        if isinstance(target, ast.Name)
    )


def _compile_function(
    source: str, body: ast.expr, names: Sequence[str], library: Library, owner: Expr
) -> Callable[[Mapping[str, object]], object]:
    """A Python function ``(env) -> value`` whose body is the guarded expression."""
    reads: list[ast.stmt] = [
        ast.Assign(
            targets=[ast.Name(id=name, ctx=ast.Store())],
            value=ast.Subscript(
                value=ast.Name(id="_env", ctx=ast.Load()), slice=ast.Constant(name), ctx=ast.Load()
            ),
        )
        for name in names
    ]
    function = ast.FunctionDef(
        name="_expression",
        args=ast.arguments(
            posonlyargs=[],
            args=[ast.arg(arg="_env")],
            vararg=None,
            kwonlyargs=[],
            kw_defaults=[],
            kwarg=None,
            defaults=[],
        ),
        body=[*reads, ast.Return(value=body)],
        decorator_list=[],
        returns=None,
    )
    module = ast.Module(body=[function], type_ignores=[])
    ast.fix_missing_locations(module)
    namespace = run_namespace(library)
    namespace[_EXPRESSIONS] = owner  # read back only by evaluation_error, never by packs
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = compile(module, filename=f"<pack expression {source[:60]!r}>", mode="exec")
    exec(code, namespace)  # defines _expression only; the checked body runs at call time
    compiled: Callable[[Mapping[str, object]], object] = namespace["_expression"]
    return compiled


#: The global naming which expression a compiled function runs: an Expr, or for a
#: function compiled from several expressions a mapping of line number to Expr.
_EXPRESSIONS: Final = "_pack_expressions"


def run_namespace(library: Library) -> dict[str, Any]:
    """The globals of compiled pack code: the library and the guards, no Python built-ins."""
    namespace: dict[str, Any] = {"__builtins__": {}}
    namespace.update(library.constants)
    namespace.update(library.functions)
    namespace.update(_GUARDS)
    namespace["_meter"] = _meter
    namespace["_MAX_WORK"] = MAX_WORK
    return namespace


def register_lines(namespace: dict[str, Any], lines: Mapping[int, Expr]) -> None:
    """Tell ``evaluation_error`` which expression each line of generated code runs."""
    namespace[_EXPRESSIONS] = dict(lines)


def evaluation_error(error: BaseException) -> EvalError | None:
    """The EvalError for an exception raised inside compiled pack code, naming the
    innermost expression that was running; None when no expression was running.

    Engine code runs expressions through ``Expr.fast`` or functions generated from
    their checked trees and calls this once, where it catches errors, instead of
    wrapping every single run."""
    found: Expr | None = None
    trace = error.__traceback__
    while trace is not None:
        owner = trace.tb_frame.f_globals.get(_EXPRESSIONS)
        if isinstance(owner, Expr):
            found = owner
        elif isinstance(owner, dict):
            found = owner.get(trace.tb_lineno, found)
        trace = trace.tb_next
    return None if found is None else found.failed(error)
