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
LexState = tuple[tuple[str, ...], tuple[int, ...], int, int, int | None]
#: A token: its position in the line, its type and its text.
Token = tuple[int, _TokenType, str]
START: LexState = (("root",), (), -1, 0, None)


def lex_line(lexer: YamlLexer, text: str, start: LexState) -> tuple[list[Token], LexState]:
    """The tokens of one line (without its line break) lexed from the state the line
    before ended in, and the state this line ends in."""
    context = YamlLexerContext(text + "\n", 0)
    stack, indents, context.indent, context.next_indent, context.block_scalar_indent = start
    context.stack, context.indent_stack = list(stack), list(indents)
    tokens: list[Token] = []
    try:
        for token in lexer.get_tokens_unprocessed(context=context):
            tokens.append(token)
            if token[0] + len(token[2]) >= len(context.text):
                # The line break is lexed: no pattern may now match the empty rest, as
                # none would before the next line's text in the whole document.
                context.end = 0
    except Exception:  # a lexer bug must never break typing: the line is left plain
        return [], START
    end: LexState = (
        tuple(context.stack),
        tuple(context.indent_stack),
        context.indent,
        context.next_indent,
        context.block_scalar_indent,
    )
    return tokens, end


class YamlHighlighter(QSyntaxHighlighter):
    """Highlights a QTextDocument holding YAML, line by line with a resumed lexer."""

    def __init__(self, document: QTextDocument) -> None:
        self._lexer = YamlLexer()
        self._states: list[LexState] = [START]
        self._numbers: dict[LexState, int] = {START: 0}
        super().__init__(document)

    def highlightBlock(self, text: str) -> None:
        previous = self.previousBlockState()
        start = self._states[previous] if 0 <= previous < len(self._states) else START
        if len(text) > LONGEST_LEXED:
            self.setCurrentBlockState(self._number(start))
            return
        tokens, end = lex_line(self._lexer, text, start)
        for position, token, value in tokens:
            if position < len(text):
                self.setFormat(position, min(len(value), len(text) - position), _format(token))
        self.setCurrentBlockState(self._number(end))

    def _number(self, state: LexState) -> int:
        number = self._numbers.get(state)
        if number is None:
            number = self._numbers[state] = len(self._states)
            self._states.append(state)
        return number


@cache
def _format(token: _TokenType) -> QTextCharFormat:
    """The character format of a token type, from the Pygments style."""
    style = _style(token)
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
    colour: str | None = _style(token)["color"]
    return f"#{colour}" if colour else ""


def _style(token: _TokenType) -> Any:
    """The style's entry for a token type, or for the nearest of its parents it names
    (the YAML lexer has types of its own, such as Punctuation.Indicator)."""
    style: Any = get_style_by_name(STYLE)
    while not style.styles_token(token) and token.parent is not None:
        token = token.parent
    return style.style_for_token(token)
