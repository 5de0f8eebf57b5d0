"""Where a cursor is in a pack's YAML, read tolerantly: half-typed text too.

The pack editor asks at each keystroke, when the text is often no YAML at all (a key
without its colon, an unclosed bracket, a quote still open). So the text is not
parsed: it is read line by line, by indentation (block mappings and lists) and
character by character inside flow collections (``{from: a, to: b}``, ``[x, y]``)
and quotes, which may run over several lines. The answer is a ``Place``: the key
path of the node at the cursor (``('moves', 'play', 'when', 0, 'check')``), whether
a key, a list item or a value is being written there, and the text typed before
the cursor. ``keys(text)`` lists every key with its line, for a pack's own names.

>>> place = locate("moves:\\n  play:\\n    te", 3, 7)
>>> place.path, place.role, place.prefix
(('moves', 'play'), 'key', 'te')
>>> locate("setup:\\n  - {deal: {from: st", 2, 23).path
('setup', 0, 'deal', 'from')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

__all__ = ["Key", "Path", "Place", "keys", "locate", "scan"]

Path = tuple[str | int, ...]

#: A key at the start of some text: quoted, or plain up to the first ``: `` (or ``:`` at the end).
_KEY = re.compile(
    r"""(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^\s"'#{}\[\],&*!|>%@`][^#]*?))[ \t]*:(?=\s|$)"""
)
_DASH = re.compile(r"-(?=\s|$)")
#: A run of flow text with nothing special in it.
_PLAIN = re.compile(r"""[^"'#{}\[\],:]+""")
#: The rest of a quoted scalar, to its closing quote.
_DOUBLE_END = re.compile(r'(?:[^"\\]|\\.)*"')
_SINGLE_END = re.compile(r"(?:[^']|'')*'")


@dataclass(frozen=True)
class Place:
    """What the cursor is on.

    ``role``: ``"key"`` (a key of the mapping at ``path`` is written here),
    ``"item"`` (a list item at ``path``, which ends in its index: a plain word or the
    first key of a mapping), ``"value"`` (the value of the node at ``path``) or
    ``"comment"``.
    ``prefix`` is the token from its start (``start``, a 1-based column) to the
    cursor; ``value`` the whole scalar before the cursor (without its opening quote,
    several lines for a block scalar): what an expression completion reads.
    ``column`` is the 0-based column where a key written here starts, so that a
    mapping or list inserted under it is indented from there."""

    path: Path
    role: str
    prefix: str = ""
    start: int = 1
    value: str = ""
    quote: str = ""
    flow: bool = False
    column: int = 0
    siblings: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Key:
    """A key written in the text: its full path and its place (1-based)."""

    path: Path
    line: int
    column: int


@dataclass
class _Open:
    """A block node open at a column: a key, or a list item (its index)."""

    column: int
    part: str | int
    dash: bool


@dataclass
class _Frame:
    """An open flow collection: a mapping (its current key, or None while a key is
    being written) or a list (its current index)."""

    path: Path
    mapping: bool
    key: str | None = None
    index: int = 0

    def next(self) -> None:
        """After a comma: the next key or item."""
        if self.mapping:
            self.key = None
        else:
            self.index += 1

    def here(self) -> tuple[Path, str]:
        if self.mapping:
            return (self.path, "key") if self.key is None else ((*self.path, self.key), "value")
        return (*self.path, self.index), "item"


@dataclass
class _Flow:
    """Scanning state that may run over lines: flow frames and an open quote."""

    base: Path
    frames: list[_Frame] = field(default_factory=list)
    quote: str = ""
    text: str = ""  # the quoted scalar so far (over lines)


def _unquoted(groups: tuple[str | None, ...]) -> str:
    double, single, plain = groups
    if double is not None:
        return double.replace('\\"', '"')
    if single is not None:
        return single.replace("''", "'")
    return (plain or "").rstrip()


_COMMENT = re.compile(r"(?<!\S)#")


def _comment_at(line: str, start: int) -> int:
    """Where a ``#`` comment starts in a plain scalar from ``start`` (or the end)."""
    found = _COMMENT.search(line, start)
    return len(line) if found is None else found.start()


class _Scanner:
    """One pass over the text: every key, and the Place at the cursor."""

    def __init__(self, text: str, line: int = 0, column: int = 0) -> None:
        self.lines = text.split("\n")
        # 1-based line, 0-based offset in it (at most the line's end)
        width = len(self.lines[line - 1]) if 1 <= line <= len(self.lines) else 0
        self.cursor = (line, min(column - 1, width))
        self.stack: list[_Open] = []
        self.keys: list[Key] = []
        self.place: Place | None = None
        self.flow: _Flow | None = None
        self.block: tuple[int, Path, list[str]] | None = None  # block scalar: indent, path, lines

    # --- the whole text ---------------------------------------------------------

    def run(self) -> _Scanner:
        for number, line in enumerate(self.lines, 1):
            self.number = number
            self.at = self.cursor[1] if number == self.cursor[0] else -1
            if self.block is not None and self._in_block(line):
                continue
            if self.flow is not None:
                self._flow(line, 0, self.flow)
                continue
            self._line(line)
        return self

    def path(self) -> Path:
        return tuple(part.part for part in self.stack)

    def found(self, place: Place) -> None:
        if self.place is None:
            self.place = place

    def _comment(self, start: int) -> None:
        """A comment from ``start``: nothing to offer or explain in it."""
        if self.at > start:
            self.found(Place(self.path(), "comment"))

    def _in_block(self, line: str) -> bool:
        """True for a line of the block scalar open (``key: |``)."""
        assert self.block is not None
        indent, path, lines = self.block
        stripped = line.lstrip(" ")
        # A line indented no deeper than the key ends the block; so does a blank line
        # where the cursor stands no deeper (a key is being started there).
        if (stripped and len(line) - len(stripped) <= indent) or (
            not stripped.strip() and 0 <= self.at <= indent
        ):
            self.block = None
            return False
        if self.at >= 0:
            value = "\n".join([*lines, line[: self.at].lstrip()]).lstrip()
            self.found(Place(path, "value", value=value, start=self.at + 1))
        lines.append(line.strip())
        return True

    # --- a block line -----------------------------------------------------------

    def _line(self, line: str) -> None:
        stripped = line.lstrip(" ")
        pos = len(line) - len(stripped)
        if stripped.startswith("#"):
            self._comment(pos)
        if not stripped.strip() or stripped.startswith("#"):
            if self.at >= 0:
                self._key_place(max(min(self.at, pos), 0) if stripped else self.at, "", self.at)
            return
        after_dash = False
        while _DASH.match(line, pos) is not None:
            self._dash(pos)
            after_dash = True
            rest = line[pos + 1 :]
            pos = pos + 1 + len(rest) - len(rest.lstrip(" "))
            if pos >= len(line) or line[pos] == "#":
                self._comment(pos)
                if self.at >= max(pos - 1, 0):
                    self.found(Place(self.path(), "item", start=self.at + 1, column=self.at))
                return
        key = _KEY.match(line, pos)
        if key is not None:
            self._key(line, pos, key)
        elif after_dash:
            self._scalar(line, pos, self.path(), "item")
        elif self.at >= pos:
            self._key_place(pos, line[pos : self.at], self.at)

    def _dash(self, column: int) -> None:
        self._close(column)
        index = 0
        if self.stack and self.stack[-1].dash and self.stack[-1].column == column:
            index = int(self.stack.pop().part) + 1
        self.stack.append(_Open(column, index, dash=True))

    def _close(self, column: int) -> None:
        """Close the nodes open deeper than ``column``."""
        while self.stack and self.stack[-1].column > column:
            self.stack.pop()

    def _sibling(self, column: int) -> None:
        """Close what a key at ``column`` ends: deeper nodes, a list item at its
        column (a list written under its key, unindented) and a key at its column."""
        self._close(column)
        if self.stack and self.stack[-1].dash and self.stack[-1].column == column:
            self.stack.pop()
        if self.stack and not self.stack[-1].dash and self.stack[-1].column == column:
            self.stack.pop()

    def _key_place(self, column: int, prefix: str, at: int) -> None:
        """A key being written at ``column`` (no colon yet): its mapping by indentation."""
        if self.place is not None:
            return
        saved = list(self.stack)
        self._sibling(column)
        path = self.path()
        self.found(Place(path, "key", prefix=prefix, start=at - len(prefix) + 1, column=column))
        self.stack = saved

    def _key(self, line: str, pos: int, match: re.Match[str]) -> None:
        name = _unquoted(match.groups())
        self._sibling(pos)
        parent = self.path()
        self.stack.append(_Open(pos, name, dash=False))
        self.keys.append(Key((*parent, name), self.number, pos + 1))
        colon = match.end()
        if 0 <= self.at <= colon - 1 and self.at >= pos:
            text = line[pos : self.at].lstrip("\"'")
            self.found(Place(parent, "key", prefix=text, start=self.at - len(text) + 1, column=pos))
            return
        rest = line[colon + 1 :] if colon < len(line) else ""
        start = colon + 1 + len(rest) - len(rest.lstrip())
        path = (*parent, name)
        if start >= len(line) or line[start] == "#":
            self._comment(start)
            if self.at >= colon:  # after `key:`, nothing yet
                self.found(Place(path, "value", start=self.at + 1, column=pos))
            return
        if line[start] in "|>":
            self.block = (pos, path, [])
            if self.at >= colon:
                self.found(Place(path, "value", start=self.at + 1, column=pos))
            return
        self._scalar(line, start, path, "value", column=pos)

    def _scalar(self, line: str, start: int, path: Path, role: str, column: int = -1) -> None:
        """A value (or list item) beginning at ``start``: flow, quoted or plain."""
        column = start if column < 0 else column
        if line[start] in "{[\"'":
            self._flow(line, start, _Flow(path))
            return
        end = _comment_at(line, start)
        self._comment(end)
        if start <= self.at <= end:
            text = line[start : self.at]
            self.found(Place(path, role, prefix=text, start=start + 1, value=text, column=column))

    # --- flow collections and quotes --------------------------------------------

    def _flow(self, line: str, start: int, flow: _Flow) -> None:
        """Scan flow text from ``start``; leave ``self.flow`` set if it runs on."""
        self.flow = None
        token = pos = start
        while pos <= len(line):
            if flow.quote:
                pos = self._quoted(line, pos, flow)
                if flow.quote:
                    break  # the quote runs on to the next line
                if not flow.frames:
                    self._comment(_comment_at(line, pos))  # the scalar has ended
                    return
                continue
            plain = _PLAIN.match(line, pos)
            if plain is not None:
                if pos <= self.at < plain.end():
                    self._flow_place(line[token : self.at], self.at, flow)
                pos = plain.end()
                continue
            if pos == self.at:
                self._flow_place(line[token:pos], pos, flow)
            if pos == len(line):
                break
            char = line[pos]
            if char in "\"'":
                flow.quote, flow.text = char, ""
            elif char == "#" and (pos == 0 or line[pos - 1] in " \t"):
                self._comment(pos)
                break
            elif char in "{[":
                outer = flow.frames[-1].here()[0] if flow.frames else flow.base
                flow.frames.append(_Frame(outer, mapping=char == "{"))
                token = pos + 1
            elif char in "}]":
                if flow.frames:
                    flow.frames.pop()
                if not flow.frames:
                    self._comment(_comment_at(line, pos + 1))
                    return
                token = pos + 1
            elif char == "," and flow.frames:
                flow.frames[-1].next()
                token = pos + 1
            elif char == ":" and self._flow_key(line, token, pos, flow):
                token = pos + 1
            elif not flow.frames:
                return
            pos += 1
        if flow.frames or flow.quote:
            flow.text += "\n" if flow.quote else ""
            self.flow = flow

    def _flow_key(self, line: str, token: int, pos: int, flow: _Flow) -> bool:
        """At a ``:``: True when it ends a key of the flow mapping being written."""
        frame = flow.frames[-1] if flow.frames else None
        if frame is None or not frame.mapping or frame.key is not None:
            return False
        if pos + 1 < len(line) and line[pos + 1] not in " \t,}]":
            return False
        written = line[token:pos]
        frame.key = written.strip().strip("\"'")
        column = token + len(written) - len(written.lstrip())
        self.keys.append(Key((*frame.path, frame.key), self.number, column + 1))
        return True

    def _quoted(self, line: str, pos: int, flow: _Flow) -> int:
        """Read a quoted scalar on from ``pos``: where it ends, or the line's end."""
        found = (_DOUBLE_END if flow.quote == '"' else _SINGLE_END).match(line, pos)
        end = len(line) if found is None else found.end() - 1
        if pos <= self.at <= end:
            self._flow_place(flow.text + line[pos : self.at], self.at, flow, quoted=True)
        flow.text += line[pos:end]
        if found is None:
            return len(line)
        flow.quote = ""
        return end + 1

    def _flow_place(self, text: str, pos: int, flow: _Flow, quoted: bool = False) -> None:
        if flow.frames:
            path, role = flow.frames[-1].here()
        else:
            path, role = flow.base, "value"
        if quoted:
            word = _word_before(text)
            role = "key" if role == "key" else "value"
            self.found(
                Place(
                    path,
                    role,
                    prefix=word,
                    start=pos - len(word) + 1,
                    value=text,
                    quote=flow.quote,
                    flow=bool(flow.frames),
                )
            )
            return
        prefix = text.lstrip()
        self.found(
            Place(
                path,
                role,
                prefix=prefix,
                start=pos - len(prefix) + 1,
                value=prefix,
                flow=True,
                column=pos - len(prefix),
            )
        )


def _word_before(text: str) -> str:
    found = re.search(r"[A-Za-z_][A-Za-z0-9_]*\Z", text)
    return found.group() if found else ""


def scan(text: str, line: int, column: int) -> tuple[Place, list[Key]]:
    """The Place at a cursor (1-based line and column, the column of the character
    after the cursor), however broken the text, and every key of the text."""
    scanner = _Scanner(text, line, column).run()
    place = scanner.place or Place((), "key", start=column, column=max(column - 1, 0))
    written = frozenset(str(key.path[-1]) for key in scanner.keys if key.path[:-1] == place.path)
    if place.role in ("key", "item"):
        written -= {place.prefix}
    return replace(place, siblings=written), scanner.keys


def locate(text: str, line: int, column: int) -> Place:
    """The Place at a cursor (``scan``)."""
    return scan(text, line, column)[0]


def keys(text: str) -> list[Key]:
    """Every key written in the text, in order, with its full path and place."""
    return _Scanner(text).run().keys
