"""The Janken Deck: suits, the rock-paper-scissors relation, cards and their notation.

Five suits sit on a cycle, Rock -> Paper -> Scissors -> Water -> Lizard -> Rock.
For a reference suit ``x`` and another suit ``y`` let ``d = (y - x) mod 5``:
``d == 1`` is the strongest suit against ``x``, ``d == 3`` the stronger one,
``d == 2`` the weaker one and ``d == 4`` the weakest (see RULINGS.md).
Under Joker rules the relation is reversed.

>>> beats(Suit.PAPER, Suit.ROCK)
True
>>> beats(Suit.PAPER, Suit.ROCK, jokers=True)
False
>>> Card.parse("qL")
Card.parse('QL')
>>> str(Card.parse("10w")), len(full_deck())
('10W', 70)
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = [
    "ACES",
    "JOKERS",
    "KINGS",
    "PRINTED_RANKS",
    "RULE_CARD",
    "Card",
    "NotationError",
    "Rank",
    "Relation",
    "Rule",
    "Suit",
    "beats",
    "deck",
    "full_deck",
    "relation",
    "rps_deck",
    "rule_between",
    "stronger_against",
    "strongest_against",
    "weaker_against",
    "weakest_against",
]


class NotationError(ValueError):
    """A text that is not valid card, suit or rank notation."""


class Suit(enum.IntEnum):
    """The five suits, numbered in their order on the cycle."""

    ROCK = 0
    PAPER = 1
    SCISSORS = 2
    WATER = 3
    LIZARD = 4

    @property
    def letter(self) -> str:
        """The one-letter notation: R, P, S, W or L."""
        return _SUIT_LETTERS[self]

    @property
    def title(self) -> str:
        """The suit's name as a player says it ("Rock")."""
        return self.name.capitalize()

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from its letter or name, in any case.

        >>> Suit.parse("w"), Suit.parse("Lizard")
        (<Suit.WATER: 3>, <Suit.LIZARD: 4>)
        """
        key = text.strip().upper()
        if key in _LETTER_TO_SUIT:
            return _LETTER_TO_SUIT[key]
        if key in cls.__members__:
            return cls[key]
        raise NotationError(f"{text!r} is not a suit: expected one of R, P, S, W, L or a suit name")

    def __str__(self) -> str:
        return self.letter


_SUIT_LETTERS = {
    Suit.ROCK: "R",
    Suit.PAPER: "P",
    Suit.SCISSORS: "S",
    Suit.WATER: "W",
    Suit.LIZARD: "L",
}
_LETTER_TO_SUIT = {letter: suit for suit, letter in _SUIT_LETTERS.items()}


class Rank(enum.IntEnum):
    """Ranks, valued for High Card order: Joker lowest, then 2..10, J, Q, K, Ace high."""

    JOKER = 0
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The notation: A, 2..10, J, Q, K or Jk."""
        return _RANK_SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from its notation, in any case.

        >>> Rank.parse("jk"), Rank.parse("10")
        (<Rank.JOKER: 0>, <Rank.TEN: 10>)
        """
        key = text.strip().upper()
        if key in _SYMBOL_TO_RANK:
            return _SYMBOL_TO_RANK[key]
        raise NotationError(
            f"{text!r} is not a rank: expected A, 2-10, J, Q, K or Jk (for a Joker)"
        )

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = {rank: str(int(rank)) for rank in Rank if 2 <= rank <= 10}
_RANK_SYMBOLS.update(
    {Rank.JOKER: "Jk", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A"}
)
_SYMBOL_TO_RANK = {symbol.upper(): rank for rank, symbol in _RANK_SYMBOLS.items()}

#: Ranks in the order a printed suit runs: Ace, 2..10, Jack, Queen, King.
PRINTED_RANKS: tuple[Rank, ...] = (
    Rank.ACE,
    *(Rank(n) for n in range(2, 11)),
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
)


class Relation(enum.Enum):
    """How one suit compares to a reference suit."""

    SAME = "same"
    STRONGEST = "strongest"
    STRONGER = "stronger"
    WEAKER = "weaker"
    WEAKEST = "weakest"

    @property
    def beats_reference(self) -> bool:
        """True when a suit in this relation beats the reference suit."""
        return self in (Relation.STRONGEST, Relation.STRONGER)

    def reversed(self) -> Relation:
        """The relation under Joker rules: strong and weak swap, same stays same."""
        return _REVERSED[self]


_REVERSED = {
    Relation.SAME: Relation.SAME,
    Relation.STRONGEST: Relation.WEAKEST,
    Relation.WEAKEST: Relation.STRONGEST,
    Relation.STRONGER: Relation.WEAKER,
    Relation.WEAKER: Relation.STRONGER,
}
# Index by (y - x) mod 5.
_BY_DISTANCE = (
    Relation.SAME,
    Relation.STRONGEST,
    Relation.WEAKER,
    Relation.STRONGER,
    Relation.WEAKEST,
)
_DISTANCE = {relation: d for d, relation in enumerate(_BY_DISTANCE)}


def relation(suit: Suit, reference: Suit, *, jokers: bool = False) -> Relation:
    """How ``suit`` compares to ``reference``; ``jokers`` applies the reversed rules.

    >>> relation(Suit.PAPER, Suit.ROCK).value, relation(Suit.LIZARD, Suit.ROCK).value
    ('strongest', 'weakest')
    >>> relation(Suit.PAPER, Suit.ROCK, jokers=True).value
    'weakest'
    """
    found = _BY_DISTANCE[(suit - reference) % 5]
    return found.reversed() if jokers else found


def beats(a: Suit, b: Suit, *, jokers: bool = False) -> bool:
    """True when suit ``a`` beats suit ``b`` (a suit never beats itself)."""
    return relation(a, b, jokers=jokers).beats_reference


def _suit_at(reference: Suit, wanted: Relation, jokers: bool) -> Suit:
    if jokers:
        wanted = wanted.reversed()
    return Suit((reference + _DISTANCE[wanted]) % 5)


def strongest_against(suit: Suit, *, jokers: bool = False) -> Suit:
    """The suit that beats ``suit`` and beats the other suit that beats it."""
    return _suit_at(suit, Relation.STRONGEST, jokers)


def stronger_against(suit: Suit, *, jokers: bool = False) -> Suit:
    """The other suit that beats ``suit``."""
    return _suit_at(suit, Relation.STRONGER, jokers)


def weaker_against(suit: Suit, *, jokers: bool = False) -> Suit:
    """The suit that ``suit`` beats and that beats the weakest suit."""
    return _suit_at(suit, Relation.WEAKER, jokers)


def weakest_against(suit: Suit, *, jokers: bool = False) -> Suit:
    """The suit that ``suit`` beats and that the other beaten suit also beats."""
    return _suit_at(suit, Relation.WEAKEST, jokers)


@dataclass(frozen=True, slots=True)
class Rule:
    """One sentence of the Rule Card: ``winner verb loser``."""

    winner: Suit
    verb: str
    loser: Suit

    def __str__(self) -> str:
        return f"{self.winner.title} {self.verb} {self.loser.title}"


#: The ten sentences of the Rule Card, in the card's order.
RULE_CARD: tuple[Rule, ...] = (
    Rule(Suit.SCISSORS, "cuts", Suit.PAPER),
    Rule(Suit.PAPER, "covers", Suit.ROCK),
    Rule(Suit.ROCK, "crushes", Suit.LIZARD),
    Rule(Suit.LIZARD, "drinks", Suit.WATER),
    Rule(Suit.WATER, "rusts", Suit.SCISSORS),
    Rule(Suit.SCISSORS, "decapitates", Suit.LIZARD),
    Rule(Suit.LIZARD, "eats", Suit.PAPER),
    Rule(Suit.PAPER, "absorbs", Suit.WATER),
    Rule(Suit.WATER, "erodes", Suit.ROCK),
    Rule(Suit.ROCK, "blunts", Suit.SCISSORS),
)


def rule_between(a: Suit, b: Suit, *, jokers: bool = False) -> str | None:
    """The sentence that decides between two suits, or None for the same suit.

    >>> rule_between(Suit.PAPER, Suit.LIZARD)
    'Lizard eats Paper'
    >>> rule_between(Suit.PAPER, Suit.LIZARD, jokers=True)
    'Paper beats Lizard (Joker rules)'
    """
    if a == b:
        return None
    for rule in RULE_CARD:
        if {rule.winner, rule.loser} == {a, b}:
            if jokers:
                return f"{rule.loser.title} beats {rule.winner.title} (Joker rules)"
            return str(rule)
    raise AssertionError("every pair of different suits has a rule")  # pragma: no cover


@dataclass(frozen=True)
class Card:
    """One card of the Janken Deck: a rank and a suit. Jokers have ``Rank.JOKER``.

    Its hash (that of ``(rank, suit)``, as a dataclass's) is worked out once, when the
    card is made: search hashes cards all the time (sets of cards, Moves kept by their
    cards), and a hash worked out anew each time was a tenth of a card game's search."""

    __slots__ = ("_hash", "rank", "suit")

    rank: Rank
    suit: Suit

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", hash((self.rank, self.suit)))

    def __hash__(self) -> int:
        return self._hash  # type: ignore[attr-defined, no-any-return]

    def __eq__(self, other: object) -> bool:
        # As the dataclass's, but two different cards (a hand searched for the card
        # played) differ at the first comparison, of their hashes.
        if other.__class__ is Card:
            return (
                self._hash == other._hash  # type: ignore[attr-defined]
                and self.rank == other.rank
                and self.suit == other.suit
            )
        return NotImplemented

    def __reduce__(self) -> tuple[type[Card], tuple[Rank, Suit]]:
        return (Card, (self.rank, self.suit))  # made again: its hash worked out anew

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card from notation such as ``QL``, ``10w`` or ``JkP``.

        >>> Card.parse("AR").rank
        <Rank.ACE: 14>
        """
        stripped = text.strip()
        if len(stripped) < 2:
            raise NotationError(
                f"{text!r} is not a card: expected a rank then a suit letter, like QL or 10W"
            )
        rank_part, suit_part = stripped[:-1], stripped[-1]
        try:
            suit = Suit.parse(suit_part)
        except NotationError:
            raise NotationError(
                f"{text!r} is not a card: it must end in a suit letter R, P, S, W or L"
            ) from None
        try:
            rank = Rank.parse(rank_part)
        except NotationError:
            raise NotationError(
                f"{text!r} is not a card: {rank_part!r} is not a rank "
                "(expected A, 2-10, J, Q, K or Jk)"
            ) from None
        return cls(rank, suit)

    @property
    def is_joker(self) -> bool:
        """True for the five Jokers."""
        return self.rank is Rank.JOKER

    @property
    def notation(self) -> str:
        """The card's notation, e.g. ``10W``."""
        return f"{self.rank.symbol}{self.suit.letter}"

    @property
    def name(self) -> str:
        """The card's name as a player says it ("Queen of Lizard")."""
        if self.is_joker:
            return f"Joker of {self.suit.title}"
        return f"{_RANK_NAMES.get(self.rank, str(int(self.rank)))} of {self.suit.title}"

    def sort_key(self) -> tuple[int, int]:
        """Order of a sorted hand: by suit, then by rank (Joker lowest)."""
        return (int(self.suit), int(self.rank))

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Card.parse({self.notation!r})"


_RANK_NAMES = {Rank.ACE: "Ace", Rank.JACK: "Jack", Rank.QUEEN: "Queen", Rank.KING: "King"}


def deck(
    *,
    jokers: bool = True,
    suits: Iterable[Suit] = tuple(Suit),
    ranks: Iterable[Rank] = PRINTED_RANKS,
) -> list[Card]:
    """A new deck in printed order: suit by suit, Ace to King, each suit's Joker last.

    >>> len(deck()), len(deck(jokers=False)), len(deck(suits=[Suit.ROCK, Suit.PAPER]))
    (70, 65, 28)
    """
    rank_list = [rank for rank in ranks if rank is not Rank.JOKER]
    cards: list[Card] = []
    for suit in suits:
        cards.extend(Card(rank, suit) for rank in rank_list)
        if jokers:
            cards.append(Card(Rank.JOKER, suit))
    return cards


def full_deck() -> list[Card]:
    """All 70 cards: 65 ranked cards and the 5 Jokers."""
    return deck()


def rps_deck(*, jokers: bool = False) -> list[Card]:
    """Only the Rock, Paper and Scissors suits (Tic-Tac-Rock's small deck)."""
    return deck(jokers=jokers, suits=(Suit.ROCK, Suit.PAPER, Suit.SCISSORS))


#: The five Aces and the five Kings (War: Aces and Kings).
ACES: tuple[Card, ...] = tuple(Card(Rank.ACE, suit) for suit in Suit)
KINGS: tuple[Card, ...] = tuple(Card(Rank.KING, suit) for suit in Suit)
#: The five Jokers.
JOKERS: tuple[Card, ...] = tuple(Card(Rank.JOKER, suit) for suit in Suit)
