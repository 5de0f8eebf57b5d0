"""Text from a pack, a file or a person, made safe to show in the window or a terminal.

Such text may hold what a reader cannot see: terminal escape sequences (``\\x1b[2J``
clears the screen, others rewrite the title or what was printed), other control
characters (``\\r`` writes over a line) and invisible formatting characters (a
right-to-left override turns ``txt.exe`` around). Shown here, each of them is
written out as its escape, so the reader sees it; and the text is cut short, so a
value a megabyte long never reaches a label or a terminal whole.

>>> shown("red \\x1b[31mtext\\u202e")
'red \\\\x1b[31mtext\\\\u202e'
>>> shown("a" * 10, 6)
'aaaaa…'
"""

from __future__ import annotations

import sys
import unicodedata
from typing import Final, TextIO

__all__ = [
    "ERROR_CHARS",
    "LINE_CHARS",
    "NAME_CHARS",
    "cut",
    "echo",
    "excerpt",
    "hidden_character",
    "shown",
    "shown_name",
    "visible",
    "without_hidden",
]

#: The longest name shown (a pack, a seat, a zone, a var, an option, a label).
NAME_CHARS: Final = 80
#: The longest line shown (a log line, a message, a var's value, a move, a reason).
LINE_CHARS: Final = 500

#: The longest error shown (its expression and the caret under the place included).
ERROR_CHARS: Final = 4_000

#: Line breaks and tabs lay text out as meant; every other control character is escaped.
_LAYOUT = frozenset("\n\t")
#: Joiners shape the letters of some scripts and of emoji: they stay.
_JOINERS = frozenset("\u200c\u200d")


def _hidden(char: str) -> bool:
    """True for a character that acts on the text around it but shows nothing itself."""
    if char in _LAYOUT or char in _JOINERS:
        return False
    # Cc: control characters (C0, DEL, C1); Cf: invisible formatting (bidi overrides,
    # isolates and marks, zero-width spaces, the byte-order mark); Zl, Zp: the line
    # and paragraph separators, which break a line where none is seen.
    return unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp")


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` a reader could not see (see ``visible``), if any.

    >>> hidden_character("Ann\\u202eLee")
    '\\u202e'
    >>> hidden_character("two\\nlines\\tand a tab") is None
    True
    """
    for char in text:
        if not char.isprintable() and _hidden(char):
            return char
    return None


def visible(text: str) -> str:
    """``text`` with every control and invisible formatting character written as its
    escape (``\\x1b``, ``\\u202e``); line breaks and tabs stay.

    >>> visible("a\\x1b[2Jb\\u2066c\\n")
    'a\\\\x1b[2Jb\\\\u2066c\\n'
    """
    if text.isprintable():  # the usual case, decided at C speed
        return text
    return "".join(_escape(char) if _hidden(char) else char for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"


def without_hidden(text: str) -> str:
    """``text`` without the characters a reader could not see (a name a person typed:
    kept so, it reads as it looks, and a file written with it opens again).

    >>> without_hidden("Ann\u202e Lee\x1b")
    'Ann Lee'
    """
    if text.isprintable():
        return text
    return "".join(char for char in text if not _hidden(char))


def cut(text: str, limit: int = LINE_CHARS) -> str:
    """``text`` at most ``limit`` characters long, ending in '…' when it was longer.

    >>> cut("abcdef", 4), cut("abc", 4)
    ('abc…', 'abc')
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


#: The most of a file's text an error quotes: one line, this long.
EXCERPT_CHARS: Final = 60


def excerpt(text: object, limit: int = EXCERPT_CHARS) -> str:
    """At most one line of ``text`` (or of a value's ``repr``), at most ``limit``
    characters, ending in '…' when there was more: what an error may quote of a file.

    >>> excerpt("root:x:0:0\\nbin:x:1:1"), excerpt(["a", "b"]), excerpt("x" * 70)[-3:]
    ('root:x:0:0…', "['a', 'b']", 'xx…')
    """
    raw = text if isinstance(text, str) else repr(text)
    line, _, rest = raw[: limit * 4].partition("\n")
    more = bool(rest) or len(raw) > limit * 4
    if len(line) > limit or more:
        return line[: limit - 1] + "…"
    return line


def shown(text: object, limit: int = LINE_CHARS) -> str:
    """Text (or a value's text) as it may be shown: hidden characters made visible, at
    most ``limit`` characters."""
    raw = text if isinstance(text, str) else str(text)
    # Cut before escaping too: the work stays small however long the text is.
    return cut(visible(raw[: limit + 1]), limit)


def shown_name(text: object) -> str:
    """A name as it may be shown: see ``shown``, at most NAME_CHARS characters."""
    return shown(text, NAME_CHARS)


def echo(
    *values: object,
    sep: str = " ",
    end: str = "\n",
    file: TextIO | None = None,
    flush: bool = False,
) -> None:
    """``print`` for the terminal: every escape sequence and control character in the
    values shown as its escape, never acted on (every command prints through this)."""
    text = sep.join(str(value) for value in values)
    print(visible(text), end=end, file=file if file is not None else sys.stdout, flush=flush)
