"""YAML syntax highlighting for the pack editor, by Pygments' YAML lexer.

The lexer is run one line (one text block) at a time, resumed from the state the
line before ended in: the lexer's context (its state stack and the indentation it
tracks) is kept per block as a small number, so a keystroke lexes its own line and
only the following lines whose starting state changed, as QSyntaxHighlighter does
for any state. Lines longer than ``LONGEST_LEXED`` are left plain, so a hostile
text cannot make the lexer's regular expressions hold the window.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pygments.lexers.data import YamlLexer, YamlLexerContext
from pygments.styles import get_style_by_name
from pygments.token import _TokenType

from vtt.ui.qt import QColor, QFont, QSyntaxHighlighter, QTextCharFormat, QTextDocument

#: The Pygments style whose colours the editor uses (warm, on a dark page).
STYLE = "gruvbox-dark"
#: Longer lines are shown without highlighting.
LONGEST_LEXED = 2000

# A lexer state: the state stack, the indentation stack, indent, next indent, and the
# indentation of a block scalar.
State = tuple[tuple[str, ...], tuple[int, ...], int, int, int | None]
_START: State = (("root",), (), -1, 0, None)


class YamlHighlighter(QSyntaxHighlighter):
    """Highlights a QTextDocument holding YAML, line by line with a resumed lexer."""

    def __init__(self, document: QTextDocument) -> None:
        self._lexer = YamlLexer()
        self._states: list[State] = [_START]
        self._numbers: dict[State, int] = {_START: 0}
        super().__init__(document)

    def highlightBlock(self, text: str) -> None:
        previous = self.previousBlockState()
        start = self._states[previous] if 0 <= previous < len(self._states) else _START
        if len(text) > LONGEST_LEXED:
            self.setCurrentBlockState(self._number(start))
            return
        context = YamlLexerContext(text + "\n", 0)
        stack, indents, context.indent, context.next_indent, context.block_scalar_indent = start
        context.stack, context.indent_stack = list(stack), list(indents)
        try:
            for position, token, value in self._lexer.get_tokens_unprocessed(context=context):
                if position < len(text):
                    self.setFormat(position, min(len(value), len(text) - position), _format(token))
        except Exception:
            context = YamlLexerContext(text + "\n", 0)
        end: State = (
            tuple(context.stack),
            tuple(context.indent_stack),
            context.indent,
            context.next_indent,
            context.block_scalar_indent,
        )
        self.setCurrentBlockState(self._number(end))

    def _number(self, state: State) -> int:
        number = self._numbers.get(state)
        if number is None:
            number = self._numbers[state] = len(self._states)
            self._states.append(state)
        return number


@cache
def _format(token: _TokenType) -> QTextCharFormat:
    """The character format of a token type, from the Pygments style."""
    style: Any = get_style_by_name(STYLE).style_for_token(token)
    shape = QTextCharFormat()
    if style["color"]:
        shape.setForeground(QColor(f"#{style['color']}"))
    if style["bold"]:
        shape.setFontWeight(QFont.Weight.Bold)
    if style["italic"]:
        shape.setFontItalic(True)
    return shape


def token_colour(token: _TokenType) -> str:
    """The colour a token type is drawn in (``#rrggbb``, or "" for the text's own)."""
    colour: str | None = get_style_by_name(STYLE).style_for_token(token)["color"]
    return f"#{colour}" if colour else ""
