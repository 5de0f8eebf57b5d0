"""The pack editor's text helpers that need no window: the highlighter's lexing one
line at a time gives the same tokens as Pygments over the whole text, and the check
pass the editor runs as you type never fails on any text (seeded random edits of the
shipped packs, and hostile texts)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pygments.lexers.data import YamlLexer

from vtt.resources import rulesets_dir
from vtt.rules.finder import pack_folders
from vtt.ui.studio.checker import guarded_check
from vtt.ui.studio.highlight import START, lex_line

PACKS = {
    folder.name: (folder / "pack.yaml").read_text("utf-8")
    for folder in pack_folders(rulesets_dir())
}


def _kinds(tokens) -> list:  # type: ignore[no-untyped-def]
    """The token type of each character but line breaks."""
    return [kind for _, kind, value in tokens for char in value if char != "\n"]


@pytest.mark.parametrize("name", sorted(PACKS))
def test_lexing_line_by_line_gives_each_character_the_whole_texts_token(name: str) -> None:
    text = PACKS[name]
    lexer = YamlLexer()
    whole = _kinds(lexer.get_tokens_unprocessed(text))
    by_line = []
    state = START
    for line in text.split("\n"):
        tokens, state = lex_line(lexer, line, state)
        by_line += _kinds(tokens)
    assert len(by_line) == len(whole) == len(text.replace("\n", ""))
    assert by_line == whole


HOSTILE = [
    "",
    "\x00\x01\x02\x7f binary \ufffd\ufeff",
    "[" * 5000 + "]" * 5000,
    "a:\n" + "".join("  " * n + f"k{n}:\n" for n in range(200)),
    "x: " + "y" * 300_000,
    "a: &a [1,2,3,4,5,6,7,8,9]\n"
    + "".join(
        f"{c}: &{c} [*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p},*{p}]\n"
        for p, c in zip("abcdefgh", "bcdefghi", strict=True)
    ),
    "!!python/object/apply:os.system ['echo pwned']\n",
    "moves:\n  go:\n    when: \"__import__('os').system('echo pwned')\"\n",
    'define:\n  x: "' + "(" * 400 + "1" + ")" * 400 + '"\n',
    "\t\tid: tabbed\n  : :\n- - -\n? ? ?\n",
    "---\na: 1\n---\nb: 2\n",
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_text_gets_problems_not_a_crash(text: str) -> None:
    checked = guarded_check(text, "pack.yaml")
    assert checked.diagnostics
    for diagnostic in checked.diagnostics:
        assert diagnostic.message and diagnostic.line >= 0 and diagnostic.column >= 0
        assert "check pass failed" not in diagnostic.message, diagnostic


TEST_PACKS = sorted(Path(__file__).resolve().parents[1].rglob("pack.yaml"))


@pytest.mark.parametrize("path", TEST_PACKS, ids=lambda p: p.parent.name)
def test_the_test_suites_own_packs_are_checked_without_failing(path: Path) -> None:
    checked = guarded_check(path.read_text(encoding="utf-8", errors="replace"), "pack.yaml")
    for diagnostic in checked.diagnostics:
        assert "check pass failed" not in diagnostic.message, diagnostic


def _edited(text: str, rng: random.Random) -> str:
    """The text with a few random edits: spans cut, lines repeated or moved, characters
    put in (quotes, brackets, colons, tabs, control characters, letters)."""
    for _ in range(rng.randint(1, 4)):
        at = rng.randrange(len(text) + 1)
        kind = rng.randrange(4)
        if kind == 0:
            text = text[:at] + text[at + rng.randint(1, 40) :]
        elif kind == 1:
            text = (
                text[:at]
                + "".join(rng.choices("\"'[]{}:,-#&*!|>\t\x00\x1b ab\n\u00e9", k=rng.randint(1, 6)))
                + text[at:]
            )
        else:
            lines = text.split("\n")
            line = rng.randrange(len(lines))
            moved = lines.pop(line) if kind == 2 else lines[line]
            lines.insert(rng.randrange(len(lines) + 1), moved)
            text = "\n".join(lines)
    return text


def test_random_edits_of_the_shipped_packs_always_get_a_checked_answer() -> None:
    rng = random.Random(27)
    names = sorted(PACKS)
    for round_ in range(120):
        name = names[round_ % len(names)]
        text = _edited(PACKS[name], rng)
        checked = guarded_check(text, "pack.yaml")
        for diagnostic in checked.diagnostics:
            assert "check pass failed" not in diagnostic.message, (name, round_, diagnostic)
            assert diagnostic.line >= 0 and diagnostic.column >= 0
        assert checked.spec is not None or checked.diagnostics


def test_vtt_edit_names_a_pack_it_cannot_find(capsys: pytest.CaptureFixture[str]) -> None:
    from vtt.cli import main

    assert main(["edit", "no-such-pack"]) == 2
    assert "vtt edit: no pack 'no-such-pack'" in capsys.readouterr().err
