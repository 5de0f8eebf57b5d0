"""Plain values and their JSON form: what frames and commands hold, written so that a
value read back is equal to the one written.

A frame holds the rules' own small values (a ``Card``, a ``Piece``, a ``Cell``, a
hidden stack's ``Hidden`` count, ``UNSEEN``) in tuples, frozensets and dicts; JSON
has only lists, objects, strings, numbers, booleans and null. Each value that is not
plain JSON is written as an object with one tag key, ``{"card": "QL"}``,
``{"piece": "R", "owner": 1}``, ``{"cell": [1, 0]}``, ``{"hidden": 5}``; a list is
read back as a tuple. :func:`plain` turns the values a state holds (lists, sets, a
``Grid``) into those the JSON form reads back, so a frame is made of them from the
start.

A place key (``("board", Cell(1, 1))``, ``("hand", 0)``) is a tuple like any other:
``["board", {"cell": [1, 1]}]``.

>>> from vtt.janken import Card
>>> value = (Card.parse("QL"), Cell(1, 0), frozenset({2, 1}), {"a": None})
>>> to_json(value)
[{'card': 'QL'}, {'cell': [1, 0]}, {'set': [1, 2]}, {'map': [['a', None]]}]
>>> from_json(to_json(value)) == value
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from vtt.janken import Card, NotationError, Rank, Suit
from vtt.rules.values import Cell, Piece
from vtt.rules.views import UNSEEN, Hidden, Unseen

T = TypeVar("T")

__all__ = ["JsonValue", "from_json", "plain", "record", "to_json"]

#: What ``json.loads`` gives.
JsonValue = Any

#: The frozen dataclasses written as ``{"record": NAME, "fields": {...}}``, by name.
RECORDS: dict[str, type] = {}


def record(cls: type[T]) -> type[T]:
    """Register a frozen dataclass of plain fields as a value with a JSON form."""
    before = RECORDS.get(cls.__name__)
    if before is not None:  # a record of the same name no longer has one
        _WRITERS.pop(before, None)
    RECORDS[cls.__name__] = cls
    _WRITERS[cls] = _record_writer(cls)
    return cls


def plain(value: object) -> Any:
    """``value`` as the JSON form reads it back: tuples for lists, frozensets for sets,
    dicts for mappings (a ``Grid`` too), the rules' small values as they are.
    ValueError for a value with no JSON form."""
    if value is None or value.__class__ in (bool, int, float, str, Card, Piece, Hidden):
        return value
    if isinstance(value, Suit | Rank | Cell | Unseen) or type(value).__name__ in RECORDS:
        return value
    if isinstance(value, list | tuple):
        return tuple(plain(item) for item in value)
    if isinstance(value, set | frozenset):
        return frozenset(plain(item) for item in value)
    if isinstance(value, Mapping):
        return {plain(key): plain(item) for key, item in value.items()}
    raise ValueError(f"{value!r} ({type(value).__name__}) has no JSON form")


def to_json(value: object) -> JsonValue:
    """The JSON form of a plain value (see the module's doc)."""
    writer = _WRITERS.get(value.__class__)  # the common classes at once: frames are big
    return writer(value) if writer is not None else _any_to_json(value)


def _any_to_json(value: object) -> JsonValue:
    if value is None or value.__class__ in (bool, int, float, str):
        return value
    if isinstance(value, Card):
        return {"card": str(value)}
    if isinstance(value, Piece):
        return {"piece": value.kind, "owner": value.owner}
    if isinstance(value, Cell):
        return {"cell": [value.col, value.row]}
    if isinstance(value, Hidden):
        return {"hidden": value.count}
    if isinstance(value, Unseen):
        return {"unseen": True}
    if isinstance(value, Suit):
        return {"suit": int(value)}
    if isinstance(value, Rank):
        return {"rank": int(value)}
    name = type(value).__name__
    if RECORDS.get(name) is type(value):
        return _WRITERS[type(value)](value)
    if isinstance(value, list | tuple):
        return _list_to_json(value)
    if isinstance(value, set | frozenset):
        return _set_to_json(value)
    if isinstance(value, Mapping):
        return _map_to_json(value)
    raise ValueError(f"{value!r} ({type(value).__name__}) has no JSON form")


def _list_to_json(value: list[Any] | tuple[Any, ...]) -> JsonValue:
    return [to_json(item) for item in value]


def _set_to_json(value: set[Any] | frozenset[Any]) -> JsonValue:
    items = [to_json(item) for item in value]
    return {"set": sorted(items, key=lambda item: json.dumps(item, sort_keys=True))}


def _map_to_json(value: Mapping[Any, Any]) -> JsonValue:
    return {"map": [[to_json(key), to_json(item)] for key, item in value.items()]}


def _record_writer(cls: type) -> Callable[[Any], JsonValue]:
    name = cls.__name__
    names = tuple(field.name for field in dataclasses.fields(cls))

    def write(value: Any) -> JsonValue:
        return {"record": name, "fields": {key: to_json(getattr(value, key)) for key in names}}

    return write


def _same(value: Any) -> JsonValue:
    return value


#: How each class that ``_any_to_json`` knows is written (the records as registered):
#: what its tests would pick for that class, without the tests.
_WRITERS: dict[type, Callable[[Any], JsonValue]] = {
    **dict.fromkeys((type(None), bool, int, float, str), _same),
    Card: lambda value: {"card": str(value)},
    Piece: lambda value: {"piece": value.kind, "owner": value.owner},
    Cell: lambda value: {"cell": [value.col, value.row]},
    Hidden: lambda value: {"hidden": value.count},
    Unseen: lambda value: {"unseen": True},
    Suit: lambda value: {"suit": int(value)},
    Rank: lambda value: {"rank": int(value)},
    list: _list_to_json,
    tuple: _list_to_json,
    set: _set_to_json,
    frozenset: _set_to_json,
    dict: _map_to_json,
}


def from_json(data: JsonValue) -> Any:
    """The value a JSON form stands for; ValueError naming what is wrong."""
    if data is None or data.__class__ in (bool, int, float, str):
        return data
    if isinstance(data, list):
        return tuple(from_json(item) for item in data)
    if not isinstance(data, dict) or not data:
        raise ValueError(f"{data!r} is not a value's JSON form")
    tags = [key for key in data if key in _READERS]
    tag = tags[0] if len(tags) == 1 else ""
    reader = _READERS.get(tag)
    if reader is None or set(data) != _TAGS[tag]:
        raise ValueError(f"{data!r} is not a value's JSON form")
    try:
        return reader(data)
    except (NotationError, TypeError, ValueError, KeyError) as error:
        raise ValueError(f"{data!r} is not a value's JSON form: {error}") from None


def _int(value: object) -> int:
    if type(value) is not int:
        raise ValueError(f"{value!r} is not a whole number")
    return value


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise ValueError(f"{value!r} is not a list")
    return value


def _cell(data: dict[str, Any]) -> Cell:
    col, row = _list(data["cell"])
    return Cell(_int(col), _int(row))


def _piece(data: dict[str, Any]) -> Piece:
    kind = data["piece"]
    if not isinstance(kind, str):
        raise ValueError(f"{kind!r} is not a piece's kind")
    return Piece(kind, _int(data["owner"]))


def _card(data: dict[str, Any]) -> Card:
    text = data["card"]
    if not isinstance(text, str):
        raise ValueError(f"{text!r} is not a card")
    return Card.parse(text)


def _unseen(data: dict[str, Any]) -> Unseen:
    if data["unseen"] is not True:
        raise ValueError("unseen must be true")
    return UNSEEN


def _map(data: dict[str, Any]) -> dict[Any, Any]:
    found = {}
    for pair in _list(data["map"]):
        key, value = _list(pair)
        found[from_json(key)] = from_json(value)
    return found


def _record(data: dict[str, Any]) -> Any:
    cls = RECORDS.get(data["record"])
    fields = data["fields"]
    if cls is None or not isinstance(fields, dict):
        raise ValueError(f"unknown record {data['record']!r}")
    names = {f.name for f in dataclasses.fields(cls)}
    if set(fields) != names:
        raise ValueError(f"{data['record']} needs the fields {sorted(names)}")
    return cls(**{name: from_json(value) for name, value in fields.items()})


_READERS: dict[str, Any] = {
    "record": _record,
    "card": _card,
    "piece": _piece,
    "cell": _cell,
    "hidden": lambda data: Hidden(_int(data["hidden"])),
    "unseen": _unseen,
    "suit": lambda data: Suit(_int(data["suit"])),
    "rank": lambda data: Rank(_int(data["rank"])),
    "set": lambda data: frozenset(from_json(item) for item in _list(data["set"])),
    "map": _map,
}
_TAGS: dict[str, set[str]] = {tag: {tag} for tag in _READERS}
_TAGS["piece"] = {"piece", "owner"}
_TAGS["record"] = {"record", "fields"}
