"""The Janken core against the Rule Card, RULINGS.md and the notation."""

from __future__ import annotations

import doctest
import itertools

import pytest

import vtt.janken as janken
from vtt.janken import (
    ACES,
    JOKERS,
    KINGS,
    RULE_CARD,
    Card,
    NotationError,
    Rank,
    Relation,
    Suit,
    beats,
    deck,
    full_deck,
    relation,
    rps_deck,
    rule_between,
    stronger_against,
    strongest_against,
    weaker_against,
    weakest_against,
)

# The ten sentences as printed on the Rule Card, verbatim: winner, verb, loser.
RULE_CARD_TEXT = """
Scissors cuts Paper
Paper covers Rock
Rock crushes Lizard
Lizard drinks Water
Water rusts Scissors
Scissors decapitates Lizard
Lizard eats Paper
Paper absorbs Water
Water erodes Rock
Rock blunts Scissors
"""
SENTENCES = [tuple(line.split()) for line in RULE_CARD_TEXT.strip().splitlines()]
WINS = {(Suit[w.upper()], Suit[lo.upper()]) for w, _, lo in SENTENCES}


def test_rule_card_matches_printed_sentences() -> None:
    assert [(r.winner.title, r.verb, r.loser.title) for r in RULE_CARD] == SENTENCES


@pytest.mark.parametrize(("a", "b"), list(itertools.product(Suit, Suit)))
def test_every_ordered_pair_against_the_rule_card(a: Suit, b: Suit) -> None:
    assert beats(a, b) == ((a, b) in WINS)
    # Joker rules: exactly reversed, and nothing beats itself.
    assert beats(a, b, jokers=True) == ((b, a) in WINS)
    if a == b:
        assert relation(a, b) is Relation.SAME
        assert relation(a, b, jokers=True) is Relation.SAME
        assert rule_between(a, b) is None
    else:
        # Exactly one of each pair wins, under either rules.
        assert beats(a, b) != beats(b, a)
        winner = a if (a, b) in WINS else b
        assert rule_between(a, b) is not None
        assert str(rule_between(a, b)).startswith(winner.title)


def test_every_suit_has_two_stronger_and_two_weaker() -> None:
    for x in Suit:
        others = [y for y in Suit if y != x]
        assert sum(beats(y, x) for y in others) == 2
        assert sum(beats(x, y) for y in others) == 2


def test_named_relations_from_rulings() -> None:
    # RULINGS.md's table for x = Rock.
    assert relation(Suit.PAPER, Suit.ROCK) is Relation.STRONGEST
    assert relation(Suit.WATER, Suit.ROCK) is Relation.STRONGER
    assert relation(Suit.SCISSORS, Suit.ROCK) is Relation.WEAKER
    assert relation(Suit.LIZARD, Suit.ROCK) is Relation.WEAKEST
    assert weakest_against(Suit.ROCK) is Suit.LIZARD
    assert weakest_against(Suit.LIZARD) is Suit.WATER
    assert strongest_against(Suit.ROCK) is Suit.PAPER
    assert stronger_against(Suit.ROCK) is Suit.WATER
    assert weaker_against(Suit.ROCK) is Suit.SCISSORS


def test_strongest_beats_the_other_stronger_suit() -> None:
    for x in Suit:
        top, second = strongest_against(x), stronger_against(x)
        assert beats(top, x) and beats(second, x) and beats(top, second)
        low, lowest = weaker_against(x), weakest_against(x)
        assert beats(x, low) and beats(x, lowest) and beats(low, lowest)


def test_joker_rules_swap_the_named_relations() -> None:
    for x, y in itertools.product(Suit, Suit):
        assert relation(y, x, jokers=True) is relation(y, x).reversed()
    for x in Suit:
        assert strongest_against(x, jokers=True) is weakest_against(x)
        assert weakest_against(x, jokers=True) is strongest_against(x)
        assert stronger_against(x, jokers=True) is weaker_against(x)
        assert weaker_against(x, jokers=True) is stronger_against(x)


def test_joker_rule_sentence_reads_reversed() -> None:
    assert rule_between(Suit.LIZARD, Suit.PAPER) == "Lizard eats Paper"
    assert rule_between(Suit.LIZARD, Suit.PAPER, jokers=True) == (
        "Paper beats Lizard (Joker rules)"
    )


@pytest.mark.parametrize("card", full_deck(), ids=str)
def test_notation_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card  # repr is code


def test_notation_examples() -> None:
    assert Card.parse("QL") == Card(Rank.QUEEN, Suit.LIZARD)
    assert Card.parse("10W") == Card(Rank.TEN, Suit.WATER)
    assert Card.parse("JkP") == Card(Rank.JOKER, Suit.PAPER)
    assert Card.parse(" jkp ") == Card(Rank.JOKER, Suit.PAPER)
    assert Card.parse("QL").name == "Queen of Lizard"
    assert Card.parse("JkR").name == "Joker of Rock"
    assert Card.parse("7S").name == "7 of Scissors"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "expected a rank then a suit letter"),
        ("Q", "expected a rank then a suit letter"),
        ("QX", "must end in a suit letter"),
        ("1R", "'1' is not a rank"),
        ("11R", "'11' is not a rank"),
        ("JJR", "'JJ' is not a rank"),
        ("ZW", "'Z' is not a rank"),
    ],
)
def test_bad_notation_names_the_text_and_why(text: str, why: str) -> None:
    with pytest.raises(NotationError) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)
    assert why in str(caught.value)


def test_bad_suit_and_rank() -> None:
    with pytest.raises(NotationError, match="'X' is not a suit"):
        Suit.parse("X")
    with pytest.raises(NotationError, match="'0' is not a rank"):
        Rank.parse("0")
    assert Suit.parse("scissors") is Suit.SCISSORS


def test_the_deck_and_its_subsets() -> None:
    cards = full_deck()
    assert len(cards) == 70 and len(set(cards)) == 70
    assert sum(c.is_joker for c in cards) == 5
    assert len(deck(jokers=False)) == 65
    assert {c.suit for c in rps_deck()} == {Suit.ROCK, Suit.PAPER, Suit.SCISSORS}
    assert len(rps_deck()) == 39 and len(rps_deck(jokers=True)) == 42
    assert [str(c) for c in ACES] == ["AR", "AP", "AS", "AW", "AL"]
    assert [str(c) for c in KINGS] == ["KR", "KP", "KS", "KW", "KL"]
    assert all(c.is_joker for c in JOKERS)
    # Printed order: suit by suit, Ace first, Joker last.
    assert [str(c) for c in cards[:14]] == [
        "AR",
        "2R",
        "3R",
        "4R",
        "5R",
        "6R",
        "7R",
        "8R",
        "9R",
        "10R",
        "JR",
        "QR",
        "KR",
        "JkR",
    ]


def test_high_card_rank_order() -> None:
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.TWO > Rank.JOKER


def test_doctests() -> None:
    result = doctest.testmod(janken)
    assert result.attempted > 5 and result.failed == 0
