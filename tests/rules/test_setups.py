"""The shipped free-form setups lay out the tables the rule texts describe."""

from __future__ import annotations

from pathlib import Path

import pytest

from vtt.rules.setups import SetupError, list_setups, load_setup
from vtt.table import Bag, CardPiece, Counter, Die, Stack, Token


def test_both_setups_are_listed() -> None:
    ids = {setup.id for setup in list_setups()}
    assert {"janken-deck-games", "janken-sandbox"} <= ids


@pytest.mark.parametrize("seats", range(1, 9))
def test_janken_deck_games(seats: int) -> None:
    table = load_setup("janken-deck-games").new_table(seats)
    deck = table.get("deck")
    assert isinstance(deck, Stack) and len(deck.contents) == 65
    assert not any(table.get(c).face_up for c in deck.contents)
    jokers = [p for p in table.on_table() if isinstance(p, CardPiece) and p.face.startswith("Jk")]
    assert len(jokers) == 5 and all(j.face_up for j in jokers)
    rule_cards = [p for p in table.cards() if p.face == "rule-card-front"]
    assert len(rule_cards) == seats
    scores = [p for p in table.objects.values() if isinstance(p, Counter)]
    assert sorted(s.owner for s in scores if s.owner is not None) == list(range(seats))
    assert table.problems() == []


def test_janken_sandbox_has_every_component() -> None:
    table = load_setup("janken-sandbox").new_table(4)
    dice = [p for p in table.objects.values() if isinstance(p, Die)]
    assert sorted(d.style for d in dice) == [
        "pip",
        "rank-L",
        "rank-P",
        "rank-R",
        "rank-S",
        "rank-W",
    ]
    tokens = [p for p in table.objects.values() if isinstance(p, Token)]
    assert {t.face for t in tokens} >= {"suit-R", "suit-P", "suit-S", "suit-W", "suit-L"}
    assert sum(t.face.startswith("seat-") for t in tokens) == 4
    assert any(isinstance(p, Bag) for p in table.objects.values())
    assert len(table.cards()) == 70 + 4


def test_player_count_is_checked() -> None:
    with pytest.raises(SetupError, match="for 1 to 8 players, not 9"):
        load_setup("janken-deck-games").new_table(9)


def test_broken_setup_names_the_file(tmp_path: Path) -> None:
    pack = tmp_path / "mine"
    pack.mkdir()
    (pack / "pack.yaml").write_text(
        "id: mine\nname: Mine\nkind: setup\ntable:\n  objects:\n    - token: a\n      weight: 3\n"
    )
    with pytest.raises(SetupError, match=r"mine/pack.yaml:7:7 .*unknown key 'weight'"):
        load_setup(pack)
    (pack / "pack.yaml").write_text("id: [unclosed\n")
    with pytest.raises(SetupError, match=r"mine/pack.yaml:2:1"):
        load_setup(pack)
    (pack / "pack.yaml").write_text(
        "id: mine\nname: Mine\nkind: setup\ntable:\n  objects:\n"
        "    - token: a\n    - stack: d\n      cards: {only: [ZZ]}\n"
    )
    with pytest.raises(SetupError, match=r"mine/pack.yaml:7:7 .*'ZZ' is not a card"):
        load_setup(pack)
    assert list_setups([tmp_path]) == []


@pytest.mark.parametrize("name", ["janken-deck-games", "janken-sandbox"])
def test_the_deck_comes_out_shuffled(name: str) -> None:
    """A newcomer's first draw is not the King, Queen and Jack of Lizard."""
    orders = []
    for seed in (1, 2):
        table = load_setup(name).new_table(2, seed=seed)
        deck = table.get("deck")
        assert isinstance(deck, Stack) and len(deck.contents) == 65
        orders.append([table.get(c).face for c in deck.contents])  # type: ignore[attr-defined]
    fresh = load_setup(name).new_table(2, seed=1)
    assert orders[0] != orders[1]
    assert [fresh.get(c).face for c in fresh.get("deck").contents] == orders[0]  # type: ignore[attr-defined]
    assert orders[0][:3] != ["KL", "QL", "JL"] and len(fresh.history) == 0
