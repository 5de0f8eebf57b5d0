"""Text a reader cannot see is refused in a pack (and in records and saved games, read
by the same YAML reader) with its place, and made visible wherever text made at run
time is shown: terminal escapes, other control characters, bidirectional overrides,
isolates and marks, zero-width spaces (issue 14)."""

from __future__ import annotations

import pytest

from tests.rules.test_pack_limits import FILE, changed
from vtt.rules.errors import PackError, PackErrors
from vtt.rules.loader import load_pack_text
from vtt.rules.shown import LINE_CHARS, cut, echo, hidden_character, shown, visible


def load_errors(text: str) -> list[str]:
    """The errors loading ``text`` as a pack gives (it must give some)."""
    try:
        load_pack_text(text, FILE)
    except PackErrors as errors:
        return [str(error) for error in errors.errors]
    except PackError as error:
        return [str(error)]
    raise AssertionError("the pack loaded")


# Each: a change to JANTORI that puts the character in literal text, and its line.
PLACES = [
    ("name: JANTORI", "name: JAN{c}TORI", 4),
    ("seats: [White, Black]", "seats: [White, 'Bl{c}ack']", 7),
    ("label: pieces in hand", "label: pieces {c}in hand", 25),
    ("label: placing a piece", 'label: "placing {c} a piece"', 37),
    ('reason: "{seat_names[me]} has', 'reason: "{c}{{seat_names[me]}} has', 42),
    ('message: "You cannot place on', 'message: "You {c}cannot place on', 54),
    ("summary: Place", "summary: >-\n  Place {c}", 6),
]
CHARACTERS = ["\u202e", "\u202a", "\u2066", "\u2069", "\u200f", "\u200b", "\ufeff"]


@pytest.mark.parametrize("char", CHARACTERS, ids=lambda c: f"U+{ord(c):04X}")
@pytest.mark.parametrize(("old", "new", "line"), PLACES, ids=[p[0][:12] for p in PLACES])
def test_an_invisible_character_in_pack_text_is_refused_with_its_place(
    old: str, new: str, line: int, char: str
) -> None:
    errors = load_errors(changed(old, new.replace("{c}", char)))
    wanted = f"U+{ord(char):04X}"
    assert any(e.startswith(f"{FILE}:{line}:") and wanted in e for e in errors), errors


@pytest.mark.parametrize("char", ["\u202e", "\u2067", "\u200e", "\x1b", "\r", "\x9b", "\u2028"])
def test_an_escape_in_double_quotes_is_refused_too(char: str) -> None:
    errors = load_errors(changed("label: placing a piece", f'label: "x\\u{ord(char):04x}y"'))
    wanted = f"U+{ord(char):04X}"
    assert any(e.startswith(f"{FILE}:37:") and wanted in e for e in errors), errors


def test_joiners_and_ordinary_letters_of_any_script_stay() -> None:
    text = changed(
        "label: placing a piece",
        "label: 'placing \u0645\u0631\u062d\u0628\u0627 👩\u200d👩\u200d👧 ü'",
    )
    assert hidden_character(text) is None


@pytest.mark.parametrize(
    ("raw", "seen"),
    [
        ("\x1b[2J\x1b]0;pwned\x07", "\\x1b[2J\\x1b]0;pwned\\x07"),
        ("ok\rfailed", "ok\\x0dfailed"),
        ("txt\u202eexe.scr", "txt\\u202eexe.scr"),
        ("\u2066left\u2069", "\\u2066left\\u2069"),
        ("a\u200bb\ufeff", "a\\u200bb\\ufeff"),
        ("csi\x9b31m", "csi\\x9b31m"),
        ("line\u2028break", "line\\u2028break"),
        ("two\nlines\tand a tab", "two\nlines\tand a tab"),
    ],
)
def test_visible_writes_each_hidden_character_as_its_escape(raw: str, seen: str) -> None:
    assert visible(raw) == seen
    assert hidden_character(visible(raw)) is None


def test_shown_text_is_cut_to_its_bound_whatever_its_length() -> None:
    huge = "\x1b" * 1_000_000
    text = shown(huge)
    assert len(text) == LINE_CHARS and text.endswith("…") and "\x1b" not in text
    assert shown("short") == "short"
    assert cut("x" * 81, 80) == "x" * 79 + "…"


def test_echo_never_writes_an_escape_sequence(capsys: pytest.CaptureFixture[str]) -> None:
    echo("pack \x1b[31mred\x1b[0m \u202eevil")
    out = capsys.readouterr().out
    assert out == "pack \\x1b[31mred\\x1b[0m \\u202eevil\n"
