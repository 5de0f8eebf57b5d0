"""Card groups per player (a deck each, so two players hold equal cards) and
``revealed(zone)`` (whether a ``reveal:`` step shows a zone instance now), with the
small pack ``tests/packs/hidden/decks`` (which the conformance tests also play)."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from tests.rules.test_stepgen import _differences, _twins
from vtt.janken import Card
from vtt.rules.errors import PackErrors
from vtt.rules.loader import load_pack, load_pack_text
from vtt.rules.stdlib import rank_value

PACK = Path(__file__).parents[1] / "packs" / "hidden" / "decks" / "pack.yaml"


def _text() -> str:
    return PACK.read_text("utf-8")


def test_each_player_gets_a_deck_of_their_own() -> None:
    state = load_pack(PACK).new_state({}, 3, players=3)
    held = [Counter(map(str, state.env["stock"][p] + state.env["hand"][p])) for p in range(3)]
    assert held[0] == Counter(["AR", "2P", "3S", "4W"])  # the group's cards read ``seat``
    assert held[1] == held[2] == Counter(["AR", "2P", "3S", "5L"])
    everything = Counter(state.components())
    assert everything[Card.parse("AR")] == 3 and sum(everything.values()) == 12


def test_equal_cards_of_two_players_move_and_count_apart() -> None:
    state = load_pack(PACK).new_state({}, 0)
    ace = Card.parse("AR")
    while ace not in state.env["hand"][0]:
        state.apply("draw")
    state.apply("play AR")
    assert ace in state.env["table"][0]
    assert Counter(state.components())[ace] == 2  # the other player's Ace is where it was
    assert ace in state.env["stock"][1] + state.env["hand"][1]


def test_revealed_tells_whether_a_reveal_step_shows_the_zone() -> None:
    for game in _twins(lambda: load_pack(PACK)):
        state = game.new_state({}, 5)
        assert "show" in {m.text for m in state.legal_list()}
        state.apply("show")
        assert ("hand", 0) in state.revealed
        assert state.explain("show") == "Your hand is shown already"
        card = state.env["hand"][0][0]
        state.apply(f"play {card}")  # the shown hand earns a point more
        assert state.var("total")[0] == rank_value(card) + 1
        assert "show" in {m.text for m in state.legal_list()}  # the other hand is not shown


def test_generated_and_plain_steps_agree_on_a_deck_each() -> None:
    compiled, plain = (game.new_state({}, 2, players=3) for game in _twins(lambda: load_pack(PACK)))
    rng = random.Random(2)
    while compiled.outcome is None:
        moves = compiled.legal_list()
        move = moves[rng.randrange(len(moves))]
        compiled.apply(move)
        plain.apply(move)
        assert _differences(compiled, plain) == []


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "not revealed(hand[me])",
            "not revealed(total)",
            "revealed\\(\\) takes one zone as written",
        ),
        ("not revealed(hand[me])", "not revealed(hand)", "written with 1 index \\(0 given\\)"),
        (
            "not revealed(hand[me])",
            "not revealed(hand[me][0])",
            "written with 1 index \\(2 given\\)",
        ),
        (
            "per: player\n    cards",
            "cards",
            "'seat' names each player's own group: add per: player",
        ),
    ],
)
def test_mistakes_are_told_at_load(old: str, new: str, message: str) -> None:
    text = _text()
    assert old in text
    with pytest.raises(PackErrors, match=message):
        load_pack_text(text.replace(old, new), "decks.yaml")
