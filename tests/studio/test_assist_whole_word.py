"""A step or a key typed in full is still completed: Ctrl+Space then writes what
goes with it (the if's then:, the key's colon), where a half-typed word would."""

from __future__ import annotations

from vtt.rules.loader import check_pack_text
from vtt.studio.assist import completions
from vtt.studio.newgame import templates_dir

PACK = (templates_dir() / "shedding" / "pack.yaml").read_text(encoding="utf-8")
MOVE = '      - move: {what: card, from: "hand[me]", to: discard}'


def offered(typed: str) -> dict[str, str]:
    """The completions (label -> insert) on a new line under the play move's first step."""
    lines = PACK.split("\n")
    at = lines.index(MOVE) + 1
    text = "\n".join([*lines[:at], typed, *lines[at:]])
    found = completions(text, at + 1, len(typed) + 1, check_pack_text(PACK))
    return {item.label: item.insert for item in found}


def test_a_step_typed_in_full_is_offered_with_its_fields() -> None:
    assert offered("      - i")["if"].startswith("if: ")
    assert offered("      - if")["if"].startswith("if: ")
    assert offered("      if")["if"].startswith("- if: ")
    assert "keep_turn" not in offered("      - keep_turn")  # nothing more to write


def test_an_engine_name_is_offered_with_what_it_is() -> None:
    lines = PACK.split("\n")
    at = next(n for n, line in enumerate(lines) if "goal == 'first-out' and any" in line)
    typed = lines[at].replace("seats)", "seats) and cur")
    text = "\n".join([*lines[:at], typed, *lines[at + 1 :]])
    column = typed.index(" and cur") + len(" and cur") + 1
    (current,) = completions(text, at + 1, column, check_pack_text(PACK))
    assert current.label == "current" and current.detail == "the seat whose turn it is"
