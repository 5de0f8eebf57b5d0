"""The card art in assets/ (made by tools/make_art.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from vtt.janken import Suit
from vtt.resources import assets_dir

SVG = "{http://www.w3.org/2000/svg}"


def underlines(name: str) -> list[ET.Element]:
    """The underline marks of a card's corner indices."""
    root = ET.parse(assets_dir() / "cards" / f"{name}.svg").getroot()
    return [e for e in root.iter(f"{SVG}rect") if e.get("class") == "underline"]


@pytest.mark.parametrize("suit", [suit.letter for suit in Suit])
def test_six_and_nine_are_underlined_in_both_corners(suit: str) -> None:
    # Upside down, a 6 and a 9 read the same: real decks underline them.
    for rank in ("6", "9"):
        marks = underlines(f"{rank}{suit}")
        assert len(marks) == 2, f"{rank}{suit}"  # the corner and the one turned round
        # A bar under the index (as wide as most of its figure), above the suit symbol.
        for mark in marks:
            assert float(mark.get("width", "0")) > 3 * float(mark.get("height", "0"))
            assert 50 < float(mark.get("y", "0")) < 59


@pytest.mark.parametrize("rank", ["A", "8", "10", "K"])
def test_other_ranks_are_not_underlined(rank: str) -> None:
    assert underlines(f"{rank}R") == []
