"""The outline of a pack's text: its five headings, zones, moves and phases, each
with its line, and the top-level sections an editor folds.

Read line by line from the indentation, not by a YAML parser, so that a text
broken in the middle of an edit still has an outline (the parts that read as
keys are found). The five headings are those of the Sandbox rule text's "Make
your Game": The Object, The Deck, The Deal, The Play, The End.

>>> text = "name: War\\nzones:\\n  pool: {}\\n  hand: {per: player}\\nmoves:\\n  play:\\n"
>>> [(item.label, item.line) for item in outline(text)]
[('The Object', 1), ('The Deal', 2), ('pool', 3), ('hand', 4), ('The Play', 5), ('play', 6)]
>>> [(s.key, s.first, s.last) for s in sections(text)]
[('name', 1, 1), ('zones', 2, 4), ('moves', 5, 6)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = ["HEADINGS", "OutlineItem", "Section", "outline", "sections"]

#: The five headings of "Make your Game", each with the top-level keys it gathers.
HEADINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The Object", ("name", "summary", "description", "id")),
    ("The Deck", ("components",)),
    ("The Deal", ("zones", "setup")),
    ("The Play", ("flow", "phases", "moves")),
    ("The End", ("end", "scores")),
)
#: The keys whose children the outline lists: (top-level key, child key or "") -> kind.
_LISTED = {("zones", ""): "zone", ("moves", ""): "move", ("flow", "phases"): "phase"}

# A mapping key at the start of a line: plain or quoted, then a colon ending the key.
_KEY = re.compile(
    r"""^(?P<indent>\ *)"""
    r"""(?P<key>"[^"\n]*"|'[^'\n]*'|[^\s#'"\-?:{}\[\],&*!|>%@`][^:#\n]*?)"""
    r"""\s*:(?:\s|$)"""
)


@dataclass(frozen=True)
class OutlineItem:
    """One entry of the outline: a heading (kind "heading") or a zone, move or phase,
    with its 1-based line."""

    label: str
    kind: str
    line: int

    @property
    def depth(self) -> int:
        """0 for a heading, 1 for what is under it."""
        return 0 if self.kind == "heading" else 1


@dataclass(frozen=True)
class Section:
    """A top-level key and the lines it spans (1-based, inclusive): from its key line
    to its last line of content, the blank and comment lines before the next key left
    out (they head the next section)."""

    key: str
    first: int
    last: int

    @property
    def foldable(self) -> bool:
        """True when the section has lines under its key line."""
        return self.last > self.first


def _keys(text: str) -> Iterator[tuple[int, int, str]]:
    """(line, indent, key) of each line that starts with a mapping key."""
    for number, line in enumerate(text.split("\n"), start=1):
        found = _KEY.match(line[:1000])
        if found:
            yield number, len(found["indent"]), found["key"].strip("\"'")


def _content(line: str) -> bool:
    """True for a line with something other than blanks or a comment."""
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


def sections(text: str) -> list[Section]:
    """The top-level sections of a pack's text, in order."""
    lines = text.split("\n")
    starts = [(number, key) for number, indent, key in _keys(text) if indent == 0]
    found = []
    for index, (first, key) in enumerate(starts):
        end = starts[index + 1][0] - 1 if index + 1 < len(starts) else len(lines)
        last = end
        while last > first and not _content(lines[last - 1]):
            last -= 1
        found.append(Section(key, first, last))
    return found


def outline(text: str) -> list[OutlineItem]:
    """The outline: each of the five headings found (at the first of its keys), and
    under it the zones, moves and phases, in the order of the text."""
    heading_of = {key: title for title, keys in HEADINGS for key in keys}
    shown: set[str] = set()
    items: list[OutlineItem] = []
    top = ""
    parent = ""
    child_indent: int | None = None
    grandchild_indent: int | None = None
    for line, indent, key in _keys(text):
        if indent == 0:
            top, parent, child_indent, grandchild_indent = key, "", None, None
            title = heading_of.get(key)
            if title and title not in shown:
                shown.add(title)
                items.append(OutlineItem(title, "heading", line))
            continue
        if child_indent is None:
            child_indent = indent
        if indent == child_indent:
            parent, grandchild_indent = key, None
            kind = _LISTED.get((top, ""))
        elif indent > child_indent and parent:
            if grandchild_indent is None:
                grandchild_indent = indent
            if indent != grandchild_indent:
                continue
            kind = _LISTED.get((top, parent))
        else:
            continue
        if kind:
            items.append(OutlineItem(key, kind, line))
    return items
