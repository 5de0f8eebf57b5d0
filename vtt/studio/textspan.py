"""Where a problem is drawn in a line of text: the token at its column.

>>> token_span("  when: [len(hand) > O]", 22)
(21, 22)
>>> token_span("moves: {play: {to: hnad}}", 20)
(19, 23)
>>> token_span('  label: "a b"', 10)
(9, 14)
>>> token_span("key: value", 0)
(0, 10)
"""

from __future__ import annotations

__all__ = ["token_span"]

#: Characters that end a plain token.
_ENDS = frozenset(" \t,[]{}()#")


def token_span(line: str, column: int) -> tuple[int, int]:
    """The start and end (0-based, end excluded) of the token a problem at ``column``
    (1-based; 0 when unknown: the whole line's text) points at; never empty while the
    line has text, so the mark can be seen."""
    text = line.rstrip()
    if column <= 0:
        start = len(text) - len(text.lstrip())
        return (start, len(text)) if text else (0, 0)
    start = min(column - 1, len(text))
    if start >= len(text):  # past the end: the last character
        return (max(0, len(text) - 1), len(text))
    quote = text[start]
    if quote in "\"'":
        close = text.find(quote, start + 1)
        return (start, close + 1 if close > 0 else len(text))
    end = start
    while end < len(text) and text[end] not in _ENDS:
        if text[end] == ":" and (end + 1 == len(text) or text[end + 1] == " "):
            break
        end += 1
    return (start, max(end, start + 1))
