"""The pack editor's outline and folding sections, read from text even when broken."""

from __future__ import annotations

from vtt.resources import rulesets_dir
from vtt.studio.outline import outline, sections
from vtt.studio.textspan import token_span

WAR = (rulesets_dir() / "war" / "pack.yaml").read_text(encoding="utf-8")


def test_the_five_headings_zones_phases_and_moves_of_war_at_their_lines() -> None:
    lines = WAR.split("\n")
    items = outline(WAR)
    headings = [item.label for item in items if item.kind == "heading"]
    assert headings == ["The Object", "The Deck", "The Deal", "The Play", "The End"]
    for item in items:
        if item.kind != "heading":
            assert lines[item.line - 1].lstrip().startswith(f"{item.label}:"), item
    kinds = {kind: [i.label for i in items if i.kind == kind] for kind in ("zone", "phase", "move")}
    assert kinds["zone"] == ["pool", "stock", "hand", "chosen", "battle", "spoils", "won"]
    assert kinds["phase"] == ["turn", "resolve", "war", "next_round"]
    assert kinds["move"] == ["flip", "play", "draw"]
    deal = next(i for i in items if i.label == "The Deal")
    assert lines[deal.line - 1].startswith("zones:")


def test_a_broken_text_still_has_the_outline_of_what_reads_as_keys() -> None:
    text = "name: Broken\nzones:\n  pile: {visibility: [\n  hand:\n\tbad\nmoves:\n  play: {to: ]]\n"
    labels = [(item.label, item.line) for item in outline(text)]
    assert labels == [
        ("The Object", 1),
        ("The Deal", 2),
        ("pile", 3),
        ("hand", 4),
        ("The Play", 6),
        ("play", 7),
    ]
    assert outline("\x00\x01 garbage :: [[[") == []
    assert outline("") == []


def test_a_section_ends_before_the_comments_that_head_the_next() -> None:
    text = "zones:\n  a: {}\n\n  b: {}\n\n# The Play\n# what a turn is\nmoves:\n  go: {}\n"
    found = [(s.key, s.first, s.last, s.foldable) for s in sections(text)]
    assert found == [("zones", 1, 4, True), ("moves", 8, 9, True)]
    assert [s.foldable for s in sections("id: x\nname: y\n")] == [False, False]


def test_a_problem_marks_the_token_at_its_column() -> None:
    line = "    effects: [{move: {from: poolx, to: hand}}]"
    start = line.index("poolx")
    assert token_span(line, start + 1) == (start, start + 5)
    assert token_span("", 4) == (0, 0)
    assert token_span("ab", 9) == (1, 2)  # past the end: the last character
