"""Safe YAML reading for rule packs and records: plain data plus the place of every node.

Only plain data comes out: dicts with text keys, lists, text, whole numbers,
numbers with a fraction, booleans and None. Scalars follow the YAML 1.2 core
schema, as editors with a YAML language server do (``on``, ``yes`` and ``no``
stay text; only ``true`` and ``false`` are booleans). Python tags, merge keys,
duplicate keys, more than one document, deep nesting, too many aliases and files
over 2 MB are errors naming the file and line. Nothing in a file can run code.

>>> document = load_yaml("moves:\\n  play:\\n    when: [len(hand) > 0]\\n", file="war.yaml")
>>> document.data
{'moves': {'play': {'when': ['len(hand) > 0']}}}
>>> str(document.where(["moves", "play", "when", 0]))
'war.yaml:3:12 (moves.play.when[0])'
"""

from __future__ import annotations

import errno
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Final

import yaml

from vtt.rules.errors import PackError, Where
from vtt.rules.shown import excerpt, hidden_character

# libyaml's parser is much faster; the pure-Python one reads the same events. Only
# the parser part of either loader is used: no constructor ever runs.
_PARSER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

__all__ = [
    "MAX_ALIASES",
    "MAX_ALIAS_NODES",
    "MAX_DEPTH",
    "MAX_DOCUMENT_SIZE",
    "Document",
    "format_path",
    "load_yaml",
    "load_yaml_file",
    "where_of",
]

#: Largest file read, in characters (bytes for files): 2 MB.
MAX_DOCUMENT_SIZE: Final = 2 * 1024 * 1024
#: Deepest nesting of mappings and lists.
MAX_DEPTH: Final = 64
#: Most aliases (``*name``) in one document.
MAX_ALIASES: Final = 100
#: Most values that aliases may copy in one document (a billion-laughs bomb stops here).
MAX_ALIAS_NODES: Final = 100_000

PathKey = tuple[str | int, ...]

_CORE = "tag:yaml.org,2002:"
_NULL = re.compile(r"~|null|Null|NULL|")
_TRUE = re.compile(r"true|True|TRUE")
_FALSE = re.compile(r"false|False|FALSE")
_DECIMAL = re.compile(r"[-+]?[0-9]+")
_OCTAL = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_INFINITY = re.compile(r"([-+]?)\.(?:inf|Inf|INF)")
_NAN = re.compile(r"\.(?:nan|NaN|NAN)")
_MAX_DIGITS = 40


@dataclass(frozen=True)
class _Place:
    """Where a node sits: its key (or list item) and its value's first character."""

    key_line: int
    key_column: int
    value_line: int
    value_column: int


@dataclass(frozen=True)
class Document:
    """A loaded YAML file: ``data`` is plain data; ``where(path)`` finds a node in the file."""

    file: str
    data: object
    places: Mapping[PathKey, _Place] = field(default_factory=dict, repr=False)
    #: For a pruned document (``pruned``): the path in the file of each node's path.
    written: Mapping[PathKey, PathKey] = field(default_factory=dict, repr=False)

    def where(self, path: Iterable[str | int] = ()) -> Where:
        """The file, line and column of the key (or list item) at ``path``.

        A path that goes deeper than the file (into an alias, or to a key that is
        missing) gives the place of its longest part that exists: jsonschema's
        ``error.absolute_path`` maps straight to a line this way.
        """
        key, place = self._nearest(tuple(path))
        return Where(self.file, place.key_line, place.key_column, format_path(key))

    def value_where(self, path: Iterable[str | int] = ()) -> Where:
        """The place of the first character of the value at ``path`` (inside its quotes)."""
        key, place = self._nearest(tuple(path))
        return Where(self.file, place.value_line, place.value_column, format_path(key))

    def file_path(self, path: Iterable[str | int]) -> PathKey:
        """Where the node at ``path`` is written in the file (the same path, unless
        this document is a pruned one whose lists lost items before it)."""
        path = tuple(path)
        if not self.written:
            return path
        for length in range(len(path), -1, -1):
            found = self.written.get(path[:length])
            if found is not None:
                return (*found, *path[length:])
        return path

    def pruned(self, cut: Iterable[PathKey]) -> Document:
        """This document without the nodes at the paths ``cut`` (a list's later items
        move up); places and the paths in messages stay those of the file."""
        removed = {tuple(path) for path in cut}
        places: dict[PathKey, _Place] = {}
        written: dict[PathKey, PathKey] = {}

        def keep(value: object, old: PathKey, new: PathKey) -> object:
            written[new] = old
            if old in self.places:
                places[new] = self.places[old]
            if isinstance(value, dict):
                return {
                    key: keep(item, (*old, key), (*new, key))
                    for key, item in value.items()
                    if (*old, key) not in removed
                }
            if isinstance(value, list):
                items: list[object] = []
                for index, item in enumerate(value):
                    if (*old, index) not in removed:
                        items.append(keep(item, (*old, index), (*new, len(items))))
                return items
            return value

        data = keep(self.data, (), ())
        return Document(
            self.file, data, places, {new: self.file_path(old) for new, old in written.items()}
        )

    def _nearest(self, path: PathKey) -> tuple[PathKey, _Place]:
        shown = self.file_path(path)
        for length in range(len(path), -1, -1):
            place = self.places.get(path[:length])
            if place is not None:
                return shown, place
        return shown, _Place(0, 0, 0, 0)


def format_path(path: Iterable[str | int]) -> str:
    """A key path as pack authors read it.

    >>> format_path(["moves", "play", "when", 0])
    'moves.play.when[0]'
    >>> format_path(["zones", "a b", 2, "x"])
    'zones["a b"][2].x'
    """
    text = ""
    for whole in path:
        # A key is shown short: one line, at most EXCERPT_CHARS (a key may be a file's text).
        part = whole if isinstance(whole, int) else excerpt(whole)
        if isinstance(part, int):
            text += f"[{part}]"
        elif part.isidentifier():
            text += f".{part}" if text else part
        else:
            text += f"[{_quoted(part)}]"
    return text


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def load_yaml(text: str, *, file: str) -> Document:
    """Read one YAML document from ``text`` safely; raise PackError naming ``file`` and line."""
    if len(text) > MAX_DOCUMENT_SIZE:
        line = text.count("\n", 0, MAX_DOCUMENT_SIZE) + 1
        raise PackError(
            f"the file is too large: {len(text) / 1e6:.1f} MB, past the limit of "
            f"{MAX_DOCUMENT_SIZE // (1024 * 1024)} MB at line {line}",
            Where(file, line),
        )
    return _Composer(text, file).document()


def load_yaml_file(path: Path, *, links: bool = True) -> Document:
    """Read a YAML file safely (at most 2 MB, UTF-8); raise PackError naming the file.

    With ``links=False`` (a pack's own files) a symbolic link is refused unread: a
    folder from someone else could otherwise make the program read and quote any file.
    """
    file = str(path)
    if not links and path.is_symlink():
        raise PackError(_LINK_MESSAGE, Where(file))
    try:
        with _open_file(path, links) as stream:
            raw = stream.read(MAX_DOCUMENT_SIZE + 1)
    except OSError as error:
        if error.errno == errno.ELOOP:  # made a link since the check above
            raise PackError(_LINK_MESSAGE, Where(file)) from None
        raise PackError(f"cannot read the file: {error.strerror or error}", Where(file)) from None
    if len(raw) > MAX_DOCUMENT_SIZE:
        line = raw.count(b"\n") + 1
        raise PackError(
            f"the file is too large: more than {MAX_DOCUMENT_SIZE // (1024 * 1024)} MB "
            f"(the limit is reached at line {line})",
            Where(file, line),
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        raise PackError(
            "the file is not UTF-8 text: it has a byte that UTF-8 does not allow", Where(file, line)
        ) from None
    return load_yaml(text, file=file)


_LINK_MESSAGE: Final = (
    "the file is a symbolic link: a pack's files must be plain files in its folder, "
    "not links to files elsewhere"
)


def _open_file(path: Path, links: bool) -> BinaryIO:
    """The file opened for reading; without following a final link when ``links`` is False."""
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0)
    if not links:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    return os.fdopen(os.open(path, flags), "rb")


def where_of(document: object, path: Sequence[str | int], *, file: str) -> Where:
    """The place of ``path`` in a loaded Document; only the path when given bare data."""
    if isinstance(document, Document):
        return document.where(path)
    return Where(file, 0, 0, format_path(path))


class _Composer:
    """Builds plain data from parser events, recording places and enforcing the limits."""

    def __init__(self, text: str, file: str) -> None:
        self.text = text
        self.file = file
        self.parser: Any = None  # made at the first event: its reader may already object
        self.places: dict[PathKey, _Place] = {}
        self.anchors: dict[str, tuple[object, int]] = {}
        self.open_anchors: set[str] = set()
        self.aliases = 0
        self.alias_nodes = 0
        self.nodes = 0
        self._lines: list[str] | None = None

    def fail(self, message: str, mark: Any, path: PathKey = ()) -> PackError:
        """A PackError at a parser mark (0-based line and column)."""
        line, column = _position(mark)
        return PackError(message, Where(self.file, line, column, format_path(path)))

    def next_event(self) -> Any:
        """The next parser event; YAML syntax errors become PackErrors."""
        try:
            if self.parser is None:
                self.parser = _PARSER(self.text)
            return self.parser.get_event()
        except yaml.MarkedYAMLError as error:
            problem = error.problem or "not valid YAML"
            if "nesting depth" in problem:  # PyYAML 6.0.4 and later stop deep nesting first
                raise self.fail(
                    f"the data is nested too deeply (at most {MAX_DEPTH} levels)",
                    error.problem_mark,
                ) from None
            context = f" ({error.context})" if error.context else ""
            # A key still without its colon is where it was typed, not where YAML noticed.
            key = error.context == "while scanning a simple key" and error.context_mark
            mark = error.context_mark if key else error.problem_mark
            raise self.fail(f"not valid YAML: {problem}{context}", mark) from None
        except yaml.reader.ReaderError as error:
            position = max(error.position, 0)
            line = self.text.count("\n", 0, position) + 1
            column = position - self.text.rfind("\n", 0, position)
            character = error.character
            shown = chr(character) if isinstance(character, int) else character
            raise PackError(
                f"not valid YAML: character {shown!r} is not allowed",
                Where(self.file, line, column),
            ) from None
        except yaml.YAMLError as error:
            raise PackError(f"not valid YAML: {error}", Where(self.file)) from None

    def document(self) -> Document:
        """The single document of the stream (data None for an empty file)."""
        self.next_event()  # StreamStartEvent
        event = self.next_event()
        data: object = None
        if isinstance(event, yaml.DocumentStartEvent):
            data = self.node(self.next_event(), (), 1, event.start_mark)
            self.next_event()  # DocumentEndEvent
            event = self.next_event()
            if not isinstance(event, yaml.StreamEndEvent):
                raise self.fail(
                    "a pack file holds one YAML document: remove the second '---' and what follows",
                    event.start_mark,
                )
        return Document(self.file, data, dict(self.places))

    def node(self, event: Any, path: PathKey, depth: int, key_mark: Any) -> object:
        """The value starting at ``event``, recorded at ``path``."""
        if isinstance(event, yaml.AliasEvent):
            return self.alias(event, path, key_mark)
        if depth > MAX_DEPTH:
            raise self.fail(
                f"the data is nested too deeply (at most {MAX_DEPTH} levels)", event.start_mark
            )
        self.nodes += 1
        start = self.nodes
        if isinstance(event, yaml.ScalarEvent):
            value: object = self.scalar(event, path)
            self.record(path, key_mark, *self.content_start(event))
        elif isinstance(event, yaml.SequenceStartEvent):
            self.check_tag(event, "seq", path)
            self.record(path, key_mark, *_position(event.start_mark))
            value = self.sequence(event, path, depth)
        elif isinstance(event, yaml.MappingStartEvent):
            self.check_tag(event, "map", path)
            self.record(path, key_mark, *_position(event.start_mark))
            value = self.mapping(event, path, depth)
        else:  # pragma: no cover - the parser only starts nodes with the events above
            raise self.fail("unexpected YAML event", event.start_mark, path)
        if event.anchor is not None:
            self.open_anchors.discard(event.anchor)
            self.anchors[event.anchor] = (value, self.nodes - start + 1)
        return value

    def record(self, path: PathKey, key_mark: Any, value_line: int, value_column: int) -> None:
        """Remember where the node at ``path`` and its key are."""
        key_line, key_column = _position(key_mark)
        self.places.setdefault(path, _Place(key_line, key_column, value_line, value_column))

    def alias(self, event: Any, path: PathKey, key_mark: Any) -> object:
        """The value of ``*name``: a copy of the anchored value, counted in full."""
        name = event.anchor
        if name in self.open_anchors:
            raise self.fail(f"alias '*{excerpt(name)}' refers to itself", event.start_mark, path)
        if name not in self.anchors:
            shown = excerpt(name)
            raise self.fail(f"unknown alias '*{shown}': no '&{shown}' before it", event.start_mark)
        self.aliases += 1
        if self.aliases > MAX_ALIASES:
            raise self.fail(
                f"too many aliases: a file may use at most {MAX_ALIASES}", event.start_mark, path
            )
        value, size = self.anchors[name]
        self.alias_nodes += size
        self.nodes += size
        if self.alias_nodes > MAX_ALIAS_NODES:
            raise self.fail(
                f"aliases copy too much: more than {MAX_ALIAS_NODES:,} values in all "
                "(an alias repeats everything its anchor holds)",
                event.start_mark,
                path,
            )
        self.record(path, key_mark, *_position(event.start_mark))
        return _copy(value)

    def sequence(self, start: Any, path: PathKey, depth: int) -> list[object]:
        """The items of a sequence, up to its end event."""
        if start.anchor is not None:
            self.open_anchors.add(start.anchor)
        items: list[object] = []
        event = self.next_event()
        while not isinstance(event, yaml.SequenceEndEvent):
            index = len(items)
            items.append(self.node(event, (*path, index), depth + 1, event.start_mark))
            event = self.next_event()
        return items

    def mapping(self, start: Any, path: PathKey, depth: int) -> dict[str, object]:
        """The entries of a mapping; keys are the text written, duplicates are errors."""
        if start.anchor is not None:
            self.open_anchors.add(start.anchor)
        entries: dict[str, object] = {}
        first_lines: dict[str, int] = {}
        event = self.next_event()
        while not isinstance(event, yaml.MappingEndEvent):
            key = self.key(event, path)
            if key in entries:
                raise self.fail(
                    f"duplicate key '{excerpt(key)}' (first at line {first_lines[key]})",
                    event.start_mark,
                    (*path, key),
                )
            first_lines[key] = event.start_mark.line + 1
            entries[key] = self.node(self.next_event(), (*path, key), depth + 1, event.start_mark)
            event = self.next_event()
        return entries

    def key(self, event: Any, path: PathKey) -> str:
        """A mapping key: plain text, never a list, a mapping, an alias or a merge."""
        if not isinstance(event, yaml.ScalarEvent) or event.anchor is not None:
            raise self.fail(
                "a key must be plain text (no lists, mappings, anchors or aliases as keys)",
                event.start_mark,
                path,
            )
        if event.tag not in (None, "!", f"{_CORE}str"):
            raise self.fail(_tag_message(event.tag), event.start_mark, path)
        if event.value == "<<" and event.implicit[0]:
            raise self.fail(
                "merge keys ('<<') are not supported: write the keys out", event.start_mark, path
            )
        self.nodes += 1
        return self.seen(str(event.value), event, path)

    def seen(self, text: str, event: Any, path: PathKey) -> str:
        """Text that shows what it holds: a control character or an invisible formatting
        one (a right-to-left override, a zero-width space) could make a name, a log line
        or a message read otherwise than it is."""
        char = hidden_character(text)
        if char is not None:
            line, column = self.content_start(event)
            line += text[: text.index(char)].count("\n") if event.style in ("|", ">") else 0
            raise PackError(
                f"the text holds the invisible character U+{ord(char):04X} "
                f"({unicodedata.name(char, 'a control character')}): write plain text",
                Where(self.file, line, column, format_path(path)),
            )
        return text

    def check_tag(self, event: Any, kind: str, path: PathKey) -> None:
        """Lists and mappings may carry no tag but their own."""
        if event.tag not in (None, "!", f"{_CORE}{kind}"):
            raise self.fail(_tag_message(event.tag), event.start_mark, path)

    def scalar(self, event: Any, path: PathKey) -> object:
        """A scalar's value: text unless plain (untagged) or tagged with a core type."""
        tag, text = event.tag, event.value
        if tag in (None, "!"):
            if not event.implicit[0] or tag is not None:
                return self.seen(text, event, path)
            if len(text) > _MAX_DIGITS and _FLOAT.fullmatch(text):
                raise self.fail(
                    f"the number is too long: at most {_MAX_DIGITS} digits", event.start_mark, path
                )
            value = _resolve(text)
            return self.seen(value, event, path) if isinstance(value, str) else value
        if not tag.startswith(_CORE) or tag[len(_CORE) :] not in _CORE_SCALARS:
            raise self.fail(_tag_message(tag), event.start_mark, path)
        kind = tag[len(_CORE) :]
        value = self.seen(text, event, path) if kind == "str" else _resolve(text)
        if kind != "str" and _CORE_SCALARS[kind] is not type(value):
            raise self.fail(f"{text!r} is not a valid !!{kind}", event.start_mark, path)
        return value

    def content_start(self, event: Any) -> tuple[int, int]:
        """Line and column of a scalar's first character (inside quotes, below a '|')."""
        line, column = event.start_mark.line + 1, event.start_mark.column + 1
        if event.style in ("'", '"'):
            return line, column + 1
        if event.style in ("|", ">"):
            if self._lines is None:
                self._lines = self.text.splitlines()
            for number in range(line, min(len(self._lines), event.end_mark.line + 1)):
                content = self._lines[number]
                if content.strip():
                    return number + 1, len(content) - len(content.lstrip()) + 1
        return line, column


_CORE_SCALARS: Final[Mapping[str, type]] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "null": type(None),
}


def _position(mark: Any) -> tuple[int, int]:
    """1-based line and column of a parser mark (0, 0 when there is none)."""
    return (mark.line + 1, mark.column + 1) if mark is not None else (0, 0)


def _tag_message(tag: str) -> str:
    shown = "!!" + tag[len(_CORE) :] if tag.startswith(_CORE) else tag
    return f"tag '{shown}' is not allowed: pack files hold plain data only"


def _resolve(text: str) -> object:
    """A plain scalar's value under the YAML 1.2 core schema."""
    if _NULL.fullmatch(text):
        return None
    if _TRUE.fullmatch(text):
        return True
    if _FALSE.fullmatch(text):
        return False
    if len(text) <= _MAX_DIGITS:
        if _DECIMAL.fullmatch(text):
            return int(text, 10)
        if _OCTAL.fullmatch(text):
            return int(text[2:], 8)
        if _HEX.fullmatch(text):
            return int(text[2:], 16)
        if _FLOAT.fullmatch(text):
            return float(text)
    infinity = _INFINITY.fullmatch(text)
    if infinity:
        return float(f"{infinity.group(1)}inf")
    if _NAN.fullmatch(text):
        return float("nan")
    return text


def _copy(value: object) -> object:
    """A deep copy of plain data, so that an alias never shares a mutable value."""
    if isinstance(value, dict):
        return {key: _copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copy(item) for item in value]
    return value
